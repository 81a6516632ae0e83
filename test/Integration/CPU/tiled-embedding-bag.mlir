// Embedding bags (gather, then a linalg reduction over each bag's rows) and
// an embedding followed by a matmul, tiled and fused with the transform
// dialect before gather-cpu-pipeline: the gathers are computed tile by tile
// inside the consumers' loops and give the values of the untiled program.
//
// The schedule is a separate module (below `//--- schedule.mlir`), loaded
// with transform-preload-library: the payload that goes on to the pipeline
// holds no transform ops. --leading-lines keeps the line numbers of this
// file, which the out-of-bounds message names.
//
// RUN: split-file --leading-lines %s %t
// DEFINE: %{tile} = gather-opt %t/payload.mlir \
// DEFINE:     --transform-preload-library=transform-library-paths=%t/schedule.mlir \
// DEFINE:     --transform-interpreter
// DEFINE: %{run} = mlir-runner -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils
//
// The fused form: no whole gather left, tiles of static type where the tile
// sizes divide the dimensions.
// RUN: %{tile} --canonicalize | FileCheck %s --check-prefix=IR
//
// RUN: %{tile} --gather-cpu-pipeline="lowering=scf" | %{run} -e main \
// RUN:   | FileCheck %s
// RUN: %{tile} --gather-cpu-pipeline="lowering=linalg" | %{run} -e main \
// RUN:   | FileCheck %s
// With threads, the scf.forall loops run on two OpenMP threads and the
// gathers in their tiles sequentially:
// RUN: %if libomp %{ %{tile} --gather-cpu-pipeline="num-threads=2" \
// RUN:   | %{run} -e main -shared-libs=%libomp | FileCheck %s %}
// RUN: %if libomp %{ %{tile} --gather-cpu-pipeline="num-threads=2" \
// RUN:   | not %{run} -e bad_index -shared-libs=%libomp 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR %}
// The untiled program prints the same values:
// RUN: gather-opt %t/payload.mlir --gather-cpu-pipeline | %{run} -e main \
// RUN:   | FileCheck %s
//
// Error mode in a fused tile reports the index with the op's location:
// RUN: %{tile} --gather-cpu-pipeline | not %{run} -e bad_index 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR

//--- payload.mlir

#bkd = affine_map<(b, k, d) -> (b, k, d)>
#bk = affine_map<(b, k, d) -> (b, k)>
#bd = affine_map<(b, k, d) -> (b, d)>

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

