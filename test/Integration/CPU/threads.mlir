// gather-cpu-pipeline{num-threads=2} runs the outermost gather loop, or the
// chunks of the position loop inside few rows (batch rows too) or long
// ones, on two OpenMP threads
// (libomp), with prefetching on; the results are those of
// the single-threaded pipeline, and an out-of-bounds index still stops the
// program naming the first bad index.
//
// REQUIRES: libomp
// RUN: gather-opt %s --gather-cpu-pipeline="num-threads=2 prefetch-distance=2" \
// RUN: | not mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN:     -shared-libs=%libomp \
// RUN: | FileCheck %s --check-prefixes=CHECK,ERR
// Tuned for Zen (element chunks checked and copied in sub-chunks):
// RUN: gather-opt %s --gather-cpu-pipeline="target-cpu=znver5 num-threads=2" \
// RUN: | not mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN:     -shared-libs=%libomp \
// RUN: | FileCheck %s --check-prefixes=CHECK,ERR
// RUN: gather-opt %s --gather-cpu-pipeline \
// RUN: | not mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s --check-prefixes=CHECK,ERR
// The threaded code really forks (calls into libomp):
// RUN: gather-opt %s --gather-cpu-pipeline="num-threads=2" \
// RUN: | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// IR: call void {{.*}}@__kmpc_fork_call(
// And the error path, with ahead-of-time compilation linked against libomp:
// RUN: gather-opt %s --gather-cpu-pipeline="num-threads=2" \
// RUN: | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: %llvm_lib_dir/../bin/clang -Wno-override-module %t.ll -o %t.exe -L%llvm_lib_dir \
// RUN:   -lmlir_runner_utils -lmlir_c_runner_utils -lomp -Wl,-rpath,%llvm_lib_dir
// RUN: echo | not %t.exe 2>&1 | FileCheck %s --check-prefixes=CHECK,ERR

func.func private @printMemrefF32(tensor<*xf32>)

// params[i, j] = 10 i + j.
func.func @iota(%d0: index, %d1: index) -> tensor<?x?xf32> {
  %t = tensor.generate %d0, %d1 {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c10 : index
    %v = arith.addi %a, %j : index
    %vi = arith.index_cast %v : index to i64
    %vf = arith.sitofp %vi : i64 to f32
    tensor.yield %vf : f32
  } : tensor<?x?xf32>
  return %t : tensor<?x?xf32>
}

