// RUN: gather-opt %s -canonicalize -split-input-file \
// RUN:   -mlir-print-elementsattrs-with-hex-if-larger=-1 | FileCheck %s

// Every literal example of the TensorFlow reference pages (the seed pages:
// 000 tf.gather_nd r1.4, 001 tf.gather_nd 2.16, 002 tf.gather_nd Chinese 2.x,
// 003 "Tensor Transformations" 1.x guide, 004 tf.gather 2.14), written as a
// gather over arith.constant operands that canonicalization folds into the
// page's output. Function names start with the page number.
//
// The pages use strings for elements; here they are numbers:
//   'a' 'b' 'c' 'd' 'e' 'f'  ->  1  2  3  4  5  6
//   'a0' 'b0' 'c0' 'd0'      ->  1  2  3  4   (the letter is the units digit,
//   'a1' 'b1' 'c1' 'd1'      -> 11 12 13 14    the suffix the tens digit)
//   'p0' ... 'p5'            ->  0 ... 5
// The gather_nd examples repeat across pages; each page runs them on other
// element types (params / indices): 000 i32 / i32, 001 i64 / i64,
// 002 f32 / index, 003 f16 / i32; 004 uses the page's own int32 and float32
// params with i32 indices. Where a page gives only a shape (or random values),
// the values are ours and the comment says so; the shape is the page's.

//======================================================================//
// Seed 000: tf.gather_nd, TensorFlow API r1.4
//======================================================================//

// Seed 000, "Simple indexing into a matrix":
//   indices = [[0, 0], [1, 1]]
//   params = [['a', 'b'], ['c', 'd']]
//   output = ['a', 'd']
// CHECK-LABEL: func @seed000_matrix_elements
//       CHECK:   %[[R:.*]] = arith.constant dense<[1, 4]> : tensor<2xi32>
//  CHECK-NEXT:   return %[[R]] : tensor<2xi32>
func.func @seed000_matrix_elements() -> tensor<2xi32> {
  %params = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %indices = arith.constant dense<[[0, 0], [1, 1]]> : tensor<2x2xi32>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// Seed 000, "Slice indexing into a matrix":
//   indices = [[1], [0]]
//   params = [['a', 'b'], ['c', 'd']]
//   output = [['c', 'd'], ['a', 'b']]
// CHECK-LABEL: func @seed000_matrix_rows
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}3, 4], [1, 2]]> : tensor<2x2xi32>
//  CHECK-NEXT:   return %[[R]] : tensor<2x2xi32>
func.func @seed000_matrix_rows() -> tensor<2x2xi32> {
  %params = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %indices = arith.constant dense<[[1], [0]]> : tensor<2x1xi32>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2xi32>, tensor<2x1xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// Seed 000, "Batched indexing into a matrix":
//   indices = [[[0, 0]], [[0, 1]]]
//   params = [['a', 'b'], ['c', 'd']]
//   output = [['a'], ['b']]
// CHECK-LABEL: func @seed000_batched_matrix_elements
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}1], [2]]> : tensor<2x1xi32>
//  CHECK-NEXT:   return %[[R]] : tensor<2x1xi32>
func.func @seed000_batched_matrix_elements() -> tensor<2x1xi32> {
  %params = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %indices = arith.constant dense<[[[0, 0]], [[0, 1]]]> : tensor<2x1x2xi32>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2xi32>, tensor<2x1x2xi32>) -> tensor<2x1xi32>
  return %0 : tensor<2x1xi32>
}

// -----

// Seed 000, "Batched slice indexing into a matrix":
//   indices = [[[1]], [[0]]]
//   params = [['a', 'b'], ['c', 'd']]
//   output = [[['c', 'd']], [['a', 'b']]]
// CHECK-LABEL: func @seed000_batched_matrix_rows
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[\[}}3, 4]], {{\[\[}}1, 2]]]> : tensor<2x1x2xi32>
//  CHECK-NEXT:   return %[[R]] : tensor<2x1x2xi32>
func.func @seed000_batched_matrix_rows() -> tensor<2x1x2xi32> {
  %params = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %indices = arith.constant dense<[[[1]], [[0]]]> : tensor<2x1x1xi32>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2xi32>, tensor<2x1x1xi32>) -> tensor<2x1x2xi32>
  return %0 : tensor<2x1x2xi32>
}

// -----

//======================================================================//
// Seed 001: tf.gather_nd, TensorFlow 2.16
//======================================================================//

// Seed 001, "Gathering scalars":
//   indices = [[0, 0], [1, 1]]
//   params = [['a', 'b'], ['c', 'd']]
//   output = ['a', 'd']
// CHECK-LABEL: func @seed001_gathering_scalars
//       CHECK:   %[[R:.*]] = arith.constant dense<[1, 4]> : tensor<2xi64>
//  CHECK-NEXT:   return %[[R]] : tensor<2xi64>
func.func @seed001_gathering_scalars() -> tensor<2xi64> {
  %params = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %indices = arith.constant dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// Seed 001, "Gathering slices":
//   indices = [[1], [0]]
//   params = [['a', 'b', 'c'], ['d', 'e', 'f']]
//   output = [['d', 'e', 'f'], ['a', 'b', 'c']]
// CHECK-LABEL: func @seed001_gathering_slices
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}4, 5, 6], [1, 2, 3]]> : tensor<2x3xi64>
//  CHECK-NEXT:   return %[[R]] : tensor<2x3xi64>
func.func @seed001_gathering_slices() -> tensor<2x3xi64> {
  %params = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %indices = arith.constant dense<[[1], [0]]> : tensor<2x1xi64>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x3xi64>, tensor<2x1xi64>) -> tensor<2x3xi64>
  return %0 : tensor<2x3xi64>
}

// -----

// Seed 001, "Batches" (the batch location leads each index vector):
//   indices = [[0, 1], [1, 0], [2, 4], [3, 2], [4, 1]]
//   params = tf.zeros([5, 7, 3])
//   output shape = [5, 3]
// CHECK-LABEL: func @seed001_batches_leading_location
//       CHECK:   %[[R:.*]] = arith.constant dense<0.000000e+00> : tensor<5x3xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<5x3xf32>
func.func @seed001_batches_leading_location() -> tensor<5x3xf32> {
  %params = arith.constant dense<0.0> : tensor<5x7x3xf32>
  %indices = arith.constant dense<[[0, 1], [1, 0], [2, 4], [3, 2], [4, 1]]> : tensor<5x2xi64>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<5x7x3xf32>, tensor<5x2xi64>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// Seed 001, "Batches" (batch_dims lets the index omit the location):
//   batch_dims = 1
//   indices = [[1], [0], [4], [2], [1]]
//   params = tf.zeros([5, 7, 3])
//   output shape = [5, 3]
// CHECK-LABEL: func @seed001_batches_batch_dims
//       CHECK:   %[[R:.*]] = arith.constant dense<0.000000e+00> : tensor<5x3xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<5x3xf32>
func.func @seed001_batches_batch_dims() -> tensor<5x3xf32> {
  %params = arith.constant dense<0.0> : tensor<5x7x3xf32>
  %indices = arith.constant dense<[[1], [0], [4], [2], [1]]> : tensor<5x1xi64>
  %0 = gather.gather_nd %params[%indices] batch_dims = 1
      : (tensor<5x7x3xf32>, tensor<5x1xi64>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// Seed 001, "Batches" (the shape rule, worked through):
//   params = tf.zeros([5, 7, 3]); indices = tf.zeros([5, 1]); batch_dims = 1
//   output_shape = batch_shape + outer_shape + inner_shape = [5, 3]
// CHECK-LABEL: func @seed001_batches_shape_rule
//       CHECK:   %[[R:.*]] = arith.constant dense<0.000000e+00> : tensor<5x3xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<5x3xf32>
func.func @seed001_batches_shape_rule() -> tensor<5x3xf32> {
  %params = arith.constant dense<0.0> : tensor<5x7x3xf32>
  %indices = arith.constant dense<0> : tensor<5x1xi64>
  %0 = gather.gather_nd %params[%indices] batch_dims = 1
      : (tensor<5x7x3xf32>, tensor<5x1xi64>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// Seed 001, "Indexing into a 3-tensor":
//   indices = [[1]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = [[['a1', 'b1'], ['c1', 'd1']]]
// CHECK-LABEL: func @seed001_tensor3_slice
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[\[}}11, 12], [13, 14]]]> : tensor<1x2x2xi64>
//  CHECK-NEXT:   return %[[R]] : tensor<1x2x2xi64>
func.func @seed001_tensor3_slice() -> tensor<1x2x2xi64> {
  %params = arith.constant dense<[[[1, 2], [3, 4]], [[11, 12], [13, 14]]]> : tensor<2x2x2xi64>
  %indices = arith.constant dense<1> : tensor<1x1xi64>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2x2xi64>, tensor<1x1xi64>) -> tensor<1x2x2xi64>
  return %0 : tensor<1x2x2xi64>
}

// -----

// Seed 001, "Indexing into a 3-tensor":
//   indices = [[0, 1], [1, 0]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = [['c0', 'd0'], ['a1', 'b1']]
// CHECK-LABEL: func @seed001_tensor3_rows
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}3, 4], [11, 12]]> : tensor<2x2xi64>
//  CHECK-NEXT:   return %[[R]] : tensor<2x2xi64>
func.func @seed001_tensor3_rows() -> tensor<2x2xi64> {
  %params = arith.constant dense<[[[1, 2], [3, 4]], [[11, 12], [13, 14]]]> : tensor<2x2x2xi64>
  %indices = arith.constant dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

// -----

// Seed 001, "Indexing into a 3-tensor":
//   indices = [[0, 0, 1], [1, 0, 1]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = ['b0', 'b1']
// CHECK-LABEL: func @seed001_tensor3_elements
//       CHECK:   %[[R:.*]] = arith.constant dense<[2, 12]> : tensor<2xi64>
//  CHECK-NEXT:   return %[[R]] : tensor<2xi64>
func.func @seed001_tensor3_elements() -> tensor<2xi64> {
  %params = arith.constant dense<[[[1, 2], [3, 4]], [[11, 12], [13, 14]]]> : tensor<2x2x2xi64>
  %indices = arith.constant dense<[[0, 0, 1], [1, 0, 1]]> : tensor<2x3xi64>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2x2xi64>, tensor<2x3xi64>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// Seed 001, "Batched indexing into a matrix":
//   indices = [[[0, 0]], [[0, 1]]]
//   params = [['a', 'b'], ['c', 'd']]
//   output = [['a'], ['b']]
// CHECK-LABEL: func @seed001_batched_matrix_elements
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}1], [2]]> : tensor<2x1xi64>
//  CHECK-NEXT:   return %[[R]] : tensor<2x1xi64>
func.func @seed001_batched_matrix_elements() -> tensor<2x1xi64> {
  %params = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %indices = arith.constant dense<[[[0, 0]], [[0, 1]]]> : tensor<2x1x2xi64>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2xi64>, tensor<2x1x2xi64>) -> tensor<2x1xi64>
  return %0 : tensor<2x1xi64>
}

