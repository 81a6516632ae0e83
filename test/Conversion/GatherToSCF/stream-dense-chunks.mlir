// Chunks of 16-byte rows (LoweringPlan::streamDenseChunks, here with a
// dynamic number of positions) test whether their indices are dense: the
// first and last index of the chunk at most 8 rows apart per position. A
// good, dense chunk copies in a loop marked gather.stream_stores (whose
// copies gather-nontemporal-copies streams); the plain unchecked loop then
// starts at the chunk's end and the resolving loop is empty. A sparse or
// bad chunk copies as before. A result of dynamic size chooses at run time
// by its size, as a static one does at compile time: at least 32 MiB (the
// default nontemporal-min-bytes), these chunks; smaller, chunks without
// the test (the split of each chunk cost rows of 16 B from L2 10 %).
//
// RUN: gather-opt %s --convert-gather-to-scf | FileCheck %s
// RUN: gather-opt %s --convert-gather-to-scf=parallel | FileCheck %s --check-prefix=PAR
// The threshold is nontemporal-min-bytes (gather-cpu-pipeline passes its
// own): -1 streams nothing, 0 every result (no choice at run time).
// RUN: gather-opt %s --convert-gather-to-scf="nontemporal-min-bytes=-1" | FileCheck %s --check-prefix=NEVER
// RUN: gather-opt %s --convert-gather-to-scf="nontemporal-min-bytes=0" | FileCheck %s --check-prefix=ALWAYS
// RUN: gather-opt %s --convert-gather-to-scf="nontemporal-min-bytes=4096" | FileCheck %s --check-prefix=OWN
// NEVER-NOT: gather.stream_stores
// NEVER-NOT: arith.maxsi
// ALWAYS-LABEL: func.func @rows(
// ALWAYS-NOT:     arith.cmpi uge, %{{.*}}, %{{.*}} : index
// ALWAYS:         scf.for
// ALWAYS:         } {gather.stream_stores}
// ALWAYS:         return
// OWN-LABEL:   func.func @rows(
// OWN:           %[[MIN:.*]] = arith.constant 4096 : index
// OWN:           arith.cmpi uge, %{{.*}}, %[[MIN]] : index

