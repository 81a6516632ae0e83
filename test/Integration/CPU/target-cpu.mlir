// Rows of 4 KiB tuned for AMD Zen (target-cpu=znver5) and prefetched (Zen 4
// leaves them to the hardware unless prefetch-distance asks): streamed only
// in chunks whose indices are dense, copied with plain stores in the others
// (LoweringPlan::plainStoresOutsideDenseChunks; nontemporal-min-bytes=0 so
// that this small dynamic result streams). Every
// result equals an independent linalg gather, for ascending (dense),
// sparse and descending indices over three chunks (the last one partial)
// and a bad index in zero mode.
//
// RUN: gather-opt %s --gather-cpu-pipeline="target-cpu=znver5 prefetch-distance=2 nontemporal-min-bytes=0" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// Zen 5's default (the rows prefetched two ahead since stop 45, as above)
// and Intel's (prefetched, streaming in every chunk):
// RUN: gather-opt %s --gather-cpu-pipeline="target-cpu=znver5 nontemporal-min-bytes=0" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline="target-cpu=sapphirerapids nontemporal-min-bytes=0" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// Zen 5 prefetches them where two threads split the gather too, as on one
// (stop 54: their four row prefetches; Zen 4's one is of the indices):
// RUN: gather-opt %s --gather-cpu-pipeline="target-cpu=znver5 num-threads=2 nontemporal-min-bytes=0" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN:     -shared-libs=%libomp \
// RUN: | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline="target-cpu=znver5 num-threads=2 nontemporal-min-bytes=0" \
// RUN: | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=ZEN5-THREADS
// RUN: gather-opt %s --gather-cpu-pipeline="target-cpu=znver4 num-threads=2 nontemporal-min-bytes=0" \
// RUN: | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=ZEN4-THREADS
// ZEN5-THREADS-COUNT-4: call void @llvm.prefetch
// ZEN5-THREADS-NOT: call void @llvm.prefetch
// ZEN4-THREADS-COUNT-1: call void @llvm.prefetch
// ZEN4-THREADS-NOT: call void @llvm.prefetch
// Zen's kernel has one loop of plain row copies more than Intel's (a
// memcpy each; the others are the unaligned fallbacks of streaming loops).
// RUN: gather-opt %s --gather-cpu-pipeline="target-cpu=znver5 prefetch-distance=2 nontemporal-min-bytes=0" \
// RUN: | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=ZEN
// RUN: gather-opt %s --gather-cpu-pipeline="target-cpu=sapphirerapids nontemporal-min-bytes=0" \
// RUN: | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=INTEL
// ZEN-COUNT-3: call void @llvm.memcpy
// ZEN-NOT: call void @llvm.memcpy
// INTEL-COUNT-2: call void @llvm.memcpy
// INTEL-NOT: call void @llvm.memcpy

func.func private @printMemrefI64(tensor<*xi64>)

func.func @rows(%p: tensor<512x1024xf32>, %i: tensor<?xi32>) -> tensor<?x1024xf32> {
  %r = gather.gather %p[%i] mode<zero> : (tensor<512x1024xf32>, tensor<?xi32>) -> tensor<?x1024xf32>
  return %r : tensor<?x1024xf32>
}

// The reference: zero mode by hand.
func.func @reference(%p: tensor<512x1024xf32>, %i: tensor<?xi32>) -> tensor<?x1024xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %i, %c0 : tensor<?xi32>
  %e = tensor.empty(%n) : tensor<?x1024xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, d) -> (m)>,
      affine_map<(m, d) -> (m, d)>], iterator_types = ["parallel", "parallel"]}
      ins(%i : tensor<?xi32>) outs(%e : tensor<?x1024xf32>) {
  ^bb0(%id: i32, %o: f32):
    %row = arith.index_cast %id : i32 to index
    %col = linalg.index 1 : index
    %c512 = arith.constant 512 : index
    %ok = arith.cmpi ult, %row, %c512 : index
    %safe = arith.select %ok, %row, %c0 : index
    %v = tensor.extract %p[%safe, %col] : tensor<512x1024xf32>
    %zero = arith.constant 0.0 : f32
    %w = arith.select %ok, %v, %zero : f32
    linalg.yield %w : f32
  } -> tensor<?x1024xf32>
  return %r : tensor<?x1024xf32>
}