// -----

// Seed 001, "Batched slice indexing into a matrix":
//   indices = [[[1]], [[0]]]
//   params = [['a', 'b'], ['c', 'd']]
//   output = [[['c', 'd']], [['a', 'b']]]
// CHECK-LABEL: func @seed001_batched_matrix_rows
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[\[}}3, 4]], {{\[\[}}1, 2]]]> : tensor<2x1x2xi64>
//  CHECK-NEXT:   return %[[R]] : tensor<2x1x2xi64>
func.func @seed001_batched_matrix_rows() -> tensor<2x1x2xi64> {
  %params = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %indices = arith.constant dense<[[[1]], [[0]]]> : tensor<2x1x1xi64>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2xi64>, tensor<2x1x1xi64>) -> tensor<2x1x2xi64>
  return %0 : tensor<2x1x2xi64>
}

// -----

// Seed 001, "Batched indexing into a 3-tensor":
//   indices = [[[1]], [[0]]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = [[[['a1', 'b1'], ['c1', 'd1']]], [[['a0', 'b0'], ['c0', 'd0']]]]
// CHECK-LABEL: func @seed001_batched_tensor3_slices
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[\[\[}}11, 12], [13, 14]]], {{\[\[\[}}1, 2], [3, 4]]]]> : tensor<2x1x2x2xi64>
//  CHECK-NEXT:   return %[[R]] : tensor<2x1x2x2xi64>
func.func @seed001_batched_tensor3_slices() -> tensor<2x1x2x2xi64> {
  %params = arith.constant dense<[[[1, 2], [3, 4]], [[11, 12], [13, 14]]]> : tensor<2x2x2xi64>
  %indices = arith.constant dense<[[[1]], [[0]]]> : tensor<2x1x1xi64>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2x2xi64>, tensor<2x1x1xi64>) -> tensor<2x1x2x2xi64>
  return %0 : tensor<2x1x2x2xi64>
}

// -----

// Seed 001, "Batched indexing into a 3-tensor":
//   indices = [[[0, 1], [1, 0]], [[0, 0], [1, 1]]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = [[['c0', 'd0'], ['a1', 'b1']], [['a0', 'b0'], ['c1', 'd1']]]
// CHECK-LABEL: func @seed001_batched_tensor3_rows
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[\[}}3, 4], [11, 12]], {{\[\[}}1, 2], [13, 14]]]> : tensor<2x2x2xi64>
//  CHECK-NEXT:   return %[[R]] : tensor<2x2x2xi64>
func.func @seed001_batched_tensor3_rows() -> tensor<2x2x2xi64> {
  %params = arith.constant dense<[[[1, 2], [3, 4]], [[11, 12], [13, 14]]]> : tensor<2x2x2xi64>
  %indices = arith.constant dense<[[[0, 1], [1, 0]], [[0, 0], [1, 1]]]> : tensor<2x2x2xi64>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2x2xi64>, tensor<2x2x2xi64>) -> tensor<2x2x2xi64>
  return %0 : tensor<2x2x2xi64>
}

// -----

// Seed 001, "Batched indexing into a 3-tensor":
//   indices = [[[0, 0, 1], [1, 0, 1]], [[0, 1, 1], [1, 1, 0]]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = [['b0', 'b1'], ['d0', 'c1']]
// CHECK-LABEL: func @seed001_batched_tensor3_elements
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}2, 12], [4, 13]]> : tensor<2x2xi64>
//  CHECK-NEXT:   return %[[R]] : tensor<2x2xi64>
func.func @seed001_batched_tensor3_elements() -> tensor<2x2xi64> {
  %params = arith.constant dense<[[[1, 2], [3, 4]], [[11, 12], [13, 14]]]> : tensor<2x2x2xi64>
  %indices = arith.constant dense<[[[0, 0, 1], [1, 0, 1]], [[0, 1, 1], [1, 1, 0]]]> : tensor<2x2x3xi64>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2x2xi64>, tensor<2x2x3xi64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

// -----

// Seed 001, "Batched 'params' and 'indices'":
//   batch_dims = 1
//   indices = [[1], [0]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = [['c0', 'd0'], ['a1', 'b1']]
// CHECK-LABEL: func @seed001_batch_dims_rows
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}3, 4], [11, 12]]> : tensor<2x2xi64>
//  CHECK-NEXT:   return %[[R]] : tensor<2x2xi64>
func.func @seed001_batch_dims_rows() -> tensor<2x2xi64> {
  %params = arith.constant dense<[[[1, 2], [3, 4]], [[11, 12], [13, 14]]]> : tensor<2x2x2xi64>
  %indices = arith.constant dense<[[1], [0]]> : tensor<2x1xi64>
  %0 = gather.gather_nd %params[%indices] batch_dims = 1
      : (tensor<2x2x2xi64>, tensor<2x1xi64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

// -----

// Seed 001, "Batched 'params' and 'indices'":
//   batch_dims = 1
//   indices = [[[1]], [[0]]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = [[['c0', 'd0']], [['a1', 'b1']]]
// CHECK-LABEL: func @seed001_batch_dims_batched_rows
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[\[}}3, 4]], {{\[\[}}11, 12]]]> : tensor<2x1x2xi64>
//  CHECK-NEXT:   return %[[R]] : tensor<2x1x2xi64>
func.func @seed001_batch_dims_batched_rows() -> tensor<2x1x2xi64> {
  %params = arith.constant dense<[[[1, 2], [3, 4]], [[11, 12], [13, 14]]]> : tensor<2x2x2xi64>
  %indices = arith.constant dense<[[[1]], [[0]]]> : tensor<2x1x1xi64>
  %0 = gather.gather_nd %params[%indices] batch_dims = 1
      : (tensor<2x2x2xi64>, tensor<2x1x1xi64>) -> tensor<2x1x2xi64>
  return %0 : tensor<2x1x2xi64>
}

// -----

// Seed 001, "Batched 'params' and 'indices'":
//   batch_dims = 1
//   indices = [[[1, 0]], [[0, 1]]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = [['c0'], ['b1']]
// CHECK-LABEL: func @seed001_batch_dims_elements
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}3], [12]]> : tensor<2x1xi64>
//  CHECK-NEXT:   return %[[R]] : tensor<2x1xi64>
func.func @seed001_batch_dims_elements() -> tensor<2x1xi64> {
  %params = arith.constant dense<[[[1, 2], [3, 4]], [[11, 12], [13, 14]]]> : tensor<2x2x2xi64>
  %indices = arith.constant dense<[[[1, 0]], [[0, 1]]]> : tensor<2x1x2xi64>
  %0 = gather.gather_nd %params[%indices] batch_dims = 1
      : (tensor<2x2x2xi64>, tensor<2x1x2xi64>) -> tensor<2x1xi64>
  return %0 : tensor<2x1xi64>
}

// -----

//======================================================================//
// Seed 002: tf.gather_nd, Chinese translation of the 2.x page
//======================================================================//

// Seed 002, "Simple indexing into a matrix":
//   indices = [[0, 0], [1, 1]]
//   params = [['a', 'b'], ['c', 'd']]
//   output = ['a', 'd']
// CHECK-LABEL: func @seed002_matrix_elements
//       CHECK:   %[[R:.*]] = arith.constant dense<[1.000000e+00, 4.000000e+00]> : tensor<2xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<2xf32>
func.func @seed002_matrix_elements() -> tensor<2xf32> {
  %params = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %indices = arith.constant dense<[[0, 0], [1, 1]]> : tensor<2x2xindex>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2xf32>, tensor<2x2xindex>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Seed 002, "Slice indexing into a matrix":
//   indices = [[1], [0]]
//   params = [['a', 'b'], ['c', 'd']]
//   output = [['c', 'd'], ['a', 'b']]
// CHECK-LABEL: func @seed002_matrix_rows
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}3.000000e+00, 4.000000e+00], [1.000000e+00, 2.000000e+00]]> : tensor<2x2xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<2x2xf32>
func.func @seed002_matrix_rows() -> tensor<2x2xf32> {
  %params = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %indices = arith.constant dense<[[1], [0]]> : tensor<2x1xindex>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2xf32>, tensor<2x1xindex>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// Seed 002, "Indexing into a 3-tensor":
//   indices = [[1]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = [[['a1', 'b1'], ['c1', 'd1']]]
// CHECK-LABEL: func @seed002_tensor3_slice
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[\[}}1.100000e+01, 1.200000e+01], [1.300000e+01, 1.400000e+01]]]> : tensor<1x2x2xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<1x2x2xf32>
func.func @seed002_tensor3_slice() -> tensor<1x2x2xf32> {
  %params = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[11.0, 12.0], [13.0, 14.0]]]> : tensor<2x2x2xf32>
  %indices = arith.constant dense<1> : tensor<1x1xindex>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2x2xf32>, tensor<1x1xindex>) -> tensor<1x2x2xf32>
  return %0 : tensor<1x2x2xf32>
}

// -----

// Seed 002, "Indexing into a 3-tensor":
//   indices = [[0, 1], [1, 0]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = [['c0', 'd0'], ['a1', 'b1']]
// CHECK-LABEL: func @seed002_tensor3_rows
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}3.000000e+00, 4.000000e+00], [1.100000e+01, 1.200000e+01]]> : tensor<2x2xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<2x2xf32>
func.func @seed002_tensor3_rows() -> tensor<2x2xf32> {
  %params = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[11.0, 12.0], [13.0, 14.0]]]> : tensor<2x2x2xf32>
  %indices = arith.constant dense<[[0, 1], [1, 0]]> : tensor<2x2xindex>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2x2xf32>, tensor<2x2xindex>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// Seed 002, "Indexing into a 3-tensor":
