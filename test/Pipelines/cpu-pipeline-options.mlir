// gather-cpu-pipeline writes a result that ends up in a caller's buffer
// straight into it (no temporary allocation and copy), copies contiguous
// rows with an inline memcpy (no memrefCopy runtime call), prefetches by
// default, and with num-threads runs the gather loop as an OpenMP
// worksharing loop.
//
// RUN: gather-opt %s --gather-cpu-pipeline | FileCheck %s --check-prefixes=CHECK,PF
// RUN: gather-opt %s --gather-cpu-pipeline="prefetch-distance=0" | FileCheck %s --check-prefixes=CHECK,NOPF
// RUN: gather-opt %s --gather-cpu-pipeline="num-threads=2" | FileCheck %s --check-prefixes=CHECK,OMP

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
func.func @kernel(%p: memref<1000x64xf32>, %i: memref<512xi32>, %out: memref<512x64xf32>) {
  %pt = bufferization.to_tensor %p restrict : memref<1000x64xf32> to tensor<1000x64xf32>
  %it = bufferization.to_tensor %i restrict : memref<512xi32> to tensor<512xi32>
  %r = gather.gather %pt[%it] mode<clamp> : (tensor<1000x64xf32>, tensor<512xi32>) -> tensor<512x64xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<512x64xf32>, memref<512x64xf32>) -> ()
  return
}
