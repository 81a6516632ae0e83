// Error mode on an i8 element gather with an outer params loop (axis 1):
// copies of one byte, which LLVM does not vectorize. Its 1100 indices (4.4
// KiB) fit in L1, so they are checked once before the loops; on a target
// whose L1 holds less (DLTI, the module wrapped in it), each chunk of 1024
// positions (128 on Zen) is checked before its copies. All plans gather the
// same bytes, and all stop at the bad index (position 1050, in the second
// chunk of 1024) before anything is printed.
//
// DEFINE: %{run} = mlir-runner -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils
//
// RUN: gather-opt %s --convert-gather-to-scf=print-plan -o /dev/null 2>&1 \
// RUN: | FileCheck %s --check-prefix=ONCE
// ONCE-COUNT-2: copy=element checks=up-front
// RUN: gather-opt %s --gather-cpu-pipeline | %{run} -e good | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline | not %{run} -e bad 2>&1 \
// RUN: | FileCheck %s --check-prefix=BAD
//
// RUN: (echo 'module attributes {dlti.target_system_spec = #dlti.target_system_spec<"CPU" = #dlti.target_device_spec<"L1_cache_size_in_bytes" = 64 : i64>>} {'; \
// RUN:   cat %s; echo '}') > %t.l1.mlir
// RUN: gather-opt %t.l1.mlir --convert-gather-to-scf=print-plan -o /dev/null 2>&1 \
// RUN: | FileCheck %s --check-prefix=CHUNKS
// CHUNKS-COUNT-2: copy=element checks=per-chunk chunk=1024
// mlir-runner does not parse DLTI: the spec is dropped from the output.
// RUN: gather-opt %t.l1.mlir --gather-cpu-pipeline \
// RUN: | sed 's/^module attributes {dlti.*} {$/module {/' \
// RUN: | %{run} -e good | FileCheck %s
// RUN: gather-opt %t.l1.mlir --gather-cpu-pipeline \
// RUN: | sed 's/^module attributes {dlti.*} {$/module {/' \
// RUN: | not %{run} -e bad 2>&1 | FileCheck %s --check-prefix=BADL1
//
// Tuned for AMD Zen 4, chunks hold 128 positions
// (CPUTargetDescription::elementCheckChunkPositions): the window spans
// chunks 7 and 8, and the bad index lies inside chunk 8.
// RUN: gather-opt %t.l1.mlir --gather-target-cpu=cpu=znver4 \
// RUN:     --convert-gather-to-scf=print-plan -o /dev/null 2>&1 \
// RUN: | FileCheck %s --check-prefix=ZEN
// ZEN-COUNT-2: copy=element checks=per-chunk chunk=128
// RUN: gather-opt %t.l1.mlir --gather-cpu-pipeline=target-cpu=znver4 \
// RUN: | sed 's/^module attributes {dlti.*} {$/module {/' \
// RUN: | %{run} -e good | FileCheck %s
// RUN: gather-opt %t.l1.mlir --gather-cpu-pipeline=target-cpu=znver4 \
// RUN: | sed 's/^module attributes {dlti.*} {$/module {/' \
// RUN: | not %{run} -e bad 2>&1 | FileCheck %s --check-prefix=BADL1
//
// Zen 5 tests each index in the copy loop
// (CPUTargetDescription::branchingElementChecks; later rows only after a
// bad one), and stops at the bad index in the first row that reads it.
// RUN: gather-opt %t.l1.mlir --gather-target-cpu=cpu=znver5 \
// RUN:     --convert-gather-to-scf=print-plan -o /dev/null 2>&1 \
// RUN: | FileCheck %s --check-prefix=ZEN5
// ZEN5-COUNT-2: copy=element checks=branching
// RUN: gather-opt %t.l1.mlir --gather-cpu-pipeline=target-cpu=znver5 \
// RUN: | sed 's/^module attributes {dlti.*} {$/module {/' \
// RUN: | %{run} -e good | FileCheck %s
// RUN: gather-opt %t.l1.mlir --gather-cpu-pipeline=target-cpu=znver5 \
// RUN: | sed 's/^module attributes {dlti.*} {$/module {/' \
// RUN: | not %{run} -e bad 2>&1 | FileCheck %s --check-prefix=BADL1

func.func private @printMemrefI32(tensor<*xi32>)

func.func @params() -> tensor<3x4xi8> {
  %p = arith.constant dense<[[0, 1, 2, 3], [10, 11, 12, 13], [-20, -21, -22, -23]]> : tensor<3x4xi8>
  return %p : tensor<3x4xi8>
}

// Index m mod 4 at position m.
func.func @indices() -> tensor<1100xi32> {
  %init = tensor.empty() : tensor<1100xi32>
  %i = linalg.generic {indexing_maps = [affine_map<(m) -> (m)>],
                       iterator_types = ["parallel"]} outs(%init : tensor<1100xi32>) {
  ^bb0(%out: i32):
    %m = linalg.index 0 : index
    %c4 = arith.constant 4 : index
    %r = arith.remui %m, %c4 : index
    %v = arith.index_cast %r : index to i32
    linalg.yield %v : i32
  } -> tensor<1100xi32>
  return %i : tensor<1100xi32>
}

// Positions 1020-1027 of the result, across the first two chunks.
func.func @print_window(%r: tensor<3x1100xi8>) {
  %w = tensor.extract_slice %r[0, 1020] [3, 8] [1, 1] : tensor<3x1100xi8> to tensor<3x8xi8>
  %init = tensor.empty() : tensor<3x8xi32>
  %x = linalg.map { arith.extsi } ins(%w : tensor<3x8xi8>) outs(%init : tensor<3x8xi32>)
  %u = tensor.cast %x : tensor<3x8xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}

func.func @good() {
  %p = call @params() : () -> tensor<3x4xi8>
  %i = call @indices() : () -> tensor<1100xi32>
  %r = gather.gather %p[%i] axis = 1 : (tensor<3x4xi8>, tensor<1100xi32>) -> tensor<3x1100xi8>
  call @print_window(%r) : (tensor<3x1100xi8>) -> ()
  return
}
// CHECK:      {{\[}}[0, 1, 2, 3, 0, 1, 2, 3],
// CHECK-NEXT:  [10, 11, 12, 13, 10, 11, 12, 13],
// CHECK-NEXT:  [-20, -21, -22, -23, -20, -21, -22, -23]]

func.func @bad() {
  %p = call @params() : () -> tensor<3x4xi8>
  %i = call @indices() : () -> tensor<1100xi32>
  %c4 = arith.constant 4 : i32
  %c1050 = arith.constant 1050 : index
  %b = tensor.insert %c4 into %i[%c1050] : tensor<1100xi32>
  // BAD: gather.gather at loc("{{.*}}scalar-loop-checks.mlir":[[@LINE+2]]:8): index 4 is out of bounds [0, 4) in params dimension 1
  // BADL1: gather.gather at loc("{{.*}}.l1.mlir":[[@LINE+2]]:8): index 4 is out of bounds [0, 4) in params dimension 1
  %r = gather.gather %p[%b] axis = 1 : (tensor<3x4xi8>, tensor<1100xi32>) -> tensor<3x1100xi8>
  call @print_window(%r) : (tensor<3x1100xi8>) -> ()
  // BAD-NOT: rank =
  // BADL1-NOT: rank =
  return
}
