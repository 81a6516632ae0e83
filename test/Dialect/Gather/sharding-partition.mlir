// RUN: gather-opt %s --pass-pipeline='builtin.module(func.func(sharding-propagation,shard-partition,canonicalize,cse))' \
// RUN:   | FileCheck %s
// RUN: gather-opt %s --pass-pipeline='builtin.module(func.func(sharding-propagation,shard-partition,canonicalize,cse))' \
// RUN:   | FileCheck %s --check-prefix=COLLECTIVES --implicit-check-not=shard.all_reduce \
// RUN:     --implicit-check-not=shard.all_gather --implicit-check-not=shard.all_to_all

// shard-partition of gather ops through their ShardingInterface models
// (docs/spec.md, "Partitioning across processes"): a split batch, outer,
// position or slice dimension gives a local gather and no collective; a split
// addressed (gathered) dimension gives the global mode, indices shifted by the
// process's first row, a local mode<zero> gather and one sum all_reduce over
// the grid axes of the split.

shard.grid @grid(shape = 2) {sym_visibility = "private"}
shard.grid @grid22(shape = 2x2) {sym_visibility = "private"}

// P1: params replicated, indices (and the result) split on a position
// dimension.
// CHECK-LABEL: func.func @ids_split(
// CHECK-SAME:      %[[P:.*]]: tensor<16x4xf32>, %[[I:.*]]: tensor<3x3xi64>) -> tensor<3x3x4xf32>
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[P]][%[[I]]] : (tensor<16x4xf32>, tensor<3x3xi64>) -> tensor<3x3x4xf32>
// CHECK-NEXT:    return %[[R]]
func.func @ids_split(%params: tensor<16x4xf32>, %ids: tensor<6x3xi64>) -> tensor<6x3x4xf32> {
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %p = shard.shard %params to %rep : tensor<16x4xf32>
  %i = shard.shard %ids to %rows : tensor<6x3xi64>
  %e = gather.gather %p[%i] : (tensor<16x4xf32>, tensor<6x3xi64>) -> tensor<6x3x4xf32>
  %out = shard.shard %e to %rows : tensor<6x3x4xf32>
  return %out : tensor<6x3x4xf32>
}

// P1: params replicated, indices split on a batch dimension: params are
// sliced locally (all_slice moves nothing).
// CHECK-LABEL: func.func @ids_batch_split(
// CHECK-SAME:      %[[P:.*]]: tensor<4x16xf32>, %[[I:.*]]: tensor<2x5xi64>) -> tensor<2x5xf32>
// CHECK-NEXT:    %[[S:.*]] = shard.all_slice %[[P]] on @grid grid_axes = [0] slice_axis = 0 : tensor<4x16xf32> -> tensor<2x16xf32>
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[S]][%[[I]]] batch_dims = 1 : (tensor<2x16xf32>, tensor<2x5xi64>) -> tensor<2x5xf32>
// CHECK-NEXT:    return %[[R]]
func.func @ids_batch_split(%params: tensor<4x16xf32>, %ids: tensor<4x5xi64>) -> tensor<4x5xf32> {
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %b = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %p = shard.shard %params to %rep : tensor<4x16xf32>
  %i = shard.shard %ids to %b : tensor<4x5xi64>
  %e = gather.gather %p[%i] batch_dims = 1 : (tensor<4x16xf32>, tensor<4x5xi64>) -> tensor<4x5xf32>
  %out = shard.shard %e to %b : tensor<4x5xf32>
  return %out : tensor<4x5xf32>
}

