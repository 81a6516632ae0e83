// Embedding bags in the user's form (gather.gather, then a linalg
// reduction over each bag's rows: sum, max, and mean as a sum followed by a
// linalg.map), rewritten by gather-cpu-pipeline (gather-fuse-reductions)
// into the embedding-bag loops (vector accumulators, no gathered tensor):
// the program prints the values of the unfused one, with and without
// threads, and error mode still reports a bad index with the op's location.
// The generic tile-and-fuse form (bag-loops=false) prints the same.
//
// DEFINE: %{run} = mlir-runner -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils
//
// The pipeline fuses (no [B, K, D] gather left before lowering):
// RUN: gather-opt %s --gather-fuse-reductions | FileCheck %s --check-prefix=IR
// RUN: gather-opt %s --gather-fuse-reductions=bag-loops=false \
// RUN:   | FileCheck %s --check-prefix=TILED
//
// RUN: gather-opt %s --gather-cpu-pipeline | %{run} -e main | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=linalg" | %{run} -e main \
// RUN:   | FileCheck %s
// RUN: %if libomp %{ gather-opt %s --gather-cpu-pipeline="num-threads=2" \
// RUN:   | %{run} -e main -shared-libs=%libomp | FileCheck %s %}
// RUN: gather-opt %s --gather-fuse-reductions=bag-loops=false \
// RUN:   --gather-cpu-pipeline | %{run} -e main | FileCheck %s
// The gathers, lowered unfused (the pass runs only in the pipeline), print
// the same:
// RUN: gather-opt %s --convert-gather-to-scf --gather-cpu-pipeline \
// RUN:   | %{run} -e main | FileCheck %s
//
// RUN: gather-opt %s --gather-cpu-pipeline | not %{run} -e bad_index 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR
// RUN: %if libomp %{ gather-opt %s --gather-cpu-pipeline="num-threads=2" \
// RUN:   | not %{run} -e bad_index -shared-libs=%libomp 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR %}
// RUN: gather-opt %s --gather-fuse-reductions=bag-loops=false \
// RUN:   --gather-cpu-pipeline | not %{run} -e bad_index 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR

func.func private @printMemrefF32(tensor<*xf32>)

func.func @print(%t: tensor<?x?xf32>) {
  %u = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// table[i, j] = 10 i + j, 10 x 4.
func.func @table() -> tensor<10x4xf32> {
  %t = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c10 : index
    %v = arith.addi %a, %j : index
    %vi = arith.index_cast %v : index to i64
    %vf = arith.sitofp %vi : i64 to f32
    tensor.yield %vf : f32
  } : tensor<10x4xf32>
  return %t : tensor<10x4xf32>
}

func.func @bag_sum(%table: tensor<10x4xf32>, %indices: tensor<5x3xi64>) -> tensor<5x4xf32> {
  %rows = gather.gather %table[%indices] : (tensor<10x4xf32>, tensor<5x3xi64>) -> tensor<5x3x4xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<5x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<5x4xf32>) -> tensor<5x4xf32>
  %sum = linalg.reduce ins(%rows : tensor<5x3x4xf32>) outs(%init : tensor<5x4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %sum : tensor<5x4xf32>
}
// IR-LABEL: func.func @bag_sum
//   IR-NOT:   gather.gather
//       IR:   scf.forall
//       IR:     scf.for {{.*}} -> (vector<4xf32>)
//       IR:       vector.load {{.*}} vector<4xf32>
//       IR:       arith.addf {{.*}} : vector<4xf32>
//   IR-NOT:   gather.gather
//       IR:   return
// TILED-LABEL: func.func @bag_sum
//       TILED:   scf.forall
//       TILED:     gather.gather {{.*}} -> tensor<1x3x4xf32>
//       TILED:     linalg.reduce

