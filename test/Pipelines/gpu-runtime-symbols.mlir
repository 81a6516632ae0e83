// Every mgpu* function that the host code of gather-gpu-pipeline calls
// (after translation to LLVM IR, where gpu.launch_func and the gpu.binary
// become module loads and launches) is defined by gather_cuda_runtime:
// cubins (mgpuModuleLoad) from the seed examples, PTX (mgpuModuleLoadJIT)
// from this file.
//
// REQUIRES: ptxas, cuda-runtime
// RUN: gather-opt %gather_src_root/test/Integration/CPU/seed-examples.mlir \
// RUN:     --gather-gpu-pipeline="format=bin" \
// RUN: | mlir-translate --mlir-to-llvmir > %t.bin.ll
// RUN: gather-opt %s --gather-gpu-pipeline="format=isa" \
// RUN: | mlir-translate --mlir-to-llvmir > %t.isa.ll
// RUN: cat %t.bin.ll %t.isa.ll | grep -o '^declare .* @mgpu[A-Za-z0-9]*' \
// RUN: | sed 's/.*@//' | sort -u > %t.used
// RUN: nm -D --defined-only %cuda_runtime_lib | awk '{print $3}' \
// RUN: | grep '^mgpu' | sort -u > %t.defined
// RUN: comm -23 %t.used %t.defined | count 0
// RUN: FileCheck %s < %t.used

// CHECK:      mgpuLaunchKernel
// CHECK-NEXT: mgpuMemAlloc
// CHECK-NEXT: mgpuMemFree
// CHECK-NEXT: mgpuMemcpy
// CHECK-NEXT: mgpuModuleGetFunction
// CHECK-NEXT: mgpuModuleLoad
// CHECK-NEXT: mgpuModuleLoadJIT
// CHECK-NEXT: mgpuModuleUnload
// CHECK-NEXT: mgpuStreamCreate
// CHECK-NEXT: mgpuStreamDestroy
// CHECK-NEXT: mgpuStreamSynchronize

func.func @g(%p: tensor<?x?xf32>, %i: tensor<?xi64>) -> tensor<?x?xf32> {
  %r = gather.gather %p[%i] mode<zero> : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
