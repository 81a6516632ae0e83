// A tensor-form gather whose one use materializes its result in a buffer
// (`bufferization.materialize_in_destination ... restrict writable`, the
// buffer defined before the gather, nothing touching memory in between,
// the buffer's tensor type the result type) builds its result in that
// buffer, as the buffer form does: its init is a writable `restrict` view of
// the buffer instead of a tensor.empty, and the materialization, a copy of
// the buffer onto itself that bufferization folds, is no longer `restrict`.
// One materialized in a tensor of the result type, defined before the
// gather, is built in that tensor, and the materialization is the result
// itself (a copy onto itself that One-Shot Analysis would take for a
// conflict with the update of the destination).
// Otherwise the result is built in a tensor.empty.
//
// RUN: gather-opt %s --convert-gather-to-scf --split-input-file \
// RUN: | FileCheck %s --check-prefixes=CHECK,SCF
// RUN: gather-opt %s --convert-gather-to-linalg --split-input-file \
// RUN: | FileCheck %s --check-prefixes=CHECK,LINALG

// CHECK-LABEL: func.func @dynamic
//  CHECK-SAME:   %[[O:[^:]*]]: memref<?x?xf32>)
//   CHECK-NOT:   tensor.empty
//       CHECK:   %[[E:.*]] = bufferization.to_tensor %[[O]] restrict writable : memref<?x?xf32> to tensor<?x?xf32>
//   CHECK-NOT:   tensor.empty
//         SCF:   scf.for {{.*}} iter_args(%{{.*}} = %[[E]])
//      LINALG:   linalg.generic {{.*}} outs(%[[E]] : tensor<?x?xf32>)
//       CHECK:   bufferization.materialize_in_destination %{{.*}} in writable %[[O]] : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
func.func @dynamic(%p: tensor<?x?xf32>, %i: tensor<?xi32>, %o: memref<?x?xf32>) {
  %r = gather.gather %p[%i] : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  bufferization.materialize_in_destination %r in restrict writable %o
      : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

// Side-effect-free ops between them change nothing; a strided buffer is as
// good.
// CHECK-LABEL: func.func @strided_pure_between
//  CHECK-SAME:   %[[O:[^:]*]]: memref<2x4xf32, strided<[8, 1], offset: ?>>)
//       CHECK:   bufferization.to_tensor %[[O]] restrict writable
//   CHECK-NOT:   tensor.empty
//       CHECK:   arith.addi
//       CHECK:   bufferization.materialize_in_destination %{{.*}} in writable %[[O]]
func.func @strided_pure_between(%p: tensor<3x4xf32>, %i: tensor<2xi32>, %n: index,
                                %o: memref<2x4xf32, strided<[8, 1], offset: ?>>) -> index {
  %r = gather.gather %p[%i] : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  %m = arith.addi %n, %n : index
  bufferization.materialize_in_destination %r in restrict writable %o
      : (tensor<2x4xf32>, memref<2x4xf32, strided<[8, 1], offset: ?>>) -> ()
  return %m : index
}

// -----

// A store into the buffer between them: the result is built apart, and the
// materialization keeps `restrict`.
// CHECK-LABEL: func.func @store_between
//       CHECK:   tensor.empty() : tensor<2x4xf32>
//   CHECK-NOT:   bufferization.to_tensor
//       CHECK:   memref.store
//       CHECK:   bufferization.materialize_in_destination %{{.*}} in restrict writable
func.func @store_between(%p: tensor<3x4xf32>, %i: tensor<2xi32>, %o: memref<2x4xf32>,
                         %v: f32) {
  %r = gather.gather %p[%i] : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  %c0 = arith.constant 0 : index
  memref.store %v, %o[%c0, %c0] : memref<2x4xf32>
  bufferization.materialize_in_destination %r in restrict writable %o
      : (tensor<2x4xf32>, memref<2x4xf32>) -> ()
  return
}

// -----

// Not `restrict`: another tensor may alias the buffer.
// CHECK-LABEL: func.func @not_restrict
//       CHECK:   tensor.empty() : tensor<2x4xf32>
//       CHECK:   bufferization.materialize_in_destination %{{.*}} in writable
func.func @not_restrict(%p: tensor<3x4xf32>, %i: tensor<2xi32>, %o: memref<2x4xf32>) {
  %r = gather.gather %p[%i] : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  bufferization.materialize_in_destination %r in writable %o
      : (tensor<2x4xf32>, memref<2x4xf32>) -> ()
  return
}

// -----

// The result has another use.
// CHECK-LABEL: func.func @two_uses
//       CHECK:   tensor.empty() : tensor<2x4xf32>
//       CHECK:   bufferization.materialize_in_destination %{{.*}} in restrict writable
func.func @two_uses(%p: tensor<3x4xf32>, %i: tensor<2xi32>, %o: memref<2x4xf32>)
    -> tensor<2x4xf32> {
  %r = gather.gather %p[%i] : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  bufferization.materialize_in_destination %r in restrict writable %o
      : (tensor<2x4xf32>, memref<2x4xf32>) -> ()
  return %r : tensor<2x4xf32>
}

// -----

// The buffer is allocated after the gather.
// CHECK-LABEL: func.func @buffer_after
//       CHECK:   tensor.empty() : tensor<2x4xf32>
//       CHECK:   memref.alloc
//       CHECK:   bufferization.materialize_in_destination %{{.*}} in restrict writable
func.func @buffer_after(%p: tensor<3x4xf32>, %i: tensor<2xi32>) -> memref<2x4xf32> {
  %r = gather.gather %p[%i] : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  %o = memref.alloc() : memref<2x4xf32>
  bufferization.materialize_in_destination %r in restrict writable %o
      : (tensor<2x4xf32>, memref<2x4xf32>) -> ()
  return %o : memref<2x4xf32>
}

// -----

// A buffer of static sizes for a dynamic result: the types differ.
// CHECK-LABEL: func.func @type_differs
//       CHECK:   tensor.empty(%{{.*}}) : tensor<?x4xf32>
//       CHECK:   bufferization.materialize_in_destination %{{.*}} in restrict writable
func.func @type_differs(%p: tensor<3x4xf32>, %i: tensor<?xi32>, %o: memref<2x4xf32>) {
  %r = gather.gather %p[%i] : (tensor<3x4xf32>, tensor<?xi32>) -> tensor<?x4xf32>
  bufferization.materialize_in_destination %r in restrict writable %o
      : (tensor<?x4xf32>, memref<2x4xf32>) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @tensor_destination
//  CHECK-SAME:   %[[D:[^:]*]]: tensor<2x4xf32>)
//   CHECK-NOT:   tensor.empty
//         SCF:   %[[R:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[D]])
//      LINALG:   %[[R:.*]] = linalg.generic {{.*}} outs(%[[D]] : tensor<2x4xf32>)
//   CHECK-NOT:   bufferization.materialize_in_destination
//       CHECK:   return %[[R]]
func.func @tensor_destination(%p: tensor<3x4xf32>, %i: tensor<2xi32>,
                              %d: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %r = gather.gather %p[%i] mode<clamp>
      : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  %m = bufferization.materialize_in_destination %r in %d
      : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %m : tensor<2x4xf32>
}

// -----

// A destination of another type (dynamic), or defined after the gather: the
// result is built apart and materialized.
// CHECK-LABEL: func.func @tensor_destination_left
//       CHECK:   tensor.empty() : tensor<2x4xf32>
//       CHECK:   bufferization.materialize_in_destination %{{.*}} in %{{.*}} : (tensor<2x4xf32>, tensor<?x4xf32>)
//       CHECK:   tensor.empty() : tensor<2x4xf32>
//       CHECK:   %[[LATE:.*]] = tensor.empty() : tensor<2x4xf32>
//       CHECK:   bufferization.materialize_in_destination %{{.*}} in %[[LATE]] : (tensor<2x4xf32>, tensor<2x4xf32>)
func.func @tensor_destination_left(%p: tensor<3x4xf32>, %i: tensor<2xi32>,
                                   %d: tensor<?x4xf32>)
    -> (tensor<?x4xf32>, tensor<2x4xf32>) {
  %r = gather.gather %p[%i] mode<clamp>
      : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  %m = bufferization.materialize_in_destination %r in %d
      : (tensor<2x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %r2 = gather.gather %p[%i] mode<clamp>
      : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  %late = tensor.empty() : tensor<2x4xf32>
  %m2 = bufferization.materialize_in_destination %r2 in %late
      : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %m, %m2 : tensor<?x4xf32>, tensor<2x4xf32>
}
