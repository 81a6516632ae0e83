// RUN: gather-opt %s --gather-fuse-reductions --split-input-file --canonicalize \
// RUN:   | FileCheck %s
// RUN: gather-opt %s --gather-fuse-reductions="prefetch-distance=0" \
// RUN:   --split-input-file | FileCheck %s --check-prefix=NOPF
// On func.func (the symbol table is outside, where other threads may read
// it), error and wrap mode, which add the handler and a message there, are
// tiled and fused instead; zero mode gets the loops:
// RUN: gather-opt %s --split-input-file \
// RUN:   --pass-pipeline='builtin.module(func.func(gather-fuse-reductions))' \
// RUN:   | FileCheck %s --check-prefix=NESTED

// An embedding bag (row gather, error mode, then a sum over each bag's
// rows) becomes the embedding-bag loops: an scf.forall over the bags; per
// bag an or-reduction checking its indices, then (no bad index) an scf.for
// over its rows with a vector<64xf32> accumulator starting at the fill value,
// the row 32 positions ahead (8 KiB of 256 B rows, at most K = 32)
// prefetched, its 4 lines, in the flattened (bag, k) order: (b, k + 32), or
// (b + 1, k + 32 - 32), the last bag's own rows at the end; a bag with a
// bad index is read by a loop that reads it as a zero row, and sets the
// bag's flag. After the forall, from one thread, if a flag is set, every bad
// index is reported in index order (never from the threads).
// CHECK-LABEL: func.func @bag_sum(
//  CHECK-SAME:     %[[T:[a-z0-9]+]]: tensor<1000x64xf32>, %[[I:[a-z0-9]+]]: tensor<16x32xi64>
//   CHECK-DAG:   %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<64xf32>
//   CHECK-DAG:   %[[E:.*]] = tensor.empty() : tensor<16x64xf32>
//   CHECK-NOT:   gather.gather
//   CHECK-NOT:   linalg.fill
//       CHECK:   %[[TB:.*]] = bufferization.to_buffer %[[T]] read_only : tensor<1000x64xf32> to memref<1000x64xf32, strided<[?, 1], offset: ?>>
//       CHECK:   %[[FLAGS:.*]] = tensor.empty() : tensor<16xi8>
//       CHECK:   %[[R:.*]]:2 = scf.forall (%[[B:.*]]) in (16) shared_outs(%[[O:.*]] = %[[E]], %[[F:.*]] = %[[FLAGS]])
//       CHECK:     %[[SLOT:.*]] = tensor.extract_slice %[[O]][%[[B]], 0] [1, 64] [1, 1] : tensor<16x64xf32> to tensor<64xf32>
//       CHECK:     %[[BAD:.*]] = scf.for %[[K:.*]] = {{.*}} iter_args(%[[ANY:.*]] = %false) -> (i1)
//       CHECK:       %[[X:.*]] = tensor.extract %[[I]][%[[B]], %[[K]]]
//       CHECK:       %[[XI:.*]] = arith.index_cast %[[X]] : i64 to index
//       CHECK:       %[[OOB:.*]] = arith.cmpi uge, %[[XI]], %c1000
//       CHECK:       arith.ori %[[ANY]], %[[OOB]]
//       CHECK:     %[[ROW:.*]] = scf.if %[[BAD]] -> (tensor<64xf32>)
//   CHECK-NOT:         func.call @gather_out_of_bounds
//       CHECK:     } else {
//       CHECK:       %[[ACC:.*]] = scf.for %[[K:.*]] = %c0 to %c32 step %c1 iter_args(%[[A:.*]] = %[[ZERO]]) -> (vector<64xf32>)
//       CHECK:         %[[KA:.*]] = arith.addi %[[K]], %c32
//       CHECK:         %[[NEXT:.*]] = arith.cmpi uge, %[[KA]], %c32
//       CHECK:         %[[KN:.*]] = arith.select %[[NEXT]]
//       CHECK:         %[[BN:.*]] = arith.select %[[NEXT]]
//       CHECK:         %[[BL:.*]] = arith.minui %[[BN]], %c15
//       CHECK:         %[[Y:.*]] = tensor.extract %[[I]][%[[BL]], %[[KN]]]
//       CHECK:         %[[YI:.*]] = arith.index_cast %[[Y]]
//       CHECK:         %[[P:.*]] = arith.minui %[[YI]], %c999
//       CHECK:         memref.prefetch %[[TB]][%[[P]], %c0], read, locality<3>, data
//       CHECK:         memref.prefetch %[[TB]][%[[P]], %c16]
//       CHECK:         memref.prefetch %[[TB]][%[[P]], %c32]
//       CHECK:         memref.prefetch %[[TB]][%[[P]], %c48]
//       CHECK:         %[[X:.*]] = tensor.extract %[[I]][%[[B]], %[[K]]]
//       CHECK:         %[[XI:.*]] = arith.index_cast %[[X]]
//       CHECK:         %[[V:.*]] = vector.load %[[TB]][%[[XI]], %c0] : {{.*}}, vector<64xf32>
//       CHECK:         %[[S:.*]] = arith.addf %[[V]], %[[A]] : vector<64xf32>
//       CHECK:         scf.yield %[[S]]
//       CHECK:       vector.transfer_write %[[ACC]], %[[SLOT]][%c0] {in_bounds = [true]}
//       CHECK:     %[[OWN:.*]] = tensor.extract_slice %[[F]][%[[B]]] [1] [1]
//       CHECK:     %[[BAD8:.*]] = arith.extui %[[BAD]] : i1 to i8
//       CHECK:     %[[FLAG:.*]] = tensor.insert %[[BAD8]] into %[[OWN]][%c0]
//       CHECK:     scf.forall.in_parallel
//       CHECK:       tensor.parallel_insert_slice %[[ROW]] into %[[O]][%[[B]], 0] [1, 64] [1, 1] : tensor<64xf32> into tensor<16x64xf32>
//       CHECK:       tensor.parallel_insert_slice %[[FLAG]] into %[[F]][%[[B]]] [1] [1]
//       CHECK:   %[[ANYBAD:.*]] = scf.for {{.*}} -> (i8)
//       CHECK:     tensor.extract %[[R]]#1
//       CHECK:   %[[REPORT:.*]] = arith.cmpi ne, %[[ANYBAD]]
//       CHECK:   scf.if %[[REPORT]] {
//       CHECK:     scf.for
//       CHECK:       scf.for
//       CHECK:         func.call @gather_out_of_bounds
//   CHECK-NOT:   gather.gather
//       CHECK:   return %[[R]]#0
// NOPF-LABEL: func.func @bag_sum(
//   NOPF-NOT:   memref.prefetch
//       NOPF:   return
// NESTED-LABEL: func.func @bag_sum(
//       NESTED:   scf.forall
//       NESTED:     gather.gather {{.*}} -> tensor<1x32x64xf32>
func.func @bag_sum(%table: tensor<1000x64xf32>, %indices: tensor<16x32xi64>) -> tensor<16x64xf32> {
  %rows = gather.gather %table[%indices] : (tensor<1000x64xf32>, tensor<16x32xi64>) -> tensor<16x32x64xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<16x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<16x64xf32>) -> tensor<16x64xf32>
  %sum = linalg.reduce ins(%rows : tensor<16x32x64xf32>) outs(%init : tensor<16x64xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %sum : tensor<16x64xf32>
}