// CHECK-LABEL: func.func @rows(
//  CHECK-SAME:     %[[P:[^:]*]]: tensor<1000x4xf32>, %[[I:[^:]*]]: tensor<?xi32>
//       CHECK:   %[[N0:.*]] = tensor.dim %[[I]]
//       CHECK:   %[[B0:.*]] = arith.muli %{{.*}}, %[[N0]] : index
//       CHECK:   %[[BYTES:.*]] = arith.muli %[[B0]], %{{.*}} : index
//       CHECK:   %[[MIN:.*]] = arith.constant 33554432 : index
//       CHECK:   %[[LARGE:.*]] = arith.cmpi uge, %[[BYTES]], %[[MIN]] : index
//       CHECK:   scf.if %[[LARGE]] -> (tensor<?x4xf32>) {
//       CHECK:   scf.for %[[LO:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
//       CHECK:     %[[HI:.*]] = arith.minui
//       CHECK:     %[[BAD:.*]] = scf.if
//       CHECK:     %[[SPLIT:.*]] = arith.select %[[BAD]], %[[LO]], %[[HI]] : index
//       CHECK:     %[[GOOD:.*]] = arith.xori %[[BAD]], %{{.*}} : i1
//       CHECK:     %[[LASTPOS:.*]] = arith.subi %[[HI]], %{{.*}} : index
//       CHECK:     %[[LASTI:.*]] = tensor.extract %[[I]][%[[LASTPOS]]]
//       CHECK:     %[[LAST:.*]] = arith.index_cast %[[LASTI]]
//       CHECK:     %[[FIRSTI:.*]] = tensor.extract %[[I]][%[[LO]]]
//       CHECK:     %[[FIRST:.*]] = arith.index_cast %[[FIRSTI]]
//       CHECK:     %[[DIST:.*]] = arith.subi %[[LAST]], %[[FIRST]] : index
//       CHECK:     %[[NEG:.*]] = arith.subi %{{.*}}, %[[DIST]] : index
//       CHECK:     %[[SPAN:.*]] = arith.maxsi %[[DIST]], %[[NEG]] : index
//       CHECK:     %[[N:.*]] = arith.subi %[[HI]], %[[LO]] : index
//       CHECK:     %[[MAXSPAN:.*]] = arith.muli %[[N]], %[[C8:.*]] : index
//       CHECK:     %[[DENSE:.*]] = arith.cmpi sle, %[[SPAN]], %[[MAXSPAN]] : index
//       CHECK:     %[[STREAM:.*]] = arith.andi %[[GOOD]], %[[DENSE]] : i1
//       CHECK:     %[[MID:.*]] = arith.select %[[STREAM]], %[[HI]], %[[LO]] : index
//       CHECK:     %[[S:.*]] = scf.for %{{.*}} = %[[LO]] to %[[MID]] {{.*}} iter_args(%{{.*}} = %[[ACC]])
//       CHECK:       tensor.insert_slice
//       CHECK:     } {gather.stream_stores}
//       CHECK:     %[[U:.*]] = scf.for %{{.*}} = %[[MID]] to %[[SPLIT]] {{.*}} iter_args(%{{.*}} = %[[S]])
//       CHECK:       tensor.insert_slice
//   CHECK-NOT:     gather.stream_stores
//       CHECK:     scf.for %{{.*}} = %[[SPLIT]] to %[[HI]] {{.*}} iter_args(%{{.*}} = %[[U]])
//       CHECK:   } else {
//   CHECK-NOT:     arith.maxsi
//   CHECK-NOT:     gather.stream_stores
//       CHECK:   return
// The chunks of a forall (threads) do the same:
// PAR-LABEL: func.func @rows(
//       PAR:   scf.forall
//       PAR:     arith.maxsi
//       PAR:     } {gather.stream_stores}
//       PAR:   scf.forall.in_parallel
func.func @rows(%p: tensor<1000x4xf32>, %i: tensor<?xi32>) -> tensor<?x4xf32> {
  %r = gather.gather %p[%i] : (tensor<1000x4xf32>, tensor<?xi32>) -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// Rows of 64 bytes stream without the test (gather-nontemporal-copies
// streams whole lines).
// CHECK-LABEL: func.func @lines(
//   CHECK-NOT:   arith.maxsi
//   CHECK-NOT:   gather.stream_stores
//       CHECK:   return
func.func @lines(%p: tensor<1000x16xf32>, %i: tensor<?xi32>) -> tensor<?x16xf32> {
  %r = gather.gather %p[%i] : (tensor<1000x16xf32>, tensor<?xi32>) -> tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}

// Rows of 16 B from params beyond L2 are prefetched 64 positions ahead, but
// not in a dense chunk: rows a few dozen bytes apart are what the hardware
// prefetcher follows (LoweringPlan::prefetchDenseChunks).
// CHECK-LABEL: func.func @prefetched_rows(
//       CHECK:   scf.for
//       CHECK:     scf.for
//   CHECK-NOT:       memref.prefetch {{.*}} : memref<16777216x4xf32
//       CHECK:     } {gather.stream_stores}
//       CHECK:     scf.for
//       CHECK:       memref.prefetch {{.*}} : memref<16777216x4xf32
//       CHECK:       tensor.insert_slice
// PAR-LABEL: func.func @prefetched_rows(
//       PAR:   scf.forall
//   PAR-NOT:       memref.prefetch {{.*}} : memref<16777216x4xf32
//       PAR:     } {gather.stream_stores}
//       PAR:       memref.prefetch {{.*}} : memref<16777216x4xf32
//       PAR:   scf.forall.in_parallel
func.func @prefetched_rows(%p: tensor<16777216x4xf32>, %i: tensor<?xi32>) -> tensor<?x4xf32> {
  %r = gather.gather %p[%i] : (tensor<16777216x4xf32>, tensor<?xi32>) -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
