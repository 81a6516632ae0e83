// gather-gpu-pipeline lowers the host code around the kernels to the end:
// the math, vector, complex and softmax ops of
// test/Integration/CPU/surrounding-ops.mlir leave only the LLVM dialect and
// the gpu.binary with its launches, which mlir-translate takes.
//
// REQUIRES: ptxas
// RUN: gather-opt %gather_src_root/test/Integration/CPU/surrounding-ops.mlir \
// RUN:   --gather-gpu-pipeline="format=isa cuda-path=%cuda_toolkit" \
// RUN: | mlir-translate --mlir-to-llvmir | FileCheck %s
// CHECK-DAG: call float @erff(
// CHECK-DAG: call float @cbrtf(
// CHECK-DAG: call float @llvm.atan2.f32(
// CHECK-DAG: call {{.*}} @__mlir_math_ipowi_i32(
// CHECK-DAG: call void @mgpuLaunchKernel(
// CHECK-DAG: define void @compute(
