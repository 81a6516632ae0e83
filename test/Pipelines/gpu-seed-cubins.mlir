// Every seed example (test/Integration/CPU/seed-examples.mlir) compiled by
// gather-gpu-pipeline to cubins with ptxas, for sm_80 and sm_90: one ELF
// object per kernel, no GPU module left, the host lowered to runtime calls
// (gpu.launch_func on LLVM values becomes calls at translation to LLVM IR).
//
// REQUIRES: ptxas
// RUN: gather-opt %gather_src_root/test/Integration/CPU/seed-examples.mlir \
// RUN:     --gather-gpu-pipeline="format=bin chip=sm_80 cuda-path=%cuda_toolkit" \
// RUN:     -o %t.sm80.mlir
// RUN: %python %gather_src_root/bench/gpu/gpu_object.py %t.sm80.mlir \
// RUN: | FileCheck %s --implicit-check-not="not ELF"
// RUN: FileCheck %s --check-prefix=HOST < %t.sm80.mlir
// RUN: gather-opt %gather_src_root/test/Integration/CPU/seed-examples.mlir \
// RUN:     --gather-gpu-pipeline="format=bin chip=sm_90 cuda-path=%cuda_toolkit" \
// RUN:     -o %t.sm90.mlir
// RUN: %python %gather_src_root/bench/gpu/gpu_object.py %t.sm90.mlir \
// RUN: | FileCheck %s --implicit-check-not="not ELF"
// RUN: FileCheck %s --check-prefix=HOST < %t.sm90.mlir

// The seed file holds 31 gathers; outlining names a function's second
// kernel <name>_kernel_2.
// CHECK-COUNT-31: // gpu.binary @{{[a-z0-9_]+}}_kernel{{(_[0-9]+)?}}: {{[0-9]+}} bytes, ELF

// HOST-NOT:  gpu.module
// HOST:      llvm.call @mgpuStreamCreate
// HOST:      llvm.call @mgpuMemAlloc
// HOST:      llvm.call @mgpuMemcpy
// HOST:      gpu.launch_func <%{{.*}} : !llvm.ptr> @{{.*}}_kernel::@{{.*}}_kernel