//   indices = [[0, 0, 1], [1, 0, 1]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = ['b0', 'b1']
// CHECK-LABEL: func @seed002_tensor3_elements
//       CHECK:   %[[R:.*]] = arith.constant dense<[2.000000e+00, 1.200000e+01]> : tensor<2xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<2xf32>
func.func @seed002_tensor3_elements() -> tensor<2xf32> {
  %params = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[11.0, 12.0], [13.0, 14.0]]]> : tensor<2x2x2xf32>
  %indices = arith.constant dense<[[0, 0, 1], [1, 0, 1]]> : tensor<2x3xindex>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2x2xf32>, tensor<2x3xindex>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Seed 002, "Batched indexing into a matrix":
//   indices = [[[0, 0]], [[0, 1]]]
//   params = [['a', 'b'], ['c', 'd']]
//   output = [['a'], ['b']]
// CHECK-LABEL: func @seed002_batched_matrix_elements
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}1.000000e+00], [2.000000e+00]]> : tensor<2x1xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<2x1xf32>
func.func @seed002_batched_matrix_elements() -> tensor<2x1xf32> {
  %params = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %indices = arith.constant dense<[[[0, 0]], [[0, 1]]]> : tensor<2x1x2xindex>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2xf32>, tensor<2x1x2xindex>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

// Seed 002, "Batched slice indexing into a matrix":
//   indices = [[[1]], [[0]]]
//   params = [['a', 'b'], ['c', 'd']]
//   output = [[['c', 'd']], [['a', 'b']]]
// CHECK-LABEL: func @seed002_batched_matrix_rows
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[\[}}3.000000e+00, 4.000000e+00]], {{\[\[}}1.000000e+00, 2.000000e+00]]]> : tensor<2x1x2xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<2x1x2xf32>
func.func @seed002_batched_matrix_rows() -> tensor<2x1x2xf32> {
  %params = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %indices = arith.constant dense<[[[1]], [[0]]]> : tensor<2x1x1xindex>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2xf32>, tensor<2x1x1xindex>) -> tensor<2x1x2xf32>
  return %0 : tensor<2x1x2xf32>
}

// -----

// Seed 002, "Batched indexing into a 3-tensor":
//   indices = [[[1]], [[0]]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = [[[['a1', 'b1'], ['c1', 'd1']]], [[['a0', 'b0'], ['c0', 'd0']]]]
// CHECK-LABEL: func @seed002_batched_tensor3_slices
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[\[\[}}1.100000e+01, 1.200000e+01], [1.300000e+01, 1.400000e+01]]], {{\[\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]]]> : tensor<2x1x2x2xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<2x1x2x2xf32>
func.func @seed002_batched_tensor3_slices() -> tensor<2x1x2x2xf32> {
  %params = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[11.0, 12.0], [13.0, 14.0]]]> : tensor<2x2x2xf32>
  %indices = arith.constant dense<[[[1]], [[0]]]> : tensor<2x1x1xindex>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2x2xf32>, tensor<2x1x1xindex>) -> tensor<2x1x2x2xf32>
  return %0 : tensor<2x1x2x2xf32>
}

// -----

// Seed 002, "Batched indexing into a 3-tensor":
//   indices = [[[0, 1], [1, 0]], [[0, 0], [1, 1]]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = [[['c0', 'd0'], ['a1', 'b1']], [['a0', 'b0'], ['c1', 'd1']]]
// CHECK-LABEL: func @seed002_batched_tensor3_rows
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[\[}}3.000000e+00, 4.000000e+00], [1.100000e+01, 1.200000e+01]], {{\[\[}}1.000000e+00, 2.000000e+00], [1.300000e+01, 1.400000e+01]]]> : tensor<2x2x2xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<2x2x2xf32>
func.func @seed002_batched_tensor3_rows() -> tensor<2x2x2xf32> {
  %params = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[11.0, 12.0], [13.0, 14.0]]]> : tensor<2x2x2xf32>
  %indices = arith.constant dense<[[[0, 1], [1, 0]], [[0, 0], [1, 1]]]> : tensor<2x2x2xindex>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2x2xf32>, tensor<2x2x2xindex>) -> tensor<2x2x2xf32>
  return %0 : tensor<2x2x2xf32>
}

// -----

// Seed 002, "Batched indexing into a 3-tensor":
//   indices = [[[0, 0, 1], [1, 0, 1]], [[0, 1, 1], [1, 1, 0]]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = [['b0', 'b1'], ['d0', 'c1']]
// CHECK-LABEL: func @seed002_batched_tensor3_elements
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}2.000000e+00, 1.200000e+01], [4.000000e+00, 1.300000e+01]]> : tensor<2x2xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<2x2xf32>
func.func @seed002_batched_tensor3_elements() -> tensor<2x2xf32> {
  %params = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[11.0, 12.0], [13.0, 14.0]]]> : tensor<2x2x2xf32>
  %indices = arith.constant dense<[[[0, 0, 1], [1, 0, 1]], [[0, 1, 1], [1, 1, 0]]]> : tensor<2x2x3xindex>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2x2xf32>, tensor<2x2x3xindex>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// Seed 002, "Batched 'params' and 'indices'":
//   batch_dims = 1
//   indices = [[1], [0]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = [['c0', 'd0'], ['a1', 'b1']]
// CHECK-LABEL: func @seed002_batch_dims_rows
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}3.000000e+00, 4.000000e+00], [1.100000e+01, 1.200000e+01]]> : tensor<2x2xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<2x2xf32>
func.func @seed002_batch_dims_rows() -> tensor<2x2xf32> {
  %params = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[11.0, 12.0], [13.0, 14.0]]]> : tensor<2x2x2xf32>
  %indices = arith.constant dense<[[1], [0]]> : tensor<2x1xindex>
  %0 = gather.gather_nd %params[%indices] batch_dims = 1
      : (tensor<2x2x2xf32>, tensor<2x1xindex>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// Seed 002, "Batched 'params' and 'indices'":
//   batch_dims = 1
//   indices = [[[1]], [[0]]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = [[['c0', 'd0']], [['a1', 'b1']]]
// CHECK-LABEL: func @seed002_batch_dims_batched_rows
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[\[}}3.000000e+00, 4.000000e+00]], {{\[\[}}1.100000e+01, 1.200000e+01]]]> : tensor<2x1x2xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<2x1x2xf32>
func.func @seed002_batch_dims_batched_rows() -> tensor<2x1x2xf32> {
  %params = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[11.0, 12.0], [13.0, 14.0]]]> : tensor<2x2x2xf32>
  %indices = arith.constant dense<[[[1]], [[0]]]> : tensor<2x1x1xindex>
  %0 = gather.gather_nd %params[%indices] batch_dims = 1
      : (tensor<2x2x2xf32>, tensor<2x1x1xindex>) -> tensor<2x1x2xf32>
  return %0 : tensor<2x1x2xf32>
}

// -----

// Seed 002, "Batched 'params' and 'indices'":
//   batch_dims = 1
//   indices = [[[1, 0]], [[0, 1]]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = [['c0'], ['b1']]
// CHECK-LABEL: func @seed002_batch_dims_elements
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}3.000000e+00], [1.200000e+01]]> : tensor<2x1xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<2x1xf32>
func.func @seed002_batch_dims_elements() -> tensor<2x1xf32> {
  %params = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[11.0, 12.0], [13.0, 14.0]]]> : tensor<2x2x2xf32>
  %indices = arith.constant dense<[[[1, 0]], [[0, 1]]]> : tensor<2x1x2xindex>
  %0 = gather.gather_nd %params[%indices] batch_dims = 1
      : (tensor<2x2x2xf32>, tensor<2x1x2xindex>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

//======================================================================//
// Seed 003: tf.gather_nd, TensorFlow 1.x guide "Tensor Transformations"
//======================================================================//

// Seed 003, "Simple indexing into a matrix":
//   indices = [[0, 0], [1, 1]]
//   params = [['a', 'b'], ['c', 'd']]
//   output = ['a', 'd']
// CHECK-LABEL: func @seed003_matrix_elements
//       CHECK:   %[[R:.*]] = arith.constant dense<[1.000000e+00, 4.000000e+00]> : tensor<2xf16>
//  CHECK-NEXT:   return %[[R]] : tensor<2xf16>
func.func @seed003_matrix_elements() -> tensor<2xf16> {
  %params = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf16>
  %indices = arith.constant dense<[[0, 0], [1, 1]]> : tensor<2x2xi32>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2xf16>, tensor<2x2xi32>) -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// -----

// Seed 003, "Slice indexing into a matrix":
//   indices = [[1], [0]]
//   params = [['a', 'b'], ['c', 'd']]
//   output = [['c', 'd'], ['a', 'b']]
// CHECK-LABEL: func @seed003_matrix_rows
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}3.000000e+00, 4.000000e+00], [1.000000e+00, 2.000000e+00]]> : tensor<2x2xf16>
//  CHECK-NEXT:   return %[[R]] : tensor<2x2xf16>
func.func @seed003_matrix_rows() -> tensor<2x2xf16> {
  %params = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf16>
  %indices = arith.constant dense<[[1], [0]]> : tensor<2x1xi32>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2xf16>, tensor<2x1xi32>) -> tensor<2x2xf16>
  return %0 : tensor<2x2xf16>
}

// -----

// Seed 003, "Indexing into a 3-tensor":
//   indices = [[1]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = [[['a1', 'b1'], ['c1', 'd1']]]
// CHECK-LABEL: func @seed003_tensor3_slice
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[\[}}1.100000e+01, 1.200000e+01], [1.300000e+01, 1.400000e+01]]]> : tensor<1x2x2xf16>
//  CHECK-NEXT:   return %[[R]] : tensor<1x2x2xf16>
func.func @seed003_tensor3_slice() -> tensor<1x2x2xf16> {
  %params = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[11.0, 12.0], [13.0, 14.0]]]> : tensor<2x2x2xf16>
  %indices = arith.constant dense<1> : tensor<1x1xi32>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2x2xf16>, tensor<1x1xi32>) -> tensor<1x2x2xf16>
  return %0 : tensor<1x2x2xf16>
}

// -----

// Seed 003, "Indexing into a 3-tensor":
//   indices = [[0, 1], [1, 0]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = [['c0', 'd0'], ['a1', 'b1']]
// CHECK-LABEL: func @seed003_tensor3_rows
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}3.000000e+00, 4.000000e+00], [1.100000e+01, 1.200000e+01]]> : tensor<2x2xf16>
//  CHECK-NEXT:   return %[[R]] : tensor<2x2xf16>
func.func @seed003_tensor3_rows() -> tensor<2x2xf16> {
  %params = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[11.0, 12.0], [13.0, 14.0]]]> : tensor<2x2x2xf16>
  %indices = arith.constant dense<[[0, 1], [1, 0]]> : tensor<2x2xi32>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2x2xf16>, tensor<2x2xi32>) -> tensor<2x2xf16>
  return %0 : tensor<2x2xf16>
}

