// RUN: gather-opt %s --gather-mpi-pipeline -split-input-file -verify-diagnostics

// Upstream's MPI lowering needs to know the MPI implementation; without it,
// it reports an error and still succeeds. The pipeline checks first.
// expected-error@+1 {{gather-mpi-pipeline needs the module attribute dlti.map = #dlti.map<"MPI:Implementation" = "MPICH"> (or "OpenMPI")}}
module {
  shard.grid @grid(shape = 2) {sym_visibility = "private"}
  func.func @f(%x: tensor<4x8xf32>, %i: tensor<3xi64>) -> tensor<3x8xf32> {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %t = shard.shard %x to %rows : tensor<4x8xf32>
    %ii = shard.shard %i to %rep : tensor<3xi64>
    %e = gather.gather %t[%ii] mode<zero> : (tensor<4x8xf32>, tensor<3xi64>) -> tensor<3x8xf32>
    %out = shard.shard %e to %rep : tensor<3x8xf32>
    return %out : tensor<3x8xf32>
  }
}

// -----

// A collective nothing lowers (upstream leaves it and exits 0).
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">} {
  shard.grid @grid(shape = 2) {sym_visibility = "private"}
  func.func @f(%x: tensor<4x6xf32>) -> tensor<8x3xf32> {
    // expected-error@+1 {{'shard.all_to_all' op is not lowered to MPI}}
    %r = shard.all_to_all %x on @grid grid_axes = [0] split_axis = 1 concat_axis = 0 : tensor<4x6xf32> -> tensor<8x3xf32>
    return %r : tensor<8x3xf32>
  }
}

// -----

// Whatever the pipeline does not lower to the LLVM dialect is an error.
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">} {
  func.func @f(%x: tf32) -> tf32 {
    // expected-error@+1 {{'arith.addf' op was not lowered to the LLVM dialect by gather-mpi-pipeline}}
    %r = arith.addf %x, %x : tf32
    return %r : tf32
  }
}
