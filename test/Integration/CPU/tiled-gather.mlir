// Gathers tiled on their own with transform.structured.tile_using_for and
// tile_using_forall (partial tiles, dynamic shapes, batch_dims, a negative
// axis, gather_nd, mode<zero>, mode<wrap>), then lowered with gather-cpu-pipeline: each
// tile gathers its part of the result and the values are those of the
// untiled ops.
//
// RUN: split-file --leading-lines %s %t
// DEFINE: %{tile} = gather-opt %t/payload.mlir \
// DEFINE:     --transform-preload-library=transform-library-paths=%t/schedule.mlir \
// DEFINE:     --transform-interpreter
// DEFINE: %{run} = mlir-runner -e main -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils
//
// RUN: %{tile} | FileCheck %s --check-prefix=IR
// RUN: %{tile} --gather-cpu-pipeline="lowering=scf" | %{run} | FileCheck %s
// RUN: %{tile} --gather-cpu-pipeline="lowering=linalg" | %{run} | FileCheck %s
// RUN: gather-opt %t/payload.mlir --gather-cpu-pipeline | %{run} | FileCheck %s

//--- payload.mlir

func.func private @printMemrefF32(tensor<*xf32>)

// params[i, j, k] = 100 i + 10 j + k.
func.func @iota(%d0: index, %d1: index, %d2: index) -> tensor<?x?x?xf32> {
  %t = tensor.generate %d0, %d1, %d2 {
  ^bb0(%i: index, %j: index, %k: index):
    %c100 = arith.constant 100 : index
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c100 : index
    %b = arith.muli %j, %c10 : index
    %s = arith.addi %a, %b : index
    %v = arith.addi %s, %k : index
    %vi = arith.index_cast %v : index to i64
    %vf = arith.sitofp %vi : i64 to f32
    tensor.yield %vf : f32
  } : tensor<?x?x?xf32>
  return %t : tensor<?x?x?xf32>
}

// batch_dims = 1, axis = -1, dynamic; tiles [1, 2, 1] (the 3 rows in tiles
// of 2 and 1).
func.func @batched_last_axis(%params: tensor<?x?x?xf32>, %indices: tensor<?x?xi64>) -> tensor<?x?x?xf32> {
  %r = gather.gather %params[%indices] axis = -1 batch_dims = 1 {tile_1x2x1} : (tensor<?x?x?xf32>, tensor<?x?xi64>) -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}
// IR-LABEL: func.func @batched_last_axis
//       IR:   scf.for %
//       IR:     scf.for %
//       IR:       scf.for %
//       IR:         gather.gather {{.*}} axis = -1 batch_dims = 1 {{.*}}: (tensor<1x?x?xf32>, tensor<1x1xi64>) -> tensor<1x?x1xf32>