// -----

// Seed 003, "Indexing into a 3-tensor":
//   indices = [[0, 0, 1], [1, 0, 1]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = ['b0', 'b1']
// CHECK-LABEL: func @seed003_tensor3_elements
//       CHECK:   %[[R:.*]] = arith.constant dense<[2.000000e+00, 1.200000e+01]> : tensor<2xf16>
//  CHECK-NEXT:   return %[[R]] : tensor<2xf16>
func.func @seed003_tensor3_elements() -> tensor<2xf16> {
  %params = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[11.0, 12.0], [13.0, 14.0]]]> : tensor<2x2x2xf16>
  %indices = arith.constant dense<[[0, 0, 1], [1, 0, 1]]> : tensor<2x3xi32>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2x2xf16>, tensor<2x3xi32>) -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// -----

// Seed 003, "Batched indexing into a matrix":
//   indices = [[[0, 0]], [[0, 1]]]
//   params = [['a', 'b'], ['c', 'd']]
//   output = [['a'], ['b']]
// CHECK-LABEL: func @seed003_batched_matrix_elements
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}1.000000e+00], [2.000000e+00]]> : tensor<2x1xf16>
//  CHECK-NEXT:   return %[[R]] : tensor<2x1xf16>
func.func @seed003_batched_matrix_elements() -> tensor<2x1xf16> {
  %params = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf16>
  %indices = arith.constant dense<[[[0, 0]], [[0, 1]]]> : tensor<2x1x2xi32>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2xf16>, tensor<2x1x2xi32>) -> tensor<2x1xf16>
  return %0 : tensor<2x1xf16>
}

// -----

// Seed 003, "Batched slice indexing into a matrix":
//   indices = [[[1]], [[0]]]
//   params = [['a', 'b'], ['c', 'd']]
//   output = [[['c', 'd']], [['a', 'b']]]
// CHECK-LABEL: func @seed003_batched_matrix_rows
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[\[}}3.000000e+00, 4.000000e+00]], {{\[\[}}1.000000e+00, 2.000000e+00]]]> : tensor<2x1x2xf16>
//  CHECK-NEXT:   return %[[R]] : tensor<2x1x2xf16>
func.func @seed003_batched_matrix_rows() -> tensor<2x1x2xf16> {
  %params = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf16>
  %indices = arith.constant dense<[[[1]], [[0]]]> : tensor<2x1x1xi32>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2xf16>, tensor<2x1x1xi32>) -> tensor<2x1x2xf16>
  return %0 : tensor<2x1x2xf16>
}

// -----

// Seed 003, "Batched indexing into a 3-tensor":
//   indices = [[[1]], [[0]]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = [[[['a1', 'b1'], ['c1', 'd1']]], [[['a0', 'b0'], ['c0', 'd0']]]]
// CHECK-LABEL: func @seed003_batched_tensor3_slices
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[\[\[}}1.100000e+01, 1.200000e+01], [1.300000e+01, 1.400000e+01]]], {{\[\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]]]> : tensor<2x1x2x2xf16>
//  CHECK-NEXT:   return %[[R]] : tensor<2x1x2x2xf16>
func.func @seed003_batched_tensor3_slices() -> tensor<2x1x2x2xf16> {
  %params = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[11.0, 12.0], [13.0, 14.0]]]> : tensor<2x2x2xf16>
  %indices = arith.constant dense<[[[1]], [[0]]]> : tensor<2x1x1xi32>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2x2xf16>, tensor<2x1x1xi32>) -> tensor<2x1x2x2xf16>
  return %0 : tensor<2x1x2x2xf16>
}

// -----

// Seed 003, "Batched indexing into a 3-tensor":
//   indices = [[[0, 1], [1, 0]], [[0, 0], [1, 1]]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = [[['c0', 'd0'], ['a1', 'b1']], [['a0', 'b0'], ['c1', 'd1']]]
// CHECK-LABEL: func @seed003_batched_tensor3_rows
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[\[}}3.000000e+00, 4.000000e+00], [1.100000e+01, 1.200000e+01]], {{\[\[}}1.000000e+00, 2.000000e+00], [1.300000e+01, 1.400000e+01]]]> : tensor<2x2x2xf16>
//  CHECK-NEXT:   return %[[R]] : tensor<2x2x2xf16>
func.func @seed003_batched_tensor3_rows() -> tensor<2x2x2xf16> {
  %params = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[11.0, 12.0], [13.0, 14.0]]]> : tensor<2x2x2xf16>
  %indices = arith.constant dense<[[[0, 1], [1, 0]], [[0, 0], [1, 1]]]> : tensor<2x2x2xi32>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2x2xf16>, tensor<2x2x2xi32>) -> tensor<2x2x2xf16>
  return %0 : tensor<2x2x2xf16>
}

// -----

// Seed 003, "Batched indexing into a 3-tensor":
//   indices = [[[0, 0, 1], [1, 0, 1]], [[0, 1, 1], [1, 1, 0]]]
//   params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
//   output = [['b0', 'b1'], ['d0', 'c1']]
// CHECK-LABEL: func @seed003_batched_tensor3_elements
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}2.000000e+00, 1.200000e+01], [4.000000e+00, 1.300000e+01]]> : tensor<2x2xf16>
//  CHECK-NEXT:   return %[[R]] : tensor<2x2xf16>
func.func @seed003_batched_tensor3_elements() -> tensor<2x2xf16> {
  %params = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[11.0, 12.0], [13.0, 14.0]]]> : tensor<2x2x2xf16>
  %indices = arith.constant dense<[[[0, 0, 1], [1, 0, 1]], [[0, 1, 1], [1, 1, 0]]]> : tensor<2x2x3xi32>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2x2xf16>, tensor<2x2x3xi32>) -> tensor<2x2xf16>
  return %0 : tensor<2x2xf16>
}

// -----

//======================================================================//
// Seed 003: tf.gather, TensorFlow 1.x guide (rules only; values ours)
//======================================================================//

// Seed 003, "tf.gather":
//   # Scalar indices
//   output[:, ..., :] = params[indices, :, ... :]
//   Values ours: params = [[1, 2], [3, 4], [5, 6]], indices = 1.
// CHECK-LABEL: func @seed003_gather_scalar_index
//       CHECK:   %[[R:.*]] = arith.constant dense<[3.000000e+00, 4.000000e+00]> : tensor<2xf16>
//  CHECK-NEXT:   return %[[R]] : tensor<2xf16>
func.func @seed003_gather_scalar_index() -> tensor<2xf16> {
  %params = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf16>
  %indices = arith.constant dense<1> : tensor<i32>
  %0 = gather.gather %params[%indices]
      : (tensor<3x2xf16>, tensor<i32>) -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// -----

// Seed 003, "tf.gather":
//   # Vector indices
//   output[i, :, ..., :] = params[indices[i], :, ... :]
//   If indices is a permutation and len(indices) == params.shape[0]
//   then this operation will permute params accordingly.
//   Values ours: indices = [2, 0, 1].
// CHECK-LABEL: func @seed003_gather_vector_indices
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}5.000000e+00, 6.000000e+00], [1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<3x2xf16>
//  CHECK-NEXT:   return %[[R]] : tensor<3x2xf16>
func.func @seed003_gather_vector_indices() -> tensor<3x2xf16> {
  %params = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf16>
  %indices = arith.constant dense<[2, 0, 1]> : tensor<3xi32>
  %0 = gather.gather %params[%indices]
      : (tensor<3x2xf16>, tensor<3xi32>) -> tensor<3x2xf16>
  return %0 : tensor<3x2xf16>
}

// -----

// Seed 003, "tf.gather":
//   The identity permutation gives params back (folds to the params
//   constant). Values ours: indices = [0, 1, 2].
// CHECK-LABEL: func @seed003_gather_identity_permutation
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00]]> : tensor<3x2xf16>
//  CHECK-NEXT:   return %[[R]] : tensor<3x2xf16>
func.func @seed003_gather_identity_permutation() -> tensor<3x2xf16> {
  %params = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf16>
  %indices = arith.constant dense<[0, 1, 2]> : tensor<3xi32>
  %0 = gather.gather %params[%indices]
      : (tensor<3x2xf16>, tensor<3xi32>) -> tensor<3x2xf16>
  return %0 : tensor<3x2xf16>
}

// -----

// Seed 003, "tf.gather":
//   # Higher rank indices
//   output[i, ..., j, :, ... :] = params[indices[i, ..., j], :, ..., :]
//   Values ours: indices = [[0], [2]].
// CHECK-LABEL: func @seed003_gather_higher_rank_indices
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[\[}}1.000000e+00, 2.000000e+00]], {{\[\[}}5.000000e+00, 6.000000e+00]]]> : tensor<2x1x2xf16>
//  CHECK-NEXT:   return %[[R]] : tensor<2x1x2xf16>
func.func @seed003_gather_higher_rank_indices() -> tensor<2x1x2xf16> {
  %params = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf16>
  %indices = arith.constant dense<[[0], [2]]> : tensor<2x1xi32>
  %0 = gather.gather %params[%indices]
      : (tensor<3x2xf16>, tensor<2x1xi32>) -> tensor<2x1x2xf16>
  return %0 : tensor<2x1x2xf16>
}

// -----

//======================================================================//
// Seed 004: tf.gather, TensorFlow 2.14
//======================================================================//

