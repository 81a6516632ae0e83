// RUN: gather-opt %s -resolve-ranked-shaped-type-result-dims -canonicalize -split-input-file | FileCheck %s

// Dynamic result dimensions resolve to dimensions of the operands.

// CHECK-LABEL: func @gather_dynamic_dims
//  CHECK-SAME:   (%[[P:.*]]: tensor<?x?x5xf32>, %[[I:.*]]: tensor<?x?xi32>)
//   CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
//   CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : index
//   CHECK-DAG:   %[[D0:.*]] = tensor.dim %[[P]], %[[C0]]
//   CHECK-DAG:   %[[D1:.*]] = tensor.dim %[[I]], %[[C1]]
//       CHECK:   return %[[D0]], %[[D1]]
func.func @gather_dynamic_dims(%p: tensor<?x?x5xf32>, %i: tensor<?x?xi32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = gather.gather %p[%i] axis = 1 batch_dims = 1 : (tensor<?x?x5xf32>, tensor<?x?xi32>) -> tensor<?x?x5xf32>
  %d0 = tensor.dim %0, %c0 : tensor<?x?x5xf32>
  %d1 = tensor.dim %0, %c1 : tensor<?x?x5xf32>
  return %d0, %d1 : index, index
}

// -----

// A batch dimension dynamic in params but static in indices is static.
// CHECK-LABEL: func @gather_batch_dim_from_indices
//       CHECK:   %[[C4:.*]] = arith.constant 4 : index
//       CHECK:   return %[[C4]]
func.func @gather_batch_dim_from_indices(%p: tensor<?x7xf32>, %i: tensor<4x2xi64>) -> index {
  %c0 = arith.constant 0 : index
  %0 = gather.gather %p[%i] batch_dims = 1 : (tensor<?x7xf32>, tensor<4x2xi64>) -> tensor<?x2xf32>
  %d = tensor.dim %0, %c0 : tensor<?x2xf32>
  return %d : index
}

// -----

// CHECK-LABEL: func @gather_nd_dynamic_dims
//  CHECK-SAME:   (%[[P:.*]]: tensor<?x3x?x?xf16>, %[[I:.*]]: tensor<?x?x2xindex>)
//   CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
//   CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : index
//   CHECK-DAG:   %[[C3:.*]] = arith.constant 3 : index
//   CHECK-DAG:   %[[B:.*]] = tensor.dim %[[P]], %[[C0]]
//   CHECK-DAG:   %[[N:.*]] = tensor.dim %[[I]], %[[C1]]
//   CHECK-DAG:   %[[S:.*]] = tensor.dim %[[P]], %[[C3]]
//       CHECK:   return %[[B]], %[[N]], %[[S]]
func.func @gather_nd_dynamic_dims(%p: tensor<?x3x?x?xf16>, %i: tensor<?x?x2xindex>) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %0 = gather.gather_nd %p[%i] batch_dims = 1 : (tensor<?x3x?x?xf16>, tensor<?x?x2xindex>) -> tensor<?x?x?xf16>
  %d0 = tensor.dim %0, %c0 : tensor<?x?x?xf16>
  %d1 = tensor.dim %0, %c1 : tensor<?x?x?xf16>
  %d2 = tensor.dim %0, %c2 : tensor<?x?x?xf16>
  return %d0, %d1, %d2 : index, index, index
}
