// The kernels that copy several slices per thread and step
// (slices-in-flight.mlir), run in their CPU-executable form with 2 slices of
// one lane per block and one block: a thread copies slices r, r + 2, r + 4
// and r + 6 per step, so 11 slices take two steps, the second with slices
// past the end. Bad indices sit in every position of a step.
//
// RUN: gather-opt %s --gather-gpu-pipeline="host-only block-size=2 max-blocks=1" \
// RUN: | mlir-runner -e zero_tail -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s --check-prefix=ZERO
// RUN: gather-opt %s --gather-gpu-pipeline="host-only block-size=6 max-blocks=1" \
// RUN: | mlir-runner -e clamp_rows -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s --check-prefix=CLAMP
// RUN: gather-opt %s --gather-gpu-pipeline="host-only block-size=2 max-blocks=1" \
// RUN: | not mlir-runner -e error_fourth -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s --check-prefix=ERROR
// RUN: gather-opt %s --gather-gpu-pipeline="host-only block-size=2 max-blocks=1" \
// RUN: | mlir-runner -e error_good -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s --check-prefix=GOOD

func.func private @printMemrefF32(tensor<*xf32>)

// Slices 5 (-1) and 7 (6) are out of bounds: zeros.
// ZERO: rank = 1 offset = 0 sizes = [11] strides = [1] data =
// ZERO-NEXT: [10,  11,  12,  13,  14,  0,  15,  0,  12,  11,  10]
func.func @zero(%p: tensor<6xf32>, %i: tensor<11xi32>) -> tensor<11xf32> {
  %r = gather.gather %p[%i] mode<zero> : (tensor<6xf32>, tensor<11xi32>) -> tensor<11xf32>
  return %r : tensor<11xf32>
}

func.func @zero_tail() {
  %p = arith.constant dense<[10.0, 11.0, 12.0, 13.0, 14.0, 15.0]> : tensor<6xf32>
  %i = arith.constant dense<[0, 1, 2, 3, 4, -1, 5, 6, 2, 1, 0]> : tensor<11xi32>
  %r = call @zero(%p, %i) : (tensor<6xf32>, tensor<11xi32>) -> tensor<11xf32>
  %u = tensor.cast %r : tensor<11xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Rows of 3: blocks of 2 slices of 3 lanes; 5 is clamped to 3, -1 to 0.
// CLAMP: rank = 2 offset = 0 sizes = [5, 3] strides = [3, 1] data =
// CLAMP-NEXT: [9,   10,   11],
// CLAMP-NEXT: [0,   1,   2],
// CLAMP-NEXT: [6,   7,   8],
// CLAMP-NEXT: [3,   4,   5],
// CLAMP-NEXT: [9,   10,   11]]
func.func @clamp(%p: tensor<4x3xf32>, %i: tensor<5xi64>) -> tensor<5x3xf32> {
  %r = gather.gather %p[%i] mode<clamp> : (tensor<4x3xf32>, tensor<5xi64>) -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}

func.func @clamp_rows() {
  %p = arith.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>
  %i = arith.constant dense<[5, -1, 2, 1, 3]> : tensor<5xi64>
  %r = call @clamp(%p, %i) : (tensor<4x3xf32>, tensor<5xi64>) -> tensor<5x3xf32>
  %u = tensor.cast %r : tensor<5x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Error mode: slice 6, a thread's fourth of its first step, is bad.
// ERROR: gather.gather at loc("{{.*}}gpu-host-only-in-flight.mlir":[[# @LINE + 3]]:{{[0-9]+}}): index 9 is out of bounds [0, 6) in params dimension 0
// ERROR-NOT: rank =
func.func @error(%p: tensor<6xf32>, %i: tensor<9xi32>) -> tensor<9xf32> {
  %r = gather.gather %p[%i] : (tensor<6xf32>, tensor<9xi32>) -> tensor<9xf32>
  return %r : tensor<9xf32>
}

func.func @error_fourth() {
  %p = arith.constant dense<1.0> : tensor<6xf32>
  %i = arith.constant dense<[0, 1, 2, 3, 4, 5, 9, 0, 1]> : tensor<9xi32>
  %r = call @error(%p, %i) : (tensor<6xf32>, tensor<9xi32>) -> tensor<9xf32>
  %u = tensor.cast %r : tensor<9xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Error mode, every index good: slices past the end (the last slice's index
// loaded again) report nothing.
// GOOD-NOT: out of bounds
// GOOD: rank = 1 offset = 0 sizes = [9] strides = [1] data =
// GOOD-NEXT: [15,  14,  13,  12,  11,  10,  15,  14,  13]
func.func @error_good() {
  %p = arith.constant dense<[10.0, 11.0, 12.0, 13.0, 14.0, 15.0]> : tensor<6xf32>
  %i = arith.constant dense<[5, 4, 3, 2, 1, 0, 5, 4, 3]> : tensor<9xi32>
  %r = call @error(%p, %i) : (tensor<6xf32>, tensor<9xi32>) -> tensor<9xf32>
  %u = tensor.cast %r : tensor<9xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