// P2: params and indices split on a shared batch dimension.
// CHECK-LABEL: func.func @batch_split(
// CHECK-SAME:      %[[P:.*]]: tensor<2x16x3xf32>, %[[I:.*]]: tensor<2x5xi64>) -> tensor<2x5x3xf32>
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[P]][%[[I]]] axis = 1 batch_dims = 1 : (tensor<2x16x3xf32>, tensor<2x5xi64>) -> tensor<2x5x3xf32>
// CHECK-NEXT:    return %[[R]]
func.func @batch_split(%params: tensor<4x16x3xf32>, %ids: tensor<4x5xi64>) -> tensor<4x5x3xf32> {
  %batch = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %p = shard.shard %params to %batch : tensor<4x16x3xf32>
  %i = shard.shard %ids to %batch : tensor<4x5xi64>
  %e = gather.gather %p[%i] axis = 1 batch_dims = 1 : (tensor<4x16x3xf32>, tensor<4x5xi64>) -> tensor<4x5x3xf32>
  %out = shard.shard %e to %batch : tensor<4x5x3xf32>
  return %out : tensor<4x5x3xf32>
}

// P3: params split on the hidden (slice) dimension; the result is split on
// the matching result dimension.
// CHECK-LABEL: func.func @hidden_split(
// CHECK-SAME:      %[[P:.*]]: tensor<16x4xf32>, %[[I:.*]]: tensor<5xi64>) -> tensor<5x4xf32>
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[P]][%[[I]]] : (tensor<16x4xf32>, tensor<5xi64>) -> tensor<5x4xf32>
// CHECK-NEXT:    return %[[R]]
func.func @hidden_split(%params: tensor<16x8xf32>, %ids: tensor<5xi64>) -> tensor<5x8xf32> {
  %cols = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %p = shard.shard %params to %cols : tensor<16x8xf32>
  %i = shard.shard %ids to %rep : tensor<5xi64>
  %e = gather.gather %p[%i] : (tensor<16x8xf32>, tensor<5xi64>) -> tensor<5x8xf32>
  %out = shard.shard %e to %cols : tensor<5x8xf32>
  return %out : tensor<5x8xf32>
}

// P3: params split on a dimension before `axis`.
// CHECK-LABEL: func.func @outer_split(
// CHECK-SAME:      %[[P:.*]]: tensor<2x16x3xf32>, %[[I:.*]]: tensor<5xi32>) -> tensor<2x5x3xf32>
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[P]][%[[I]]] axis = 1 : (tensor<2x16x3xf32>, tensor<5xi32>) -> tensor<2x5x3xf32>
// CHECK-NEXT:    return %[[R]]
func.func @outer_split(%params: tensor<4x16x3xf32>, %ids: tensor<5xi32>) -> tensor<4x5x3xf32> {
  %s = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %p = shard.shard %params to %s : tensor<4x16x3xf32>
  %i = shard.shard %ids to %rep : tensor<5xi32>
  %e = gather.gather %p[%i] axis = 1 : (tensor<4x16x3xf32>, tensor<5xi32>) -> tensor<4x5x3xf32>
  %out = shard.shard %e to %s : tensor<4x5x3xf32>
  return %out : tensor<4x5x3xf32>
}

// P4-P6: rows split, mode<zero>: shift by the process's first row (its
// coordinate on grid axis 0 times the 16 local rows), gather in mode<zero>,
// one all_reduce.
// CHECK-LABEL: func.func @rows_zero(
// CHECK-SAME:      %[[T:.*]]: tensor<16x6xf32>, %[[I:.*]]: tensor<5x3xi64>) -> tensor<5x3x6xf32>
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK:         %[[POS:.*]] = shard.process_multi_index on @grid axes = [0] : index
// CHECK:         %[[FIRST:.*]] = arith.muli %[[POS]], %[[C16]] : index
// CHECK:         %[[SHIFT:.*]] = arith.index_cast %[[FIRST]] : index to i64
// CHECK:         %[[LOCAL:.*]] = linalg.generic {{.*}} ins(%[[I]] : tensor<5x3xi64>)
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: i64, %{{.*}}: i64):
// CHECK-NEXT:      %[[SUB:.*]] = arith.subi %[[IN]], %[[SHIFT]] : i64
// CHECK-NEXT:      linalg.yield %[[SUB]]
// CHECK:         %[[G:.*]] = gather.gather %[[T]][%[[LOCAL]]] axis = 0 mode<zero> : (tensor<16x6xf32>, tensor<5x3xi64>) -> tensor<5x3x6xf32>
// CHECK-NEXT:    %[[R:.*]] = shard.all_reduce %[[G]] on @grid grid_axes = [0] : tensor<5x3x6xf32> -> tensor<5x3x6xf32>
// CHECK-NEXT:    return %[[R]]
func.func @rows_zero(%table: tensor<32x6xf32>, %ids: tensor<5x3xi64>) -> tensor<5x3x6xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<32x6xf32>
  %i = shard.shard %ids to %rep : tensor<5x3xi64>
  %e = gather.gather %t[%i] mode<zero> : (tensor<32x6xf32>, tensor<5x3xi64>) -> tensor<5x3x6xf32>
  %out = shard.shard %e to %rep : tensor<5x3x6xf32>
  return %out : tensor<5x3x6xf32>
}

