// Sizes past int64_t bytes (shapes the verifier accepts) are computed with
// checked arithmetic (they overflowed, undefined behaviour, before): a block
// too large to count is not streamed, and a copy of a row into such a
// buffer is, as into any buffer past min-bytes.
// RUN: gather-opt %s --gather-nontemporal-copies --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @huge_block(
//   CHECK-NOT:   nontemporal
//       CHECK:   memref.copy
//   CHECK-NOT:   llvm.fence
func.func @huge_block(%a: memref<4611686018427387904xf32>,
                      %b: memref<4611686018427387904xf32>) {
  memref.copy %a, %b : memref<4611686018427387904xf32> to memref<4611686018427387904xf32>
  return
}

// -----

// CHECK-LABEL: func.func @row_into_huge_buffer(
//       CHECK:   scf.if
//       CHECK:     vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true}
//       CHECK:   } else {
//       CHECK:     memref.copy
//       CHECK:   llvm.fence seq_cst
func.func @row_into_huge_buffer(%row: memref<1x16xf32>,
                                %out: memref<4611686018427387904x16xf32>,
                                %m: index) {
  %dst = memref.subview %out[%m, 0] [1, 16] [1, 1]
      : memref<4611686018427387904x16xf32> to memref<1x16xf32, strided<[16, 1], offset: ?>>
  memref.copy %row, %dst : memref<1x16xf32> to memref<1x16xf32, strided<[16, 1], offset: ?>>
  return
}
