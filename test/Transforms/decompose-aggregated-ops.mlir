// RUN: gather-opt %s --gather-decompose-aggregated-ops | FileCheck %s

// linalg.softmax becomes the max, exp-sum and division it stands for.
// CHECK-LABEL: func.func @softmax(
// CHECK-NOT:     linalg.softmax
// CHECK:         linalg.generic
// CHECK:           arith.maxnumf
// CHECK:         linalg.generic
// CHECK:           math.exp
// CHECK:         linalg.generic
// CHECK:           arith.divf
// CHECK-NOT:     linalg.softmax
// CHECK:         return
func.func @softmax(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<2x3xf32>)
      outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}
