// RUN: gather-opt %s --transform-interpreter --split-input-file --canonicalize --cse | FileCheck %s

// The TilingInterface models of gather.gather and gather.gather_nd under
// transform.structured.tile_using_for and tile_using_forall. A result tile
// reads the same tile of params (batch, outer and slice dimensions) and of
// indices (batch and position dimensions); the gathered params dimensions
// and gather_nd's index-vector dimension stay whole.

// Position and slice dimensions tiled with scf.for: indices sliced along the
// position dimension, params along the slice dimension, the gathered
// dimension (100) whole; the tiled op has the static type of the tile.

// CHECK-LABEL: func.func @gather_rows
//  CHECK-SAME:     %[[P:[a-zA-Z0-9]+]]: tensor<100x64xf32>, %[[I:[a-zA-Z0-9]+]]: tensor<16x8xi64>
//   CHECK-DAG:   %[[C0:.+]] = arith.constant 0 : index
//   CHECK-DAG:   %[[C4:.+]] = arith.constant 4 : index
//   CHECK-DAG:   %[[C16:.+]] = arith.constant 16 : index
//   CHECK-DAG:   %[[C64:.+]] = arith.constant 64 : index
//       CHECK:   %[[INIT:.+]] = tensor.empty() : tensor<16x8x64xf32>
//       CHECK:   %[[R:.+]] = scf.for %[[IV0:.+]] = %[[C0]] to %[[C16]] step %[[C4]] iter_args(%[[A0:.+]] = %[[INIT]])
//       CHECK:     %[[R1:.+]] = scf.for %[[IV1:.+]] = %[[C0]] to %[[C64]] step %[[C16]] iter_args(%[[A1:.+]] = %[[A0]])
//       CHECK:       %[[PS:.+]] = tensor.extract_slice %[[P]][0, %[[IV1]]] [100, 16] [1, 1] : tensor<100x64xf32> to tensor<100x16xf32>
//       CHECK:       %[[IS:.+]] = tensor.extract_slice %[[I]][%[[IV0]], 0] [4, 8] [1, 1] : tensor<16x8xi64> to tensor<4x8xi64>
//       CHECK:       %[[T:.+]] = gather.gather %[[PS]][%[[IS]]] : (tensor<100x16xf32>, tensor<4x8xi64>) -> tensor<4x8x16xf32>
//       CHECK:       %[[INS:.+]] = tensor.insert_slice %[[T]] into %[[A1]][%[[IV0]], 0, %[[IV1]]] [4, 8, 16] [1, 1, 1]
//       CHECK:       scf.yield %[[INS]]
//       CHECK:     scf.yield %[[R1]]
//       CHECK:   return %[[R]]
func.func @gather_rows(%params: tensor<100x64xf32>, %indices: tensor<16x8xi64>) -> tensor<16x8x64xf32> {
  %0 = gather.gather %params[%indices] : (tensor<100x64xf32>, tensor<16x8xi64>) -> tensor<16x8x64xf32>
  return %0 : tensor<16x8x64xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l:2 = transform.structured.tile_using_for %g tile_sizes [4, 0, 16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Dynamic shapes, batch_dims = 1 and a negative axis (-2: params dimension
// 2). Result dimensions: 0 batch (params and indices), 1 outer (params),
// 2 position (indices, not tiled), 3 slice (params dimension 3). Partial
// tiles (affine.min) give dynamic tile types; the attributes stay as
// written.

//   CHECK-DAG: #[[$MIN2:.+]] = affine_map<(d0)[s0] -> (-d0 + s0, 2)>
//   CHECK-DAG: #[[$MIN3:.+]] = affine_map<(d0)[s0] -> (-d0 + s0, 3)>
//   CHECK-DAG: #[[$MIN5:.+]] = affine_map<(d0)[s0] -> (-d0 + s0, 5)>
// CHECK-LABEL: func.func @gather_dynamic_batch_negative_axis
//  CHECK-SAME:     %[[P:[a-zA-Z0-9]+]]: tensor<?x?x?x?xf32>, %[[I:[a-zA-Z0-9]+]]: tensor<?x?xi32>
//   CHECK-DAG:   %[[C0:.+]] = arith.constant 0 : index
//   CHECK-DAG:   %[[C1:.+]] = arith.constant 1 : index
//   CHECK-DAG:   %[[C2:.+]] = arith.constant 2 : index
//   CHECK-DAG:   %[[C3:.+]] = arith.constant 3 : index
//   CHECK-DAG:   %[[D0:.+]] = tensor.dim %[[P]], %[[C0]]
//   CHECK-DAG:   %[[D1:.+]] = tensor.dim %[[P]], %[[C1]]
//   CHECK-DAG:   %[[DI1:.+]] = tensor.dim %[[I]], %[[C1]]
//   CHECK-DAG:   %[[D3:.+]] = tensor.dim %[[P]], %[[C3]]
//       CHECK:   %[[INIT:.+]] = tensor.empty(%[[D0]], %[[D1]], %[[DI1]], %[[D3]]) : tensor<?x?x?x?xf32>
//       CHECK:   scf.for %[[IV0:.+]] = %[[C0]] to %[[D0]]
//       CHECK:     scf.for %[[IV1:.+]] = %[[C0]] to %[[D1]]
//       CHECK:       scf.for %[[IV3:.+]] = %[[C0]] to %[[D3]] {{.*}} iter_args(%[[ACC:.+]] =
//   CHECK-DAG:         %[[S0:.+]] = affine.min #[[$MIN2]](%[[IV0]])[%[[D0]]]
//   CHECK-DAG:         %[[S1:.+]] = affine.min #[[$MIN3]](%[[IV1]])[%[[D1]]]
//   CHECK-DAG:         %[[S3:.+]] = affine.min #[[$MIN5]](%[[IV3]])[%[[D3]]]
//   CHECK-DAG:         %[[D2:.+]] = tensor.dim %[[P]], %[[C2]]
//       CHECK:         %[[PS:.+]] = tensor.extract_slice %[[P]][%[[IV0]], %[[IV1]], 0, %[[IV3]]] [%[[S0]], %[[S1]], %[[D2]], %[[S3]]] [1, 1, 1, 1]
//       CHECK:         %[[IS:.+]] = tensor.extract_slice %[[I]][%[[IV0]], 0] [%[[S0]], %[[DI1]]] [1, 1]
//       CHECK:         %[[T:.+]] = gather.gather %[[PS]][%[[IS]]] axis = -2 batch_dims = 1 mode<clamp> : (tensor<?x?x?x?xf32>, tensor<?x?xi32>) -> tensor<?x?x?x?xf32>
//       CHECK:         tensor.insert_slice %[[T]] into %[[ACC]][%[[IV0]], %[[IV1]], 0, %[[IV3]]] [%[[S0]], %[[S1]], %[[DI1]], %[[S3]]] [1, 1, 1, 1]
func.func @gather_dynamic_batch_negative_axis(%params: tensor<?x?x?x?xf32>, %indices: tensor<?x?xi32>) -> tensor<?x?x?x?xf32> {
  %0 = gather.gather %params[%indices] axis = -2 batch_dims = 1 mode<clamp> : (tensor<?x?x?x?xf32>, tensor<?x?xi32>) -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l:3 = transform.structured.tile_using_for %g tile_sizes [2, 3, 0, 5] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// gather_nd with batch_dims = 1 and index depth 2: params dimensions 1 and 2
// are gathered (whole), dimension 3 is the slice; the index-vector dimension
// of indices stays whole (2).

// CHECK-LABEL: func.func @gather_nd_batch
//  CHECK-SAME:     %[[P:[a-zA-Z0-9]+]]: tensor<4x10x20x8xf32>, %[[I:[a-zA-Z0-9]+]]: tensor<4x6x2xindex>
//       CHECK:   scf.for %[[IV0:[a-zA-Z0-9]+]] =
//       CHECK:     scf.for %[[IV1:[a-zA-Z0-9]+]] =
//       CHECK:       scf.for %[[IV2:[a-zA-Z0-9]+]] =
//       CHECK:         %[[PS:.+]] = tensor.extract_slice %[[P]][%[[IV0]], 0, 0, %[[IV2]]] [2, 10, 20, 4] [1, 1, 1, 1] : tensor<4x10x20x8xf32> to tensor<2x10x20x4xf32>
//       CHECK:         %[[IS:.+]] = tensor.extract_slice %[[I]][%[[IV0]], %[[IV1]], 0] [2, 3, 2] [1, 1, 1] : tensor<4x6x2xindex> to tensor<2x3x2xindex>
//       CHECK:         gather.gather_nd %[[PS]][%[[IS]]] batch_dims = 1 mode<zero> : (tensor<2x10x20x4xf32>, tensor<2x3x2xindex>) -> tensor<2x3x4xf32>
func.func @gather_nd_batch(%params: tensor<4x10x20x8xf32>, %indices: tensor<4x6x2xindex>) -> tensor<4x6x8xf32> {
  %0 = gather.gather_nd %params[%indices] batch_dims = 1 mode<zero> : (tensor<4x10x20x8xf32>, tensor<4x6x2xindex>) -> tensor<4x6x8xf32>
  return %0 : tensor<4x6x8xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather_nd"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l:3 = transform.structured.tile_using_for %g tile_sizes [2, 3, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A 0-d index (no position dimension), tiled with scf.forall over the outer
// and slice dimensions: only params is sliced, the index is used whole.

//   CHECK-DAG: #[[$MUL2:.+]] = affine_map<(d0) -> (d0 * 2)>
//   CHECK-DAG: #[[$MUL8:.+]] = affine_map<(d0) -> (d0 * 8)>
// CHECK-LABEL: func.func @gather_scalar_index_forall
//  CHECK-SAME:     %[[P:[a-zA-Z0-9]+]]: tensor<8x100x32xf32>, %[[I:[a-zA-Z0-9]+]]: tensor<i64>
//       CHECK:   scf.forall (%[[T0:.+]], %[[T1:.+]]) in (4, 4) shared_outs(%[[OUT:.+]] =
//   CHECK-DAG:     %[[O0:.+]] = affine.apply #[[$MUL2]](%[[T0]])
//   CHECK-DAG:     %[[O1:.+]] = affine.apply #[[$MUL8]](%[[T1]])
//       CHECK:     %[[PS:.+]] = tensor.extract_slice %[[P]][%[[O0]], 0, %[[O1]]] [2, 100, 8] [1, 1, 1] : tensor<8x100x32xf32> to tensor<2x100x8xf32>
//       CHECK:     %[[T:.+]] = gather.gather %[[PS]][%[[I]]] axis = 1 : (tensor<2x100x8xf32>, tensor<i64>) -> tensor<2x8xf32>
//       CHECK:     scf.forall.in_parallel
//       CHECK:       tensor.parallel_insert_slice %[[T]] into %[[OUT]][%[[O0]], %[[O1]]] [2, 8] [1, 1]
func.func @gather_scalar_index_forall(%params: tensor<8x100x32xf32>, %index: tensor<i64>) -> tensor<8x32xf32> {
  %0 = gather.gather %params[%index] axis = 1 : (tensor<8x100x32xf32>, tensor<i64>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_forall %g tile_sizes [2, 8] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Only the position dimension tiled (num_threads): params is read whole, so
// it is not sliced.

// CHECK-LABEL: func.func @gather_positions_only
//  CHECK-SAME:     %[[P:[a-zA-Z0-9]+]]: tensor<100x64xf32>, %[[I:[a-zA-Z0-9]+]]: tensor<256xi32>
//       CHECK:   scf.forall (%{{.+}}) in (4)
//   CHECK-NOT:     tensor.extract_slice %[[P]]
//       CHECK:     %[[IS:.+]] = tensor.extract_slice %[[I]][%{{.+}}] [64] [1] : tensor<256xi32> to tensor<64xi32>
//   CHECK-NOT:     tensor.extract_slice %[[P]]
//       CHECK:     gather.gather %[[P]][%[[IS]]] : (tensor<100x64xf32>, tensor<64xi32>) -> tensor<64x64xf32>
func.func @gather_positions_only(%params: tensor<100x64xf32>, %indices: tensor<256xi32>) -> tensor<256x64xf32> {
  %0 = gather.gather %params[%indices] : (tensor<100x64xf32>, tensor<256xi32>) -> tensor<256x64xf32>
  return %0 : tensor<256x64xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_forall %g num_threads [4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// Dynamic gather_nd tiled along its position dimension: params (dynamic) is
// recognised as read whole through the tensor.dim that sizes the slice
// dimension, and is not sliced.

// CHECK-LABEL: func.func @gather_nd_dynamic_forall
//  CHECK-SAME:     %[[P:[a-zA-Z0-9]+]]: tensor<?x?x?xf32>, %[[I:[a-zA-Z0-9]+]]: tensor<?x2xi64>
//       CHECK:   scf.forall
//       CHECK:     %[[IS:.+]] = tensor.extract_slice %[[I]][%{{.+}}, 0] [%{{.+}}, 2] [1, 1] : tensor<?x2xi64> to tensor<?x2xi64>
//       CHECK:     gather.gather_nd %[[P]][%[[IS]]] : (tensor<?x?x?xf32>, tensor<?x2xi64>) -> tensor<?x?xf32>
func.func @gather_nd_dynamic_forall(%params: tensor<?x?x?xf32>, %indices: tensor<?x2xi64>) -> tensor<?x?xf32> {
  %0 = gather.gather_nd %params[%indices] : (tensor<?x?x?xf32>, tensor<?x2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["gather.gather_nd"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_forall %g tile_sizes [16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
