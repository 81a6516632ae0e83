// RUN: gather-opt %s --gather-nontemporal-copies="min-bytes=4096" \
// RUN:   --split-input-file | FileCheck %s
// RUN: gather-opt %s --gather-nontemporal-copies="min-bytes=-1" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=OFF

// A 256-byte row copied into a 1 MiB buffer: streamed when the row is
// 64-byte aligned at run time, copied otherwise; one fence after the loop.
// Every row of the buffer starts 256 bytes after the previous one, so the
// test reads the buffer's address (loop-invariant: LLVM hoists it), not the
// row's.
// CHECK-LABEL: func.func @row_copy(
//  CHECK-SAME:     %[[P:[^:]*]]: memref<1024x64xf32>, %{{[^:]*}}: memref<4096xindex>, %[[OUT:[^:]*]]: memref<4096x64xf32>
//       CHECK:   scf.for %[[M:.*]] =
//       CHECK:     %[[SRC:.*]] = memref.subview %[[P]]
//       CHECK:     %[[DST:.*]] = memref.subview %[[OUT]][%[[M]], 0] [1, 64] [1, 1]
//       CHECK:     %{{.*}}, %[[OFFSET:.*]], %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %[[OUT]]
//       CHECK:     %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %[[OUT]]
//       CHECK:     %[[BYTES:.*]] = arith.muli %[[OFFSET]], %[[C4:.*]] : index
//       CHECK:     %[[ADDR:.*]] = arith.addi %[[PTR]], %[[BYTES]] : index
//       CHECK:     %[[MIS:.*]] = arith.andi %[[ADDR]], %[[C63:.*]] : index
//       CHECK:     %[[ALIGNED:.*]] = arith.cmpi eq, %[[MIS]], %{{.*}} : index
//       CHECK:     scf.if %[[ALIGNED]] {
//       CHECK:       %[[FROM:.*]] = memref.collapse_shape %[[SRC]] {{\[}}[0, 1]]
//       CHECK:       %[[TO:.*]] = memref.collapse_shape %[[DST]] {{\[}}[0, 1]]
//       CHECK:       scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
//       CHECK:         %[[LINE:.*]] = vector.load %[[FROM]][%[[I]]] : memref<64xf32, strided<[1], offset: ?>>, vector<16xf32>
//       CHECK:         vector.store %[[LINE]], %[[TO]][%[[I]]] {alignment = 64 : i64, nontemporal = true}
//       CHECK:     } else {
//  CHECK-NEXT:       memref.copy %[[SRC]], %[[DST]]
//  CHECK-NEXT:     }
//  CHECK-NEXT:   }
//  CHECK-NEXT:   llvm.fence seq_cst
//  CHECK-NEXT:   return
// OFF-LABEL: func.func @row_copy(
//   OFF-NOT:   nontemporal
//   OFF-NOT:   llvm.fence
func.func @row_copy(%p: memref<1024x64xf32>, %i: memref<4096xindex>,
                    %out: memref<4096x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  scf.for %m = %c0 to %c4096 step %c1 {
    %k = memref.load %i[%m] : memref<4096xindex>
    %src = memref.subview %p[%k, 0] [1, 64] [1, 1]
        : memref<1024x64xf32> to memref<1x64xf32, strided<[64, 1], offset: ?>>
    %dst = memref.subview %out[%m, 0] [1, 64] [1, 1]
        : memref<4096x64xf32> to memref<1x64xf32, strided<[64, 1], offset: ?>>
    memref.copy %src, %dst : memref<1x64xf32, strided<[64, 1], offset: ?>>
        to memref<1x64xf32, strided<[64, 1], offset: ?>>
  }
  return
}

// -----

// A destination of dynamic size: its byte size is compared at run time.
// CHECK-LABEL: func.func @dynamic_buffer(
//  CHECK-SAME:     %{{[^:]*}}: memref<1x32xi16>, %[[OUT:[^:]*]]: memref<?x32xi16>
//       CHECK:   %[[ALIGNED:.*]] = arith.cmpi eq
//       CHECK:   memref.dim %[[OUT]], %{{.*}} : memref<?x32xi16>
//       CHECK:   memref.dim %[[OUT]], %{{.*}} : memref<?x32xi16>
//       CHECK:   %[[SIZE:.*]] = arith.muli
//       CHECK:   %[[MIN:.*]] = arith.constant 4096 : index
//       CHECK:   %[[LARGE:.*]] = arith.cmpi uge, %[[SIZE]], %[[MIN]]
//       CHECK:   %[[STREAM:.*]] = arith.andi %[[ALIGNED]], %[[LARGE]] : i1
//       CHECK:   scf.if %[[STREAM]] {
//       CHECK:     vector.load {{.*}} vector<32xi16>
//       CHECK:     vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
//       CHECK:   llvm.fence seq_cst
func.func @dynamic_buffer(%src: memref<1x32xi16>, %out: memref<?x32xi16>,
                          %m: index) {
  %dst = memref.subview %out[%m, 0] [1, 32] [1, 1]
      : memref<?x32xi16> to memref<1x32xi16, strided<[32, 1], offset: ?>>
  memref.copy %src, %dst
      : memref<1x32xi16> to memref<1x32xi16, strided<[32, 1], offset: ?>>
  return
}

