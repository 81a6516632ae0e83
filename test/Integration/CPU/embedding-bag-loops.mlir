// The embedding-bag loops of gather-fuse-reductions (lib/Transforms/
// EmbeddingBag.cpp) in every out-of-bounds mode (docs/spec.md), with a
// handler that returns (count_reports): zero mode reads a zero row for a bad
// index, clamp mode the clamped row, wrap mode the row counted from the end
// for an index in [-N, 0) and reports any other bad index, error mode
// reports every bad index; a reported index reads as a zero row. Rows of 5
// elements: one vector each, or (register-accumulator-max-bytes=8) column
// blocks of 2 and a tail of 1, or (=0) the output row as accumulator. Dynamic B and D; D = 0 reads and checks
// nothing. A mean's division (a linalg.map of the sum) is folded into the
// loops. The tile-and-fuse form (bag-loops=false) prints the same.
//
// DEFINE: %{run} = mlir-runner -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils
//
// RUN: gather-opt %s --gather-cpu-pipeline="out-of-bounds-handler=count_reports" \
// RUN:   | %{run} -e main | FileCheck %s
// RUN: gather-opt %s --gather-fuse-reductions="register-accumulator-max-bytes=8 out-of-bounds-handler=count_reports" \
// RUN:   --gather-cpu-pipeline="out-of-bounds-handler=count_reports" \
// RUN:   | %{run} -e main | FileCheck %s
// The accumulator in the output row (as for dynamic D) everywhere:
// RUN: gather-opt %s --gather-fuse-reductions="register-accumulator-max-bytes=0 out-of-bounds-handler=count_reports" \
// RUN:   --gather-cpu-pipeline="out-of-bounds-handler=count_reports" \
// RUN:   | %{run} -e main | FileCheck %s
// RUN: gather-opt %s --gather-fuse-reductions="prefetch-distance=1 out-of-bounds-handler=count_reports" \
// RUN:   --gather-cpu-pipeline="out-of-bounds-handler=count_reports" \
// RUN:   | %{run} -e main | FileCheck %s
// RUN: %if libomp %{ gather-opt %s \
// RUN:   --gather-cpu-pipeline="num-threads=2 out-of-bounds-handler=count_reports" \
// RUN:   | %{run} -e main -shared-libs=%libomp | FileCheck %s %}
// RUN: gather-opt %s --gather-fuse-reductions="bag-loops=false" \
// RUN:   --gather-cpu-pipeline="out-of-bounds-handler=count_reports" \
// RUN:   | %{run} -e main | FileCheck %s
// The pipeline rewrites every bag here:
// RUN: gather-opt %s --gather-fuse-reductions \
// RUN:   | FileCheck %s --check-prefix=NOGATHER
// NOGATHER-NOT: = gather.gather
// RUN: gather-opt %s --gather-fuse-reductions | FileCheck %s --check-prefix=IR

func.func private @printMemrefF32(tensor<*xf32>)

func.func @count_reports(%op: !llvm.ptr, %location: !llvm.ptr, %index: i64,
                         %dim: i64, %dim_size: i64) {
  vector.print str "report: index "
  vector.print %index : i64 punctuation <no_punctuation>
  vector.print str ", dimension "
  vector.print %dim : i64 punctuation <no_punctuation>
  vector.print str " of size "
  vector.print %dim_size : i64
  return
}

func.func @print(%t: tensor<?x?xf32>) {
  %u = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// table[i, j] = 10 i + j, 10 x 5.
func.func @table() -> tensor<10x5xf32> {
  %t = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c10 : index
    %v = arith.addi %a, %j : index
    %vi = arith.index_cast %v : index to i64
    %vf = arith.sitofp %vi : i64 to f32
    tensor.yield %vf : f32
  } : tensor<10x5xf32>
  return %t : tensor<10x5xf32>
}

func.func @sum_zero(%table: tensor<10x5xf32>, %indices: tensor<?x3xi64>) -> tensor<?x5xf32> {
  %rows = gather.gather %table[%indices] mode<zero> : (tensor<10x5xf32>, tensor<?x3xi64>) -> tensor<?x3x5xf32>
  %c0 = arith.constant 0 : index
  %b = tensor.dim %indices, %c0 : tensor<?x3xi64>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty(%b) : tensor<?x5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x5xf32>) -> tensor<?x5xf32>
  %sum = linalg.reduce ins(%rows : tensor<?x3x5xf32>) outs(%init : tensor<?x5xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %sum : tensor<?x5xf32>
}

