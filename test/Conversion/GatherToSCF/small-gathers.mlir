// Small gathers in a reporting mode (at most per-copy-check-max-copies
// static copies, 64 by default, on one thread) check each index in their one
// copy loop: no chunk loop, no separate check loop, no unchecked copy loop.
// The code is about a third of the checked-chunk form's, which keeps modules
// of many small gathers quick to compile (docs/performance.md, "Compile
// time"); the chunk's vectorised check pays off only over many copies.
//
// RUN: gather-opt %s --convert-gather-to-scf --split-input-file | FileCheck %s
// RUN: gather-opt %s --convert-gather-to-scf=per-copy-check-max-copies=0 --split-input-file | FileCheck %s --check-prefix=CHUNKS
// RUN: gather-opt %s --convert-gather-to-scf=parallel --split-input-file | FileCheck %s --check-prefix=CHUNKS
// gather-cpu-pipeline passes the option on (the IR after the lowering):
// RUN: gather-opt %s --gather-cpu-pipeline=per-copy-check-max-copies=0 --split-input-file --mlir-print-ir-after=convert-gather-to-scf -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHUNKS
// RUN: gather-opt %s --gather-cpu-pipeline --split-input-file --mlir-print-ir-after=convert-gather-to-scf -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPE
// PIPE-LABEL: func.func @rows(
// PIPE-NOT:     -> (i1)
// PIPE:         return
//
// At run time (16 rows of 256 B from a 51 MB table, 200k calls, medians of
// 12 runs, one core): 0.44 us per call here against 0.40 us in checked
// chunks, whose copy loop has no branch; the option trades that back.

// 16 rows of 256 B: each iteration prefetches the row 8 positions ahead,
// reports its index when bad, then copies the row or, after the handler
// returned, zeroes its slot.
// CHECK-LABEL: func.func @rows(
// CHECK-SAME:    %[[P:.*]]: tensor<1000x64xf32>, %[[I:.*]]: tensor<16xi32>)
// CHECK-NOT:     arith.constant 1024
// CHECK:         %[[R:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<16x64xf32>) {
// CHECK:           memref.prefetch
// CHECK:           %[[RAW:.*]] = tensor.extract %[[I]][%[[K]]] : tensor<16xi32>
// CHECK:           %[[IDX:.*]] = arith.index_cast %[[RAW]] : i32 to index
// CHECK:           %[[BAD:.*]] = arith.cmpi uge, %[[IDX]], %{{.*}} : index
// CHECK:           scf.if %[[BAD]] {
// CHECK:             func.call @gather_out_of_bounds(
// CHECK:           }
// CHECK:           %[[IN:.*]] = arith.cmpi ult, %[[IDX]], %{{.*}} : index
// CHECK:           scf.if %[[IN]] -> (tensor<16x64xf32>) {
// CHECK:             tensor.extract_slice %[[P]]
// CHECK:           } else {
// CHECK:             linalg.fill
// CHECK:           }
// CHECK:         }
// CHECK-NOT:     scf.for
// CHECK:         return %[[R]]
// The checked-chunk form: a chunk loop, an or-reduction of the chunk's
// checks, then the copies.
// CHUNKS-LABEL: func.func @rows(
// CHUNKS:         arith.constant 1024
// CHUNKS:         -> (i1)
func.func @rows(%p: tensor<1000x64xf32>, %i: tensor<16xi32>) -> tensor<16x64xf32> {
  %r = gather.gather %p[%i] : (tensor<1000x64xf32>, tensor<16xi32>) -> tensor<16x64xf32>
  return %r : tensor<16x64xf32>
}

// -----

// 64 copies (4 outer coordinates x 16 positions) are small; 65 are not.
// CHECK-LABEL: func.func @outer_64(
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

// A dynamic count keeps the checked chunks.
// CHECK-LABEL: func.func @dynamic(
// CHECK:         -> (i1)
func.func @dynamic(%p: tensor<100x8xf32>, %i: tensor<?xi32>) -> tensor<?x8xf32> {
  %r = gather.gather %p[%i] : (tensor<100x8xf32>, tensor<?xi32>) -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}
