// Copies that gather-lower-slice-copies turns into llvm.intr.memcpy, run:
// a row of a buffer with a dynamic stride and offset (a strided view of a
// larger buffer, read through its descriptor), into a static row; whole
// buffers; 2-byte elements. gather-cpu-pipeline runs the pass on buffers.
//
// RUN: gather-opt %s --gather-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// The copies run are the pass's (upstream's lowering would make contiguous
// copies memcpys too, so the LLVM output alone does not tell):
// RUN: gather-opt %s --gather-lower-slice-copies | FileCheck %s --check-prefix=COPIES
// COPIES-LABEL: func.func @row(
// COPIES-NOT:     memref.copy
// COPIES:         "llvm.intr.memcpy"
// COPIES-LABEL: func.func @whole(
// COPIES-NOT:     memref.copy
// COPIES:         "llvm.intr.memcpy"
// COPIES-LABEL: func.func @main(

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

// out[2, :] = table[i, 3 : 7]
func.func @row(%table: memref<?x?xf32, strided<[?, 1], offset: ?>>,
               %out: memref<4x4xf32>, %i: index) {
  %src = memref.subview %table[%i, 3] [1, 4] [1, 1]
      : memref<?x?xf32, strided<[?, 1], offset: ?>>
        to memref<4xf32, strided<[1], offset: ?>>
  %dst = memref.subview %out[2, 0] [1, 4] [1, 1]
      : memref<4x4xf32> to memref<4xf32, strided<[1], offset: 8>>
  memref.copy %src, %dst : memref<4xf32, strided<[1], offset: ?>>
      to memref<4xf32, strided<[1], offset: 8>>
  return
}

func.func @whole(%a: memref<2x3xi16>, %b: memref<2x3xi16>) {
  memref.copy %a, %b : memref<2x3xi16> to memref<2x3xi16>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0.0 : f32
  // big[r, c] = 10 r + c, 6 x 10.
  %big = memref.alloca() : memref<6x10xf32>
  scf.for %r = %c0 to %c6 step %c1 {
    scf.for %c = %c0 to %c10 step %c1 {
      %v = arith.muli %r, %c10 : index
      %w = arith.addi %v, %c : index
      %i = arith.index_cast %w : index to i32
      %f = arith.sitofp %i : i32 to f32
      memref.store %f, %big[%r, %c] : memref<6x10xf32>
    }
  }
  // Every other row from row 1, columns 1..9: table[i, j] = big[1 + 2i, 1 + j],
  // stride 20 and offset 11, both known only at run time to @row.
  %view = memref.subview %big[1, 1] [3, 9] [2, 1]
      : memref<6x10xf32> to memref<3x9xf32, strided<[20, 1], offset: 11>>
  %table = memref.cast %view : memref<3x9xf32, strided<[20, 1], offset: 11>>
      to memref<?x?xf32, strided<[?, 1], offset: ?>>
  %out = memref.alloca() : memref<4x4xf32>
  linalg.fill ins(%zero : f32) outs(%out : memref<4x4xf32>)
  // table[2, 3 : 7] = big[5, 4 : 8] = 54 55 56 57.
  func.call @row(%table, %out, %c2) : (memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<4x4xf32>, index) -> ()
  %outU = memref.cast %out : memref<4x4xf32> to memref<*xf32>
  call @printMemrefF32(%outU) : (memref<*xf32>) -> ()
  // CHECK: [0, 0, 0, 0]
  // CHECK-NEXT: [0, 0, 0, 0]
  // CHECK-NEXT: [54, 55, 56, 57]
  // CHECK-NEXT: [0, 0, 0, 0]

  %a = memref.alloca() : memref<2x3xi16>
  %b = memref.alloca() : memref<2x3xi16>
  scf.for %r = %c0 to %c2 step %c1 {
    scf.for %c = %c0 to %c6 step %c2 {
      %v = arith.muli %r, %c10 : index
      %w = arith.addi %v, %c : index
      %x = arith.index_cast %w : index to i16
      %cc = arith.divui %c, %c2 : index
      memref.store %x, %a[%r, %cc] : memref<2x3xi16>
    }
  }
  func.call @whole(%a, %b) : (memref<2x3xi16>, memref<2x3xi16>) -> ()
  %b32 = memref.alloca() : memref<2x3xi32>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>,
                                   affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%b : memref<2x3xi16>) outs(%b32 : memref<2x3xi32>) {
  ^bb0(%in: i16, %o: i32):
    %e = arith.extsi %in : i16 to i32
    linalg.yield %e : i32
  }
  %bU = memref.cast %b32 : memref<2x3xi32> to memref<*xi32>
  call @printMemrefI32(%bU) : (memref<*xi32>) -> ()
  // CHECK: [0, 2, 4]
  // CHECK-NEXT: [10, 12, 14]
  return
}
