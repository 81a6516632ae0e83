// Ops the pipelines cannot bufferize (no bufferization model: here an
// unregistered op and shape.shape_of on tensors) are all named, in module
// order, with the pipeline's name, and the run fails. One-Shot Bufferize
// alone would name one of them, a different one from run to run (it visits
// functions that do not call each other in an order that depends on
// pointers); three runs each must agree.
//
// RUN: not gather-opt %s --gather-cpu-pipeline --allow-unregistered-dialect 2>&1 \
// RUN: | FileCheck %s -DP=gather-cpu-pipeline
// RUN: not gather-opt %s --gather-cpu-pipeline --allow-unregistered-dialect 2>&1 \
// RUN: | FileCheck %s -DP=gather-cpu-pipeline
// RUN: not gather-opt %s --gather-cpu-pipeline --allow-unregistered-dialect 2>&1 \
// RUN: | FileCheck %s -DP=gather-cpu-pipeline
// RUN: not gather-opt %s --gather-gpu-pipeline=host-only --allow-unregistered-dialect 2>&1 \
// RUN: | FileCheck %s -DP=gather-gpu-pipeline
// RUN: not gather-opt %s --gather-gpu-pipeline="format=isa chip=sm_90" \
// RUN:   --allow-unregistered-dialect 2>&1 \
// RUN: | FileCheck %s -DP=gather-gpu-pipeline
//
// CHECK:      unbufferizable-ops.mlir:[[# @LINE + 8]]:8: error: 'foo.bar' on 'tensor<4xf32>' cannot be bufferized by [[P]]: it has no bufferization; lower it to ops that have one (linalg, tensor, arith, scf) first
// CHECK:      unbufferizable-ops.mlir:[[# @LINE + 12]]:8: error: 'shape.shape_of' on 'tensor<?xf32>', 'tensor<?xindex>' cannot be bufferized by [[P]]
// CHECK:      unbufferizable-ops.mlir:[[# @LINE + 16]]:8: error: 'foo.bar' on 'tensor<4xf32>' cannot be bufferized by [[P]]
// CHECK-NOT:  error:

func.func @a(%p: tensor<4x8xf32>, %i: tensor<3xi32>, %x: tensor<4xf32>)
    -> (tensor<3x8xf32>, tensor<4xf32>) {
  %r = gather.gather %p[%i] mode<zero> : (tensor<4x8xf32>, tensor<3xi32>) -> tensor<3x8xf32>
  %0 = "foo.bar"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %r, %0 : tensor<3x8xf32>, tensor<4xf32>
}

func.func @b(%x: tensor<?xf32>) -> tensor<?xindex> {
  %0 = shape.shape_of %x : tensor<?xf32> -> tensor<?xindex>
  return %0 : tensor<?xindex>
}

func.func @c(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "foo.bar"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
