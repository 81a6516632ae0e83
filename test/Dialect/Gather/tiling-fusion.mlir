// RUN: gather-opt %s --transform-interpreter --split-input-file --canonicalize --cse | FileCheck %s

// Producer fusion of gather ops into the tiled loops of their consumers
// (generateResultTileValue), with transform.structured.fuse and
// fuse_into_containing_op: inside the loop the gather computes only the tile
// the consumer reads, with the tile's type, and no gather of the whole
// result is left before or after the loop.

// An embedding bag: rows of a table gathered per bag ([B, K, D]) and summed
// over K. Tiling B and D and fusing the gather gives an [8, 32, 16] gather per
// tile: 8 bags, all 32 indices of each, 16 columns of the table.

// CHECK-LABEL: func.func @embedding_bag_sum
//  CHECK-SAME:     %[[TABLE:[a-zA-Z0-9]+]]: tensor<1000x64xf32>, %[[IDX:[a-zA-Z0-9]+]]: tensor<128x32xi64>
//   CHECK-NOT:   gather.gather
//       CHECK:   %[[R:.+]] = scf.for %[[B:[a-zA-Z0-9]+]] =
//       CHECK:     scf.for %[[D:[a-zA-Z0-9]+]] = {{.*}} iter_args(%[[ACC:.+]] =
//       CHECK:       %[[TS:.+]] = tensor.extract_slice %[[TABLE]][0, %[[D]]] [1000, 16] [1, 1] : tensor<1000x64xf32> to tensor<1000x16xf32>
//       CHECK:       %[[IS:.+]] = tensor.extract_slice %[[IDX]][%[[B]], 0] [8, 32] [1, 1] : tensor<128x32xi64> to tensor<8x32xi64>
//       CHECK:       %[[ROWS:.+]] = gather.gather %[[TS]][%[[IS]]] : (tensor<1000x16xf32>, tensor<8x32xi64>) -> tensor<8x32x16xf32>
//       CHECK:       %[[OUT:.+]] = tensor.extract_slice %[[ACC]][%[[B]], %[[D]]] [8, 16] [1, 1]
//       CHECK:       %[[INIT:.+]] = linalg.fill {{.*}} outs(%[[OUT]] : tensor<8x16xf32>)
//       CHECK:       %[[SUM:.+]] = linalg.generic {{.*}} ins(%[[ROWS]] : tensor<8x32x16xf32>) outs(%[[INIT]] : tensor<8x16xf32>)
//       CHECK:       tensor.insert_slice %[[SUM]] into %[[ACC]][%[[B]], %[[D]]] [8, 16] [1, 1]
//   CHECK-NOT:   gather.gather
//       CHECK:   return %[[R]]
#bkd = affine_map<(b, k, d) -> (b, k, d)>
#bd = affine_map<(b, k, d) -> (b, d)>
func.func @embedding_bag_sum(%table: tensor<1000x64xf32>, %indices: tensor<128x32xi64>) -> tensor<128x64xf32> {
  %rows = gather.gather %table[%indices] : (tensor<1000x64xf32>, tensor<128x32xi64>) -> tensor<128x32x64xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<128x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<128x64xf32>) -> tensor<128x64xf32>
  %sum = linalg.generic {indexing_maps = [#bkd, #bd], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%rows : tensor<128x32x64xf32>) outs(%init : tensor<128x64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<128x64xf32>
  return %sum : tensor<128x64xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %sum = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l:2 = transform.structured.fuse %sum tile_sizes [8, 0, 16] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A weighted embedding bag on dynamic shapes, tiled over bags with
// scf.forall and the gather fused with fuse_into_containing_op. The loop
// bounds are dims of the gather result: resolving them from its operands
// (ReifyRankedShapedTypeOpInterface) leaves the untiled gather dead.

// CHECK-LABEL: func.func @embedding_bag_weighted
//  CHECK-SAME:     %[[TABLE:[a-zA-Z0-9]+]]: tensor<?x64xf32>, %[[IDX:[a-zA-Z0-9]+]]: tensor<?x?xi32>, %[[W:[a-zA-Z0-9]+]]: tensor<?x?xf32>
//   CHECK-NOT:   gather.gather
//       CHECK:   %[[NB:.+]] = tensor.dim %[[IDX]], %{{.+}} : tensor<?x?xi32>
//       CHECK:   %[[K:.+]] = tensor.dim %[[IDX]], %{{.+}} : tensor<?x?xi32>
//       CHECK:   scf.forall
//       CHECK:     %[[B:.+]] = affine.apply
//       CHECK:     %[[NBT:.+]] = affine.min {{.*}}[%[[NB]]]
//       CHECK:     %[[IS:.+]] = tensor.extract_slice %[[IDX]][%[[B]], 0] [%[[NBT]], %[[K]]] [1, 1]
//       CHECK:     %[[ROWS:.+]] = gather.gather %[[TABLE]][%[[IS]]] mode<zero> : (tensor<?x64xf32>, tensor<?x?xi32>) -> tensor<?x?x64xf32>
//       CHECK:     %[[WS:.+]] = tensor.extract_slice %[[W]][%[[B]], 0] [%[[NBT]], %[[K]]] [1, 1]
//       CHECK:     linalg.generic {{.*}} ins(%[[ROWS]], %[[WS]] : tensor<?x?x64xf32>, tensor<?x?xf32>)
//   CHECK-NOT:   gather.gather
//       CHECK:   return
#bkd = affine_map<(b, k, d) -> (b, k, d)>
#bk = affine_map<(b, k, d) -> (b, k)>
#bd = affine_map<(b, k, d) -> (b, d)>
func.func @embedding_bag_weighted(%table: tensor<?x64xf32>, %indices: tensor<?x?xi32>, %weights: tensor<?x?xf32>, %init: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %rows = gather.gather %table[%indices] mode<zero> : (tensor<?x64xf32>, tensor<?x?xi32>) -> tensor<?x?x64xf32>
  %sum = linalg.generic {indexing_maps = [#bkd, #bk, #bd], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%rows, %weights : tensor<?x?x64xf32>, tensor<?x?xf32>) outs(%init : tensor<?x64xf32>) {
  ^bb0(%x: f32, %w: f32, %acc: f32):
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?x64xf32>
  return %sum : tensor<?x64xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %sum = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %gather = transform.structured.match ops{["gather.gather"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %forall = transform.structured.tile_using_forall %sum tile_sizes [4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fused, %new = transform.structured.fuse_into_containing_op %gather into %forall : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %func = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %func {
      transform.apply_patterns.memref.resolve_ranked_shaped_type_result_dims
    } : !transform.any_op
    transform.yield
  }
}

// -----

// Gathered rows multiplied by a weight matrix: tiling the matmul in M, N and
// K and fusing the gather gives a [16, 32] gather per tile (16 indices, 32
// columns of the table: the matmul's K tile). (The accumulator comes in as
// an argument: a linalg.fill producing it would be fused into the K loop too
// and zero the accumulator on every K step; that is upstream's fusion, not
// the gather's.)

// CHECK-LABEL: func.func @embedding_matmul
//  CHECK-SAME:     %[[TABLE:[a-zA-Z0-9]+]]: tensor<1000x64xf32>, %[[IDS:[a-zA-Z0-9]+]]: tensor<256xi32>, %[[W:[a-zA-Z0-9]+]]: tensor<64x32xf32>
//   CHECK-NOT:   gather.gather
//       CHECK:   scf.for %[[M:[a-zA-Z0-9]+]] =
//       CHECK:     scf.for %[[N:[a-zA-Z0-9]+]] =
//       CHECK:       scf.for %[[K:[a-zA-Z0-9]+]] =
//       CHECK:         %[[TS:.+]] = tensor.extract_slice %[[TABLE]][0, %[[K]]] [1000, 32] [1, 1] : tensor<1000x64xf32> to tensor<1000x32xf32>
//       CHECK:         %[[IS:.+]] = tensor.extract_slice %[[IDS]][%[[M]]] [16] [1] : tensor<256xi32> to tensor<16xi32>
//       CHECK:         %[[ROWS:.+]] = gather.gather %[[TS]][%[[IS]]] : (tensor<1000x32xf32>, tensor<16xi32>) -> tensor<16x32xf32>
//       CHECK:         %[[WS:.+]] = tensor.extract_slice %[[W]][%[[K]], %[[N]]] [32, 8] [1, 1]
//       CHECK:         linalg.matmul ins(%[[ROWS]], %[[WS]] : tensor<16x32xf32>, tensor<32x8xf32>)
//   CHECK-NOT:   gather.gather
//       CHECK:   return
func.func @embedding_matmul(%table: tensor<1000x64xf32>, %ids: tensor<256xi32>, %w: tensor<64x32xf32>, %init: tensor<256x32xf32>) -> tensor<256x32xf32> {
  %rows = gather.gather %table[%ids] : (tensor<1000x64xf32>, tensor<256xi32>) -> tensor<256x64xf32>
  %mm = linalg.matmul ins(%rows, %w : tensor<256x64xf32>, tensor<64x32xf32>) outs(%init : tensor<256x32xf32>) -> tensor<256x32xf32>
  return %mm : tensor<256x32xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l:3 = transform.structured.fuse %mm tile_sizes [16, 8, 32] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// gather_nd (batch_dims = 1, index depth 2) fused into an elementwise
// consumer with fuse {use_forall}: per tile, one batch entry of params and
// indices, 5 index vectors (all of their 2 components), 8 slice columns.

// CHECK-LABEL: func.func @gather_nd_into_elementwise
//  CHECK-SAME:     %[[P:[a-zA-Z0-9]+]]: tensor<2x30x40x16xf32>, %[[I:[a-zA-Z0-9]+]]: tensor<2x10x2xi64>
//   CHECK-NOT:   gather.gather_nd
//       CHECK:   scf.forall (%[[B:.+]], %[[J:.+]], %[[S:.+]]) = (0, 0, 0) to (2, 10, 16) step (1, 5, 8)
//       CHECK:     %[[PS:.+]] = tensor.extract_slice %[[P]][%[[B]], 0, 0, %[[S]]] [1, 30, 40, 8] [1, 1, 1, 1]
//       CHECK:     %[[IS:.+]] = tensor.extract_slice %[[I]][%[[B]], %[[J]], 0] [1, 5, 2] [1, 1, 1]
//       CHECK:     %[[G:.+]] = gather.gather_nd %[[PS]][%[[IS]]] batch_dims = 1 mode<clamp> : (tensor<1x30x40x8xf32>, tensor<1x5x2xi64>) -> tensor<1x5x8xf32>
//       CHECK:     linalg.add ins(%[[G]], %{{.+}} : tensor<1x5x8xf32>, tensor<1x5x8xf32>)
//   CHECK-NOT:   gather.gather_nd
//       CHECK:   return
func.func @gather_nd_into_elementwise(%params: tensor<2x30x40x16xf32>, %indices: tensor<2x10x2xi64>, %bias: tensor<2x10x16xf32>) -> tensor<2x10x16xf32> {
  %g = gather.gather_nd %params[%indices] batch_dims = 1 mode<clamp> : (tensor<2x30x40x16xf32>, tensor<2x10x2xi64>) -> tensor<2x10x16xf32>
  %empty = tensor.empty() : tensor<2x10x16xf32>
  %add = linalg.add ins(%g, %bias : tensor<2x10x16xf32>, tensor<2x10x16xf32>) outs(%empty : tensor<2x10x16xf32>) -> tensor<2x10x16xf32>
  return %add : tensor<2x10x16xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %add = transform.structured.match ops{["linalg.add"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.fuse %add tile_sizes [1, 5, 8] {use_forall} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}

// -----

// A chain: the indices of the second gather are gathered by the first.
// Fusing both into the consumer's loop tiles the first gather by the tile of
// indices the second one reads.

// CHECK-LABEL: func.func @gather_of_gathered_indices
//  CHECK-SAME:     %[[TABLE:[a-zA-Z0-9]+]]: tensor<500x32xf32>, %[[MAP:[a-zA-Z0-9]+]]: tensor<1000xi32>, %[[IDS:[a-zA-Z0-9]+]]: tensor<64xi64>
//   CHECK-NOT:   gather.gather
//       CHECK:   scf.for %[[IV:[a-zA-Z0-9]+]] =
//       CHECK:     %[[IS:.+]] = tensor.extract_slice %[[IDS]][%[[IV]]] [8] [1] : tensor<64xi64> to tensor<8xi64>
//       CHECK:     %[[REMAP:.+]] = gather.gather %[[MAP]][%[[IS]]] : (tensor<1000xi32>, tensor<8xi64>) -> tensor<8xi32>
//       CHECK:     %[[ROWS:.+]] = gather.gather %[[TABLE]][%[[REMAP]]] : (tensor<500x32xf32>, tensor<8xi32>) -> tensor<8x32xf32>
//       CHECK:     linalg.exp ins(%[[ROWS]] : tensor<8x32xf32>)
//   CHECK-NOT:   gather.gather
//       CHECK:   return
func.func @gather_of_gathered_indices(%table: tensor<500x32xf32>, %map: tensor<1000xi32>, %ids: tensor<64xi64>) -> tensor<64x32xf32> {
  %remapped = gather.gather %map[%ids] : (tensor<1000xi32>, tensor<64xi64>) -> tensor<64xi32>
  %rows = gather.gather %table[%remapped] : (tensor<500x32xf32>, tensor<64xi32>) -> tensor<64x32xf32>
  %empty = tensor.empty() : tensor<64x32xf32>
  %exp = linalg.exp ins(%rows : tensor<64x32xf32>) outs(%empty : tensor<64x32xf32>) -> tensor<64x32xf32>
  return %exp : tensor<64x32xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %exp = transform.structured.match ops{["linalg.exp"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.fuse %exp tile_sizes [8, 0] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
