// gather-eliminate-empty-tensors runs upstream's eliminate-empty-tensors
// where a tensor.empty may reach a subset insertion, and nothing otherwise
// (its module-wide One-Shot Analysis would be spent for nothing).
//
// RUN: gather-opt %s --gather-eliminate-empty-tensors --split-input-file | FileCheck %s
// RUN: gather-opt %s --eliminate-empty-tensors --split-input-file | FileCheck %s

// A value computed into a tensor.empty and inserted into a larger tensor:
// the tensor.empty becomes the destination's slice (computed in place).
// CHECK-LABEL: func.func @fill_into_slice(
// CHECK-SAME:    %[[DEST:[^:]*]]: tensor<8x4xf32>
// CHECK-NOT:     tensor.empty
// CHECK:         %[[SLOT:.*]] = tensor.extract_slice %[[DEST]][2, 0] [3, 4] [1, 1]
// CHECK:         linalg.fill {{.*}} outs(%[[SLOT]]
func.func @fill_into_slice(%dest: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %f = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %g = linalg.fill ins(%f : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %r = tensor.insert_slice %g into %dest[2, 0] [3, 4] [1, 1] : tensor<3x4xf32> into tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

// -----

// Through a loop's iteration argument: the loop's init is followed.
// CHECK-LABEL: func.func @through_loop(
// CHECK:         %[[SLOT:.*]] = tensor.extract_slice
// CHECK:         scf.for {{.*}} iter_args(%{{.*}} = %[[SLOT]])
func.func @through_loop(%dest: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %l = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %e) -> tensor<4xf32> {
    %w = linalg.fill ins(%f : f32) outs(%acc : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %w : tensor<4xf32>
  }
  %r = tensor.insert_slice %l into %dest[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// Slices of params inserted into a result built in a loop (what the scf
// lowering of a gather emits): no tensor.empty reaches an inserted value,
// the result's own tensor.empty stays.
// CHECK-LABEL: func.func @lowered_gather(
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<3x4xf32>
// CHECK:         scf.for {{.*}} iter_args(%{{.*}} = %[[E]])
func.func @lowered_gather(%p: tensor<10x4xf32>, %i: tensor<3xindex>) -> tensor<3x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %e = tensor.empty() : tensor<3x4xf32>
  %r = scf.for %k = %c0 to %c3 step %c1 iter_args(%acc = %e) -> tensor<3x4xf32> {
    %row = tensor.extract %i[%k] : tensor<3xindex>
    %s = tensor.extract_slice %p[%row, 0] [1, 4] [1, 1] : tensor<10x4xf32> to tensor<1x4xf32>
    %u = tensor.insert_slice %s into %acc[%k, 0] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<3x4xf32>
    scf.yield %u : tensor<3x4xf32>
  }
  return %r : tensor<3x4xf32>
}
