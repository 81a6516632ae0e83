// RUN: gather-opt %s --gather-drop-equivalent-buffer-results --split-input-file | FileCheck %s

// A private function returning its argument (through a cast) returns it no
// longer; the call uses its operand, cast back to the result's type. The
// result that is not an argument stays.
// CHECK-LABEL: func.func private @fill(
//  CHECK-SAME:     %[[B:.*]]: memref<4xf32>) -> memref<2xf32> {
//       CHECK:   %[[N:.*]] = memref.alloc() : memref<2xf32>
//       CHECK:   return %[[N]] : memref<2xf32>
// CHECK-LABEL: func.func @caller(
//  CHECK-SAME:     %[[M:.*]]: memref<4xf32>)
//       CHECK:   %[[R:.*]] = call @fill(%[[M]]) : (memref<4xf32>) -> memref<2xf32>
//       CHECK:   %[[C:.*]] = memref.cast %[[M]] : memref<4xf32> to memref<?xf32>
//       CHECK:   return %[[C]], %[[R]]
func.func private @fill(%b: memref<4xf32>) -> (memref<?xf32>, memref<2xf32>) {
  %f = arith.constant 1.0 : f32
  linalg.fill ins(%f : f32) outs(%b : memref<4xf32>)
  %c = memref.cast %b : memref<4xf32> to memref<?xf32>
  %n = memref.alloc() : memref<2xf32>
  return %c, %n : memref<?xf32>, memref<2xf32>
}

func.func @caller(%m: memref<4xf32>) -> (memref<?xf32>, memref<2xf32>) {
  %r:2 = call @fill(%m) : (memref<4xf32>) -> (memref<?xf32>, memref<2xf32>)
  return %r#0, %r#1 : memref<?xf32>, memref<2xf32>
}

// -----

// Left alone: a public function, one used by func.constant, and one whose
// returns return different arguments.
// CHECK-LABEL: func.func @public(
//  CHECK-SAME:     -> memref<4xf32>
// CHECK-LABEL: func.func private @referenced(
//  CHECK-SAME:     -> memref<4xf32>
// CHECK-LABEL: func.func private @either(
//  CHECK-SAME:     -> memref<4xf32>
// CHECK-LABEL: func.func @callers(
//       CHECK:   call @public(%{{.*}}) : (memref<4xf32>) -> memref<4xf32>
//       CHECK:   call @referenced(%{{.*}}) : (memref<4xf32>) -> memref<4xf32>
//       CHECK:   call @either(%{{.*}}) : (i1, memref<4xf32>, memref<4xf32>) -> memref<4xf32>
func.func @public(%b: memref<4xf32>) -> memref<4xf32> {
  return %b : memref<4xf32>
}

func.func private @referenced(%b: memref<4xf32>) -> memref<4xf32> {
  return %b : memref<4xf32>
}

func.func private @either(%c: i1, %a: memref<4xf32>, %b: memref<4xf32>) -> memref<4xf32> {
  cf.cond_br %c, ^a, ^b
^a:
  return %a : memref<4xf32>
^b:
  return %b : memref<4xf32>
}

func.func @callers(%c: i1, %m: memref<4xf32>, %n: memref<4xf32>)
    -> (memref<4xf32>, memref<4xf32>, memref<4xf32>, (memref<4xf32>) -> memref<4xf32>) {
  %p = call @public(%m) : (memref<4xf32>) -> memref<4xf32>
  %r = call @referenced(%m) : (memref<4xf32>) -> memref<4xf32>
  %e = call @either(%c, %m, %n) : (i1, memref<4xf32>, memref<4xf32>) -> memref<4xf32>
  %f = func.constant @referenced : (memref<4xf32>) -> memref<4xf32>
  return %p, %r, %e, %f : memref<4xf32>, memref<4xf32>, memref<4xf32>, (memref<4xf32>) -> memref<4xf32>
}

// -----

