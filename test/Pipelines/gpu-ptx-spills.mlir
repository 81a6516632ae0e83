// ptxas -v on the kernels of every mode: no register spills. Error-mode
// kernels use a stack frame of 16 bytes per index component of each slice a
// thread copies per step (4 here, slices-in-flight.mlir), the argument
// buffers of the printfs that report a bad index (touched only then), and
// nothing more.
//
// REQUIRES: ptxas
// RUN: rm -rf %t && gather-opt %s --gather-gpu-pipeline="format=isa chip=sm_90" \
// RUN: | %python %gather_src_root/bench/gpu/gpu_object.py --out %t
// RUN: for f in %t/*.ptx; do echo "== $f"; %cuda_toolkit/bin/ptxas -v -arch=sm_90 -o /dev/null $f 2>&1; done \
// RUN: | FileCheck %s

// CHECK-LABEL: == {{.*}}/clamp_kernel.ptx
// CHECK:       Compiling entry function 'clamp_kernel'
// CHECK:       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-LABEL: == {{.*}}/error_kernel.ptx
// CHECK:       Compiling entry function 'error_kernel'
// CHECK:       64 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// One printf buffer per index component and slice in flight (4 x 3 x 16):
// CHECK-LABEL: == {{.*}}/error_nd_kernel.ptx
// CHECK:       192 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-LABEL: == {{.*}}/zero_kernel.ptx
// CHECK:       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

func.func @clamp(%p: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x?xf32> {
  %r = gather.gather %p[%i] mode<clamp> : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @error(%p: tensor<100x8xf32>, %i: tensor<64xi32>) -> tensor<64x8xf32> {
  %r = gather.gather %p[%i] : (tensor<100x8xf32>, tensor<64xi32>) -> tensor<64x8xf32>
  return %r : tensor<64x8xf32>
}
func.func @error_nd(%p: tensor<4x5x6x8xf16>, %i: tensor<7x3xindex>) -> tensor<7x8xf16> {
  %r = gather.gather_nd %p[%i] : (tensor<4x5x6x8xf16>, tensor<7x3xindex>) -> tensor<7x8xf16>
  return %r : tensor<7x8xf16>
}
func.func @zero(%p: tensor<3x100x4xi8>, %i: tensor<3x9xi32>) -> tensor<3x9x4xi8> {
  %r = gather.gather %p[%i] batch_dims = 1 mode<zero> : (tensor<3x100x4xi8>, tensor<3x9xi32>) -> tensor<3x9x4xi8>
  return %r : tensor<3x9x4xi8>
}
