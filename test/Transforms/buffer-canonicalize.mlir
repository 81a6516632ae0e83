// RUN: gather-opt %s --gather-buffer-canonicalize | FileCheck %s --check-prefix=PLAIN
// RUN: gather-opt %s --gather-buffer-canonicalize="cse=true" | FileCheck %s --check-prefix=CSE
// RUN: gather-opt %s --gather-buffer-canonicalize="cse=true max-iterations=1" | FileCheck %s --check-prefix=CSE
// RUN: not gather-opt %s --gather-buffer-canonicalize="max-iterations=0" 2>&1 | FileCheck %s --check-prefix=ERR

// The self-copy that empty-tensor elimination leaves: two equal subviews of
// one buffer. Without cse the copy is between two values and stays; with
// cse they are one value and the copy folds away, in one pass.
// PLAIN-LABEL: func.func @self_copy(
//       PLAIN:   %[[A:.*]] = memref.subview
//       PLAIN:   %[[B:.*]] = memref.subview
//       PLAIN:   memref.copy %[[A]], %[[B]]
// CSE-LABEL: func.func @self_copy(
//   CSE-NOT:   memref.subview
//   CSE-NOT:   memref.copy
//       CSE:   return
func.func @self_copy(%buf: memref<8x4xf32>, %i: index) {
  %a = memref.subview %buf[%i, 0] [1, 4] [1, 1]
      : memref<8x4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
  %b = memref.subview %buf[%i, 0] [1, 4] [1, 1]
      : memref<8x4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
  memref.copy %a, %b : memref<1x4xf32, strided<[4, 1], offset: ?>>
      to memref<1x4xf32, strided<[4, 1], offset: ?>>
  return
}

// A chain that one sweep folds whole: the pass-through loop result is
// forwarded, the loop's iter_arg and the duplicate constant go, and the
// copy of the forwarded buffer onto itself folds.
// CSE-LABEL: func.func @one_sweep(
//  CSE-SAME:     %[[BUF:[^:]*]]: memref<4xf32>
//       CSE:   %[[C:.*]] = arith.constant 0 :
//       CSE:   arith.constant 1 :
//   CSE-NOT:   arith.constant
//       CSE:   scf.for
//   CSE-NOT:     iter_args
//       CSE:     memref.store %{{.*}}, %[[BUF]][%[[C]]]
//   CSE-NOT:   memref.copy
//       CSE:   return
func.func @one_sweep(%buf: memref<4xf32>, %v: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %buf) -> (memref<4xf32>) {
    %z = arith.constant 0 : index
    memref.store %v, %acc[%z] : memref<4xf32>
    scf.yield %acc : memref<4xf32>
  }
  memref.copy %r, %buf : memref<4xf32> to memref<4xf32>
  return
}

// ERR: gather-buffer-canonicalize: max-iterations must be at least 1, got 0
