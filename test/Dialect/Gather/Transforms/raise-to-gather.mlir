// RUN: gather-opt %s --raise-to-gather --split-input-file | FileCheck %s

// Generics in the forms torch-mlir's TorchToLinalg gives aten.embedding,
// aten.index_select and aten.gather (IndirectDataMovement.cpp), written out
// as it builds them, and generics that look like gathers but are not, which
// must stay.

// aten.embedding, static weight: torch-mlir casts the index twice, checks it
// with two cf.asserts (the dim folded to a constant leaves a dead constant)
// and reads weight[index, d2]. The asserts go: mode<error> checks the same.

// CHECK-LABEL: func.func @embedding(
// CHECK-SAME:    %[[W:.*]]: tensor<10x4xf32>, %[[I:.*]]: tensor<2x3xi64>)
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[W]][%[[I]]] axis = 0 : (tensor<10x4xf32>, tensor<2x3xi64>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.cast %[[R]] : tensor<2x3x4xf32> to tensor<2x3x4xf32>
// CHECK-NEXT:    return %[[C]]
func.func @embedding(%weight: tensor<10x4xf32>, %indices: tensor<2x3xi64>) -> tensor<2x3x4xf32> {
  %empty = tensor.empty() : tensor<2x3x4xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%indices : tensor<2x3xi64>) outs(%empty : tensor<2x3x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %0 = arith.index_cast %in : i64 to index
    %1 = linalg.index 2 : index
    %2 = arith.index_cast %in : i64 to index
    %c0 = arith.constant 0 : index
    %c10 = arith.constant 10 : index
    %3 = arith.cmpi slt, %2, %c10 : index
    cf.assert %3, "index must be smaller than dim size"
    %c0_i64 = arith.constant 0 : i64
    %4 = arith.cmpi sge, %in, %c0_i64 : i64
    cf.assert %4, "index must be larger or equal to 0"
    %extracted = tensor.extract %weight[%0, %1] : tensor<10x4xf32>
    linalg.yield %extracted : f32
  } -> tensor<2x3x4xf32>
  %cast = tensor.cast %r : tensor<2x3x4xf32> to tensor<2x3x4xf32>
  return %cast : tensor<2x3x4xf32>
}

// -----

// aten.embedding, dynamic: the assert compares with tensor.dim of weight
// dimension 0; the init's sizes (and what computes them) become dead.

// CHECK-LABEL: func.func @embedding_dynamic(
// CHECK-SAME:    %[[W:.*]]: tensor<?x?xf32>, %[[I:.*]]: tensor<?xi64>)
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[W]][%[[I]]] axis = 0 : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
// CHECK-NEXT:    return %[[R]]
func.func @embedding_dynamic(%weight: tensor<?x?xf32>, %indices: tensor<?xi64>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %indices, %c0 : tensor<?xi64>
  %c1 = arith.constant 1 : index
  %d1 = tensor.dim %weight, %c1 : tensor<?x?xf32>
  %empty = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%indices : tensor<?xi64>) outs(%empty : tensor<?x?xf32>) {
  ^bb0(%in: i64, %out: f32):
    %0 = arith.index_cast %in : i64 to index
    %1 = linalg.index 1 : index
    %2 = arith.index_cast %in : i64 to index
    %c0_0 = arith.constant 0 : index
    %dim = tensor.dim %weight, %c0_0 : tensor<?x?xf32>
    %3 = arith.cmpi slt, %2, %dim : index
    cf.assert %3, "index must be smaller than dim size"
    %c0_i64 = arith.constant 0 : i64
    %4 = arith.cmpi sge, %in, %c0_i64 : i64
    cf.assert %4, "index must be larger or equal to 0"
    %extracted = tensor.extract %weight[%0, %1] : tensor<?x?xf32>
    linalg.yield %extracted : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// aten.index_select on dimension 1: linalg.index for every dimension, the
// one at dim unused.

// CHECK-LABEL: func.func @index_select_dim1(
// CHECK-SAME:    %[[X:.*]]: tensor<3x5x2xf32>, %[[I:.*]]: tensor<4xi64>)
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[X]][%[[I]]] axis = 1 : (tensor<3x5x2xf32>, tensor<4xi64>) -> tensor<3x4x2xf32>
// CHECK-NEXT:    return %[[R]]
func.func @index_select_dim1(%input: tensor<3x5x2xf32>, %index: tensor<4xi64>) -> tensor<3x4x2xf32> {
  %empty = tensor.empty() : tensor<3x4x2xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%index : tensor<4xi64>) outs(%empty : tensor<3x4x2xf32>) {
  ^bb0(%in: i64, %out: f32):
    %0 = arith.index_cast %in : i64 to index
    %1 = linalg.index 0 : index
    %2 = linalg.index 1 : index
    %3 = linalg.index 2 : index
    %extracted = tensor.extract %input[%1, %0, %3] : tensor<3x5x2xf32>
    linalg.yield %extracted : f32
  } -> tensor<3x4x2xf32>
  return %r : tensor<3x4x2xf32>
}

