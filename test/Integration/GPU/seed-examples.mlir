// Every seed example (test/Integration/CPU/seed-examples.mlir, with its
// CHECK lines) run on the GPU through gather-gpu-pipeline: host tensors
// copied to device buffers, the kernels launched, results copied back. The
// second run uses tiny blocks and grids so that the grid-stride loops wrap,
// the third the scalar kernels only.
//
// RUN: gather-opt %gather_src_root/test/Integration/CPU/seed-examples.mlir \
// RUN:     --gather-gpu-pipeline="chip=%gpu_chip format=fatbin" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN:     -shared-libs=%cuda_runtime_lib \
// RUN: | FileCheck %gather_src_root/test/Integration/CPU/seed-examples.mlir
// RUN: gather-opt %gather_src_root/test/Integration/CPU/seed-examples.mlir \
// RUN:     --gather-gpu-pipeline="chip=%gpu_chip format=bin block-size=32 max-blocks=2" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN:     -shared-libs=%cuda_runtime_lib \
// RUN: | FileCheck %gather_src_root/test/Integration/CPU/seed-examples.mlir
// RUN: gather-opt %gather_src_root/test/Integration/CPU/seed-examples.mlir \
// RUN:     --gather-gpu-pipeline="chip=%gpu_chip format=isa vectorize=0" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN:     -shared-libs=%cuda_runtime_lib \
// RUN: | FileCheck %gather_src_root/test/Integration/CPU/seed-examples.mlir
