// Every seed example (test/Integration/CPU/seed-examples.mlir, with its
// CHECK lines) through the CPU-executable form of the GPU kernels: the same
// kernel bodies in an scf.parallel over block and thread ids. The second run
// shrinks blocks and grid so that every grid-stride loop wraps around and
// slices are split between lanes and grid rows.
//
// RUN: gather-opt %gather_src_root/test/Integration/CPU/seed-examples.mlir \
// RUN:     --gather-gpu-pipeline="host-only" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %gather_src_root/test/Integration/CPU/seed-examples.mlir
// RUN: gather-opt %gather_src_root/test/Integration/CPU/seed-examples.mlir \
// RUN:     --gather-gpu-pipeline="host-only block-size=3 max-blocks=2" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %gather_src_root/test/Integration/CPU/seed-examples.mlir
// RUN: gather-opt %gather_src_root/test/Integration/CPU/seed-examples.mlir \
// RUN:     --gather-gpu-pipeline="host-only vectorize=0 block-size=64 max-blocks=1" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %gather_src_root/test/Integration/CPU/seed-examples.mlir