// -----

// A row of dynamic length (params of dynamic row width): streamed along
// its innermost dimension when it is a whole number of lines, aligned, in a
// buffer large enough; copied otherwise.
// CHECK-LABEL: func.func @dynamic_row(
//  CHECK-SAME:     %[[P:[^:]*]]: memref<?x?xf32>, %[[OUT:[^:]*]]: memref<?x?xf32>, %{{[^:]*}}: index, %{{[^:]*}}: index, %[[W:[^:]*]]: index
//       CHECK:   %[[SRC:.*]] = memref.subview %[[P]]
//       CHECK:   %[[DST:.*]] = memref.subview %[[OUT]]
//       CHECK:   %[[ALIGNED:.*]] = arith.cmpi eq
//       CHECK:   %[[LARGE:.*]] = arith.cmpi uge
//       CHECK:   %[[S1:.*]] = arith.andi %[[ALIGNED]], %[[LARGE]] : i1
//       CHECK:   %[[C1:.*]] = arith.constant 1 : index
//       CHECK:   %[[N:.*]] = memref.dim %[[DST]], %[[C1]]
//       CHECK:   %[[C16:.*]] = arith.constant 16 : index
//       CHECK:   %[[TAIL:.*]] = arith.remui %[[N]], %[[C16]] : index
//       CHECK:   %[[WHOLE:.*]] = arith.cmpi eq, %[[TAIL]], %{{.*}} : index
//       CHECK:   %[[STREAM:.*]] = arith.andi %[[S1]], %[[WHOLE]] : i1
//       CHECK:   scf.if %[[STREAM]] {
//       CHECK:     scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} {
//       CHECK:       %[[LINE:.*]] = vector.load %[[SRC]][%{{.*}}, %[[I]]] : memref<1x?xf32, strided<[?, 1], offset: ?>>, vector<16xf32>
//       CHECK:       vector.store %[[LINE]], %[[DST]][%{{.*}}, %[[I]]] {alignment = 64 : i64, nontemporal = true}
//       CHECK:   } else {
//       CHECK:     memref.copy %[[SRC]], %[[DST]]
//       CHECK:   llvm.fence seq_cst
func.func @dynamic_row(%p: memref<?x?xf32>, %out: memref<?x?xf32>,
                       %i: index, %j: index, %w: index) {
  %src = memref.subview %p[%i, 0] [1, %w] [1, 1]
      : memref<?x?xf32> to memref<1x?xf32, strided<[?, 1], offset: ?>>
  %dst = memref.subview %out[%j, 0] [1, %w] [1, 1]
      : memref<?x?xf32> to memref<1x?xf32, strided<[?, 1], offset: ?>>
  memref.copy %src, %dst : memref<1x?xf32, strided<[?, 1], offset: ?>>
      to memref<1x?xf32, strided<[?, 1], offset: ?>>
  return
}

// -----

// Left alone: dynamic blocks other than one row (here two rows of dynamic
// width) and a dynamic row whose innermost stride is not 1.
// CHECK-LABEL: func.func @dynamic_left_alone(
//   CHECK-NOT:   nontemporal
//   CHECK-NOT:   llvm.fence
//       CHECK:   return
func.func @dynamic_left_alone(%p: memref<?x?xf32>, %out: memref<?x?xf32>,
                              %i: index, %w: index) {
  %src = memref.subview %p[%i, 0] [2, %w] [1, 1]
      : memref<?x?xf32> to memref<2x?xf32, strided<[?, 1], offset: ?>>
  %dst = memref.subview %out[%i, 0] [2, %w] [1, 1]
      : memref<?x?xf32> to memref<2x?xf32, strided<[?, 1], offset: ?>>
  memref.copy %src, %dst : memref<2x?xf32, strided<[?, 1], offset: ?>>
      to memref<2x?xf32, strided<[?, 1], offset: ?>>
  %s2 = memref.subview %p[%i, 0] [1, %w] [1, 2]
      : memref<?x?xf32> to memref<1x?xf32, strided<[?, 2], offset: ?>>
  %d2 = memref.subview %out[%i, 0] [1, %w] [1, 2]
      : memref<?x?xf32> to memref<1x?xf32, strided<[?, 2], offset: ?>>
  memref.copy %s2, %d2 : memref<1x?xf32, strided<[?, 2], offset: ?>>
      to memref<1x?xf32, strided<[?, 2], offset: ?>>
  return
}

