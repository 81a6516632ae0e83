// RUN: gather-opt %s --convert-gather-to-scf="parallel=1" --split-input-file | FileCheck %s

// With `parallel`, a gather that is already inside a parallel loop (one tile
// of a tiled gather) gets no parallel loop of its own: one scf.forall in all,
// the tile's gather lowered to scf.for loops inside it.

// CHECK-LABEL: func.func @tile_in_forall
//       CHECK:   scf.forall (
//   CHECK-NOT:     scf.forall (
//       CHECK:     scf.for %
//   CHECK-NOT:     scf.forall (
//       CHECK:     scf.forall.in_parallel
func.func @tile_in_forall(%params: tensor<100x8xf32>, %indices: tensor<64xi32>) -> tensor<64x8xf32> {
  %init = tensor.empty() : tensor<64x8xf32>
  %r = scf.forall (%i) = (0) to (64) step (16) shared_outs(%out = %init) -> (tensor<64x8xf32>) {
    %idx = tensor.extract_slice %indices[%i] [16] [1] : tensor<64xi32> to tensor<16xi32>
    %g = gather.gather %params[%idx] mode<zero> : (tensor<100x8xf32>, tensor<16xi32>) -> tensor<16x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %g into %out[%i, 0] [16, 8] [1, 1] : tensor<16x8xf32> into tensor<64x8xf32>
    }
  }
  return %r : tensor<64x8xf32>
}

// -----

// Outside a parallel loop the same gather gets its own scf.forall.

// CHECK-LABEL: func.func @not_in_forall
//       CHECK:   scf.forall (
func.func @not_in_forall(%params: tensor<100x8xf32>, %idx: tensor<16xi32>) -> tensor<16x8xf32> {
  %g = gather.gather %params[%idx] mode<zero> : (tensor<100x8xf32>, tensor<16xi32>) -> tensor<16x8xf32>
  return %g : tensor<16x8xf32>
}
