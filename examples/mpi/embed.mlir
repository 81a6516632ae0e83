// A vocabulary-parallel embedding: the table's rows are split over the 4
// processes of @grid, the token ids are replicated, and every process gets
// the whole embedding. See README.md for the commands.
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">} {
  shard.grid @grid(shape = 4) {sym_visibility = "private"}
  func.func @embed(%table: tensor<32000x64xf32>, %ids: tensor<8x128xi64>) -> tensor<8x128x64xf32>
      attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %t = shard.shard %table to %rows : tensor<32000x64xf32>
    %i = shard.shard %ids to %rep : tensor<8x128xi64>
    %e = gather.gather %t[%i] mode<clamp> : (tensor<32000x64xf32>, tensor<8x128xi64>) -> tensor<8x128x64xf32>
    %out = shard.shard %e to %rep : tensor<8x128x64xf32>
    return %out : tensor<8x128x64xf32>
  }
}
