// Ahead of time, an embedder replaces the default out-of-bounds handler by
// linking a strong definition of gather_out_of_bounds (Inputs/handler.c,
// which reports and returns): the program goes on with zero slices. Linked
// without it, the weak default prints the message and exits with status 1.
//
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=linalg" \
// RUN: | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: %clang -Wno-override-module %t.ll %S/Inputs/handler.c -o %t.handled.exe \
// RUN:   -L%llvm_lib_dir -lmlir_runner_utils -lmlir_c_runner_utils -Wl,-rpath,%llvm_lib_dir
// RUN: %clang -Wno-override-module %t.ll -o %t.default.exe \
// RUN:   -L%llvm_lib_dir -lmlir_runner_utils -lmlir_c_runner_utils -Wl,-rpath,%llvm_lib_dir
// RUN: %t.handled.exe | FileCheck %s --check-prefix=HANDLED
// (`not` is only found after a pipe.)
// RUN: echo | not %t.default.exe | FileCheck %s --check-prefix=DEFAULT

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() -> i32 {
  %p = arith.constant dense<[[0.0, 1.0], [10.0, 11.0], [20.0, 21.0]]> : tensor<3x2xf32>
  %pd = tensor.cast %p : tensor<3x2xf32> to tensor<?x2xf32>
  %i = arith.constant dense<[2, 5, 0]> : tensor<3xi64>
  %id = tensor.cast %i : tensor<3xi64> to tensor<?xi64>
  // HANDLED: handled: gather.gather at loc("{{.*}}out-of-bounds-handler-aot.mlir":[[@LINE+2]]:8): index 5, params dimension 0 of size 3
  // DEFAULT: gather.gather at loc("{{.*}}out-of-bounds-handler-aot.mlir":[[@LINE+1]]:8): index 5 is out of bounds [0, 3) in params dimension 0
  %r = gather.gather %pd[%id] : (tensor<?x2xf32>, tensor<?xi64>) -> tensor<?x2xf32>
  %u = tensor.cast %r : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  // HANDLED: sizes = [3, 2]
  // HANDLED-NEXT: [20, 21],
  // HANDLED-NEXT: [0, 0],
  // HANDLED-NEXT: [0, 1]
  // DEFAULT-NOT: sizes =
  %zero = arith.constant 0 : i32
  return %zero : i32
}
