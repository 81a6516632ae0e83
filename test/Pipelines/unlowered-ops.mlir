// A pipeline that succeeds has lowered everything: what it cannot lower
// (here arithmetic on tf32, which LLVM has no type for) is an error naming
// the op, and the run fails instead of printing half-lowered IR.
//
// RUN: not gather-opt %s --gather-cpu-pipeline 2>&1 | FileCheck %s -DP=gather-cpu-pipeline
// RUN: not gather-opt %s --gather-cpu-pipeline="lowering=linalg" 2>&1 | FileCheck %s -DP=gather-cpu-pipeline
// RUN: not gather-opt %s --gather-cpu-pipeline="num-threads=2" 2>&1 | FileCheck %s -DP=gather-cpu-pipeline
// RUN: not gather-opt %s --gather-gpu-pipeline="host-only" 2>&1 | FileCheck %s -DP=gather-gpu-pipeline
// RUN: %if ptxas %{ not gather-opt %s --gather-gpu-pipeline="format=isa" 2>&1 | FileCheck %s -DP=gather-gpu-pipeline %}
// CHECK: error: 'arith.addf' on 'tf32' is left after [[P]]: it is not in the LLVM dialect and the pipeline has no lowering for it here

func.func @g(%p: tensor<4x8xf32>, %i: tensor<3xi32>, %x: tf32, %y: tf32) -> (tensor<3x8xf32>, tf32) {
  %r = gather.gather %p[%i] mode<zero> : (tensor<4x8xf32>, tensor<3xi32>) -> tensor<3x8xf32>
  %s = arith.addf %x, %y : tf32
  return %r, %s : tensor<3x8xf32>, tf32
}
