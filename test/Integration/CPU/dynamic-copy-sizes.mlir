// Copies of a dynamic number of bytes, as gather-lower-slice-copies makes
// them (a gather's rows of dynamic width): from 1 to 64 bytes inline, as
// two overlapping copies of the largest power of two (32, 16, 8, 4, 2 or 1
// bytes), above that (and for 0) a memcpy call. Every size from 0 to 80 bytes of i8,
// and 0 to 20 f32 elements, is copied between offset views of two buffers;
// each copy must write exactly its bytes (the guard bytes around it stay 0).
//
// RUN: gather-opt %s --gather-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
//
// The inline copies: a chain of constant-size memcpys, down to the element
// size (1 byte for i8, 4 for f32, which needs no test), under one memcpy of
// the dynamic size (for more than 64 bytes or 0: bytes - 1 >= 64 unsigned).
// RUN: gather-opt %s --gather-lower-slice-copies | FileCheck %s --check-prefix=COPIES
// COPIES-LABEL: func.func @copy_i8(
// COPIES-NOT:     memref.copy
// COPIES:         %[[LESS1:.*]] = arith.subi %[[BYTES:.*]], %{{.*}} : i64
// COPIES:         %[[MAX:.*]] = llvm.mlir.constant(64 : i64)
// COPIES:         %[[CALL:.*]] = arith.cmpi uge, %[[LESS1]], %[[MAX]] : i64
// COPIES:         scf.if %[[CALL]] {
// COPIES:           "llvm.intr.memcpy"({{.*}}, {{.*}}, %[[BYTES]]) <{isVolatile = false}>
// COPIES:         } else {
// COPIES:           llvm.mlir.constant(32 : i64)
// COPIES-COUNT-2:   "llvm.intr.memcpy"
// COPIES:           llvm.mlir.constant(16 : i64)
// COPIES:           llvm.mlir.constant(8 : i64)
// COPIES:           llvm.mlir.constant(4 : i64)
// COPIES:           llvm.mlir.constant(2 : i64)
// COPIES:           } else {
// COPIES-NEXT:        llvm.mlir.constant(1 : i64)
// COPIES-COUNT-2:     "llvm.intr.memcpy"
// COPIES-LABEL: func.func @copy_f32(
// COPIES:           llvm.mlir.constant(4 : i64)
// COPIES-NOT:       llvm.mlir.constant(2 : i64)
// COPIES-LABEL: func.func @main(

// CHECK: i8 sizes 0-80, wrong bytes: 0
// CHECK: f32 sizes 0-20, wrong elements: 0

func.func private @printString(!llvm.ptr)
func.func private @printI64(i64)
func.func private @printNewline()

llvm.mlir.global internal constant @i8_msg("i8 sizes 0-80, wrong bytes: \00")
llvm.mlir.global internal constant @f32_msg("f32 sizes 0-20, wrong elements: \00")

func.func @copy_i8(%src: memref<?xi8, strided<[1], offset: ?>>,
                   %dst: memref<?xi8, strided<[1], offset: ?>>) {
  memref.copy %src, %dst : memref<?xi8, strided<[1], offset: ?>>
      to memref<?xi8, strided<[1], offset: ?>>
  return
}

func.func @copy_f32(%src: memref<?xf32, strided<[1], offset: ?>>,
                    %dst: memref<?xf32, strided<[1], offset: ?>>) {
  memref.copy %src, %dst : memref<?xf32, strided<[1], offset: ?>>
      to memref<?xf32, strided<[1], offset: ?>>
  return
}