// -----

// Left alone: a destination buffer under min-bytes, a block that is not a
// whole number of lines, a strided block, and index elements.
// CHECK-LABEL: func.func @left_alone(
//   CHECK-NOT:   nontemporal
//   CHECK-NOT:   llvm.fence
//       CHECK:   return
func.func @left_alone(%small: memref<8x64xf32>, %big: memref<4096x20xf32>,
                      %wide: memref<4096x128xf32>, %idx: memref<4096x16xindex>,
                      %row: memref<1x64xf32>, %row20: memref<1x20xf32>,
                      %irow: memref<1x16xindex>, %m: index) {
  %a = memref.subview %small[%m, 0] [1, 64] [1, 1]
      : memref<8x64xf32> to memref<1x64xf32, strided<[64, 1], offset: ?>>
  memref.copy %row, %a
      : memref<1x64xf32> to memref<1x64xf32, strided<[64, 1], offset: ?>>
  %b = memref.subview %big[%m, 0] [1, 20] [1, 1]
      : memref<4096x20xf32> to memref<1x20xf32, strided<[20, 1], offset: ?>>
  memref.copy %row20, %b
      : memref<1x20xf32> to memref<1x20xf32, strided<[20, 1], offset: ?>>
  %c = memref.subview %wide[%m, 0] [1, 64] [1, 2]
      : memref<4096x128xf32> to memref<1x64xf32, strided<[128, 2], offset: ?>>
  memref.copy %row, %c
      : memref<1x64xf32> to memref<1x64xf32, strided<[128, 2], offset: ?>>
  %d = memref.subview %idx[%m, 0] [1, 16] [1, 1]
      : memref<4096x16xindex> to memref<1x16xindex, strided<[16, 1], offset: ?>>
  memref.copy %irow, %d
      : memref<1x16xindex> to memref<1x16xindex, strided<[16, 1], offset: ?>>
  return
}

// -----

// A parallel loop is fenced once, after it (its threads' join drains their
// stores); a fence in its body would keep scf-to-openmp's alloca_scope.
// CHECK-LABEL: func.func @parallel(
//       CHECK:   scf.parallel
//       CHECK:     scf.for
//       CHECK:       nontemporal = true
//       CHECK:       memref.copy
//  CHECK-NEXT:     }
//  CHECK-NEXT:   }
//   CHECK-NOT:   llvm.fence
//       CHECK:   scf.reduce
//  CHECK-NEXT:   }
//  CHECK-NEXT:   llvm.fence seq_cst
//  CHECK-NEXT:   return
func.func @parallel(%row: memref<1x64xf32>, %out: memref<64x64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%o) = (%c0) to (%c64) step (%c1) {
    scf.for %m = %c0 to %c64 step %c1 {
      %dst = memref.subview %out[%o, %m, 0] [1, 1, 64] [1, 1, 1]
          : memref<64x64x64xf32> to memref<1x64xf32, strided<[64, 1], offset: ?>>
      memref.copy %row, %dst
          : memref<1x64xf32> to memref<1x64xf32, strided<[64, 1], offset: ?>>
    }
  }
  return
}

// -----

