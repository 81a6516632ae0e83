// Small gathers in a reporting mode (at most per-copy-check-max-copies
// static copies, 64 by default, on one thread, no gathered dimension empty,
// an element type with a zero) check each index in their copy loop: it
// copies every slice from its resolved address (0 for a bad index) with no
// branch and or-reduces the checks; only when one failed, a second loop
// reports the bad indices in order and zeroes their slots. No chunk loop,
// no separate check loop: about two thirds of the checked-chunk form's code
// (modules of many small gathers compile faster, docs/performance.md,
// "Compile time"), and as fast (a copy loop without a branch either way).
// Zero mode does the same without reports; clamp mode clamps each index in
// its one copy loop.
//
// RUN: gather-opt %s --convert-gather-to-scf --split-input-file | FileCheck %s
// RUN: gather-opt %s --convert-gather-to-scf=per-copy-check-max-copies=0 --split-input-file | FileCheck %s --check-prefix=CHUNKS
// RUN: gather-opt %s --convert-gather-to-scf=parallel --split-input-file | FileCheck %s --check-prefix=CHUNKS
// RUN: gather-opt %s --convert-gather-to-scf=prefetch-distance=4 --split-input-file | FileCheck %s --check-prefix=PREF
// PREF-LABEL: func.func @rows(
// PREF:         -> (tensor<16x64xf32>, i1)
// PREF:           memref.prefetch
// gather-cpu-pipeline passes the option on (the IR after the lowering):
// RUN: gather-opt %s --gather-cpu-pipeline=per-copy-check-max-copies=0 --split-input-file --mlir-print-ir-after=convert-gather-to-scf -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHUNKS
// RUN: gather-opt %s --gather-cpu-pipeline --split-input-file --mlir-print-ir-after=convert-gather-to-scf -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPE
// PIPE-LABEL: func.func @rows(
// PIPE-NOT:     -> (i1)
// PIPE:         -> (tensor<16x64xf32>, i1)
// PIPE-NOT:     -> (i1)
// PIPE:         return

