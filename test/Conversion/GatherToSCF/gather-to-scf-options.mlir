// slice-versions-max-bytes=0: a dynamic slice width gets its one lowering
// here (its versions for static widths: slice-versions.mlir).
//
// RUN: gather-opt %s --convert-gather-to-scf="per-copy-check-max-copies=0 slice-versions-max-bytes=0" --split-input-file | FileCheck %s --check-prefix=AUTO
// RUN: gather-opt %s --convert-gather-to-scf="prefetch-distance=3 per-copy-check-max-copies=0 slice-versions-max-bytes=0" --split-input-file | FileCheck %s --check-prefix=DIST3
// RUN: gather-opt %s --convert-gather-to-scf="prefetch-distance=0 per-copy-check-max-copies=0 slice-versions-max-bytes=0" --split-input-file | FileCheck %s --check-prefix=NOPF
// RUN: gather-opt %s --convert-gather-to-scf="parallel=1 prefetch-distance=0 slice-versions-max-bytes=0" --split-input-file | FileCheck %s --check-prefix=PAR
//
// The gathers here are small enough for the small-gather plans
// (small-gathers.mlir); per-copy-check-max-copies=0 keeps them in checked
// chunks, whose prefetches this file checks.

// Prefetch: each iteration prefetches the row selected `distance` positions
// ahead (the position clamped into indices, the index clamped into params),
// one line of 64 bytes at a time for the first 4 KiB of the row (a prefetch
// per line where the row has at most 4 static lines, else a loop), from a
// read-only buffer view of params. The default distance is about 2 KiB of
// rows ahead: 8 rows of 256 bytes.

// AUTO-LABEL: func.func @rows_clamp(
// AUTO-SAME:    %[[PARAMS:.*]]: tensor<100x64xf32>, %[[INDICES:.*]]: tensor<20xi32>)
// AUTO-DAG:     %[[C100:.*]] = arith.constant 100 : index
// AUTO:         %[[VIEW:.*]] = bufferization.to_buffer %[[PARAMS]] read_only : tensor<100x64xf32> to memref<100x64xf32, strided<[?, ?], offset: ?>>
// AUTO:         scf.for %[[LO:[^ ]*]] = {{.*}} iter_args
// AUTO:           scf.for {{.*}} -> (i1)
// AUTO:           scf.for %[[I:[^ ]*]] = %[[LO]] to {{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// AUTO:           %[[C20:.*]] = arith.constant 20 : index
// AUTO:           %[[LASTPOS:.*]] = arith.subi %[[C20]], %{{.*}} : index
// AUTO:           %[[D:.*]] = arith.constant 8 : index
// AUTO:           %[[AHEAD:.*]] = arith.addi %[[I]], %[[D]] : index
// AUTO:           %[[POS:.*]] = arith.minui %[[AHEAD]], %[[LASTPOS]] : index
// AUTO:           %[[ARAW:.*]] = tensor.extract %[[INDICES]][%[[POS]]] : tensor<20xi32>
// AUTO:           %[[AIDX:.*]] = arith.index_cast %[[ARAW]] : i32 to index
// AUTO:           %[[LASTROW:.*]] = arith.subi %[[C100]], %{{.*}} : index
// AUTO:           %[[ROW:.*]] = arith.minui %[[AIDX]], %[[LASTROW]] : index
// AUTO:           memref.prefetch %[[VIEW]][%[[ROW]], %{{.*}}], read, locality<3>, data
// AUTO:           %[[C16:.*]] = arith.constant 16 : index
// AUTO:           memref.prefetch %[[VIEW]][%[[ROW]], %[[C16]]], read, locality<3>, data
// AUTO:           %[[C32:.*]] = arith.constant 32 : index
// AUTO:           memref.prefetch %[[VIEW]][%[[ROW]], %[[C32]]], read, locality<3>, data
// AUTO:           %[[C48:.*]] = arith.constant 48 : index
// AUTO:           memref.prefetch %[[VIEW]][%[[ROW]], %[[C48]]], read, locality<3>, data
// AUTO-NOT:       memref.prefetch
// AUTO:           %[[RAW:.*]] = tensor.extract %[[INDICES]][%[[I]]] : tensor<20xi32>
// AUTO:           tensor.extract_slice %[[PARAMS]]
// AUTO:           tensor.insert_slice

