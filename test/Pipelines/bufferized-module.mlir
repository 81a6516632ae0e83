// A module the user bufferized already (gathers in their buffer form, `into
// %out`) through every pipeline: the result is built in `out` itself, so no
// buffer is allocated for it, copied or freed (the slice copies of the scf
// lowering are llvm.intr.memcpy). The GPU pipeline copies params and indices
// to the device and the result back into `out`: three copies a gather.
// Execution: test/Integration/CPU/bufferized.mlir.
//
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=scf" \
// RUN: | FileCheck %s --implicit-check-not=@malloc \
// RUN:     --implicit-check-not=@memrefCopy --implicit-check-not=@free
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=linalg" \
// RUN: | FileCheck %s --implicit-check-not=@malloc \
// RUN:     --implicit-check-not=@memrefCopy --implicit-check-not=@free
// RUN: gather-opt %s --gather-cpu-pipeline="num-threads=2" \
// RUN: | FileCheck %s --implicit-check-not=@malloc \
// RUN:     --implicit-check-not=@memrefCopy --implicit-check-not=@free
// RUN: gather-opt %s --gather-gpu-pipeline="host-only=true" \
// RUN: | FileCheck %s --implicit-check-not=@malloc \
// RUN:     --implicit-check-not=@memrefCopy --implicit-check-not=@free
// RUN: gather-opt %s --gather-gpu-pipeline="format=isa" \
// RUN: | FileCheck %s --check-prefixes=CHECK,DEVICE --implicit-check-not=@malloc \
// RUN:     --implicit-check-not=@memrefCopy --implicit-check-not=@free

// CHECK-NOT: {{= gather\.|^ *gather\.}}
// CHECK-NOT: bufferization.

// CHECK-LABEL: llvm.func @rows(
// DEVICE-COUNT-3: llvm.call @mgpuMemcpy
// DEVICE-NOT:     llvm.call @mgpuMemcpy
// CHECK:          llvm.return
func.func @rows(%p: memref<1000x64xf32>, %i: memref<256xi32>, %o: memref<256x64xf32>) {
  gather.gather %p[%i] into %o : (memref<1000x64xf32>, memref<256xi32>, memref<256x64xf32>) -> ()
  return
}

// Dynamic sizes: a result that may be empty is `out` left as it is.
// CHECK-LABEL: llvm.func @elements(
// DEVICE-COUNT-3: llvm.call @mgpuMemcpy
// DEVICE-NOT:     llvm.call @mgpuMemcpy
// CHECK:          llvm.return
func.func @elements(%p: memref<?x?xf32>, %i: memref<?x2xi64>, %o: memref<?xf32>) {
  gather.gather_nd %p[%i] into %o mode<clamp> : (memref<?x?xf32>, memref<?x2xi64>, memref<?xf32>) -> ()
  return
}
