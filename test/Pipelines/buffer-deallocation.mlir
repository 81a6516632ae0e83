// gather-cpu-pipeline runs upstream's buffer deallocation only where a
// function allocates a buffer other than the fresh ones it returns
// directly (the caller owns those): modules of gathers that return their
// results skip its six passes (compile time, bench/compile_time.py), and
// temporaries are still freed.
//
// RUN: gather-opt %s --split-input-file --gather-cpu-pipeline | FileCheck %s
// RUN: gather-opt %s --split-input-file --gather-cpu-pipeline -mlir-print-ir-after-all 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PASSES

// A fresh result, returned: nothing to free, deallocation skipped.
// CHECK-LABEL: llvm.func @returns_fresh(
// CHECK:         llvm.call @malloc
// CHECK-NOT:     llvm.call @free
// CHECK:         llvm.return
// PASSES-NOT:    IR Dump After OwnershipBasedBufferDeallocationPass
// PASSES:        IR Dump After GatherConvertToLLVMPass
func.func @returns_fresh(%t: tensor<8x4xf32>, %i: tensor<3xi32>) -> tensor<3x4xf32> {
  %r = gather.gather %t[%i] : (tensor<8x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

// A temporary: deallocation runs and frees it.
// CHECK-LABEL: llvm.func @temporary(
// CHECK:         llvm.call @malloc
// CHECK:         llvm.call @free
// CHECK:         llvm.return
// PASSES:        IR Dump After OwnershipBasedBufferDeallocationPass
func.func @temporary(%t: tensor<8x4xf32>, %i: tensor<3xi32>) -> f32 {
  %c1 = arith.constant 1 : index
  %r = gather.gather %t[%i] : (tensor<8x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  %e = tensor.extract %r[%c1, %c1] : tensor<3x4xf32>
  return %e : f32
}

// -----

// A returned argument: the caller must own what it gets, so deallocation
// runs and returns a copy.
// CHECK-LABEL: llvm.func @returns_argument(
// CHECK:         llvm.call @malloc
// CHECK:         llvm.intr.memcpy
// CHECK:         llvm.return
// PASSES:        IR Dump After OwnershipBasedBufferDeallocationPass
func.func @returns_argument(%t: tensor<8x4xf32>) -> tensor<8x4xf32> {
  return %t : tensor<8x4xf32>
}

// -----

// An allocation in a loop that is not returned: deallocation runs.
// PASSES:        IR Dump After OwnershipBasedBufferDeallocationPass
// CHECK-LABEL: llvm.func @loop_temporary(
// CHECK:         llvm.call @free
func.func @loop_temporary(%t: tensor<8x4xf32>, %i: tensor<3xi32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %s = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %r = gather.gather %t[%i] : (tensor<8x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
    %e = tensor.extract %r[%c1, %k] : tensor<3x4xf32>
    %a = arith.addf %acc, %e : f32
    scf.yield %a : f32
  }
  return %s : f32
}