func.func @print(%r: tensor<?x?xf32>) {
  %u = tensor.cast %r : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Rows, error mode: the forall runs over the 6 positions.
func.func @rows(%params: tensor<?x?xf32>, %indices: tensor<?xi32>) -> tensor<?x?xf32> {
  %r = gather.gather %params[%indices] : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// Elements (axis 1), zero mode: the forall runs over the outer dimension.
func.func @columns(%params: tensor<?x?xf32>, %indices: tensor<?xi64>) -> tensor<?x?xf32> {
  %r = gather.gather %params[%indices] axis = 1 mode<zero> : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// Elements of few (static) rows: the rows loop runs in sequence, each row's
// positions in chunks over the threads (Threads::OverChunks).
func.func @few_rows(%params: tensor<4x?xf32>, %indices: tensor<?xi32>) -> tensor<4x?xf32> {
  %r = gather.gather %params[%indices] axis = 1 : (tensor<4x?xf32>, tensor<?xi32>) -> tensor<4x?xf32>
  return %r : tensor<4x?xf32>
}
func.func @few_rows_zero(%params: tensor<4x?xf32>, %indices: tensor<?xi32>) -> tensor<4x?xf32> {
  %r = gather.gather %params[%indices] axis = 1 mode<zero> : (tensor<4x?xf32>, tensor<?xi32>) -> tensor<4x?xf32>
  return %r : tensor<4x?xf32>
}

// batch_dims = 1 over few (static) batches: each batch row's positions in
// chunks over the threads too, each reading its own row of indices.
func.func @batch_rows_zero(%params: tensor<4x?xf32>, %indices: tensor<4x?xi32>) -> tensor<4x?xf32> {
  %r = gather.gather %params[%indices] axis = 1 batch_dims = 1 mode<zero> : (tensor<4x?xf32>, tensor<4x?xi32>) -> tensor<4x?xf32>
  return %r : tensor<4x?xf32>
}

// 4 x 2500 indices: (m + b) mod 3 in batch b, but batch 2's position 1500
// holds -1.
func.func @batch_mod3() -> tensor<4x?xi32> {
  %c2500 = arith.constant 2500 : index
  %ids = tensor.generate %c2500 {
  ^bb0(%b: index, %m: index):
    %c2 = arith.constant 2 : index
    %c3i = arith.constant 3 : index
    %c1500 = arith.constant 1500 : index
    %mb = arith.addi %m, %b : index
    %r3 = arith.remui %mb, %c3i : index
    %v = arith.index_cast %r3 : index to i32
    %is1500 = arith.cmpi eq, %m, %c1500 : index
    %is2 = arith.cmpi eq, %b, %c2 : index
    %isBad = arith.andi %is1500, %is2 : i1
    %bad = arith.constant -1 : i32
    %v1 = arith.select %isBad, %bad, %v : i32
    tensor.yield %v1 : i32
  } : tensor<4x?xi32>
  return %ids : tensor<4x?xi32>
}

// Elements of any number of rows (dynamic here) when each row has at least
// 2^18 positions (static): the rows in sequence too, each row's chunks over
// the threads.
func.func @many_long_rows_zero(%params: tensor<?x?xf32>, %indices: tensor<262144xi32>) -> tensor<?x262144xf32> {
  %r = gather.gather %params[%indices] axis = 1 mode<zero> : (tensor<?x?xf32>, tensor<262144xi32>) -> tensor<?x262144xf32>
  return %r : tensor<?x262144xf32>
}

// 2^18 positions holding m mod 3, but position 200000 holds -1.
func.func @long_mod3() -> tensor<262144xi32> {
  %ids = tensor.generate {
  ^bb0(%m: index):
    %c3i = arith.constant 3 : index
    %c200000 = arith.constant 200000 : index
    %r3 = arith.remui %m, %c3i : index
    %v = arith.index_cast %r3 : index to i32
    %bad = arith.constant -1 : i32
    %isBad = arith.cmpi eq, %m, %c200000 : index
    %v1 = arith.select %isBad, %bad, %v : i32
    tensor.yield %v1 : i32
  } : tensor<262144xi32>
  return %ids : tensor<262144xi32>
}

// 2500 positions (chunks of 1024, 1024 and 452) holding m mod 3, but
// position 1500 holds `bad`.
func.func @mod3(%bad: i32) -> tensor<?xi32> {
  %c2500 = arith.constant 2500 : index
  %ids = tensor.generate %c2500 {
  ^bb0(%m: index):
    %c3i = arith.constant 3 : index
    %c1500 = arith.constant 1500 : index
    %r3 = arith.remui %m, %c3i : index
    %v = arith.index_cast %r3 : index to i32
    %is1500 = arith.cmpi eq, %m, %c1500 : index
    %v1 = arith.select %is1500, %bad, %v : i32
    tensor.yield %v1 : i32
  } : tensor<?xi32>
  return %ids : tensor<?xi32>
}

// Columns [1022, 1026) and [1498, 1502) of a 4 x 2500 result.
func.func @print_columns(%r: tensor<4x?xf32>) {
  %a = tensor.extract_slice %r[0, 1022] [4, 4] [1, 1] : tensor<4x?xf32> to tensor<4x4xf32>
  %b = tensor.extract_slice %r[0, 1498] [4, 4] [1, 1] : tensor<4x?xf32> to tensor<4x4xf32>
  %au = tensor.cast %a : tensor<4x4xf32> to tensor<*xf32>
  %bu = tensor.cast %b : tensor<4x4xf32> to tensor<*xf32>
  call @printMemrefF32(%au) : (tensor<*xf32>) -> ()
  call @printMemrefF32(%bu) : (tensor<*xf32>) -> ()
  return
}

// gather_nd with batch_dims = 1, clamp mode: the forall runs over the batch.
func.func @nd(%params: tensor<?x?xf32>, %indices: tensor<?x2x1xindex>) -> tensor<?x2xf32> {
  %r = gather.gather_nd %params[%indices] batch_dims = 1 mode<clamp> : (tensor<?x?xf32>, tensor<?x2x1xindex>) -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}

func.func @main() {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %p = call @iota(%c4, %c3) : (index, index) -> tensor<?x?xf32>

  %ri = arith.constant dense<[3, 1, 0, 2, 2, 3]> : tensor<6xi32>
  %rid = tensor.cast %ri : tensor<6xi32> to tensor<?xi32>
  %r = call @rows(%p, %rid) : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  call @print(%r) : (tensor<?x?xf32>) -> ()
  // CHECK-LABEL: sizes = [6, 3]
  // CHECK-NEXT: {{\[}}[30, 31, 32],
  // CHECK-NEXT:  [10, 11, 12],
  // CHECK-NEXT:  [0, 1, 2],
  // CHECK-NEXT:  [20, 21, 22],
  // CHECK-NEXT:  [20, 21, 22],
  // CHECK-NEXT:  [30, 31, 32]]

  %ci = arith.constant dense<[2, -1, 0, 3, 1]> : tensor<5xi64>
  %cid = tensor.cast %ci : tensor<5xi64> to tensor<?xi64>
  %c = call @columns(%p, %cid) : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  call @print(%c) : (tensor<?x?xf32>) -> ()
  // CHECK-LABEL: sizes = [4, 5]
  // CHECK-NEXT: {{\[}}[2, 0, 0, 0, 1],
  // CHECK-NEXT:  [12, 0, 10, 0, 11],
  // CHECK-NEXT:  [22, 0, 20, 0, 21],
  // CHECK-NEXT:  [32, 0, 30, 0, 31]]

  %ni = arith.constant dense<[[[2], [-5]], [[0], [7]], [[1], [1]], [[2], [0]]]> : tensor<4x2x1xindex>
  %nid = tensor.cast %ni : tensor<4x2x1xindex> to tensor<?x2x1xindex>
  %n = call @nd(%p, %nid) : (tensor<?x?xf32>, tensor<?x2x1xindex>) -> tensor<?x2xf32>
  %nd = tensor.cast %n : tensor<?x2xf32> to tensor<?x?xf32>
  call @print(%nd) : (tensor<?x?xf32>) -> ()
  // CHECK-LABEL: sizes = [4, 2]
  // CHECK-NEXT: {{\[}}[2, 0],
  // CHECK-NEXT:  [10, 12],
  // CHECK-NEXT:  [21, 21],
  // CHECK-NEXT:  [32, 30]]

  %p4 = tensor.cast %p : tensor<?x?xf32> to tensor<4x?xf32>
  %c2 = arith.constant 2 : i32
  %good = call @mod3(%c2) : (i32) -> tensor<?xi32>
  %fr = call @few_rows(%p4, %good) : (tensor<4x?xf32>, tensor<?xi32>) -> tensor<4x?xf32>
  call @print_columns(%fr) : (tensor<4x?xf32>) -> ()
  // CHECK-LABEL: sizes = [4, 4]
  // CHECK-NEXT: {{\[}}[2, 0, 1, 2],
  // CHECK-NEXT:  [12, 10, 11, 12],
  // CHECK-NEXT:  [22, 20, 21, 22],
  // CHECK-NEXT:  [32, 30, 31, 32]]
  // CHECK-LABEL: sizes = [4, 4]
  // CHECK-NEXT: {{\[}}[1, 2, 2, 1],
  // CHECK-NEXT:  [11, 12, 12, 11],
  // CHECK-NEXT:  [21, 22, 22, 21],
  // CHECK-NEXT:  [31, 32, 32, 31]]
  %bid4 = call @batch_mod3() : () -> tensor<4x?xi32>
  %bz = call @batch_rows_zero(%p4, %bid4) : (tensor<4x?xf32>, tensor<4x?xi32>) -> tensor<4x?xf32>
  call @print_columns(%bz) : (tensor<4x?xf32>) -> ()
  // CHECK-LABEL: sizes = [4, 4]
  // CHECK-NEXT: {{\[}}[2, 0, 1, 2],
  // CHECK-NEXT:  [10, 11, 12, 10],
  // CHECK-NEXT:  [21, 22, 20, 21],
  // CHECK-NEXT:  [32, 30, 31, 32]]
  // CHECK-LABEL: sizes = [4, 4]
  // CHECK-NEXT: {{\[}}[1, 2, 0, 1],
  // CHECK-NEXT:  [12, 10, 11, 12],
  // CHECK-NEXT:  [20, 21, 0, 20],
  // CHECK-NEXT:  [31, 32, 30, 31]]

  // Rows 8-10 of 12, positions [199998, 200002): 199998 mod 3 = 0.
  %c12 = arith.constant 12 : index
  %p12 = call @iota(%c12, %c3) : (index, index) -> tensor<?x?xf32>
  %lid = call @long_mod3() : () -> tensor<262144xi32>
  %lr = call @many_long_rows_zero(%p12, %lid) : (tensor<?x?xf32>, tensor<262144xi32>) -> tensor<?x262144xf32>
  %ls = tensor.extract_slice %lr[8, 199998] [3, 4] [1, 1] : tensor<?x262144xf32> to tensor<3x4xf32>
  %lsu = tensor.cast %ls : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%lsu) : (tensor<*xf32>) -> ()
  // CHECK-LABEL: sizes = [3, 4]
  // CHECK-NEXT: {{\[}}[80, 81, 0, 80],
  // CHECK-NEXT:  [90, 91, 0, 90],
  // CHECK-NEXT:  [100, 101, 0, 100]]

  %cm1 = arith.constant -1 : i32
  %bad = call @mod3(%cm1) : (i32) -> tensor<?xi32>
  %fz = call @few_rows_zero(%p4, %bad) : (tensor<4x?xf32>, tensor<?xi32>) -> tensor<4x?xf32>
  call @print_columns(%fz) : (tensor<4x?xf32>) -> ()
  // CHECK-LABEL: sizes = [4, 4]
  // CHECK-NEXT: {{\[}}[2, 0, 1, 2],
  // CHECK-LABEL: sizes = [4, 4]
  // CHECK-NEXT: {{\[}}[1, 2, 0, 1],
  // CHECK-NEXT:  [11, 12, 0, 11],
  // CHECK-NEXT:  [21, 22, 0, 21],
  // CHECK-NEXT:  [31, 32, 0, 31]]

  // The first bad index (in index order) is reported, whichever thread
  // would have reached it: 3000 positions are 3 chunks of up to 1024, the
  // first two on one thread, the third on the other; position 1500 holds 7,
  // position 2100 holds -3 and position 2999 holds 9, the others m mod 4.
  %c3000 = arith.constant 3000 : index
  %bid = tensor.generate %c3000 {
  ^bb0(%m: index):
    %c4i = arith.constant 4 : index
    %c1500 = arith.constant 1500 : index
    %c2100 = arith.constant 2100 : index
    %c2999 = arith.constant 2999 : index
    %r4 = arith.remui %m, %c4i : index
    %v = arith.index_cast %r4 : index to i32
    %c7 = arith.constant 7 : i32
    %cm3 = arith.constant -3 : i32
    %c9 = arith.constant 9 : i32
    %is1500 = arith.cmpi eq, %m, %c1500 : index
    %is2100 = arith.cmpi eq, %m, %c2100 : index
    %is2999 = arith.cmpi eq, %m, %c2999 : index
    %v1 = arith.select %is1500, %c7, %v : i32
    %v2 = arith.select %is2100, %cm3, %v1 : i32
    %v3 = arith.select %is2999, %c9, %v2 : i32
    tensor.yield %v3 : i32
  } : tensor<?xi32>
  %b = call @rows(%p, %bid) : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  // ERR: gather.gather at loc({{.*}}threads.mlir":{{[0-9]+}}:8): index 7 is out of bounds [0, 4) in params dimension 0
  // ERR-NOT: sizes
  call @print(%b) : (tensor<?x?xf32>) -> ()
  return
}
