// RUN: gather-opt %s --gather-fuse-reductions="bag-loops=false" --split-input-file | FileCheck %s
// RUN: gather-opt %s --gather-fuse-reductions="tile-size=4 bag-loops=false" --split-input-file \
// RUN:   | FileCheck %s --check-prefix=TILE4

// An embedding bag (gather, then linalg.reduce over each bag's rows): tiled
// over the bags into an scf.forall, with the gather and the fill of the
// accumulator fused into it. No [B, K, D] gather is left.
// CHECK-LABEL: func.func @bag_sum(
//  CHECK-SAME:     %[[T:.*]]: tensor<1000x64xf32>, %[[I:.*]]: tensor<16x32xi64>
//   CHECK-NOT:   gather.gather
//       CHECK:   %[[E:.*]] = tensor.empty() : tensor<16x64xf32>
//       CHECK:   %[[R:.*]] = scf.forall (%[[B:.*]]) in (16) shared_outs(%[[O:.*]] = %[[E]])
//       CHECK:     %[[IS:.*]] = tensor.extract_slice %[[I]][%[[B]], 0] [1, 32] [1, 1]
//       CHECK:     %[[G:.*]] = gather.gather %[[T]][%[[IS]]] : (tensor<1000x64xf32>, tensor<1x32xi64>) -> tensor<1x32x64xf32>
//       CHECK:     %[[OS:.*]] = tensor.extract_slice %[[O]][%[[B]], 0] [1, 64] [1, 1]
//       CHECK:     %[[F:.*]] = linalg.fill {{.*}} outs(%[[OS]] : tensor<1x64xf32>)
//       CHECK:     linalg.reduce ins(%[[G]] : tensor<1x32x64xf32>) outs(%[[F]] : tensor<1x64xf32>) dimensions = [1]
//       CHECK:     scf.forall.in_parallel
//   CHECK-NOT:   gather.gather
//       CHECK:   return %[[R]]
// TILE4-LABEL: func.func @bag_sum(
//       TILE4:   scf.forall (%{{.*}}) = (0) to (16) step (4)
//       TILE4:     gather.gather {{.*}} -> tensor<4x32x64xf32>
func.func @bag_sum(%table: tensor<1000x64xf32>, %indices: tensor<16x32xi64>) -> tensor<16x64xf32> {
  %rows = gather.gather %table[%indices] : (tensor<1000x64xf32>, tensor<16x32xi64>) -> tensor<16x32x64xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<16x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<16x64xf32>) -> tensor<16x64xf32>
  %sum = linalg.reduce ins(%rows : tensor<16x32x64xf32>) outs(%init : tensor<16x64xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %sum : tensor<16x64xf32>
}

// -----

// A linalg.generic with a reduction iterator over the bag's rows, weights
// read beside the rows, mode<zero> kept on the fused tile.
#bkd = affine_map<(b, k, d) -> (b, k, d)>
#bk = affine_map<(b, k, d) -> (b, k)>
#bd = affine_map<(b, k, d) -> (b, d)>
// CHECK-LABEL: func.func @bag_weighted(
//   CHECK-NOT:   gather.gather
//       CHECK:   scf.forall
//       CHECK:     gather.gather {{.*}} mode<zero> : (tensor<?x?xf32>, tensor<1x?xi32>) -> tensor<1x?x?xf32>
//       CHECK:     linalg.generic
//   CHECK-NOT:   gather.gather
//       CHECK:   return
func.func @bag_weighted(%table: tensor<?x?xf32>, %indices: tensor<?x?xi32>, %weights: tensor<?x?xf32>, %init: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %rows = gather.gather %table[%indices] mode<zero> : (tensor<?x?xf32>, tensor<?x?xi32>) -> tensor<?x?x?xf32>
  %sum = linalg.generic {indexing_maps = [#bkd, #bk, #bd], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%rows, %weights : tensor<?x?x?xf32>, tensor<?x?xf32>) outs(%init : tensor<?x?xf32>) {
  ^bb0(%x: f32, %w: f32, %acc: f32):
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %sum : tensor<?x?xf32>
}

// -----

// A reduction over each row (a slice dimension), not over the gathered
// rows: tiled over the first loop over gathered rows as a contraction,
// rows-per-tile (32) bags at a time, so the gather is built a tile at a time.
// CHECK-LABEL: func.func @reduce_slice_dim(
//       CHECK:   scf.forall (%{{.*}}) = (0) to (16) step (32)
//       CHECK:     gather.gather {{.*}} -> tensor<?x32x64xf32>
//       CHECK:     linalg.reduce
func.func @reduce_slice_dim(%table: tensor<1000x64xf32>, %indices: tensor<16x32xi64>) -> tensor<16x32xf32> {
  %rows = gather.gather %table[%indices] : (tensor<1000x64xf32>, tensor<16x32xi64>) -> tensor<16x32x64xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<16x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<16x32xf32>) -> tensor<16x32xf32>
  %sum = linalg.reduce ins(%rows : tensor<16x32x64xf32>) outs(%init : tensor<16x32xf32>) dimensions = [2]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %sum : tensor<16x32xf32>
}

// -----

// Not fused: the gathered tensor has another user, so it is built anyway.
// CHECK-LABEL: func.func @two_users(
//   CHECK-NOT:   scf.forall
//       CHECK:   gather.gather {{.*}} -> tensor<16x32x64xf32>
func.func @two_users(%table: tensor<1000x64xf32>, %indices: tensor<16x32xi64>) -> (tensor<16x64xf32>, tensor<16x32x64xf32>) {
  %rows = gather.gather %table[%indices] : (tensor<1000x64xf32>, tensor<16x32xi64>) -> tensor<16x32x64xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<16x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<16x64xf32>) -> tensor<16x64xf32>
  %sum = linalg.reduce ins(%rows : tensor<16x32x64xf32>) outs(%init : tensor<16x64xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %sum, %rows : tensor<16x64xf32>, tensor<16x32x64xf32>
}

// -----

// A contraction over the gathered rows' columns (an embedding followed by a
// matmul): tiled over the loop that runs over the rows, rows-per-tile (32)
// at a time, the gather fused into the tile.
// CHECK-LABEL: func.func @embed_matmul(
//       CHECK:   scf.forall (%[[R:.*]]) = (0) to (100) step (32)
//       CHECK:     %[[IDS:.*]] = tensor.extract_slice %{{.*}}[%[[R]]] [%{{.*}}] [1] : tensor<100xi64> to tensor<?xi64>
//       CHECK:     %[[ROWS:.*]] = gather.gather %{{.*}}[%[[IDS]]] : (tensor<1000x64xf32>, tensor<?xi64>) -> tensor<?x64xf32>
//       CHECK:     linalg.matmul {gather.fused_reduction} ins(%[[ROWS]], %{{.*}} : tensor<?x64xf32>, tensor<64x16xf32>)
//   CHECK-NOT:   gather.gather
func.func @embed_matmul(%t: tensor<1000x64xf32>, %ids: tensor<100xi64>, %w: tensor<64x16xf32>) -> tensor<100x16xf32> {
  %g = gather.gather %t[%ids] : (tensor<1000x64xf32>, tensor<100xi64>) -> tensor<100x64xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<100x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<100x16xf32>) -> tensor<100x16xf32>
  %r = linalg.matmul ins(%g, %w : tensor<100x64xf32>, tensor<64x16xf32>) outs(%f : tensor<100x16xf32>) -> tensor<100x16xf32>
  return %r : tensor<100x16xf32>
}