// DIST3-LABEL: func.func @rows_clamp(
// DIST3:         scf.for {{.*}} -> (i1)
// DIST3:         scf.for %[[I:[^ ]*]] =
// DIST3:           %[[D:.*]] = arith.constant 3 : index
// DIST3:           arith.addi %[[I]], %[[D]] : index
// DIST3:           memref.prefetch

// NOPF-LABEL: func.func @rows_clamp(
// NOPF-NOT:     memref.prefetch
// NOPF:         return

// Parallel: the outermost loop is an scf.forall, here over chunks of 1024
// positions (the only loop); each iteration fills its own rows of the
// result (a slot extracted from the shared output), in sub-chunks of 128
// positions (slice copies): checks a sub-chunk's indices, copies them
// unchecked when none is bad, else clamps each; and inserts the slot in
// parallel.

// PAR-LABEL: func.func @rows_clamp(
// PAR-SAME:    %[[PARAMS:.*]]: tensor<100x64xf32>, %[[INDICES:.*]]: tensor<20xi32>)
// PAR:         %[[INIT:.*]] = tensor.empty() : tensor<20x64xf32>
// PAR:         %[[R:.*]] = scf.forall (%[[C:.*]]) in (1) shared_outs(%[[OUT:.*]] = %[[INIT]]) -> (tensor<20x64xf32>) {
// PAR:           %[[LO:.*]] = arith.muli %[[C]], %{{.*}} : index
// PAR:           %[[HI:.*]] = arith.minui
// PAR:           %[[N:.*]] = arith.subi %[[HI]], %[[LO]] : index
// PAR:           %[[SLOT:.*]] = tensor.extract_slice %[[OUT]][%[[LO]], 0] [%[[N]], 64] [1, 1] : tensor<20x64xf32> to tensor<?x64xf32>
// PAR:           %[[FILLED:.*]] = scf.for %[[SLO:.*]] = %[[LO]] to %[[HI]] step %[[C128:.*]] iter_args(%[[SACC:.*]] = %[[SLOT]])
// PAR:             %[[SHI:.*]] = arith.minui %{{.*}}, %[[HI]] : index
// PAR:             %[[BAD:.*]] = scf.if %{{.*}} -> (i1)
// PAR:               scf.for {{.*}} -> (vector<16xi32>)
// PAR:             } else {
// PAR:               scf.for {{.*}} -> (i1)
// PAR:             }
// PAR:             %[[SPLIT:.*]] = arith.select %[[BAD]], %[[SLO]], %[[SHI]] : index
// PAR:             %[[CLEAN:.*]] = scf.for %[[I:.*]] = %[[SLO]] to %[[SPLIT]] {{.*}} iter_args(%[[ACC:.*]] = %[[SACC]])
// PAR:               %[[REL:.*]] = arith.subi %[[I]], %[[LO]] : index
// PAR:               %[[RAW:.*]] = tensor.extract %[[INDICES]][%[[I]]] : tensor<20xi32>
// PAR-NOT:           arith.minsi
// PAR:               %[[SLICE:.*]] = tensor.extract_slice %[[PARAMS]][%{{.*}}, 0] [1, 64] [1, 1]
// PAR:               tensor.insert_slice %[[SLICE]] into %[[ACC]][%[[REL]], 0] [1, 64] [1, 1] : tensor<1x64xf32> into tensor<?x64xf32>
// PAR:             scf.for %{{.*}} = %[[SPLIT]] to %[[SHI]] {{.*}} iter_args(%{{.*}} = %[[CLEAN]])
// PAR:               arith.minsi
// PAR:               arith.maxsi
// PAR:           scf.forall.in_parallel {
// PAR:             tensor.parallel_insert_slice %[[FILLED]] into %[[OUT]][%[[LO]], 0] [%[[N]], 64] [1, 1] : tensor<?x64xf32> into tensor<20x64xf32>
// PAR:           }
// PAR:         }
// PAR:         return %[[R]]
func.func @rows_clamp(%params: tensor<100x64xf32>, %indices: tensor<20xi32>) -> tensor<20x64xf32> {
  %r = gather.gather %params[%indices] mode<clamp> : (tensor<100x64xf32>, tensor<20xi32>) -> tensor<20x64xf32>
  return %r : tensor<20x64xf32>
}