func.func @sum_clamp(%table: tensor<10x5xf32>, %indices: tensor<?x3xi64>) -> tensor<?x5xf32> {
  %rows = gather.gather %table[%indices] mode<clamp> : (tensor<10x5xf32>, tensor<?x3xi64>) -> tensor<?x3x5xf32>
  %c0 = arith.constant 0 : index
  %b = tensor.dim %indices, %c0 : tensor<?x3xi64>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty(%b) : tensor<?x5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x5xf32>) -> tensor<?x5xf32>
  %sum = linalg.reduce ins(%rows : tensor<?x3x5xf32>) outs(%init : tensor<?x5xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %sum : tensor<?x5xf32>
}

func.func @sum_wrap(%table: tensor<10x5xf32>, %indices: tensor<?x3xi64>) -> tensor<?x5xf32> {
  %rows = gather.gather %table[%indices] mode<wrap> : (tensor<10x5xf32>, tensor<?x3xi64>) -> tensor<?x3x5xf32>
  %c0 = arith.constant 0 : index
  %b = tensor.dim %indices, %c0 : tensor<?x3xi64>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty(%b) : tensor<?x5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x5xf32>) -> tensor<?x5xf32>
  %sum = linalg.reduce ins(%rows : tensor<?x3x5xf32>) outs(%init : tensor<?x5xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %sum : tensor<?x5xf32>
}

// Error mode, a max starting from the caller's values.
func.func @max_error(%table: tensor<10x5xf32>, %indices: tensor<?x3xi64>, %init: tensor<?x5xf32>) -> tensor<?x5xf32> {
  %rows = gather.gather %table[%indices] : (tensor<10x5xf32>, tensor<?x3xi64>) -> tensor<?x3x5xf32>
  %max = linalg.reduce ins(%rows : tensor<?x3x5xf32>) outs(%init : tensor<?x5xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %m = arith.maximumf %x, %acc : f32
      linalg.yield %m : f32
    }
  return %max : tensor<?x5xf32>
}

// A mean: the sum, then a linalg.map dividing by K, folded into the bag
// loops (applied to each bag's accumulator before it is written).
func.func @mean(%table: tensor<10x5xf32>, %indices: tensor<?x3xi64>) -> tensor<?x5xf32> {
  %rows = gather.gather %table[%indices] mode<clamp> : (tensor<10x5xf32>, tensor<?x3xi64>) -> tensor<?x3x5xf32>
  %c0 = arith.constant 0 : index
  %b = tensor.dim %indices, %c0 : tensor<?x3xi64>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty(%b) : tensor<?x5xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x5xf32>) -> tensor<?x5xf32>
  %sum = linalg.reduce ins(%rows : tensor<?x3x5xf32>) outs(%init : tensor<?x5xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  %k = arith.constant 3.0 : f32
  %empty2 = tensor.empty(%b) : tensor<?x5xf32>
  %mean = linalg.map ins(%sum : tensor<?x5xf32>) outs(%empty2 : tensor<?x5xf32>)
    (%x: f32, %unused: f32) {
      %q = arith.divf %x, %k : f32
      linalg.yield %q : f32
    }
  return %mean : tensor<?x5xf32>
}
// IR-LABEL: func.func @mean
//       IR:   scf.forall
//       IR:     arith.addf {{.*}} : vector<5xf32>
//       IR:     arith.divf {{.*}} : vector<5xf32>
//   IR-NOT:   linalg.map
//       IR:   return

// Dynamic table: with D = 0 nothing is read or checked.
func.func @sum_dynamic(%table: tensor<?x?xf32>, %indices: tensor<?x?xi64>) -> tensor<?x?xf32> {
  %rows = gather.gather %table[%indices] : (tensor<?x?xf32>, tensor<?x?xi64>) -> tensor<?x?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %indices, %c0 : tensor<?x?xi64>
  %d = tensor.dim %table, %c1 : tensor<?x?xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty(%b, %d) : tensor<?x?xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x?xf32>) -> tensor<?x?xf32>
  %sum = linalg.reduce ins(%rows : tensor<?x?x?xf32>) outs(%init : tensor<?x?xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %sum : tensor<?x?xf32>
}

