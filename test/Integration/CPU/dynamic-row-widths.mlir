// Gathers of rows of dynamic width. gather-cpu-pipeline lowers such a gather
// once for each width whose row is a power of two of 4 B to 1 KiB, with
// static copies, and once for the others, whose row copies
// gather-lower-slice-copies makes by the byte count (a memcpy call above 64
// bytes and for 0, two overlapping copies of 32, 16, 8, 4, 2 or 1 bytes
// otherwise). For every width from 0 to 1030 bytes of i8 and 0 to 260 f32
// elements (every version and the widths around them), five rows (indices
// 3, 0, 6, 6, 1) are gathered from params of 7 rows into a view with row
// stride 1040 (or 270), rows 1-5 and columns 5 on of a zeroed buffer; each
// element of the buffer must be the row's element inside the view, and 0
// around it. The second run has only the lowering for any width.
//
// RUN: gather-opt %s --gather-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline=slice-versions-max-bytes=0 \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s

// CHECK: i8 widths 0-1030, wrong bytes: 0
// CHECK: f32 widths 0-260, wrong elements: 0

func.func private @printString(!llvm.ptr)
func.func private @printI64(i64)
func.func private @printNewline()

llvm.mlir.global internal constant @i8_msg("i8 widths 0-1030, wrong bytes: \00")
llvm.mlir.global internal constant @f32_msg("f32 widths 0-260, wrong elements: \00")

func.func @gather_i8(%p: memref<?x?xi8>, %i: memref<?xi32>,
                     %out: memref<?x?xi8, strided<[?, 1], offset: ?>>) {
  %pt = bufferization.to_tensor %p restrict : memref<?x?xi8> to tensor<?x?xi8>
  %it = bufferization.to_tensor %i restrict : memref<?xi32> to tensor<?xi32>
  %r = gather.gather %pt[%it] axis = 0
      : (tensor<?x?xi8>, tensor<?xi32>) -> tensor<?x?xi8>
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<?x?xi8>, memref<?x?xi8, strided<[?, 1], offset: ?>>) -> ()
  return
}

func.func @gather_f32(%p: memref<?x?xf32>, %i: memref<?xi32>,
                      %out: memref<?x?xf32, strided<[?, 1], offset: ?>>) {
  %pt = bufferization.to_tensor %p restrict : memref<?x?xf32> to tensor<?x?xf32>
  %it = bufferization.to_tensor %i restrict : memref<?xi32> to tensor<?xi32>
  %r = gather.gather %pt[%it] axis = 0
      : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<?x?xf32>, memref<?x?xf32, strided<[?, 1], offset: ?>>) -> ()
  return
}

// The indices 3, 0, 6, 6, 1.
func.func @indices() -> memref<?xi32> {
  %ids = memref.alloc() : memref<5xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %v0 = arith.constant 0 : i32
  %v1 = arith.constant 1 : i32
  %v3 = arith.constant 3 : i32
  %v6 = arith.constant 6 : i32
  memref.store %v3, %ids[%c0] : memref<5xi32>
  memref.store %v0, %ids[%c1] : memref<5xi32>
  memref.store %v6, %ids[%c2] : memref<5xi32>
  memref.store %v6, %ids[%c3] : memref<5xi32>
  memref.store %v1, %ids[%c4] : memref<5xi32>
  %cast = memref.cast %ids : memref<5xi32> to memref<?xi32>
  return %cast : memref<?xi32>
}

// Params element (r, c) is 1 + (13 r + c) mod 127: never 0.
func.func @param(%r: index, %c: index) -> i64 {
  %c13 = arith.constant 13 : index
  %c127 = arith.constant 127 : index
  %c1 = arith.constant 1 : index
  %r13 = arith.muli %r, %c13 : index
  %s = arith.addi %r13, %c : index
  %m = arith.remui %s, %c127 : index
  %v = arith.addi %m, %c1 : index
  %i = arith.index_cast %v : index to i64
  return %i : i64
}

// What buffer element (r, c) must hold after a gather of `width` columns
// into rows 1-5, columns 5 on, with the indices above: 0 outside.
func.func @expected(%ids: memref<?xi32>, %width: index, %r: index,
                    %c: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %end = arith.addi %width, %c5 : index
  %row_lo = arith.cmpi uge, %r, %c1 : index
  %row_hi = arith.cmpi ult, %r, %c6 : index
  %col_lo = arith.cmpi uge, %c, %c5 : index
  %col_hi = arith.cmpi ult, %c, %end : index
  %rows = arith.andi %row_lo, %row_hi : i1
  %cols = arith.andi %col_lo, %col_hi : i1
  %inside = arith.andi %rows, %cols : i1
  %v = scf.if %inside -> (i64) {
    %k = arith.subi %r, %c1 : index
    %id = memref.load %ids[%k] : memref<?xi32>
    %row = arith.index_cast %id : i32 to index
    %col = arith.subi %c, %c5 : index
    %p = func.call @param(%row, %col) : (index, index) -> i64
    scf.yield %p : i64
  } else {
    %z = arith.constant 0 : i64
    scf.yield %z : i64
  }
  return %v : i64
}

