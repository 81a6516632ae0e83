// gather-restrict-args-noalias marks llvm.noalias on the memref arguments
// that the function reaches only through restrict tensors, and on no other.
//
// RUN: gather-opt %s --gather-restrict-args-noalias --split-input-file | FileCheck %s
// The pipeline keeps it down to the aligned pointer of each such argument:
// RUN: gather-opt %s --gather-cpu-pipeline --split-input-file | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @kernel(
// CHECK-SAME:    %{{.*}}: memref<8x4xf32> {llvm.noalias},
// CHECK-SAME:    %{{.*}}: memref<3xi32> {llvm.noalias},
// CHECK-SAME:    %{{.*}}: memref<3x4xf32> {llvm.noalias})
// LLVM-LABEL: llvm.func @kernel(
// LLVM-SAME:    %{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: !llvm.ptr {llvm.noalias}, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64,
// LLVM-SAME:    %{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: !llvm.ptr {llvm.noalias}, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64,
// LLVM-SAME:    %{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: !llvm.ptr {llvm.noalias}, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64)
func.func @kernel(%p: memref<8x4xf32>, %i: memref<3xi32>, %out: memref<3x4xf32>) {
  %pt = bufferization.to_tensor %p restrict : memref<8x4xf32> to tensor<8x4xf32>
  %it = bufferization.to_tensor %i restrict : memref<3xi32> to tensor<3xi32>
  %r = gather.gather %pt[%it] : (tensor<8x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<3x4xf32>, memref<3x4xf32>) -> ()
  return
}

// -----

// Not without restrict (materialize_in_destination into %out), nor with
// another use (a store, a call); an unused argument and a tensor are left
// alone.
// CHECK-LABEL: func.func @others(
// CHECK-SAME:    %{{[^:]*}}: memref<8xf32>, %{{[^:]*}}: memref<8xf32>, %{{[^:]*}}: memref<8xf32>, %{{[^:]*}}: memref<8xf32>, %{{[^:]*}}: tensor<8xf32>)
// CHECK-NOT:     llvm.noalias
// CHECK:         return
// LLVM-LABEL: llvm.func @others(
// LLVM-NOT:     llvm.noalias
// LLVM:         llvm.return
func.func private @use(memref<8xf32>)
func.func @others(%stored: memref<8xf32>, %called: memref<8xf32>, %unused: memref<8xf32>, %out: memref<8xf32>, %t: tensor<8xf32>) {
  %b = bufferization.to_tensor %stored restrict : memref<8xf32> to tensor<8xf32>
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %stored[%c0] : memref<8xf32>
  %c = bufferization.to_tensor %called restrict : memref<8xf32> to tensor<8xf32>
  call @use(%called) : (memref<8xf32>) -> ()
  %s = arith.addf %f, %f : f32
  %y = tensor.extract %b[%c0] : tensor<8xf32>
  %z = tensor.extract %c[%c0] : tensor<8xf32>
  %w = tensor.extract %t[%c0] : tensor<8xf32>
  %sum0 = arith.addf %s, %y : f32
  %sum1 = arith.addf %z, %w : f32
  %sum = arith.addf %sum0, %sum1 : f32
  %o = tensor.from_elements %sum, %sum, %sum, %sum, %sum, %sum, %sum, %sum : tensor<8xf32>
  bufferization.materialize_in_destination %o in writable %out : (tensor<8xf32>, memref<8xf32>) -> ()
  return
}
