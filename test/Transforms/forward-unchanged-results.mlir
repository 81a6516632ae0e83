// RUN: gather-opt %s --gather-forward-unchanged-results --split-input-file | FileCheck %s
// RUN: gather-opt %s --gather-buffer-canonicalize --split-input-file | FileCheck %s --check-prefix=CANON

// A buffer carried through a loop nest and an if, as One-Shot Bufferize
// leaves a gather's loops: every result is the allocation, in one walk.
// The results and iter_args stay (without uses) for the canonicalizer.
// CHECK-LABEL: func.func @chain(
//       CHECK:   %[[ALLOC:.*]] = memref.alloc()
//       CHECK:   scf.for {{.*}} iter_args(%{{.*}} = %[[ALLOC]])
//       CHECK:     scf.if
//       CHECK:       scf.for {{.*}} iter_args(%{{.*}} = %[[ALLOC]])
//       CHECK:         memref.store %{{.*}}, %[[ALLOC]]
//       CHECK:   return %[[ALLOC]], %[[ALLOC]]
// gather-buffer-canonicalize forwards, then canonicalizes the iter_args and
// results away.
// CANON-LABEL: func.func @chain(
//       CANON:   %[[ALLOC:.*]] = memref.alloc()
//       CANON:   scf.for
//   CANON-NOT:     iter_args
//       CANON:     scf.if
//       CANON:       scf.for
//       CANON:         memref.store %{{.*}}, %[[ALLOC]]
//       CANON:   return %[[ALLOC]], %[[ALLOC]]
func.func @chain(%c: i1, %v: f32, %n: index) -> (memref<4x8xf32>, memref<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %alloc = memref.alloc() : memref<4x8xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %alloc) -> (memref<4x8xf32>) {
    %x = scf.if %c -> (memref<4x8xf32>) {
      %y = scf.for %j = %c0 to %c8 step %c1 iter_args(%a = %acc) -> (memref<4x8xf32>) {
        memref.store %v, %a[%i, %j] : memref<4x8xf32>
        scf.yield %a : memref<4x8xf32>
      }
      scf.yield %y : memref<4x8xf32>
    } else {
      scf.yield %acc : memref<4x8xf32>
    }
    scf.yield %x : memref<4x8xf32>
  }
  return %r, %r : memref<4x8xf32>, memref<4x8xf32>
}

// -----

// A value that changes in the loop is left alone; one yielded as its init
// (not through the region argument) is forwarded, of any type.
// CHECK-LABEL: func.func @mixed(
//  CHECK-SAME:     %[[X:[^:]*]]: index, %[[T:[^:]*]]: tensor<4xf32>
//       CHECK:   %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[S:.*]] = %[[X]], %{{.*}} = %[[T]])
//       CHECK:     %[[N:.*]] = arith.addi %[[S]]
//       CHECK:     scf.yield %[[N]], %[[T]]
//       CHECK:   return %[[R]]#0, %[[T]]
func.func @mixed(%x: index, %t: tensor<4xf32>, %n: index) -> (index, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%s = %x, %u = %t) -> (index, tensor<4xf32>) {
    %next = arith.addi %s, %c1 : index
    scf.yield %next, %t : index, tensor<4xf32>
  }
  return %r#0, %r#1 : index, tensor<4xf32>
}

// -----

// An if's result is forwarded only where both branches yield one value.
// CHECK-LABEL: func.func @ifs(
//  CHECK-SAME:     %[[C:[^:]*]]: i1, %[[A:[^:]*]]: index, %[[B:[^:]*]]: index
//       CHECK:   %[[R:.*]]:2 = scf.if %[[C]]
//       CHECK:   return %[[A]], %[[R]]#1
func.func @ifs(%c: i1, %a: index, %b: index) -> (index, index) {
  %r:2 = scf.if %c -> (index, index) {
    scf.yield %a, %a : index, index
  } else {
    scf.yield %a, %b : index, index
  }
  return %r#0, %r#1 : index, index
}
