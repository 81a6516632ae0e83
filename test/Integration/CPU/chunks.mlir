// The position loop runs in chunks of indices (128 positions for the rows on
// one thread, 1024 for scalars and on threads), each checked before its
// slices are copied: zero and clamp modes copy a chunk without bad indices
// unchecked and resolve each index only in the others. 3000 positions: index
// 9 at position 1500 (inside a chunk: of 128, the twelfth; of 1024, the
// second) and -1 at position 2999 (in the last chunk, a partial one of 56 or
// 952 positions); the others hold m mod 4, so the first chunks are clean. Single-threaded and on two
// threads (the forall then runs over the chunks), rows and scalars.
//
// RUN: gather-opt %s --gather-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline="prefetch-distance=0" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// A target whose L2 holds less than a table (params from the gathered
// dimension on; DLTI, the module wrapped in it):
// rows of 12 B and scalars are then prefetched 64 positions ahead, into L2
// (the prefetched position clamped into the indices, its index into params):
// RUN: (echo 'module attributes {dlti.target_system_spec = #dlti.target_system_spec<"CPU" = #dlti.target_device_spec<"L2_cache_size_in_bytes" = 8 : i64>>} {'; \
// RUN:   cat %s; echo '}') > %t.l2.mlir
// mlir-runner does not parse DLTI: the spec is dropped from the output.
// RUN: gather-opt %t.l2.mlir --gather-cpu-pipeline \
// RUN: | sed 's/^module attributes {dlti.*} {$/module {/' \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: %if libomp %{ gather-opt %t.l2.mlir --gather-cpu-pipeline="num-threads=2" \
// RUN: | sed 's/^module attributes {dlti.*} {$/module {/' \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN:     -shared-libs=%libomp \
// RUN: | FileCheck %s %}
// RUN: gather-opt %t.l2.mlir --convert-gather-to-scf=print-plan -o /dev/null 2>&1 \
// RUN: | FileCheck %s --check-prefix=PLAN
// PLAN-COUNT-4: slice-prefetch=64 into=l2
// Tuned for Zen, whose scalar gathers from tables beyond L2 also prefetch
// the next chunk's indices:
// RUN: gather-opt %t.l2.mlir --gather-cpu-pipeline=target-cpu=znver5 \
// RUN: | sed 's/^module attributes {dlti.*} {$/module {/' \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: gather-opt %t.l2.mlir --gather-target-cpu=cpu=znver5 \
// RUN:   --convert-gather-to-scf=print-plan -o /dev/null 2>&1 \
// RUN: | FileCheck %s --check-prefix=ZEN
// ZEN-COUNT-2: copy=element {{.*}} indices-prefetch=yes
// RUN: %if libomp %{ gather-opt %s --gather-cpu-pipeline="num-threads=2" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN:     -shared-libs=%libomp \
// RUN: | FileCheck %s %}

func.func private @printMemrefF32(tensor<*xf32>)

// params[i, j] = 10 i + j, 4 x 3.
func.func @iota() -> tensor<4x3xf32> {
  %t = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c10 : index
    %v = arith.addi %a, %j : index
    %vi = arith.index_cast %v : index to i64
    %vf = arith.sitofp %vi : i64 to f32
    tensor.yield %vf : f32
  } : tensor<4x3xf32>
  return %t : tensor<4x3xf32>
}

func.func @indices() -> tensor<3000xi32> {
  %t = tensor.generate {
  ^bb0(%m: index):
    %c4 = arith.constant 4 : index
    %c1500 = arith.constant 1500 : index
    %c2999 = arith.constant 2999 : index
    %r = arith.remui %m, %c4 : index
    %v = arith.index_cast %r : index to i32
    %c9 = arith.constant 9 : i32
    %cm1 = arith.constant -1 : i32
    %is1500 = arith.cmpi eq, %m, %c1500 : index
    %is2999 = arith.cmpi eq, %m, %c2999 : index
    %v1 = arith.select %is1500, %c9, %v : i32
    %v2 = arith.select %is2999, %cm1, %v1 : i32
    tensor.yield %v2 : i32
  } : tensor<3000xi32>
  return %t : tensor<3000xi32>
}

