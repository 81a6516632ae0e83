// Error mode in the CPU-executable form of the GPU kernels: the first bad
// index stops the program with the op's location, the index and the bound,
// as the device kernels report it (gpu.printf) and as the CPU lowerings do.
//
// RUN: gather-opt %s --gather-gpu-pipeline="host-only" \
// RUN: | not mlir-runner -e gather_negative -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s --check-prefix=NEG
// RUN: gather-opt %s --gather-gpu-pipeline="host-only" \
// RUN: | not mlir-runner -e nd_too_large -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s --check-prefix=ND

func.func private @printMemrefF32(tensor<*xf32>)

// NEG: gather.gather at loc("{{.*}}gpu-host-only-errors.mlir":[[# @LINE + 5]]:{{[0-9]+}}): index -3 is out of bounds [0, 4) in params dimension 0
// NEG-NOT: rank =
func.func @gather_negative() {
  %p = arith.constant dense<1.0> : tensor<4x8xf32>
  %i = arith.constant dense<[1, -3]> : tensor<2xi32>
  %r = gather.gather %p[%i] : (tensor<4x8xf32>, tensor<2xi32>) -> tensor<2x8xf32>
  %u = tensor.cast %r : tensor<2x8xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// ND: gather.gather_nd at loc("{{.*}}gpu-host-only-errors.mlir":[[# @LINE + 5]]:{{[0-9]+}}): index 5 is out of bounds [0, 5) in params dimension 2
// ND-NOT: rank =
func.func @nd_too_large() {
  %p = arith.constant dense<1.0> : tensor<2x3x5x2xf32>
  %i = arith.constant dense<[[0, 4], [1, 5]]> : tensor<2x2xi64>
  %r = gather.gather_nd %p[%i] batch_dims = 1 : (tensor<2x3x5x2xf32>, tensor<2x2xi64>) -> tensor<2x2xf32>
  %u = tensor.cast %r : tensor<2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
