// The out-of-bounds handler (docs/spec.md). Its default, a weak definition
// the lowering adds to the module, prints the message and ends the process
// with status 1, also where the program has a function of its own named
// @exit that returns. A handler named with the option out-of-bounds-handler
// (here @count_reports, defined below) replaces it: it is called once per
// bad index and, when it returns, the gather returns with a zero slice for
// each bad index.
//
// DEFINE: %{run} = mlir-runner -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils
//
// (`not` is only found after a pipe.)
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=scf" \
// RUN: | not %{run} -e main 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=linalg" \
// RUN: | not %{run} -e main 2>&1 | FileCheck %s --check-prefix=DEFAULT
// The patterns alone add the same default.
// RUN: gather-opt %s --test-gather-patterns-alone=lowering=scf --gather-cpu-pipeline \
// RUN: | not %{run} -e main 2>&1 | FileCheck %s --check-prefix=DEFAULT
//
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=linalg out-of-bounds-handler=count_reports" \
// RUN: | %{run} -e main | FileCheck %s --check-prefix=COUNT
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=scf out-of-bounds-handler=count_reports" \
// RUN: | %{run} -e main | FileCheck %s --check-prefix=COUNT
// RUN: %if libomp %{ gather-opt %s --gather-cpu-pipeline="num-threads=2 out-of-bounds-handler=count_reports" \
// RUN: | %{run} -e main -shared-libs=%libomp | FileCheck %s --check-prefix=COUNT %}
// RUN: gather-opt %s --gather-gpu-pipeline="host-only out-of-bounds-handler=count_reports" \
// RUN: | %{run} -e main | FileCheck %s --check-prefix=COUNT

func.func private @printMemrefF32(tensor<*xf32>)

// Not libc's exit: calling it does not stop the program.
func.func @exit(%status: i32) {
  vector.print str "user exit\n"
  return
}

memref.global "private" @reports : memref<i64> = dense<0>

// Counts the reports and prints what it is given.
func.func @count_reports(%op: !llvm.ptr, %location: !llvm.ptr, %index: i64,
                         %dim: i64, %dim_size: i64) {
  %g = memref.get_global @reports : memref<i64>
  %n = memref.load %g[] : memref<i64>
  %one = arith.constant 1 : i64
  %next = arith.addi %n, %one : i64
  memref.store %next, %g[] : memref<i64>
  vector.print str "report: index "
  vector.print %index : i64 punctuation <no_punctuation>
  vector.print str ", dimension "
  vector.print %dim : i64 punctuation <no_punctuation>
  vector.print str " of size "
  vector.print %dim_size : i64
  return
}

func.func @main() {
  %c3 = arith.constant 3 : i32
  call @exit(%c3) : (i32) -> ()
  // DEFAULT: user exit
  // COUNT: user exit
  %p = arith.constant dense<[[0.0, 1.0], [10.0, 11.0], [20.0, 21.0], [30.0, 31.0]]> : tensor<4x2xf32>
  %bad = arith.constant dense<[1, 7, 3, -2]> : tensor<4xi32>
  // DEFAULT: gather.gather at loc("{{.*}}out-of-bounds-handler.mlir":[[@LINE+1]]:8): index 7 is out of bounds [0, 4) in params dimension 0
  %r = gather.gather %p[%bad] : (tensor<4x2xf32>, tensor<4xi32>) -> tensor<4x2xf32>
  // DEFAULT-NOT: user exit
  // DEFAULT-NOT: rank =
  // COUNT: report: index 7, dimension 0 of size 4
  // COUNT-NEXT: report: index -2, dimension 0 of size 4
  %u = tensor.cast %r : tensor<4x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  // COUNT: rank = 2
  // COUNT-NEXT: [10, 11],
  // COUNT-NEXT: [0, 0],
  // COUNT-NEXT: [30, 31],
  // COUNT-NEXT: [0, 0]
  %nd_indices = arith.constant dense<[[1, 1], [4, 5], [3, 0]]> : tensor<3x2xi64>
  %s = gather.gather_nd %p[%nd_indices] : (tensor<4x2xf32>, tensor<3x2xi64>) -> tensor<3xf32>
  // COUNT: report: index 4, dimension 0 of size 4
  // COUNT-NEXT: report: index 5, dimension 1 of size 2
  %v = tensor.cast %s : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
  // COUNT: [11, 0, 30]
  // Batch and outer dimensions before the addressed one: each bad index
  // zeroes its own slot (batch_dims = 1, axis = 1).
  %bp = arith.constant dense<[[[0.0, 1.0], [10.0, 11.0], [20.0, 21.0]],
                              [[100.0, 101.0], [110.0, 111.0], [120.0, 121.0]]]> : tensor<2x3x2xf32>
  %bi = arith.constant dense<[[2, 5], [-1, 0]]> : tensor<2x2xi32>
  %b = gather.gather %bp[%bi] axis = 1 batch_dims = 1
      : (tensor<2x3x2xf32>, tensor<2x2xi32>) -> tensor<2x2x2xf32>
  // COUNT: report: index 5, dimension 1 of size 3
  // COUNT-NEXT: report: index -1, dimension 1 of size 3
  %bu = tensor.cast %b : tensor<2x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%bu) : (tensor<*xf32>) -> ()
  // COUNT: rank = 3
  // COUNT-NEXT: {{\[}}{{\[}}[20, 21],
  // COUNT-NEXT: [0, 0]],
  // COUNT-NEXT: {{\[}}[0, 0],
  // COUNT-NEXT: [100, 101]]]
  %g = memref.get_global @reports : memref<i64>
  %n = memref.load %g[] : memref<i64>
  vector.print str "reports: "
  vector.print %n : i64
  // COUNT: reports: 6
  return
}
