// gather-cpu-pipeline writes a result that ends up in a caller's buffer
// straight into it (no temporary allocation and copy), copies contiguous
// rows with an inline memcpy (no memrefCopy runtime call), prefetches by
// default, and with num-threads runs the gather loop as an OpenMP
// worksharing loop.
//
// RUN: gather-opt %s --gather-cpu-pipeline | FileCheck %s --check-prefixes=CHECK,PF
// RUN: gather-opt %s --gather-cpu-pipeline="prefetch-distance=0" | FileCheck %s --check-prefixes=CHECK,NOPF
// RUN: gather-opt %s --gather-cpu-pipeline="num-threads=2" | FileCheck %s --check-prefixes=CHECK,OMP
// RUN: gather-opt %s --gather-cpu-pipeline="num-threads=2 stack-buffer-bytes=0" | FileCheck %s --check-prefix=HEAP

// CHECK-LABEL: llvm.func @kernel(
// CHECK-NOT:     llvm.call @malloc
// CHECK-NOT:     llvm.call @memrefCopy
// OMP:           %[[NT:.*]] = llvm.mlir.constant(2 : i32) : i32
// OMP:           omp.parallel num_threads(%[[NT]] : i32) {
// OMP:             omp.wsloop {
// OMP:               omp.loop_nest
// PF:            "llvm.intr.prefetch"
// NOPF-NOT:      "llvm.intr.prefetch"
// CHECK:         "llvm.intr.memcpy"
// CHECK-NOT:     llvm.call @malloc
// CHECK-NOT:     llvm.call @memrefCopy
// CHECK-NOT:     llvm.call @free
// CHECK:         llvm.return
func.func @kernel(%p: memref<1000x64xf32>, %i: memref<4096xi32>, %out: memref<4096x64xf32>) {
  %pt = bufferization.to_tensor %p restrict : memref<1000x64xf32> to tensor<1000x64xf32>
  %it = bufferization.to_tensor %i restrict : memref<4096xi32> to tensor<4096xi32>
  %r = gather.gather %pt[%it] mode<clamp> : (tensor<1000x64xf32>, tensor<4096xi32>) -> tensor<4096x64xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<4096x64xf32>, memref<4096x64xf32>) -> ()
  return
}

// The same in error and zero mode, whose chunks are checked before they are
// copied: still no temporary result.
// With threads, error mode flags each chunk of 1024 in a byte of its own,
// on the stack frame (gather-promote-small-buffers), not the heap.
// stack-buffer-bytes=0 leaves them on the heap.
// CHECK-LABEL: llvm.func @kernel_error(
// OMP:           llvm.alloca %{{.*}} x i8 {alignment = 64 : i64}
// HEAP-LABEL:  llvm.func @kernel_error(
// HEAP:          llvm.call @malloc
// HEAP:          llvm.call @free
// CHECK-NOT:     llvm.call @malloc
// CHECK:         llvm.return
func.func @kernel_error(%p: memref<1000x64xf32>, %i: memref<4096xi32>, %out: memref<4096x64xf32>) {
  %pt = bufferization.to_tensor %p restrict : memref<1000x64xf32> to tensor<1000x64xf32>
  %it = bufferization.to_tensor %i restrict : memref<4096xi32> to tensor<4096xi32>
  %r = gather.gather %pt[%it] : (tensor<1000x64xf32>, tensor<4096xi32>) -> tensor<4096x64xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<4096x64xf32>, memref<4096x64xf32>) -> ()
  return
}

// Zero mode allocates nothing: the row of an out-of-bounds index is filled
// with zeros where it lies in the result.
// CHECK-LABEL: llvm.func @kernel_zero(
// CHECK-NOT:     llvm.call @malloc
// CHECK:         llvm.return
func.func @kernel_zero(%p: memref<1000x64xf32>, %i: memref<4096xi32>, %out: memref<4096x64xf32>) {
  %pt = bufferization.to_tensor %p restrict : memref<1000x64xf32> to tensor<1000x64xf32>
  %it = bufferization.to_tensor %i restrict : memref<4096xi32> to tensor<4096xi32>
  %r = gather.gather %pt[%it] mode<zero> : (tensor<1000x64xf32>, tensor<4096xi32>) -> tensor<4096x64xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<4096x64xf32>, memref<4096x64xf32>) -> ()
  return
}
