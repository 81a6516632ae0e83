// RUN: gather-opt %s --convert-gather-to-scf=fix-up-calls --canonicalize \
// RUN:   --split-input-file | FileCheck %s
// Without the option the fix-up stays loops on tensors.
// RUN: gather-opt %s --convert-gather-to-scf --split-input-file \
// RUN: | FileCheck %s --check-prefix=LOOPS

// convert-gather-to-scf{fix-up-calls}: after the flagged copies of a small
// gather in error or zero mode, the report and the zero slots of bad indices
// are a gather.fix_out_of_bounds op calling one function per structure
// (element and index types, ranks, axes, mode), created once in the module.

// LOOPS-NOT: gather.fix_out_of_bounds
// LOOPS-NOT: memref<?x?xf32, strided

// Two gathers of one structure (other shapes, another location) share one
// function: rows of f32 by i32, reported and zeroed.
// CHECK-LABEL: func.func private @__gather_fix_out_of_bounds(
//  CHECK-SAME:     %[[R:.*]]: memref<?x?xf32, strided<[?, ?], offset: ?>>, %[[I:.*]]: memref<?xi32, strided<[?], offset: ?>>,
//  CHECK-SAME:     %[[N:.*]]: index, %[[D:.*]]: !llvm.ptr)
//  CHECK-SAME:     attributes {llvm.linkage = #llvm.linkage<internal>, no_inline, passthrough = ["noinline", "cold"]}
//   CHECK-DAG:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
//   CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
//   CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : index
//       CHECK:   %[[ROWS:.*]] = memref.dim %[[R]], %[[C0]]
//       CHECK:   scf.for %[[POS:.*]] = %[[C0]] to %[[ROWS]] step %[[C1]] {
//       CHECK:     %[[IDX:.*]] = memref.load %[[I]][%[[POS]]]
//       CHECK:     %[[CAST:.*]] = arith.index_cast %[[IDX]] : i32 to index
//       CHECK:     %[[BAD:.*]] = arith.cmpi uge, %[[CAST]], %[[N]] : index
//       CHECK:     scf.if %[[BAD]] {
//       CHECK:       %[[LOC:.*]] = llvm.getelementptr inbounds %[[D]][14]
//       CHECK:       func.call @gather_out_of_bounds(%[[D]], %[[LOC]],
//       CHECK:     scf.if
//       CHECK:       %[[COLS:.*]] = memref.dim %[[R]], %[[C1]]
//       CHECK:       scf.for %[[COL:.*]] = %[[C0]] to %[[COLS]] step %[[C1]] {
//       CHECK:         memref.store %[[ZERO]], %[[R]][%[[POS]], %[[COL]]]
//       CHECK:   return

// CHECK-LABEL: func.func @two_of_one_structure
//       CHECK:   %[[A:.*]]:2 = scf.for
//       CHECK:   gather.fix_out_of_bounds @__gather_fix_out_of_bounds(%[[A]]#0, %{{.*}}, %{{.*}}, %{{.*}}) if %[[A]]#1 : tensor<4x8xf32>, tensor<4xi32>, index, !llvm.ptr
//       CHECK:   %[[B:.*]]:2 = scf.for
//       CHECK:   gather.fix_out_of_bounds @__gather_fix_out_of_bounds(%[[B]]#0, %{{.*}}, %{{.*}}, %{{.*}}) if %[[B]]#1 : tensor<6x8xf32>, tensor<6xi32>, index, !llvm.ptr
//   CHECK-NOT: __gather_fix_out_of_bounds
func.func @two_of_one_structure(%t: tensor<100x8xf32>, %i: tensor<4xi32>,
                                %u: tensor<50x8xf32>, %j: tensor<6xi32>)
    -> (tensor<4x8xf32>, tensor<6x8xf32>) {
  %a = gather.gather %t[%i] : (tensor<100x8xf32>, tensor<4xi32>) -> tensor<4x8xf32>
  %b = gather.gather %u[%j] : (tensor<50x8xf32>, tensor<6xi32>) -> tensor<6x8xf32>
  return %a, %b : tensor<4x8xf32>, tensor<6x8xf32>
}

// -----

