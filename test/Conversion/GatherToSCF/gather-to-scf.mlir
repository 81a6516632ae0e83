// RUN: gather-opt %s --convert-gather-to-scf="prefetch-distance=0 per-copy-check-max-copies=0" --split-input-file | FileCheck %s
//
// Loops run over the result dimensions before the trailing slice, in result
// order; each iteration copies the trailing slice (contiguous) or one
// element. Prefetching and the parallel form: gather-to-scf-options.mlir.

// Error mode: the position loop runs in chunks (128 positions of slice
// copies on one thread, 1024 of element copies); each chunk first
// checks its indices (one loop or-reducing the bound checks), then copies
// their rows, reading each index once more, unchecked (from L1 by then);
// only when one failed, a second copy loop reports each bad index.
// Slices are full rank (no inferred rank reduction).

// CHECK-DAG:   llvm.mlir.global private constant @[[$MSG:__gather_oob_[0-9a-f]+]]("gather.gather\00loc(\22{{.*}}gather-to-scf.mlir\22:[[@LINE+88]]:8)\00gather.gather\00loc(\22{{.*}}gather-to-scf.mlir\22:[[@LINE+99]]:8)\00")
// CHECK-LABEL: func.func @gather_out_of_bounds(
// CHECK-NOT:   func.func @gather_out_of_bounds
// CHECK-LABEL: func.func @gather_error(
// CHECK-SAME:    %[[PARAMS:.*]]: tensor<4x3xf32>, %[[INDICES:.*]]: tensor<2xi32>)
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[INIT:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK-DAG:     %[[CHUNK:.*]] = arith.constant 128 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK:         %[[R:.*]] = scf.for %[[LO:.*]] = %{{.*}} to %[[C2]] step %[[CHUNK]] iter_args(%[[CACC:.*]] = %[[INIT]]) -> (tensor<2x3xf32>) {
// CHECK:           %[[END:.*]] = arith.addi %[[LO]], %[[CHUNK]] : index
// CHECK:           %[[HI:.*]] = arith.minui %[[END]], %[[C2]] : index
// Where the chunk's indices lie contiguously in memory (a test of the
// strides of their buffer, which folds once bufferization made them
// static), the check is the unsigned maximum of 64-byte vectors of them
// (one load and one max per vector; the rest by a masked load) against the
// bound, with the index type's signed range as the bound's cap; otherwise
// one loop of scalar tests.
// CHECK:           %[[VIEW:.*]] = bufferization.to_buffer %[[INDICES]] read_only : tensor<2xi32> to memref<2xi32, strided<[?], offset: ?>>
// CHECK:           %[[BASE:.*]], %[[OFF:.*]], %{{.*}}, %[[STRIDE:.*]] = memref.extract_strided_metadata %[[VIEW]]
// CHECK:           %[[CONTIG:.*]] = arith.cmpi eq, %[[STRIDE]], %{{.*}} : index
// CHECK:           %[[ANYBAD:.*]] = scf.if %[[CONTIG]] -> (i1) {
// CHECK:             %[[FLAT:.*]] = memref.reinterpret_cast %[[BASE]]
// CHECK:             %[[ZEROS:.*]] = arith.constant dense<0> : vector<16xi32>
// CHECK:             %[[MAX:.*]] = scf.for %{{.*}} iter_args(%[[MACC:.*]] = %[[ZEROS]]) -> (vector<16xi32>) {
// CHECK:               %[[VEC:.*]] = vector.load %[[FLAT]]
// CHECK:               %[[NEWMAX:.*]] = arith.maxui %[[MACC]], %[[VEC]] : vector<16xi32>
// CHECK:               scf.yield %[[NEWMAX]]
// CHECK:             }
// CHECK:             %[[REST:.*]] = vector.maskedload %[[FLAT]]
// CHECK:             %[[ALL:.*]] = arith.maxui %[[MAX]], %[[REST]] : vector<16xi32>
// CHECK:             %[[CAP:.*]] = arith.constant 2147483648 : index
// CHECK:             %[[BOUND:.*]] = arith.minui %[[C4]], %[[CAP]] : index
// CHECK:             %[[BOUND32:.*]] = arith.index_cast %[[BOUND]] : index to i32
// CHECK:             %[[BOUNDS:.*]] = vector.from_elements %[[BOUND32]],
// CHECK:             %[[LANESBAD:.*]] = arith.cmpi uge, %[[ALL]], %[[BOUNDS]] : vector<16xi32>
// CHECK:             vector.reduction <or>, %[[LANESBAD]] : vector<16xi1> into i1
// CHECK:           } else {
// CHECK:             %[[FALSE:.*]] = arith.constant false
// CHECK:             %[[SCALARBAD:.*]] = scf.for %[[V:.*]] = %[[LO]] to %[[HI]] step %{{.*}} iter_args(%[[BADACC:.*]] = %[[FALSE]]) -> (i1) {
// CHECK:               %[[VRAW:.*]] = tensor.extract %[[INDICES]][%[[V]]] : tensor<2xi32>
// CHECK:               %[[VIDX:.*]] = arith.index_cast %[[VRAW]] : i32 to index
// CHECK:               %[[VBAD:.*]] = arith.cmpi uge, %[[VIDX]], %[[C4]] : index
// CHECK:               %[[OR:.*]] = arith.ori %[[BADACC]], %[[VBAD]] : i1
// CHECK:               scf.yield %[[OR]] : i1
// CHECK:             }
// CHECK:             scf.yield %[[SCALARBAD]] : i1
// CHECK:           }
// CHECK:           %[[SPLIT:.*]] = arith.select %[[ANYBAD]], %[[LO]], %[[HI]] : index
// CHECK:           %[[COPIED:.*]] = scf.for %[[I:.*]] = %[[LO]] to %[[SPLIT]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[CACC]]) -> (tensor<2x3xf32>) {
// CHECK:             %[[RAW:.*]] = tensor.extract %[[INDICES]][%[[I]]] : tensor<2xi32>
// CHECK:             %[[IDX:.*]] = arith.index_cast %[[RAW]] : i32 to index
// CHECK-NOT:         scf.if
// CHECK-NOT:         tensor.extract %[[INDICES]]
// CHECK:             %[[SLICE:.*]] = tensor.extract_slice %[[PARAMS]][%[[IDX]], 0] [1, 3] [1, 1] : tensor<4x3xf32> to tensor<1x3xf32>
// CHECK:             %[[NEW:.*]] = tensor.insert_slice %[[SLICE]] into %[[ACC]][%[[I]], 0] [1, 3] [1, 1] : tensor<1x3xf32> into tensor<2x3xf32>
// CHECK:             scf.yield %[[NEW]] : tensor<2x3xf32>
// CHECK:           }
// A chunk with a bad index is copied by a second loop that reports each
// bad index to the handler, in index order, and, after the handler
// returned, copies as zero mode would (the reported slices are zero,
// nothing outside params is read).
// CHECK:           %[[RESOLVED:.*]] = scf.for %[[J:.*]] = %[[SPLIT]] to %[[HI]] step %{{.*}} iter_args(%[[RACC:.*]] = %[[COPIED]]) -> (tensor<2x3xf32>) {
// CHECK:             %[[JRAW:.*]] = tensor.extract %[[INDICES]][%[[J]]] : tensor<2xi32>
// CHECK:             %[[JIDX:.*]] = arith.index_cast %[[JRAW]] : i32 to index
// CHECK:             %[[OOB:.*]] = arith.cmpi uge, %[[JIDX]], %[[C4]] : index
// CHECK:             scf.if %[[OOB]] {
// CHECK:               %[[OP:.*]] = llvm.mlir.addressof @[[$MSG]] : !llvm.ptr
// CHECK:               %[[LOC:.*]] = llvm.getelementptr inbounds %[[OP]][14]
// CHECK:               %[[BADIDX:.*]] = arith.index_cast %[[JIDX]] : index to i64
// CHECK:               %[[DIM:.*]] = arith.constant 0 : i64
// CHECK:               %[[SIZE:.*]] = arith.index_cast %[[C4]] : index to i64
// CHECK:               func.call @gather_out_of_bounds(%[[OP]], %[[LOC]], %[[BADIDX]], %[[DIM]], %[[SIZE]]) : (!llvm.ptr, !llvm.ptr, i64, i64, i64) -> ()
// CHECK:             }
// CHECK:             %[[IN:.*]] = arith.cmpi ult, %[[JIDX]], %[[C4]] : index
// CHECK:             %[[ADDR:.*]] = arith.select %[[IN]], %[[JIDX]], %{{.*}} : index
// CHECK:             %[[ROW:.*]] = scf.if %[[IN]] -> (tensor<2x3xf32>) {
// CHECK:               tensor.extract_slice %[[PARAMS]][%[[ADDR]], 0] [1, 3] [1, 1]
// CHECK:             } else {
// CHECK:               %[[ZEROS:.*]] = scf.for %[[D:.*]] = %{{.*}} to %{{.*}} {{.*}} iter_args(%[[ZACC:.*]] = %[[RACC]]) -> (tensor<2x3xf32>)
// CHECK:                 tensor.insert %{{.*}} into %[[ZACC]][%[[J]], %[[D]]] : tensor<2x3xf32>
// CHECK:             }
// CHECK:             scf.yield %[[ROW]] : tensor<2x3xf32>
// CHECK:           }
// CHECK:           scf.yield %[[RESOLVED]] : tensor<2x3xf32>
// CHECK:         }
// CHECK:         return %[[R]]
func.func @gather_error(%params: tensor<4x3xf32>, %indices: tensor<2xi32>) -> tensor<2x3xf32> {
  %r = gather.gather %params[%indices] : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// The second op's description follows the first's in the table.
// CHECK-LABEL: func.func @gather_error_2(
// CHECK:         %[[TABLE:.*]] = llvm.mlir.addressof @[[$MSG]] : !llvm.ptr
// CHECK:         %[[OP2:.*]] = llvm.getelementptr inbounds %[[TABLE]][{{[1-9][0-9]*}}] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK:         %[[LOC2:.*]] = llvm.getelementptr inbounds %[[OP2]][14]
// CHECK:         func.call @gather_out_of_bounds(%[[OP2]], %[[LOC2]],
func.func @gather_error_2(%params: tensor<4x3xf32>, %indices: tensor<2xi32>) -> tensor<2x3xf32> {
  %r = gather.gather %params[%indices] : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// Zero mode with axis 1: the outer dimension is a loop too (result order),
// so each iteration copies one contiguous row of 3. The positions run in
// chunks of 128 whose indices are checked first: a chunk without a bad
// index is copied unchecked (the first loop, up to SPLIT = HI), one with a
// bad index by the second loop (from SPLIT = LO), which reads at a safe
// address and fills the row of an out-of-bounds index with zeros where it
// lies in the result, element by element (no zero row is materialized, and
// no linalg op is left for linalg-to-loops). Every outer coordinate reads the
// same indices: a chunk is checked only where the outer coordinate is 0, or
// once a check found a bad index (carried as ANY), so that it is resolved in
// every row (plan: repeated-indices=checked-once).

// CHECK-NOT:   func.func @gather_out_of_bounds
// CHECK-LABEL: func.func @gather_zero_axis(
// CHECK-SAME:    %[[PARAMS:.*]]: tensor<2x5x3xf16>, %[[INDICES:.*]]: tensor<4xi64>)
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG:     %[[INIT:.*]] = tensor.empty() : tensor<2x4x3xf16>
// CHECK-DAG:     %[[FALSE:.*]] = arith.constant false
// CHECK:         scf.for %[[O:.*]] = {{.*}} iter_args(%[[ACC0:.*]] = %[[INIT]], %[[ANY0:.*]] = %[[FALSE]])
// CHECK:           scf.for %[[LO:.*]] = {{.*}} iter_args(%[[CACC:.*]] = %[[ACC0]], %[[ANY:.*]] = %[[ANY0]])
// CHECK:             %[[HI:.*]] = arith.minui
// CHECK:             %[[FIRST:.*]] = arith.cmpi eq, %[[O]], %{{.*}} : index
// CHECK:             %[[MUST:.*]] = arith.ori %[[FIRST]], %[[ANY]] : i1
// CHECK:             %[[BAD:.*]] = scf.if %[[MUST]] -> (i1) {
// CHECK:               scf.if %{{.*}} -> (i1)
// CHECK:                 scf.for %{{.*}} -> (vector<8xi64>)
// CHECK:               } else {
// CHECK:                 scf.for %{{.*}} = %[[LO]] to %[[HI]] {{.*}} -> (i1)
// CHECK:               }
// CHECK:             } else {
// CHECK-NEXT:          %[[NONE:.*]] = arith.constant false
// CHECK-NEXT:          scf.yield %[[NONE]] : i1
// CHECK-NEXT:        }
// CHECK:             %[[SPLIT:.*]] = arith.select %[[BAD]], %[[LO]], %[[HI]] : index
// CHECK:             %[[CLEAN:.*]] = scf.for %[[J:.*]] = %[[LO]] to %[[SPLIT]] {{.*}} iter_args(%[[JACC:.*]] = %[[CACC]])
// CHECK:               %[[JRAW:.*]] = tensor.extract %[[INDICES]][%[[J]]] : tensor<4xi64>
// CHECK:               %[[JIDX:.*]] = arith.index_cast %[[JRAW]] : i64 to index
// CHECK-NOT:           scf.if
// CHECK:               tensor.extract_slice %[[PARAMS]][%[[O]], %[[JIDX]], 0] [1, 1, 3] [1, 1, 1]
// CHECK:             scf.for %[[I:.*]] = %[[SPLIT]] to %[[HI]] {{.*}} iter_args(%[[ACC:.*]] = %[[CLEAN]])
// CHECK:               %[[RAW:.*]] = tensor.extract %[[INDICES]][%[[I]]] : tensor<4xi64>
// CHECK:               %[[IDX:.*]] = arith.index_cast %[[RAW]] : i64 to index
// CHECK:               %[[IN:.*]] = arith.cmpi ult, %[[IDX]], %[[C5]] : index
// CHECK:               %[[ADDR:.*]] = arith.select %[[IN]], %[[IDX]], %{{.*}} : index
// CHECK:               %[[NEW:.*]] = scf.if %[[IN]] -> (tensor<2x4x3xf16>) {
// CHECK:                 %[[SLICE:.*]] = tensor.extract_slice %[[PARAMS]][%[[O]], %[[ADDR]], 0] [1, 1, 3] [1, 1, 1] : tensor<2x5x3xf16> to tensor<1x1x3xf16>
// CHECK:                 %[[INS:.*]] = tensor.insert_slice %[[SLICE]] into %[[ACC]][%[[O]], %[[I]], 0] [1, 1, 3] [1, 1, 1]
// CHECK:                 scf.yield %[[INS]]
// CHECK:               } else {
// CHECK:                 %[[INSZ:.*]] = scf.for %[[D:.*]] = {{.*}} iter_args(%[[ZACC:.*]] = %[[ACC]]) -> (tensor<2x4x3xf16>)
// CHECK:                   tensor.insert %{{.*}} into %[[ZACC]][%[[O]], %[[I]], %[[D]]] : tensor<2x4x3xf16>
// CHECK:                 scf.yield %[[INSZ]]
// CHECK:               }
// CHECK:               scf.yield %[[NEW]]
// CHECK:             %[[ANYNEXT:.*]] = arith.ori %[[ANY]], %[[BAD]] : i1
// CHECK:             scf.yield %{{.*}}, %[[ANYNEXT]] : tensor<2x4x3xf16>, i1
func.func @gather_zero_axis(%params: tensor<2x5x3xf16>, %indices: tensor<4xi64>) -> tensor<2x4x3xf16> {
  %r = gather.gather %params[%indices] axis = 1 mode<zero> : (tensor<2x5x3xf16>, tensor<4xi64>) -> tensor<2x4x3xf16>
  return %r : tensor<2x4x3xf16>
}

// -----

// Clamp mode, batched, dynamic: loops over the batch and chunks of the
// positions; scalar slices use tensor.extract/insert; in a chunk with a bad
// index, each index is clamped; an empty axis gives zeros.

// CHECK-LABEL: func.func @gather_clamp_batched(
// CHECK-SAME:    %[[PARAMS:.*]]: tensor<?x?xi8>, %[[INDICES:.*]]: tensor<?x2xindex>)
// CHECK:         %[[AXIS:.*]] = tensor.dim %[[PARAMS]], %{{.*}} : tensor<?x?xi8>
// CHECK:         %[[INIT:.*]] = tensor.empty(%[[NB:.*]]) : tensor<?x2xi8>
// CHECK:         %[[EMPTYAXIS:.*]] = arith.cmpi eq, %[[AXIS]], %{{.*}} : index
// CHECK:         %[[R:.*]] = scf.if %[[EMPTYAXIS]] -> (tensor<?x2xi8>) {
// CHECK:           linalg.fill ins(%{{.*}} : i8) outs(%[[INIT]] : tensor<?x2xi8>)
// CHECK:         } else {
// CHECK:           scf.for %[[B:.*]] = %{{.*}} to %[[NB]] {{.*}} iter_args(%[[ACC0:.*]] = %[[INIT]])
// CHECK:             scf.for %[[LO:.*]] = {{.*}} iter_args(%[[CACC:.*]] = %[[ACC0]])
// CHECK:               %[[BAD:.*]] = scf.for {{.*}} -> (i1)
// CHECK:               %[[SPLIT:.*]] = arith.select %[[BAD]], %[[LO]], %{{.*}} : index
// CHECK:               %[[CLEAN:.*]] = scf.for %{{.*}} = %[[LO]] to %[[SPLIT]] {{.*}} iter_args
// CHECK:               scf.for %[[P:.*]] = %[[SPLIT]] to {{.*}} iter_args(%[[ACC1:.*]] = %[[CLEAN]])
// CHECK:                 %[[IDX:.*]] = tensor.extract %[[INDICES]][%[[B]], %[[P]]] : tensor<?x2xindex>
// CHECK:                 %[[LAST:.*]] = arith.subi %[[AXIS]], %{{.*}} : index
// CHECK:                 %[[MIN:.*]] = arith.minsi %[[IDX]], %[[LAST]] : index
// CHECK:                 %[[MAX:.*]] = arith.maxsi %[[MIN]], %{{.*}} : index
// CHECK:                 %[[E:.*]] = tensor.extract %[[PARAMS]][%[[B]], %[[MAX]]] : tensor<?x?xi8>
// CHECK:                 %[[INS:.*]] = tensor.insert %[[E]] into %[[ACC1]][%[[B]], %[[P]]] : tensor<?x2xi8>
// CHECK:                 scf.yield %[[INS]]
// The batch sizes of params and indices are checked to agree around it.
// CHECK:         scf.yield %[[R]]
// CHECK:         return
func.func @gather_clamp_batched(%params: tensor<?x?xi8>, %indices: tensor<?x2xindex>) -> tensor<?x2xi8> {
  %r = gather.gather %params[%indices] batch_dims = 1 mode<clamp> : (tensor<?x?xi8>, tensor<?x2xindex>) -> tensor<?x2xi8>
  return %r : tensor<?x2xi8>
}

// -----

// 0-d indices: no loop; a static non-empty axis needs no guard.

// CHECK-LABEL: func.func @gather_clamp_static(
// CHECK-SAME:    %[[PARAMS:.*]]: tensor<4xf32>, %[[INDICES:.*]]: tensor<i32>)
// CHECK-NOT:     scf.for
// CHECK-NOT:     scf.if
// CHECK:         %[[INIT:.*]] = tensor.empty() : tensor<f32>
// CHECK:         %[[RAW:.*]] = tensor.extract %[[INDICES]][] : tensor<i32>
// CHECK:         %[[IDX:.*]] = arith.index_cast %[[RAW]] : i32 to index
// CHECK:         %[[MIN:.*]] = arith.minsi %[[IDX]], %{{.*}} : index
// CHECK:         %[[MAX:.*]] = arith.maxsi %[[MIN]], %{{.*}} : index
// CHECK:         %[[E:.*]] = tensor.extract %[[PARAMS]][%[[MAX]]] : tensor<4xf32>
// CHECK:         %[[R:.*]] = tensor.insert %[[E]] into %[[INIT]][] : tensor<f32>
// CHECK:         return %[[R]]
func.func @gather_clamp_static(%params: tensor<4xf32>, %indices: tensor<i32>) -> tensor<f32> {
  %r = gather.gather %params[%indices] mode<clamp> : (tensor<4xf32>, tensor<i32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// gather_nd in error mode: both components checked in the chunk's
// validation loop, then loaded once each, unchecked, in its copy loop (a
// bad chunk's copy loop reports them); the slice is contiguous. Its two addressed unit dimensions become the one
// position dimension by explicit reshapes.

// CHECK-LABEL: func.func @gather_nd_error(
// CHECK-SAME:    %[[PARAMS:.*]]: tensor<2x3x4xf32>, %[[INDICES:.*]]: tensor<5x2xi64>)
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK:         scf.for %[[LO:.*]] =
// CHECK:           %[[ANYBAD:.*]] = scf.for {{.*}} -> (i1) {
// CHECK:             arith.cmpi uge, %{{.*}}, %[[C2]] : index
// CHECK:             arith.cmpi uge, %{{.*}}, %[[C3]] : index
// CHECK:           }
// CHECK:         scf.for %[[I:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK:           %[[RAW0:.*]] = tensor.extract %[[INDICES]][%[[I]], %{{.*}}] : tensor<5x2xi64>
// CHECK:           %[[IDX0:.*]] = arith.index_cast %[[RAW0]] : i64 to index
// CHECK:           %[[RAW1:.*]] = tensor.extract %[[INDICES]][%[[I]], %{{.*}}] : tensor<5x2xi64>
// CHECK:           %[[IDX1:.*]] = arith.index_cast %[[RAW1]] : i64 to index
// CHECK-NOT:       scf.if
// CHECK:           %[[SLICE:.*]] = tensor.extract_slice %[[PARAMS]][%[[IDX0]], %[[IDX1]], 0] [1, 1, 4] [1, 1, 1] : tensor<2x3x4xf32> to tensor<1x1x4xf32>
// CHECK:           %[[FLAT:.*]] = tensor.collapse_shape %[[SLICE]] {{\[}}[0, 1, 2]] : tensor<1x1x4xf32> into tensor<4xf32>
// CHECK:           %[[ROW:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [1, 4] : tensor<4xf32> into tensor<1x4xf32>
// CHECK:           tensor.insert_slice %[[ROW]] into %[[ACC]][%[[I]], 0] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<5x4xf32>
// The copies of a bad chunk report each bad component with its dimension.
// CHECK:         scf.for
// CHECK:           %[[DIM0:.*]] = arith.constant 0 : i64
// CHECK:           func.call @gather_out_of_bounds(%{{.*}}, %{{.*}}, %{{.*}}, %[[DIM0]], %{{.*}})
// CHECK:           %[[DIM1:.*]] = arith.constant 1 : i64
// CHECK:           func.call @gather_out_of_bounds(%{{.*}}, %{{.*}}, %{{.*}}, %[[DIM1]], %{{.*}})
func.func @gather_nd_error(%params: tensor<2x3x4xf32>, %indices: tensor<5x2xi64>) -> tensor<5x4xf32> {
  %r = gather.gather_nd %params[%indices] : (tensor<2x3x4xf32>, tensor<5x2xi64>) -> tensor<5x4xf32>
  return %r : tensor<5x4xf32>
}

// -----

// gather_nd in zero mode, scalar slices (in a chunk with a bad index):
// valid when every component is; the element read at the safe address is
// replaced by zero with a select (no branch in the loop); an empty
// addressed dimension gives zeros without reading.

// CHECK-LABEL: func.func @gather_nd_zero_scalar(
// CHECK-SAME:    %[[PARAMS:.*]]: tensor<?x?xf32>, %[[INDICES:.*]]: tensor<?x2xi32>)
// CHECK:         %[[DIM0:.*]] = tensor.dim %[[PARAMS]], %{{.*}}
// CHECK:         %[[DIM1:.*]] = tensor.dim %[[PARAMS]], %{{.*}}
// CHECK:         %[[INIT:.*]] = tensor.empty(%{{.*}}) : tensor<?xf32>
// CHECK:         %[[E0:.*]] = arith.cmpi eq, %[[DIM0]], %{{.*}}
// CHECK:         %[[E1:.*]] = arith.cmpi eq, %[[DIM1]], %{{.*}}
// CHECK:         %[[EMPTY:.*]] = arith.ori %[[E0]], %[[E1]] : i1
// CHECK:         scf.if %[[EMPTY]] -> (tensor<?xf32>) {
// CHECK:           linalg.fill ins(%{{.*}} : f32) outs(%[[INIT]] : tensor<?xf32>)
// CHECK:         } else {
// CHECK:         scf.for %[[LO:.*]] = {{.*}} iter_args(%[[CACC:.*]] = %[[INIT]])
// CHECK:           %[[SPLIT:.*]] = arith.select
// CHECK:           %[[CLEAN:.*]] = scf.for %{{.*}} = %[[LO]] to %[[SPLIT]]
// CHECK:         scf.for %[[I:.*]] = %[[SPLIT]] to {{.*}} iter_args(%[[ACC:.*]] = %[[CLEAN]])
// CHECK:           %[[IN0:.*]] = arith.cmpi ult, %{{.*}}, %[[DIM0]] : index
// CHECK:           %[[A0:.*]] = arith.select %[[IN0]]
// CHECK:           %[[IN1:.*]] = arith.cmpi ult, %{{.*}}, %[[DIM1]] : index
// CHECK:           %[[A1:.*]] = arith.select %[[IN1]]
// CHECK:           %[[VALID:.*]] = arith.andi %[[IN0]], %[[IN1]] : i1
// CHECK-NOT:       scf.if
// CHECK:           %[[E:.*]] = tensor.extract %[[PARAMS]][%[[A0]], %[[A1]]] : tensor<?x?xf32>
// CHECK:           %[[CST:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:           %[[V:.*]] = arith.select %[[VALID]], %[[E]], %[[CST]] : f32
// CHECK:           tensor.insert %[[V]] into %[[ACC]][%[[I]]] : tensor<?xf32>
func.func @gather_nd_zero_scalar(%params: tensor<?x?xf32>, %indices: tensor<?x2xi32>) -> tensor<?xf32> {
  %r = gather.gather_nd %params[%indices] mode<zero> : (tensor<?x?xf32>, tensor<?x2xi32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// Empty index vectors: each position copies params whole, no index read.

// CHECK-LABEL: func.func @gather_nd_depth0(
// CHECK-SAME:    %[[PARAMS:.*]]: tensor<2x3xf32>, %[[INDICES:.*]]: tensor<4x0xi32>)
// CHECK:         scf.for %[[I:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK-NOT:       tensor.extract %[[INDICES]]
// CHECK:           %[[SLICE:.*]] = tensor.extract_slice %[[PARAMS]][0, 0] [2, 3] [1, 1]
// CHECK:           %[[SLOT:.*]] = tensor.expand_shape %[[SLICE]] {{\[}}[0, 1], [2]] output_shape [1, 2, 3]
// CHECK:           tensor.insert_slice %[[SLOT]] into %[[ACC]][%[[I]], 0, 0] [1, 2, 3] [1, 1, 1]
func.func @gather_nd_depth0(%params: tensor<2x3xf32>, %indices: tensor<4x0xi32>) -> tensor<4x2x3xf32> {
  %r = gather.gather_nd %params[%indices] : (tensor<2x3xf32>, tensor<4x0xi32>) -> tensor<4x2x3xf32>
  return %r : tensor<4x2x3xf32>
}

// -----

// Constant indices in error mode: the read address is bounded (one unsigned
// min), so a bad constant index cannot fold into an invalid static slice
// offset; the check still stops the program first.

// CHECK-LABEL: func.func @gather_error_constant_indices(
// CHECK:         %[[SPLIT:.*]] = arith.select
// CHECK:         scf.for %{{.*}} to %[[SPLIT]]
// CHECK:         %[[IDX:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK:         %[[ADDR:.*]] = arith.minui %[[IDX]], %{{.*}} : index
// CHECK:         tensor.extract_slice %{{.*}}[%[[ADDR]], 0] [1, 4] [1, 1]
func.func @gather_error_constant_indices(%params: tensor<3x4xf32>) -> tensor<1x4xf32> {
  %indices = arith.constant dense<[-2]> : tensor<1xi32>
  %r = gather.gather %params[%indices] : (tensor<3x4xf32>, tensor<1xi32>) -> tensor<1x4xf32>
  return %r : tensor<1x4xf32>
}

// -----

// Error mode with an outer loop (params dimensions before the axis, which
// the indices do not depend on) and small static indices: all indices are
// checked once before the loops (an or-reduction, then the report loop only
// if one is bad), and the loop nest in result order copies unchecked,
// without chunks.

// CHECK-LABEL: func.func @gather_error_outer(
// CHECK-SAME:    %[[PARAMS:.*]]: tensor<3x100xf32>, %[[INDICES:.*]]: tensor<50xi32>)
// CHECK:         %[[BAD:.*]] = scf.if %{{.*}} -> (i1) {
// CHECK:           scf.for %{{.*}} -> (vector<16xi32>)
// CHECK:         } else {
// CHECK:           scf.for %[[V:[^ ]*]] = {{.*}} -> (i1) {
// CHECK:             tensor.extract %[[INDICES]][%[[V]]]
// CHECK:             arith.cmpi uge
// CHECK:           }
// CHECK:         }
// CHECK:         scf.if %[[BAD]] {
// CHECK:           func.call @gather_out_of_bounds
// CHECK:         }
// CHECK:         scf.for %[[O:[^ ]*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC0:.*]] = %{{.*}})
// CHECK:           scf.for %[[I:[^ ]*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[ACC0]])
// CHECK-NOT:         scf.if
// CHECK:             %[[RAW:.*]] = tensor.extract %[[INDICES]][%[[I]]] : tensor<50xi32>
// CHECK:             %[[IDX:.*]] = arith.index_cast %[[RAW]] : i32 to index
// CHECK:             %[[E:.*]] = tensor.extract %[[PARAMS]][%[[O]], %[[IDX]]] : tensor<3x100xf32>
// CHECK:             tensor.insert %[[E]] into %[[ACC]][%[[O]], %[[I]]] : tensor<3x50xf32>
func.func @gather_error_outer(%params: tensor<3x100xf32>, %indices: tensor<50xi32>) -> tensor<3x50xf32> {
  %r = gather.gather %params[%indices] axis = 1 : (tensor<3x100xf32>, tensor<50xi32>) -> tensor<3x50xf32>
  return %r : tensor<3x50xf32>
}

// -----

// Element copies whose indices are checked once (dynamic indices, checked
// per chunk, repeated at every outer coordinate): a visit after the first,
// while no check found a bad index (ANY), copies all its positions in one
// unchecked loop (SPLIT = the size) and leaves the chunk loop empty; the
// first visit, and every visit once a bad index was found, start the chunk
// loop at 0 (SPLIT = 0), which checks as before.

// CHECK-LABEL: func.func @gather_error_revisit(
// CHECK-SAME:    %[[PARAMS:.*]]: tensor<4x1000xf32>, %[[INDICES:.*]]: tensor<?xi32>)
// CHECK:         %[[N:.*]] = tensor.dim %[[INDICES]]
// CHECK:         scf.for %[[O:[^ ]*]] = {{.*}} iter_args(%[[ACC0:.*]] = %{{.*}}, %[[ANY:.*]] = %{{.*}}) -> (tensor<4x?xf32>, i1)
// CHECK:           %[[FIRST:.*]] = arith.cmpi eq, %[[O]], %{{.*}} : index
// CHECK:           %[[MUST:.*]] = arith.ori %[[FIRST]], %[[ANY]] : i1
// CHECK:           %[[SPLIT:.*]] = arith.select %[[MUST]], %{{.*}}, %[[N]] : index
// CHECK:           %[[PLAIN:.*]] = scf.for %[[I:[^ ]*]] = %{{.*}} to %[[SPLIT]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[ACC0]])
// CHECK-NOT:         scf.if
// CHECK:             %[[RAW:.*]] = tensor.extract %[[INDICES]][%[[I]]] : tensor<?xi32>
// CHECK:             %[[IDX:.*]] = arith.index_cast %[[RAW]] : i32 to index
// CHECK:             %[[E:.*]] = tensor.extract %[[PARAMS]][%[[O]], %[[IDX]]] : tensor<4x1000xf32>
// CHECK:             tensor.insert %[[E]] into %[[ACC]][%[[O]], %[[I]]] : tensor<4x?xf32>
// CHECK:           }
// CHECK:           scf.for %[[LO:[^ ]*]] = %[[SPLIT]] to %[[N]] step %{{.*}} iter_args(%{{.*}} = %[[PLAIN]], %{{.*}} = %[[ANY]])
// CHECK:             scf.if %{{.*}} -> (i1) {
func.func @gather_error_revisit(%params: tensor<4x1000xf32>, %indices: tensor<?xi32>) -> tensor<4x?xf32> {
  %r = gather.gather %params[%indices] axis = 1 : (tensor<4x1000xf32>, tensor<?xi32>) -> tensor<4x?xf32>
  return %r : tensor<4x?xf32>
}
