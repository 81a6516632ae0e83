// REQUIRES: valgrind
// The compiled code of both lowerings, run under valgrind: no invalid reads
// (out-of-bounds indices in zero and clamp mode, dynamic and empty shapes)
// and no leaked buffers. Compiled ahead of time: valgrind on the JIT of
// mlir-runner is slow.
//
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=scf" \
// RUN: | mlir-translate --mlir-to-llvmir -o %t.scf.ll
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=linalg" \
// RUN: | mlir-translate --mlir-to-llvmir -o %t.linalg.ll
// RUN: %llvm_lib_dir/../bin/clang -Wno-override-module %t.scf.ll -o %t.scf.exe \
// RUN:   -L%llvm_lib_dir -lmlir_runner_utils -lmlir_c_runner_utils -Wl,-rpath,%llvm_lib_dir
// RUN: %llvm_lib_dir/../bin/clang -Wno-override-module %t.linalg.ll -o %t.linalg.exe \
// RUN:   -L%llvm_lib_dir -lmlir_runner_utils -lmlir_c_runner_utils -Wl,-rpath,%llvm_lib_dir
// RUN: valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite \
// RUN:   %t.scf.exe | FileCheck %s
// RUN: valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite \
// RUN:   %t.linalg.exe | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @modes(%params: tensor<?x?xf32>, %indices: tensor<?x?xi64>) {
  %z = gather.gather %params[%indices] axis = 1 batch_dims = 1 mode<zero> : (tensor<?x?xf32>, tensor<?x?xi64>) -> tensor<?x?xf32>
  %zu = tensor.cast %z : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%zu) : (tensor<*xf32>) -> ()
  %c = gather.gather %params[%indices] axis = 1 batch_dims = 1 mode<clamp> : (tensor<?x?xf32>, tensor<?x?xi64>) -> tensor<?x?xf32>
  %cu = tensor.cast %c : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%cu) : (tensor<*xf32>) -> ()
  return
}
// CHECK:      {{\[}}[0, 1, 0],
// CHECK-NEXT:  [0, 4, 6]]
// CHECK:      {{\[}}[1, 1, 3],
// CHECK-NEXT:  [6, 4, 6]]

func.func @nd(%params: tensor<?x?x?xf32>, %indices: tensor<?x2xi32>) -> tensor<?x?xf32> {
  %z = gather.gather_nd %params[%indices] mode<zero> : (tensor<?x?x?xf32>, tensor<?x2xi32>) -> tensor<?x?xf32>
  return %z : tensor<?x?xf32>
}
// CHECK:      {{\[}}[0, 0],
// CHECK-NEXT:  [7, 8]]
// CHECK: empty: 0, 2

func.func @main() -> i32 {
  %m = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %md = tensor.cast %m : tensor<2x3xf32> to tensor<?x?xf32>
  %i = arith.constant dense<[[-1, 0, 3], [1000000, 0, 2]]> : tensor<2x3xi64>
  %id = tensor.cast %i : tensor<2x3xi64> to tensor<?x?xi64>
  call @modes(%md, %id) : (tensor<?x?xf32>, tensor<?x?xi64>) -> ()
  %p = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]]> : tensor<2x2x2xf32>
  %pd = tensor.cast %p : tensor<2x2x2xf32> to tensor<?x?x?xf32>
  %v = arith.constant dense<[[2, 0], [1, 1]]> : tensor<2x2xi32>
  %vd = tensor.cast %v : tensor<2x2xi32> to tensor<?x2xi32>
  %r = call @nd(%pd, %vd) : (tensor<?x?x?xf32>, tensor<?x2xi32>) -> tensor<?x?xf32>
  %ru = tensor.cast %r : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%ru) : (tensor<*xf32>) -> ()
  // printMemref would read the data of an empty memref: print its sizes.
  %none = tensor.empty() : tensor<0x2xi32>
  %noned = tensor.cast %none : tensor<0x2xi32> to tensor<?x2xi32>
  %e = call @nd(%pd, %noned) : (tensor<?x?x?xf32>, tensor<?x2xi32>) -> tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e0 = tensor.dim %e, %c0 : tensor<?x?xf32>
  %e1 = tensor.dim %e, %c1 : tensor<?x?xf32>
  vector.print str "empty: "
  vector.print %e0 : index punctuation <comma>
  vector.print %e1 : index
  %zero = arith.constant 0 : i32
  return %zero : i32
}