// 16 rows of 256 B: the copy loop copies the row at the index, or at 0 for
// a bad one, unconditionally. It prefetches nothing: over a few dozen rows
// the prefetches cost more than they save (0.80-0.83x the plain C++ loop
// with them, 1.03-1.04x without; bench/run.py, *_16rows), unless
// prefetch-distance asks for them (PREF).
// CHECK-LABEL: func.func @rows(
// CHECK-SAME:    %[[P:.*]]: tensor<1000x64xf32>, %[[I:.*]]: tensor<16xi32>)
// CHECK-NOT:     arith.constant {{128|1024}} :
// CHECK:         %[[COPIED:.*]]:2 = scf.for %[[K:.*]] = %[[C0:[^ ]*]] to %[[C16:[^ ]*]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[ANY:.*]] = %false) -> (tensor<16x64xf32>, i1) {
// CHECK-NOT:       memref.prefetch
// CHECK:           %[[RAW:.*]] = tensor.extract %[[I]][%[[K]]] : tensor<16xi32>
// CHECK:           %[[IDX:.*]] = arith.index_cast %[[RAW]] : i32 to index
// CHECK:           %[[IN:.*]] = arith.cmpi ult, %[[IDX]], %{{.*}} : index
// CHECK:           %[[ADDR:.*]] = arith.select %[[IN]], %[[IDX]], %{{.*}} : index
// CHECK-NOT:       scf.if
// CHECK:           %[[ROW:.*]] = tensor.extract_slice %[[P]][%[[ADDR]], 0] [1, 64] [1, 1]
// CHECK:           %[[NEXT:.*]] = tensor.insert_slice %[[ROW]] into %[[ACC]][%[[K]], 0] [1, 64] [1, 1]
// CHECK:           %[[BAD:.*]] = arith.cmpi uge, %[[IDX]], %{{.*}} : index
// CHECK:           %[[OR:.*]] = arith.ori %[[ANY]], %[[BAD]] : i1
// CHECK:           scf.yield %[[NEXT]], %[[OR]] : tensor<16x64xf32>, i1
// CHECK:         }
// Only when an index was bad does the second loop run (from 0, else from
// 16): it reports each bad index and zeroes its slot, copying nothing.
// CHECK:         %[[SPLIT:.*]] = arith.select %[[COPIED]]#1, %{{.*}}, %{{.*}} : index
// CHECK:         %[[R:.*]] = scf.for %[[J:.*]] = %[[SPLIT]] to %{{.*}} step %{{.*}} iter_args(%[[RACC:.*]] = %[[COPIED]]#0) -> (tensor<16x64xf32>) {
// CHECK:           %[[JRAW:.*]] = tensor.extract %[[I]][%[[J]]] : tensor<16xi32>
// CHECK:           %[[JIDX:.*]] = arith.index_cast %[[JRAW]] : i32 to index
// CHECK:           %[[OOB:.*]] = arith.cmpi uge, %[[JIDX]], %{{.*}} : index
// CHECK:           scf.if %[[OOB]] {
// CHECK:             func.call @gather_out_of_bounds(
// CHECK:           }
// CHECK-NOT:       tensor.extract_slice %[[P]]
// CHECK:           scf.if %{{.*}} -> (tensor<16x64xf32>) {
// CHECK:             scf.for %[[D:.*]] = {{.*}} iter_args(%[[ZACC:.*]] = %[[RACC]]) -> (tensor<16x64xf32>)
// CHECK:               tensor.insert %{{.*}} into %[[ZACC]][%[[J]], %[[D]]] : tensor<16x64xf32>
// CHECK:           } else {
// CHECK:             scf.yield %[[RACC]]
// CHECK:           }
// CHECK:         }
// CHECK:         return %[[R]]
// The checked-chunk form: a chunk loop, an or-reduction of the chunk's
// checks, then the copies.
// CHUNKS-LABEL: func.func @rows(
// CHUNKS:         arith.constant {{128|1024}} :
// CHUNKS:         -> (i1)
func.func @rows(%p: tensor<1000x64xf32>, %i: tensor<16xi32>) -> tensor<16x64xf32> {
  %r = gather.gather %p[%i] : (tensor<1000x64xf32>, tensor<16xi32>) -> tensor<16x64xf32>
  return %r : tensor<16x64xf32>
}

// -----

