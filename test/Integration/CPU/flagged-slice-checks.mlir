// Gathers of rows of a cache line (16 f32) on Zen, on one thread: however
// many copies there are, each copy checks its own index and copies from
// the resolved address without a branch, or-reducing the checks; a second
// loop reports the bad indices and zeroes their rows only when one failed
// (CPUTargetDescription::flaggedChecksMinSliceBytes). 300 positions from a
// 5x16 params, params [r, c] = 100 * r + c, position m reads row m mod 5:
// error mode (a bad index stops the program naming it), zero mode (bad rows
// read 0), wrap mode (-1 reads row 4), a dynamic count, and with a handler
// that returns, every bad index reported once, in order, reading 0.
//
// DEFINE: %{run} = mlir-runner -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils
//
// RUN: gather-opt %s --convert-gather-to-scf=print-plan -o /dev/null 2>&1 \
// RUN: | FileCheck %s --check-prefix=PLAN
// PLAN-COUNT-7: copy=slice checks=flagged
// PLAN-NOT:     checks=
// RUN: gather-opt %s --gather-cpu-pipeline | %{run} -e good | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline | not %{run} -e bad 2>&1 \
// RUN: | FileCheck %s --check-prefix=BAD
// RUN: gather-opt %s --gather-cpu-pipeline="out-of-bounds-handler=count_reports" \
// RUN: | %{run} -e reported | FileCheck %s --check-prefix=REPORTED

