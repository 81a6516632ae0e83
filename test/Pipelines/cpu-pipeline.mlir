// gather-cpu-pipeline takes functions on tensors holding gathers down to the
// LLVM dialect, with either lowering; error-mode checks call the weak default
// out-of-bounds handler, which calls printf, fflush and _Exit, never a
// function named exit.
//
// RUN: gather-opt %s --gather-cpu-pipeline | FileCheck %s --check-prefixes=CHECK,SCF
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=scf" | FileCheck %s --check-prefixes=CHECK,SCF
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=linalg" \
// RUN: | FileCheck %s --check-prefix=CHECK --implicit-check-not=memrefCopy
// (lit finds `not` only after a pipe.)
// RUN: not gather-opt %s --gather-cpu-pipeline="lowering=loops" 2>&1 \
// RUN: | FileCheck %s --check-prefix=BADOPT

// BADOPT: for the --lowering option: Cannot find option named 'loops'!

// Only LLVM dialect operations are left.
// CHECK-NOT: {{ gather\.}}
// CHECK-NOT: tensor.
// CHECK-NOT: memref.
// CHECK-NOT: linalg.
// CHECK-NOT: scf.
// CHECK-NOT: vector.
// CHECK-NOT: bufferization.
// CHECK-NOT: unrealized_conversion_cast
// CHECK-NOT: @exit
// CHECK-DAG: llvm.func @printf(!llvm.ptr, ...) -> i32
// CHECK-DAG: llvm.func @fflush(!llvm.ptr) -> i32
// CHECK-DAG: llvm.func @_Exit(i32)
// CHECK-DAG: llvm.func weak @gather_out_of_bounds(

// The gather, of dynamic shape, runs in the function of its signature
// (gather-outline-dynamic-gathers), which @gather calls with its result
// buffer and the op's description.
// CHECK-LABEL: llvm.func @__gather_outlined(
// CHECK-DAG:   llvm.call @gather_out_of_bounds
// The scf lowering copies one row per index (a memcpy of the row's bytes,
// never the runtime's memrefCopy), the linalg lowering one element per
// iteration of its loop nest.
// SCF-DAG:     "llvm.intr.memcpy"
// CHECK-NOT:   llvm.call @memrefCopy
// CHECK:       llvm.return
// CHECK-LABEL: llvm.func @gather(
// CHECK:       llvm.mlir.addressof @__gather_oob_
// CHECK:       llvm.call @__gather_outlined(
// CHECK-NOT:   llvm.call @memrefCopy
// CHECK:       llvm.return
// CHECK-NOT: {{ gather\.}}
// CHECK-NOT: tensor.
// CHECK-NOT: memref.
// CHECK-NOT: linalg.
// CHECK-NOT: scf.
// CHECK-NOT: vector.
// CHECK-NOT: bufferization.
// CHECK-NOT: unrealized_conversion_cast
// CHECK-NOT: @exit
func.func @gather(%params: tensor<?x?xf32>, %indices: tensor<?xi32>) -> tensor<?x?xf32> {
  %r = gather.gather %params[%indices] : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
