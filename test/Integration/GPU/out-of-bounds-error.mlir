// Error mode on the GPU: a thread that reads a bad index prints the op's
// location, the index and the bound (device printf, on stdout) and fails a
// device assertion; the launch fails with CUDA_ERROR_ASSERT, which
// gather_cuda_runtime reports on stderr before it exits with status 1. No
// result is printed. The expected messages are those of the CPU-executable
// form in test/Integration/GPUHostOnly/gpu-host-only-errors.mlir.
//
// RUN: gather-opt %gather_src_root/test/Integration/GPUHostOnly/gpu-host-only-errors.mlir \
// RUN:     --gather-gpu-pipeline="chip=%gpu_chip format=bin" > %t.ll.mlir
// RUN: cat %t.ll.mlir | not mlir-runner -e gather_negative -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN:     -shared-libs=%cuda_runtime_lib > %t.neg.out 2> %t.neg.err
// RUN: FileCheck %gather_src_root/test/Integration/GPUHostOnly/gpu-host-only-errors.mlir \
// RUN:     --check-prefix=NEG < %t.neg.out
// RUN: FileCheck %s < %t.neg.err
// RUN: cat %t.ll.mlir | not mlir-runner -e nd_too_large -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN:     -shared-libs=%cuda_runtime_lib > %t.nd.out 2> %t.nd.err
// RUN: FileCheck %gather_src_root/test/Integration/GPUHostOnly/gpu-host-only-errors.mlir \
// RUN:     --check-prefix=ND < %t.nd.out
// RUN: FileCheck %s < %t.nd.err

// CHECK: gather_cuda_runtime: {{.*}} failed: CUDA_ERROR_ASSERT (710)