// 64 copies (4 outer coordinates x 16 positions) are small; 65 are not.
// CHECK-LABEL: func.func @outer_64(
// CHECK-NOT:     -> (i1)
// CHECK:         -> (tensor<4x16xf32>, i1)
// CHECK-NOT:     -> (i1)
// CHECK:         return
func.func @outer_64(%p: tensor<4x100xf32>, %i: tensor<16xi32>) -> tensor<4x16xf32> {
  %r = gather.gather %p[%i] axis = 1 : (tensor<4x100xf32>, tensor<16xi32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// -----

// CHECK-LABEL: func.func @rows_65(
// CHECK:         -> (i1)
func.func @rows_65(%p: tensor<100x8xf32>, %i: tensor<65xi32>) -> tensor<65x8xf32> {
  %r = gather.gather %p[%i] : (tensor<100x8xf32>, tensor<65xi32>) -> tensor<65x8xf32>
  return %r : tensor<65x8xf32>
}

// -----

// A dynamic count, an empty gathered dimension (no in-bounds address to
// read unconditionally) and an element type without a zero keep the checked
// chunks.
// CHECK-LABEL: func.func @dynamic(
// CHECK:         -> (i1)
func.func @dynamic(%p: tensor<100x8xf32>, %i: tensor<?xi32>) -> tensor<?x8xf32> {
  %r = gather.gather %p[%i] : (tensor<100x8xf32>, tensor<?xi32>) -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

// -----

// CHECK-LABEL: func.func @empty_dim(
// CHECK-NOT:     i1)
// CHECK:         return
func.func @empty_dim(%p: tensor<0x8xf32>, %i: tensor<4xi32>) -> tensor<4x8xf32> {
  %r = gather.gather %p[%i] : (tensor<0x8xf32>, tensor<4xi32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @complex_elements(
// CHECK:         -> (i1)
func.func @complex_elements(%p: tensor<10x8xcomplex<f32>>, %i: tensor<4xi32>) -> tensor<4x8xcomplex<f32>> {
  %r = gather.gather %p[%i] : (tensor<10x8xcomplex<f32>>, tensor<4xi32>) -> tensor<4x8xcomplex<f32>>
  return %r : tensor<4x8xcomplex<f32>>
}

// -----

// Elements (no slice) copy with a select in both loops.
// CHECK-LABEL: func.func @elements(
// CHECK:         -> (tensor<3x16xf32>, i1)
// CHECK:         scf.for
// CHECK:           func.call @gather_out_of_bounds(
// CHECK:           arith.select
// CHECK:           tensor.insert
func.func @elements(%p: tensor<3x100xf32>, %i: tensor<16xi32>) -> tensor<3x16xf32> {
  %r = gather.gather %p[%i] axis = 1 : (tensor<3x100xf32>, tensor<16xi32>) -> tensor<3x16xf32>
  return %r : tensor<3x16xf32>
}

// -----

// Zero mode flags as error mode does, without reports: the copy loop reads
// the row at 0 for a bad index, and the second loop, run only after a bad
// one, zeroes its slot.
// CHECK-LABEL: func.func @rows_zero(
// CHECK-SAME:    %[[P:.*]]: tensor<1000x64xf32>, %[[I:.*]]: tensor<16xi32>)
// CHECK-NOT:     func.call
// CHECK:         %[[COPIED:.*]]:2 = scf.for {{.*}} -> (tensor<16x64xf32>, i1) {
// CHECK:           %[[SAFE:.*]] = arith.select
// CHECK:           tensor.extract_slice %[[P]][%[[SAFE]], 0] [1, 64] [1, 1]
// CHECK-NOT:       scf.if
// CHECK:         }
// CHECK:         %[[SPLIT:.*]] = arith.select %[[COPIED]]#1
// CHECK:         scf.for %[[J:.*]] = %[[SPLIT]] to {{.*}} iter_args(%[[RACC:.*]] = %[[COPIED]]#0)
// CHECK-NOT:       func.call
// CHECK:           scf.if %{{.*}} -> (tensor<16x64xf32>) {
// CHECK:             scf.for %[[D:.*]] = {{.*}} iter_args(%[[ZACC:.*]] = %[[RACC]])
// CHECK:               tensor.insert %{{.*}} into %[[ZACC]][%[[J]], %[[D]]]
// CHECK-NOT:     func.call
// CHECK:         return
// CHUNKS-LABEL: func.func @rows_zero(
// CHUNKS:         arith.constant {{128|1024}} :
func.func @rows_zero(%p: tensor<1000x64xf32>, %i: tensor<16xi32>) -> tensor<16x64xf32> {
  %r = gather.gather %p[%i] mode<zero> : (tensor<1000x64xf32>, tensor<16xi32>) -> tensor<16x64xf32>
  return %r : tensor<16x64xf32>
}

// -----

// Clamp mode needs no check: one copy loop clamps each index.
// CHECK-LABEL: func.func @rows_clamp(
// CHECK-SAME:    %[[P:.*]]: tensor<1000x64xf32>, %[[I:.*]]: tensor<16xi32>)
// CHECK-NOT:     -> (i1)
// CHECK:         scf.for {{.*}} -> (tensor<16x64xf32>) {
// CHECK:           %[[LOW:.*]] = arith.minsi
// CHECK:           %[[ROW:.*]] = arith.maxsi %[[LOW]]
// CHECK:           tensor.extract_slice %[[P]][%[[ROW]], 0] [1, 64] [1, 1]
// CHECK-NOT:     scf.for
// CHECK:         return
// CHUNKS-LABEL: func.func @rows_clamp(
// CHUNKS:         arith.constant {{128|1024}} :
func.func @rows_clamp(%p: tensor<1000x64xf32>, %i: tensor<16xi32>) -> tensor<16x64xf32> {
  %r = gather.gather %p[%i] mode<clamp> : (tensor<1000x64xf32>, tensor<16xi32>) -> tensor<16x64xf32>
  return %r : tensor<16x64xf32>
}
