// RUN: gather-opt %s --convert-tensor-to-gather --split-input-file | FileCheck %s

// tensor.gather becomes gather.gather_nd (error mode: tensor.gather leaves
// out-of-range coordinates undefined), after a transpose that moves the
// gathered dimensions to the front when they are not there, and before an
// expand_shape when the result keeps them as 1s.

// Leading gather_dims, rank-reduced result: the gather_nd alone.

// CHECK-LABEL: func.func @leading_reduced(
// CHECK-SAME:    %[[S:.*]]: tensor<4x5x6xf32>, %[[I:.*]]: tensor<3x2xindex>)
// CHECK-NEXT:    %[[R:.*]] = gather.gather_nd %[[S]][%[[I]]] : (tensor<4x5x6xf32>, tensor<3x2xindex>) -> tensor<3x6xf32>
// CHECK-NEXT:    return %[[R]]
func.func @leading_reduced(%s: tensor<4x5x6xf32>, %i: tensor<3x2xindex>) -> tensor<3x6xf32> {
  %0 = tensor.gather %s[%i] gather_dims([0, 1]) : (tensor<4x5x6xf32>, tensor<3x2xindex>) -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}

// -----

// Leading gather_dims, unit dims kept: each 1 joins the reassociation group
// of the kept dimension before it, here the index batch dimension.

// CHECK-LABEL: func.func @leading_kept(
// CHECK-SAME:    %[[S:.*]]: tensor<4x5x6xf32>, %[[I:.*]]: tensor<3x2xi32>)
// CHECK-NEXT:    %[[R:.*]] = gather.gather_nd %[[S]][%[[I]]] : (tensor<4x5x6xf32>, tensor<3x2xi32>) -> tensor<3x6xf32>
// CHECK-NEXT:    %[[E:.*]] = tensor.expand_shape %[[R]] {{\[}}[0, 1, 2], [3]] output_shape [3, 1, 1, 6] : tensor<3x6xf32> into tensor<3x1x1x6xf32>
// CHECK-NEXT:    return %[[E]]
func.func @leading_kept(%s: tensor<4x5x6xf32>, %i: tensor<3x2xi32>) -> tensor<3x1x1x6xf32> {
  %0 = tensor.gather %s[%i] gather_dims([0, 1]) : (tensor<4x5x6xf32>, tensor<3x2xi32>) -> tensor<3x1x1x6xf32>
  return %0 : tensor<3x1x1x6xf32>
}

// -----

// Non-leading gather_dims (the slice example of the tensor.gather
// documentation): transpose [1, 0, 2], then gather_nd, then the unit
// dimension between the two kept source dimensions.

// CHECK-LABEL: func.func @non_leading_kept(
// CHECK-SAME:    %[[S:.*]]: tensor<3x4x5xf32>, %[[I:.*]]: tensor<6x7x1xindex>)
// CHECK-NEXT:    %[[EMPTY:.*]] = tensor.empty() : tensor<4x3x5xf32>
// CHECK-NEXT:    %[[T:.*]] = linalg.transpose ins(%[[S]] : tensor<3x4x5xf32>) outs(%[[EMPTY]] : tensor<4x3x5xf32>) permutation = [1, 0, 2]
// CHECK-NEXT:    %[[R:.*]] = gather.gather_nd %[[T]][%[[I]]] : (tensor<4x3x5xf32>, tensor<6x7x1xindex>) -> tensor<6x7x3x5xf32>
// CHECK-NEXT:    %[[E:.*]] = tensor.expand_shape %[[R]] {{\[}}[0], [1], [2, 3], [4]] output_shape [6, 7, 3, 1, 5] : tensor<6x7x3x5xf32> into tensor<6x7x3x1x5xf32>
// CHECK-NEXT:    return %[[E]]
func.func @non_leading_kept(%s: tensor<3x4x5xf32>, %i: tensor<6x7x1xindex>) -> tensor<6x7x3x1x5xf32> {
  %0 = tensor.gather %s[%i] gather_dims([1]) : (tensor<3x4x5xf32>, tensor<6x7x1xindex>) -> tensor<6x7x3x1x5xf32>
  return %0 : tensor<6x7x3x1x5xf32>
}

