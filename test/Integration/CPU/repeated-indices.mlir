// Outer params dimensions read the same indices at every coordinate: their
// chunks are checked only at outer coordinates 0, and again at every
// coordinate once a check found a bad index (LoweringPlan::
// checkRepeatedIndicesOnce), so that every row resolves it. Params 2 x 3 x 10
// (value 100 a + 10 b + j), gathered on the last axis by 3000 indices
// m mod 10, bad ones at position 1500 (12, the second chunk of 1024) and
// 2999 (-1, the last, partial chunk); batch_dims = 1: indices 2 x 3000, bad
// only in batch 1 at position 1500, so batch 0's repeated rows stay
// unchecked. A target whose L2 holds less than the indices (DLTI) checks
// per chunk; sequential and on two threads (the rows in sequence, their
// chunks over the threads).
//
// RUN: (echo 'module attributes {dlti.target_system_spec = #dlti.target_system_spec<"CPU" = #dlti.target_device_spec<"L2_cache_size_in_bytes" = 8 : i64>>} {'; \
// RUN:   cat %s; echo '}') > %t.mlir
// DEFINE: %{run} = sed 's/^module attributes {dlti.*} {$/module {/' \
// DEFINE: | mlir-runner -e main -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils
// mlir-runner does not parse DLTI: the spec is dropped from the output.
// RUN: gather-opt %t.mlir --gather-cpu-pipeline="out-of-bounds-handler=count_reports" \
// RUN: | %{run} | FileCheck %s --check-prefixes=CHECK,SEQ
// RUN: %if libomp %{ gather-opt %t.mlir --gather-cpu-pipeline="num-threads=2 out-of-bounds-handler=count_reports" \
// RUN: | %{run} -shared-libs=%libomp | FileCheck %s --check-prefixes=CHECK,PAR %}
// Tuned for Zen, whose threads check and copy element chunks in sub-chunks
// (of 128 positions here):
// RUN: %if libomp %{ gather-opt %t.mlir --gather-cpu-pipeline="target-cpu=znver5 num-threads=2 out-of-bounds-handler=count_reports" \
// RUN: | %{run} -shared-libs=%libomp | FileCheck %s --check-prefixes=CHECK,PAR %}
// RUN: gather-opt %t.mlir --gather-target-cpu=cpu=znver5 --convert-gather-to-scf="print-plan parallel" \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=ZEN
// ZEN-COUNT-3: checks=per-chunk chunk=1024 sub-chunk=128 {{.*}} repeated-indices=checked-once{{$}}
// RUN: gather-opt %t.mlir --gather-target-cpu --convert-gather-to-scf=print-plan \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: gather-opt %t.mlir --gather-target-cpu --convert-gather-to-scf="print-plan parallel" \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// PLAN-COUNT-3: checks=per-chunk {{.*}} repeated-indices=checked-once{{$}}

func.func private @printMemrefF32(tensor<*xf32>)

memref.global "private" @reports : memref<i64> = dense<0>

// Counts the reports (returning: the bad index then reads as zero).
func.func @count_reports(%op: !llvm.ptr, %location: !llvm.ptr, %index: i64,
                         %dim: i64, %dim_size: i64) {
  %g = memref.get_global @reports : memref<i64>
  %n = memref.load %g[] : memref<i64>
  %one = arith.constant 1 : i64
  %next = arith.addi %n, %one : i64
  memref.store %next, %g[] : memref<i64>
  return
}

func.func @print_reports() {
  %g = memref.get_global @reports : memref<i64>
  %n = memref.load %g[] : memref<i64>
  vector.print str "reports: "
  vector.print %n : i64
  %zero = arith.constant 0 : i64
  memref.store %zero, %g[] : memref<i64>
  return
}

// params[a, b, j] = 100 a + 10 b + j.
func.func @iota() -> tensor<2x3x10xf32> {
  %t = tensor.generate {
  ^bb0(%a: index, %b: index, %j: index):
    %c10 = arith.constant 10 : index
    %c100 = arith.constant 100 : index
    %a100 = arith.muli %a, %c100 : index
    %b10 = arith.muli %b, %c10 : index
    %ab = arith.addi %a100, %b10 : index
    %v = arith.addi %ab, %j : index
    %vi = arith.index_cast %v : index to i64
    %vf = arith.sitofp %vi : i64 to f32
    tensor.yield %vf : f32
  } : tensor<2x3x10xf32>
  return %t : tensor<2x3x10xf32>
}

// m mod 10, with `at1500` at position 1500 and `at2999` at 2999.
func.func @indices(%at1500: i32, %at2999: i32) -> tensor<3000xi32> {
  %t = tensor.generate {
  ^bb0(%m: index):
    %c10 = arith.constant 10 : index
    %c1500 = arith.constant 1500 : index
    %c2999 = arith.constant 2999 : index
    %r = arith.remui %m, %c10 : index
    %v = arith.index_cast %r : index to i32
    %is1500 = arith.cmpi eq, %m, %c1500 : index
    %is2999 = arith.cmpi eq, %m, %c2999 : index
    %v1 = arith.select %is1500, %at1500, %v : i32
    %v2 = arith.select %is2999, %at2999, %v1 : i32
    tensor.yield %v2 : i32
  } : tensor<3000xi32>
  return %t : tensor<3000xi32>
}

