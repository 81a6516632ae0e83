// RUN: gather-opt %s --loop-invariant-code-motion --cse --canonicalize --split-input-file | FileCheck %s

// The buffer form reads params and indices and writes out (G-C12, N-C12):
// canonicalization and CSE keep it, and it stays in its loop even in zero
// mode, where the tensor form would be hoisted.

// CHECK-LABEL: func.func @buffer_form_kept
//  CHECK-SAME:   (%[[P:.*]]: memref<4x8xf32>, %[[I:.*]]: memref<2xi32>, %[[J:.*]]: memref<2x1xi64>, %[[O:.*]]: memref<2x8xf32>
//       CHECK:   scf.for
//       CHECK:     gather.gather %[[P]][%[[I]]] into %[[O]] mode<zero>
//       CHECK:     gather.gather_nd %[[P]][%[[J]]] into %[[O]] mode<clamp>
//       CHECK:     gather.gather %[[P]][%[[I]]] into %[[O]] mode<zero>
//       CHECK:   }
//   CHECK-NOT:   gather.
//       CHECK:   return
func.func @buffer_form_kept(%p: memref<4x8xf32>, %i: memref<2xi32>,
                            %j: memref<2x1xi64>, %o: memref<2x8xf32>,
                            %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %n step %c1 {
    gather.gather %p[%i] into %o mode<zero> : (memref<4x8xf32>, memref<2xi32>, memref<2x8xf32>) -> ()
    gather.gather_nd %p[%j] into %o mode<clamp> : (memref<4x8xf32>, memref<2x1xi64>, memref<2x8xf32>) -> ()
    gather.gather %p[%i] into %o mode<zero> : (memref<4x8xf32>, memref<2xi32>, memref<2x8xf32>) -> ()
  }
  return
}

// -----

// Folders and canonicalization patterns apply to the tensor form only: a
// buffer form that would fold to params (index depth 0) or absorb a cast as
// the tensor form does stays as it is.

// CHECK-LABEL: func.func @buffer_form_not_folded
//       CHECK:   gather.gather %{{.*}}[%{{.*}}] into %{{.*}} : (memref<3x4xf32>, memref<3xi32>, memref<3x4xf32>) -> ()
//       CHECK:   %[[C:.*]] = memref.cast
//       CHECK:   gather.gather_nd %[[C]][%{{.*}}] into %{{.*}} : (memref<?x4xf32>, memref<3x0xi32>, memref<3x?x4xf32>) -> ()
//       CHECK:   gather.gather_nd %[[C]][%{{.*}}] into %{{.*}} : (memref<?x4xf32>, memref<0xi32>, memref<?x4xf32>) -> ()
func.func @buffer_form_not_folded(%p: memref<3x4xf32>, %i: memref<3xi32>,
                                  %o: memref<3x4xf32>, %j: memref<3x0xi32>,
                                  %r: memref<3x?x4xf32>, %k: memref<0xi32>,
                                  %s: memref<?x4xf32>) {
  gather.gather %p[%i] into %o : (memref<3x4xf32>, memref<3xi32>, memref<3x4xf32>) -> ()
  %c = memref.cast %p : memref<3x4xf32> to memref<?x4xf32>
  gather.gather_nd %c[%j] into %r : (memref<?x4xf32>, memref<3x0xi32>, memref<3x?x4xf32>) -> ()
  gather.gather_nd %c[%k] into %s : (memref<?x4xf32>, memref<0xi32>, memref<?x4xf32>) -> ()
  return
}