// Zero mode: no report, no description; elements of f32 by i64.
// CHECK-LABEL: func.func private @__gather_fix_out_of_bounds(
//  CHECK-SAME:     %[[R:.*]]: memref<?xf32, strided<[?], offset: ?>>, %[[I:.*]]: memref<?xi64, strided<[?], offset: ?>>, %[[N:.*]]: index)
//   CHECK-NOT:   call
//       CHECK:   memref.store %{{.*}}, %[[R]][%{{.*}}] : memref<?xf32, strided<[?], offset: ?>>
// CHECK-LABEL: func.func @zero_mode
//       CHECK:   gather.fix_out_of_bounds @__gather_fix_out_of_bounds(%{{.*}}, %{{.*}}, %{{.*}}) if %{{.*}} : tensor<4xf32>, tensor<4xi64>, index
func.func @zero_mode(%t: tensor<100xf32>, %i: tensor<4xi64>) -> tensor<4xf32> {
  %a = gather.gather %t[%i] mode<zero> : (tensor<100xf32>, tensor<4xi64>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// gather_nd: one bound per index component, each component reported with
// its params dimension (0, 1), the location after "gather.gather_nd\0".
// CHECK-LABEL: func.func private @__gather_fix_out_of_bounds(
//  CHECK-SAME:     memref<?x?xf16, strided<[?, ?], offset: ?>>, %[[I:.*]]: memref<?x?xi32, strided<[?, ?], offset: ?>>,
//  CHECK-SAME:     %[[N0:.*]]: index, %[[N1:.*]]: index, %[[D:.*]]: !llvm.ptr)
//   CHECK-DAG:   %[[DIM0:.*]] = arith.constant 0 : i64
//   CHECK-DAG:   %[[DIM1:.*]] = arith.constant 1 : i64
//       CHECK:   llvm.getelementptr inbounds %[[D]][17]
//       CHECK:   func.call @gather_out_of_bounds(%[[D]], %{{.*}}, %{{.*}}, %[[DIM0]],
//       CHECK:   llvm.getelementptr inbounds %[[D]][17]
//       CHECK:   func.call @gather_out_of_bounds(%[[D]], %{{.*}}, %{{.*}}, %[[DIM1]],
// CHECK-LABEL: func.func @nd
//       CHECK:   gather.fix_out_of_bounds @__gather_fix_out_of_bounds(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) if %{{.*}} : tensor<3x8xf16>, tensor<3x2xi32>, index, index, !llvm.ptr
func.func @nd(%t: tensor<10x20x8xf16>, %i: tensor<3x2xi32>) -> tensor<3x8xf16> {
  %a = gather.gather_nd %t[%i] : (tensor<10x20x8xf16>, tensor<3x2xi32>) -> tensor<3x8xf16>
  return %a : tensor<3x8xf16>
}

// -----

// A user's symbol of the name: the function takes another.
// CHECK-LABEL: func.func private @__gather_fix_out_of_bounds()
// CHECK-LABEL: func.func private @__gather_fix_out_of_bounds_0(
// CHECK-LABEL: func.func @name_taken
//       CHECK:   gather.fix_out_of_bounds @__gather_fix_out_of_bounds_0(
func.func private @__gather_fix_out_of_bounds()
func.func @name_taken(%t: tensor<100xf32>, %i: tensor<4xi64>) -> tensor<4xf32> {
  %a = gather.gather %t[%i] mode<zero> : (tensor<100xf32>, tensor<4xi64>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// Clamp mode has no fix-up, and a gather of more copies than
// per-copy-check-max-copies checks chunks instead of flagging.
// CHECK-LABEL: func.func @no_fix_up
//   CHECK-NOT:   gather.fix_out_of_bounds
//       CHECK:   return
func.func @no_fix_up(%t: tensor<100x8xf32>, %i: tensor<4xi32>, %j: tensor<4096xi32>)
    -> (tensor<4x8xf32>, tensor<4096x8xf32>) {
  %a = gather.gather %t[%i] mode<clamp> : (tensor<100x8xf32>, tensor<4xi32>) -> tensor<4x8xf32>
  %b = gather.gather %t[%j] : (tensor<100x8xf32>, tensor<4096xi32>) -> tensor<4096x8xf32>
  return %a, %b : tensor<4x8xf32>, tensor<4096x8xf32>
}