// Sum of each bag's rows, tiled [4 bags, 3 columns] with scf.forall:
// partial tiles in both.
func.func @bag_sum(%table: tensor<10x4xf32>, %indices: tensor<6x3xi64>) -> tensor<6x4xf32> {
  %rows = gather.gather %table[%indices] : (tensor<10x4xf32>, tensor<6x3xi64>) -> tensor<6x3x4xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<6x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<6x4xf32>) -> tensor<6x4xf32>
  %sum = linalg.generic {indexing_maps = [#bkd, #bd], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%rows : tensor<6x3x4xf32>) outs(%init : tensor<6x4xf32>) attrs = {fuse_4x3} {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<6x4xf32>
  return %sum : tensor<6x4xf32>
}
// IR-LABEL: func.func @bag_sum
//   IR-NOT:   gather.gather
//       IR:   scf.forall
//       IR:       gather.gather {{.*}} : (tensor<10x?xf32>, tensor<?x3xi64>) -> tensor<?x3x?xf32>
//   IR-NOT:   gather.gather
//       IR:   return

// Per-sample weights on dynamic shapes, mode<zero>: the out-of-bounds 11 and
// -1 select zero rows. Tiled over 3 bags with scf.forall.
func.func @bag_weighted(%table: tensor<?x?xf32>, %indices: tensor<?x?xi32>, %weights: tensor<?x?xf32>, %init: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %rows = gather.gather %table[%indices] mode<zero> : (tensor<?x?xf32>, tensor<?x?xi32>) -> tensor<?x?x?xf32>
  %sum = linalg.generic {indexing_maps = [#bkd, #bk, #bd], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%rows, %weights : tensor<?x?x?xf32>, tensor<?x?xf32>) outs(%init : tensor<?x?xf32>) attrs = {fuse_forall_3} {
  ^bb0(%x: f32, %w: f32, %acc: f32):
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %sum : tensor<?x?xf32>
}
// IR-LABEL: func.func @bag_weighted
//   IR-NOT:   gather.gather
//       IR:   scf.forall
//       IR:     gather.gather {{.*}} mode<zero> : (tensor<?x?xf32>, tensor<?x?xi32>) -> tensor<?x?x?xf32>
//   IR-NOT:   gather.gather
//       IR:   return

// Maximum over each bag, mode<clamp>, static tiles of one bag and all 4
// columns (scf.forall).
func.func @bag_max(%table: tensor<10x4xf32>, %indices: tensor<2x2xi64>) -> tensor<2x4xf32> {
  %rows = gather.gather %table[%indices] mode<clamp> : (tensor<10x4xf32>, tensor<2x2xi64>) -> tensor<2x2x4xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %empty = tensor.empty() : tensor<2x4xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%empty : tensor<2x4xf32>) -> tensor<2x4xf32>
  %max = linalg.generic {indexing_maps = [#bkd, #bd], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%rows : tensor<2x2x4xf32>) outs(%init : tensor<2x4xf32>) attrs = {fuse_forall_1x4} {
  ^bb0(%x: f32, %acc: f32):
    %m = arith.maximumf %x, %acc : f32
    linalg.yield %m : f32
  } -> tensor<2x4xf32>
  return %max : tensor<2x4xf32>
}
// IR-LABEL: func.func @bag_max
//   IR-NOT:   gather.gather
//       IR:   scf.forall
//       IR:     gather.gather {{.*}} mode<clamp> : (tensor<10x4xf32>, tensor<1x2xi64>) -> tensor<1x2x4xf32>
//   IR-NOT:   gather.gather
//       IR:   return

// Gathered rows times a 4 x 2 matrix, tiled [2, 1, 2] (M, N, K): each tile
// gathers 2 rows and 2 columns of the table.
func.func @embedding_matmul(%table: tensor<10x4xf32>, %ids: tensor<4xi32>, %w: tensor<4x2xf32>, %init: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %rows = gather.gather %table[%ids] : (tensor<10x4xf32>, tensor<4xi32>) -> tensor<4x4xf32>
  %mm = linalg.matmul {fuse_2x1x2} ins(%rows, %w : tensor<4x4xf32>, tensor<4x2xf32>) outs(%init : tensor<4x2xf32>) -> tensor<4x2xf32>
  return %mm : tensor<4x2xf32>
}
// IR-LABEL: func.func @embedding_matmul
//   IR-NOT:   gather.gather
//       IR:   scf.for %
//       IR:     scf.for %
//       IR:       scf.for %
//       IR:         gather.gather {{.*}} : (tensor<10x2xf32>, tensor<2xi32>) -> tensor<2x2xf32>
//   IR-NOT:   gather.gather
//       IR:   return

func.func @main() {
  %table = call @table() : () -> tensor<10x4xf32>

  %idx = arith.constant dense<[[0, 1, 2], [9, 9, 9], [3, 0, 3], [5, 6, 7], [1, 1, 8], [4, 2, 0]]> : tensor<6x3xi64>
  %sum = call @bag_sum(%table, %idx) : (tensor<10x4xf32>, tensor<6x3xi64>) -> tensor<6x4xf32>
  %sumd = tensor.cast %sum : tensor<6x4xf32> to tensor<?x?xf32>
  call @print(%sumd) : (tensor<?x?xf32>) -> ()
  // CHECK:      sizes = [6, 4]
  // CHECK-NEXT: [30,   33,   36,   39],
  // CHECK-NEXT: [270,   273,   276,   279],
  // CHECK-NEXT: [60,   63,   66,   69],
  // CHECK-NEXT: [180,   183,   186,   189],
  // CHECK-NEXT: [100,   103,   106,   109],
  // CHECK-NEXT: [60,   63,   66,   69]]

  %tabled = tensor.cast %table : tensor<10x4xf32> to tensor<?x?xf32>
  %widx = arith.constant dense<[[1, 2], [11, 3], [-1, 0], [5, 5]]> : tensor<4x2xi32>
  %widxd = tensor.cast %widx : tensor<4x2xi32> to tensor<?x?xi32>
  %w = arith.constant dense<[[1.0, 0.5], [2.0, 1.0], [3.0, 0.25], [1.0, -1.0]]> : tensor<4x2xf32>
  %wd = tensor.cast %w : tensor<4x2xf32> to tensor<?x?xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %zd = tensor.cast %z : tensor<4x4xf32> to tensor<?x?xf32>
  %weighted = call @bag_weighted(%tabled, %widxd, %wd, %zd) : (tensor<?x?xf32>, tensor<?x?xi32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  call @print(%weighted) : (tensor<?x?xf32>) -> ()
  // CHECK:      sizes = [4, 4]
  // CHECK-NEXT: [20,   21.5,   23,   24.5],
  // CHECK-NEXT: [30,   31,   32,   33],
  // CHECK-NEXT: [0,   0.25,   0.5,   0.75],
  // CHECK-NEXT: [0,   0,   0,   0]]

  %midx = arith.constant dense<[[0, 20], [3, -5]]> : tensor<2x2xi64>
  %max = call @bag_max(%table, %midx) : (tensor<10x4xf32>, tensor<2x2xi64>) -> tensor<2x4xf32>
  %maxd = tensor.cast %max : tensor<2x4xf32> to tensor<?x?xf32>
  call @print(%maxd) : (tensor<?x?xf32>) -> ()
  // CHECK:      sizes = [2, 4]
  // CHECK-NEXT: [90,   91,   92,   93],
  // CHECK-NEXT: [30,   31,   32,   33]]

  %ids = arith.constant dense<[2, 7, 0, 9]> : tensor<4xi32>
  %mw = arith.constant dense<[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, -1.0]]> : tensor<4x2xf32>
  %e2 = tensor.empty() : tensor<4x2xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4x2xf32>) -> tensor<4x2xf32>
  %mm = call @embedding_matmul(%table, %ids, %mw, %z2) : (tensor<10x4xf32>, tensor<4xi32>, tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  %mmd = tensor.cast %mm : tensor<4x2xf32> to tensor<?x?xf32>
  call @print(%mmd) : (tensor<?x?xf32>) -> ()
  // CHECK:      sizes = [4, 2]
  // CHECK-NEXT: [88,   20],
  // CHECK-NEXT: [288,   70],
  // CHECK-NEXT: [8,   0],
  // CHECK-NEXT: [368,   90]]
  return
}

// The bag sum with an index out of bounds in the second tile of bags: the
// tile's gather reports it with the location of the op it was tiled from.
func.func @bag_sum_bad(%table: tensor<10x4xf32>, %indices: tensor<6x3xi64>) -> tensor<6x4xf32> {
  // ERR: gather.gather at loc("{{.*}}payload.mlir":[[@LINE+1]]:11): index 12 is out of bounds [0, 10) in params dimension 0
  %rows = gather.gather %table[%indices] : (tensor<10x4xf32>, tensor<6x3xi64>) -> tensor<6x3x4xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<6x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<6x4xf32>) -> tensor<6x4xf32>
  %sum = linalg.generic {indexing_maps = [#bkd, #bd], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%rows : tensor<6x3x4xf32>) outs(%init : tensor<6x4xf32>) attrs = {fuse_4x3} {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<6x4xf32>
  return %sum : tensor<6x4xf32>
}

func.func @bad_index() {
  %table = call @table() : () -> tensor<10x4xf32>
  %idx = arith.constant dense<[[0, 1, 2], [9, 9, 9], [3, 0, 3], [5, 6, 7], [1, 12, 8], [4, 2, 0]]> : tensor<6x3xi64>
  %sum = call @bag_sum_bad(%table, %idx) : (tensor<10x4xf32>, tensor<6x3xi64>) -> tensor<6x4xf32>
  %sumd = tensor.cast %sum : tensor<6x4xf32> to tensor<?x?xf32>
  call @print(%sumd) : (tensor<?x?xf32>) -> ()
  // ERR-NOT: sizes =
  return
}

//--- schedule.mlir

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    // Tile each marked consumer and fuse its producers (the gather, the fill
    // of the accumulator) into the loops.
    %sum = transform.structured.match attributes {fuse_4x3} in %root : (!transform.any_op) -> !transform.any_op
    %t0, %l0 = transform.structured.fuse %sum tile_sizes [4, 0, 3] {use_forall} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %max = transform.structured.match attributes {fuse_forall_1x4} in %root : (!transform.any_op) -> !transform.any_op
    %t1, %l1 = transform.structured.fuse %max tile_sizes [1, 0, 4] {use_forall} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %mm = transform.structured.match attributes {fuse_2x1x2} in %root : (!transform.any_op) -> !transform.any_op
    %t2, %l2:3 = transform.structured.fuse %mm tile_sizes [2, 1, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    // Tile with scf.forall, then fuse the gather into it.
    %weighted = transform.structured.match attributes {fuse_forall_3} in %root : (!transform.any_op) -> !transform.any_op
    %gathers = transform.get_producer_of_operand %weighted[0] : (!transform.any_op) -> !transform.any_op
    %t3, %forall = transform.structured.tile_using_forall %weighted tile_sizes [3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %f3, %l3 = transform.structured.fuse_into_containing_op %gathers into %forall : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    // Loop bounds taken from dims of the untiled gathers become dims of
    // their operands; the untiled gathers are then dead.
    %funcs = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %funcs {
      transform.apply_patterns.memref.resolve_ranked_shaped_type_result_dims
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_dce to %funcs : !transform.any_op
    transform.yield
  }
}