// -----

// Parallel error mode: when the position loop is the only loop, the forall
// runs over its chunks of 1024; each iteration, in sub-chunks of 128
// positions, checks their indices (or-reduction) and copies them into its
// slot of the result, unchecked when none is bad, else resolving each index
// as zero mode (one of the two copy loops is empty), and writes its flag:
// whether a sub-chunk was bad. Threads report
// nothing: after the loop, if any flag is set, the sequential loop reports
// every bad index in index order.

// PAR-LABEL: func.func @rows_error(
// PAR-SAME:    %[[PARAMS:.*]]: tensor<100x64xf32>, %[[INDICES:.*]]: tensor<20xi32>)
// PAR:         %[[INIT:.*]] = tensor.empty() : tensor<20x64xf32>
// PAR:         %[[CHUNK:.*]] = arith.constant 1024 : index
// PAR:         %[[FLAGS:.*]] = tensor.empty() : tensor<1xi8>
// PAR:         %[[R:.*]]:2 = scf.forall (%[[C:.*]]) in (1) shared_outs(%[[OUT:.*]] = %[[INIT]], %[[F:.*]] = %[[FLAGS]])
// PAR:           %[[LO:.*]] = arith.muli %[[C]], %[[CHUNK]] : index
// PAR:           %[[HI:.*]] = arith.minui
// PAR:           %[[N:.*]] = arith.subi %[[HI]], %[[LO]] : index
// PAR:           %[[SLOT:.*]] = tensor.extract_slice %[[OUT]][%[[LO]], 0] [%[[N]], 64] [1, 1]
// PAR:           %[[FILLED:.*]]:2 = scf.for %[[SLO:.*]] = %[[LO]] to %[[HI]] step %{{.*}} iter_args(%[[SACC:.*]] = %[[SLOT]], %[[SEEN:.*]] = %{{.*}})
// PAR:             %[[SHI:.*]] = arith.minui %{{.*}}, %[[HI]] : index
// PAR:             %[[BAD:.*]] = scf.if %{{.*}} -> (i1)
// PAR:               scf.for {{.*}} -> (vector<16xi32>)
// PAR:             } else {
// PAR:               scf.for %[[V:.*]] = %[[SLO]] to %[[SHI]] {{.*}} -> (i1) {
// PAR:                 tensor.extract %[[INDICES]][%[[V]]]
// PAR:                 arith.cmpi uge
// PAR:               }
// PAR:             }
// PAR:             %[[SPLIT:.*]] = arith.select %[[BAD]], %[[SLO]], %[[SHI]] : index
// PAR:             %[[CLEAN:.*]] = scf.for %[[I:.*]] = %[[SLO]] to %[[SPLIT]] {{.*}} iter_args(%{{.*}} = %[[SACC]])
// PAR:               %[[REL:.*]] = arith.subi %[[I]], %[[LO]] : index
// PAR-NOT:           scf.if
// PAR:               tensor.insert_slice %{{.*}} into %{{.*}}[%[[REL]], 0] [1, 64] [1, 1]
// PAR:             }
// PAR:             %[[COPIED:.*]] = scf.for %[[J:.*]] = %[[SPLIT]] to %[[SHI]] {{.*}} iter_args(%{{.*}} = %[[CLEAN]])
// PAR:               arith.cmpi ult
// PAR:               scf.if
// PAR:             }
// PAR:             %[[ANYSEEN:.*]] = arith.ori %[[SEEN]], %[[BAD]] : i1
// PAR:             scf.yield %[[COPIED]], %[[ANYSEEN]]
// PAR:           }
// PAR:           %[[OWN:.*]] = tensor.extract_slice %[[F]][%[[C]]] [1] [1] : tensor<1xi8> to tensor<1xi8>
// PAR:           %[[SKIP:.*]] = arith.extui %[[FILLED]]#1 : i1 to i8
// PAR:           %[[FLAGT:.*]] = tensor.insert %[[SKIP]] into %[[OWN]][%{{.*}}] : tensor<1xi8>
// PAR:           scf.forall.in_parallel {
// PAR:             tensor.parallel_insert_slice %[[FILLED]]#0 into %[[OUT]][%[[LO]], 0] [%[[N]], 64] [1, 1]
// PAR:             tensor.parallel_insert_slice %[[FLAGT]] into %[[F]][%[[C]]] [1] [1]
// PAR:           }
// PAR:         %[[ANY:.*]] = scf.for {{.*}} -> (i8) {
// PAR:           tensor.extract %[[R]]#1
// PAR:           arith.ori
// PAR:         }
// PAR:         %[[ANYBAD:.*]] = arith.cmpi ne, %[[ANY]], %{{.*}} : i8
// PAR:         scf.if %[[ANYBAD]] {
// PAR:           scf.for
// PAR:             func.call @gather_out_of_bounds
// PAR:         }
// PAR:         return %[[R]]#0
func.func @rows_error(%params: tensor<100x64xf32>, %indices: tensor<20xi32>) -> tensor<20x64xf32> {
  %r = gather.gather %params[%indices] : (tensor<100x64xf32>, tensor<20xi32>) -> tensor<20x64xf32>
  return %r : tensor<20x64xf32>
}

