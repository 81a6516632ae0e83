// Element gathers on Zen 5 that test each index in the copy loop
// (checks=branching, CPUTargetDescription::branchingElementChecks; error
// mode only, zero mode keeps its checked chunks): axis 1
// of 3 rows of 1000 f32 (params [r, c] = 1000 r + c) with 20000 i32 indices
// (80 KiB: more than L1, so no check once before the rows), index m = m mod
// 1000 except -1 at position 5 and 1000 at position 19999. Row 0 tests
// its indices, and counts two bad ones, so rows 1 and 2 test theirs too
// (with none bad they would copy unchecked: the `good` runs of
// scalar-loop-checks.mlir and copy-through-offsets.mlir): zero mode reads 0 at both in each row; with a handler that
// returns, each read of a bad index is reported, row by row in index
// order, and reads 0; error mode stops at position 5 of row 0. The same
// module on Zen 4 (checks=per-chunk, the bad chunks checked on every
// visit) gives the same.
//
// DEFINE: %{run} = mlir-runner -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils
//
// RUN: gather-opt %s --convert-gather-to-scf=print-plan -o /dev/null 2>&1 \
// RUN: | FileCheck %s --check-prefix=PLAN
// PLAN:      checks=per-chunk chunk=128 unchecked=error resolving=zero
// PLAN:      loops=2 copy=element checks=branching unchecked=error
// PLAN:      loops=2 copy=element checks=branching unchecked=error
// RUN: gather-opt %s --gather-cpu-pipeline | %{run} -e zero | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline="out-of-bounds-handler=print_report" \
// RUN: | %{run} -e reported | FileCheck %s --check-prefix=REPORTED
// RUN: gather-opt %s --gather-cpu-pipeline | not %{run} -e bad 2>&1 \
// RUN: | FileCheck %s --check-prefix=BAD
//
// RUN: sed 's/chip = "znver5"/chip = "znver4"/' %s \
// RUN: | gather-opt --gather-cpu-pipeline | %{run} -e zero | FileCheck %s
// RUN: sed 's/chip = "znver5"/chip = "znver4"/' %s \
// RUN: | gather-opt --gather-cpu-pipeline="out-of-bounds-handler=print_report" \
// RUN: | %{run} -e reported | FileCheck %s --check-prefix=REPORTED