// For n = 0 .. 80: dst[5 + k] = src[3 + k] for k < n, through @copy_i8;
// counts the bytes of dst (100) that differ from that, guards included.
func.func @check_i8() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c81 = arith.constant 81 : index
  %c100 = arith.constant 100 : index
  %zero = arith.constant 0 : i8
  %src = memref.alloc() : memref<100xi8>
  %dst = memref.alloc() : memref<100xi8>
  scf.for %k = %c0 to %c100 step %c1 {
    %k1 = arith.addi %k, %c1 : index
    %v = arith.index_cast %k1 : index to i8
    memref.store %v, %src[%k] : memref<100xi8>
  }
  %wrong = scf.for %n = %c0 to %c81 step %c1 iter_args(%acc = %c0) -> (index) {
    scf.for %k = %c0 to %c100 step %c1 {
      memref.store %zero, %dst[%k] : memref<100xi8>
    }
    %s = memref.subview %src[3] [%n] [1] : memref<100xi8> to memref<?xi8, strided<[1], offset: 3>>
    %d = memref.subview %dst[5] [%n] [1] : memref<100xi8> to memref<?xi8, strided<[1], offset: 5>>
    %sc = memref.cast %s : memref<?xi8, strided<[1], offset: 3>> to memref<?xi8, strided<[1], offset: ?>>
    %dc = memref.cast %d : memref<?xi8, strided<[1], offset: 5>> to memref<?xi8, strided<[1], offset: ?>>
    func.call @copy_i8(%sc, %dc) : (memref<?xi8, strided<[1], offset: ?>>, memref<?xi8, strided<[1], offset: ?>>) -> ()
    %end = arith.addi %n, %c5 : index
    %bad = scf.for %k = %c0 to %c100 step %c1 iter_args(%b = %acc) -> (index) {
      %got = memref.load %dst[%k] : memref<100xi8>
      %lo = arith.cmpi uge, %k, %c5 : index
      %hi = arith.cmpi ult, %k, %end : index
      %inside = arith.andi %lo, %hi : i1
      %from = arith.subi %k, %c5 : index
      %at = arith.select %inside, %from, %c0 : index
      %at3 = arith.addi %at, %c3 : index
      %copied = memref.load %src[%at3] : memref<100xi8>
      %want = arith.select %inside, %copied, %zero : i8
      %ne = arith.cmpi ne, %got, %want : i8
      %b1 = arith.addi %b, %c1 : index
      %next = arith.select %ne, %b1, %b : index
      scf.yield %next : index
    }
    scf.yield %bad : index
  }
  %r = arith.index_cast %wrong : index to i64
  return %r : i64
}

// The same with f32 elements: n = 0 .. 20 elements, buffers of 30.
func.func @check_f32() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c21 = arith.constant 21 : index
  %c30 = arith.constant 30 : index
  %zero = arith.constant 0.0 : f32
  %src = memref.alloc() : memref<30xf32>
  %dst = memref.alloc() : memref<30xf32>
  scf.for %k = %c0 to %c30 step %c1 {
    %k1 = arith.addi %k, %c1 : index
    %i = arith.index_cast %k1 : index to i32
    %v = arith.sitofp %i : i32 to f32
    memref.store %v, %src[%k] : memref<30xf32>
  }
  %wrong = scf.for %n = %c0 to %c21 step %c1 iter_args(%acc = %c0) -> (index) {
    scf.for %k = %c0 to %c30 step %c1 {
      memref.store %zero, %dst[%k] : memref<30xf32>
    }
    %s = memref.subview %src[3] [%n] [1] : memref<30xf32> to memref<?xf32, strided<[1], offset: 3>>
    %d = memref.subview %dst[5] [%n] [1] : memref<30xf32> to memref<?xf32, strided<[1], offset: 5>>
    %sc = memref.cast %s : memref<?xf32, strided<[1], offset: 3>> to memref<?xf32, strided<[1], offset: ?>>
    %dc = memref.cast %d : memref<?xf32, strided<[1], offset: 5>> to memref<?xf32, strided<[1], offset: ?>>
    func.call @copy_f32(%sc, %dc) : (memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>) -> ()
    %end = arith.addi %n, %c5 : index
    %bad = scf.for %k = %c0 to %c30 step %c1 iter_args(%b = %acc) -> (index) {
      %got = memref.load %dst[%k] : memref<30xf32>
      %lo = arith.cmpi uge, %k, %c5 : index
      %hi = arith.cmpi ult, %k, %end : index
      %inside = arith.andi %lo, %hi : i1
      %from = arith.subi %k, %c5 : index
      %at = arith.select %inside, %from, %c0 : index
      %at3 = arith.addi %at, %c3 : index
      %copied = memref.load %src[%at3] : memref<30xf32>
      %want = arith.select %inside, %copied, %zero : f32
      %ne = arith.cmpf une, %got, %want : f32
      %b1 = arith.addi %b, %c1 : index
      %next = arith.select %ne, %b1, %b : index
      scf.yield %next : index
    }
    scf.yield %bad : index
  }
  %r = arith.index_cast %wrong : index to i64
  return %r : i64
}

func.func @main() {
  %i8 = func.call @check_i8() : () -> i64
  %m1 = llvm.mlir.addressof @i8_msg : !llvm.ptr
  func.call @printString(%m1) : (!llvm.ptr) -> ()
  func.call @printI64(%i8) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %f32 = func.call @check_f32() : () -> i64
  %m2 = llvm.mlir.addressof @f32_msg : !llvm.ptr
  func.call @printString(%m2) : (!llvm.ptr) -> ()
  func.call @printI64(%f32) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