// -----

// Rows of 800 B, zero mode, a max from the caller's init: column blocks of
// 64 elements (256 B, bagRegisterAccumulatorMaxBytes), the first one
// prefetching whole rows (13 lines) 8 positions ahead (8 KiB is 10; at
// most K = 8), then blocks 64 and
// 128 in a loop, then the 8-element tail; each starts from the init's
// columns. No check: an out-of-bounds index reads a zero row. A max
// accumulates through an ordered compare and a select that keeps the
// accumulator where it is greater, else takes the row's element, a NaN
// too (one vmaxps on x86 with the row read in it,
// CPUTargetDescription::bagMinMaxThroughSelects), and ands into a mask of
// a line's lanes whether the new accumulator's lines are ordered, two lines
// a compare (false where either is NaN); a block whose init is NaN, whose mask lost
// a lane, or whose result holds a zero (+0 and -0 tie), is combined again,
// without prefetches, with the op itself.
// CHECK-LABEL: func.func @bag_max_blocks(
//  CHECK-SAME:     %[[I:[a-z0-9]+]]: tensor<?x8xi32>, %[[INIT:[a-z0-9]+]]: tensor<?x200xf32>
//   CHECK-DAG:   %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<64xf32>
//   CHECK-DAG:   %[[ALL:.*]] = arith.constant dense<true> : vector<16xi1>
//       CHECK:   %[[NB:.*]] = tensor.dim %[[I]], %c0
//       CHECK:   scf.forall (%[[B:.*]]) in (%[[NB]]) shared_outs(%[[O:.*]] = %[[INIT]])
//       CHECK:     %[[SLOT:.*]] = tensor.extract_slice %[[O]][%[[B]], 0] [1, 200] [1, 1]
//       CHECK:     %[[A0:.*]] = vector.transfer_read %[[SLOT]][%c0], {{.*}} : tensor<200xf32>, vector<64xf32>
//       CHECK:     %[[ACC:.*]]:2 = scf.for {{.*}} iter_args(%[[A:.*]] = %[[A0]], %[[N:.*]] = %[[ALL]]) -> (vector<64xf32>, vector<16xi1>)
// CHECK-COUNT-13:    memref.prefetch
//       CHECK:       %[[X:.*]] = tensor.extract %[[I]]
//       CHECK:       %[[XI:.*]] = arith.index_cast %[[X]] : i32 to index
//       CHECK:       %[[OK:.*]] = arith.cmpi ult, %[[XI]], %c1000
//       CHECK:       %[[AT:.*]] = arith.select %[[OK]], %[[XI]], %c0
//       CHECK:       %[[V:.*]] = scf.if %[[OK]] -> (vector<64xf32>)
//       CHECK:         vector.load {{.*}}[%[[AT]], %c0] {{.*}} vector<64xf32>
//       CHECK:       } else {
//       CHECK:         scf.yield %[[ZERO]]
//       CHECK:       %[[GT:.*]] = arith.cmpf ogt, %[[A]], %[[V]] : vector<64xf32>
//       CHECK:       %[[SEL:.*]] = arith.select %[[GT]], %[[A]], %[[V]] : vector<64xi1>, vector<64xf32>
//       CHECK:       %[[P0:.*]] = vector.extract_strided_slice %[[SEL]] {offsets = [0], sizes = [16], strides = [1]}
//       CHECK:       %[[P1:.*]] = vector.extract_strided_slice %[[SEL]] {offsets = [16], sizes = [16], strides = [1]}
//       CHECK:       %[[O0:.*]] = arith.cmpf ord, %[[P0]], %[[P1]] : vector<16xf32>
//       CHECK:       %[[N0:.*]] = arith.andi %[[N]], %[[O0]] : vector<16xi1>
//       CHECK:       %[[P2:.*]] = vector.extract_strided_slice %[[SEL]] {offsets = [32], sizes = [16], strides = [1]}
//       CHECK:       %[[P3:.*]] = vector.extract_strided_slice %[[SEL]] {offsets = [48], sizes = [16], strides = [1]}
//       CHECK:       %[[O1:.*]] = arith.cmpf ord, %[[P2]], %[[P3]] : vector<16xf32>
//       CHECK:       %[[N1:.*]] = arith.andi %[[N0]], %[[O1]] : vector<16xi1>
//       CHECK:       scf.yield %[[SEL]], %[[N1]]
//       CHECK:     %[[ORD:.*]] = vector.reduction <and>, %[[ACC]]#1 : vector<16xi1> into i1
//       CHECK:     %[[R1:.*]] = arith.xori %[[ORD]], %{{.*}} : i1
//       CHECK:     %[[U0:.*]] = arith.cmpf uno, %[[A0]], %[[A0]] : vector<64xf32>
//       CHECK:     %[[R0:.*]] = vector.reduction <or>, %[[U0]] : vector<64xi1> into i1
//       CHECK:     %[[ANY_NAN:.*]] = arith.ori %[[R0]], %[[R1]] : i1
//       CHECK:     %[[Z:.*]] = arith.cmpf oeq, %[[ACC]]#0, %[[ZERO]] : vector<64xf32>
//       CHECK:     %[[R2:.*]] = vector.reduction <or>, %[[Z]] : vector<64xi1> into i1
//       CHECK:     %[[REDO:.*]] = arith.ori %[[ANY_NAN]], %[[R2]] : i1
//       CHECK:     %[[MAX:.*]] = scf.if %[[REDO]] -> (vector<64xf32>) {
//       CHECK:       %[[EXACT:.*]] = scf.for {{.*}} iter_args(%[[E:.*]] = %[[A0]]) -> (vector<64xf32>)
//   CHECK-NOT:         memref.prefetch
//       CHECK:         arith.maximumf {{.*}}, %[[E]] : vector<64xf32>
//       CHECK:       scf.yield %[[EXACT]]
//       CHECK:     } else {
//       CHECK:       scf.yield %[[ACC]]#0
//       CHECK:     %[[S1:.*]] = vector.transfer_write %[[MAX]], %[[SLOT]][%c0]
//       CHECK:     %[[S2:.*]] = scf.for %[[C:.*]] = %c64 to %c192 step %c64 iter_args(%[[S:.*]] = %[[S1]])
//       CHECK:       vector.transfer_read %[[S]][%[[C]]]
//       CHECK-NOT:   memref.prefetch
//       CHECK:       arith.cmpf ogt, {{.*}} : vector<64xf32>
//       CHECK:     vector.transfer_read %[[S2]][%c192], {{.*}} vector<8xf32>
//       CHECK:       arith.cmpf ogt, {{.*}} : vector<8xf32>
//       CHECK:       arith.maximumf {{.*}} : vector<8xf32>
//       CHECK:   return
// NESTED-LABEL: func.func @bag_max_blocks(
//   NESTED-NOT:   gather.gather
//       NESTED:   vector.load
func.func @bag_max_blocks(%table: tensor<1000x200xf32>, %indices: tensor<?x8xi32>, %init: tensor<?x200xf32>) -> tensor<?x200xf32> {
  %rows = gather.gather %table[%indices] mode<zero> : (tensor<1000x200xf32>, tensor<?x8xi32>) -> tensor<?x8x200xf32>
  %max = linalg.reduce ins(%rows : tensor<?x8x200xf32>) outs(%init : tensor<?x200xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %m = arith.maximumf %x, %acc : f32
      linalg.yield %m : f32
    }
  return %max : tensor<?x200xf32>
}