// -----

// Parallel elements of few rows (static, at most 8) and a long or dynamic
// position loop: the rows loop runs in sequence, and for each row a forall
// runs over the chunks of its positions, inserting each chunk into its slot
// of that row; the flags of every row are or-ed, and reported once after the
// rows.

// PAR-LABEL: func.func @elements_few_rows(
// PAR-SAME:    %[[PARAMS:.*]]: tensor<4x100xf32>, %[[INDICES:.*]]: tensor<?xi32>)
// PAR:         %[[ROWS:.*]]:2 = scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[ANYBAD:.*]] = %{{.*}}) -> (tensor<4x?xf32>, i1) {
// PAR:           %[[COUNT:.*]] = arith.ceildivui
// PAR:           %[[R:.*]]:2 = scf.forall (%[[C:.*]]) in (%[[COUNT]]) shared_outs(%[[OUT:.*]] = %[[ACC]], %{{.*}} = %{{.*}})
// PAR:             %[[LO:.*]] = arith.muli %[[C]], %{{.*}} : index
// PAR:             %[[N:.*]] = arith.subi %{{.*}}, %[[LO]] : index
// PAR:             %[[SLOT:.*]] = tensor.extract_slice %[[OUT]][%[[ROW]], %[[LO]]] [1, %[[N]]] [1, 1] : tensor<4x?xf32> to tensor<1x?xf32>
// PAR:             scf.for %[[I:.*]] = %[[LO]] to {{.*}} iter_args(%[[SACC:.*]] = %[[SLOT]])
// PAR:               %[[REL:.*]] = arith.subi %[[I]], %[[LO]] : index
// PAR:               %[[E:.*]] = tensor.extract %[[PARAMS]][%[[ROW]], %{{.*}}] : tensor<4x100xf32>
// PAR:               tensor.insert %[[E]] into %[[SACC]][%{{.*}}, %[[REL]]] : tensor<1x?xf32>
// PAR:             scf.forall.in_parallel {
// PAR:               tensor.parallel_insert_slice %{{.*}} into %[[OUT]][%[[ROW]], %[[LO]]] [1, %[[N]]] [1, 1] : tensor<1x?xf32> into tensor<4x?xf32>
// PAR:           %[[ROWBAD:.*]] = arith.cmpi ne
// PAR:           %[[NEXTBAD:.*]] = arith.ori %[[ANYBAD]], %[[ROWBAD]] : i1
// PAR:           scf.yield %[[R]]#0, %[[NEXTBAD]] : tensor<4x?xf32>, i1
// PAR:         scf.if %[[ROWS]]#1 {
// PAR:           func.call @gather_out_of_bounds
// PAR:         }
func.func @elements_few_rows(%params: tensor<4x100xf32>, %indices: tensor<?xi32>) -> tensor<4x?xf32> {
  %r = gather.gather %params[%indices] axis = 1 : (tensor<4x100xf32>, tensor<?xi32>) -> tensor<4x?xf32>
  return %r : tensor<4x?xf32>
}