// The number of elements where %a and %b differ.
func.func @mismatches(%a: tensor<?x1024xf32>, %b: tensor<?x1024xf32>) -> i64 {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x1024xf32>
  %init = tensor.empty() : tensor<i64>
  %zero = arith.constant 0 : i64
  %acc = linalg.fill ins(%zero : i64) outs(%init : tensor<i64>) -> tensor<i64>
  %count = linalg.generic {indexing_maps = [affine_map<(m, d) -> (m, d)>,
      affine_map<(m, d) -> (m, d)>, affine_map<(m, d) -> ()>],
      iterator_types = ["reduction", "reduction"]}
      ins(%a, %b : tensor<?x1024xf32>, tensor<?x1024xf32>) outs(%acc : tensor<i64>) {
  ^bb0(%x: f32, %y: f32, %s: i64):
    %ne = arith.cmpf une, %x, %y : f32
    %one = arith.extui %ne : i1 to i64
    %next = arith.addi %s, %one : i64
    linalg.yield %next : i64
  } -> tensor<i64>
  %v = tensor.extract %count[] : tensor<i64>
  return %v : i64
}

// Indices of 300 positions: k / 2 (ascending, dense), 379 k mod 512
// (sparse), 511 - k (descending, dense), and k / 2 with position 130 set to
// 5000 (bad, in the second chunk).
func.func @indices(%kind: index) -> tensor<?xi32> {
  %i = tensor.generate {
  ^bb0(%k: index):
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c130 = arith.constant 130 : index
    %c379 = arith.constant 379 : index
    %c511 = arith.constant 511 : index
    %c512 = arith.constant 512 : index
    %c5000 = arith.constant 5000 : index
    %half = arith.divui %k, %c2 : index
    %k379 = arith.muli %k, %c379 : index
    %sparse = arith.remui %k379, %c512 : index
    %down = arith.subi %c511, %k : index
    %is130 = arith.cmpi eq, %k, %c130 : index
    %bad = arith.select %is130, %c5000, %half : index
    %is1 = arith.cmpi eq, %kind, %c1 : index
    %is2 = arith.cmpi eq, %kind, %c2 : index
    %is3 = arith.cmpi eq, %kind, %c3 : index
    %a = arith.select %is3, %bad, %half : index
    %b = arith.select %is2, %down, %a : index
    %v = arith.select %is1, %sparse, %b : index
    %vi = arith.index_cast %v : index to i32
    tensor.yield %vi : i32
  } : tensor<300xi32>
  %d = tensor.cast %i : tensor<300xi32> to tensor<?xi32>
  return %d : tensor<?xi32>
}

func.func @main() {
  // params[i, j] = 1024 i + j (exact in f32).
  %p = tensor.generate {
  ^bb0(%a: index, %b: index):
    %c1024 = arith.constant 1024 : index
    %m = arith.muli %a, %c1024 : index
    %v = arith.addi %m, %b : index
    %vi = arith.index_cast %v : index to i64
    %vf = arith.sitofp %vi : i64 to f32
    tensor.yield %vf : f32
  } : tensor<512x1024xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %e = tensor.empty() : tensor<4xi64>
  %counts = scf.for %kind = %c0 to %c4 step %c1 iter_args(%acc = %e) -> tensor<4xi64> {
    %i = func.call @indices(%kind) : (index) -> tensor<?xi32>
    %got = func.call @rows(%p, %i) : (tensor<512x1024xf32>, tensor<?xi32>) -> tensor<?x1024xf32>
    %want = func.call @reference(%p, %i) : (tensor<512x1024xf32>, tensor<?xi32>) -> tensor<?x1024xf32>
    %n = func.call @mismatches(%got, %want) : (tensor<?x1024xf32>, tensor<?x1024xf32>) -> i64
    %next = tensor.insert %n into %acc[%kind] : tensor<4xi64>
    scf.yield %next : tensor<4xi64>
  }
  %u = tensor.cast %counts : tensor<4xi64> to tensor<*xi64>
  // CHECK: [0,  0,  0,  0]
  call @printMemrefI64(%u) : (tensor<*xi64>) -> ()
  return
}
