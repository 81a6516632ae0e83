// gather-mpi-pipeline output run on 2 MPI processes (MPICH). mpi_driver.c
// calls each function below on every process with the process's blocks of
// the inputs mpi_cases.py writes; mpi_cases.py then compares every process's
// result block with numpy's result on the global arrays (each case there
// lists its shardings and its reference). Then programs that must stop: an
// index outside the global bounds in error mode (gather and gather_nd) and
// outside [-n, n) in wrap mode is found by every process, which reports it
// as the op would on one machine and exits with status 1 (mpiexec may kill
// the other process before it prints: see below).
//
// DEFINE: %{cases} = rows_zero rows_clamp rows_error rows_wrap axis1_zero \
// DEFINE:   batch_split batch_axis_clamp ids_split hidden_split nd_zero \
// DEFINE:   nd_clamp nd_error nd_wrap nd_batch_clamp embed_matmul table_all_gather \
// DEFINE:   rows_dynamic
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: gather-opt %s --gather-mpi-pipeline | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: %clang -O1 -Wno-override-module -rdynamic %t.ll %S/Inputs/mpi_driver.c \
// RUN:   %mpi_cflags %mpi_libs -L%llvm_lib_dir -lmlir_c_runner_utils \
// RUN:   -Wl,-rpath,%llvm_lib_dir -o %t.exe
// RUN: %python %S/Inputs/mpi_cases.py prepare %t.d 2 %{cases} \
// RUN:   rows_error_oob rows_wrap_oob nd_error_oob
// RUN: %mpiexec -n 2 %t.exe %t.d rows_zero rows_zero 2 3
// RUN: %mpiexec -n 2 %t.exe %t.d rows_clamp rows_clamp 2 3
// RUN: %mpiexec -n 2 %t.exe %t.d rows_error rows_error 2 3
// RUN: %mpiexec -n 2 %t.exe %t.d rows_wrap rows_wrap 2 3
// RUN: %mpiexec -n 2 %t.exe %t.d axis1_zero axis1_zero 2 2
// RUN: %mpiexec -n 2 %t.exe %t.d batch_split batch_split 2 3
// RUN: %mpiexec -n 2 %t.exe %t.d batch_axis_clamp batch_axis_clamp 2 3
// RUN: %mpiexec -n 2 %t.exe %t.d ids_split ids_split 2 3
// RUN: %mpiexec -n 2 %t.exe %t.d hidden_split hidden_split 2 2
// RUN: %mpiexec -n 2 %t.exe %t.d nd_zero nd_zero 2 2
// RUN: %mpiexec -n 2 %t.exe %t.d nd_clamp nd_clamp 2 2
// RUN: %mpiexec -n 2 %t.exe %t.d nd_error nd_error 2 2
// RUN: %mpiexec -n 2 %t.exe %t.d nd_wrap nd_wrap 2 2
// RUN: %mpiexec -n 2 %t.exe %t.d nd_batch_clamp nd_batch_clamp 2 3
// RUN: %mpiexec -n 2 %t.exe %t.d embed_matmul embed_matmul 3 2
// RUN: %mpiexec -n 2 %t.exe %t.d table_all_gather table_all_gather 2 3
// RUN: %mpiexec -n 2 %t.exe %t.d rows_dynamic rows_dynamic 2 2
// RUN: %python %S/Inputs/mpi_cases.py check %t.d 2 %{cases} | FileCheck %s
//
// CHECK: rows_zero: 2 ranks match numpy
// CHECK: rows_clamp: 2 ranks match numpy
// CHECK: rows_error: 2 ranks match numpy
// CHECK: rows_wrap: 2 ranks match numpy
// CHECK: axis1_zero: 2 ranks match numpy
// CHECK: batch_split: 2 ranks match numpy
// CHECK: batch_axis_clamp: 2 ranks match numpy
// CHECK: ids_split: 2 ranks match numpy
// CHECK: hidden_split: 2 ranks match numpy
// CHECK: nd_zero: 2 ranks match numpy
// CHECK: nd_clamp: 2 ranks match numpy
// CHECK: nd_error: 2 ranks match numpy
// CHECK: nd_wrap: 2 ranks match numpy
// CHECK: nd_batch_clamp: 2 ranks match numpy
// CHECK: embed_matmul: 2 ranks match numpy
// CHECK: table_all_gather: 2 ranks match numpy
// CHECK: rows_dynamic: 2 ranks match numpy
//
// Each process writes its own output file (-outfile-pattern, %%r: the rank).
// Every process finds the bad index, but mpiexec (MPICH's hydra) kills the
// others as soon as one exits with status 1, so a slower process may be
// killed before it prints: the report is checked in both files together.
// RUN: %mpiexec -n 2 -outfile-pattern %t.d/rows_error.report.%%r %t.exe %t.d \
// RUN:   rows_error_oob rows_error 2 3 || echo "failed: $?" > %t.d/rows_error.status
// RUN: cat %t.d/rows_error.report.* | FileCheck %s --check-prefix=ROWS-ERROR
// RUN: FileCheck %s --check-prefix=FAILED < %t.d/rows_error.status
// RUN: %mpiexec -n 2 -outfile-pattern %t.d/rows_wrap.report.%%r %t.exe %t.d \
// RUN:   rows_wrap_oob rows_wrap 2 3 || echo "failed: $?" > %t.d/rows_wrap.status
// RUN: cat %t.d/rows_wrap.report.* | FileCheck %s --check-prefix=ROWS-WRAP
// RUN: FileCheck %s --check-prefix=FAILED < %t.d/rows_wrap.status
// RUN: %mpiexec -n 2 -outfile-pattern %t.d/nd_error.report.%%r %t.exe %t.d \
// RUN:   nd_error_oob nd_error 2 2 || echo "failed: $?" > %t.d/nd_error.status
// RUN: cat %t.d/nd_error.report.* | FileCheck %s --check-prefix=ND-ERROR
// RUN: FileCheck %s --check-prefix=FAILED < %t.d/nd_error.status
// FAILED: failed: {{[1-9]}}