// -----

// Single f16 elements are copied as one-element slices (an integer move
// after bufferization), not as f16 values.

// NOPF-LABEL: func.func @f16_elements(
// NOPF-SAME:    %[[PARAMS:.*]]: tensor<4x100xf16>, %[[INDICES:.*]]: tensor<8xi64>)
// NOPF:         scf.for %[[O:.*]] = {{.*}} iter_args(%[[ACC0:.*]] = %{{.*}})
// NOPF:           scf.for %[[LO:.*]] = {{.*}} iter_args
// NOPF:             scf.for %[[I:.*]] = %[[LO]] to {{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// NOPF-NOT:         tensor.extract %[[PARAMS]]
// NOPF:             %[[E:.*]] = tensor.extract_slice %[[PARAMS]][%[[O]], %{{.*}}] [1, 1] [1, 1] : tensor<4x100xf16> to tensor<1x1xf16>
// NOPF:             tensor.insert_slice %[[E]] into %[[ACC]][%[[O]], %[[I]]] [1, 1] [1, 1] : tensor<1x1xf16> into tensor<4x8xf16>
func.func @f16_elements(%params: tensor<4x100xf16>, %indices: tensor<8xi64>) -> tensor<4x8xf16> {
  %r = gather.gather %params[%indices] axis = 1 mode<clamp> : (tensor<4x100xf16>, tensor<8xi64>) -> tensor<4x8xf16>
  return %r : tensor<4x8xf16>
}

// -----

// Error mode with slices and indices that may be large (dynamic, or at
// least 1 MiB): while a chunk of 128 positions is checked and copied, the
// next chunk's indices are prefetched, one 64-byte line at a time (16
// positions of i32 indices; 4 of depth-2 i64 index vectors). Not with
// prefetch-distance=0, nor for scalar gathers or small static indices.

// AUTO-LABEL: func.func @rows_error_dynamic_indices(
// AUTO-SAME:    %{{[^:]*}}: tensor<100x64xf32>, %[[INDICES:[^:]*]]: tensor<?xi32>)
// AUTO:         %[[IVIEW:.*]] = bufferization.to_buffer %[[INDICES]] read_only : tensor<?xi32> to memref<?xi32, strided<[?], offset: ?>>
// AUTO:         scf.for %[[LO:[^ ]*]] = {{.*}} step %{{.*}}
// AUTO:           %[[HI:.*]] = arith.minui
// AUTO:           scf.for {{.*}} -> (i1)
// AUTO:           %[[NEXTEND:.*]] = arith.addi %[[HI]], %{{.*}} : index
// AUTO:           %[[NEXT:.*]] = arith.minui %[[NEXTEND]], %{{.*}} : index
// AUTO:           %[[LINE:.*]] = arith.constant 16 : index
// AUTO:           scf.for %[[P:.*]] = %[[HI]] to %[[NEXT]] step %[[LINE]] {
// AUTO:             memref.prefetch %[[IVIEW]][%[[P]]], read, locality<3>, data
// AUTO:           }
// AUTO:           %[[SPLIT:.*]] = arith.select %{{.*}}, %[[LO]], %[[HI]] : index
// AUTO:           scf.for %{{.*}} = %[[LO]] to %[[SPLIT]] {{.*}} iter_args
// NOPF-LABEL: func.func @rows_error_dynamic_indices(
// NOPF-NOT:     memref.prefetch
// NOPF:         return
func.func @rows_error_dynamic_indices(%params: tensor<100x64xf32>, %indices: tensor<?xi32>) -> tensor<?x64xf32> {
  %r = gather.gather %params[%indices] : (tensor<100x64xf32>, tensor<?xi32>) -> tensor<?x64xf32>
  return %r : tensor<?x64xf32>
}