func.func @check_i8() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c1031 = arith.constant 1031 : index
  %c1040 = arith.constant 1040 : index
  %zero = arith.constant 0 : i8
  %ids = func.call @indices() : () -> memref<?xi32>
  %buf = memref.alloc() : memref<7x1040xi8>
  %wrong = scf.for %w = %c0 to %c1031 step %c1 iter_args(%acc = %c0) -> (index) {
    %p = memref.alloc(%w) : memref<7x?xi8>
    scf.for %r = %c0 to %c7 step %c1 {
      scf.for %c = %c0 to %w step %c1 {
        %v = func.call @param(%r, %c) : (index, index) -> i64
        %t = arith.trunci %v : i64 to i8
        memref.store %t, %p[%r, %c] : memref<7x?xi8>
      }
      scf.for %c = %c0 to %c1040 step %c1 {
        memref.store %zero, %buf[%r, %c] : memref<7x1040xi8>
      }
    }
    %pc = memref.cast %p : memref<7x?xi8> to memref<?x?xi8>
    %view = memref.subview %buf[1, 5] [5, %w] [1, 1]
        : memref<7x1040xi8> to memref<5x?xi8, strided<[1040, 1], offset: 1045>>
    %vc = memref.cast %view : memref<5x?xi8, strided<[1040, 1], offset: 1045>>
        to memref<?x?xi8, strided<[?, 1], offset: ?>>
    func.call @gather_i8(%pc, %ids, %vc)
        : (memref<?x?xi8>, memref<?xi32>, memref<?x?xi8, strided<[?, 1], offset: ?>>) -> ()
    %bad = scf.for %r = %c0 to %c7 step %c1 iter_args(%b0 = %acc) -> (index) {
      %b2 = scf.for %c = %c0 to %c1040 step %c1 iter_args(%b = %b0) -> (index) {
        %got = memref.load %buf[%r, %c] : memref<7x1040xi8>
        %want = func.call @expected(%ids, %w, %r, %c)
            : (memref<?xi32>, index, index, index) -> i64
        %got64 = arith.extui %got : i8 to i64
        %ne = arith.cmpi ne, %got64, %want : i64
        %b1 = arith.addi %b, %c1 : index
        %next = arith.select %ne, %b1, %b : index
        scf.yield %next : index
      }
      scf.yield %b2 : index
    }
    scf.yield %bad : index
  }
  %r = arith.index_cast %wrong : index to i64
  return %r : i64
}

func.func @check_f32() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c261 = arith.constant 261 : index
  %c270 = arith.constant 270 : index
  %zero = arith.constant 0.0 : f32
  %ids = func.call @indices() : () -> memref<?xi32>
  %buf = memref.alloc() : memref<7x270xf32>
  %wrong = scf.for %w = %c0 to %c261 step %c1 iter_args(%acc = %c0) -> (index) {
    %p = memref.alloc(%w) : memref<7x?xf32>
    scf.for %r = %c0 to %c7 step %c1 {
      scf.for %c = %c0 to %w step %c1 {
        %v = func.call @param(%r, %c) : (index, index) -> i64
        %t = arith.uitofp %v : i64 to f32
        memref.store %t, %p[%r, %c] : memref<7x?xf32>
      }
      scf.for %c = %c0 to %c270 step %c1 {
        memref.store %zero, %buf[%r, %c] : memref<7x270xf32>
      }
    }
    %pc = memref.cast %p : memref<7x?xf32> to memref<?x?xf32>
    %view = memref.subview %buf[1, 5] [5, %w] [1, 1]
        : memref<7x270xf32> to memref<5x?xf32, strided<[270, 1], offset: 275>>
    %vc = memref.cast %view : memref<5x?xf32, strided<[270, 1], offset: 275>>
        to memref<?x?xf32, strided<[?, 1], offset: ?>>
    func.call @gather_f32(%pc, %ids, %vc)
        : (memref<?x?xf32>, memref<?xi32>, memref<?x?xf32, strided<[?, 1], offset: ?>>) -> ()
    %bad = scf.for %r = %c0 to %c7 step %c1 iter_args(%b0 = %acc) -> (index) {
      %b2 = scf.for %c = %c0 to %c270 step %c1 iter_args(%b = %b0) -> (index) {
        %got = memref.load %buf[%r, %c] : memref<7x270xf32>
        %want = func.call @expected(%ids, %w, %r, %c)
            : (memref<?xi32>, index, index, index) -> i64
        %wantf = arith.uitofp %want : i64 to f32
        %ne = arith.cmpf une, %got, %wantf : f32
        %b1 = arith.addi %b, %c1 : index
        %next = arith.select %ne, %b1, %b : index
        scf.yield %next : index
      }
      scf.yield %b2 : index
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
