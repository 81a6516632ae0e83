// RUN: gather-opt %s --convert-tensor-to-gather --split-input-file -verify-diagnostics

// Index elements wider than 64 bits cannot be narrowed without turning
// out-of-range values into in-range ones: the pass reports the op and fails.

func.func @i128_indices(%s: tensor<5x2xf32>, %i: tensor<3x1xi128>) -> tensor<3x2xf32> {
  // expected-error@+1 {{'tensor.gather' op cannot be converted to gather.gather_nd: index elements wider than 64 bits are not supported}}
  %0 = tensor.gather %s[%i] gather_dims([0]) : (tensor<5x2xf32>, tensor<3x1xi128>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