func.func @main() {
  %table = call @table() : () -> tensor<10x5xf32>
  %idx = arith.constant dense<[[0, 12, 2], [-1, 9, 3]]> : tensor<2x3xi64>
  %idxd = tensor.cast %idx : tensor<2x3xi64> to tensor<?x3xi64>

  %z = call @sum_zero(%table, %idxd) : (tensor<10x5xf32>, tensor<?x3xi64>) -> tensor<?x5xf32>
  %zd = tensor.cast %z : tensor<?x5xf32> to tensor<?x?xf32>
  call @print(%zd) : (tensor<?x?xf32>) -> ()
  // CHECK-NOT:  report
  // CHECK:      sizes = [2, 5]
  // CHECK-NEXT: [20,   22,   24,   26,   28],
  // CHECK-NEXT: [120,   122,   124,   126,   128]]

  %c = call @sum_clamp(%table, %idxd) : (tensor<10x5xf32>, tensor<?x3xi64>) -> tensor<?x5xf32>
  %cd = tensor.cast %c : tensor<?x5xf32> to tensor<?x?xf32>
  call @print(%cd) : (tensor<?x?xf32>) -> ()
  // CHECK-NOT:  report
  // CHECK:      sizes = [2, 5]
  // CHECK-NEXT: [110,   113,   116,   119,   122],
  // CHECK-NEXT: [120,   123,   126,   129,   132]]

  %w = call @sum_wrap(%table, %idxd) : (tensor<10x5xf32>, tensor<?x3xi64>) -> tensor<?x5xf32>
  %wd = tensor.cast %w : tensor<?x5xf32> to tensor<?x?xf32>
  call @print(%wd) : (tensor<?x?xf32>) -> ()
  // CHECK:      report: index 12, dimension 0 of size 10
  // CHECK-NOT:  report
  // CHECK:      sizes = [2, 5]
  // CHECK-NEXT: [20,   22,   24,   26,   28],
  // CHECK-NEXT: [210,   213,   216,   219,   222]]

  %mn = call @mean(%table, %idxd) : (tensor<10x5xf32>, tensor<?x3xi64>) -> tensor<?x5xf32>
  %mnd = tensor.cast %mn : tensor<?x5xf32> to tensor<?x?xf32>
  call @print(%mnd) : (tensor<?x?xf32>) -> ()
  // CHECK-NOT:  report
  // CHECK:      sizes = [2, 5]
  // CHECK-NEXT: [36.6667,   37.6667,   38.6667,   39.6667,   40.6667],
  // CHECK-NEXT: [40,   41,   42,   43,   44]]

  %ninf = arith.constant 0xFF800000 : f32
  %e0 = tensor.empty() : tensor<2x5xf32>
  %init0 = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<2x5xf32>) -> tensor<2x5xf32>
  %initd = tensor.cast %init0 : tensor<2x5xf32> to tensor<?x5xf32>
  %m = call @max_error(%table, %idxd, %initd) : (tensor<10x5xf32>, tensor<?x3xi64>, tensor<?x5xf32>) -> tensor<?x5xf32>
  %md = tensor.cast %m : tensor<?x5xf32> to tensor<?x?xf32>
  call @print(%md) : (tensor<?x?xf32>) -> ()
  // (In either order with threads: the bags run on two.)
  // CHECK-DAG:  report: index 12, dimension 0 of size 10
  // CHECK-DAG:  report: index -1, dimension 0 of size 10
  // CHECK-NOT:  report
  // CHECK:      sizes = [2, 5]
  // CHECK-NEXT: [20,   21,   22,   23,   24],
  // CHECK-NEXT: [90,   91,   92,   93,   94]]

  // Dynamic B and D, all good; then D = 0 with a bad index: no report.
  %tabled = tensor.cast %table : tensor<10x5xf32> to tensor<?x?xf32>
  %good = arith.constant dense<[[1], [2], [9]]> : tensor<3x1xi64>
  %goodd = tensor.cast %good : tensor<3x1xi64> to tensor<?x?xi64>
  %s = call @sum_dynamic(%tabled, %goodd) : (tensor<?x?xf32>, tensor<?x?xi64>) -> tensor<?x?xf32>
  call @print(%s) : (tensor<?x?xf32>) -> ()
  // CHECK-NOT:  report
  // CHECK:      sizes = [3, 5]
  // CHECK-NEXT: [10,   11,   12,   13,   14],
  // CHECK-NEXT: [20,   21,   22,   23,   24],
  // CHECK-NEXT: [90,   91,   92,   93,   94]]
  %narrow = tensor.empty() : tensor<10x0xf32>
  %narrowd = tensor.cast %narrow : tensor<10x0xf32> to tensor<?x?xf32>
  %idxdd = tensor.cast %idx : tensor<2x3xi64> to tensor<?x?xi64>
  %s0 = call @sum_dynamic(%narrowd, %idxdd) : (tensor<?x?xf32>, tensor<?x?xi64>) -> tensor<?x?xf32>
  call @print(%s0) : (tensor<?x?xf32>) -> ()
  // CHECK-NOT:  report
  // CHECK:      sizes = [2, 0]
  return
}
