// RUN: gather-opt %s --pass-pipeline='builtin.module(func.func(sharding-propagation,shard-partition))' \
// RUN:   -split-input-file -verify-diagnostics

// The rows of a split addressed dimension must divide evenly: a process's
// first row is its coordinate times the local size.
shard.grid @grid(shape = 2) {sym_visibility = "private"}
func.func @uneven_rows(%table: tensor<33x6xf32>, %ids: tensor<5xi64>) -> tensor<5x6xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<33x6xf32>
  %i = shard.shard %ids to %rep : tensor<5xi64>
  // expected-error@+1 {{'gather.gather' op params dimension 0 of size 33 does not split evenly over 2 processes}}
  %e = gather.gather %t[%i] mode<zero> : (tensor<33x6xf32>, tensor<5xi64>) -> tensor<5x6xf32>
  %out = shard.shard %e to %rep : tensor<5x6xf32>
  return %out : tensor<5x6xf32>
}

// -----

// Partial results are summed: the element type must be a number.
shard.grid @grid(shape = 2) {sym_visibility = "private"}
func.func @complex_rows(%table: tensor<32x6xcomplex<f32>>, %ids: tensor<5xi64>) -> tensor<5x6xcomplex<f32>> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<32x6xcomplex<f32>>
  %i = shard.shard %ids to %rep : tensor<5xi64>
  // expected-error@+1 {{'gather.gather' op cannot sum partial results of element type 'complex<f32>' across processes}}
  %e = gather.gather %t[%i] : (tensor<32x6xcomplex<f32>>, tensor<5xi64>) -> tensor<5x6xcomplex<f32>>
  %out = shard.shard %e to %rep : tensor<5x6xcomplex<f32>>
  return %out : tensor<5x6xcomplex<f32>>
}

