// RUN: gather-opt %s --convert-gather-to-linalg --split-input-file | FileCheck %s

// The indices are `ins` operands of the generic, with a map that projects
// the result's batch and position dimensions onto them (as for tosa.gather);
// the body reads no index with tensor.extract.
//
// Error mode: a loop nest over the indices checks each index once and
// reports a bad one to the out-of-bounds handler, whose default definition is
// added once per module, with the op's name and location from one table of
// the module's descriptions (the first op's at offset 0); the generic then reads as in zero mode (the slice of a bad
// index is zero when a handler returns).

// CHECK-DAG:   #[[$IDX1:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG:   #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   llvm.mlir.global private constant @[[$MSG:__gather_oob_[0-9a-f]+]]("gather.gather\00loc(\22{{.*}}gather-to-linalg.mlir\22:[[@LINE+38]]:8)\00gather.gather\00loc(\22{{.*}}gather-to-linalg.mlir\22:[[@LINE+44]]:8)\00")
// CHECK-LABEL: func.func @gather_out_of_bounds(
// CHECK-SAME:    attributes {llvm.linkage = #llvm.linkage<weak>, no_inline, passthrough = ["noinline", "cold"]}
// CHECK-NOT:   func.func @gather_out_of_bounds
// CHECK-LABEL: func.func @gather_error(
// CHECK-SAME:    %[[PARAMS:.*]]: tensor<4x3xf32>, %[[INDICES:.*]]: tensor<2xi32>)
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[INIT:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %[[C2]]
// CHECK:           %[[RAW:.*]] = tensor.extract %[[INDICES]][%[[I]]] : tensor<2xi32>
// CHECK:           %[[IDX:.*]] = arith.index_cast %[[RAW]] : i32 to index
// CHECK:           %[[OOB:.*]] = arith.cmpi uge, %[[IDX]], %[[C4]] : index
// CHECK:           scf.if %[[OOB]] {
// CHECK:             %[[OP:.*]] = llvm.mlir.addressof @[[$MSG]] : !llvm.ptr
// CHECK:             %[[LOC:.*]] = llvm.getelementptr inbounds %[[OP]][14] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK:             %[[V:.*]] = arith.index_cast %[[IDX]] : index to i64
// CHECK:             %[[DIM:.*]] = arith.constant 0 : i64
// CHECK:             %[[B:.*]] = arith.index_cast %[[C4]] : index to i64
// CHECK:             func.call @gather_out_of_bounds(%[[OP]], %[[LOC]], %[[V]], %[[DIM]], %[[B]]) : (!llvm.ptr, !llvm.ptr, i64, i64, i64) -> ()
// CHECK:           }
// CHECK:         }
// CHECK:         %[[R:.*]] = linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$IDX1]], #[[$ID2]]]
// CHECK-SAME:        iterator_types = ["parallel", "parallel"]
// CHECK-SAME:        ins(%[[INDICES]] : tensor<2xi32>) outs(%[[INIT]] : tensor<2x3xf32>)
// CHECK:           ^bb0(%[[RAW2:.*]]: i32, %{{.*}}: f32):
// CHECK-NOT:         linalg.index 0
// CHECK:           %[[D1:.*]] = linalg.index 1 : index
// CHECK-NOT:         tensor.extract %[[INDICES]]
// CHECK:           %[[IDX2:.*]] = arith.index_cast %[[RAW2]] : i32 to index
// CHECK:           %[[IN:.*]] = arith.cmpi ult, %[[IDX2]], %[[C4]] : index
// CHECK:           %[[A:.*]] = arith.select %[[IN]], %[[IDX2]], %{{.*}} : index
// CHECK:           %[[E:.*]] = tensor.extract %[[PARAMS]][%[[A]], %[[D1]]] : tensor<4x3xf32>
// CHECK:           %[[S:.*]] = arith.select %[[IN]], %[[E]], %{{.*}} : f32
// CHECK:           linalg.yield %[[S]] : f32
// CHECK:         return %[[R]]
func.func @gather_error(%params: tensor<4x3xf32>, %indices: tensor<2xi32>) -> tensor<2x3xf32> {
  %r = gather.gather %params[%indices] : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @gather_error_2(
func.func @gather_error_2(%params: tensor<4x3xf32>, %indices: tensor<2xi32>) -> tensor<2x3xf32> {
  %r = gather.gather %params[%indices] : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// Zero mode with axis 1: read at a clamped-to-0 address, then select zero.

// CHECK-DAG:   #[[$IDX:.*]] = affine_map<(d0, d1, d2) -> (d1)>
// CHECK-DAG:   #[[$ID3:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-NOT:   func.func @gather_out_of_bounds
// CHECK-LABEL: func.func @gather_zero_axis(
// CHECK-SAME:    %[[PARAMS:.*]]: tensor<2x5x3xf16>, %[[INDICES:.*]]: tensor<4xi64>)
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : index
// CHECK-NOT:     scf.for
// CHECK:         %[[INIT:.*]] = tensor.empty() : tensor<2x4x3xf16>
// CHECK:         linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$IDX]], #[[$ID3]]]
// CHECK-SAME:        ins(%[[INDICES]] : tensor<4xi64>) outs(%[[INIT]] : tensor<2x4x3xf16>)
// CHECK:           ^bb0(%[[RAW:.*]]: i64, %{{.*}}: f16):
// CHECK:           %[[D0:.*]] = linalg.index 0 : index
// CHECK:           %[[D2:.*]] = linalg.index 2 : index
// CHECK:           %[[IDX:.*]] = arith.index_cast %[[RAW]] : i64 to index
// CHECK:           %[[ZERO:.*]] = arith.constant 0 : index
// CHECK:           %[[IN:.*]] = arith.cmpi ult, %[[IDX]], %[[C5]] : index
// CHECK:           %[[ADDR:.*]] = arith.select %[[IN]], %[[IDX]], %[[ZERO]] : index
// CHECK:           %[[E:.*]] = tensor.extract %[[PARAMS]][%[[D0]], %[[ADDR]], %[[D2]]] : tensor<2x5x3xf16>
// CHECK:           %[[CST:.*]] = arith.constant 0.000000e+00 : f16
// CHECK:           %[[SEL:.*]] = arith.select %[[IN]], %[[E]], %[[CST]] : f16
// CHECK:           linalg.yield %[[SEL]] : f16
func.func @gather_zero_axis(%params: tensor<2x5x3xf16>, %indices: tensor<4xi64>) -> tensor<2x4x3xf16> {
  %r = gather.gather %params[%indices] axis = 1 mode<zero> : (tensor<2x5x3xf16>, tensor<4xi64>) -> tensor<2x4x3xf16>
  return %r : tensor<2x4x3xf16>
}

// -----

// Clamp mode on a dynamic axis: an empty axis gives zeros (scf.if), else the
// generic reads at the clamped index. Batch dimensions come from params.

// CHECK-DAG:   #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @gather_clamp_batched(
// CHECK-SAME:    %[[PARAMS:.*]]: tensor<?x?xi8>, %[[INDICES:.*]]: tensor<?x2xindex>)
// CHECK:         %[[AXIS:.*]] = tensor.dim %[[PARAMS]], %{{.*}} : tensor<?x?xi8>
// CHECK:         %[[BATCH:.*]] = tensor.dim %[[PARAMS]], %{{.*}} : tensor<?x?xi8>
// CHECK:         %[[INIT:.*]] = tensor.empty(%[[BATCH]]) : tensor<?x2xi8>
// CHECK:         %[[EMPTY:.*]] = arith.cmpi eq, %[[AXIS]], %{{.*}} : index
// CHECK:         %[[R:.*]] = scf.if %[[EMPTY]] -> (tensor<?x2xi8>) {
// CHECK:           %[[Z:.*]] = arith.constant 0 : i8
// CHECK:           %[[FILL:.*]] = linalg.fill ins(%[[Z]] : i8) outs(%[[INIT]] : tensor<?x2xi8>)
// CHECK:           scf.yield %[[FILL]]
// CHECK:         } else {
// CHECK:           %[[G:.*]] = linalg.generic
// CHECK-SAME:          indexing_maps = [#[[$ID]], #[[$ID]]]
// CHECK-SAME:          ins(%[[INDICES]] : tensor<?x2xindex>) outs(%[[INIT]] : tensor<?x2xi8>)
// CHECK:             ^bb0(%[[IDX:.*]]: index, %{{.*}}: i8):
// CHECK:             %[[D0:.*]] = linalg.index 0 : index
// CHECK:             %[[LAST:.*]] = arith.subi %[[AXIS]], %{{.*}} : index
// CHECK:             %[[MIN:.*]] = arith.minsi %[[IDX]], %[[LAST]] : index
// CHECK:             %[[MAX:.*]] = arith.maxsi %[[MIN]], %{{.*}} : index
// CHECK:             %[[E:.*]] = tensor.extract %[[PARAMS]][%[[D0]], %[[MAX]]] : tensor<?x?xi8>
// CHECK:             linalg.yield %[[E]] : i8
// CHECK:           scf.yield %[[G]]
// The batch sizes of params and indices are checked to agree around it.
// CHECK:         scf.yield %[[R]]
// CHECK:         return
func.func @gather_clamp_batched(%params: tensor<?x?xi8>, %indices: tensor<?x2xindex>) -> tensor<?x2xi8> {
  %r = gather.gather %params[%indices] batch_dims = 1 mode<clamp> : (tensor<?x?xi8>, tensor<?x2xindex>) -> tensor<?x2xi8>
  return %r : tensor<?x2xi8>
}

// -----

// Clamp mode on a static non-empty axis needs no guard; 0-d indices give a
// 0-d generic.

// CHECK-LABEL: func.func @gather_clamp_static(
// CHECK-SAME:    %[[PARAMS:.*]]: tensor<4xf32>, %[[INDICES:.*]]: tensor<i32>)
// CHECK-NOT:     scf.if
// CHECK:         linalg.generic
// CHECK-SAME:        iterator_types = []
// CHECK-SAME:        ins(%[[INDICES]] : tensor<i32>)
// CHECK:           ^bb0(%[[RAW:.*]]: i32, %{{.*}}: f32):
// CHECK:           %[[IDX:.*]] = arith.index_cast %[[RAW]] : i32 to index
// CHECK:           %[[MIN:.*]] = arith.minsi %[[IDX]], %{{.*}} : index
// CHECK:           %[[MAX:.*]] = arith.maxsi %[[MIN]], %{{.*}} : index
// CHECK:           tensor.extract %[[PARAMS]][%[[MAX]]] : tensor<4xf32>
func.func @gather_clamp_static(%params: tensor<4xf32>, %indices: tensor<i32>) -> tensor<f32> {
  %r = gather.gather %params[%indices] mode<clamp> : (tensor<4xf32>, tensor<i32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// A static empty axis in zero mode: nothing to read, the result is zeros.

// CHECK-LABEL: func.func @gather_zero_empty_axis(
// CHECK:         %[[INIT:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK:         %[[CST:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%[[CST]] : f32) outs(%[[INIT]] : tensor<2x3xf32>)
// CHECK-NOT:     linalg.generic
// CHECK:         return %[[FILL]]
func.func @gather_zero_empty_axis(%params: tensor<0x3xf32>, %indices: tensor<2xi32>) -> tensor<2x3xf32> {
  %r = gather.gather %params[%indices] mode<zero> : (tensor<0x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// gather_nd in error mode checks each component against its dimension.
// Each component is an `ins` operand of its own: the indices with the
// component's constant in the index-vector dimension.

// CHECK-DAG:   #[[$K0:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-DAG:   #[[$K1:.*]] = affine_map<(d0, d1) -> (d0, 1)>
// CHECK-DAG:   #[[$OUT:.*]] = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @gather_nd_error(
// CHECK-SAME:    %[[PARAMS:.*]]: tensor<2x3x4xf32>, %[[INDICES:.*]]: tensor<5x2xi64>)
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK:         scf.for %[[I:.*]] =
// CHECK:           %[[K0:.*]] = arith.constant 0 : index
// CHECK:           %[[RAW0:.*]] = tensor.extract %[[INDICES]][%[[I]], %[[K0]]]
// CHECK:           %[[IDX0:.*]] = arith.index_cast %[[RAW0]] : i64 to index
// CHECK:           arith.cmpi uge, %[[IDX0]], %[[C2]] : index
// CHECK:           %[[DIM0:.*]] = arith.constant 0 : i64
// CHECK:           func.call @gather_out_of_bounds(%{{.*}}, %{{.*}}, %{{.*}}, %[[DIM0]], %{{.*}})
// CHECK:           %[[K1:.*]] = arith.constant 1 : index
// CHECK:           %[[RAW1:.*]] = tensor.extract %[[INDICES]][%[[I]], %[[K1]]]
// CHECK:           %[[IDX1:.*]] = arith.index_cast %[[RAW1]] : i64 to index
// CHECK:           arith.cmpi uge, %[[IDX1]], %[[C3]] : index
// CHECK:           %[[DIM1:.*]] = arith.constant 1 : i64
// CHECK:           func.call @gather_out_of_bounds(%{{.*}}, %{{.*}}, %{{.*}}, %[[DIM1]], %{{.*}})
// CHECK:         linalg.generic
// CHECK-SAME:        indexing_maps = [#[[$K0]], #[[$K1]], #[[$OUT]]]
// CHECK-SAME:        ins(%[[INDICES]], %[[INDICES]] : tensor<5x2xi64>, tensor<5x2xi64>)
// CHECK:           ^bb0(%[[R0:.*]]: i64, %[[R1:.*]]: i64, %{{.*}}: f32):
// CHECK:           %[[D1:.*]] = linalg.index 1 : index
// CHECK:           %[[I0:.*]] = arith.index_cast %[[R0]] : i64 to index
// CHECK:           %[[IN0:.*]] = arith.cmpi ult, %[[I0]], %[[C2]] : index
// CHECK:           %[[A0:.*]] = arith.select %[[IN0]], %[[I0]]
// CHECK-NOT:       tensor.extract %[[INDICES]]
// CHECK:           %[[I1:.*]] = arith.index_cast %[[R1]] : i64 to index
// CHECK:           %[[IN1:.*]] = arith.cmpi ult, %[[I1]], %[[C3]] : index
// CHECK:           %[[A1:.*]] = arith.select %[[IN1]], %[[I1]]
// CHECK:           %[[VALID:.*]] = arith.andi %[[IN0]], %[[IN1]] : i1
// CHECK:           %[[E:.*]] = tensor.extract %[[PARAMS]][%[[A0]], %[[A1]], %[[D1]]] : tensor<2x3x4xf32>
// CHECK:           arith.select %[[VALID]], %[[E]], %{{.*}} : f32
func.func @gather_nd_error(%params: tensor<2x3x4xf32>, %indices: tensor<5x2xi64>) -> tensor<5x4xf32> {
  %r = gather.gather_nd %params[%indices] : (tensor<2x3x4xf32>, tensor<5x2xi64>) -> tensor<5x4xf32>
  return %r : tensor<5x4xf32>
}

// -----

// gather_nd in zero mode on dynamic dimensions: one slice is valid when all
// components are in bounds; either dimension empty gives zeros.

// CHECK-LABEL: func.func @gather_nd_zero_scalar(
// CHECK-SAME:    %[[PARAMS:.*]]: tensor<?x?xf32>, %[[INDICES:.*]]: tensor<?x2xi32>)
// CHECK:         %[[DIM0:.*]] = tensor.dim %[[PARAMS]], %{{.*}}
// CHECK:         %[[DIM1:.*]] = tensor.dim %[[PARAMS]], %{{.*}}
// CHECK:         %[[N:.*]] = tensor.dim %[[INDICES]], %{{.*}}
// CHECK:         %[[INIT:.*]] = tensor.empty(%[[N]]) : tensor<?xf32>
// CHECK:         %[[E0:.*]] = arith.cmpi eq, %[[DIM0]], %{{.*}}
// CHECK:         %[[E1:.*]] = arith.cmpi eq, %[[DIM1]], %{{.*}}
// CHECK:         %[[EMPTY:.*]] = arith.ori %[[E0]], %[[E1]] : i1
// CHECK:         scf.if %[[EMPTY]] -> (tensor<?xf32>) {
// CHECK:           linalg.fill
// CHECK:         } else {
// CHECK:           linalg.generic
// CHECK-SAME:          ins(%[[INDICES]], %[[INDICES]] : tensor<?x2xi32>, tensor<?x2xi32>)
// CHECK:             %[[IN0:.*]] = arith.cmpi ult, %{{.*}}, %[[DIM0]] : index
// CHECK:             %[[A0:.*]] = arith.select %[[IN0]]
// CHECK:             %[[IN1:.*]] = arith.cmpi ult, %{{.*}}, %[[DIM1]] : index
// CHECK:             %[[A1:.*]] = arith.select %[[IN1]]
// CHECK:             %[[VALID:.*]] = arith.andi %[[IN0]], %[[IN1]] : i1
// CHECK:             %[[E:.*]] = tensor.extract %[[PARAMS]][%[[A0]], %[[A1]]] : tensor<?x?xf32>
// CHECK:             %[[SEL:.*]] = arith.select %[[VALID]], %[[E]], %{{.*}} : f32
// CHECK:             linalg.yield %[[SEL]] : f32
func.func @gather_nd_zero_scalar(%params: tensor<?x?xf32>, %indices: tensor<?x2xi32>) -> tensor<?xf32> {
  %r = gather.gather_nd %params[%indices] mode<zero> : (tensor<?x?xf32>, tensor<?x2xi32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// Empty index vectors read no index: the whole params per position.

// CHECK-LABEL: func.func @gather_nd_depth0(
// CHECK-SAME:    %[[PARAMS:.*]]: tensor<2x3xf32>, %[[INDICES:.*]]: tensor<4x0xi32>)
// CHECK-NOT:     scf.for
// CHECK:         linalg.generic
// CHECK-NOT:         ins(
// CHECK-SAME:        outs(
// CHECK:           %[[D1:.*]] = linalg.index 1 : index
// CHECK:           %[[D2:.*]] = linalg.index 2 : index
// CHECK-NOT:       tensor.extract %[[INDICES]]
// CHECK:           tensor.extract %[[PARAMS]][%[[D1]], %[[D2]]] : tensor<2x3xf32>
func.func @gather_nd_depth0(%params: tensor<2x3xf32>, %indices: tensor<4x0xi32>) -> tensor<4x2x3xf32> {
  %r = gather.gather_nd %params[%indices] : (tensor<2x3xf32>, tensor<4x0xi32>) -> tensor<4x2x3xf32>
  return %r : tensor<4x2x3xf32>
}