// -----

// aten.index_select on the last dimension of a dynamic input, i32 indices.

// CHECK-LABEL: func.func @index_select_last_dynamic(
// CHECK-SAME:    %[[X:.*]]: tensor<?x?xf32>, %[[I:.*]]: tensor<?xi32>)
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[X]][%[[I]]] axis = 1 : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
// CHECK-NEXT:    return %[[R]]
func.func @index_select_last_dynamic(%input: tensor<?x?xf32>, %index: tensor<?xi32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %input, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %index, %c0 : tensor<?xi32>
  %empty = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%index : tensor<?xi32>) outs(%empty : tensor<?x?xf32>) {
  ^bb0(%in: i32, %out: f32):
    %0 = arith.index_cast %in : i32 to index
    %1 = linalg.index 0 : index
    %2 = linalg.index 1 : index
    %extracted = tensor.extract %input[%1, %0] : tensor<?x?xf32>
    linalg.yield %extracted : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// aten.gather along the last dimension (torch.take_along_dim): every other
// dimension is a batch dimension. The index may be smaller than the input
// there: the gather reads a slice of the input of the index's size. The
// zero-filled init is erased with its constant.

// CHECK-LABEL: func.func @take_along_last(
// CHECK-SAME:    %[[X:.*]]: tensor<3x5xf32>, %[[I:.*]]: tensor<2x4xi64>)
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[X]][0, 0] [2, 5] [1, 1] : tensor<3x5xf32> to tensor<2x5xf32>
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[S]][%[[I]]] axis = 1 batch_dims = 1 : (tensor<2x5xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
// CHECK-NEXT:    return %[[R]]
func.func @take_along_last(%input: tensor<3x5xf32>, %index: tensor<2x4xi64>) -> tensor<2x4xf32> {
  %empty = tensor.empty() : tensor<2x4xf32>
  %cst = arith.constant 0.0 : f32
  %zero = linalg.fill ins(%cst : f32) outs(%empty : tensor<2x4xf32>) -> tensor<2x4xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%index : tensor<2x4xi64>) outs(%zero : tensor<2x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %0 = linalg.index 0 : index
    %1 = arith.index_cast %in : i64 to index
    %extracted = tensor.extract %input[%0, %1] : tensor<3x5xf32>
    linalg.yield %extracted : f32
  } -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// The same with dynamic sizes and torch-mlir's bounds checks (against
// dimension 1 of the input): the slice takes the loop sizes from the init's
// tensor.empty.

// CHECK-LABEL: func.func @take_along_last_dynamic(
// CHECK-SAME:    %[[X:.*]]: tensor<?x?xf32>, %[[I:.*]]: tensor<?x?xi64>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[D0:.*]] = tensor.dim %[[I]], %[[C0]] : tensor<?x?xi64>
// CHECK-DAG:     %[[DX:.*]] = tensor.dim %[[X]], %[[C1]] : tensor<?x?xf32>
// CHECK:         %[[S:.*]] = tensor.extract_slice %[[X]][0, 0] {{\[}}%[[D0]], %[[DX]]] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[S]][%[[I]]] axis = 1 batch_dims = 1 : (tensor<?x?xf32>, tensor<?x?xi64>) -> tensor<?x?xf32>
// CHECK-NEXT:    return %[[R]]
func.func @take_along_last_dynamic(%input: tensor<?x?xf32>, %index: tensor<?x?xi64>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %index, %c0 : tensor<?x?xi64>
  %d1 = tensor.dim %index, %c1 : tensor<?x?xi64>
  %empty = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%index : tensor<?x?xi64>) outs(%empty : tensor<?x?xf32>) {
  ^bb0(%in: i64, %out: f32):
    %0 = linalg.index 0 : index
    %1 = arith.index_cast %in : i64 to index
    %2 = arith.index_cast %in : i64 to index
    %c1_0 = arith.constant 1 : index
    %dim = tensor.dim %input, %c1_0 : tensor<?x?xf32>
    %3 = arith.cmpi slt, %2, %dim : index
    cf.assert %3, "index must be smaller than dim size"
    %c0_i64 = arith.constant 0 : i64
    %4 = arith.cmpi sge, %in, %c0_i64 : i64
    cf.assert %4, "index must be larger or equal to 0"
    %extracted = tensor.extract %input[%0, %1] : tensor<?x?xf32>
    linalg.yield %extracted : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// index-typed indices need no cast; rank-0 indices select one row.

// CHECK-LABEL: func.func @scalar_index(
// CHECK-SAME:    %[[P:.*]]: tensor<5x3xf32>, %[[I:.*]]: tensor<index>)
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[P]][%[[I]]] axis = 0 : (tensor<5x3xf32>, tensor<index>) -> tensor<3xf32>
// CHECK-NEXT:    return %[[R]]
func.func @scalar_index(%p: tensor<5x3xf32>, %i: tensor<index>) -> tensor<3xf32> {
  %empty = tensor.empty() : tensor<3xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>],
      iterator_types = ["parallel"]}
      ins(%i : tensor<index>) outs(%empty : tensor<3xf32>) {
  ^bb0(%in: index, %out: f32):
    %0 = linalg.index 0 : index
    %extracted = tensor.extract %p[%in, %0] : tensor<5x3xf32>
    linalg.yield %extracted : f32
  } -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// A loop shorter than the params dimension it reads (not the axis): the