// Seed 004, "simplest case":
//   params = tf.constant(['p0', 'p1', 'p2', 'p3', 'p4', 'p5'])
//   params[3] == tf.gather(params, 3) == b'p3'
// CHECK-LABEL: func @seed004_scalar_index
//       CHECK:   %[[R:.*]] = arith.constant dense<3> : tensor<i32>
//  CHECK-NEXT:   return %[[R]] : tensor<i32>
func.func @seed004_scalar_index() -> tensor<i32> {
  %params = arith.constant dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi32>
  %indices = arith.constant dense<3> : tensor<i32>
  %0 = gather.gather %params[%indices]
      : (tensor<6xi32>, tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// Seed 004, "a single axis tensor of indices":
//   indices = [2, 0, 2, 5]
//   tf.gather(params, indices) == [b'p2', b'p0', b'p2', b'p5']
// CHECK-LABEL: func @seed004_vector_indices
//       CHECK:   %[[R:.*]] = arith.constant dense<[2, 0, 2, 5]> : tensor<4xi32>
//  CHECK-NEXT:   return %[[R]] : tensor<4xi32>
func.func @seed004_vector_indices() -> tensor<4xi32> {
  %params = arith.constant dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi32>
  %indices = arith.constant dense<[2, 0, 2, 5]> : tensor<4xi32>
  %0 = gather.gather %params[%indices]
      : (tensor<6xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Seed 004, "the indices can have any shape":
//   tf.gather(params, [[2, 0], [2, 5]]) == [[b'p2', b'p0'], [b'p2', b'p5']]
// CHECK-LABEL: func @seed004_matrix_indices
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}2, 0], [2, 5]]> : tensor<2x2xi32>
//  CHECK-NEXT:   return %[[R]] : tensor<2x2xi32>
func.func @seed004_matrix_indices() -> tensor<2x2xi32> {
  %params = arith.constant dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi32>
  %indices = arith.constant dense<[[2, 0], [2, 5]]> : tensor<2x2xi32>
  %0 = gather.gather %params[%indices]
      : (tensor<6xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// Seed 004, "gather first rows":
//   params = [[0, 1.0, 2.0], [10.0, 11.0, 12.0], [20.0, 21.0, 22.0], [30.0, 31.0, 32.0]]
//   tf.gather(params, indices=[3,1]) == [[30., 31., 32.], [10., 11., 12.]]
// CHECK-LABEL: func @seed004_rows
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}3.000000e+01, 3.100000e+01, 3.200000e+01], [1.000000e+01, 1.100000e+01, 1.200000e+01]]> : tensor<2x3xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<2x3xf32>
func.func @seed004_rows() -> tensor<2x3xf32> {
  %params = arith.constant dense<[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0], [20.0, 21.0, 22.0], [30.0, 31.0, 32.0]]> : tensor<4x3xf32>
  %indices = arith.constant dense<[3, 1]> : tensor<2xi32>
  %0 = gather.gather %params[%indices]
      : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Seed 004, "then columns":
//   tf.gather(params, indices=[2,1], axis=1) ==
//       [[2., 1.], [12., 11.], [22., 21.], [32., 31.]]
// CHECK-LABEL: func @seed004_columns
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}2.000000e+00, 1.000000e+00], [1.200000e+01, 1.100000e+01], [2.200000e+01, 2.100000e+01], [3.200000e+01, 3.100000e+01]]> : tensor<4x2xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<4x2xf32>
func.func @seed004_columns() -> tensor<4x2xf32> {
  %params = arith.constant dense<[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0], [20.0, 21.0, 22.0], [30.0, 31.0, 32.0]]> : tensor<4x3xf32>
  %indices = arith.constant dense<[2, 1]> : tensor<2xi32>
  %0 = gather.gather %params[%indices] axis = 1
      : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// Seed 004, "result_shape":
//   result_shape([1, 2, 3], [], axis=1) == [1, 3]
//   Values ours: params = [[[1, 2, 3], [4, 5, 6]]], indices = 1.
// CHECK-LABEL: func @seed004_result_shape_scalar
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}4, 5, 6]]> : tensor<1x3xi32>
//  CHECK-NEXT:   return %[[R]] : tensor<1x3xi32>
func.func @seed004_result_shape_scalar() -> tensor<1x3xi32> {
  %params = arith.constant dense<[[[1, 2, 3], [4, 5, 6]]]> : tensor<1x2x3xi32>
  %indices = arith.constant dense<1> : tensor<i32>
  %0 = gather.gather %params[%indices] axis = 1
      : (tensor<1x2x3xi32>, tensor<i32>) -> tensor<1x3xi32>
  return %0 : tensor<1x3xi32>
}

// -----

// Seed 004, "result_shape":
//   result_shape([1, 2, 3], [7], axis=1) == [1, 7, 3]
//   Values ours: indices = [1, 0, 1, 1, 0, 0, 1].
// CHECK-LABEL: func @seed004_result_shape_vector
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[\[}}4, 5, 6], [1, 2, 3], [4, 5, 6], [4, 5, 6], [1, 2, 3], [1, 2, 3], [4, 5, 6]]]> : tensor<1x7x3xi32>
//  CHECK-NEXT:   return %[[R]] : tensor<1x7x3xi32>
func.func @seed004_result_shape_vector() -> tensor<1x7x3xi32> {
  %params = arith.constant dense<[[[1, 2, 3], [4, 5, 6]]]> : tensor<1x2x3xi32>
  %indices = arith.constant dense<[1, 0, 1, 1, 0, 0, 1]> : tensor<7xi32>
  %0 = gather.gather %params[%indices] axis = 1
      : (tensor<1x2x3xi32>, tensor<7xi32>) -> tensor<1x7x3xi32>
  return %0 : tensor<1x7x3xi32>
}

// -----

// Seed 004, "result_shape":
//   result_shape([1, 2, 3], [7, 5], axis=1) == [1, 7, 5, 3]
//   Values ours: indices[a][b] = (3a + b) % 2.
// CHECK-LABEL: func @seed004_result_shape_matrix
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[\[\[}}1, 2, 3], [4, 5, 6], [1, 2, 3], [4, 5, 6], [1, 2, 3]], {{\[\[}}4, 5, 6], [1, 2, 3], [4, 5, 6], [1, 2, 3], [4, 5, 6]], {{\[\[}}1, 2, 3], [4, 5, 6], [1, 2, 3], [4, 5, 6], [1, 2, 3]], {{\[\[}}4, 5, 6], [1, 2, 3], [4, 5, 6], [1, 2, 3], [4, 5, 6]], {{\[\[}}1, 2, 3], [4, 5, 6], [1, 2, 3], [4, 5, 6], [1, 2, 3]], {{\[\[}}4, 5, 6], [1, 2, 3], [4, 5, 6], [1, 2, 3], [4, 5, 6]], {{\[\[}}1, 2, 3], [4, 5, 6], [1, 2, 3], [4, 5, 6], [1, 2, 3]]]]> : tensor<1x7x5x3xi32>
//  CHECK-NEXT:   return %[[R]] : tensor<1x7x5x3xi32>
func.func @seed004_result_shape_matrix() -> tensor<1x7x5x3xi32> {
  %params = arith.constant dense<[[[1, 2, 3], [4, 5, 6]]]> : tensor<1x2x3xi32>
  %indices = arith.constant dense<[[0, 1, 0, 1, 0], [1, 0, 1, 0, 1], [0, 1, 0, 1, 0], [1, 0, 1, 0, 1], [0, 1, 0, 1, 0], [1, 0, 1, 0, 1], [0, 1, 0, 1, 0]]> : tensor<7x5xi32>
  %0 = gather.gather %params[%indices] axis = 1
      : (tensor<1x2x3xi32>, tensor<7x5xi32>) -> tensor<1x7x5x3xi32>
  return %0 : tensor<1x7x5x3xi32>
}

// -----

// Seed 004, "some examples":
//   params.shape == [4, 3]; indices = tf.constant([[0, 2]])
//   tf.gather(params, indices=indices, axis=0).shape == [1, 2, 3]
//   (The page gives the shape; the values follow from params.)
// CHECK-LABEL: func @seed004_shape_axis0
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[\[}}0.000000e+00, 1.000000e+00, 2.000000e+00], [2.000000e+01, 2.100000e+01, 2.200000e+01]]]> : tensor<1x2x3xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<1x2x3xf32>
func.func @seed004_shape_axis0() -> tensor<1x2x3xf32> {
  %params = arith.constant dense<[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0], [20.0, 21.0, 22.0], [30.0, 31.0, 32.0]]> : tensor<4x3xf32>
  %indices = arith.constant dense<[[0, 2]]> : tensor<1x2xi32>
  %0 = gather.gather %params[%indices] axis = 0
      : (tensor<4x3xf32>, tensor<1x2xi32>) -> tensor<1x2x3xf32>
  return %0 : tensor<1x2x3xf32>
}

// -----

// Seed 004, "some examples":
//   tf.gather(params, indices=indices, axis=1).shape == [4, 1, 2]
// CHECK-LABEL: func @seed004_shape_axis1
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[\[}}0.000000e+00, 2.000000e+00]], {{\[\[}}1.000000e+01, 1.200000e+01]], {{\[\[}}2.000000e+01, 2.200000e+01]], {{\[\[}}3.000000e+01, 3.200000e+01]]]> : tensor<4x1x2xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<4x1x2xf32>
func.func @seed004_shape_axis1() -> tensor<4x1x2xf32> {
  %params = arith.constant dense<[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0], [20.0, 21.0, 22.0], [30.0, 31.0, 32.0]]> : tensor<4x3xf32>
  %indices = arith.constant dense<[[0, 2]]> : tensor<1x2xi32>
  %0 = gather.gather %params[%indices] axis = 1
      : (tensor<4x3xf32>, tensor<1x2xi32>) -> tensor<4x1x2xf32>
  return %0 : tensor<4x1x2xf32>
}

// -----

