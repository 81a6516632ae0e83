// gather-mpi-pipeline output run on 4 MPI processes (MPICH runs them on 2
// cores too), checked as in two-ranks.mlir: a grid of 4 (rows over all four
// processes; gather_nd; an embedding and a column-split projection) and a 2x2
// grid (table rows over grid axis 0, tokens over grid axis 1: one all_reduce
// over grid axis 0 only, on a communicator split from MPI_COMM_WORLD). The 2x2
// function then runs 3000 times in one program: upstream's
// convert-shard-to-mpi splits a new communicator on every all_reduce and
// MPICH aborts after about 2045; here the split happens once.
//
// DEFINE: %{cases} = rows4_clamp nd4_zero embed4_matmul cols4_all_gather grid2x2 \
// DEFINE:   grid2x2_repeat
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: gather-opt %s --gather-mpi-pipeline | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: %clang -O1 -Wno-override-module -rdynamic %t.ll %S/Inputs/mpi_driver.c \
// RUN:   %mpi_cflags %mpi_libs -L%llvm_lib_dir -lmlir_c_runner_utils \
// RUN:   -Wl,-rpath,%llvm_lib_dir -o %t.exe
// RUN: %python %S/Inputs/mpi_cases.py prepare %t.d 4 %{cases}
// RUN: %mpiexec -n 4 %t.exe %t.d rows4_clamp rows4_clamp 2 3
// RUN: %mpiexec -n 4 %t.exe %t.d nd4_zero nd4_zero 2 2
// RUN: %mpiexec -n 4 %t.exe %t.d embed4_matmul embed4_matmul 3 2
// RUN: %mpiexec -n 4 %t.exe %t.d cols4_all_gather cols4_all_gather 2 2
// RUN: %mpiexec -n 4 %t.exe %t.d grid2x2 grid2x2 2 3
// RUN: %mpiexec -n 4 %t.exe %t.d grid2x2_repeat grid2x2 2 3 3000
// RUN: %python %S/Inputs/mpi_cases.py check %t.d 4 %{cases} | FileCheck %s
//
// CHECK: rows4_clamp: 4 ranks match numpy
// CHECK: nd4_zero: 4 ranks match numpy
// CHECK: embed4_matmul: 4 ranks match numpy
// CHECK: cols4_all_gather: 4 ranks match numpy
// CHECK: grid2x2: 4 ranks match numpy
// CHECK: grid2x2_repeat: 4 ranks match numpy

module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">} {
  shard.grid @grid(shape = 4) {sym_visibility = "private"}
  shard.grid @grid22(shape = 2x2) {sym_visibility = "private"}

  func.func @rows4_clamp(%table: tensor<64x6xf32>, %ids: tensor<4x5xi64>) -> tensor<4x5x6xf32>
      attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %t = shard.shard %table to %rows : tensor<64x6xf32>
    %i = shard.shard %ids to %rep : tensor<4x5xi64>
    %e = gather.gather %t[%i] mode<clamp> : (tensor<64x6xf32>, tensor<4x5xi64>) -> tensor<4x5x6xf32>
    %out = shard.shard %e to %rep : tensor<4x5x6xf32>
    return %out : tensor<4x5x6xf32>
  }

  func.func @nd4_zero(%params: tensor<8x6x4xf32>, %ids: tensor<5x2xi64>) -> tensor<5x4xf32>
      attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %p = shard.shard %params to %rows : tensor<8x6x4xf32>
    %i = shard.shard %ids to %rep : tensor<5x2xi64>
    %e = gather.gather_nd %p[%i] mode<zero> : (tensor<8x6x4xf32>, tensor<5x2xi64>) -> tensor<5x4xf32>
    %out = shard.shard %e to %rep : tensor<5x4xf32>
    return %out : tensor<5x4xf32>
  }

  func.func @embed4_matmul(%table: tensor<32x8xf32>, %ids: tensor<6xi64>, %w: tensor<8x12xf32>) -> tensor<6x12xf32>
      attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %cols = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
    %t = shard.shard %table to %rows : tensor<32x8xf32>
    %i = shard.shard %ids to %rep : tensor<6xi64>
    %ws = shard.shard %w to %cols : tensor<8x12xf32>
    %e = gather.gather %t[%i] : (tensor<32x8xf32>, tensor<6xi64>) -> tensor<6x8xf32>
    %zero = arith.constant 0.0 : f32
    %empty = tensor.empty() : tensor<6x12xf32>
    %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<6x12xf32>) -> tensor<6x12xf32>
    %m = linalg.matmul ins(%e, %ws : tensor<6x8xf32>, tensor<8x12xf32>) outs(%init : tensor<6x12xf32>) -> tensor<6x12xf32>
    %out = shard.shard %m to %cols : tensor<6x12xf32>
    return %out : tensor<6x12xf32>
  }

  // Columns gathered to every process (a ring of 3 steps), then a gather.
  func.func @cols4_all_gather(%params: tensor<8x12xf32>, %ids: tensor<5xi64>) -> tensor<5x12xf32>
      attributes {llvm.emit_c_interface} {
    %cols = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %p = shard.shard %params to %cols : tensor<8x12xf32>
    %whole = shard.shard %p to %rep annotate_for_users : tensor<8x12xf32>
    %i = shard.shard %ids to %rep : tensor<5xi64>
    %e = gather.gather %whole[%i] : (tensor<8x12xf32>, tensor<5xi64>) -> tensor<5x12xf32>
    %out = shard.shard %e to %rep : tensor<5x12xf32>
    return %out : tensor<5x12xf32>
  }

  // Table rows over grid axis 0, tokens (and the result) over grid axis 1.
  func.func @grid2x2(%table: tensor<32x6xf32>, %ids: tensor<8x3xi64>) -> tensor<8x3x6xf32>
      attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid22 split_axes = [[0]] : !shard.sharding
    %tokens = shard.sharding @grid22 split_axes = [[1]] : !shard.sharding
    %t = shard.shard %table to %rows : tensor<32x6xf32>
    %i = shard.shard %ids to %tokens : tensor<8x3xi64>
    %e = gather.gather %t[%i] mode<zero> : (tensor<32x6xf32>, tensor<8x3xi64>) -> tensor<8x3x6xf32>
    %out = shard.shard %e to %tokens : tensor<8x3x6xf32>
    return %out : tensor<8x3x6xf32>
  }
}