func.func @bag_max(%table: tensor<10x4xf32>, %indices: tensor<5x3xi64>) -> tensor<5x4xf32> {
  %rows = gather.gather %table[%indices] : (tensor<10x4xf32>, tensor<5x3xi64>) -> tensor<5x3x4xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %empty = tensor.empty() : tensor<5x4xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%empty : tensor<5x4xf32>) -> tensor<5x4xf32>
  %max = linalg.reduce ins(%rows : tensor<5x3x4xf32>) outs(%init : tensor<5x4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %m = arith.maximumf %x, %acc : f32
      linalg.yield %m : f32
    }
  return %max : tensor<5x4xf32>
}
// IR-LABEL: func.func @bag_max
//       IR:   scf.forall
//       IR:     arith.maximumf {{.*}} : vector<4xf32>

// Mean: the sum, then each element divided by the bag size (3).
func.func @bag_mean(%table: tensor<10x4xf32>, %indices: tensor<5x3xi64>) -> tensor<5x4xf32> {
  %sum = call @bag_sum(%table, %indices) : (tensor<10x4xf32>, tensor<5x3xi64>) -> tensor<5x4xf32>
  %k = arith.constant 3.0 : f32
  %empty = tensor.empty() : tensor<5x4xf32>
  %mean = linalg.map ins(%sum : tensor<5x4xf32>) outs(%empty : tensor<5x4xf32>)
    (%x: f32, %unused: f32) {
      %q = arith.divf %x, %k : f32
      linalg.yield %q : f32
    }
  return %mean : tensor<5x4xf32>
}