// Seed 004, "some examples":
//   params = tf.random.normal(shape=(5, 6, 7, 8))
//   indices = tf.random.uniform(shape=(10, 11), maxval=7, dtype=tf.int32)
//   result = tf.gather(params, indices, axis=2)
//   result.shape.as_list() == [5, 6, 10, 11, 8]
//   # For any location in indices
//   a, b = 0, 1
//   tf.reduce_all(result[:, :, a, b, :] == params[:, :, indices[a, b], :])
//   Values ours: params[i, j, k, l] = 1000i + 100j + 10k + l, fixed indices
//   in [0, 7). Both sides fold to one (uniqued) constant.
// CHECK-LABEL: func @seed004_random_params_slice_identity
//       CHECK:   %[[S:.*]] = arith.constant dense<{{\[\[\[}}60, 61, 62, 63, 64, 65, 66, 67], [160, 161, 162, 163, 164, 165, 166, 167], [260, 261, 262, 263, 264, 265, 266, 267], [360, 361, 362, 363, 364, 365, 366, 367], [460, 461, 462, 463, 464, 465, 466, 467], [560, 561, 562, 563, 564, 565, 566, 567]], {{\[\[}}1060, 1061, 1062, 1063, 1064, 1065, 1066, 1067], [1160, 1161, 1162, 1163, 1164, 1165, 1166, 1167], [1260, 1261, 1262, 1263, 1264, 1265, 1266, 1267], [1360, 1361, 1362, 1363, 1364, 1365, 1366, 1367], [1460, 1461, 1462, 1463, 1464, 1465, 1466, 1467], [1560, 1561, 1562, 1563, 1564, 1565, 1566, 1567]], {{\[\[}}2060, 2061, 2062, 2063, 2064, 2065, 2066, 2067], [2160, 2161, 2162, 2163, 2164, 2165, 2166, 2167], [2260, 2261, 2262, 2263, 2264, 2265, 2266, 2267], [2360, 2361, 2362, 2363, 2364, 2365, 2366, 2367], [2460, 2461, 2462, 2463, 2464, 2465, 2466, 2467], [2560, 2561, 2562, 2563, 2564, 2565, 2566, 2567]], {{\[\[}}3060, 3061, 3062, 3063, 3064, 3065, 3066, 3067], [3160, 3161, 3162, 3163, 3164, 3165, 3166, 3167], [3260, 3261, 3262, 3263, 3264, 3265, 3266, 3267], [3360, 3361, 3362, 3363, 3364, 3365, 3366, 3367], [3460, 3461, 3462, 3463, 3464, 3465, 3466, 3467], [3560, 3561, 3562, 3563, 3564, 3565, 3566, 3567]], {{\[\[}}4060, 4061, 4062, 4063, 4064, 4065, 4066, 4067], [4160, 4161, 4162, 4163, 4164, 4165, 4166, 4167], [4260, 4261, 4262, 4263, 4264, 4265, 4266, 4267], [4360, 4361, 4362, 4363, 4364, 4365, 4366, 4367], [4460, 4461, 4462, 4463, 4464, 4465, 4466, 4467], [4560, 4561, 4562, 4563, 4564, 4565, 4566, 4567]]]> : tensor<5x6x8xi32>
//  CHECK-NEXT:   return %[[S]], %[[S]] : tensor<5x6x8xi32>, tensor<5x6x8xi32>
func.func @seed004_random_params_slice_identity() -> (tensor<5x6x8xi32>, tensor<5x6x8xi32>) {
  %params = arith.constant dense<[
    [[[0, 1, 2, 3, 4, 5, 6, 7], [10, 11, 12, 13, 14, 15, 16, 17], [20, 21, 22, 23, 24, 25, 26, 27], [30, 31, 32, 33, 34, 35, 36, 37], [40, 41, 42, 43, 44, 45, 46, 47], [50, 51, 52, 53, 54, 55, 56, 57], [60, 61, 62, 63, 64, 65, 66, 67]],
     [[100, 101, 102, 103, 104, 105, 106, 107], [110, 111, 112, 113, 114, 115, 116, 117], [120, 121, 122, 123, 124, 125, 126, 127], [130, 131, 132, 133, 134, 135, 136, 137], [140, 141, 142, 143, 144, 145, 146, 147], [150, 151, 152, 153, 154, 155, 156, 157], [160, 161, 162, 163, 164, 165, 166, 167]],
     [[200, 201, 202, 203, 204, 205, 206, 207], [210, 211, 212, 213, 214, 215, 216, 217], [220, 221, 222, 223, 224, 225, 226, 227], [230, 231, 232, 233, 234, 235, 236, 237], [240, 241, 242, 243, 244, 245, 246, 247], [250, 251, 252, 253, 254, 255, 256, 257], [260, 261, 262, 263, 264, 265, 266, 267]],
     [[300, 301, 302, 303, 304, 305, 306, 307], [310, 311, 312, 313, 314, 315, 316, 317], [320, 321, 322, 323, 324, 325, 326, 327], [330, 331, 332, 333, 334, 335, 336, 337], [340, 341, 342, 343, 344, 345, 346, 347], [350, 351, 352, 353, 354, 355, 356, 357], [360, 361, 362, 363, 364, 365, 366, 367]],
     [[400, 401, 402, 403, 404, 405, 406, 407], [410, 411, 412, 413, 414, 415, 416, 417], [420, 421, 422, 423, 424, 425, 426, 427], [430, 431, 432, 433, 434, 435, 436, 437], [440, 441, 442, 443, 444, 445, 446, 447], [450, 451, 452, 453, 454, 455, 456, 457], [460, 461, 462, 463, 464, 465, 466, 467]],
     [[500, 501, 502, 503, 504, 505, 506, 507], [510, 511, 512, 513, 514, 515, 516, 517], [520, 521, 522, 523, 524, 525, 526, 527], [530, 531, 532, 533, 534, 535, 536, 537], [540, 541, 542, 543, 544, 545, 546, 547], [550, 551, 552, 553, 554, 555, 556, 557], [560, 561, 562, 563, 564, 565, 566, 567]]],
    [[[1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007], [1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017], [1020, 1021, 1022, 1023, 1024, 1025, 1026, 1027], [1030, 1031, 1032, 1033, 1034, 1035, 1036, 1037], [1040, 1041, 1042, 1043, 1044, 1045, 1046, 1047], [1050, 1051, 1052, 1053, 1054, 1055, 1056, 1057], [1060, 1061, 1062, 1063, 1064, 1065, 1066, 1067]],
     [[1100, 1101, 1102, 1103, 1104, 1105, 1106, 1107], [1110, 1111, 1112, 1113, 1114, 1115, 1116, 1117], [1120, 1121, 1122, 1123, 1124, 1125, 1126, 1127], [1130, 1131, 1132, 1133, 1134, 1135, 1136, 1137], [1140, 1141, 1142, 1143, 1144, 1145, 1146, 1147], [1150, 1151, 1152, 1153, 1154, 1155, 1156, 1157], [1160, 1161, 1162, 1163, 1164, 1165, 1166, 1167]],
     [[1200, 1201, 1202, 1203, 1204, 1205, 1206, 1207], [1210, 1211, 1212, 1213, 1214, 1215, 1216, 1217], [1220, 1221, 1222, 1223, 1224, 1225, 1226, 1227], [1230, 1231, 1232, 1233, 1234, 1235, 1236, 1237], [1240, 1241, 1242, 1243, 1244, 1245, 1246, 1247], [1250, 1251, 1252, 1253, 1254, 1255, 1256, 1257], [1260, 1261, 1262, 1263, 1264, 1265, 1266, 1267]],
     [[1300, 1301, 1302, 1303, 1304, 1305, 1306, 1307], [1310, 1311, 1312, 1313, 1314, 1315, 1316, 1317], [1320, 1321, 1322, 1323, 1324, 1325, 1326, 1327], [1330, 1331, 1332, 1333, 1334, 1335, 1336, 1337], [1340, 1341, 1342, 1343, 1344, 1345, 1346, 1347], [1350, 1351, 1352, 1353, 1354, 1355, 1356, 1357], [1360, 1361, 1362, 1363, 1364, 1365, 1366, 1367]],
     [[1400, 1401, 1402, 1403, 1404, 1405, 1406, 1407], [1410, 1411, 1412, 1413, 1414, 1415, 1416, 1417], [1420, 1421, 1422, 1423, 1424, 1425, 1426, 1427], [1430, 1431, 1432, 1433, 1434, 1435, 1436, 1437], [1440, 1441, 1442, 1443, 1444, 1445, 1446, 1447], [1450, 1451, 1452, 1453, 1454, 1455, 1456, 1457], [1460, 1461, 1462, 1463, 1464, 1465, 1466, 1467]],
     [[1500, 1501, 1502, 1503, 1504, 1505, 1506, 1507], [1510, 1511, 1512, 1513, 1514, 1515, 1516, 1517], [1520, 1521, 1522, 1523, 1524, 1525, 1526, 1527], [1530, 1531, 1532, 1533, 1534, 1535, 1536, 1537], [1540, 1541, 1542, 1543, 1544, 1545, 1546, 1547], [1550, 1551, 1552, 1553, 1554, 1555, 1556, 1557], [1560, 1561, 1562, 1563, 1564, 1565, 1566, 1567]]],
    [[[2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007], [2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017], [2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027], [2030, 2031, 2032, 2033, 2034, 2035, 2036, 2037], [2040, 2041, 2042, 2043, 2044, 2045, 2046, 2047], [2050, 2051, 2052, 2053, 2054, 2055, 2056, 2057], [2060, 2061, 2062, 2063, 2064, 2065, 2066, 2067]],
     [[2100, 2101, 2102, 2103, 2104, 2105, 2106, 2107], [2110, 2111, 2112, 2113, 2114, 2115, 2116, 2117], [2120, 2121, 2122, 2123, 2124, 2125, 2126, 2127], [2130, 2131, 2132, 2133, 2134, 2135, 2136, 2137], [2140, 2141, 2142, 2143, 2144, 2145, 2146, 2147], [2150, 2151, 2152, 2153, 2154, 2155, 2156, 2157], [2160, 2161, 2162, 2163, 2164, 2165, 2166, 2167]],
     [[2200, 2201, 2202, 2203, 2204, 2205, 2206, 2207], [2210, 2211, 2212, 2213, 2214, 2215, 2216, 2217], [2220, 2221, 2222, 2223, 2224, 2225, 2226, 2227], [2230, 2231, 2232, 2233, 2234, 2235, 2236, 2237], [2240, 2241, 2242, 2243, 2244, 2245, 2246, 2247], [2250, 2251, 2252, 2253, 2254, 2255, 2256, 2257], [2260, 2261, 2262, 2263, 2264, 2265, 2266, 2267]],
     [[2300, 2301, 2302, 2303, 2304, 2305, 2306, 2307], [2310, 2311, 2312, 2313, 2314, 2315, 2316, 2317], [2320, 2321, 2322, 2323, 2324, 2325, 2326, 2327], [2330, 2331, 2332, 2333, 2334, 2335, 2336, 2337], [2340, 2341, 2342, 2343, 2344, 2345, 2346, 2347], [2350, 2351, 2352, 2353, 2354, 2355, 2356, 2357], [2360, 2361, 2362, 2363, 2364, 2365, 2366, 2367]],
     [[2400, 2401, 2402, 2403, 2404, 2405, 2406, 2407], [2410, 2411, 2412, 2413, 2414, 2415, 2416, 2417], [2420, 2421, 2422, 2423, 2424, 2425, 2426, 2427], [2430, 2431, 2432, 2433, 2434, 2435, 2436, 2437], [2440, 2441, 2442, 2443, 2444, 2445, 2446, 2447], [2450, 2451, 2452, 2453, 2454, 2455, 2456, 2457], [2460, 2461, 2462, 2463, 2464, 2465, 2466, 2467]],
     [[2500, 2501, 2502, 2503, 2504, 2505, 2506, 2507], [2510, 2511, 2512, 2513, 2514, 2515, 2516, 2517], [2520, 2521, 2522, 2523, 2524, 2525, 2526, 2527], [2530, 2531, 2532, 2533, 2534, 2535, 2536, 2537], [2540, 2541, 2542, 2543, 2544, 2545, 2546, 2547], [2550, 2551, 2552, 2553, 2554, 2555, 2556, 2557], [2560, 2561, 2562, 2563, 2564, 2565, 2566, 2567]]],
    [[[3000, 3001, 3002, 3003, 3004, 3005, 3006, 3007], [3010, 3011, 3012, 3013, 3014, 3015, 3016, 3017], [3020, 3021, 3022, 3023, 3024, 3025, 3026, 3027], [3030, 3031, 3032, 3033, 3034, 3035, 3036, 3037], [3040, 3041, 3042, 3043, 3044, 3045, 3046, 3047], [3050, 3051, 3052, 3053, 3054, 3055, 3056, 3057], [3060, 3061, 3062, 3063, 3064, 3065, 3066, 3067]],
     [[3100, 3101, 3102, 3103, 3104, 3105, 3106, 3107], [3110, 3111, 3112, 3113, 3114, 3115, 3116, 3117], [3120, 3121, 3122, 3123, 3124, 3125, 3126, 3127], [3130, 3131, 3132, 3133, 3134, 3135, 3136, 3137], [3140, 3141, 3142, 3143, 3144, 3145, 3146, 3147], [3150, 3151, 3152, 3153, 3154, 3155, 3156, 3157], [3160, 3161, 3162, 3163, 3164, 3165, 3166, 3167]],
     [[3200, 3201, 3202, 3203, 3204, 3205, 3206, 3207], [3210, 3211, 3212, 3213, 3214, 3215, 3216, 3217], [3220, 3221, 3222, 3223, 3224, 3225, 3226, 3227], [3230, 3231, 3232, 3233, 3234, 3235, 3236, 3237], [3240, 3241, 3242, 3243, 3244, 3245, 3246, 3247], [3250, 3251, 3252, 3253, 3254, 3255, 3256, 3257], [3260, 3261, 3262, 3263, 3264, 3265, 3266, 3267]],
     [[3300, 3301, 3302, 3303, 3304, 3305, 3306, 3307], [3310, 3311, 3312, 3313, 3314, 3315, 3316, 3317], [3320, 3321, 3322, 3323, 3324, 3325, 3326, 3327], [3330, 3331, 3332, 3333, 3334, 3335, 3336, 3337], [3340, 3341, 3342, 3343, 3344, 3345, 3346, 3347], [3350, 3351, 3352, 3353, 3354, 3355, 3356, 3357], [3360, 3361, 3362, 3363, 3364, 3365, 3366, 3367]],
     [[3400, 3401, 3402, 3403, 3404, 3405, 3406, 3407], [3410, 3411, 3412, 3413, 3414, 3415, 3416, 3417], [3420, 3421, 3422, 3423, 3424, 3425, 3426, 3427], [3430, 3431, 3432, 3433, 3434, 3435, 3436, 3437], [3440, 3441, 3442, 3443, 3444, 3445, 3446, 3447], [3450, 3451, 3452, 3453, 3454, 3455, 3456, 3457], [3460, 3461, 3462, 3463, 3464, 3465, 3466, 3467]],
     [[3500, 3501, 3502, 3503, 3504, 3505, 3506, 3507], [3510, 3511, 3512, 3513, 3514, 3515, 3516, 3517], [3520, 3521, 3522, 3523, 3524, 3525, 3526, 3527], [3530, 3531, 3532, 3533, 3534, 3535, 3536, 3537], [3540, 3541, 3542, 3543, 3544, 3545, 3546, 3547], [3550, 3551, 3552, 3553, 3554, 3555, 3556, 3557], [3560, 3561, 3562, 3563, 3564, 3565, 3566, 3567]]],
    [[[4000, 4001, 4002, 4003, 4004, 4005, 4006, 4007], [4010, 4011, 4012, 4013, 4014, 4015, 4016, 4017], [4020, 4021, 4022, 4023, 4024, 4025, 4026, 4027], [4030, 4031, 4032, 4033, 4034, 4035, 4036, 4037], [4040, 4041, 4042, 4043, 4044, 4045, 4046, 4047], [4050, 4051, 4052, 4053, 4054, 4055, 4056, 4057], [4060, 4061, 4062, 4063, 4064, 4065, 4066, 4067]],
     [[4100, 4101, 4102, 4103, 4104, 4105, 4106, 4107], [4110, 4111, 4112, 4113, 4114, 4115, 4116, 4117], [4120, 4121, 4122, 4123, 4124, 4125, 4126, 4127], [4130, 4131, 4132, 4133, 4134, 4135, 4136, 4137], [4140, 4141, 4142, 4143, 4144, 4145, 4146, 4147], [4150, 4151, 4152, 4153, 4154, 4155, 4156, 4157], [4160, 4161, 4162, 4163, 4164, 4165, 4166, 4167]],
     [[4200, 4201, 4202, 4203, 4204, 4205, 4206, 4207], [4210, 4211, 4212, 4213, 4214, 4215, 4216, 4217], [4220, 4221, 4222, 4223, 4224, 4225, 4226, 4227], [4230, 4231, 4232, 4233, 4234, 4235, 4236, 4237], [4240, 4241, 4242, 4243, 4244, 4245, 4246, 4247], [4250, 4251, 4252, 4253, 4254, 4255, 4256, 4257], [4260, 4261, 4262, 4263, 4264, 4265, 4266, 4267]],
     [[4300, 4301, 4302, 4303, 4304, 4305, 4306, 4307], [4310, 4311, 4312, 4313, 4314, 4315, 4316, 4317], [4320, 4321, 4322, 4323, 4324, 4325, 4326, 4327], [4330, 4331, 4332, 4333, 4334, 4335, 4336, 4337], [4340, 4341, 4342, 4343, 4344, 4345, 4346, 4347], [4350, 4351, 4352, 4353, 4354, 4355, 4356, 4357], [4360, 4361, 4362, 4363, 4364, 4365, 4366, 4367]],
     [[4400, 4401, 4402, 4403, 4404, 4405, 4406, 4407], [4410, 4411, 4412, 4413, 4414, 4415, 4416, 4417], [4420, 4421, 4422, 4423, 4424, 4425, 4426, 4427], [4430, 4431, 4432, 4433, 4434, 4435, 4436, 4437], [4440, 4441, 4442, 4443, 4444, 4445, 4446, 4447], [4450, 4451, 4452, 4453, 4454, 4455, 4456, 4457], [4460, 4461, 4462, 4463, 4464, 4465, 4466, 4467]],
     [[4500, 4501, 4502, 4503, 4504, 4505, 4506, 4507], [4510, 4511, 4512, 4513, 4514, 4515, 4516, 4517], [4520, 4521, 4522, 4523, 4524, 4525, 4526, 4527], [4530, 4531, 4532, 4533, 4534, 4535, 4536, 4537], [4540, 4541, 4542, 4543, 4544, 4545, 4546, 4547], [4550, 4551, 4552, 4553, 4554, 4555, 4556, 4557], [4560, 4561, 4562, 4563, 4564, 4565, 4566, 4567]]]
  ]> : tensor<5x6x7x8xi32>
  %indices = arith.constant dense<[
    [2, 6, 5, 1, 0, 0, 2, 1, 2, 4, 5],
    [6, 1, 0, 4, 2, 4, 6, 6, 2, 4, 3],
    [0, 5, 5, 1, 6, 5, 6, 0, 2, 6, 5],
    [6, 0, 1, 2, 2, 0, 0, 3, 2, 5, 1],
    [0, 6, 5, 4, 3, 2, 3, 2, 1, 2, 1],
    [0, 1, 1, 1, 3, 0, 4, 2, 6, 6, 3],
    [6, 6, 3, 0, 2, 6, 5, 2, 1, 2, 5],
    [3, 0, 5, 6, 4, 3, 3, 3, 3, 0, 1],
    [5, 0, 3, 2, 5, 6, 0, 6, 4, 6, 3],
    [0, 4, 0, 1, 6, 1, 5, 5, 4, 6, 2]
  ]> : tensor<10x11xi32>
  %result = gather.gather %params[%indices] axis = 2
      : (tensor<5x6x7x8xi32>, tensor<10x11xi32>) -> tensor<5x6x10x11x8xi32>
  %a = arith.constant dense<0> : tensor<i32>
  %b = arith.constant dense<1> : tensor<i32>
  // result[:, :, a, b, :]
  %result_a = gather.gather %result[%a] axis = 2
      : (tensor<5x6x10x11x8xi32>, tensor<i32>) -> tensor<5x6x11x8xi32>
  %result_ab = gather.gather %result_a[%b] axis = 2
      : (tensor<5x6x11x8xi32>, tensor<i32>) -> tensor<5x6x8xi32>
  // params[:, :, indices[a, b], :]
  %indices_a = gather.gather %indices[%a]
      : (tensor<10x11xi32>, tensor<i32>) -> tensor<11xi32>
  %indices_ab = gather.gather %indices_a[%b]
      : (tensor<11xi32>, tensor<i32>) -> tensor<i32>
  %params_slice = gather.gather %params[%indices_ab] axis = 2
      : (tensor<5x6x7x8xi32>, tensor<i32>) -> tensor<5x6x8xi32>
  return %result_ab, %params_slice : tensor<5x6x8xi32>, tensor<5x6x8xi32>
}