// gather reads the slice the generic reads.

// CHECK-LABEL: func.func @prefix_columns(
// CHECK-SAME:    %[[P:.*]]: tensor<5x8xf32>, %[[I:.*]]: tensor<3xi32>)
// CHECK-NEXT:    %[[S:.*]] = tensor.extract_slice %[[P]][0, 0] [5, 2] [1, 1] : tensor<5x8xf32> to tensor<5x2xf32>
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[S]][%[[I]]] axis = 0 : (tensor<5x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
// CHECK-NEXT:    return %[[R]]
func.func @prefix_columns(%p: tensor<5x8xf32>, %i: tensor<3xi32>) -> tensor<3x2xf32> {
  %empty = tensor.empty() : tensor<3x2xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%i : tensor<3xi32>) outs(%empty : tensor<3x2xf32>) {
  ^bb0(%in: i32, %out: f32):
    %0 = arith.index_cast %in : i32 to index
    %1 = linalg.index 1 : index
    %extracted = tensor.extract %p[%0, %1] : tensor<5x8xf32>
    linalg.yield %extracted : f32
  } -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

// Not gathers: each generic below stays as it is.

#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>

// The body reads the init.
// CHECK-LABEL: func.func @reads_init(
// CHECK:         linalg.generic
// CHECK-NOT:     gather.gather
func.func @reads_init(%p: tensor<5x4xf32>, %i: tensor<3xi64>, %init: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %r = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel"]}
      ins(%i : tensor<3xi64>) outs(%init : tensor<3x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %0 = arith.index_cast %in : i64 to index
    %1 = linalg.index 1 : index
    %e = tensor.extract %p[%0, %1] : tensor<5x4xf32>
    %s = arith.addf %e, %out : f32
    linalg.yield %s : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// The coordinate is the index plus one.
// CHECK-LABEL: func.func @shifted_index(
// CHECK:         linalg.generic
// CHECK-NOT:     gather.gather
func.func @shifted_index(%p: tensor<5x4xf32>, %i: tensor<3xi64>) -> tensor<3x4xf32> {
  %init = tensor.empty() : tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel"]}
      ins(%i : tensor<3xi64>) outs(%init : tensor<3x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %c1 = arith.constant 1 : index
    %0 = arith.index_cast %in : i64 to index
    %k = arith.addi %0, %c1 : index
    %1 = linalg.index 1 : index
    %e = tensor.extract %p[%k, %1] : tensor<5x4xf32>
    linalg.yield %e : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// The index read twice: a diagonal, not a gather of slices.
// CHECK-LABEL: func.func @index_twice(
// CHECK:         linalg.generic
// CHECK-NOT:     gather.gather
func.func @index_twice(%p: tensor<5x5xf32>, %i: tensor<3xi64>) -> tensor<3xf32> {
  %init = tensor.empty() : tensor<3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%i : tensor<3xi64>) outs(%init : tensor<3xf32>) {
  ^bb0(%in: i64, %out: f32):
    %0 = arith.index_cast %in : i64 to index
    %e = tensor.extract %p[%0, %0] : tensor<5x5xf32>
    linalg.yield %e : f32
  } -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// Unsigned cast: an index the gather would read as signed.
// CHECK-LABEL: func.func @unsigned_cast(
// CHECK:         linalg.generic
// CHECK-NOT:     gather.gather
func.func @unsigned_cast(%p: tensor<5x4xf32>, %i: tensor<3xi64>) -> tensor<3x4xf32> {
  %init = tensor.empty() : tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel"]}
      ins(%i : tensor<3xi64>) outs(%init : tensor<3x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %0 = arith.index_castui %in : i64 to index
    %1 = linalg.index 1 : index
    %e = tensor.extract %p[%0, %1] : tensor<5x4xf32>
    linalg.yield %e : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// The indices map is transposed with respect to the result.
// CHECK-LABEL: func.func @transposed_indices(
// CHECK:         linalg.generic
// CHECK-NOT:     gather.gather
func.func @transposed_indices(%p: tensor<5x4xf32>, %i: tensor<2x3xi64>) -> tensor<3x2x4xf32> {
  %init = tensor.empty() : tensor<3x2x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%i : tensor<2x3xi64>) outs(%init : tensor<3x2x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %0 = arith.index_cast %in : i64 to index
    %1 = linalg.index 2 : index
    %e = tensor.extract %p[%0, %1] : tensor<5x4xf32>
    linalg.yield %e : f32
  } -> tensor<3x2x4xf32>
  return %r : tensor<3x2x4xf32>
}

// The other coordinate reads the wrong loop: out[i, j] = p[idx[i], i].
// CHECK-LABEL: func.func @wrong_loop(
// CHECK:         linalg.generic
// CHECK-NOT:     gather.gather
func.func @wrong_loop(%p: tensor<5x3xf32>, %i: tensor<3xi64>) -> tensor<3x3xf32> {
  %init = tensor.empty() : tensor<3x3xf32>
  %r = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel"]}
      ins(%i : tensor<3xi64>) outs(%init : tensor<3x3xf32>) {
  ^bb0(%in: i64, %out: f32):
    %0 = arith.index_cast %in : i64 to index
    %1 = linalg.index 0 : index
    %e = tensor.extract %p[%0, %1] : tensor<5x3xf32>
    linalg.yield %e : f32
  } -> tensor<3x3xf32>
  return %r : tensor<3x3xf32>
}

// The yielded value is computed from the element read.
// CHECK-LABEL: func.func @computed_value(
// CHECK:         linalg.generic
// CHECK:           arith.mulf
// CHECK-NOT:     gather.gather
func.func @computed_value(%p: tensor<5x4xf32>, %i: tensor<3xi64>) -> tensor<3x4xf32> {
  %init = tensor.empty() : tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel"]}
      ins(%i : tensor<3xi64>) outs(%init : tensor<3x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %0 = arith.index_cast %in : i64 to index
    %1 = linalg.index 1 : index
    %e = tensor.extract %p[%0, %1] : tensor<5x4xf32>
    %m = arith.mulf %e, %e : f32
    linalg.yield %m : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// The tensor read is made in the body.
// CHECK-LABEL: func.func @params_in_body(
// CHECK:         linalg.generic
// CHECK-NOT:     gather.gather
func.func @params_in_body(%i: tensor<3xi64>) -> tensor<3x4xf32> {
  %init = tensor.empty() : tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel"]}
      ins(%i : tensor<3xi64>) outs(%init : tensor<3x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %p = arith.constant dense<1.0> : tensor<5x4xf32>
    %0 = arith.index_cast %in : i64 to index
    %1 = linalg.index 1 : index
    %e = tensor.extract %p[%0, %1] : tensor<5x4xf32>
    linalg.yield %e : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// aten.gather along a dimension that is not the last: out[i, j] =
// input[index[i, j], j] is no tf.gather.
// CHECK-LABEL: func.func @torch_gather_dim0(
// CHECK:         linalg.generic
// CHECK-NOT:     gather.gather
func.func @torch_gather_dim0(%p: tensor<5x4xf32>, %i: tensor<3x4xi64>) -> tensor<3x4xf32> {
  %init = tensor.empty() : tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]}
      ins(%i : tensor<3x4xi64>) outs(%init : tensor<3x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %0 = arith.index_cast %in : i64 to index
    %1 = linalg.index 1 : index
    %e = tensor.extract %p[%0, %1] : tensor<5x4xf32>
    linalg.yield %e : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// A loop that no coordinate reads (a broadcast).
// CHECK-LABEL: func.func @broadcast_loop(
// CHECK:         linalg.generic
// CHECK-NOT:     gather.gather
func.func @broadcast_loop(%p: tensor<5x4xf32>, %i: tensor<3xi64>) -> tensor<3x2x4xf32> {
  %init = tensor.empty() : tensor<3x2x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%i : tensor<3xi64>) outs(%init : tensor<3x2x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %0 = arith.index_cast %in : i64 to index
    %1 = linalg.index 2 : index
    %e = tensor.extract %p[%0, %1] : tensor<5x4xf32>
    linalg.yield %e : f32
  } -> tensor<3x2x4xf32>
  return %r : tensor<3x2x4xf32>
}

// A reduction loop.
// CHECK-LABEL: func.func @reduction(
// CHECK:         linalg.generic
// CHECK-NOT:     gather.gather
func.func @reduction(%p: tensor<5x4xf32>, %i: tensor<3xi64>) -> tensor<3x4xf32> {
  %init = tensor.empty() : tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "reduction"]}
      ins(%i : tensor<3xi64>) outs(%init : tensor<3x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %0 = arith.index_cast %in : i64 to index
    %1 = linalg.index 1 : index
    %e = tensor.extract %p[%0, %1] : tensor<5x4xf32>
    linalg.yield %e : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// An assert that checks something else than the index's bounds.
// CHECK-LABEL: func.func @other_assert(
// CHECK:         linalg.generic
// CHECK:           cf.assert
// CHECK-NOT:     gather.gather
func.func @other_assert(%p: tensor<5x4xf32>, %i: tensor<3xi64>) -> tensor<3x4xf32> {
  %init = tensor.empty() : tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel"]}
      ins(%i : tensor<3xi64>) outs(%init : tensor<3x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %0 = arith.index_cast %in : i64 to index
    %1 = linalg.index 1 : index
    %c3 = arith.constant 3 : index
    %lt = arith.cmpi slt, %0, %c3 : index
    cf.assert %lt, "index must be smaller than 3"
    %e = tensor.extract %p[%0, %1] : tensor<5x4xf32>
    linalg.yield %e : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// An op with a memory effect in the body.
// CHECK-LABEL: func.func @side_effect(
// CHECK:         linalg.generic
// CHECK:           memref.store
// CHECK-NOT:     gather.gather
func.func @side_effect(%p: tensor<5x4xf32>, %i: tensor<3xi64>, %log: memref<1xi64>) -> tensor<3x4xf32> {
  %init = tensor.empty() : tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel"]}
      ins(%i : tensor<3xi64>) outs(%init : tensor<3x4xf32>) {
  ^bb0(%in: i64, %out: f32):
    %c0 = arith.constant 0 : index
    memref.store %in, %log[%c0] : memref<1xi64>
    %0 = arith.index_cast %in : i64 to index
    %1 = linalg.index 1 : index
    %e = tensor.extract %p[%0, %1] : tensor<5x4xf32>
    linalg.yield %e : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// i16 indices (the gather takes i32, i64 or index).
// CHECK-LABEL: func.func @i16_indices(
// CHECK:         linalg.generic
// CHECK-NOT:     gather.gather
func.func @i16_indices(%p: tensor<5x4xf32>, %i: tensor<3xi16>) -> tensor<3x4xf32> {
  %init = tensor.empty() : tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel"]}
      ins(%i : tensor<3xi16>) outs(%init : tensor<3x4xf32>) {
  ^bb0(%in: i16, %out: f32):
    %0 = arith.index_cast %in : i16 to index
    %1 = linalg.index 1 : index
    %e = tensor.extract %p[%0, %1] : tensor<5x4xf32>
    linalg.yield %e : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// A loop statically longer than the params dimension it reads: the generic
// reads out of bounds, and no slice of params has its size.
// CHECK-LABEL: func.func @loop_too_long(
// CHECK:         linalg.generic
// CHECK-NOT:     gather.gather
func.func @loop_too_long(%p: tensor<5x4xf32>, %i: tensor<3xi64>) -> tensor<3x6xf32> {
  %init = tensor.empty() : tensor<3x6xf32>
  %r = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel"]}
      ins(%i : tensor<3xi64>) outs(%init : tensor<3x6xf32>) {
  ^bb0(%in: i64, %out: f32):
    %0 = arith.index_cast %in : i64 to index
    %1 = linalg.index 1 : index
    %e = tensor.extract %p[%0, %1] : tensor<5x4xf32>
    linalg.yield %e : f32
  } -> tensor<3x6xf32>
  return %r : tensor<3x6xf32>
}

// A generic on buffers.
// CHECK-LABEL: func.func @buffers(
// CHECK:         linalg.generic
// CHECK-NOT:     gather.gather
func.func @buffers(%p: tensor<5x4xf32>, %i: memref<3xi64>, %out: memref<3x4xf32>) {
  linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel"]}
      ins(%i : memref<3xi64>) outs(%out : memref<3x4xf32>) {
  ^bb0(%in: i64, %o: f32):
    %0 = arith.index_cast %in : i64 to index
    %1 = linalg.index 1 : index
    %e = tensor.extract %p[%0, %1] : tensor<5x4xf32>
    linalg.yield %e : f32
  }
  return
}
