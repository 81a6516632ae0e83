// The kernel edge cases of
// test/Integration/GPUHostOnly/gpu-host-only-kernels.mlir (batch and outer
// dimensions, a dynamic slice picking the 128-bit kernel at run
// time, clamped gather_nd; small grids) run on the GPU, checked against the
// same expected output as their CPU-executable form.
//
// RUN: gather-opt %gather_src_root/test/Integration/GPUHostOnly/gpu-host-only-kernels.mlir \
// RUN:     --gather-gpu-pipeline="chip=%gpu_chip format=bin block-size=4 max-blocks=3" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN:     -shared-libs=%cuda_runtime_lib \
// RUN: | FileCheck %gather_src_root/test/Integration/GPUHostOnly/gpu-host-only-kernels.mlir
// RUN: gather-opt %gather_src_root/test/Integration/GPUHostOnly/gpu-host-only-kernels.mlir \
// RUN:     --gather-gpu-pipeline="chip=%gpu_chip format=bin" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN:     -shared-libs=%cuda_runtime_lib \
// RUN: | FileCheck %gather_src_root/test/Integration/GPUHostOnly/gpu-host-only-kernels.mlir
