// Regression: an error-mode gather in a loop that runs zero times must not
// report. Once the ops were Pure, --loop-invariant-code-motion hoisted the
// gather out of the loop and the program stopped with an out-of-bounds
// message it never reaches. Zero and clamp gathers still leave the loop.
//
// RUN: gather-opt %s --loop-invariant-code-motion --gather-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// The same loop run once does reach the bad index:
// RUN: gather-opt %s --loop-invariant-code-motion --gather-cpu-pipeline \
// RUN: | not mlir-runner -e run_once -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s --check-prefix=ONCE
// The zero-mode gather is hoisted, the error-mode one is not:
// RUN: gather-opt %s --loop-invariant-code-motion | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @accumulate
// IR:         gather.gather {{.*}} mode<zero>
// IR:         scf.for
// IR:           gather.gather {{.*}} : (tensor<4x2xf32>

func.func private @printMemrefF32(tensor<*xf32>)

// Sums `trips` gathers of params[indices] (error mode) and of the same in
// zero mode.
func.func @accumulate(%params: tensor<4x2xf32>, %indices: tensor<2xi32>,
                      %trips: index) -> tensor<2x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2x2xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<2x2xf32>) -> tensor<2x2xf32>
  %r = scf.for %k = %c0 to %trips step %c1 iter_args(%acc = %init) -> tensor<2x2xf32> {
    %g = gather.gather %params[%indices] : (tensor<4x2xf32>, tensor<2xi32>) -> tensor<2x2xf32>
    %z = gather.gather %params[%indices] mode<zero> : (tensor<4x2xf32>, tensor<2xi32>) -> tensor<2x2xf32>
    %s = linalg.add ins(%g, %z : tensor<2x2xf32>, tensor<2x2xf32>) outs(%empty : tensor<2x2xf32>) -> tensor<2x2xf32>
    %next = linalg.add ins(%acc, %s : tensor<2x2xf32>, tensor<2x2xf32>) outs(%acc : tensor<2x2xf32>) -> tensor<2x2xf32>
    scf.yield %next : tensor<2x2xf32>
  }
  return %r : tensor<2x2xf32>
}

func.func @run(%trips: index) {
  %params = arith.constant dense<[[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0]]> : tensor<4x2xf32>
  // 7 is out of bounds for a dimension of 4.
  %indices = arith.constant dense<[1, 7]> : tensor<2xi32>
  %r = call @accumulate(%params, %indices, %trips) : (tensor<4x2xf32>, tensor<2xi32>, index) -> tensor<2x2xf32>
  %u = tensor.cast %r : tensor<2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  call @run(%c0) : (index) -> ()
  return
}
// CHECK:      {{\[}}[0, 0],
// CHECK-NEXT:  [0, 0]]

func.func @run_once() {
  %c1 = arith.constant 1 : index
  call @run(%c1) : (index) -> ()
  return
}
// ONCE: gather.gather at loc({{.*}}licm-speculation.mlir{{.*}}): index 7 is out of bounds [0, 4) in params dimension 0
// ONCE-NOT: [0, 0]
