// RUN: gather-opt %s -canonicalize -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func @gather_identity
//  CHECK-SAME:   (%[[P:.*]]: tensor<3x4xf32>)
//       CHECK:   return %[[P]]
func.func @gather_identity(%p: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %i = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %0 = gather.gather %p[%i] axis = 1 : (tensor<3x4xf32>, tensor<4xi32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// With a batch dimension each batch row must be the whole axis in order.
// CHECK-LABEL: func @gather_identity_batch
//  CHECK-SAME:   (%[[P:.*]]: tensor<2x3xf32>)
//       CHECK:   return %[[P]]
func.func @gather_identity_batch(%p: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %i = arith.constant dense<[[0, 1, 2], [0, 1, 2]]> : tensor<2x3xindex>
  %0 = gather.gather %p[%i] batch_dims = 1 : (tensor<2x3xf32>, tensor<2x3xindex>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @gather_not_identity
//       CHECK:   %[[R:.*]] = gather.gather
//       CHECK:   return %[[R]]
func.func @gather_not_identity(%p: tensor<3xf32>) -> tensor<3xf32> {
  %i = arith.constant dense<[0, 2, 1]> : tensor<3xi64>
  %0 = gather.gather %p[%i] : (tensor<3xf32>, tensor<3xi64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// CHECK-LABEL: func @gather_constant_fold
//       CHECK:   %[[C:.*]] = arith.constant dense<{{\[}}[3, 1], [6, 4]]> : tensor<2x2xi32>
//       CHECK:   return %[[C]]
func.func @gather_constant_fold() -> tensor<2x2xi32> {
  %p = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %i = arith.constant dense<[2, 0]> : tensor<2xi32>
  %0 = gather.gather %p[%i] axis = -1 : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// Out of bounds in error mode: the op stays, for the run time to report.
// CHECK-LABEL: func @gather_error_mode_out_of_bounds_stays
//       CHECK:   %[[R:.*]] = gather.gather
//       CHECK:   return %[[R]]
func.func @gather_error_mode_out_of_bounds_stays() -> tensor<2xf32> {
  %p = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %i = arith.constant dense<[0, 3]> : tensor<2xi32>
  %0 = gather.gather %p[%i] : (tensor<3xf32>, tensor<2xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func @gather_negative_index_error_mode_stays
//       CHECK:   gather.gather
func.func @gather_negative_index_error_mode_stays() -> tensor<1xf32> {
  %p = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %i = arith.constant dense<[-1]> : tensor<1xi32>
  %0 = gather.gather %p[%i] : (tensor<3xf32>, tensor<1xi32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

// CHECK-LABEL: func @gather_zero_mode_fold
//       CHECK:   %[[C:.*]] = arith.constant dense<{{\[}}[1.000000e+00, 2.000000e+00], [0.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00]]> : tensor<3x2xf32>
//       CHECK:   return %[[C]]
func.func @gather_zero_mode_fold() -> tensor<3x2xf32> {
  %p = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %i = arith.constant dense<[0, 2, -1]> : tensor<3xi64>
  %0 = gather.gather %p[%i] mode<zero> : (tensor<2x2xf32>, tensor<3xi64>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func @gather_clamp_mode_fold
//       CHECK:   %[[C:.*]] = arith.constant dense<[30, 10, 30]> : tensor<3xi8>
//       CHECK:   return %[[C]]
func.func @gather_clamp_mode_fold() -> tensor<3xi8> {
  %p = arith.constant dense<[10, 20, 30]> : tensor<3xi8>
  %i = arith.constant dense<[7, -5, 2]> : tensor<3xindex>
  %0 = gather.gather %p[%i] mode<clamp> : (tensor<3xi8>, tensor<3xindex>) -> tensor<3xi8>
  return %0 : tensor<3xi8>
}

// -----

// Folding stops at 65536 result elements.
// CHECK-LABEL: func @gather_no_fold_large
//       CHECK:   gather.gather
func.func @gather_no_fold_large() -> tensor<65537x2xf32> {
  %p = arith.constant dense<1.0> : tensor<4x2xf32>
  %i = arith.constant dense<3> : tensor<65537xi32>
  %0 = gather.gather %p[%i] : (tensor<4x2xf32>, tensor<65537xi32>) -> tensor<65537x2xf32>
  return %0 : tensor<65537x2xf32>
}

// -----

// CHECK-LABEL: func @gather_absorbs_cast
//  CHECK-SAME:   (%[[P:.*]]: tensor<3x4xf32>, %[[I:.*]]: tensor<2xi32>)
//       CHECK:   %[[G:.*]] = gather.gather %[[P]][%[[I]]] : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
//       CHECK:   %[[C:.*]] = tensor.cast %[[G]] : tensor<2x4xf32> to tensor<?x?xf32>
//       CHECK:   return %[[C]]
func.func @gather_absorbs_cast(%p: tensor<3x4xf32>, %i: tensor<2xi32>) -> tensor<?x?xf32> {
  %cp = tensor.cast %p : tensor<3x4xf32> to tensor<?x?xf32>
  %ci = tensor.cast %i : tensor<2xi32> to tensor<?xi32>
  %0 = gather.gather %cp[%ci] : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A cast that adds static information is not absorbed.
// CHECK-LABEL: func @gather_keeps_refining_cast
//       CHECK:   %[[CP:.*]] = tensor.cast
//       CHECK:   gather.gather %[[CP]]
func.func @gather_keeps_refining_cast(%p: tensor<?x4xf32>, %i: tensor<2xi32>) -> tensor<2x4xf32> {
  %cp = tensor.cast %p : tensor<?x4xf32> to tensor<3x4xf32>
  %0 = gather.gather %cp[%i] : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func @gather_nd_constant_fold
//       CHECK:   %[[C:.*]] = arith.constant dense<[4, 0, 2]> : tensor<3xi64>
//       CHECK:   return %[[C]]
func.func @gather_nd_constant_fold() -> tensor<3xi64> {
  %p = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %i = arith.constant dense<[[1, 1], [0, 5], [0, 1]]> : tensor<3x2xi32>
  %0 = gather.gather_nd %p[%i] mode<zero> : (tensor<2x2xi64>, tensor<3x2xi32>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

// CHECK-LABEL: func @gather_nd_clamp_batch_fold
//       CHECK:   %[[C:.*]] = arith.constant dense<{{\[}}[2.000000e+00, 1.000000e+00], [3.000000e+00, 3.000000e+00]]> : tensor<2x2xf64>
//       CHECK:   return %[[C]]
func.func @gather_nd_clamp_batch_fold() -> tensor<2x2xf64> {
  %p = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
  %i = arith.constant dense<[[[9], [0]], [[0], [-1]]]> : tensor<2x2x1xi64>
  %0 = gather.gather_nd %p[%i] batch_dims = 1 mode<clamp> : (tensor<2x2xf64>, tensor<2x2x1xi64>) -> tensor<2x2xf64>
  return %0 : tensor<2x2xf64>
}

// -----

// CHECK-LABEL: func @gather_nd_error_mode_out_of_bounds_stays
//       CHECK:   gather.gather_nd
func.func @gather_nd_error_mode_out_of_bounds_stays() -> tensor<1xf32> {
  %p = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %i = arith.constant dense<[[1, 2]]> : tensor<1x2xi32>
  %0 = gather.gather_nd %p[%i] : (tensor<2x2xf32>, tensor<1x2xi32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

// Depth 0 with no index positions selects params whole.
// CHECK-LABEL: func @gather_nd_identity
//  CHECK-SAME:   (%[[P:.*]]: tensor<?x3xf32>, %[[I:.*]]: tensor<0xi32>)
//       CHECK:   return %[[P]]
func.func @gather_nd_identity(%p: tensor<?x3xf32>, %i: tensor<0xi32>) -> tensor<?x3xf32> {
  %0 = gather.gather_nd %p[%i] : (tensor<?x3xf32>, tensor<0xi32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// A declared result less static than the inferred one is refined.
// CHECK-LABEL: func @gather_nd_refines_result
//       CHECK:   %[[G:.*]] = gather.gather_nd %{{.*}} : (tensor<4x5xf32>, tensor<2x1xi32>) -> tensor<2x5xf32>
//       CHECK:   %[[C:.*]] = tensor.cast %[[G]] : tensor<2x5xf32> to tensor<?x?xf32>
//       CHECK:   return %[[C]]
func.func @gather_nd_refines_result(%p: tensor<4x5xf32>, %i: tensor<2x1xi32>) -> tensor<?x?xf32> {
  %0 = gather.gather_nd %p[%i] : (tensor<4x5xf32>, tensor<2x1xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Zero-sized dimensions are inferred like any other static size.
// CHECK-LABEL: func @gather_zero_sized_refines_result
//       CHECK:   %[[G:.*]] = gather.gather %{{.*}} : (tensor<0x4xf32>, tensor<2x0xi32>) -> tensor<2x0x4xf32>
//       CHECK:   %[[C:.*]] = tensor.cast %[[G]] : tensor<2x0x4xf32> to tensor<?x?x?xf32>
//       CHECK:   return %[[C]]
func.func @gather_zero_sized_refines_result(%p: tensor<0x4xf32>, %i: tensor<2x0xi32>) -> tensor<?x?x?xf32> {
  %0 = gather.gather %p[%i] : (tensor<0x4xf32>, tensor<2x0xi32>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

// -----

// Huge static dimensions: no folding of a result too large to materialize,
// and a splat params far larger than the result folds by position.
// CHECK-LABEL: func @gather_huge_result_no_fold
//       CHECK:   gather.gather
func.func @gather_huge_result_no_fold() -> tensor<2x4611686018427387904xf32> {
  %p = arith.constant dense<1.0> : tensor<3x4611686018427387904xf32>
  %i = arith.constant dense<[0, 1]> : tensor<2xi32>
  %0 = gather.gather %p[%i] : (tensor<3x4611686018427387904xf32>, tensor<2xi32>) -> tensor<2x4611686018427387904xf32>
  return %0 : tensor<2x4611686018427387904xf32>
}

// -----

// CHECK-LABEL: func @gather_huge_splat_params_fold
//       CHECK:   %[[C:.*]] = arith.constant dense<1.000000e+00> : tensor<1xf32>
//       CHECK:   return %[[C]]
func.func @gather_huge_splat_params_fold() -> tensor<1xf32> {
  %p = arith.constant dense<1.0> : tensor<4611686018427387904xf32>
  %i = arith.constant dense<[5]> : tensor<1xi32>
  %0 = gather.gather %p[%i] : (tensor<4611686018427387904xf32>, tensor<1xi32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

// The casts' sources disagree on the batch size where the op's operands do
// not: the op verifies, inference on the sources fails, and the casts stay,
// silently (no diagnostic: -verify-diagnostics).
// CHECK-LABEL: func @gather_keeps_casts_whose_sources_disagree
//       CHECK:   %[[CP:.*]] = tensor.cast
//       CHECK:   %[[CI:.*]] = tensor.cast
//       CHECK:   %[[R:.*]] = gather.gather %[[CP]][%[[CI]]] batch_dims = 1 : (tensor<?x3xf32>, tensor<?x2xi32>) -> tensor<?x2xf32>
//       CHECK:   return %[[R]]
func.func @gather_keeps_casts_whose_sources_disagree(%p: tensor<4x3xf32>, %i: tensor<2x2xi32>) -> tensor<?x2xf32> {
  %cp = tensor.cast %p : tensor<4x3xf32> to tensor<?x3xf32>
  %ci = tensor.cast %i : tensor<2x2xi32> to tensor<?x2xi32>
  %0 = gather.gather %cp[%ci] batch_dims = 1 : (tensor<?x3xf32>, tensor<?x2xi32>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// Same for gather_nd.
// CHECK-LABEL: func @gather_nd_keeps_casts_whose_sources_disagree
//       CHECK:   %[[CP:.*]] = tensor.cast
//       CHECK:   %[[CI:.*]] = tensor.cast
//       CHECK:   %[[R:.*]] = gather.gather_nd %[[CP]][%[[CI]]]
//       CHECK:   return %[[R]]
func.func @gather_nd_keeps_casts_whose_sources_disagree(%p: tensor<4x3x5xf32>, %i: tensor<2x1xi32>) -> tensor<?x5xf32> {
  %cp = tensor.cast %p : tensor<4x3x5xf32> to tensor<?x3x5xf32>
  %ci = tensor.cast %i : tensor<2x1xi32> to tensor<?x1xi32>
  %0 = gather.gather_nd %cp[%ci] batch_dims = 1 : (tensor<?x3x5xf32>, tensor<?x1xi32>) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// -----

// A source more static than the declared result allows (3 slice elements
// where the result declares 5): no fold, which would cast 3 to 5.
// CHECK-LABEL: func @gather_keeps_cast_contradicting_result
//       CHECK:   %[[CP:.*]] = tensor.cast
//       CHECK:   %[[R:.*]] = gather.gather %[[CP]]
//  CHECK-SAME:     -> tensor<2x5xf32>
//       CHECK:   return %[[R]]
func.func @gather_keeps_cast_contradicting_result(%p: tensor<4x3xf32>, %i: tensor<2xi32>) -> tensor<2x5xf32> {
  %cp = tensor.cast %p : tensor<4x3xf32> to tensor<4x?xf32>
  %0 = gather.gather %cp[%i] : (tensor<4x?xf32>, tensor<2xi32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}
