// RUN: gather-opt %s --gather-split-blocks-at-scf=min-scf-ops=2 --split-input-file | FileCheck %s
// RUN: gather-opt %s --gather-split-blocks-at-scf=min-scf-ops=3 --convert-scf-to-cf --split-input-file | FileCheck %s --check-prefix=CF
// RUN: gather-opt %s --gather-split-blocks-at-scf --split-input-file | FileCheck %s --check-prefix=DEFAULT
// RUN: gather-opt %s --gather-split-blocks-at-scf=min-scf-ops=4 --split-input-file | FileCheck %s --check-prefix=DEFAULT

// By default (8), and with any minimum above the three scf ops below, no
// block is split.
// DEFAULT-NOT: cf.br

// A block with several scf ops is split after each but the last, the
// pieces joined by cf.br; ops keep their order.
// CHECK-LABEL: func.func @three_ifs(
//       CHECK:   %[[A:.*]] = arith.addi
//       CHECK:   scf.if
//       CHECK:   cf.br ^[[B1:.*]]
//       CHECK: ^[[B1]]:
//       CHECK:   %[[B:.*]] = arith.addi %[[A]]
//       CHECK:   scf.for
//       CHECK:   cf.br ^[[B2:.*]]
//       CHECK: ^[[B2]]:
//       CHECK:   scf.if
//       CHECK:   %[[C:.*]] = arith.addi %[[B]]
//  CHECK-NEXT:   return %[[C]]
// CF-LABEL: func.func @three_ifs(
//   CF-NOT:   scf.
//       CF:   return
func.func @three_ifs(%c: i1, %m: memref<4xi32>, %x: index, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 7 : i32
  %a = arith.addi %x, %c1 : index
  scf.if %c {
    memref.store %v, %m[%c0] : memref<4xi32>
  }
  %b = arith.addi %a, %c1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.store %v, %m[%c0] : memref<4xi32>
  }
  scf.if %c {
    memref.store %v, %m[%c1] : memref<4xi32>
  }
  %d = arith.addi %b, %c1 : index
  return %d : index
}

// -----

// One scf op per block, or ops inside scf regions (one block each): left
// as they are.
// CHECK-LABEL: func.func @nothing_to_split(
//   CHECK-NOT:   cf.br
func.func @nothing_to_split(%c: i1, %m: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %v = arith.constant 7 : i32
  scf.if %c {
    scf.if %c {
      memref.store %v, %m[%c0] : memref<4xi32>
    }
    scf.if %c {
      memref.store %v, %m[%c0] : memref<4xi32>
    }
  }
  return
}