// -----

// Seed 004, "Batching":
//   params = tf.constant([[0, 0, 1, 0, 2], [3, 0, 0, 0, 4], [0, 5, 0, 6, 0]])
//   indices = tf.constant([[2, 4], [0, 4], [1, 3]])
//   tf.gather(params, indices, axis=1, batch_dims=1) == [[1, 2], [3, 4], [5, 6]]
//   batched_result_shape(...) == [3, 2]; its .shape.as_list() == [3, 2]
// CHECK-LABEL: func @seed004_batch_dims
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
//  CHECK-NEXT:   return %[[R]] : tensor<3x2xi32>
func.func @seed004_batch_dims() -> tensor<3x2xi32> {
  %params = arith.constant dense<[[0, 0, 1, 0, 2], [3, 0, 0, 0, 4], [0, 5, 0, 6, 0]]> : tensor<3x5xi32>
  %indices = arith.constant dense<[[2, 4], [0, 4], [1, 3]]> : tensor<3x2xi32>
  %0 = gather.gather %params[%indices] axis = 1 batch_dims = 1
      : (tensor<3x5xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}

// -----

// Seed 004, "This is equivalent to":
//   def manually_batched_gather(params, indices, axis):
//     batch_dims=1
//     result = []
//     for p,i in zip(params, indices):
//       r = tf.gather(p, i, axis=axis-batch_dims)
//       result.append(r)
//     return tf.stack(result)
//   manually_batched_gather(params, indices, axis=1) == [[1, 2], [3, 4], [5, 6]]
//   Row n of the batched gather equals the gather of row n: both fold to one
//   constant.
// CHECK-LABEL: func @seed004_manually_batched_gather
//   CHECK-DAG:   %[[R0:.*]] = arith.constant dense<[1, 2]> : tensor<2xi32>
//   CHECK-DAG:   %[[R1:.*]] = arith.constant dense<[3, 4]> : tensor<2xi32>
//   CHECK-DAG:   %[[R2:.*]] = arith.constant dense<[5, 6]> : tensor<2xi32>
//       CHECK:   return %[[R0]], %[[R0]], %[[R1]], %[[R1]], %[[R2]], %[[R2]]
func.func @seed004_manually_batched_gather() -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) {
  %params = arith.constant dense<[[0, 0, 1, 0, 2], [3, 0, 0, 0, 4], [0, 5, 0, 6, 0]]> : tensor<3x5xi32>
  %indices = arith.constant dense<[[2, 4], [0, 4], [1, 3]]> : tensor<3x2xi32>
  %batched = gather.gather %params[%indices] axis = 1 batch_dims = 1
      : (tensor<3x5xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
  %n0 = arith.constant dense<0> : tensor<i32>
  %p0 = gather.gather %params[%n0] : (tensor<3x5xi32>, tensor<i32>) -> tensor<5xi32>
  %i0 = gather.gather %indices[%n0] : (tensor<3x2xi32>, tensor<i32>) -> tensor<2xi32>
  %r0 = gather.gather %p0[%i0] : (tensor<5xi32>, tensor<2xi32>) -> tensor<2xi32>
  %batched0 = gather.gather %batched[%n0] : (tensor<3x2xi32>, tensor<i32>) -> tensor<2xi32>
  %n1 = arith.constant dense<1> : tensor<i32>
  %p1 = gather.gather %params[%n1] : (tensor<3x5xi32>, tensor<i32>) -> tensor<5xi32>
  %i1 = gather.gather %indices[%n1] : (tensor<3x2xi32>, tensor<i32>) -> tensor<2xi32>
  %r1 = gather.gather %p1[%i1] : (tensor<5xi32>, tensor<2xi32>) -> tensor<2xi32>
  %batched1 = gather.gather %batched[%n1] : (tensor<3x2xi32>, tensor<i32>) -> tensor<2xi32>
  %n2 = arith.constant dense<2> : tensor<i32>
  %p2 = gather.gather %params[%n2] : (tensor<3x5xi32>, tensor<i32>) -> tensor<5xi32>
  %i2 = gather.gather %indices[%n2] : (tensor<3x2xi32>, tensor<i32>) -> tensor<2xi32>
  %r2 = gather.gather %p2[%i2] : (tensor<5xi32>, tensor<2xi32>) -> tensor<2xi32>
  %batched2 = gather.gather %batched[%n2] : (tensor<3x2xi32>, tensor<i32>) -> tensor<2xi32>
  return %r0, %batched0, %r1, %batched1, %r2, %batched2 : tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>
}

// -----

// Seed 004, "Batching":
//   if you need to use the indices of an operation like tf.argsort, or
//   tf.math.top_k where the last dimension of the indices indexes into the
//   last dimension of input ... you can use
//   tf.gather(values, indices, batch_dims=-1).
//   Values ours (top-2 positions of each row). The axis defaults to the
//   first non-batch dimension: batch_dims = -1 + rank(indices) = 1.
// CHECK-LABEL: func @seed004_negative_batch_dims
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}40, 30], [8, 7]]> : tensor<2x2xi32>
//  CHECK-NEXT:   return %[[R]] : tensor<2x2xi32>
func.func @seed004_negative_batch_dims() -> tensor<2x2xi32> {
  %params = arith.constant dense<[[10, 40, 20, 30], [5, 7, 6, 8]]> : tensor<2x4xi32>
  %indices = arith.constant dense<[[1, 3], [3, 1]]> : tensor<2x2xi32>
  %0 = gather.gather %params[%indices] batch_dims = -1
      : (tensor<2x4xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

//======================================================================//
// Out-of-bounds indices (seeds 001, 002, 004; values ours)
//======================================================================//

// Seed 001, "tf.gather_nd":
//   Caution: On CPU, if an out of bound index is found, an error is returned.
//   On GPU, if an out of bound index is found, a 0 is stored in the
//   corresponding output value.
//   mode<error> (the default) is the CPU behaviour: the out-of-bounds
//   constant index must not fold; the op stays to fail at run time.
//   Values ours: params = [[a, b], [c, d]], indices = [[0, 0], [1, 2], [-1, 1]].
// CHECK-LABEL: func @seed001_out_of_bounds_error
//   CHECK-DAG:   %[[P:.*]] = arith.constant dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi64>
//   CHECK-DAG:   %[[I:.*]] = arith.constant dense<{{\[\[}}0, 0], [1, 2], [-1, 1]]> : tensor<3x2xi64>
//       CHECK:   %[[R:.*]] = gather.gather_nd %[[P]][%[[I]]] : (tensor<2x2xi64>, tensor<3x2xi64>) -> tensor<3xi64>
//  CHECK-NEXT:   return %[[R]]
func.func @seed001_out_of_bounds_error() -> tensor<3xi64> {
  %params = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %indices = arith.constant dense<[[0, 0], [1, 2], [-1, 1]]> : tensor<3x2xi64>
  %0 = gather.gather_nd %params[%indices]
      : (tensor<2x2xi64>, tensor<3x2xi64>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

// Seed 001, "tf.gather_nd":
//   mode<zero> is the GPU behaviour: [1, 2] and [-1, 1] are out of
//   bounds and give 0.
// CHECK-LABEL: func @seed001_out_of_bounds_zero
//       CHECK:   %[[R:.*]] = arith.constant dense<[1, 0, 0]> : tensor<3xi64>
//  CHECK-NEXT:   return %[[R]] : tensor<3xi64>
func.func @seed001_out_of_bounds_zero() -> tensor<3xi64> {
  %params = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %indices = arith.constant dense<[[0, 0], [1, 2], [-1, 1]]> : tensor<3x2xi64>
  %0 = gather.gather_nd %params[%indices] mode<zero>
      : (tensor<2x2xi64>, tensor<3x2xi64>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

// Seed 001, "tf.gather_nd":
//   mode<clamp> (ours, not TF) clamps each component: [1, 2] reads
//   [1, 1] and [-1, 1] reads [0, 1].
// CHECK-LABEL: func @seed001_out_of_bounds_clamp
//       CHECK:   %[[R:.*]] = arith.constant dense<[1, 4, 2]> : tensor<3xi64>
//  CHECK-NEXT:   return %[[R]] : tensor<3xi64>
func.func @seed001_out_of_bounds_clamp() -> tensor<3xi64> {
  %params = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %indices = arith.constant dense<[[0, 0], [1, 2], [-1, 1]]> : tensor<3x2xi64>
  %0 = gather.gather_nd %params[%indices] mode<clamp>
      : (tensor<2x2xi64>, tensor<3x2xi64>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

// Seed 004, "validate_indices":
//   Deprecated, does nothing. Indices are always validated on CPU, never
//   validated on GPU.
//   Caution: On CPU, if an out of bound index is found, an error is returned.
//   On GPU, if an out of bound index is found, a 0 is stored in the
//   corresponding output value.
//   mode<error>: no folding. Values ours: the page's 4x3 params,
//   indices = [3, -1, 4].
// CHECK-LABEL: func @seed004_out_of_bounds_error
//   CHECK-DAG:   %[[P:.*]] = arith.constant dense<{{\[\[}}0.000000e+00, 1.000000e+00, 2.000000e+00], [1.000000e+01, 1.100000e+01, 1.200000e+01], [2.000000e+01, 2.100000e+01, 2.200000e+01], [3.000000e+01, 3.100000e+01, 3.200000e+01]]> : tensor<4x3xf32>
//   CHECK-DAG:   %[[I:.*]] = arith.constant dense<[3, -1, 4]> : tensor<3xi32>
//       CHECK:   %[[R:.*]] = gather.gather %[[P]][%[[I]]] : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<3x3xf32>
//  CHECK-NEXT:   return %[[R]]
func.func @seed004_out_of_bounds_error() -> tensor<3x3xf32> {
  %params = arith.constant dense<[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0], [20.0, 21.0, 22.0], [30.0, 31.0, 32.0]]> : tensor<4x3xf32>
  %indices = arith.constant dense<[3, -1, 4]> : tensor<3xi32>
  %0 = gather.gather %params[%indices]
      : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// Seed 004, "validate_indices":
//   mode<zero>: rows -1 and 4 do not exist and read as zeros.
// CHECK-LABEL: func @seed004_out_of_bounds_zero
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}3.000000e+01, 3.100000e+01, 3.200000e+01], [0.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 0.000000e+00]]> : tensor<3x3xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<3x3xf32>
func.func @seed004_out_of_bounds_zero() -> tensor<3x3xf32> {
  %params = arith.constant dense<[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0], [20.0, 21.0, 22.0], [30.0, 31.0, 32.0]]> : tensor<4x3xf32>
  %indices = arith.constant dense<[3, -1, 4]> : tensor<3xi32>
  %0 = gather.gather %params[%indices] mode<zero>
      : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// Seed 004, "validate_indices":
//   mode<clamp>: -1 reads row 0 and 4 reads row 3.
// CHECK-LABEL: func @seed004_out_of_bounds_clamp
//       CHECK:   %[[R:.*]] = arith.constant dense<{{\[\[}}3.000000e+01, 3.100000e+01, 3.200000e+01], [0.000000e+00, 1.000000e+00, 2.000000e+00], [3.000000e+01, 3.100000e+01, 3.200000e+01]]> : tensor<3x3xf32>
//  CHECK-NEXT:   return %[[R]] : tensor<3x3xf32>
func.func @seed004_out_of_bounds_clamp() -> tensor<3x3xf32> {
  %params = arith.constant dense<[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0], [20.0, 21.0, 22.0], [30.0, 31.0, 32.0]]> : tensor<4x3xf32>
  %indices = arith.constant dense<[3, -1, 4]> : tensor<3xi32>
  %0 = gather.gather %params[%indices] mode<clamp>
      : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