// AUTO-LABEL: func.func @nd_slices_large_indices(
// AUTO-SAME:    %{{[^:]*}}: tensor<8x8x64xf32>, %[[INDICES:[^:]*]]: tensor<65536x2xi64>)
// AUTO:         %[[IVIEW:.*]] = bufferization.to_buffer %[[INDICES]] read_only
// AUTO:           %[[LINE:.*]] = arith.constant 4 : index
// AUTO:           scf.for %[[P:.*]] = %{{.*}} to %{{.*}} step %[[LINE]] {
// AUTO:             memref.prefetch %[[IVIEW]][%[[P]], %{{.*}}]
func.func @nd_slices_large_indices(%params: tensor<8x8x64xf32>, %indices: tensor<65536x2xi64>) -> tensor<65536x64xf32> {
  %r = gather.gather_nd %params[%indices] : (tensor<8x8x64xf32>, tensor<65536x2xi64>) -> tensor<65536x64xf32>
  return %r : tensor<65536x64xf32>
}

// AUTO-LABEL: func.func @scalars_dynamic_indices(
// AUTO-NOT:     memref.prefetch
// AUTO:         return
func.func @scalars_dynamic_indices(%params: tensor<4x100xf32>, %indices: tensor<?xi32>) -> tensor<4x?xf32> {
  %r = gather.gather %params[%indices] axis = 1 : (tensor<4x100xf32>, tensor<?xi32>) -> tensor<4x?xf32>
  return %r : tensor<4x?xf32>
}

// AUTO-LABEL: func.func @rows_small_static_indices(
// AUTO-NOT:     memref.prefetch {{.*}} : memref<20xi32
// AUTO:         return
func.func @rows_small_static_indices(%params: tensor<100x64xf32>, %indices: tensor<20xi32>) -> tensor<20x64xf32> {
  %r = gather.gather %params[%indices] : (tensor<100x64xf32>, tensor<20xi32>) -> tensor<20x64xf32>
  return %r : tensor<20x64xf32>
}

// -----

// Parallel error mode with an outer loop of more than 8 iterations: the
// forall runs over it, and each iteration's chunks carry the slot and
// whether a chunk was bad.

// PAR-LABEL: func.func @elements_error(
// PAR:         scf.forall (%[[O:.*]]) in (16) shared_outs(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<16x?xf32>, tensor<16xi8>)
// PAR:           %[[R:.*]]:2 = scf.for %[[LO:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[WASBAD:.*]] = %{{.*}}) -> (tensor<1x?xf32>, i1) {
// PAR:             %[[BAD:.*]] = scf.if %{{.*}} -> (i1)
// PAR:             } else {
// PAR:               scf.for {{.*}} -> (i1)
// PAR:             }
// PAR:             %[[SPLIT:.*]] = arith.select %[[BAD]], %[[LO]], %{{.*}} : index
// PAR:             %[[CLEAN:.*]] = scf.for %{{.*}} = %[[LO]] to %[[SPLIT]]
// PAR:             %[[NEW:.*]] = scf.for %{{.*}} = %[[SPLIT]] to %{{.*}} iter_args(%{{.*}} = %[[CLEAN]])
// PAR:             %[[SKIP:.*]] = arith.ori %[[WASBAD]], %[[BAD]] : i1
// PAR:             scf.yield %[[NEW]], %[[SKIP]] : tensor<1x?xf32>, i1
// PAR:           arith.extui %[[R]]#1 : i1 to i8
func.func @elements_error(%params: tensor<16x100xf32>, %indices: tensor<?xi32>) -> tensor<16x?xf32> {
  %r = gather.gather %params[%indices] axis = 1 : (tensor<16x100xf32>, tensor<?xi32>) -> tensor<16x?xf32>
  return %r : tensor<16x?xf32>
}

// -----

// Rows of 2 KiB (32 lines): the prefetch of the row's lines is a loop.
// AUTO-LABEL: func.func @long_rows(
// AUTO:         %[[VIEW:.*]] = bufferization.to_buffer
// AUTO:         scf.for
// AUTO:           %[[LEN:.*]] = memref.dim %[[VIEW]], %{{.*}}
// AUTO:           %[[LINES:.*]] = arith.minui %[[LEN]], %{{.*}} : index
// AUTO:           %[[LINE:.*]] = arith.constant 16 : index
// AUTO:           scf.for %[[L:.*]] = %{{.*}} to %[[LINES]] step %[[LINE]] {
// AUTO:             memref.prefetch %[[VIEW]][%{{.*}}, %[[L]]], read, locality<3>, data
// AUTO:           }
func.func @long_rows(%params: tensor<100x512xf32>, %indices: tensor<20xi32>) -> tensor<20x512xf32> {
  %r = gather.gather %params[%indices] mode<clamp> : (tensor<100x512xf32>, tensor<20xi32>) -> tensor<20x512xf32>
  return %r : tensor<20x512xf32>
}

