// gather_nd of scalars through offset vectors (Zen 4, groups of 8 positions,
// each group's check one group ahead of its copies): 600 positions (75
// groups) from a 5x7 params, error and zero mode, i64 and i32 index pairs,
// and batch_dims = 1. Position m reads params [m mod 5, m mod 7] = 10 *
// (m mod 5) + (m mod 7); the windows print positions 254-259 (across a group
// boundary) and 596-599 (the last group). Also: 597 positions (the last 5
// copied one by one), 5 positions of a dynamic count (no whole group),
// index pairs that are not contiguous in memory (a slice of a wider
// tensor: no groups), a result written into a column of a wider tensor,
// and i32 pairs with negative components. In error mode
// a bad pair at position 300 stops the program naming it; in zero mode it
// reads 0 and the rest is copied. With a handler that returns, every bad
// index is reported once, in order (positions 3, 300 and 598: the first and
// the last group, where every later position is copied one by one), and
// reads 0.
//
// The same module on Zen 5 tests each index of its error-mode gathers in
// the copy loop instead (checks=branching, CPUTargetDescription::
// branchingElementChecks; the copy of a bad index vector reports each bad
// component, then reads 0; zero mode keeps the groups): the same results,
// the same stop, the same reports in the same order.
// DEFINE: %{run} = mlir-runner -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils
//
// RUN: gather-opt %s --convert-gather-to-scf=print-plan -o /dev/null 2>&1 \
// RUN: | FileCheck %s --check-prefix=PLAN
// PLAN-COUNT-11: chunk=8 {{.*}} through-offsets
// RUN: gather-opt %s --gather-cpu-pipeline | %{run} -e good | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline | not %{run} -e bad 2>&1 \
// RUN: | FileCheck %s --check-prefix=BAD
// RUN: gather-opt %s --gather-cpu-pipeline="out-of-bounds-handler=count_reports" \
// RUN: | %{run} -e reported | FileCheck %s --check-prefix=REPORTED
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed 's/chip = "znver4"/chip = "znver5"/' %s > %t/copy-through-offsets.mlir
// RUN: gather-opt %t/copy-through-offsets.mlir --convert-gather-to-scf=print-plan \
// RUN:     -o /dev/null 2>&1 | FileCheck %s --check-prefix=ZEN5
// ZEN5-COUNT-9: copy=element checks=branching unchecked=error resolving=error
// ZEN5-NOT: checks=branching
// RUN: gather-opt %t/copy-through-offsets.mlir --gather-cpu-pipeline \
// RUN: | %{run} -e good | FileCheck %s
// RUN: gather-opt %t/copy-through-offsets.mlir --gather-cpu-pipeline \
// RUN: | not %{run} -e bad 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: gather-opt %t/copy-through-offsets.mlir \
// RUN:     --gather-cpu-pipeline="out-of-bounds-handler=count_reports" \
// RUN: | %{run} -e reported | FileCheck %s --check-prefix=REPORTED