// P7: mode<clamp> clamps into the global bounds [0, 31], then shifts.
// CHECK-LABEL: func.func @rows_clamp(
// CHECK-DAG:     %[[C31:.*]] = arith.constant 31 : i64
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : i64
// CHECK:         linalg.generic
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: i64, %{{.*}}: i64):
// CHECK-NEXT:      %[[MIN:.*]] = arith.minsi %[[IN]], %[[C31]] : i64
// CHECK-NEXT:      %[[MAX:.*]] = arith.maxsi %[[MIN]], %[[C0]] : i64
// CHECK-NEXT:      %[[SUB:.*]] = arith.subi %[[MAX]], %{{.*}} : i64
// CHECK-NEXT:      linalg.yield %[[SUB]]
// CHECK:         gather.gather {{.*}} mode<zero> : (tensor<16x6xf32>, tensor<5xi64>) -> tensor<5x6xf32>
// CHECK-NEXT:    shard.all_reduce {{.*}} on @grid grid_axes = [0]
// CHECK-NEXT:    return
func.func @rows_clamp(%table: tensor<32x6xf32>, %ids: tensor<5xi64>) -> tensor<5x6xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<32x6xf32>
  %i = shard.shard %ids to %rep : tensor<5xi64>
  %e = gather.gather %t[%i] mode<clamp> : (tensor<32x6xf32>, tensor<5xi64>) -> tensor<5x6xf32>
  %out = shard.shard %e to %rep : tensor<5x6xf32>
  return %out : tensor<5x6xf32>
}

// P5: mode<error> checks every index against the global size 32 once; only
// when one is out of bounds does the op's own error-mode check run, on a
// stand-in table of 32 rows holding their own numbers (its message then
// names the op, the index, [0, 32) and params dimension 0).
// CHECK-LABEL: func.func @rows_error(
// CHECK-SAME:      %[[T:.*]]: tensor<16x6xf32>, %[[I:.*]]: tensor<5xi64>)
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK:         %[[ANY:.*]] = linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[I]] : tensor<5xi64>) outs(%{{.*}} : tensor<i1>)
// CHECK:           %[[X:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK:           arith.cmpi uge, %[[X]], %[[C32]] : index
// CHECK:         %[[BAD:.*]] = tensor.extract %[[ANY]][] : tensor<i1>
// CHECK:         %[[CHECKED:.*]] = scf.if %[[BAD]] -> (tensor<5xi64>) {
// CHECK:           %[[IOTA:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<32xi64>)
// CHECK:           %[[STANDIN:.*]] = gather.gather %[[IOTA]][%[[I]]] axis = 0 : (tensor<32xi64>, tensor<5xi64>) -> tensor<5xi64>
// CHECK:           scf.yield %[[STANDIN]]
// CHECK:         } else {
// CHECK:           scf.yield %[[I]]
// CHECK:         %[[LOCAL:.*]] = linalg.generic {{.*}} ins(%[[CHECKED]] : tensor<5xi64>)
// CHECK:         %[[G:.*]] = gather.gather %[[T]][%[[LOCAL]]] axis = 0 mode<zero>
// CHECK-NEXT:    shard.all_reduce %[[G]] on @grid grid_axes = [0]
func.func @rows_error(%table: tensor<32x6xf32>, %ids: tensor<5xi64>) -> tensor<5x6xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<32x6xf32>
  %i = shard.shard %ids to %rep : tensor<5xi64>
  %e = gather.gather %t[%i] : (tensor<32x6xf32>, tensor<5xi64>) -> tensor<5x6xf32>
  %out = shard.shard %e to %rep : tensor<5x6xf32>
  return %out : tensor<5x6xf32>
}

