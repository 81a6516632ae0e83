// RUN: gather-opt %s --convert-gather-to-scf --split-input-file \
// RUN: | FileCheck %s
// RUN: gather-opt %s --split-input-file \
// RUN:   --convert-gather-to-scf=out-of-bounds-handler=my_handler \
// RUN: | FileCheck %s --check-prefix=NAMED
// Through the CPU pipeline, LLVM IR gets `cold`: the blocks that call the
// handler count as unlikely, and the copy loops keep their values in
// registers, spilling only around the rare calls.
// RUN: gather-opt %s --split-input-file --gather-cpu-pipeline \
// RUN: | mlir-translate --mlir-to-llvmir --split-input-file \
// RUN: | FileCheck %s --check-prefix=LLVMIR

// The out-of-bounds handler an error-mode gather calls is cold code: the
// default handler is defined `cold` and `noinline` (LLVM's attributes through
// `passthrough`), and so is the declaration of a handler named by the option.

// CHECK-LABEL: func.func @gather_out_of_bounds(
//  CHECK-SAME:   attributes {llvm.linkage = #llvm.linkage<weak>, no_inline, passthrough = ["noinline", "cold"]}
// CHECK-LABEL: func.func @rows(
//       CHECK:   func.call @gather_out_of_bounds(

// NAMED-LABEL: func.func private @my_handler(
//  NAMED-SAME:   attributes {passthrough = ["noinline", "cold"]}
// NAMED-LABEL: func.func @rows(
//       NAMED:   func.call @my_handler(

// LLVMIR:      define weak void @gather_out_of_bounds({{.*}}) #[[COLD:[0-9]+]] {
// LLVMIR:      define {{.*}} @rows(
// LLVMIR:      attributes #[[COLD]] = { cold noinline }
func.func @rows(%t: tensor<8x4xf32>, %i: tensor<3xi32>) -> tensor<3x4xf32> {
  %r = gather.gather %t[%i] : (tensor<8x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

// A handler the module declares itself is the user's: left as declared.

// CHECK-LABEL: func.func private @gather_out_of_bounds(
//   CHECK-NOT:   passthrough
//       CHECK: func.func @declared(
// NAMED-LABEL: func.func @declared(
// LLVMIR:      declare void @gather_out_of_bounds(ptr, ptr, i64, i64, i64){{$}}
func.func private @gather_out_of_bounds(!llvm.ptr, !llvm.ptr, i64, i64, i64)
func.func @declared(%t: tensor<8x4xf32>, %i: tensor<3xi32>) -> tensor<3x4xf32> {
  %r = gather.gather %t[%i] : (tensor<8x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}