// Rows of 16 and 32 bytes in a loop marked gather.stream_stores
// (convert-gather-to-scf's dense chunks) stream in one store each, tested
// for alignment to their own size; the same copies in an unmarked loop, and
// a 16-byte row whose rows are 20 bytes apart (the row's address is
// tested, not the buffer's), are left as they are or tested per row.
// CHECK-LABEL: func.func @sub_line(
//  CHECK-SAME:     %[[OUT:[^:]*]]: memref<1048576x4xf32>, %[[OUT8:[^:]*]]: memref<1048576x8xf32>,
//       CHECK:   scf.for
//       CHECK:     %[[DST:.*]] = memref.subview %[[OUT]]
//       CHECK:     memref.extract_aligned_pointer_as_index %[[OUT]]
//       CHECK:     arith.andi %{{.*}}, %[[C15:.*]] : index
//       CHECK:     scf.if
//       CHECK:       vector.load {{.*}} vector<4xf32>
//       CHECK:       vector.store {{.*}} {alignment = 16 : i64, nontemporal = true}
//       CHECK:     } else {
//  CHECK-NEXT:       memref.copy
//       CHECK:     %[[DST8:.*]] = memref.subview %[[OUT8]]
//       CHECK:     memref.extract_aligned_pointer_as_index %[[OUT8]]
//       CHECK:       vector.store {{.*}} {alignment = 32 : i64, nontemporal = true} : memref<8xf32, strided<[1], offset: ?>>, vector<8xf32>
//       CHECK:   } {gather.stream_stores}
//       CHECK:   scf.for
//   CHECK-NOT:     nontemporal
//       CHECK:   } {other}
//       CHECK:   scf.for
//       CHECK:     %[[DST5:.*]] = memref.subview
//       CHECK:     memref.extract_aligned_pointer_as_index %[[DST5]]
//       CHECK:     vector.store {{.*}} {alignment = 16 : i64, nontemporal = true}
//       CHECK:   } {gather.stream_stores}
//       CHECK:   llvm.fence seq_cst
//  CHECK-NEXT:   return
// OFF-LABEL: func.func @sub_line(
//   OFF-NOT:   nontemporal
func.func @sub_line(%out: memref<1048576x4xf32>, %out8: memref<1048576x8xf32>,
                    %out5: memref<1048576x5xf32>, %row: memref<1x4xf32>,
                    %row8: memref<1x8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %m = %c0 to %n step %c1 {
    %dst = memref.subview %out[%m, 0] [1, 4] [1, 1]
        : memref<1048576x4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
    memref.copy %row, %dst
        : memref<1x4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
    %dst8 = memref.subview %out8[%m, 0] [1, 8] [1, 1]
        : memref<1048576x8xf32> to memref<1x8xf32, strided<[8, 1], offset: ?>>
    memref.copy %row8, %dst8
        : memref<1x8xf32> to memref<1x8xf32, strided<[8, 1], offset: ?>>
  } {gather.stream_stores}
  scf.for %m = %c0 to %n step %c1 {
    %dst = memref.subview %out[%m, 0] [1, 4] [1, 1]
        : memref<1048576x4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
    memref.copy %row, %dst
        : memref<1x4xf32> to memref<1x4xf32, strided<[4, 1], offset: ?>>
  } {other}
  scf.for %m = %c0 to %n step %c1 {
    %dst = memref.subview %out5[%m, 0] [1, 4] [1, 1]
        : memref<1048576x5xf32> to memref<1x4xf32, strided<[5, 1], offset: ?>>
    memref.copy %row, %dst
        : memref<1x4xf32> to memref<1x4xf32, strided<[5, 1], offset: ?>>
  } {gather.stream_stores}
  return
}

// -----

// Rows of 4 KiB in a loop marked gather.plain_stores (convert-gather-to-scf's
// chunks of random, prefetched rows on AMD Zen) keep their plain copy; the
// same rows in an unmarked loop stream.
// CHECK-LABEL: func.func @plain_stores(
//       CHECK:   scf.for
//   CHECK-NOT:     nontemporal
//       CHECK:     memref.copy
//   CHECK-NOT:     nontemporal
//       CHECK:   } {gather.plain_stores}
//       CHECK:   scf.for
//       CHECK:     vector.store {{.*}} {alignment = 64 : i64, nontemporal = true}
//       CHECK:   llvm.fence seq_cst
//  CHECK-NEXT:   return
func.func @plain_stores(%out: memref<8192x1024xf32>, %row: memref<1x1024xf32>,
                        %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %m = %c0 to %n step %c1 {
    %dst = memref.subview %out[%m, 0] [1, 1024] [1, 1]
        : memref<8192x1024xf32> to memref<1x1024xf32, strided<[1024, 1], offset: ?>>
    memref.copy %row, %dst
        : memref<1x1024xf32> to memref<1x1024xf32, strided<[1024, 1], offset: ?>>
  } {gather.plain_stores}
  scf.for %m = %c0 to %n step %c1 {
    %dst = memref.subview %out[%m, 0] [1, 1024] [1, 1]
        : memref<8192x1024xf32> to memref<1x1024xf32, strided<[1024, 1], offset: ?>>
    memref.copy %row, %dst
        : memref<1x1024xf32> to memref<1x1024xf32, strided<[1024, 1], offset: ?>>
  }
  return
}
