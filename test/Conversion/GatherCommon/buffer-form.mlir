// The buffer form (`into %out`, what --one-shot-bufferize makes of a gather)
// through each lowering. The tensor lowerings read params and indices
// through read-only `restrict` views and build the result in a writable view
// of `out` (their init, instead of a tensor.empty); the closing
// materialize_in_destination is then a copy of `out` onto itself, which
// bufferization folds. convert-gather-to-gpu writes `out` in place where
// every layout is an identity, and otherwise copies its result into it.
//
// RUN: gather-opt %s --convert-gather-to-scf --split-input-file \
// RUN: | FileCheck %s --check-prefixes=CHECK,SCF
// RUN: gather-opt %s --convert-gather-to-linalg --split-input-file \
// RUN: | FileCheck %s --check-prefixes=CHECK,LINALG
// RUN: gather-opt %s --convert-gather-to-gpu="host-only=true" --split-input-file \
// RUN: | FileCheck %s --check-prefixes=GPU,HOST
// RUN: gather-opt %s --convert-gather-to-gpu --split-input-file \
// RUN: | FileCheck %s --check-prefixes=GPU,DEVICE

// CHECK-LABEL: func.func @strided_out
//  CHECK-SAME:   (%[[P:.*]]: memref<3x4xf32>, %[[I:.*]]: memref<2xi32>, %[[O:.*]]: memref<2x4xf32, strided<[8, 1], offset: ?>>)
//   CHECK-DAG:   %[[PT:.*]] = bufferization.to_tensor %[[P]] restrict : memref<3x4xf32> to tensor<3x4xf32>
//   CHECK-DAG:   %[[IT:.*]] = bufferization.to_tensor %[[I]] restrict : memref<2xi32> to tensor<2xi32>
//   CHECK-DAG:   %[[E:.*]] = bufferization.to_tensor %[[O]] restrict writable : memref<2x4xf32, strided<[8, 1], offset: ?>> to tensor<2x4xf32>
//   CHECK-NOT:   tensor.empty
//         SCF:   %[[R:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[E]]) -> (tensor<2x4xf32>)
//         SCF:     tensor.extract %[[IT]]
//         SCF:     tensor.extract_slice %[[PT]]
//      LINALG:   %[[R:.*]] = linalg.generic {{.*}} ins(%[[IT]] : tensor<2xi32>) outs(%[[E]] : tensor<2x4xf32>)
//      LINALG:     tensor.extract %[[PT]]
//       CHECK:   bufferization.materialize_in_destination %[[R]] in writable %[[O]] : (tensor<2x4xf32>, memref<2x4xf32, strided<[8, 1], offset: ?>>) -> ()
//   CHECK-NOT:   gather.
//       CHECK:   return
// With a strided `out`, the GPU lowering goes through the tensor form too.
// GPU-LABEL: func.func @strided_out
//  GPU-SAME:   (%[[P:.*]]: memref<3x4xf32>, %[[I:.*]]: memref<2xi32>, %[[O:.*]]: memref<2x4xf32, strided<[8, 1], offset: ?>>)
//       GPU:   bufferization.to_tensor %[[P]] restrict
//       GPU:   %[[A:.*]] = memref.alloc() : memref<2x4xf32>
//    DEVICE:   gpu.launch
//      HOST:   scf.parallel
//       GPU:   %[[T:.*]] = bufferization.to_tensor %[[A]] restrict writable
//       GPU:   bufferization.materialize_in_destination %[[T]] in writable %[[O]]
func.func @strided_out(%p: memref<3x4xf32>, %i: memref<2xi32>, %o: memref<2x4xf32, strided<[8, 1], offset: ?>>) {
  gather.gather %p[%i] into %o mode<clamp> : (memref<3x4xf32>, memref<2xi32>, memref<2x4xf32, strided<[8, 1], offset: ?>>) -> ()
  return
}

// -----

