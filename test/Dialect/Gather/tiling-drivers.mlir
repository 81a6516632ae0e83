// RUN: gather-opt %s --test-gather-tiling --split-input-file --canonicalize --cse | FileCheck %s
// RUN: gather-opt %s --test-gather-tiling=use-forall --split-input-file --canonicalize --cse | FileCheck %s --check-prefix=FORALL

// The C++ drivers on gather ops, through the test pass: scf::tileUsingSCF
// (ops marked gather_test.tile) and scf::tileConsumerAndFuseProducersUsingSCF
// (ops marked gather_test.tile_and_fuse), with scf.for or scf.forall loops.

// CHECK-LABEL: func.func @tile_gather
//  CHECK-SAME:     %[[P:[a-zA-Z0-9]+]]: tensor<10x20x30xf32>, %[[I:[a-zA-Z0-9]+]]: tensor<6xi32>
//       CHECK:   scf.for %[[O:[a-zA-Z0-9]+]] =
//       CHECK:     scf.for %[[J:[a-zA-Z0-9]+]] =
//       CHECK:       %[[PS:.+]] = tensor.extract_slice %[[P]][%[[O]], 0, 0] [5, 20, 30] [1, 1, 1]
//       CHECK:       %[[IS:.+]] = tensor.extract_slice %[[I]][%[[J]]] [2] [1]
//       CHECK:       gather.gather %[[PS]][%[[IS]]] axis = 1 : (tensor<5x20x30xf32>, tensor<2xi32>) -> tensor<5x2x30xf32>
// FORALL-LABEL: func.func @tile_gather
//  FORALL-SAME:     %[[P:[a-zA-Z0-9]+]]: tensor<10x20x30xf32>, %[[I:[a-zA-Z0-9]+]]: tensor<6xi32>
//       FORALL:   scf.forall (%[[O:.+]], %[[J:.+]]) = (0, 0) to (10, 6) step (5, 2)
//       FORALL:     %[[PS:.+]] = tensor.extract_slice %[[P]][%[[O]], 0, 0] [5, 20, 30] [1, 1, 1]
//       FORALL:     %[[IS:.+]] = tensor.extract_slice %[[I]][%[[J]]] [2] [1]
//       FORALL:     gather.gather %[[PS]][%[[IS]]] axis = 1 : (tensor<5x20x30xf32>, tensor<2xi32>) -> tensor<5x2x30xf32>
func.func @tile_gather(%params: tensor<10x20x30xf32>, %indices: tensor<6xi32>) -> tensor<10x6x30xf32> {
  %0 = gather.gather %params[%indices] axis = 1 {gather_test.tile = array<i64: 5, 2>} : (tensor<10x20x30xf32>, tensor<6xi32>) -> tensor<10x6x30xf32>
  return %0 : tensor<10x6x30xf32>
}

// -----

// CHECK-LABEL: func.func @tile_gather_nd
//  CHECK-SAME:     %[[P:[a-zA-Z0-9]+]]: tensor<?x?x16xf32>, %[[I:[a-zA-Z0-9]+]]: tensor<?x2xi64>
//       CHECK:   scf.for %[[J:[a-zA-Z0-9]+]] =
//       CHECK:     scf.for %[[S:[a-zA-Z0-9]+]] =
//       CHECK:       %[[PS:.+]] = tensor.extract_slice %[[P]][0, 0, %[[S]]] [%{{.+}}, %{{.+}}, 4] [1, 1, 1]
//       CHECK:       %[[IS:.+]] = tensor.extract_slice %[[I]][%[[J]], 0] [%{{.+}}, 2] [1, 1]
//       CHECK:       gather.gather_nd %[[PS]][%[[IS]]] mode<zero> : (tensor<?x?x4xf32>, tensor<?x2xi64>) -> tensor<?x4xf32>
// FORALL-LABEL: func.func @tile_gather_nd
//       FORALL:   scf.forall
//       FORALL:     gather.gather_nd %{{.+}}[%{{.+}}] mode<zero> : (tensor<?x?x4xf32>, tensor<?x2xi64>) -> tensor<?x4xf32>
func.func @tile_gather_nd(%params: tensor<?x?x16xf32>, %indices: tensor<?x2xi64>) -> tensor<?x16xf32> {
  %0 = gather.gather_nd %params[%indices] mode<zero> {gather_test.tile = array<i64: 3, 4>} : (tensor<?x?x16xf32>, tensor<?x2xi64>) -> tensor<?x16xf32>
  return %0 : tensor<?x16xf32>
}

