// RUN: gather-opt %s --convert-gather-to-gpu --split-input-file -verify-diagnostics
// host-only=true lowers f80 and complex<f128> (what is left are the pointer
// elements and the uncountable sizes):
// RUN: not gather-opt %s --convert-gather-to-gpu="host-only=true" --split-input-file 2>&1 | FileCheck %s --check-prefix=HOST
// HOST: error: 'gather.gather' op element type '!llvm.ptr' is not supported
// HOST-NOT: error: {{.*}}f80
// HOST-NOT: error: {{.*}}f128
// HOST: error: 'gather.gather' op operand or result type

// What the kernels cannot copy is an error naming the type, never a crash in
// the NVPTX backend or a buffer of negative size.

func.func @pointer_elements(%p: tensor<4x!llvm.ptr>, %i: tensor<2xi32>) -> tensor<2x!llvm.ptr> {
  // expected-error@+1 {{'gather.gather' op element type '!llvm.ptr' is not supported by convert-gather-to-gpu: its kernels copy integer, index and floating-point elements, and complex numbers and vectors of them}}
  %0 = gather.gather %p[%i] mode<clamp> : (tensor<4x!llvm.ptr>, tensor<2xi32>) -> tensor<2x!llvm.ptr>
  return %0 : tensor<2x!llvm.ptr>
}

// -----

// f80 has no NVPTX loads; host-only runs it.
func.func @f80_on_device(%p: tensor<4xf80>, %i: tensor<2x1xi32>) -> tensor<2xf80> {
  // expected-error@+1 {{'gather.gather_nd' op element type 'f80' is not supported on the GPU: NVPTX has no loads and stores of scalars wider than 64 bits (host-only=true runs it)}}
  %0 = gather.gather_nd %p[%i] mode<zero> : (tensor<4xf80>, tensor<2x1xi32>) -> tensor<2xf80>
  return %0 : tensor<2xf80>
}

// -----

// Complex numbers are copied whole, but not of a scalar NVPTX cannot load.
func.func @complex_f128_on_device(%p: tensor<4xcomplex<f128>>, %i: tensor<2xi32>) -> tensor<2xcomplex<f128>> {
  // expected-error@+1 {{'gather.gather' op element type 'complex<f128>' is not supported on the GPU: NVPTX has no loads and stores of scalars wider than 64 bits (host-only=true runs it)}}
  %0 = gather.gather %p[%i] : (tensor<4xcomplex<f128>>, tensor<2xi32>) -> tensor<2xcomplex<f128>>
  return %0 : tensor<2xcomplex<f128>>
}

// -----

func.func @too_many_elements(%p: tensor<4294967296x4294967296x4xf32>, %i: tensor<2xi32>) -> tensor<2x4294967296x4xf32> {
  // expected-error@+1 {{'gather.gather' op operand or result type 'tensor<4294967296x4294967296x4xf32>' has more than 2^63 - 1 elements}}
  %0 = gather.gather %p[%i] : (tensor<4294967296x4294967296x4xf32>, tensor<2xi32>) -> tensor<2x4294967296x4xf32>
  return %0 : tensor<2x4294967296x4xf32>
}