// -----

// Non-leading, non-adjacent gather_dims, rank-reduced, `unique` (dropped:
// a gather only reads).

// CHECK-LABEL: func.func @non_leading_reduced_unique(
// CHECK-SAME:    %[[S:.*]]: tensor<3x4x5xf32>, %[[I:.*]]: tensor<6x2xi64>)
// CHECK-NEXT:    %[[EMPTY:.*]] = tensor.empty() : tensor<3x5x4xf32>
// CHECK-NEXT:    %[[T:.*]] = linalg.transpose ins(%[[S]] : tensor<3x4x5xf32>) outs(%[[EMPTY]] : tensor<3x5x4xf32>) permutation = [0, 2, 1]
// CHECK-NEXT:    %[[R:.*]] = gather.gather_nd %[[T]][%[[I]]] : (tensor<3x5x4xf32>, tensor<6x2xi64>) -> tensor<6x4xf32>
// CHECK-NEXT:    return %[[R]]
// CHECK-NOT:     unique
func.func @non_leading_reduced_unique(%s: tensor<3x4x5xf32>, %i: tensor<6x2xi64>) -> tensor<6x4xf32> {
  %0 = tensor.gather %s[%i] gather_dims([0, 2]) unique : (tensor<3x4x5xf32>, tensor<6x2xi64>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

// Every dimension gathered: scalars; kept, the 1s expand a rank-0 tensor
// (no reassociation group).

// CHECK-LABEL: func.func @all_dims_kept(
// CHECK-SAME:    %[[S:.*]]: tensor<4x4x4xf32>, %[[I:.*]]: tensor<3xindex>)
// CHECK-NEXT:    %[[R:.*]] = gather.gather_nd %[[S]][%[[I]]] : (tensor<4x4x4xf32>, tensor<3xindex>) -> tensor<f32>
// CHECK-NEXT:    %[[E:.*]] = tensor.expand_shape %[[R]] [] output_shape [1, 1, 1] : tensor<f32> into tensor<1x1x1xf32>
// CHECK-NEXT:    return %[[E]]
func.func @all_dims_kept(%s: tensor<4x4x4xf32>, %i: tensor<3xindex>) -> tensor<1x1x1xf32> {
  %0 = tensor.gather %s[%i] gather_dims([0, 1, 2]) : (tensor<4x4x4xf32>, tensor<3xindex>) -> tensor<1x1x1xf32>
  return %0 : tensor<1x1x1xf32>
}

// -----

// The coordinate example of the documentation, rank-reduced.

// CHECK-LABEL: func.func @all_dims_reduced(
// CHECK-SAME:    %[[S:.*]]: tensor<4x4x4xf32>, %[[I:.*]]: tensor<1x2x3xindex>)
// CHECK-NEXT:    %[[R:.*]] = gather.gather_nd %[[S]][%[[I]]] : (tensor<4x4x4xf32>, tensor<1x2x3xindex>) -> tensor<1x2xf32>
// CHECK-NEXT:    return %[[R]]
func.func @all_dims_reduced(%s: tensor<4x4x4xf32>, %i: tensor<1x2x3xindex>) -> tensor<1x2xf32> {
  %0 = tensor.gather %s[%i] gather_dims([0, 1, 2]) : (tensor<4x4x4xf32>, tensor<1x2x3xindex>) -> tensor<1x2xf32>
  return %0 : tensor<1x2xf32>
}

// -----

// Dynamic sizes: the transpose's init and the expand_shape take them from
// tensor.dim.

// CHECK-LABEL: func.func @dynamic_non_leading_kept(
// CHECK-SAME:    %[[S:.*]]: tensor<?x4x?xf32>, %[[I:.*]]: tensor<?x2xi32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[D0:.*]] = tensor.dim %[[S]], %[[C0]] : tensor<?x4x?xf32>
// CHECK-DAG:     %[[D2:.*]] = tensor.dim %[[S]], %[[C2]] : tensor<?x4x?xf32>
// CHECK:         %[[EMPTY:.*]] = tensor.empty(%[[D0]], %[[D2]]) : tensor<?x?x4xf32>
// CHECK:         %[[T:.*]] = linalg.transpose ins(%[[S]] : tensor<?x4x?xf32>) outs(%[[EMPTY]] : tensor<?x?x4xf32>) permutation = [0, 2, 1]
// CHECK:         %[[R:.*]] = gather.gather_nd %[[T]][%[[I]]] : (tensor<?x?x4xf32>, tensor<?x2xi32>) -> tensor<?x4xf32>
// CHECK:         %[[N:.*]] = tensor.dim %[[R]], %{{.*}} : tensor<?x4xf32>
// CHECK:         %[[E:.*]] = tensor.expand_shape %[[R]] {{\[}}[0, 1], [2, 3]] output_shape [%[[N]], 1, 4, 1] : tensor<?x4xf32> into tensor<?x1x4x1xf32>
// CHECK:         return %[[E]]
func.func @dynamic_non_leading_kept(%s: tensor<?x4x?xf32>, %i: tensor<?x2xi32>) -> tensor<?x1x4x1xf32> {
  %0 = tensor.gather %s[%i] gather_dims([0, 2]) : (tensor<?x4x?xf32>, tensor<?x2xi32>) -> tensor<?x1x4x1xf32>
  return %0 : tensor<?x1x4x1xf32>
}

// -----

// Narrow index elements are sign-extended to i32 first.

// CHECK-LABEL: func.func @i8_indices(
// CHECK-SAME:    %[[S:.*]]: tensor<5x2xf32>, %[[I:.*]]: tensor<3x1xi8>)
// CHECK-NEXT:    %[[EMPTY:.*]] = tensor.empty() : tensor<3x1xi32>
// CHECK-NEXT:    %[[W:.*]] = linalg.generic
// CHECK-SAME:        ins(%[[I]] : tensor<3x1xi8>) outs(%[[EMPTY]] : tensor<3x1xi32>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: i8, %{{.*}}: i32):
// CHECK-NEXT:      %[[X:.*]] = arith.extsi %[[IN]] : i8 to i32
// CHECK-NEXT:      linalg.yield %[[X]] : i32
// CHECK:         %[[R:.*]] = gather.gather_nd %[[S]][%[[W]]] : (tensor<5x2xf32>, tensor<3x1xi32>) -> tensor<3x2xf32>
// CHECK-NEXT:    return %[[R]]
func.func @i8_indices(%s: tensor<5x2xf32>, %i: tensor<3x1xi8>) -> tensor<3x2xf32> {
  %0 = tensor.gather %s[%i] gather_dims([0]) : (tensor<5x2xf32>, tensor<3x1xi8>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// Index elements between 32 and 64 bits wide are sign-extended to i64.

// CHECK-LABEL: func.func @i40_indices(
// CHECK-SAME:    %[[S:.*]]: tensor<5x2xf32>, %[[I:.*]]: tensor<?x1xi40>)
// CHECK:         %[[EMPTY:.*]] = tensor.empty(%{{.*}}) : tensor<?x1xi64>
// CHECK:         %[[W:.*]] = linalg.generic
// CHECK-SAME:        ins(%[[I]] : tensor<?x1xi40>) outs(%[[EMPTY]] : tensor<?x1xi64>)
// CHECK:           arith.extsi %{{.*}} : i40 to i64
// CHECK:         %[[R:.*]] = gather.gather_nd %[[S]][%[[W]]] : (tensor<5x2xf32>, tensor<?x1xi64>) -> tensor<?x2xf32>
// CHECK-NEXT:    return %[[R]]
func.func @i40_indices(%s: tensor<5x2xf32>, %i: tensor<?x1xi40>) -> tensor<?x2xf32> {
  %0 = tensor.gather %s[%i] gather_dims([0]) : (tensor<5x2xf32>, tensor<?x1xi40>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}