// Error mode: the check names the op at its own location. A result that may
// be empty at run time is `out` untouched (both branches yield a value built
// in `out`).
// CHECK-LABEL: func.func @nd_dynamic
//  CHECK-SAME:   (%[[P:.*]]: memref<?x4xf32>, %[[I:.*]]: memref<?x1xi64>, %[[O:.*]]: memref<?x4xf32>)
//   CHECK-DAG:   %[[PT:.*]] = bufferization.to_tensor %[[P]] restrict : memref<?x4xf32> to tensor<?x4xf32>
//   CHECK-DAG:   %[[IT:.*]] = bufferization.to_tensor %[[I]] restrict : memref<?x1xi64> to tensor<?x1xi64>
//   CHECK-DAG:   %[[OT:.*]] = bufferization.to_tensor %[[O]] restrict writable : memref<?x4xf32> to tensor<?x4xf32>
//   CHECK-NOT:   tensor.empty
// The sizes of `out` and the indices are checked to agree first (a
// mismatch is reported and gives zeros in `out`).
//       CHECK:   %[[R:.*]] = scf.if %{{.*}} -> (tensor<?x4xf32>) {
//       CHECK:     linalg.fill {{.*}} outs(%[[OT]] : tensor<?x4xf32>)
//       CHECK:   } else {
// The loops stream dense chunks of the 16-byte rows in results of at least
// nontemporal-min-bytes, chosen by the result's size:
//         SCF:     %[[LARGE:.*]] = arith.cmpi uge, %{{.*}}, %{{.*}} : index
//         SCF:     scf.if %[[LARGE]] -> (tensor<?x4xf32>) {
//       CHECK:     scf.if %{{.*}} -> (tensor<?x4xf32>) {
//  CHECK-NEXT:       scf.yield %[[OT]]
//         SCF:   scf.for {{.*}} iter_args(%{{.*}} = %[[OT]]) -> (tensor<?x4xf32>)
//       CHECK:   func.call @gather_out_of_bounds(
//      LINALG:   linalg.generic {{.*}} outs(%[[OT]] : tensor<?x4xf32>)
//       CHECK:   bufferization.materialize_in_destination %[[R]] in writable %[[O]] : (tensor<?x4xf32>, memref<?x4xf32>) -> ()
//   CHECK-NOT:   gather.
// Identity layouts: the GPU kernels read params and indices and write `out`
// where they are, with no allocation and no tensor.
// GPU-LABEL: func.func @nd_dynamic
//  GPU-SAME:   (%[[P:.*]]: memref<?x4xf32>, %[[I:.*]]: memref<?x1xi64>, %[[O:.*]]: memref<?x4xf32>)
//   GPU-NOT:   memref.alloc
//   GPU-NOT:   bufferization.{{to_|materialize}}
//       GPU:   memref.reinterpret_cast %[[P]] to offset: [0], sizes: [%{{.*}}], strides: [1] : memref<?x4xf32> to memref<?xf32>
//       GPU:   memref.reinterpret_cast %[[I]] to offset: [0], sizes: [%{{.*}}], strides: [1] : memref<?x1xi64> to memref<?xi64>
//       GPU:   %[[FLAT:.*]] = memref.reinterpret_cast %[[O]] to offset: [0], sizes: [%{{.*}}], strides: [1] : memref<?x4xf32> to memref<?xf32>
//    DEVICE:   gpu.launch
//    DEVICE:   gpu.memcpy %[[FLAT]], %{{.*}} : memref<?xf32>, memref<?xf32>
//      HOST:   scf.parallel
//      HOST:     vector.store %{{.*}}, %[[FLAT]]
//   GPU-NOT:   memref.alloc
//   GPU-NOT:   bufferization.{{to_|materialize}}
//   GPU-NOT:   gather.
//       GPU:   return
func.func @nd_dynamic(%p: memref<?x4xf32>, %i: memref<?x1xi64>, %o: memref<?x4xf32>) {
  gather.gather_nd %p[%i] into %o : (memref<?x4xf32>, memref<?x1xi64>, memref<?x4xf32>) -> ()
  return
}