module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">} {
  func.func private @printMemrefF32(tensor<*xf32>)

  func.func @params() -> tensor<3x1000xf32> {
    %init = tensor.empty() : tensor<3x1000xf32>
    %p = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>],
                         iterator_types = ["parallel", "parallel"]} outs(%init : tensor<3x1000xf32>) {
    ^bb0(%out: f32):
      %r = linalg.index 0 : index
      %c = linalg.index 1 : index
      %c1000 = arith.constant 1000 : index
      %t = arith.muli %r, %c1000 : index
      %s = arith.addi %t, %c : index
      %i = arith.index_cast %s : index to i64
      %f = arith.sitofp %i : i64 to f32
      linalg.yield %f : f32
    } -> tensor<3x1000xf32>
    return %p : tensor<3x1000xf32>
  }

  func.func @indices() -> tensor<20000xi32> {
    %init = tensor.empty() : tensor<20000xi32>
    %i = linalg.generic {indexing_maps = [affine_map<(m) -> (m)>],
                         iterator_types = ["parallel"]} outs(%init : tensor<20000xi32>) {
    ^bb0(%out: i32):
      %m = linalg.index 0 : index
      %c1000 = arith.constant 1000 : index
      %r = arith.remui %m, %c1000 : index
      %v = arith.index_cast %r : index to i32
      linalg.yield %v : i32
    } -> tensor<20000xi32>
    %cm1 = arith.constant -1 : i32
    %c1000 = arith.constant 1000 : i32
    %c5 = arith.constant 5 : index
    %c19999 = arith.constant 19999 : index
    %b0 = tensor.insert %cm1 into %i[%c5] : tensor<20000xi32>
    %b = tensor.insert %c1000 into %b0[%c19999] : tensor<20000xi32>
    return %b : tensor<20000xi32>
  }

  // Positions 3-7 and 19997-19999 of each row.
  func.func @print_windows(%r: tensor<3x20000xf32>) {
    %a = tensor.extract_slice %r[0, 3] [3, 5] [1, 1] : tensor<3x20000xf32> to tensor<3x5xf32>
    %ua = tensor.cast %a : tensor<3x5xf32> to tensor<*xf32>
    call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
    %b = tensor.extract_slice %r[0, 19997] [3, 3] [1, 1] : tensor<3x20000xf32> to tensor<3x3xf32>
    %ub = tensor.cast %b : tensor<3x3xf32> to tensor<*xf32>
    call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
    return
  }

  func.func @zero() {
    %p = call @params() : () -> tensor<3x1000xf32>
    %i = call @indices() : () -> tensor<20000xi32>
    %r = gather.gather %p[%i] axis = 1 mode<zero> : (tensor<3x1000xf32>, tensor<20000xi32>) -> tensor<3x20000xf32>
    call @print_windows(%r) : (tensor<3x20000xf32>) -> ()
    // CHECK:      [3,   4,   0,   6,   7]
    // CHECK-NEXT: [1003,   1004,   0,   1006,   1007]
    // CHECK-NEXT: [2003,   2004,   0,   2006,   2007]
    // CHECK:      [997,   998,   0]
    // CHECK-NEXT: [1997,   1998,   0]
    // CHECK-NEXT: [2997,   2998,   0]
    return
  }

  // Prints each report and returns: the gather goes on.
  func.func @print_report(%op: !llvm.ptr, %location: !llvm.ptr, %index: i64,
                          %dim: i64, %dim_size: i64) {
    vector.print str "report: index "
    vector.print %index : i64 punctuation <no_punctuation>
    vector.print str ", dimension "
    vector.print %dim : i64
    return
  }

  func.func @reported() {
    %p = call @params() : () -> tensor<3x1000xf32>
    %i = call @indices() : () -> tensor<20000xi32>
    %r = gather.gather %p[%i] axis = 1 : (tensor<3x1000xf32>, tensor<20000xi32>) -> tensor<3x20000xf32>
    // REPORTED:      report: index -1, dimension 1
    // REPORTED-NEXT: report: index 1000, dimension 1
    // REPORTED-NEXT: report: index -1, dimension 1
    // REPORTED-NEXT: report: index 1000, dimension 1
    // REPORTED-NEXT: report: index -1, dimension 1
    // REPORTED-NEXT: report: index 1000, dimension 1
    // REPORTED-NOT:  report
    call @print_windows(%r) : (tensor<3x20000xf32>) -> ()
    // REPORTED:      [3,   4,   0,   6,   7]
    // REPORTED-NEXT: [1003,   1004,   0,   1006,   1007]
    // REPORTED-NEXT: [2003,   2004,   0,   2006,   2007]
    // REPORTED:      [997,   998,   0]
    // REPORTED-NEXT: [1997,   1998,   0]
    // REPORTED-NEXT: [2997,   2998,   0]
    return
  }

  func.func @bad() {
    %p = call @params() : () -> tensor<3x1000xf32>
    %i = call @indices() : () -> tensor<20000xi32>
    // BAD: gather.gather at loc("{{.*}}branching-checks.mlir":[[@LINE+1]]:10): index -1 is out of bounds [0, 1000) in params dimension 1
    %r = gather.gather %p[%i] axis = 1 : (tensor<3x1000xf32>, tensor<20000xi32>) -> tensor<3x20000xf32>
    call @print_windows(%r) : (tensor<3x20000xf32>) -> ()
    // BAD-NOT: rank =
    return
  }
}