// -----

// Params larger than L2 (here 2 MiB, L2 1 MiB by default): the rows are
// prefetched into L2 only (locality 2), where they wait without holding L1
// fill buffers (CPUTargetDescription::getRowPrefetchLocality).
// AUTO-LABEL: func.func @rows_beyond_l2(
// AUTO:         %[[VIEW:.*]] = bufferization.to_buffer
// AUTO-NOT:     locality<3>
// AUTO-COUNT-8: memref.prefetch %[[VIEW]][%{{.*}}, %{{.*}}], read, locality<2>, data
// AUTO-NOT:     memref.prefetch
// AUTO:         return
func.func @rows_beyond_l2(%params: tensor<8192x64xf32>, %indices: tensor<200xi32>) -> tensor<200x64xf32> {
  %r = gather.gather %params[%indices] mode<clamp> : (tensor<8192x64xf32>, tensor<200xi32>) -> tensor<200x64xf32>
  return %r : tensor<200x64xf32>
}

// -----

// Rows of dynamic width: the distance is computed once per copy loop from
// the params' sizes by the static rules (none, or 64 ahead from params
// beyond L2, under a line; about 2 KiB ahead, from 2 to 64 rows, from a
// line to 4 KiB, or to 64 KiB beyond L2; none above), and the prefetch runs
// only when it is not 0. An explicit prefetch-distance is used as given.
// AUTO-LABEL: func.func @dynamic_rows(
// AUTO:         %[[VIEW:.*]] = bufferization.to_buffer
// AUTO:         scf.for
// AUTO:           %[[D0:.*]] = memref.dim %[[VIEW]], %{{.*}}
// AUTO:           %[[D1:.*]] = memref.dim %[[VIEW]], %{{.*}}
// AUTO:           %[[PARAMS:.*]] = arith.muli %{{.*}}, %[[D1]] : index
// AUTO:           %[[ROW:.*]] = arith.muli %{{.*}}, %[[D1]] : index
// AUTO:           %[[BEYOND:.*]] = arith.cmpi ugt, %[[PARAMS]], %{{.*}} : index
// AUTO:           %[[SUBLINE:.*]] = arith.select %[[BEYOND]], %{{.*}}, %{{.*}} : index
// AUTO:           arith.divui %{{.*}}, %{{.*}} : index
// AUTO:           %[[LARGE:.*]] = arith.cmpi uge, %[[ROW]], %{{.*}} : index
// AUTO:           %[[LINES:.*]] = arith.select %[[LARGE]], %{{.*}}, %{{.*}} : index
// AUTO:           %[[SMALL:.*]] = arith.cmpi ult, %[[ROW]], %{{.*}} : index
// AUTO:           %[[DIST:.*]] = arith.select %[[SMALL]], %[[SUBLINE]], %[[LINES]] : index
// AUTO:           %[[ANY:.*]] = arith.cmpi ne, %[[DIST]], %{{.*}} : index
// AUTO:           scf.if %[[ANY]] {
// AUTO:             arith.addi %{{.*}}, %[[DIST]] : index
// AUTO:             scf.for
// AUTO:               memref.prefetch %[[VIEW]][%{{.*}}, %{{.*}}], read, locality<2>, data
// DIST3-LABEL: func.func @dynamic_rows(
// DIST3-NOT:     arith.divui
// DIST3:         memref.prefetch
// NOPF-LABEL: func.func @dynamic_rows(
// NOPF-NOT:     memref.prefetch
func.func @dynamic_rows(%params: tensor<?x?xf32>, %indices: tensor<200xi32>) -> tensor<200x?xf32> {
  %r = gather.gather %params[%indices] mode<clamp> : (tensor<?x?xf32>, tensor<200xi32>) -> tensor<200x?xf32>
  return %r : tensor<200x?xf32>
}
