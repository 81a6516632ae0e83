// mode<wrap> kernels (gather and gather_nd, i32/i64/index indices) compile
// through NVPTX and ptxas to a cubin for sm_90.
//
// REQUIRES: ptxas
// RUN: gather-opt %s --gather-gpu-pipeline="format=bin chip=sm_90 cuda-path=%cuda_toolkit" \
// RUN: | FileCheck %s
// CHECK-COUNT-3: gpu.binary @wrap_kernel{{.*}} [#gpu.object<#nvvm.target<O = 3, chip = "sm_90">, {{.*}}bin = "
// CHECK-NOT: = gather.

func.func @wrap(%p: tensor<5x8xf32>, %i: tensor<3xi64>, %j: tensor<4x2xi32>,
                %q: tensor<6x7x2xf16>, %k: tensor<2xindex>)
    -> (tensor<3x8xf32>, tensor<4x2xf16>, tensor<6x2x2xf16>) {
  %0 = gather.gather %p[%i] mode<wrap> : (tensor<5x8xf32>, tensor<3xi64>) -> tensor<3x8xf32>
  %1 = gather.gather_nd %q[%j] mode<wrap> : (tensor<6x7x2xf16>, tensor<4x2xi32>) -> tensor<4x2xf16>
  %2 = gather.gather %q[%k] axis = -2 mode<wrap> : (tensor<6x7x2xf16>, tensor<2xindex>) -> tensor<6x2x2xf16>
  return %0, %1, %2 : tensor<3x8xf32>, tensor<4x2xf16>, tensor<6x2x2xf16>
}