module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver4">} {
  func.func private @printMemrefF32(tensor<*xf32>)

  func.func @params() -> tensor<5x7xf32> {
    %init = tensor.empty() : tensor<5x7xf32>
    %p = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>],
                         iterator_types = ["parallel", "parallel"]} outs(%init : tensor<5x7xf32>) {
    ^bb0(%out: f32):
      %r = linalg.index 0 : index
      %c = linalg.index 1 : index
      %c10 = arith.constant 10 : index
      %t = arith.muli %r, %c10 : index
      %s = arith.addi %t, %c : index
      %i = arith.index_cast %s : index to i64
      %f = arith.sitofp %i : i64 to f32
      linalg.yield %f : f32
    } -> tensor<5x7xf32>
    return %p : tensor<5x7xf32>
  }

  // The pair (m mod 5, m mod 7) at position m.
  func.func @pairs() -> tensor<600x2xi64> {
    %init = tensor.empty() : tensor<600x2xi64>
    %i = linalg.generic {indexing_maps = [affine_map<(m, k) -> (m, k)>],
                         iterator_types = ["parallel", "parallel"]} outs(%init : tensor<600x2xi64>) {
    ^bb0(%out: i64):
      %m = linalg.index 0 : index
      %k = linalg.index 1 : index
      %c5 = arith.constant 5 : index
      %c7 = arith.constant 7 : index
      %c0 = arith.constant 0 : index
      %first = arith.cmpi eq, %k, %c0 : index
      %d = arith.select %first, %c5, %c7 : index
      %r = arith.remui %m, %d : index
      %v = arith.index_cast %r : index to i64
      linalg.yield %v : i64
    } -> tensor<600x2xi64>
    return %i : tensor<600x2xi64>
  }

  // Pairs (m mod 5, m mod 5) with a third component, 0: every component is
  // in bounds, so that reading them as contiguous pairs would give other
  // values, not a report.
  func.func @wide_pairs() -> tensor<600x3xi64> {
    %init = tensor.empty() : tensor<600x3xi64>
    %i = linalg.generic {indexing_maps = [affine_map<(m, k) -> (m, k)>],
                         iterator_types = ["parallel", "parallel"]} outs(%init : tensor<600x3xi64>) {
    ^bb0(%out: i64):
      %m = linalg.index 0 : index
      %k = linalg.index 1 : index
      %c2 = arith.constant 2 : index
      %c5 = arith.constant 5 : index
      %zero = arith.constant 0 : index
      %pair = arith.cmpi ult, %k, %c2 : index
      %r = arith.remui %m, %c5 : index
      %v = arith.select %pair, %r, %zero : index
      %x = arith.index_cast %v : index to i64
      linalg.yield %x : i64
    } -> tensor<600x3xi64>
    return %i : tensor<600x3xi64>
  }

  func.func @print_windows(%r: tensor<600xf32>) {
    %a = tensor.extract_slice %r[254] [6] [1] : tensor<600xf32> to tensor<6xf32>
    %ua = tensor.cast %a : tensor<6xf32> to tensor<*xf32>
    call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
    %b = tensor.extract_slice %r[596] [4] [1] : tensor<600xf32> to tensor<4xf32>
    %ub = tensor.cast %b : tensor<4xf32> to tensor<*xf32>
    call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
    return
  }

  func.func @good() {
    %p = call @params() : () -> tensor<5x7xf32>
    %i = call @pairs() : () -> tensor<600x2xi64>
    %r = gather.gather_nd %p[%i] : (tensor<5x7xf32>, tensor<600x2xi64>) -> tensor<600xf32>
    call @print_windows(%r) : (tensor<600xf32>) -> ()
    // CHECK:      [42,  3,  14,  25,  36,  40]
    // CHECK:      [11,  22,  33,  44]

    %jinit = tensor.empty() : tensor<600x2xi32>
    %j = linalg.map { arith.trunci } ins(%i : tensor<600x2xi64>) outs(%jinit : tensor<600x2xi32>)
    %s = gather.gather_nd %p[%j] : (tensor<5x7xf32>, tensor<600x2xi32>) -> tensor<600xf32>
    call @print_windows(%s) : (tensor<600xf32>) -> ()
    // CHECK:      [42,  3,  14,  25,  36,  40]
    // CHECK:      [11,  22,  33,  44]

    // Zero mode: the bad pair (5, 0) at position 300 reads 0.
    %c5 = arith.constant 5 : i64
    %c0 = arith.constant 0 : index
    %c300 = arith.constant 300 : index
    %b = tensor.insert %c5 into %i[%c300, %c0] : tensor<600x2xi64>
    %z = gather.gather_nd %p[%b] mode<zero> : (tensor<5x7xf32>, tensor<600x2xi64>) -> tensor<600xf32>
    %w = tensor.extract_slice %z[298] [4] [1] : tensor<600xf32> to tensor<4xf32>
    %uw = tensor.cast %w : tensor<4xf32> to tensor<*xf32>
    call @printMemrefF32(%uw) : (tensor<*xf32>) -> ()
    // CHECK:      [34,  45,  0,  10]
    call @print_windows(%z) : (tensor<600xf32>) -> ()
    // CHECK:      [42,  3,  14,  25,  36,  40]
    // CHECK:      [11,  22,  33,  44]

    // batch_dims = 1: batch 1 gathers from params doubled.
    %pinit = tensor.empty() : tensor<5x7xf32>
    %p1 = linalg.map { arith.addf } ins(%p, %p : tensor<5x7xf32>, tensor<5x7xf32>) outs(%pinit : tensor<5x7xf32>)
    %init = tensor.empty() : tensor<2x5x7xf32>
    %q0 = tensor.insert_slice %p into %init[0, 0, 0] [1, 5, 7] [1, 1, 1] : tensor<5x7xf32> into tensor<2x5x7xf32>
    %q = tensor.insert_slice %p1 into %q0[1, 0, 0] [1, 5, 7] [1, 1, 1] : tensor<5x7xf32> into tensor<2x5x7xf32>
    %iinit = tensor.empty() : tensor<2x600x2xi64>
    %k0 = tensor.insert_slice %i into %iinit[0, 0, 0] [1, 600, 2] [1, 1, 1] : tensor<600x2xi64> into tensor<2x600x2xi64>
    %k = tensor.insert_slice %i into %k0[1, 0, 0] [1, 600, 2] [1, 1, 1] : tensor<600x2xi64> into tensor<2x600x2xi64>
    %bd = gather.gather_nd %q[%k] batch_dims = 1 : (tensor<2x5x7xf32>, tensor<2x600x2xi64>) -> tensor<2x600xf32>
    %bd1 = tensor.extract_slice %bd[1, 0] [1, 600] [1, 1] : tensor<2x600xf32> to tensor<600xf32>
    call @print_windows(%bd1) : (tensor<600xf32>) -> ()
    // CHECK:      [84,  6,  28,  50,  72,  80]
    // CHECK:      [22,  44,  66,  88]

    // 597 positions: 74 groups and 5 copied one by one.
    %i597 = tensor.extract_slice %i[0, 0] [597, 2] [1, 1] : tensor<600x2xi64> to tensor<597x2xi64>
    %r597 = gather.gather_nd %p[%i597] : (tensor<5x7xf32>, tensor<597x2xi64>) -> tensor<597xf32>
    %t597 = tensor.extract_slice %r597[590] [7] [1] : tensor<597xf32> to tensor<7xf32>
    %u597 = tensor.cast %t597 : tensor<7xf32> to tensor<*xf32>
    call @printMemrefF32(%u597) : (tensor<*xf32>) -> ()
    // CHECK:      [2,  13,  24,  35,  46,  0,  11]

    // A dynamic count of 5: no whole group.
    %five = arith.constant 5 : index
    %i5 = tensor.extract_slice %i[0, 0] [%five, 2] [1, 1] : tensor<600x2xi64> to tensor<?x2xi64>
    %r5 = gather.gather_nd %p[%i5] : (tensor<5x7xf32>, tensor<?x2xi64>) -> tensor<?xf32>
    %u5 = tensor.cast %r5 : tensor<?xf32> to tensor<*xf32>
    call @printMemrefF32(%u5) : (tensor<*xf32>) -> ()
    // CHECK:      [0,  11,  22,  33,  44]

    // Pairs 3 components apart in memory: not contiguous, no groups. Position
    // m reads params [m mod 5, m mod 5] = 11 * (m mod 5).
    %wide = call @wide_pairs() : () -> tensor<600x3xi64>
    %sc = tensor.extract_slice %wide[0, 0] [600, 2] [1, 1] : tensor<600x3xi64> to tensor<600x2xi64>
    %rs = gather.gather_nd %p[%sc] : (tensor<5x7xf32>, tensor<600x2xi64>) -> tensor<600xf32>
    call @print_windows(%rs) : (tensor<600xf32>) -> ()
    // CHECK:      [44,  0,  11,  22,  33,  44]
    // CHECK:      [11,  22,  33,  44]

    // The result written into a column of a wider tensor (its buffer's
    // elements 3 apart): each group's vector write stores one by one.
    %minus = arith.constant -1.0 : f32
    %cinit = tensor.empty() : tensor<600x3xf32>
    %cols = linalg.fill ins(%minus : f32) outs(%cinit : tensor<600x3xf32>) -> tensor<600x3xf32>
    %rc = gather.gather_nd %p[%i] : (tensor<5x7xf32>, tensor<600x2xi64>) -> tensor<600xf32>
    %col = tensor.insert_slice %rc into %cols[0, 1] [600, 1] [1, 1] : tensor<600xf32> into tensor<600x3xf32>
    %tail = tensor.extract_slice %col[596, 0] [4, 3] [1, 1] : tensor<600x3xf32> to tensor<4x3xf32>
    %ut = tensor.cast %tail : tensor<4x3xf32> to tensor<*xf32>
    call @printMemrefF32(%ut) : (tensor<*xf32>) -> ()
    // CHECK:      [-1,   11,   -1],
    // CHECK-NEXT: [-1,   22,   -1],
    // CHECK-NEXT: [-1,   33,   -1],
    // CHECK-NEXT: [-1,   44,   -1]

    // i32 pairs in zero mode: (-1, 0) at 256 and (4, -2147483648) at 259 read 0.
    %m1 = arith.constant -1 : i32
    %min = arith.constant -2147483648 : i32
    %c256 = arith.constant 256 : index
    %c259 = arith.constant 259 : index
    %c1 = arith.constant 1 : index
    %jn0 = tensor.insert %m1 into %j[%c256, %c0] : tensor<600x2xi32>
    %jn = tensor.insert %min into %jn0[%c259, %c1] : tensor<600x2xi32>
    // params [0, 0] = 77: a bad position of a group reads it before its
    // group is copied again.
    %c77 = arith.constant 77.0 : f32
    %p77 = tensor.insert %c77 into %p[%c0, %c0] : tensor<5x7xf32>
    %zn = gather.gather_nd %p77[%jn] mode<zero> : (tensor<5x7xf32>, tensor<600x2xi32>) -> tensor<600xf32>
    call @print_windows(%zn) : (tensor<600xf32>) -> ()
    // CHECK:      [42,  3,  0,  25,  36,  0]
    // CHECK:      [11,  22,  33,  44]
    return
  }

  memref.global "private" @reports : memref<i64> = dense<0>

  // Prints each report and returns: the gather goes on.
  func.func @count_reports(%op: !llvm.ptr, %location: !llvm.ptr, %index: i64,
                           %dim: i64, %dim_size: i64) {
    vector.print str "report: index "
    vector.print %index : i64 punctuation <no_punctuation>
    vector.print str ", dimension "
    vector.print %dim : i64
    return
  }

  func.func @reported() {
    %p = call @params() : () -> tensor<5x7xf32>
    %i = call @pairs() : () -> tensor<600x2xi64>
    %c9 = arith.constant 9 : i64
    %c8 = arith.constant 8 : i64
    %cm3 = arith.constant -3 : i64
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c300 = arith.constant 300 : index
    %c598 = arith.constant 598 : index
    %b0 = tensor.insert %c9 into %i[%c3, %c1] : tensor<600x2xi64>
    %b1 = tensor.insert %c8 into %b0[%c300, %c0] : tensor<600x2xi64>
    %b = tensor.insert %cm3 into %b1[%c598, %c1] : tensor<600x2xi64>
    %r = gather.gather_nd %p[%b] : (tensor<5x7xf32>, tensor<600x2xi64>) -> tensor<600xf32>
    // REPORTED:      report: index 9, dimension 1
    // REPORTED-NEXT: report: index 8, dimension 0
    // REPORTED-NEXT: report: index -3, dimension 1
    // REPORTED-NOT:  report
    %h = tensor.extract_slice %r[0] [6] [1] : tensor<600xf32> to tensor<6xf32>
    %uh = tensor.cast %h : tensor<6xf32> to tensor<*xf32>
    call @printMemrefF32(%uh) : (tensor<*xf32>) -> ()
    // REPORTED:      [0,  11,  22,  0,  44,  5]
    %m = tensor.extract_slice %r[298] [4] [1] : tensor<600xf32> to tensor<4xf32>
    %um = tensor.cast %m : tensor<4xf32> to tensor<*xf32>
    call @printMemrefF32(%um) : (tensor<*xf32>) -> ()
    // REPORTED:      [34,  45,  0,  10]
    call @print_windows(%r) : (tensor<600xf32>) -> ()
    // REPORTED:      [42,  3,  14,  25,  36,  40]
    // REPORTED:      [11,  22,  0,  44]
    return
  }

  func.func @bad() {
    %p = call @params() : () -> tensor<5x7xf32>
    %i = call @pairs() : () -> tensor<600x2xi64>
    %c7 = arith.constant 7 : i64
    %c1 = arith.constant 1 : index
    %c300 = arith.constant 300 : index
    %b = tensor.insert %c7 into %i[%c300, %c1] : tensor<600x2xi64>
    // BAD: gather.gather_nd at loc("{{.*}}copy-through-offsets.mlir":[[@LINE+1]]:10): index 7 is out of bounds [0, 7) in params dimension 1
    %r = gather.gather_nd %p[%b] : (tensor<5x7xf32>, tensor<600x2xi64>) -> tensor<600xf32>
    call @print_windows(%r) : (tensor<600xf32>) -> ()
    // BAD-NOT: rank =
    return
  }
}
