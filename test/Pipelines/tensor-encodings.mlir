// A tensor with an encoding is not a dense buffer: the lowerings reject it
// with an error naming the operand, instead of reading its storage as dense.
// RUN: not gather-opt %s --gather-cpu-pipeline 2>&1 | FileCheck %s
// RUN: not gather-opt %s --gather-cpu-pipeline=lowering=linalg 2>&1 | FileCheck %s
// RUN: not gather-opt %s --gather-gpu-pipeline=host-only 2>&1 | FileCheck %s
// CHECK: error: 'gather.gather' op params has the encoding #sparse_tensor.encoding<{{.*}}>, which the gather lowerings do not support

#enc = #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>
func.func @f(%p: tensor<4xf32, #enc>, %i: tensor<2xi32>) -> tensor<2xf32> {
  %r = gather.gather %p[%i] : (tensor<4xf32, #enc>, tensor<2xi32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
