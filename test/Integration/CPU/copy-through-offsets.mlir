// gather_nd of scalars through offsets (Zen, chunks of 256 positions): 600
// positions (chunks 256, 256, 88) from a 5x7 params, error and zero mode,
// i64 and i32 index pairs, and batch_dims = 1. Position m reads params
// [m mod 5, m mod 7] = 10 * (m mod 5) + (m mod 7); the windows print
// positions 254-259 (across the first chunk boundary) and 596-599 (the last,
// partial chunk). In error mode a bad pair at position 300 (chunk 2) stops
// the program naming it; in zero mode it reads 0 and the rest is copied.
//
// DEFINE: %{run} = mlir-runner -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils
//
// RUN: gather-opt %s --convert-gather-to-scf=print-plan -o /dev/null 2>&1 \
// RUN: | FileCheck %s --check-prefix=PLAN
// PLAN-COUNT-5: chunk=256 {{.*}} through-offsets
// RUN: gather-opt %s --gather-cpu-pipeline | %{run} -e good | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline | not %{run} -e bad 2>&1 \
// RUN: | FileCheck %s --check-prefix=BAD

module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">} {
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
