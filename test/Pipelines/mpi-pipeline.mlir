// gather-mpi-pipeline on the module convention of docs/sharding.md (the
// vocabulary-parallel embedding of examples/mpi): the output is LLVM dialect
// only, with one MPI_Allreduce on MPI_COMM_WORLD (no MPI_Comm_split: the group
// is every process), the process's rank from MPI_Comm_rank, and the C
// interface the driver calls. A 2x2 grid needs a split communicator: it is
// made in one cached helper, not on every call. The options of
// gather-cpu-pipeline apply to the local code.
//
// RUN: gather-opt %s --gather-mpi-pipeline | FileCheck %s
// RUN: gather-opt %s --gather-mpi-pipeline="lowering=linalg prefetch-distance=0" | FileCheck %s
// RUN: gather-opt %s --gather-mpi-pipeline | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
//
// CHECK-NOT:   shard.
// CHECK-NOT:   mpi.
// CHECK-NOT:   gather.
// CHECK-DAG:   llvm.func @MPI_Allreduce(!llvm.ptr, !llvm.ptr, i32, i32, i32, i32) -> i32
// CHECK-DAG:   llvm.func @MPI_Comm_rank(i32, !llvm.ptr) -> i32
// CHECK-DAG:   llvm.func @MPI_Comm_split(i32, i32, i32, !llvm.ptr) -> i32
// CHECK-LABEL: llvm.func @embed(
// CHECK-NOT:     llvm.call @MPI_Comm_split
// CHECK:         llvm.call @MPI_Comm_rank
// CHECK-NOT:     llvm.call @MPI_Comm_split
// CHECK:         llvm.call @MPI_Allreduce
// CHECK-NOT:     llvm.call @MPI_
// CHECK-LABEL: llvm.func @_mlir_ciface_embed(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)
// CHECK-LABEL: llvm.func @tokens_2x2(
// CHECK:         %[[COMM:.*]] = llvm.call @__gather_comm_grid22_0() : () -> i64
// CHECK:         %[[C32:.*]] = llvm.trunc %[[COMM]] : i64 to i32
// CHECK:         llvm.call @MPI_Allreduce(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[C32]])
// CHECK-LABEL: llvm.func @_mlir_ciface_tokens_2x2(
// A function without annotations is lowered as gather-cpu-pipeline would
// lower it, with no MPI call.
// CHECK-LABEL: llvm.func @plain(
// CHECK-NOT:     llvm.call @MPI_
// CHECK:         llvm.return
// CHECK:       llvm.mlir.global private @__gather_comm_grid22_0_cache(0 : i64)
// CHECK-LABEL: llvm.func @__gather_comm_grid22_0() -> i64
// CHECK:         llvm.load
// CHECK:         llvm.cond_br
// CHECK:         llvm.call @MPI_Comm_split
// CHECK:         llvm.store
// CHECK-NOT:     llvm.call @MPI_Comm_split
//
// IR: define void @_mlir_ciface_embed(ptr %0, ptr %1, ptr %2)

module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">} {
  shard.grid @grid(shape = 4) {sym_visibility = "private"}
  shard.grid @grid22(shape = 2x2) {sym_visibility = "private"}

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

  func.func @tokens_2x2(%table: tensor<32000x64xf32>, %ids: tensor<8x128xi64>) -> tensor<8x128x64xf32>
      attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid22 split_axes = [[0]] : !shard.sharding
    %tokens = shard.sharding @grid22 split_axes = [[1]] : !shard.sharding
    %t = shard.shard %table to %rows : tensor<32000x64xf32>
    %i = shard.shard %ids to %tokens : tensor<8x128xi64>
    %e = gather.gather %t[%i] mode<zero> : (tensor<32000x64xf32>, tensor<8x128xi64>) -> tensor<8x128x64xf32>
    %out = shard.shard %e to %tokens : tensor<8x128x64xf32>
    return %out : tensor<8x128x64xf32>
  }

  func.func @plain(%params: tensor<8x4xf32>, %ids: tensor<3xi32>) -> tensor<3x4xf32> {
    %e = gather.gather %params[%ids] mode<clamp> : (tensor<8x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
    %one = arith.constant 1.0 : f32
    %c = math.absf %one : f32
    return %e : tensor<3x4xf32>
  }
}