// Positions 1499-1501 and 2998-2999 of each of the 6 rows.
func.func @print_positions(%r: tensor<2x3x3000xf32>) {
  %a = tensor.extract_slice %r[0, 0, 1499] [2, 3, 3] [1, 1, 1] : tensor<2x3x3000xf32> to tensor<2x3x3xf32>
  %b = tensor.extract_slice %r[0, 0, 2998] [2, 3, 2] [1, 1, 1] : tensor<2x3x3000xf32> to tensor<2x3x2xf32>
  %ab = tensor.concat dim(2) %a, %b : (tensor<2x3x3xf32>, tensor<2x3x2xf32>) -> tensor<2x3x5xf32>
  %u = tensor.cast %ab : tensor<2x3x5xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @outer_error(%p: tensor<2x3x10xf32>, %i: tensor<3000xi32>) -> tensor<2x3x3000xf32> {
  %r = gather.gather %p[%i] axis = 2 : (tensor<2x3x10xf32>, tensor<3000xi32>) -> tensor<2x3x3000xf32>
  return %r : tensor<2x3x3000xf32>
}

func.func @outer_zero(%p: tensor<2x3x10xf32>, %i: tensor<3000xi32>) -> tensor<2x3x3000xf32> {
  %r = gather.gather %p[%i] axis = 2 mode<zero> : (tensor<2x3x10xf32>, tensor<3000xi32>) -> tensor<2x3x3000xf32>
  return %r : tensor<2x3x3000xf32>
}

// Batch a, outer b: result[a, b, m] = params[a, b, indices[a, m]].
func.func @batch_outer_error(%p: tensor<2x3x10xf32>, %i: tensor<2x3000xi32>) -> tensor<2x3x3000xf32> {
  %r = gather.gather %p[%i] axis = 2 batch_dims = 1 : (tensor<2x3x10xf32>, tensor<2x3000xi32>) -> tensor<2x3x3000xf32>
  return %r : tensor<2x3x3000xf32>
}

func.func @main() {
  %p = call @iota() : () -> tensor<2x3x10xf32>
  %c12 = arith.constant 12 : i32
  %cm1 = arith.constant -1 : i32
  %c0 = arith.constant 0 : i32
  %c9 = arith.constant 9 : i32
  %bad = call @indices(%c12, %cm1) : (i32, i32) -> tensor<3000xi32>

  // Positions 1499 (9), 1500 (12: zero), 1501 (1), 2998 (8), 2999 (-1: zero)
  // of every row.
  // CHECK-LABEL: sizes = [2, 3, 5]
  // CHECK-NEXT: {{\[}}{{\[}}[9,   0,   1,   8,   0],
  // CHECK-NEXT:   [19,   0,   11,   18,   0],
  // CHECK-NEXT:   [29,   0,   21,   28,   0]],
  // CHECK-NEXT:  {{\[}}[109,   0,   101,   108,   0],
  // CHECK-NEXT:   [119,   0,   111,   118,   0],
  // CHECK-NEXT:   [129,   0,   121,   128,   0]]]
  // Two bad indices read by 6 rows: each read reported in sequence; on
  // threads each bad index once, after the loops.
  // SEQ-NEXT: reports: 12
  // PAR-NEXT: reports: 2
  %e = call @outer_error(%p, %bad) : (tensor<2x3x10xf32>, tensor<3000xi32>) -> tensor<2x3x3000xf32>
  call @print_positions(%e) : (tensor<2x3x3000xf32>) -> ()
  call @print_reports() : () -> ()

  // CHECK-LABEL: sizes = [2, 3, 5]
  // CHECK-NEXT: {{\[}}{{\[}}[9,   0,   1,   8,   0],
  // CHECK-NEXT:   [19,   0,   11,   18,   0],
  // CHECK-NEXT:   [29,   0,   21,   28,   0]],
  // CHECK-NEXT:  {{\[}}[109,   0,   101,   108,   0],
  // CHECK-NEXT:   [119,   0,   111,   118,   0],
  // CHECK-NEXT:   [129,   0,   121,   128,   0]]]
  // CHECK-NEXT: reports: 0
  %z = call @outer_zero(%p, %bad) : (tensor<2x3x10xf32>, tensor<3000xi32>) -> tensor<2x3x3000xf32>
  call @print_positions(%z) : (tensor<2x3x3000xf32>) -> ()
  call @print_reports() : () -> ()

  // Batch 0 good (position 2999 holds 9), batch 1 bad at 1500 only.
  // CHECK-LABEL: sizes = [2, 3, 5]
  // CHECK-NEXT: {{\[}}{{\[}}[9,   0,   1,   8,   9],
  // CHECK-NEXT:   [19,   10,   11,   18,   19],
  // CHECK-NEXT:   [29,   20,   21,   28,   29]],
  // CHECK-NEXT:  {{\[}}[109,   0,   101,   108,   109],
  // CHECK-NEXT:   [119,   0,   111,   118,   119],
  // CHECK-NEXT:   [129,   0,   121,   128,   129]]]
  // SEQ-NEXT: reports: 3
  // PAR-NEXT: reports: 1
  %good = call @indices(%c0, %c9) : (i32, i32) -> tensor<3000xi32>
  %bad1 = call @indices(%c12, %c9) : (i32, i32) -> tensor<3000xi32>
  %g2 = tensor.expand_shape %good [[0, 1]] output_shape [1, 3000] : tensor<3000xi32> into tensor<1x3000xi32>
  %b2 = tensor.expand_shape %bad1 [[0, 1]] output_shape [1, 3000] : tensor<3000xi32> into tensor<1x3000xi32>
  %ib = tensor.concat dim(0) %g2, %b2 : (tensor<1x3000xi32>, tensor<1x3000xi32>) -> tensor<2x3000xi32>
  %bo = call @batch_outer_error(%p, %ib) : (tensor<2x3x10xf32>, tensor<2x3000xi32>) -> tensor<2x3x3000xf32>
  call @print_positions(%bo) : (tensor<2x3x3000xf32>) -> ()
  call @print_reports() : () -> ()
  return
}
