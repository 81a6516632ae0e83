// RUN: gather-opt %s --split-input-file --gather-promote-small-buffers | FileCheck %s
// RUN: gather-opt %s --split-input-file --gather-promote-small-buffers="max-bytes=100" \
// RUN:   | FileCheck %s --check-prefix=BUDGET

// A buffer used and dropped in a sequential loop nest moves to the start of
// the entry block, once for all iterations; its alignment stays.
// CHECK-LABEL: func.func @flags_in_loops(
// CHECK-NEXT:    %[[FLAGS:.*]] = memref.alloca() {alignment = 64 : i64} : memref<16xi8>
// CHECK-NOT:     memref.alloc(
// CHECK:         scf.for
// CHECK:           scf.if
// CHECK:             memref.subview %[[FLAGS]]
// CHECK:             memref.load %[[FLAGS]]
// BUDGET-LABEL: func.func @flags_in_loops(
// BUDGET-NEXT:    memref.alloca() {alignment = 64 : i64} : memref<16xi8>
func.func @flags_in_loops(%n: index, %c: i1) -> i8 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1 : i8
  %zero = arith.constant 0 : i8
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i8) {
    %v = scf.if %c -> (i8) {
      %flags = memref.alloc() {alignment = 64 : i64} : memref<16xi8>
      scf.parallel (%j) = (%c0) to (%c16) step (%c1) {
        %slot = memref.subview %flags[%j] [1] [1] : memref<16xi8> to memref<1xi8, strided<[1], offset: ?>>
        memref.store %one, %slot[%c0] : memref<1xi8, strided<[1], offset: ?>>
        scf.reduce
      }
      %f = memref.load %flags[%c1] : memref<16xi8>
      scf.yield %f : i8
    } else {
      scf.yield %zero : i8
    }
    %s = arith.ori %acc, %v : i8
    scf.yield %s : i8
  }
  return %r : i8
}

// -----

// Buffers move in program order, ahead of the entry block's own ops, while
// the function's budget lasts: 96 + 64 bytes fit in the default 64 KiB,
// only the first in 100 bytes.
// CHECK-LABEL: func.func @in_order(
// CHECK-NEXT:    %[[A:.*]] = memref.alloca() : memref<24xf32>
// CHECK-NEXT:    %[[B:.*]] = memref.alloca() : memref<8xindex>
// CHECK-NEXT:    arith.constant
// BUDGET-LABEL: func.func @in_order(
// BUDGET-NEXT:    memref.alloca() : memref<24xf32>
// BUDGET:         memref.alloc() : memref<8xindex>
func.func @in_order(%x: f32, %y: index) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<24xf32>
  memref.store %x, %a[%c0] : memref<24xf32>
  %b = memref.alloc() : memref<8xindex>
  memref.store %y, %b[%c0] : memref<8xindex>
  %v = memref.load %a[%c0] : memref<24xf32>
  return %v : f32
}

// -----

// Over the budget (also where the byte count overflows int64_t), dynamic,
// in another memory space, of scalable vectors: on the heap.
// CHECK-LABEL: func.func @stay_on_heap(
// CHECK:         memref.alloc() : memref<65537xi8>
// CHECK:         memref.alloc() : memref<4294967296x4294967296xi8>
// CHECK:         memref.alloc(%{{.*}}) : memref<?xi8>
// CHECK:         memref.alloc() : memref<4xi8, 1>
// CHECK:         memref.alloc() : memref<2xvector<[4]xf32>>
// CHECK-NOT:     memref.alloca
func.func @stay_on_heap(%n: index, %v: i8) {
  %c0 = arith.constant 0 : index
  %big = memref.alloc() : memref<65537xi8>
  memref.store %v, %big[%c0] : memref<65537xi8>
  %huge = memref.alloc() : memref<4294967296x4294967296xi8>
  memref.store %v, %huge[%c0, %c0] : memref<4294967296x4294967296xi8>
  %dyn = memref.alloc(%n) : memref<?xi8>
  memref.store %v, %dyn[%c0] : memref<?xi8>
  %space = memref.alloc() : memref<4xi8, 1>
  memref.store %v, %space[%c0] : memref<4xi8, 1>
  %scalable = memref.alloc() : memref<2xvector<[4]xf32>>
  %w = memref.load %scalable[%c0] : memref<2xvector<[4]xf32>>
  memref.store %w, %scalable[%c0] : memref<2xvector<[4]xf32>>
  return
}

// -----

// Buffers that leave the function or their iteration, or that it frees,
// stay: returned, passed to a call (through a view), yielded by a loop,
// stored as a value, deallocated, read as a tensor that is returned.
// CHECK-LABEL: func.func @escapes(
// CHECK-NOT:     memref.alloca
// CHECK-COUNT-6: memref.alloc()
// CHECK-NOT:     memref.alloca
func.func private @use(memref<?xf32>)
func.func @escapes(%n: index, %m: memref<1xmemref<4xf32>>) -> (memref<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %returned = memref.alloc() : memref<4xf32>
  %passed = memref.alloc() : memref<4xf32>
  %cast = memref.cast %passed : memref<4xf32> to memref<?xf32>
  func.call @use(%cast) : (memref<?xf32>) -> ()
  %init = memref.alloc() : memref<4xf32>
  %carried = scf.for %i = %c0 to %n step %c1 iter_args(%b = %init) -> (memref<4xf32>) {
    scf.yield %b : memref<4xf32>
  }
  %stored = memref.alloc() : memref<4xf32>
  memref.store %stored, %m[%c0] : memref<1xmemref<4xf32>>
  %freed = memref.alloc() : memref<4xf32>
  memref.dealloc %freed : memref<4xf32>
  %viewed = memref.alloc() : memref<4xf32>
  %tensor = bufferization.to_tensor %viewed : memref<4xf32> to tensor<4xf32>
  return %returned, %tensor : memref<4xf32>, tensor<4xf32>
}

// -----

// Inside a parallel loop each iteration needs a buffer of its own: it stays
// (on the heap) where it is.
// CHECK-LABEL: func.func @in_parallel(
// CHECK:         scf.forall
// CHECK-NEXT:      memref.alloc() : memref<4xf32>
// CHECK-NOT:     memref.alloca
func.func @in_parallel(%out: memref<8xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  scf.forall (%i) in (8) {
    %t = memref.alloc() : memref<4xf32>
    memref.store %x, %t[%c0] : memref<4xf32>
    %v = memref.load %t[%c0] : memref<4xf32>
    memref.store %v, %out[%i] : memref<8xf32>
  }
  return
}