// P5, P7: mode<wrap> checks against [-32, 32), then wraps by 32 and shifts.
// CHECK-LABEL: func.func @rows_wrap(
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK:         linalg.generic {{.*}} iterator_types = ["reduction"]}
// CHECK:           %[[SUM:.*]] = arith.addi %{{.*}}, %[[C32]] : index
// CHECK:           arith.cmpi uge, %[[SUM]], %[[C64]] : index
// CHECK:         scf.if
// CHECK:           gather.gather {{.*}} axis = 0 mode<wrap> : (tensor<32xindex>, tensor<5xindex>) -> tensor<5xindex>
// CHECK:         linalg.generic
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: index, %{{.*}}: index):
// CHECK-NEXT:      %[[NEG:.*]] = arith.cmpi slt, %[[IN]], %{{.*}} : index
// CHECK-NEXT:      %[[ADD:.*]] = arith.addi %[[IN]], %[[C32]] : index
// CHECK-NEXT:      %[[W:.*]] = arith.select %[[NEG]], %[[ADD]], %[[IN]] : index
// CHECK-NEXT:      arith.subi %[[W]], %{{.*}} : index
// CHECK:         gather.gather {{.*}} mode<zero>
// CHECK-NEXT:    shard.all_reduce
func.func @rows_wrap(%table: tensor<32x6xf32>, %ids: tensor<5xindex>) -> tensor<5x6xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<32x6xf32>
  %i = shard.shard %ids to %rep : tensor<5xindex>
  %e = gather.gather %t[%i] mode<wrap> : (tensor<32x6xf32>, tensor<5xindex>) -> tensor<5x6xf32>
  %out = shard.shard %e to %rep : tensor<5x6xf32>
  return %out : tensor<5x6xf32>
}

// Dynamic rows: the global size is the local one times the 2 processes.
// CHECK-LABEL: func.func @rows_dynamic(
// CHECK-SAME:      %[[T:.*]]: tensor<?x64xf32>, %[[I:.*]]: tensor<?xi32>) -> tensor<?x64xf32>
// CHECK-DAG:     %[[LOCALROWS:.*]] = tensor.dim %[[T]], %{{.*}} : tensor<?x64xf32>
// CHECK-DAG:     %[[GLOBAL:.*]] = arith.muli %[[LOCALROWS]], %{{.*}} : index
// CHECK-DAG:     %[[POS:.*]] = shard.process_multi_index on @grid axes = [0] : index
// CHECK-DAG:     arith.muli %[[POS]], %[[LOCALROWS]] : index
// CHECK-DAG:     arith.subi %[[GLOBAL]], %{{.*}} : index
// CHECK:         gather.gather %[[T]][%{{.*}}] axis = 0 mode<zero> : (tensor<?x64xf32>, tensor<?xi32>) -> tensor<?x64xf32>
// CHECK-NEXT:    shard.all_reduce
func.func @rows_dynamic(%table: tensor<?x64xf32>, %ids: tensor<?xi32>) -> tensor<?x64xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<?x64xf32>
  %i = shard.shard %ids to %rep : tensor<?xi32>
  %e = gather.gather %t[%i] mode<clamp> : (tensor<?x64xf32>, tensor<?xi32>) -> tensor<?x64xf32>
  %out = shard.shard %e to %rep : tensor<?x64xf32>
  return %out : tensor<?x64xf32>
}