module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">} {
  func.func private @printMemrefF32(tensor<*xf32>)

  func.func @params() -> tensor<5x16xf32> {
    %init = tensor.empty() : tensor<5x16xf32>
    %p = linalg.generic {indexing_maps = [affine_map<(r, c) -> (r, c)>],
                         iterator_types = ["parallel", "parallel"]} outs(%init : tensor<5x16xf32>) {
    ^bb0(%out: f32):
      %r = linalg.index 0 : index
      %c = linalg.index 1 : index
      %c100 = arith.constant 100 : index
      %t = arith.muli %r, %c100 : index
      %s = arith.addi %t, %c : index
      %i = arith.index_cast %s : index to i64
      %f = arith.sitofp %i : i64 to f32
      linalg.yield %f : f32
    } -> tensor<5x16xf32>
    return %p : tensor<5x16xf32>
  }

  // m mod 5 at position m.
  func.func @rows() -> tensor<300xi32> {
    %init = tensor.empty() : tensor<300xi32>
    %i = linalg.generic {indexing_maps = [affine_map<(m) -> (m)>],
                         iterator_types = ["parallel"]} outs(%init : tensor<300xi32>) {
    ^bb0(%out: i32):
      %m = linalg.index 0 : index
      %c5 = arith.constant 5 : index
      %r = arith.remui %m, %c5 : index
      %v = arith.index_cast %r : index to i32
      linalg.yield %v : i32
    } -> tensor<300xi32>
    return %i : tensor<300xi32>
  }

  // Prints the first two columns of the three rows from `at`.
  func.func @print_rows(%r: tensor<?x16xf32>, %at: index) {
    %w = tensor.extract_slice %r[%at, 0] [3, 2] [1, 1] : tensor<?x16xf32> to tensor<3x2xf32>
    %u = tensor.cast %w : tensor<3x2xf32> to tensor<*xf32>
    call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
    return
  }

  func.func @set(%i: tensor<300xi32>, %at: index, %v: i32) -> tensor<300xi32> {
    %r = tensor.insert %v into %i[%at] : tensor<300xi32>
    return %r : tensor<300xi32>
  }

  func.func @good() {
    %p = call @params() : () -> tensor<5x16xf32>
    %i = call @rows() : () -> tensor<300xi32>
    %c9 = arith.constant 9 : index
    %c120 = arith.constant 120 : index
    %c149 = arith.constant 149 : index
    %c150 = arith.constant 150 : index
    %c297 = arith.constant 297 : index
    %c299 = arith.constant 299 : index
    %r = gather.gather %p[%i] : (tensor<5x16xf32>, tensor<300xi32>) -> tensor<300x16xf32>
    %ur = tensor.cast %r : tensor<300x16xf32> to tensor<?x16xf32>
    call @print_rows(%ur, %c297) : (tensor<?x16xf32>, index) -> ()
    // CHECK:      [200,   201],
    // CHECK-NEXT: [300,   301],
    // CHECK-NEXT: [400,   401]

    // Zero mode: 5 at position 150 and -1 at 299 read 0.
    %c5 = arith.constant 5 : i32
    %cm1 = arith.constant -1 : i32
    %z0 = call @set(%i, %c150, %c5) : (tensor<300xi32>, index, i32) -> tensor<300xi32>
    %zi = call @set(%z0, %c299, %cm1) : (tensor<300xi32>, index, i32) -> tensor<300xi32>
    %z = gather.gather %p[%zi] mode<zero> : (tensor<5x16xf32>, tensor<300xi32>) -> tensor<300x16xf32>
    %uz = tensor.cast %z : tensor<300x16xf32> to tensor<?x16xf32>
    call @print_rows(%uz, %c149) : (tensor<?x16xf32>, index) -> ()
    // CHECK:      [400,   401],
    // CHECK-NEXT: [0,   0],
    // CHECK-NEXT: [100,   101]
    call @print_rows(%uz, %c297) : (tensor<?x16xf32>, index) -> ()
    // CHECK:      [200,   201],
    // CHECK-NEXT: [300,   301],
    // CHECK-NEXT: [0,   0]

    // Wrap mode: -1 at position 10 reads row 4.
    %c10 = arith.constant 10 : index
    %wi = call @set(%i, %c10, %cm1) : (tensor<300xi32>, index, i32) -> tensor<300xi32>
    %w = gather.gather %p[%wi] mode<wrap> : (tensor<5x16xf32>, tensor<300xi32>) -> tensor<300x16xf32>
    %uw = tensor.cast %w : tensor<300x16xf32> to tensor<?x16xf32>
    call @print_rows(%uw, %c9) : (tensor<?x16xf32>, index) -> ()
    // CHECK:      [400,   401],
    // CHECK-NEXT: [400,   401],
    // CHECK-NEXT: [100,   101]

    // A dynamic count of 123 positions.
    %c123 = arith.constant 123 : index
    %di = tensor.extract_slice %i[0] [%c123] [1] : tensor<300xi32> to tensor<?xi32>
    %d = gather.gather %p[%di] : (tensor<5x16xf32>, tensor<?xi32>) -> tensor<?x16xf32>
    call @print_rows(%d, %c120) : (tensor<?x16xf32>, index) -> ()
    // CHECK:      [0,   1],
    // CHECK-NEXT: [100,   101],
    // CHECK-NEXT: [200,   201]
    return
  }

  // Prints each report and returns: the gather goes on.
  func.func @count_reports(%op: !llvm.ptr, %location: !llvm.ptr, %index: i64,
                           %dim: i64, %dim_size: i64) {
    vector.print str "report: index "
    vector.print %index : i64
    return
  }

  func.func @reported() {
    %p = call @params() : () -> tensor<5x16xf32>
    %i = call @rows() : () -> tensor<300xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c150 = arith.constant 150 : index
    %c298 = arith.constant 298 : index
    %c299 = arith.constant 299 : index
    %c7 = arith.constant 7 : i32
    %c5 = arith.constant 5 : i32
    %cm1 = arith.constant -1 : i32
    %b0 = call @set(%i, %c0, %c7) : (tensor<300xi32>, index, i32) -> tensor<300xi32>
    %b1 = call @set(%b0, %c150, %cm1) : (tensor<300xi32>, index, i32) -> tensor<300xi32>
    %b = call @set(%b1, %c299, %c5) : (tensor<300xi32>, index, i32) -> tensor<300xi32>
    %r = gather.gather %p[%b] : (tensor<5x16xf32>, tensor<300xi32>) -> tensor<300x16xf32>
    // REPORTED:      report: index 7
    // REPORTED-NEXT: report: index -1
    // REPORTED-NEXT: report: index 5
    %ur = tensor.cast %r : tensor<300x16xf32> to tensor<?x16xf32>
    call @print_rows(%ur, %c0) : (tensor<?x16xf32>, index) -> ()
    // REPORTED:      [0,   0],
    // REPORTED-NEXT: [100,   101],
    // REPORTED-NEXT: [200,   201]
    %c149 = arith.constant 149 : index
    call @print_rows(%ur, %c149) : (tensor<?x16xf32>, index) -> ()
    // REPORTED:      [400,   401],
    // REPORTED-NEXT: [0,   0],
    // REPORTED-NEXT: [100,   101]
    %c297 = arith.constant 297 : index
    call @print_rows(%ur, %c297) : (tensor<?x16xf32>, index) -> ()
    // REPORTED:      [200,   201],
    // REPORTED-NEXT: [300,   301],
    // REPORTED-NEXT: [0,   0]

    // Wrap mode reports indices outside [-5, 5): -6 at 298.
    %cm6 = arith.constant -6 : i32
    %wi = call @set(%i, %c298, %cm6) : (tensor<300xi32>, index, i32) -> tensor<300xi32>
    %w = gather.gather %p[%wi] mode<wrap> : (tensor<5x16xf32>, tensor<300xi32>) -> tensor<300x16xf32>
    // REPORTED:      report: index -6
    // REPORTED-NOT:  report
    %uw = tensor.cast %w : tensor<300x16xf32> to tensor<?x16xf32>
    call @print_rows(%uw, %c297) : (tensor<?x16xf32>, index) -> ()
    // REPORTED:      [200,   201],
    // REPORTED-NEXT: [0,   0],
    // REPORTED-NEXT: [400,   401]
    return
  }

  func.func @bad() {
    %p = call @params() : () -> tensor<5x16xf32>
    %i = call @rows() : () -> tensor<300xi32>
    %c150 = arith.constant 150 : index
    %c5 = arith.constant 5 : i32
    %b = call @set(%i, %c150, %c5) : (tensor<300xi32>, index, i32) -> tensor<300xi32>
    // BAD: gather.gather at loc("{{.*}}flagged-slice-checks.mlir":[[@LINE+1]]:10): index 5 is out of bounds [0, 5) in params dimension 0
    %r = gather.gather %p[%b] : (tensor<5x16xf32>, tensor<300xi32>) -> tensor<300x16xf32>
    %ur = tensor.cast %r : tensor<300x16xf32> to tensor<?x16xf32>
    %c0 = arith.constant 0 : index
    call @print_rows(%ur, %c0) : (tensor<?x16xf32>, index) -> ()
    // BAD-NOT: rank =
    return
  }
}