// Dynamic shapes, a linalg.generic reduction with per-sample weights.
#bkd = affine_map<(b, k, d) -> (b, k, d)>
#bk = affine_map<(b, k, d) -> (b, k)>
#bd = affine_map<(b, k, d) -> (b, d)>
func.func @bag_weighted(%table: tensor<?x?xf32>, %indices: tensor<?x?xi64>, %weights: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %rows = gather.gather %table[%indices] : (tensor<?x?xf32>, tensor<?x?xi64>) -> tensor<?x?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %indices, %c0 : tensor<?x?xi64>
  %d = tensor.dim %table, %c1 : tensor<?x?xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty(%b, %d) : tensor<?x?xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x?xf32>) -> tensor<?x?xf32>
  %sum = linalg.generic {indexing_maps = [#bkd, #bk, #bd], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%rows, %weights : tensor<?x?x?xf32>, tensor<?x?xf32>) outs(%init : tensor<?x?xf32>) {
  ^bb0(%x: f32, %w: f32, %acc: f32):
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %sum : tensor<?x?xf32>
}
// Dynamic D: the accumulator is the output row, 16 elements at a time, then
// one at a time.
// IR-LABEL: func.func @bag_weighted
//   IR-NOT:   gather.gather
//       IR:   scf.forall
//       IR:     arith.mulf {{.*}} : vector<16xf32>
//       IR:     arith.mulf {{.*}} : vector<1xf32>
//   IR-NOT:   gather.gather
//       IR:   return
// TILED-LABEL: func.func @bag_weighted
//       TILED:   scf.forall
//       TILED:     gather.gather {{.*}} -> tensor<1x?x?xf32>

func.func @main() {
  %table = call @table() : () -> tensor<10x4xf32>
  %idx = arith.constant dense<[[0, 1, 2], [9, 9, 9], [3, 0, 3], [5, 6, 7], [4, 2, 0]]> : tensor<5x3xi64>

  %sum = call @bag_sum(%table, %idx) : (tensor<10x4xf32>, tensor<5x3xi64>) -> tensor<5x4xf32>
  %sumd = tensor.cast %sum : tensor<5x4xf32> to tensor<?x?xf32>
  call @print(%sumd) : (tensor<?x?xf32>) -> ()
  // CHECK:      sizes = [5, 4]
  // CHECK-NEXT: [30,   33,   36,   39],
  // CHECK-NEXT: [270,   273,   276,   279],
  // CHECK-NEXT: [60,   63,   66,   69],
  // CHECK-NEXT: [180,   183,   186,   189],
  // CHECK-NEXT: [60,   63,   66,   69]]

  %max = call @bag_max(%table, %idx) : (tensor<10x4xf32>, tensor<5x3xi64>) -> tensor<5x4xf32>
  %maxd = tensor.cast %max : tensor<5x4xf32> to tensor<?x?xf32>
  call @print(%maxd) : (tensor<?x?xf32>) -> ()
  // CHECK:      sizes = [5, 4]
  // CHECK-NEXT: [20,   21,   22,   23],
  // CHECK-NEXT: [90,   91,   92,   93],
  // CHECK-NEXT: [30,   31,   32,   33],
  // CHECK-NEXT: [70,   71,   72,   73],
  // CHECK-NEXT: [40,   41,   42,   43]]

  %mean = call @bag_mean(%table, %idx) : (tensor<10x4xf32>, tensor<5x3xi64>) -> tensor<5x4xf32>
  %meand = tensor.cast %mean : tensor<5x4xf32> to tensor<?x?xf32>
  call @print(%meand) : (tensor<?x?xf32>) -> ()
  // CHECK:      sizes = [5, 4]
  // CHECK-NEXT: [10,   11,   12,   13],
  // CHECK-NEXT: [90,   91,   92,   93],
  // CHECK-NEXT: [20,   21,   22,   23],
  // CHECK-NEXT: [60,   61,   62,   63],
  // CHECK-NEXT: [20,   21,   22,   23]]

  %tabled = tensor.cast %table : tensor<10x4xf32> to tensor<?x?xf32>
  %widx = arith.constant dense<[[1, 2], [8, 3], [0, 0]]> : tensor<3x2xi64>
  %widxd = tensor.cast %widx : tensor<3x2xi64> to tensor<?x?xi64>
  %w = arith.constant dense<[[1.0, 0.5], [2.0, 1.0], [3.0, -1.0]]> : tensor<3x2xf32>
  %wd = tensor.cast %w : tensor<3x2xf32> to tensor<?x?xf32>
  %weighted = call @bag_weighted(%tabled, %widxd, %wd) : (tensor<?x?xf32>, tensor<?x?xi64>, tensor<?x?xf32>) -> tensor<?x?xf32>
  call @print(%weighted) : (tensor<?x?xf32>) -> ()
  // CHECK:      sizes = [3, 4]
  // CHECK-NEXT: [20,   21.5,   23,   24.5],
  // CHECK-NEXT: [190,   193,   196,   199],
  // CHECK-NEXT: [0,   2,   4,   6]]
  return
}

// An index out of bounds in the fourth bag: the fused tile's gather reports
// it with the location of the op it was fused from, and nothing is printed.
func.func @bag_sum_bad(%table: tensor<10x4xf32>, %indices: tensor<5x3xi64>) -> tensor<5x4xf32> {
  // ERR: gather.gather at loc("{{.*}}fused-embedding-bag.mlir":[[@LINE+1]]:11): index 10 is out of bounds [0, 10) in params dimension 0
  %rows = gather.gather %table[%indices] : (tensor<10x4xf32>, tensor<5x3xi64>) -> tensor<5x3x4xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<5x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<5x4xf32>) -> tensor<5x4xf32>
  %sum = linalg.reduce ins(%rows : tensor<5x3x4xf32>) outs(%init : tensor<5x4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %sum : tensor<5x4xf32>
}

func.func @bad_index() {
  %table = call @table() : () -> tensor<10x4xf32>
  %idx = arith.constant dense<[[0, 1, 2], [9, 9, 9], [3, 0, 3], [5, 10, 7], [4, 2, 0]]> : tensor<5x3xi64>
  %sum = call @bag_sum_bad(%table, %idx) : (tensor<10x4xf32>, tensor<5x3xi64>) -> tensor<5x4xf32>
  %sumd = tensor.cast %sum : tensor<5x4xf32> to tensor<?x?xf32>
  call @print(%sumd) : (tensor<?x?xf32>) -> ()
  // ERR-NOT: sizes =
  return
}