// P4: gather_nd split on its first indexed dimension: only component 0 is
// shifted (by the process's first of 4 rows), component 1 is not; the
// check compares each component with its own global size (8, 6).
// CHECK-LABEL: func.func @nd_error(
// CHECK-SAME:      %[[P:.*]]: tensor<4x6x4xf32>, %[[I:.*]]: tensor<5x2xi64>) -> tensor<5x4xf32>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK:         linalg.generic {{.*}} ins(%[[I]] : tensor<5x2xi64>) outs(%{{.*}} : tensor<i1>)
// CHECK:           %[[K:.*]] = linalg.index 1 : index
// CHECK:           %[[IS0:.*]] = arith.cmpi eq, %[[K]], %[[C0]] : index
// CHECK:           arith.select %[[IS0]], %[[C8]], %[[C6]] : index
// CHECK:         scf.if
// CHECK-COUNT-2:   gather.gather_nd {{.*}} : (tensor<{{8x1|1x6}}xi64>, tensor<5x2xi64>) -> tensor<5xi64>
// CHECK:         linalg.generic
// CHECK:           %[[K2:.*]] = linalg.index 1 : index
// CHECK:           %[[IS02:.*]] = arith.cmpi eq, %[[K2]], %[[C0]] : index
// CHECK:           %[[SH:.*]] = arith.select %[[IS02]], %{{.*}}, %{{.*}} : i64
// CHECK:           arith.subi %{{.*}}, %[[SH]] : i64
// CHECK:         %[[G:.*]] = gather.gather_nd %[[P]][%{{.*}}] mode<zero> : (tensor<4x6x4xf32>, tensor<5x2xi64>) -> tensor<5x4xf32>
// CHECK-NEXT:    shard.all_reduce %[[G]] on @grid grid_axes = [0] : tensor<5x4xf32> -> tensor<5x4xf32>
// CHECK-NEXT:    return
func.func @nd_error(%params: tensor<8x6x4xf32>, %ids: tensor<5x2xi64>) -> tensor<5x4xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
  %p = shard.shard %params to %rows : tensor<8x6x4xf32>
  %i = shard.shard %ids to %rep : tensor<5x2xi64>
  %e = gather.gather_nd %p[%i] : (tensor<8x6x4xf32>, tensor<5x2xi64>) -> tensor<5x4xf32>
  %out = shard.shard %e to %rep : tensor<5x4xf32>
  return %out : tensor<5x4xf32>
}

// Two grid axes: table rows over axis 0, tokens over axis 1. The local
// gather takes 16 rows and 4 token rows; the all_reduce runs over grid axis
// 0 only, and the result stays split over axis 1.
// CHECK-LABEL: func.func @grid2x2(
// CHECK-SAME:      %[[T:.*]]: tensor<16x6xf32>, %[[I:.*]]: tensor<4x3xi64>) -> tensor<4x3x6xf32>
// CHECK:         shard.process_multi_index on @grid22 axes = [0] : index
// CHECK:         %[[G:.*]] = gather.gather %[[T]][%{{.*}}] axis = 0 mode<zero> : (tensor<16x6xf32>, tensor<4x3xi64>) -> tensor<4x3x6xf32>
// CHECK-NEXT:    %[[R:.*]] = shard.all_reduce %[[G]] on @grid22 grid_axes = [0] : tensor<4x3x6xf32> -> tensor<4x3x6xf32>
// CHECK-NEXT:    return %[[R]]
func.func @grid2x2(%table: tensor<32x6xf32>, %ids: tensor<8x3xi64>) -> tensor<8x3x6xf32> {
  %rows = shard.sharding @grid22 split_axes = [[0]] : !shard.sharding
  %tokens = shard.sharding @grid22 split_axes = [[1]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<32x6xf32>
  %i = shard.shard %ids to %tokens : tensor<8x3xi64>
  %e = gather.gather %t[%i] mode<zero> : (tensor<32x6xf32>, tensor<8x3xi64>) -> tensor<8x3x6xf32>
  %out = shard.shard %e to %tokens : tensor<8x3x6xf32>
  return %out : tensor<8x3x6xf32>
}

// Exactly one collective in each function with a split addressed dimension
// (@rows_*, @nd_error, @grid2x2) and none anywhere else.
// COLLECTIVES-COUNT-7: shard.all_reduce
