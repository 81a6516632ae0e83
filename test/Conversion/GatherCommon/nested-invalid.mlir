// The passes run on each function here, as in a nested pipeline.
// RUN: gather-opt %s --pass-pipeline="builtin.module(func.func(convert-gather-to-linalg))" \
// RUN:   --verify-diagnostics
// RUN: gather-opt %s --pass-pipeline="builtin.module(func.func(convert-gather-to-scf))" \
// RUN:   --verify-diagnostics

// Run on a function, a conversion cannot add the out-of-bounds handler or
// the messages of error-mode gathers to the module (other threads may be
// reading it); gathers in other modes need nothing there.

// expected-error @below {{error-mode gathers add their out-of-bounds handler and messages to the enclosing symbol table: run the conversion on it (e.g. builtin.module)}}
func.func @nested(%params: tensor<4xf32>, %indices: tensor<2xi32>) -> tensor<2xf32> {
  %r = gather.gather %params[%indices] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

func.func @nested_zero(%params: tensor<4xf32>, %indices: tensor<2xi32>) -> tensor<2xf32> {
  %r = gather.gather %params[%indices] mode<zero> : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