// Index vectors of depth 2, static; scf.forall tiles of 2 vectors x 3
// elements (partial in both).
func.func @nd_depth2(%params: tensor<2x3x4xf32>, %indices: tensor<3x2xi32>) -> tensor<3x4xf32> {
  %r = gather.gather_nd %params[%indices] {forall_2x3} : (tensor<2x3x4xf32>, tensor<3x2xi32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}
// IR-LABEL: func.func @nd_depth2
//       IR:   scf.forall
//       IR:     gather.gather_nd {{.*}}: (tensor<2x3x?xf32>, tensor<?x2xi32>) -> tensor<?x?xf32>

// mode<zero> along axis 0, tiles of one element: 5 and -1 give zeros.
func.func @zero_mode(%params: tensor<3x2x1xf32>, %indices: tensor<2x2xindex>) -> tensor<2x2x2x1xf32> {
  %r = gather.gather %params[%indices] mode<zero> {tile_1x1x1} : (tensor<3x2x1xf32>, tensor<2x2xindex>) -> tensor<2x2x2x1xf32>
  return %r : tensor<2x2x2x1xf32>
}
// IR-LABEL: func.func @zero_mode
//       IR:   scf.for %
//       IR:     scf.for %
//       IR:       scf.for %
//       IR:         gather.gather {{.*}} mode<zero> {{.*}}: (tensor<3x1x1xf32>, tensor<1x1xindex>) -> tensor<1x1x1x1xf32>

// mode<wrap>: -1 and -3 count from the end; scf.forall tiles of one index.
func.func @wrap_mode(%params: tensor<3x2x1xf32>, %indices: tensor<2x2xi32>) -> tensor<2x2x2x1xf32> {
  %r = gather.gather %params[%indices] mode<wrap> {forall_1x1} : (tensor<3x2x1xf32>, tensor<2x2xi32>) -> tensor<2x2x2x1xf32>
  return %r : tensor<2x2x2x1xf32>
}
// IR-LABEL: func.func @wrap_mode
//       IR:   scf.forall
//       IR:     gather.gather {{.*}} mode<wrap> {{.*}}: (tensor<3x2x1xf32>, tensor<1x1xi32>) -> tensor<1x1x2x1xf32>

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %p = call @iota(%c2, %c3, %c4) : (index, index, index) -> tensor<?x?x?xf32>

  %i1 = arith.constant dense<[[3, 0], [1, 1]]> : tensor<2x2xi64>
  %i1d = tensor.cast %i1 : tensor<2x2xi64> to tensor<?x?xi64>
  %r1 = call @batched_last_axis(%p, %i1d) : (tensor<?x?x?xf32>, tensor<?x?xi64>) -> tensor<?x?x?xf32>
  %u1 = tensor.cast %r1 : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  // CHECK:      sizes = [2, 3, 2]
  // CHECK-NEXT: {{\[}}{{\[}}[3,   0],
  // CHECK-NEXT:   [13,   10],
  // CHECK-NEXT:   [23,   20]],
  // CHECK-NEXT:  {{\[}}[101,   101],
  // CHECK-NEXT:   [111,   111],
  // CHECK-NEXT:   [121,   121]]]

  %ps = tensor.cast %p : tensor<?x?x?xf32> to tensor<2x3x4xf32>
  %i2 = arith.constant dense<[[1, 2], [0, 0], [1, 0]]> : tensor<3x2xi32>
  %r2 = call @nd_depth2(%ps, %i2) : (tensor<2x3x4xf32>, tensor<3x2xi32>) -> tensor<3x4xf32>
  %u2 = tensor.cast %r2 : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  // CHECK:      sizes = [3, 4]
  // CHECK-NEXT: [120,   121,   122,   123],
  // CHECK-NEXT: [0,   1,   2,   3],
  // CHECK-NEXT: [100,   101,   102,   103]]

  %p3 = call @iota(%c3, %c2, %c1) : (index, index, index) -> tensor<?x?x?xf32>
  %p3s = tensor.cast %p3 : tensor<?x?x?xf32> to tensor<3x2x1xf32>
  %i3 = arith.constant dense<[[2, 5], [-1, 0]]> : tensor<2x2xindex>
  %r3 = call @zero_mode(%p3s, %i3) : (tensor<3x2x1xf32>, tensor<2x2xindex>) -> tensor<2x2x2x1xf32>
  %u3 = tensor.cast %r3 : tensor<2x2x2x1xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  // CHECK:      sizes = [2, 2, 2, 1]
  // CHECK-NEXT: {{\[}}{{\[}}{{\[}}[200],
  // CHECK-NEXT:     [210]],
  // CHECK-NEXT:    {{\[}}[0],
  // CHECK-NEXT:     [0]]],
  // CHECK-NEXT:   {{\[}}{{\[}}[0],
  // CHECK-NEXT:     [0]],
  // CHECK-NEXT:    {{\[}}[0],
  // CHECK-NEXT:     [10]]]]

  %i4 = arith.constant dense<[[-1, 2], [-3, 0]]> : tensor<2x2xi32>
  %r4 = call @wrap_mode(%p3s, %i4) : (tensor<3x2x1xf32>, tensor<2x2xi32>) -> tensor<2x2x2x1xf32>
  %u4 = tensor.cast %r4 : tensor<2x2x2x1xf32> to tensor<*xf32>
  call @printMemrefF32(%u4) : (tensor<*xf32>) -> ()
  // CHECK:      sizes = [2, 2, 2, 1]
  // CHECK-NEXT: {{\[}}{{\[}}{{\[}}[200],
  // CHECK-NEXT:     [210]],
  // CHECK-NEXT:    {{\[}}[200],
  // CHECK-NEXT:     [210]]],
  // CHECK-NEXT:   {{\[}}{{\[}}[0],
  // CHECK-NEXT:     [10]],
  // CHECK-NEXT:    {{\[}}[0],
  // CHECK-NEXT:     [10]]]]
  return
}

//--- schedule.mlir

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.structured.match attributes {tile_1x2x1} in %root : (!transform.any_op) -> !transform.any_op
    %ta, %la:3 = transform.structured.tile_using_for %a tile_sizes [1, 2, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %b = transform.structured.match attributes {forall_2x3} in %root : (!transform.any_op) -> !transform.any_op
    %tb, %lb = transform.structured.tile_using_forall %b tile_sizes [2, 3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %c = transform.structured.match attributes {tile_1x1x1} in %root : (!transform.any_op) -> !transform.any_op
    %tc, %lc:3 = transform.structured.tile_using_for %c tile_sizes [1, 1, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %d = transform.structured.match attributes {forall_1x1} in %root : (!transform.any_op) -> !transform.any_op
    %td, %ld = transform.structured.tile_using_forall %d tile_sizes [1, 1] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