module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">} {
  shard.grid @grid(shape = 2) {sym_visibility = "private"}

  // Table rows split (the gathered axis), ids and result replicated.
  func.func @rows_zero(%table: tensor<32x6xf32>, %ids: tensor<5x3xi64>) -> tensor<5x3x6xf32>
      attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %t = shard.shard %table to %rows : tensor<32x6xf32>
    %i = shard.shard %ids to %rep : tensor<5x3xi64>
    %e = gather.gather %t[%i] mode<zero> : (tensor<32x6xf32>, tensor<5x3xi64>) -> tensor<5x3x6xf32>
    %out = shard.shard %e to %rep : tensor<5x3x6xf32>
    return %out : tensor<5x3x6xf32>
  }
  func.func @rows_clamp(%table: tensor<32x6xf32>, %ids: tensor<5x3xi64>) -> tensor<5x3x6xf32>
      attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %t = shard.shard %table to %rows : tensor<32x6xf32>
    %i = shard.shard %ids to %rep : tensor<5x3xi64>
    %e = gather.gather %t[%i] mode<clamp> : (tensor<32x6xf32>, tensor<5x3xi64>) -> tensor<5x3x6xf32>
    %out = shard.shard %e to %rep : tensor<5x3x6xf32>
    return %out : tensor<5x3x6xf32>
  }
  func.func @rows_error(%table: tensor<32x6xf32>, %ids: tensor<5x3xi64>) -> tensor<5x3x6xf32>
      attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %t = shard.shard %table to %rows : tensor<32x6xf32>
    %i = shard.shard %ids to %rep : tensor<5x3xi64>
    // ROWS-ERROR: gather.gather at loc("{{.*}}two-ranks.mlir":[[# @LINE + 1]]:10): index 40 is out of bounds [0, 32) in params dimension 0
    %e = gather.gather %t[%i] : (tensor<32x6xf32>, tensor<5x3xi64>) -> tensor<5x3x6xf32>
    %out = shard.shard %e to %rep : tensor<5x3x6xf32>
    return %out : tensor<5x3x6xf32>
  }
  func.func @rows_wrap(%table: tensor<32x6xf32>, %ids: tensor<5x3xi64>) -> tensor<5x3x6xf32>
      attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %t = shard.shard %table to %rows : tensor<32x6xf32>
    %i = shard.shard %ids to %rep : tensor<5x3xi64>
    // ROWS-WRAP: gather.gather at loc("{{.*}}two-ranks.mlir":[[# @LINE + 1]]:10): index -33 is out of bounds
    %e = gather.gather %t[%i] mode<wrap> : (tensor<32x6xf32>, tensor<5x3xi64>) -> tensor<5x3x6xf32>
    %out = shard.shard %e to %rep : tensor<5x3x6xf32>
    return %out : tensor<5x3x6xf32>
  }

  // The gathered axis is 1, split; i32 indices.
  func.func @axis1_zero(%params: tensor<6x32xf32>, %ids: tensor<7xi32>) -> tensor<6x7xf32>
      attributes {llvm.emit_c_interface} {
    %cols = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %p = shard.shard %params to %cols : tensor<6x32xf32>
    %i = shard.shard %ids to %rep : tensor<7xi32>
    %e = gather.gather %p[%i] axis = 1 mode<zero> : (tensor<6x32xf32>, tensor<7xi32>) -> tensor<6x7xf32>
    %out = shard.shard %e to %rep : tensor<6x7xf32>
    return %out : tensor<6x7xf32>
  }

  // batch_dims = 1: params and indices split on the shared batch dimension.
  func.func @batch_split(%params: tensor<4x16x3xf32>, %ids: tensor<4x5xi64>) -> tensor<4x5x3xf32>
      attributes {llvm.emit_c_interface} {
    %batch = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %p = shard.shard %params to %batch : tensor<4x16x3xf32>
    %i = shard.shard %ids to %batch : tensor<4x5xi64>
    %e = gather.gather %p[%i] axis = 1 batch_dims = 1 : (tensor<4x16x3xf32>, tensor<4x5xi64>) -> tensor<4x5x3xf32>
    %out = shard.shard %e to %batch : tensor<4x5x3xf32>
    return %out : tensor<4x5x3xf32>
  }
  // batch_dims = 1, params split on the gathered axis.
  func.func @batch_axis_clamp(%params: tensor<4x16x3xf32>, %ids: tensor<4x5xi64>) -> tensor<4x5x3xf32>
      attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %p = shard.shard %params to %rows : tensor<4x16x3xf32>
    %i = shard.shard %ids to %rep : tensor<4x5xi64>
    %e = gather.gather %p[%i] axis = 1 batch_dims = 1 mode<clamp> : (tensor<4x16x3xf32>, tensor<4x5xi64>) -> tensor<4x5x3xf32>
    %out = shard.shard %e to %rep : tensor<4x5x3xf32>
    return %out : tensor<4x5x3xf32>
  }

  // Data parallel: ids and result split, params replicated.
  func.func @ids_split(%params: tensor<16x4xf32>, %ids: tensor<6x3xi64>) -> tensor<6x3x4xf32>
      attributes {llvm.emit_c_interface} {
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %p = shard.shard %params to %rep : tensor<16x4xf32>
    %i = shard.shard %ids to %rows : tensor<6x3xi64>
    %e = gather.gather %p[%i] : (tensor<16x4xf32>, tensor<6x3xi64>) -> tensor<6x3x4xf32>
    %out = shard.shard %e to %rows : tensor<6x3x4xf32>
    return %out : tensor<6x3x4xf32>
  }

  // Tensor parallel: params split on the hidden dimension.
  func.func @hidden_split(%params: tensor<16x8xf32>, %ids: tensor<5xi64>) -> tensor<5x8xf32>
      attributes {llvm.emit_c_interface} {
    %cols = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %p = shard.shard %params to %cols : tensor<16x8xf32>
    %i = shard.shard %ids to %rep : tensor<5xi64>
    %e = gather.gather %p[%i] : (tensor<16x8xf32>, tensor<5xi64>) -> tensor<5x8xf32>
    %out = shard.shard %e to %cols : tensor<5x8xf32>
    return %out : tensor<5x8xf32>
  }

  // gather_nd, params split on the first indexed dimension.
  func.func @nd_zero(%params: tensor<8x6x4xf32>, %ids: tensor<5x2xi64>) -> tensor<5x4xf32>
      attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %p = shard.shard %params to %rows : tensor<8x6x4xf32>
    %i = shard.shard %ids to %rep : tensor<5x2xi64>
    %e = gather.gather_nd %p[%i] mode<zero> : (tensor<8x6x4xf32>, tensor<5x2xi64>) -> tensor<5x4xf32>
    %out = shard.shard %e to %rep : tensor<5x4xf32>
    return %out : tensor<5x4xf32>
  }
  func.func @nd_clamp(%params: tensor<8x6x4xf32>, %ids: tensor<5x2xi64>) -> tensor<5x4xf32>
      attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %p = shard.shard %params to %rows : tensor<8x6x4xf32>
    %i = shard.shard %ids to %rep : tensor<5x2xi64>
    %e = gather.gather_nd %p[%i] mode<clamp> : (tensor<8x6x4xf32>, tensor<5x2xi64>) -> tensor<5x4xf32>
    %out = shard.shard %e to %rep : tensor<5x4xf32>
    return %out : tensor<5x4xf32>
  }
  func.func @nd_error(%params: tensor<8x6x4xf32>, %ids: tensor<5x2xi64>) -> tensor<5x4xf32>
      attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %p = shard.shard %params to %rows : tensor<8x6x4xf32>
    %i = shard.shard %ids to %rep : tensor<5x2xi64>
    // ND-ERROR: gather.gather_nd at loc("{{.*}}two-ranks.mlir":[[# @LINE + 1]]:10): index 6 is out of bounds [0, 6) in params dimension 1
    %e = gather.gather_nd %p[%i] : (tensor<8x6x4xf32>, tensor<5x2xi64>) -> tensor<5x4xf32>
    %out = shard.shard %e to %rep : tensor<5x4xf32>
    return %out : tensor<5x4xf32>
  }
  func.func @nd_wrap(%params: tensor<8x6x4xf32>, %ids: tensor<5x2xi64>) -> tensor<5x4xf32>
      attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %p = shard.shard %params to %rows : tensor<8x6x4xf32>
    %i = shard.shard %ids to %rep : tensor<5x2xi64>
    %e = gather.gather_nd %p[%i] mode<wrap> : (tensor<8x6x4xf32>, tensor<5x2xi64>) -> tensor<5x4xf32>
    %out = shard.shard %e to %rep : tensor<5x4xf32>
    return %out : tensor<5x4xf32>
  }
  // gather_nd with batch_dims = 1, its first indexed dimension split.
  func.func @nd_batch_clamp(%params: tensor<2x8x3xf32>, %ids: tensor<2x4x1xi64>) -> tensor<2x4x3xf32>
      attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %p = shard.shard %params to %rows : tensor<2x8x3xf32>
    %i = shard.shard %ids to %rep : tensor<2x4x1xi64>
    %e = gather.gather_nd %p[%i] batch_dims = 1 mode<clamp> : (tensor<2x8x3xf32>, tensor<2x4x1xi64>) -> tensor<2x4x3xf32>
    %out = shard.shard %e to %rep : tensor<2x4x3xf32>
    return %out : tensor<2x4x3xf32>
  }

  // An embedding (vocabulary-parallel) followed by a projection whose
  // columns are split (tensor-parallel): the result keeps the columns split.
  func.func @embed_matmul(%table: tensor<16x8xf32>, %ids: tensor<6xi64>, %w: tensor<8x10xf32>) -> tensor<6x10xf32>
      attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %cols = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
    %t = shard.shard %table to %rows : tensor<16x8xf32>
    %i = shard.shard %ids to %rep : tensor<6xi64>
    %ws = shard.shard %w to %cols : tensor<8x10xf32>
    %e = gather.gather %t[%i] mode<clamp> : (tensor<16x8xf32>, tensor<6xi64>) -> tensor<6x8xf32>
    %zero = arith.constant 0.0 : f32
    %empty = tensor.empty() : tensor<6x10xf32>
    %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<6x10xf32>) -> tensor<6x10xf32>
    %m = linalg.matmul ins(%e, %ws : tensor<6x8xf32>, tensor<8x10xf32>) outs(%init : tensor<6x10xf32>) -> tensor<6x10xf32>
    %out = shard.shard %m to %cols : tensor<6x10xf32>
    return %out : tensor<6x10xf32>
  }

  // The table's rows gathered to every process (shard.all_gather), then a
  // local gather.
  func.func @table_all_gather(%table: tensor<32x6xf32>, %ids: tensor<5x3xi64>) -> tensor<5x3x6xf32>
      attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %t = shard.shard %table to %rows : tensor<32x6xf32>
    %whole = shard.shard %t to %rep annotate_for_users : tensor<32x6xf32>
    %i = shard.shard %ids to %rep : tensor<5x3xi64>
    %e = gather.gather %whole[%i] : (tensor<32x6xf32>, tensor<5x3xi64>) -> tensor<5x3x6xf32>
    %out = shard.shard %e to %rep : tensor<5x3x6xf32>
    return %out : tensor<5x3x6xf32>
  }

  // Dynamic sizes: the global row count is the local one times 2.
  func.func @rows_dynamic(%table: tensor<?x6xf32>, %ids: tensor<?xi32>) -> tensor<?x6xf32>
      attributes {llvm.emit_c_interface} {
    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %t = shard.shard %table to %rows : tensor<?x6xf32>
    %i = shard.shard %ids to %rep : tensor<?xi32>
    %e = gather.gather %t[%i] mode<clamp> : (tensor<?x6xf32>, tensor<?xi32>) -> tensor<?x6xf32>
    %out = shard.shard %e to %rep : tensor<?x6xf32>
    return %out : tensor<?x6xf32>
  }
}