// Rows at positions 0-1, 1499-1501 and 2998-2999 (7 rows of 3).
func.func @print_rows(%r: tensor<3000x3xf32>) {
  %a = tensor.extract_slice %r[0, 0] [2, 3] [1, 1] : tensor<3000x3xf32> to tensor<2x3xf32>
  %b = tensor.extract_slice %r[1499, 0] [3, 3] [1, 1] : tensor<3000x3xf32> to tensor<3x3xf32>
  %c = tensor.extract_slice %r[2998, 0] [2, 3] [1, 1] : tensor<3000x3xf32> to tensor<2x3xf32>
  %ab = tensor.concat dim(0) %a, %b, %c : (tensor<2x3xf32>, tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<7x3xf32>
  %u = tensor.cast %ab : tensor<7x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @rows_zero(%p: tensor<4x3xf32>, %i: tensor<3000xi32>) -> tensor<3000x3xf32> {
  %r = gather.gather %p[%i] mode<zero> : (tensor<4x3xf32>, tensor<3000xi32>) -> tensor<3000x3xf32>
  return %r : tensor<3000x3xf32>
}

func.func @rows_clamp(%p: tensor<4x3xf32>, %i: tensor<3000xi32>) -> tensor<3000x3xf32> {
  %r = gather.gather %p[%i] mode<clamp> : (tensor<4x3xf32>, tensor<3000xi32>) -> tensor<3000x3xf32>
  return %r : tensor<3000x3xf32>
}

// Scalars: params transposed (3 x 4), axis 1; the result is 3 x 3000,
// printed transposed back through the same rows.
func.func @columns_zero(%p: tensor<3x4xf32>, %i: tensor<3000xi32>) -> tensor<3x3000xf32> {
  %r = gather.gather %p[%i] axis = 1 mode<zero> : (tensor<3x4xf32>, tensor<3000xi32>) -> tensor<3x3000xf32>
  return %r : tensor<3x3000xf32>
}

func.func @columns_clamp(%p: tensor<3x4xf32>, %i: tensor<3000xi32>) -> tensor<3x3000xf32> {
  %r = gather.gather %p[%i] axis = 1 mode<clamp> : (tensor<3x4xf32>, tensor<3000xi32>) -> tensor<3x3000xf32>
  return %r : tensor<3x3000xf32>
}

func.func @transposed(%t: tensor<3x3000xf32>) -> tensor<3000x3xf32> {
  %e = tensor.empty() : tensor<3000x3xf32>
  %r = linalg.transpose ins(%t : tensor<3x3000xf32>) outs(%e : tensor<3000x3xf32>) permutation = [1, 0]
  return %r : tensor<3000x3xf32>
}

func.func @main() {
  %p = call @iota() : () -> tensor<4x3xf32>
  %i = call @indices() : () -> tensor<3000xi32>

  %z = call @rows_zero(%p, %i) : (tensor<4x3xf32>, tensor<3000xi32>) -> tensor<3000x3xf32>
  call @print_rows(%z) : (tensor<3000x3xf32>) -> ()
  // Positions 0, 1, 1499, 1500 (9: zeros), 1501, 2998, 2999 (-1: zeros).
  // CHECK-LABEL: sizes = [7, 3]
  // CHECK-NEXT: {{\[}}[0, 1, 2],
  // CHECK-NEXT:  [10, 11, 12],
  // CHECK-NEXT:  [30, 31, 32],
  // CHECK-NEXT:  [0, 0, 0],
  // CHECK-NEXT:  [10, 11, 12],
  // CHECK-NEXT:  [20, 21, 22],
  // CHECK-NEXT:  [0, 0, 0]]

  %c = call @rows_clamp(%p, %i) : (tensor<4x3xf32>, tensor<3000xi32>) -> tensor<3000x3xf32>
  call @print_rows(%c) : (tensor<3000x3xf32>) -> ()
  // CHECK-LABEL: sizes = [7, 3]
  // CHECK-NEXT: {{\[}}[0, 1, 2],
  // CHECK-NEXT:  [10, 11, 12],
  // CHECK-NEXT:  [30, 31, 32],
  // CHECK-NEXT:  [30, 31, 32],
  // CHECK-NEXT:  [10, 11, 12],
  // CHECK-NEXT:  [20, 21, 22],
  // CHECK-NEXT:  [0, 1, 2]]

  %pe = tensor.empty() : tensor<3x4xf32>
  %pt = linalg.transpose ins(%p : tensor<4x3xf32>) outs(%pe : tensor<3x4xf32>) permutation = [1, 0]
  %cz = call @columns_zero(%pt, %i) : (tensor<3x4xf32>, tensor<3000xi32>) -> tensor<3x3000xf32>
  %czt = call @transposed(%cz) : (tensor<3x3000xf32>) -> tensor<3000x3xf32>
  call @print_rows(%czt) : (tensor<3000x3xf32>) -> ()
  // CHECK-LABEL: sizes = [7, 3]
  // CHECK-NEXT: {{\[}}[0, 1, 2],
  // CHECK-NEXT:  [10, 11, 12],
  // CHECK-NEXT:  [30, 31, 32],
  // CHECK-NEXT:  [0, 0, 0],
  // CHECK-NEXT:  [10, 11, 12],
  // CHECK-NEXT:  [20, 21, 22],
  // CHECK-NEXT:  [0, 0, 0]]

  %cc = call @columns_clamp(%pt, %i) : (tensor<3x4xf32>, tensor<3000xi32>) -> tensor<3x3000xf32>
  %cct = call @transposed(%cc) : (tensor<3x3000xf32>) -> tensor<3000x3xf32>
  call @print_rows(%cct) : (tensor<3000x3xf32>) -> ()
  // CHECK-LABEL: sizes = [7, 3]
  // CHECK-NEXT: {{\[}}[0, 1, 2],
  // CHECK-NEXT:  [10, 11, 12],
  // CHECK-NEXT:  [30, 31, 32],
  // CHECK-NEXT:  [30, 31, 32],
  // CHECK-NEXT:  [10, 11, 12],
  // CHECK-NEXT:  [20, 21, 22],
  // CHECK-NEXT:  [0, 1, 2]]
  return
}
