// The pass runs on each function here, as in a nested pipeline.
// RUN: gather-opt %s --pass-pipeline="builtin.module(func.func(convert-gather-to-linalg))" \
// RUN:   --split-input-file --verify-diagnostics

// Error-mode checks call @exit(i32): a different @exit is an error (also
// when the pass runs on the module, where it would declare @exit).

// expected-error @below {{symbol @exit is needed by error-mode gathers as `func.func private @exit(i32)`}}
func.func private @exit(i64)
func.func @bad_exit(%params: tensor<4xf32>, %indices: tensor<2xi32>) -> tensor<2xf32> {
  %r = gather.gather %params[%indices] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// Run on a function, the pass cannot declare @exit in the module (other
// threads may be reading it), and none is declared.

// expected-error @below {{error-mode gathers need `func.func private @exit(i32)`: run the conversion on the enclosing symbol table (e.g. builtin.module) to declare it}}
func.func @nested(%params: tensor<4xf32>, %indices: tensor<2xi32>) -> tensor<2xf32> {
  %r = gather.gather %params[%indices] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