// An scf.for that yields its iteration argument unchanged returns its init
// (a gather lowered into its destination); one that yields another buffer
// does not.
// CHECK-LABEL: func.func private @in_place(
//  CHECK-SAME:     %{{.*}}: memref<4xf32>) {
// CHECK-LABEL: func.func private @swapped(
//  CHECK-SAME:     -> memref<4xf32>
// CHECK-LABEL: func.func @loop_callers(
//  CHECK-SAME:     %[[M:[^:]*]]: memref<4xf32>,
//       CHECK:   call @in_place(%[[M]]) : (memref<4xf32>) -> ()
//       CHECK:   %[[S:.*]] = call @swapped(
//       CHECK:   return %[[M]], %[[S]]
func.func private @in_place(%b: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %b) -> (memref<4xf32>) {
    memref.store %f, %acc[%i] : memref<4xf32>
    scf.yield %acc : memref<4xf32>
  }
  return %r : memref<4xf32>
}

func.func private @swapped(%a: memref<4xf32>, %b: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %a, %y = %b)
      -> (memref<4xf32>, memref<4xf32>) {
    scf.yield %y, %x : memref<4xf32>, memref<4xf32>
  }
  return %r#0 : memref<4xf32>
}

func.func @loop_callers(%m: memref<4xf32>, %n: memref<4xf32>)
    -> (memref<4xf32>, memref<4xf32>) {
  %r = call @in_place(%m) : (memref<4xf32>) -> memref<4xf32>
  %s = call @swapped(%m, %n) : (memref<4xf32>, memref<4xf32>) -> memref<4xf32>
  return %r, %s : memref<4xf32>, memref<4xf32>
}

// -----

// An scf.if whose branches yield one buffer (through casts and loops that
// update it in place: the slice-width versions of a gather) returns it; one
// whose branches yield different buffers, or that has no else branch, does
// not.
// CHECK-LABEL: func.func private @versions(
//  CHECK-SAME:     %{{.*}}: index, %{{.*}}: memref<?x?xf32>) {
// CHECK-LABEL: func.func private @either_branch(
//  CHECK-SAME:     -> memref<?x?xf32>
// CHECK-LABEL: func.func @if_callers(
//  CHECK-SAME:     %{{.*}}: index, %[[M:[^:]*]]: memref<?x?xf32>,
//       CHECK:   call @versions(%{{.*}}, %[[M]]) : (index, memref<?x?xf32>) -> ()
//       CHECK:   %[[E:.*]] = call @either_branch(
//       CHECK:   return %[[M]], %[[E]]
func.func private @versions(%w: index, %b: memref<?x?xf32>) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %is4 = arith.cmpi eq, %w, %c4 : index
  %r = scf.if %is4 -> (memref<?x?xf32>) {
    %v = memref.cast %b : memref<?x?xf32> to memref<?x4xf32>
    %l = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %v) -> (memref<?x4xf32>) {
      %inner = scf.if %is4 -> (memref<?x4xf32>) {
        memref.store %f, %acc[%c0, %i] : memref<?x4xf32>
        scf.yield %acc : memref<?x4xf32>
      } else {
        scf.yield %acc : memref<?x4xf32>
      }
      scf.yield %inner : memref<?x4xf32>
    }
    %back = memref.cast %l : memref<?x4xf32> to memref<?x?xf32>
    scf.yield %back : memref<?x?xf32>
  } else {
    memref.store %f, %b[%c0, %c0] : memref<?x?xf32>
    scf.yield %b : memref<?x?xf32>
  }
  return %r : memref<?x?xf32>
}

func.func private @either_branch(%c: i1, %a: memref<?x?xf32>, %b: memref<?x?xf32>) -> memref<?x?xf32> {
  %r = scf.if %c -> (memref<?x?xf32>) {
    scf.yield %a : memref<?x?xf32>
  } else {
    scf.yield %b : memref<?x?xf32>
  }
  return %r : memref<?x?xf32>
}

func.func @if_callers(%w: index, %m: memref<?x?xf32>, %n: memref<?x?xf32>, %c: i1)
    -> (memref<?x?xf32>, memref<?x?xf32>) {
  %r = call @versions(%w, %m) : (index, memref<?x?xf32>) -> memref<?x?xf32>
  %e = call @either_branch(%c, %m, %n) : (i1, memref<?x?xf32>, memref<?x?xf32>) -> memref<?x?xf32>
  return %r, %e : memref<?x?xf32>, memref<?x?xf32>
}
