// gather-cpu-pipeline output also compiles ahead of time: translated to LLVM
// IR, compiled with LLVM 22's clang and linked against the MLIR runner utilities, the
// program prints a gather result, then stops at an out-of-bounds index with
// the error message and exit status 1.
//
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=scf" \
// RUN: | mlir-translate --mlir-to-llvmir -o %t.scf.ll
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=linalg" \
// RUN: | mlir-translate --mlir-to-llvmir -o %t.linalg.ll
// RUN: %llvm_lib_dir/../bin/clang -Wno-override-module %t.scf.ll -o %t.scf.exe -L%llvm_lib_dir \
// RUN:   -lmlir_runner_utils -lmlir_c_runner_utils -Wl,-rpath,%llvm_lib_dir
// RUN: %llvm_lib_dir/../bin/clang -Wno-override-module %t.linalg.ll -o %t.linalg.exe -L%llvm_lib_dir \
// RUN:   -lmlir_runner_utils -lmlir_c_runner_utils -Wl,-rpath,%llvm_lib_dir
// (`not` is only found after a pipe.)
// RUN: echo | not %t.scf.exe 2>&1 | FileCheck %s
// RUN: echo | not %t.linalg.exe 2>&1 | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() -> i32 {
  %p = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %pd = tensor.cast %p : tensor<2x2xf32> to tensor<?x?xf32>
  %ok = arith.constant dense<[1, 0, 1]> : tensor<3xi32>
  %okd = tensor.cast %ok : tensor<3xi32> to tensor<?xi32>
  %r = call @rows(%pd, %okd) : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  %u = tensor.cast %r : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  // CHECK-LABEL: sizes = [3, 2]
  // CHECK-NEXT: {{\[}}[3, 4],
  // CHECK-NEXT:  [1, 2],
  // CHECK-NEXT:  [3, 4]]
  %bad = arith.constant dense<[0, 5]> : tensor<2xi32>
  %badd = tensor.cast %bad : tensor<2xi32> to tensor<?xi32>
  %s = call @rows(%pd, %badd) : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  %v = tensor.cast %s : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
  // CHECK-NOT: sizes =
  // The out-of-bounds message is checked in @rows below.
  %zero = arith.constant 0 : i32
  return %zero : i32
}

// Defined after main so that its CHECK follows main's in the output order.
func.func @rows(%params: tensor<?x?xf32>, %indices: tensor<?xi32>) -> tensor<?x?xf32> {
  // CHECK: gather.gather at loc("{{.*}}aot.mlir":[[@LINE+1]]:8): index 5 is out of bounds [0, 2) in params dimension 0
  %r = gather.gather %params[%indices] : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
