// RUN: gather-opt %s --convert-shard-collectives-to-mpi -split-input-file -verify-diagnostics

// Collectives no pass lowers are errors, not IR left behind.
shard.grid @grid(shape = 2) {sym_visibility = "private"}
func.func @all_to_all(%x: tensor<4x6xf32>) -> tensor<8x3xf32> {
  // expected-error@+1 {{'shard.all_to_all' op is not lowered to MPI (convert-shard-collectives-to-mpi lowers all_reduce, all_gather and all_slice)}}
  %r = shard.all_to_all %x on @grid grid_axes = [0] split_axis = 1 concat_axis = 0 : tensor<4x6xf32> -> tensor<8x3xf32>
  return %r : tensor<8x3xf32>
}

// -----

shard.grid @grid(shape = 2) {sym_visibility = "private"}
func.func @average(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'shard.all_reduce' op reduction 'average' has no MPI equivalent}}
  %r = shard.all_reduce %x on @grid grid_axes = [0] reduction = average : tensor<4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}
