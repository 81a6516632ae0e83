// On AMD Zen (target-cpu=znver5) scalar copies from params larger than L2
// and at most 64 MiB may be vectorized by LLVM (CPUTargetDescription::
// vectorizedCopiesBeyondL2Only): the copy loop carries unroll.disable
// instead of vectorize.enable = false. Elements and gather_nd scalars from
// 2 MiB of params (over 100 positions: chunks of 32 or 64 and a partial
// one) equal an independent linalg gather, and an out-of-bounds pair still
// stops the program naming it (error mode).
//
// RUN: gather-opt %s --gather-cpu-pipeline="target-cpu=znver5" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline="target-cpu=znver5" \
// RUN: | not mlir-runner -e bad -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils 2>&1 \
// RUN: | FileCheck %s --check-prefix=ERR
// The plan and the loop metadata:
// RUN: gather-opt %s --convert-gather-to-scf="print-plan" -o /dev/null 2>&1 \
// RUN: | FileCheck %s --check-prefix=PLAN
// RUN: gather-opt %s --gather-cpu-pipeline="target-cpu=znver5" \
// RUN: | mlir-translate --mlir-to-llvmir \
// RUN: | FileCheck %s --check-prefix=IR --implicit-check-not=llvm.loop.vectorize
// PLAN-COUNT-2: copy=element {{.*}} vectorize=yes
// IR: !{!"llvm.loop.unroll.disable"}

