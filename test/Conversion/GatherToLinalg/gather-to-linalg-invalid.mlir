// RUN: gather-opt %s --convert-gather-to-linalg --split-input-file --verify-diagnostics

// Error-mode checks call the out-of-bounds handler @gather_out_of_bounds: a
// symbol of that name with another type is an error.

// expected-error @below {{symbol @gather_out_of_bounds is the out-of-bounds handler of error-mode gathers: it must be a `func.func` of type '(!llvm.ptr, !llvm.ptr, i64, i64, i64) -> ()'}}
func.func private @gather_out_of_bounds(i64)
func.func @bad_handler(%params: tensor<4xf32>, %indices: tensor<2xi32>) -> tensor<2xf32> {
  %r = gather.gather %params[%indices] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// The default handler calls libc's printf: another @printf is an error.

// expected-error @below {{the default out-of-bounds handler of error-mode gathers calls libc's @printf of type '!llvm.func<i32 (ptr, ...)>': define @gather_out_of_bounds or name another handler (option out-of-bounds-handler)}}
func.func private @printf(i32)
func.func @bad_printf(%params: tensor<4xf32>, %indices: tensor<2xi32>) -> tensor<2xf32> {
  %r = gather.gather %params[%indices] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