// -----

// A [B, K, D] embedding contracted over D (a generic batch matmul): tiled
// over the first loop over gathered positions (b), rows-per-tile at a time
// (here all 8 in one tile).
// CHECK-LABEL: func.func @embed_contract_3d(
//       CHECK:   scf.forall (%[[B:.*]]) = (0) to (8) step (32)
//       CHECK:     gather.gather %{{.*}} : (tensor<1000x64xf32>, tensor<?x3xi64>) -> tensor<?x3x64xf32>
//       CHECK:     linalg.generic
//  CHECK-SAME:       gather.fused_reduction
func.func @embed_contract_3d(%t: tensor<1000x64xf32>, %ids: tensor<8x3xi64>, %w: tensor<64x16xf32>) -> tensor<8x3x16xf32> {
  %g = gather.gather %t[%ids] : (tensor<1000x64xf32>, tensor<8x3xi64>) -> tensor<8x3x64xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x3x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x3x16xf32>) -> tensor<8x3x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, k, n, d) -> (b, k, d)>,
                                        affine_map<(b, k, n, d) -> (d, n)>,
                                        affine_map<(b, k, n, d) -> (b, k, n)>],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%g, %w : tensor<8x3x64xf32>, tensor<64x16xf32>) outs(%f : tensor<8x3x16xf32>) {
  ^bb0(%a: f32, %x: f32, %acc: f32):
    %m = arith.mulf %a, %x : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<8x3x16xf32>
  return %r : tensor<8x3x16xf32>
}

// -----

// A bag of static size 0 (gather_nd, which the bag loops do not take) is
// left unfused: nothing is read, the result is the init (upstream's linalg
// tiling crashed on the loop of size 0; found by utils/difftest/bagtest.py).
// CHECK-LABEL: func.func @empty_bags(
//       CHECK:   gather.gather_nd
//   CHECK-NOT:   scf.forall
//       CHECK:   linalg.generic
//   CHECK-NOT:     gather.fused_reduction
func.func @empty_bags(%t: tensor<5x2xf16>, %ids: tensor<1x0x1xi32>, %init: tensor<1x2xf16>) -> tensor<1x2xf16> {
  %g = gather.gather_nd %t[%ids] mode<zero> : (tensor<5x2xf16>, tensor<1x0x1xi32>) -> tensor<1x0x2xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(b, k, d) -> (b, k, d)>,
                                        affine_map<(b, k, d) -> (b, d)>],
                       iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%g : tensor<1x0x2xf16>) outs(%init : tensor<1x2xf16>) {
  ^bb0(%x: f16, %acc: f16):
    %s = arith.addf %acc, %x : f16
    linalg.yield %s : f16
  } -> tensor<1x2xf16>
  return %r : tensor<1x2xf16>
}