module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">} {
  func.func private @printMemrefI64(tensor<*xi64>)

  func.func @nd(%p: tensor<512x1024xf32>, %i: tensor<100x2xi64>) -> tensor<100xf32> {
    %r = gather.gather_nd %p[%i] : (tensor<512x1024xf32>, tensor<100x2xi64>) -> tensor<100xf32>
    return %r : tensor<100xf32>
  }

  func.func @elements(%p: tensor<524288xf32>, %i: tensor<100xi32>) -> tensor<100xf32> {
    %r = gather.gather %p[%i] : (tensor<524288xf32>, tensor<100xi32>) -> tensor<100xf32>
    return %r : tensor<100xf32>
  }

  // params[r, c] = 1024 r + c (exact in f32).
  func.func @params() -> tensor<512x1024xf32> {
    %p = tensor.generate {
    ^bb0(%a: index, %b: index):
      %c1024 = arith.constant 1024 : index
      %m = arith.muli %a, %c1024 : index
      %v = arith.addi %m, %b : index
      %vi = arith.index_cast %v : index to i64
      %vf = arith.sitofp %vi : i64 to f32
      tensor.yield %vf : f32
    } : tensor<512x1024xf32>
    return %p : tensor<512x1024xf32>
  }

  // Pairs (379 k mod 512, 7 k mod 1024); pair 70's row is `bad70`.
  func.func @pairs(%bad70: i64) -> tensor<100x2xi64> {
    %i = tensor.generate {
    ^bb0(%k: index, %j: index):
      %c0 = arith.constant 0 : index
      %c7 = arith.constant 7 : index
      %c70 = arith.constant 70 : index
      %c379 = arith.constant 379 : index
      %c512 = arith.constant 512 : index
      %c1024 = arith.constant 1024 : index
      %k379 = arith.muli %k, %c379 : index
      %row = arith.remui %k379, %c512 : index
      %k7 = arith.muli %k, %c7 : index
      %col = arith.remui %k7, %c1024 : index
      %isRow = arith.cmpi eq, %j, %c0 : index
      %v = arith.select %isRow, %row, %col : index
      %vi = arith.index_cast %v : index to i64
      %is70 = arith.cmpi eq, %k, %c70 : index
      %bad = arith.andi %is70, %isRow : i1
      %w = arith.select %bad, %bad70, %vi : i64
      tensor.yield %w : i64
    } : tensor<100x2xi64>
    return %i : tensor<100x2xi64>
  }

  // The expected value of pair k, and of flat element 5003 k mod 524288.
  func.func @expected(%flat: i1) -> tensor<100xf32> {
    %e = tensor.generate {
    ^bb0(%k: index):
      %c7 = arith.constant 7 : index
      %c379 = arith.constant 379 : index
      %c512 = arith.constant 512 : index
      %c1024 = arith.constant 1024 : index
      %c5003 = arith.constant 5003 : index
      %c524288 = arith.constant 524288 : index
      %k379 = arith.muli %k, %c379 : index
      %row = arith.remui %k379, %c512 : index
      %k7 = arith.muli %k, %c7 : index
      %col = arith.remui %k7, %c1024 : index
      %rowOff = arith.muli %row, %c1024 : index
      %pair = arith.addi %rowOff, %col : index
      %k5003 = arith.muli %k, %c5003 : index
      %elem = arith.remui %k5003, %c524288 : index
      %v = arith.select %flat, %elem, %pair : index
      %vi = arith.index_cast %v : index to i64
      %vf = arith.sitofp %vi : i64 to f32
      tensor.yield %vf : f32
    } : tensor<100xf32>
    return %e : tensor<100xf32>
  }

  func.func @flat_indices() -> tensor<100xi32> {
    %i = tensor.generate {
    ^bb0(%k: index):
      %c5003 = arith.constant 5003 : index
      %c524288 = arith.constant 524288 : index
      %k5003 = arith.muli %k, %c5003 : index
      %v = arith.remui %k5003, %c524288 : index
      %vi = arith.index_cast %v : index to i32
      tensor.yield %vi : i32
    } : tensor<100xi32>
    return %i : tensor<100xi32>
  }

  // The number of positions where %a and %b differ.
  func.func @mismatches(%a: tensor<100xf32>, %b: tensor<100xf32>) -> i64 {
    %init = tensor.empty() : tensor<i64>
    %zero = arith.constant 0 : i64
    %acc = linalg.fill ins(%zero : i64) outs(%init : tensor<i64>) -> tensor<i64>
    %count = linalg.generic {indexing_maps = [affine_map<(m) -> (m)>,
        affine_map<(m) -> (m)>, affine_map<(m) -> ()>],
        iterator_types = ["reduction"]}
        ins(%a, %b : tensor<100xf32>, tensor<100xf32>) outs(%acc : tensor<i64>) {
    ^bb0(%x: f32, %y: f32, %s: i64):
      %ne = arith.cmpf une, %x, %y : f32
      %one = arith.extui %ne : i1 to i64
      %next = arith.addi %s, %one : i64
      linalg.yield %next : i64
    } -> tensor<i64>
    %v = tensor.extract %count[] : tensor<i64>
    return %v : i64
  }

  func.func @main() {
    %p = call @params() : () -> tensor<512x1024xf32>
    %c7 = arith.constant 7 : i64
    %pairs = call @pairs(%c7) : (i64) -> tensor<100x2xi64>
    %nd = call @nd(%p, %pairs) : (tensor<512x1024xf32>, tensor<100x2xi64>) -> tensor<100xf32>
    %false = arith.constant false
    %wantNd = call @expected(%false) : (i1) -> tensor<100xf32>
    %n0 = call @mismatches(%nd, %wantNd) : (tensor<100xf32>, tensor<100xf32>) -> i64
    // Pair 70 was set to row 7: one mismatch exactly there.
    %flatP = tensor.collapse_shape %p [[0, 1]] : tensor<512x1024xf32> into tensor<524288xf32>
    %fi = call @flat_indices() : () -> tensor<100xi32>
    %el = call @elements(%flatP, %fi) : (tensor<524288xf32>, tensor<100xi32>) -> tensor<100xf32>
    %true = arith.constant true
    %wantEl = call @expected(%true) : (i1) -> tensor<100xf32>
    %n1 = call @mismatches(%el, %wantEl) : (tensor<100xf32>, tensor<100xf32>) -> i64
    %e = tensor.from_elements %n0, %n1 : tensor<2xi64>
    %u = tensor.cast %e : tensor<2xi64> to tensor<*xi64>
    // CHECK: [1,  0]
    call @printMemrefI64(%u) : (tensor<*xi64>) -> ()
    return
  }

  func.func @bad() {
    %p = call @params() : () -> tensor<512x1024xf32>
    %c600 = arith.constant 600 : i64
    %pairs = call @pairs(%c600) : (i64) -> tensor<100x2xi64>
    %nd = call @nd(%p, %pairs) : (tensor<512x1024xf32>, tensor<100x2xi64>) -> tensor<100xf32>
    %u = tensor.cast %nd : tensor<100xf32> to tensor<*xf32>
    // ERR: gather.gather_nd at loc({{.*}}zen-vector-gathers.mlir":{{[0-9]+}}:10): index 600 is out of bounds [0, 512) in params dimension 0
    // ERR-NOT: Unranked
    call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
    return
  }
  func.func private @printMemrefF32(tensor<*xf32>)
}
