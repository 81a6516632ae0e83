// RUN: gather-opt %s --convert-tosa-to-gather --split-input-file -verify-diagnostics

// A tosa.gather on unranked operands has no gather.gather form: the pass
// reports it and fails.

func.func @tosa_gather_unranked_values(%values: tensor<*xf32>, %indices: tensor<2x4xi32>) -> tensor<*xf32> {
  // expected-error@+1 {{'tosa.gather' op cannot be converted to gather.gather: needs ranked operands}}
  %0 = tosa.gather %values, %indices : (tensor<*xf32>, tensor<2x4xi32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @tosa_gather_unranked_indices(%values: tensor<2x5x3xf32>, %indices: tensor<*xi32>) -> tensor<*xf32> {
  // expected-error@+1 {{'tosa.gather' op cannot be converted to gather.gather: needs ranked operands}}
  %0 = tosa.gather %values, %indices : (tensor<2x5x3xf32>, tensor<*xi32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