// -----

// Dynamic D, weights per (bag, k), wrap mode: the accumulator is the output
// row (filled first), 16 elements at a time, then one at a time; the
// weight is read once per row and broadcast; the check is on the wrapped
// index.
#bkd = affine_map<(b, k, d) -> (b, k, d)>
#bk = affine_map<(b, k, d) -> (b, k)>
#bd = affine_map<(b, k, d) -> (b, d)>
// The prefetch distance is the static rule's, at run time: 8 KiB of rows
// ahead (bagPrefetchAheadBytes), 2 to 64 rows, none under a cache line.
// CHECK-LABEL: func.func @bag_weighted(
//  CHECK-SAME:     %[[T:[a-z0-9]+]]: tensor<?x?xf32>, %[[I:[a-z0-9]+]]: tensor<?x?xi64>, %[[W:[a-z0-9]+]]: tensor<?x?xf32>
//       CHECK:   %[[D:.*]] = tensor.dim %[[T]], %c1
//       CHECK:   %[[ROWB:.*]] = arith.muli %[[D]], %c4
//       CHECK:   %[[AHEAD:.*]] = arith.divui %c8192, %{{.*}}
//       CHECK:   %[[MIN:.*]] = arith.minui %[[AHEAD]], %c64
//       CHECK:   %[[DIST:.*]] = arith.maxui %[[MIN]], %c2
//       CHECK:   %[[SHORT:.*]] = arith.cmpi ult, %[[ROWB]], %c64
//       CHECK:   %[[PFD:.*]] = arith.select %[[SHORT]], %c0{{.*}}, %[[DIST]]
//       CHECK:   %[[EMPTY:.*]] = arith.cmpi eq, %[[D]], %c0
//       CHECK:   %[[UB:.*]] = arith.select %[[EMPTY]], %c0
//       CHECK:   scf.forall (%[[B:.*]]) in (%[[UB]])
//       CHECK:     scf.for
//       CHECK:       arith.cmpi slt
//       CHECK:       arith.select
//       CHECK:       arith.cmpi uge
//       CHECK:     scf.if
//       CHECK:     } else {
//       CHECK:       %[[F:.*]] = linalg.fill {{.*}} -> tensor<?xf32>
//       CHECK:       scf.for %[[K:.*]] = {{.*}} iter_args(%{{.*}} = %[[F]]) -> (tensor<?xf32>)
//       CHECK:         arith.minui %[[PFD]],
//       CHECK:         memref.prefetch
//       CHECK:         %[[WK:.*]] = tensor.extract %[[W]][%[[B]], %[[K]]]
//       CHECK:         scf.for
//       CHECK:           vector.load {{.*}} vector<16xf32>
//       CHECK:           %[[WV:.*]] = vector.broadcast %[[WK]] : f32 to vector<16xf32>
//       CHECK:           %[[P:.*]] = arith.mulf %{{.*}}, %[[WV]] : vector<16xf32>
//       CHECK:           arith.addf %[[P]], %{{.*}} : vector<16xf32>
//       CHECK:         scf.for
//       CHECK:           arith.mulf {{.*}} : vector<1xf32>
//       CHECK:   return
func.func @bag_weighted(%table: tensor<?x?xf32>, %indices: tensor<?x?xi64>, %weights: tensor<?x?xf32>, %init: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %rows = gather.gather %table[%indices] mode<wrap> : (tensor<?x?xf32>, tensor<?x?xi64>) -> tensor<?x?x?xf32>
  %zero = arith.constant 0.0 : f32
  %filled = linalg.fill ins(%zero : f32) outs(%init : tensor<?x?xf32>) -> tensor<?x?xf32>
  %sum = linalg.generic {indexing_maps = [#bkd, #bk, #bd], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%rows, %weights : tensor<?x?x?xf32>, tensor<?x?xf32>) outs(%filled : tensor<?x?xf32>) {
  ^bb0(%x: f32, %w: f32, %acc: f32):
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %sum : tensor<?x?xf32>
}

// -----

// Not an embedding bag of this form (gather_nd): tiled and fused instead.
// CHECK-LABEL: func.func @bag_nd(
//       CHECK:   scf.forall
//       CHECK:     gather.gather_nd
//       CHECK:     linalg.reduce
func.func @bag_nd(%table: tensor<1000x64xf32>, %indices: tensor<16x32x1xi64>) -> tensor<16x64xf32> {
  %rows = gather.gather_nd %table[%indices] : (tensor<1000x64xf32>, tensor<16x32x1xi64>) -> tensor<16x32x64xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<16x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<16x64xf32>) -> tensor<16x64xf32>
  %sum = linalg.reduce ins(%rows : tensor<16x32x64xf32>) outs(%init : tensor<16x64xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %sum : tensor<16x64xf32>
}

// -----

// Not an elementwise body (linalg.index): tiled and fused instead.
#bkd2 = affine_map<(b, k, d) -> (b, k, d)>
#bd2 = affine_map<(b, k, d) -> (b, d)>
// CHECK-LABEL: func.func @bag_index_body(
//       CHECK:   scf.forall
//       CHECK:     gather.gather
//       CHECK:     linalg.generic
func.func @bag_index_body(%table: tensor<1000x64xf32>, %indices: tensor<16x32xi64>, %init: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %rows = gather.gather %table[%indices] : (tensor<1000x64xf32>, tensor<16x32xi64>) -> tensor<16x32x64xf32>
  %sum = linalg.generic {indexing_maps = [#bkd2, #bd2], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%rows : tensor<16x32x64xf32>) outs(%init : tensor<16x64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f32
    %p = arith.mulf %x, %kf : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  } -> tensor<16x64xf32>
  return %sum : tensor<16x64xf32>
}

// -----

// A table larger than L2 (4 MiB; L2 1 MiB by default) or of dynamic size:
// its rows are prefetched into L2 only (locality 2); the 1000-row tables
// above fit and are prefetched into L1.
// CHECK-LABEL: func.func @bag_sum_large_tables(
//   CHECK-NOT:   locality<3>
//       CHECK:   scf.forall
// CHECK-COUNT-4:   memref.prefetch {{.*}} read, locality<2>, data : memref<16384x64xf32
//       CHECK:   scf.forall
// CHECK-COUNT-4:   memref.prefetch {{.*}} read, locality<2>, data : memref<?x64xf32
//   CHECK-NOT:   memref.prefetch
//       CHECK:   return
func.func @bag_sum_large_tables(%table: tensor<16384x64xf32>, %dyn: tensor<?x64xf32>, %indices: tensor<16x32xi64>) -> (tensor<16x64xf32>, tensor<16x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x64xf32>) -> tensor<16x64xf32>
  %rows = gather.gather %table[%indices] mode<zero> : (tensor<16384x64xf32>, tensor<16x32xi64>) -> tensor<16x32x64xf32>
  %sum = linalg.reduce ins(%rows : tensor<16x32x64xf32>) outs(%init : tensor<16x64xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  %drows = gather.gather %dyn[%indices] mode<zero> : (tensor<?x64xf32>, tensor<16x32xi64>) -> tensor<16x32x64xf32>
  %dsum = linalg.reduce ins(%drows : tensor<16x32x64xf32>) outs(%init : tensor<16x64xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %sum, %dsum : tensor<16x64xf32>, tensor<16x64xf32>
}

// -----

// Tuned for AMD Zen (the module's llvm.target chip znver5): a row of 1 KiB
// is summed in one vector<256xf32> accumulator (bagRegisterAccumulatorMaxBytes
// 1024), with no loop over column blocks.
// CHECK-LABEL: func.func @bag_zen_row(
//       CHECK:   scf.forall
//       CHECK:     scf.for {{.*}} -> (vector<256xf32>)
//       CHECK:       vector.load {{.*}} vector<256xf32>
//       CHECK:       arith.addf {{.*}} : vector<256xf32>
//   CHECK-NOT:   vector<64xf32>
//       CHECK:   return
module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">} {
  func.func @bag_zen_row(%table: tensor<1000x256xf32>, %indices: tensor<?x32xi32>, %init: tensor<?x256xf32>) -> tensor<?x256xf32> {
    %rows = gather.gather %table[%indices] mode<zero> : (tensor<1000x256xf32>, tensor<?x32xi32>) -> tensor<?x32x256xf32>
    %sum = linalg.reduce ins(%rows : tensor<?x32x256xf32>) outs(%init : tensor<?x256xf32>) dimensions = [1]
      (%x: f32, %acc: f32) {
        %s = arith.addf %x, %acc : f32
        linalg.yield %s : f32
      }
    return %sum : tensor<?x256xf32>
  }
}

// -----

// On Zen (chip znver5) the rows of the same tables are prefetched into L1
// (CPUTargetDescription::beyondL2RowPrefetchLocality).
// CHECK-LABEL: func.func @bag_sum_large_tables_zen(
//   CHECK-NOT:   locality<2>
//       CHECK:   scf.forall
//       CHECK:     memref.prefetch {{.*}} read, locality<3>, data : memref<16384x64xf32
//       CHECK:   scf.forall
//       CHECK:     memref.prefetch {{.*}} read, locality<3>, data : memref<?x64xf32
//   CHECK-NOT:   locality<2>
//       CHECK:   return
module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">} {
  func.func @bag_sum_large_tables_zen(%table: tensor<16384x64xf32>, %dyn: tensor<?x64xf32>, %indices: tensor<16x32xi64>, %init: tensor<16x64xf32>) -> (tensor<16x64xf32>, tensor<16x64xf32>) {
    %rows = gather.gather %table[%indices] mode<zero> : (tensor<16384x64xf32>, tensor<16x32xi64>) -> tensor<16x32x64xf32>
    %sum = linalg.reduce ins(%rows : tensor<16x32x64xf32>) outs(%init : tensor<16x64xf32>) dimensions = [1]
      (%x: f32, %acc: f32) {
        %s = arith.addf %x, %acc : f32
        linalg.yield %s : f32
      }
    %drows = gather.gather %dyn[%indices] mode<zero> : (tensor<?x64xf32>, tensor<16x32xi64>) -> tensor<16x32x64xf32>
    %dsum = linalg.reduce ins(%drows : tensor<16x32x64xf32>) outs(%init : tensor<16x64xf32>) dimensions = [1]
      (%x: f32, %acc: f32) {
        %s = arith.addf %x, %acc : f32
        linalg.yield %s : f32
      }
    return %sum, %dsum : tensor<16x64xf32>, tensor<16x64xf32>
  }
}

// -----

// Min and max keep the op itself where its fast-math flags already let LLVM
// use the plain instruction (nnan, nsz), on a target that is not x86
// (AArch64's fmax is IEEE maximum), and for any other combiner; a min keeps
// the accumulator's element where it is ordered less than the row's.
// CHECK-LABEL: func.func @bag_min(
//       CHECK:   arith.cmpf olt, {{.*}} : vector<64xf32>
//       CHECK:   arith.select {{.*}} : vector<64xi1>, vector<64xf32>
//       CHECK:   arith.minimumf {{.*}} : vector<64xf32>
// CHECK-LABEL: func.func @bag_max_fast_math(
//   CHECK-NOT:   arith.cmpf ogt
//       CHECK:   arith.maximumf {{.*}} fastmath<nnan,nsz> : vector<64xf32>
func.func @bag_min(%table: tensor<1000x64xf32>, %indices: tensor<?x8xi32>, %init: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %rows = gather.gather %table[%indices] mode<zero> : (tensor<1000x64xf32>, tensor<?x8xi32>) -> tensor<?x8x64xf32>
  %min = linalg.reduce ins(%rows : tensor<?x8x64xf32>) outs(%init : tensor<?x64xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %m = arith.minimumf %acc, %x : f32
      linalg.yield %m : f32
    }
  return %min : tensor<?x64xf32>
}

func.func @bag_max_fast_math(%table: tensor<1000x64xf32>, %indices: tensor<?x8xi32>, %init: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %rows = gather.gather %table[%indices] mode<zero> : (tensor<1000x64xf32>, tensor<?x8xi32>) -> tensor<?x8x64xf32>
  %max = linalg.reduce ins(%rows : tensor<?x8x64xf32>) outs(%init : tensor<?x64xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %m = arith.maximumf %x, %acc fastmath<nnan,nsz> : f32
      linalg.yield %m : f32
    }
  return %max : tensor<?x64xf32>
}

// -----

// CHECK-LABEL: func.func @bag_max_aarch64(
//   CHECK-NOT:   arith.cmpf ogt
//       CHECK:   arith.maximumf {{.*}} : vector<64xf32>
//   CHECK-NOT:   arith.cmpf ogt
//       CHECK:   return
module attributes {llvm.target = #llvm.target<triple = "aarch64-unknown-linux-gnu", chip = "neoverse-v2">} {
  func.func @bag_max_aarch64(%table: tensor<1000x64xf32>, %indices: tensor<?x8xi32>, %init: tensor<?x64xf32>) -> tensor<?x64xf32> {
    %rows = gather.gather %table[%indices] mode<zero> : (tensor<1000x64xf32>, tensor<?x8xi32>) -> tensor<?x8x64xf32>
    %max = linalg.reduce ins(%rows : tensor<?x8x64xf32>) outs(%init : tensor<?x64xf32>) dimensions = [1]
      (%x: f32, %acc: f32) {
        %m = arith.maximumf %x, %acc : f32
        linalg.yield %m : f32
      }
    return %max : tensor<?x64xf32>
  }
}

// -----

// On Zen a block is 1 KiB of the row (bagRegisterAccumulatorMaxBytes): one
// vector<256xf32> accumulator, whose ordered mask stays a line wide (one
// mask register: wider, LLVM packs mask registers into one every row): the
// accumulator's sixteen lines fold into it in eight compares.
// CHECK-LABEL: func.func @bag_max_zen(
//       CHECK:   scf.for {{.*}} -> (vector<256xf32>, vector<16xi1>)
//       CHECK:     arith.cmpf ogt, {{.*}} : vector<256xf32>
//       CHECK:     %[[M:.*]] = arith.select {{.*}} : vector<256xi1>, vector<256xf32>
//       CHECK:     %[[Q0:.*]] = vector.extract_strided_slice %[[M]] {offsets = [0], sizes = [16], strides = [1]}
//       CHECK:     %[[Q1:.*]] = vector.extract_strided_slice %[[M]] {offsets = [16], sizes = [16], strides = [1]}
//       CHECK:     arith.cmpf ord, %[[Q0]], %[[Q1]] : vector<16xf32>
// CHECK-COUNT-7:   arith.cmpf ord, {{.*}} : vector<16xf32>
//   CHECK-NOT:     arith.cmpf ord
//       CHECK:     scf.yield
//       CHECK:   arith.maximumf {{.*}} : vector<256xf32>
module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">} {
  func.func @bag_max_zen(%table: tensor<1000x256xf32>, %indices: tensor<?x8xi32>, %init: tensor<?x256xf32>) -> tensor<?x256xf32> {
    %rows = gather.gather %table[%indices] mode<zero> : (tensor<1000x256xf32>, tensor<?x8xi32>) -> tensor<?x8x256xf32>
    %max = linalg.reduce ins(%rows : tensor<?x8x256xf32>) outs(%init : tensor<?x256xf32>) dimensions = [1]
      (%x: f32, %acc: f32) {
        %m = arith.maximumf %x, %acc : f32
        linalg.yield %m : f32
      }
    return %max : tensor<?x256xf32>
  }
}
