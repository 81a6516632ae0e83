// The bufferized module of test/Integration/CPU/bufferized.mlir (with its
// CHECK lines) run on the GPU through gather-gpu-pipeline: the kernels of
// buffer forms with identity layouts write `out` in place, the others (a
// strided view of the indices in a tile, a strided `out`) go through the
// tensor form.
//
// RUN: gather-opt %gather_src_root/test/Integration/CPU/bufferized.mlir \
// RUN:     --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN: | gather-opt --gather-gpu-pipeline="chip=%gpu_chip format=fatbin" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN:     -shared-libs=%cuda_runtime_lib \
// RUN: | FileCheck %gather_src_root/test/Integration/CPU/bufferized.mlir
