// RUN: gather-opt %s --transform-interpreter --split-input-file --canonicalize --cse | FileCheck %s

// The buffer form (`into %out`) tiles as linalg ops on memrefs do: the loops
// carry nothing, and each tile is the buffer form on memref.subviews of
// params, indices and out (the gathered params dimensions whole).
// Execution: test/Integration/CPU/tiled-buffer-form.mlir.

// CHECK-LABEL: func.func @rows
//  CHECK-SAME:   %[[P:[a-zA-Z0-9]+]]: memref<100x64xf32>, %[[I:[a-zA-Z0-9]+]]: memref<16x8xi64>, %[[O:[a-zA-Z0-9]+]]: memref<16x8x64xf32>
//       CHECK:   scf.for %[[IV0:.+]] = %{{.*}} to %{{.*}} step %{{.*}} {
//   CHECK-NOT:     iter_args
//       CHECK:     scf.for %[[IV1:.+]] = %{{.*}} to %{{.*}} step %{{.*}} {
//   CHECK-DAG:       %[[PS:.+]] = memref.subview %[[P]][0, %[[IV1]]] [100, 16] [1, 1]
//   CHECK-DAG:       %[[IS:.+]] = memref.subview %[[I]][%[[IV0]], 0] [4, 8] [1, 1]
//   CHECK-DAG:       %[[OS:.+]] = memref.subview %[[O]][%[[IV0]], 0, %[[IV1]]] [4, 8, 16] [1, 1, 1]
//       CHECK:       gather.gather %[[PS]][%[[IS]]] into %[[OS]] mode<clamp> : (memref<100x16xf32, strided<[64, 1], offset: ?>>, memref<4x8xi64, strided<[8, 1], offset: ?>>, memref<4x8x16xf32, strided<[512, 64, 1], offset: ?>>) -> ()
//   CHECK-NOT:   gather.
//       CHECK:   return
func.func @rows(%params: memref<100x64xf32>, %indices: memref<16x8xi64>, %out: memref<16x8x64xf32>) {
  gather.gather %params[%indices] into %out mode<clamp> : (memref<100x64xf32>, memref<16x8xi64>, memref<16x8x64xf32>) -> ()
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l:2 = transform.structured.tile_using_for %g tile_sizes [4, 0, 16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// gather_nd with dynamic sizes under tile_using_forall: partial tiles, the
// index-vector dimension of indices whole.
// CHECK-LABEL: func.func @nd_forall
//  CHECK-SAME:   %[[P:[a-zA-Z0-9]+]]: memref<?x?x8xf32>, %[[I:[a-zA-Z0-9]+]]: memref<?x2xindex>, %[[O:[a-zA-Z0-9]+]]: memref<?x8xf32>
//       CHECK:   scf.forall (%[[F0:.+]], %[[F1:.+]]) in (%{{.*}}, 2) {
//       CHECK:     %[[T0:.+]] = affine.apply #{{.*}}(%[[F0]])
//       CHECK:     %[[T1:.+]] = affine.apply #{{.*}}(%[[F1]])
//       CHECK:     %[[N:.+]] = affine.min
//   CHECK-DAG:     %[[PS:.+]] = memref.subview %[[P]][0, 0, %[[T1]]] [%{{.*}}, %{{.*}}, 4] [1, 1, 1]
//   CHECK-DAG:     %[[IS:.+]] = memref.subview %[[I]][%[[T0]], 0] [%[[N]], 2] [1, 1]
//   CHECK-DAG:     %[[OS:.+]] = memref.subview %[[O]][%[[T0]], %[[T1]]] [%[[N]], 4] [1, 1]
//       CHECK:     gather.gather_nd %[[PS]][%[[IS]]] into %[[OS]] mode<wrap> :
//       CHECK:   }
//   CHECK-NOT:   gather.
//       CHECK:   return
func.func @nd_forall(%params: memref<?x?x8xf32>, %indices: memref<?x2xindex>, %out: memref<?x8xf32>) {
  gather.gather_nd %params[%indices] into %out mode<wrap> : (memref<?x?x8xf32>, memref<?x2xindex>, memref<?x8xf32>) -> ()
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather_nd"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_forall %g tile_sizes [3, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