// -----

// An embedding bag: the sum over K tiled over bags and columns, the gather
// (and the fill of the accumulator) fused into the loops.

// CHECK-LABEL: func.func @tile_and_fuse_bag
//  CHECK-SAME:     %[[TABLE:[a-zA-Z0-9]+]]: tensor<1000x64xf32>, %[[IDX:[a-zA-Z0-9]+]]: tensor<128x32xi64>
//   CHECK-NOT:   gather.gather
//   CHECK-NOT:   linalg.fill
//       CHECK:   scf.for %[[B:[a-zA-Z0-9]+]] =
//       CHECK:     scf.for %[[D:[a-zA-Z0-9]+]] =
//       CHECK:       %[[TS:.+]] = tensor.extract_slice %[[TABLE]][0, %[[D]]] [1000, 16] [1, 1]
//       CHECK:       %[[IS:.+]] = tensor.extract_slice %[[IDX]][%[[B]], 0] [8, 32] [1, 1]
//       CHECK:       %[[ROWS:.+]] = gather.gather %[[TS]][%[[IS]]] : (tensor<1000x16xf32>, tensor<8x32xi64>) -> tensor<8x32x16xf32>
//       CHECK:       %[[INIT:.+]] = linalg.fill {{.*}} -> tensor<8x16xf32>
//       CHECK:       linalg.generic {{.*}} ins(%[[ROWS]] : tensor<8x32x16xf32>) outs(%[[INIT]] : tensor<8x16xf32>)
//   CHECK-NOT:   gather.gather
//       CHECK:   return
// FORALL-LABEL: func.func @tile_and_fuse_bag
//   FORALL-NOT:   gather.gather
//       FORALL:   scf.forall (%{{.+}}, %{{.+}}) = (0, 0) to (128, 64) step (8, 16)
//       FORALL:     %[[ROWS:.+]] = gather.gather {{.*}} -> tensor<8x32x16xf32>
//       FORALL:     linalg.generic {{.*}} ins(%[[ROWS]] : tensor<8x32x16xf32>)
//   FORALL-NOT:   gather.gather
//       FORALL:   return
#bkd = affine_map<(b, k, d) -> (b, k, d)>
#bd = affine_map<(b, k, d) -> (b, d)>
func.func @tile_and_fuse_bag(%table: tensor<1000x64xf32>, %indices: tensor<128x32xi64>) -> tensor<128x64xf32> {
  %rows = gather.gather %table[%indices] : (tensor<1000x64xf32>, tensor<128x32xi64>) -> tensor<128x32x64xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<128x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<128x64xf32>) -> tensor<128x64xf32>
  %sum = linalg.generic {indexing_maps = [#bkd, #bd], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%rows : tensor<128x32x64xf32>) outs(%init : tensor<128x64xf32>)
      attrs = {gather_test.tile_and_fuse = array<i64: 8, 0, 16>} {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<128x64xf32>
  return %sum : tensor<128x64xf32>
}

// -----

// Gathered rows times a matrix, tiled over M only: a [16, 64] gather per
// tile, params whole.

// CHECK-LABEL: func.func @tile_and_fuse_matmul
//  CHECK-SAME:     %[[TABLE:[a-zA-Z0-9]+]]: tensor<1000x64xf32>, %[[IDS:[a-zA-Z0-9]+]]: tensor<256xi32>
//   CHECK-NOT:   gather.gather
//       CHECK:   scf.for %[[M:[a-zA-Z0-9]+]] =
//       CHECK:     %[[IS:.+]] = tensor.extract_slice %[[IDS]][%[[M]]] [16] [1]
//       CHECK:     %[[ROWS:.+]] = gather.gather %[[TABLE]][%[[IS]]] : (tensor<1000x64xf32>, tensor<16xi32>) -> tensor<16x64xf32>
//       CHECK:     linalg.matmul ins(%[[ROWS]], %{{.+}} : tensor<16x64xf32>, tensor<64x32xf32>)
//   CHECK-NOT:   gather.gather
//       CHECK:   return
// FORALL-LABEL: func.func @tile_and_fuse_matmul
//       FORALL:   scf.forall
//       FORALL:     gather.gather {{.*}} -> tensor<16x64xf32>
func.func @tile_and_fuse_matmul(%table: tensor<1000x64xf32>, %ids: tensor<256xi32>, %w: tensor<64x32xf32>) -> tensor<256x32xf32> {
  %rows = gather.gather %table[%ids] : (tensor<1000x64xf32>, tensor<256xi32>) -> tensor<256x64xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<256x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<256x32xf32>) -> tensor<256x32xf32>
  %mm = linalg.matmul {gather_test.tile_and_fuse = array<i64: 16, 0, 0>} ins(%rows, %w : tensor<256x64xf32>, tensor<64x32xf32>) outs(%init : tensor<256x32xf32>) -> tensor<256x32xf32>
  return %mm : tensor<256x32xf32>
}

// -----

// A gather as the consumer: tiling it with the fusing driver fuses the
// producer of its indices (a linalg.add) tile by tile.

// CHECK-LABEL: func.func @tile_gather_fuse_indices_producer
//  CHECK-SAME:     %[[P:[a-zA-Z0-9]+]]: tensor<50x8xf32>, %[[I:[a-zA-Z0-9]+]]: tensor<40xi64>, %[[OFF:[a-zA-Z0-9]+]]: tensor<40xi64>
//   CHECK-NOT:   linalg.add
//       CHECK:   scf.for %[[J:[a-zA-Z0-9]+]] =
//       CHECK:     %[[IS:.+]] = tensor.extract_slice %[[I]][%[[J]]] [10] [1]
//       CHECK:     %[[OS:.+]] = tensor.extract_slice %[[OFF]][%[[J]]] [10] [1]
//       CHECK:     %[[SUM:.+]] = linalg.add ins(%[[IS]], %[[OS]] : tensor<10xi64>, tensor<10xi64>)
//       CHECK:     gather.gather %[[P]][%[[SUM]]] mode<clamp> : (tensor<50x8xf32>, tensor<10xi64>) -> tensor<10x8xf32>
//   CHECK-NOT:   linalg.add
//       CHECK:   return
// FORALL-LABEL: func.func @tile_gather_fuse_indices_producer
//       FORALL:   scf.forall
//       FORALL:     linalg.add
//       FORALL:     gather.gather {{.*}} -> tensor<10x8xf32>
func.func @tile_gather_fuse_indices_producer(%params: tensor<50x8xf32>, %indices: tensor<40xi64>, %offsets: tensor<40xi64>) -> tensor<40x8xf32> {
  %empty = tensor.empty() : tensor<40xi64>
  %sum = linalg.add ins(%indices, %offsets : tensor<40xi64>, tensor<40xi64>) outs(%empty : tensor<40xi64>) -> tensor<40xi64>
  %0 = gather.gather %params[%sum] mode<clamp> {gather_test.tile_and_fuse = array<i64: 10, 0>} : (tensor<50x8xf32>, tensor<40xi64>) -> tensor<40x8xf32>
  return %0 : tensor<40x8xf32>
}
