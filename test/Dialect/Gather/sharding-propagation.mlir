// RUN: gather-opt %s --pass-pipeline='builtin.module(func.func(sharding-propagation))' | FileCheck %s

// sharding-propagation through the gather ops' ShardingInterface models:
// annotations flow from params and indices to the result and back; the
// index-vector dimension of gather_nd is never split; scalar ops (arith, the
// process queries of shard) take part replicated instead of stopping the pass.

shard.grid @grid(shape = 2) {sym_visibility = "private"}

// Rows split: the ids are replicated for the op, the result too (the split
// addressed dimension does not appear in it).
// CHECK-LABEL: func.func @rows(
// CHECK-SAME:      %[[T:.*]]: tensor<32x6xf32>, %[[I:.*]]: tensor<5xi64>)
// CHECK:         %[[TA:.*]] = shard.shard %[[T]] to %{{.*}} : tensor<32x6xf32>
// CHECK-NEXT:    %[[ROWS:.*]] = shard.sharding @grid split_axes = {{\[\[}}0]] : !shard.sharding
// CHECK-NEXT:    %[[TU:.*]] = shard.shard %[[TA]] to %[[ROWS]] annotate_for_users : tensor<32x6xf32>
// CHECK-NEXT:    %[[REP:.*]] = shard.sharding @grid split_axes = {{\[\[}}]] : !shard.sharding
// CHECK-NEXT:    %[[IU:.*]] = shard.shard %[[I]] to %[[REP]] annotate_for_users : tensor<5xi64>
// CHECK:         %[[E:.*]] = gather.gather %[[TU]][%[[IU]]]
// CHECK-NEXT:    %[[REP2:.*]] = shard.sharding @grid split_axes = {{\[\[}}]] : !shard.sharding
// CHECK-NEXT:    shard.shard %[[E]] to %[[REP2]] : tensor<5x6xf32>
func.func @rows(%table: tensor<32x6xf32>, %ids: tensor<5xi64>) -> tensor<5x6xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<32x6xf32>
  %e = gather.gather %t[%ids] : (tensor<32x6xf32>, tensor<5xi64>) -> tensor<5x6xf32>
  return %e : tensor<5x6xf32>
}

// Indices split on their second dimension: the result is split on the
// matching result dimension, params replicated.
// CHECK-LABEL: func.func @ids(
// CHECK-SAME:      %[[T:.*]]: tensor<32x6xf32>, %[[I:.*]]: tensor<4x5xi64>)
// CHECK:         %[[REP:.*]] = shard.sharding @grid split_axes = {{\[\[}}]] : !shard.sharding
// CHECK-NEXT:    %[[TU:.*]] = shard.shard %[[T]] to %[[REP]] annotate_for_users : tensor<32x6xf32>
// CHECK:         %[[E:.*]] = gather.gather %[[TU]][%{{.*}}]
// CHECK-NEXT:    %[[S:.*]] = shard.sharding @grid split_axes = {{\[\[}}], [0]] : !shard.sharding
// CHECK-NEXT:    shard.shard %[[E]] to %[[S]] : tensor<4x5x6xf32>
func.func @ids(%table: tensor<32x6xf32>, %ids: tensor<4x5xi64>) -> tensor<4x5x6xf32> {
  %s = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %i = shard.shard %ids to %s : tensor<4x5xi64>
  %e = gather.gather %table[%i] : (tensor<32x6xf32>, tensor<4x5xi64>) -> tensor<4x5x6xf32>
  return %e : tensor<4x5x6xf32>
}

// Indices of gather_nd split on the index-vector dimension: the op asks for
// them replicated (shard-partition then gathers them).
// CHECK-LABEL: func.func @index_vector(
// CHECK-SAME:      %[[P:.*]]: tensor<8x6xf32>, %[[I:.*]]: tensor<5x2xi64>)
// CHECK:         %[[IA:.*]] = shard.shard %[[I]] to %{{.*}} : tensor<5x2xi64>
// CHECK:         shard.shard %[[P]] to %{{.*}} annotate_for_users : tensor<8x6xf32>
// CHECK-NEXT:    %[[REP:.*]] = shard.sharding @grid split_axes = {{\[\[}}]] : !shard.sharding
// CHECK-NEXT:    %[[IU:.*]] = shard.shard %[[IA]] to %[[REP]] annotate_for_users : tensor<5x2xi64>
// CHECK:         gather.gather_nd %{{.*}}[%[[IU]]]
func.func @index_vector(%params: tensor<8x6xf32>, %ids: tensor<5x2xi64>) -> tensor<5xf32> {
  %s = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %i = shard.shard %ids to %s : tensor<5x2xi64>
  %e = gather.gather_nd %params[%i] : (tensor<8x6xf32>, tensor<5x2xi64>) -> tensor<5xf32>
  return %e : tensor<5xf32>
}

// Scalar ops beside a gather: no annotation, no error.
// CHECK-LABEL: func.func @scalars(
// CHECK:         %[[R:.*]] = shard.process_linear_index on @grid : index
// CHECK-NEXT:    %[[M:.*]] = arith.addi %{{.*}}, %[[R]] : index
// CHECK-NEXT:    return %{{.*}}, %[[M]]
func.func @scalars(%table: tensor<32x6xf32>, %ids: tensor<5xi64>, %n: index) -> (tensor<5x6xf32>, index) {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %t = shard.shard %table to %rows : tensor<32x6xf32>
  %e = gather.gather %t[%ids] : (tensor<32x6xf32>, tensor<5xi64>) -> tensor<5x6xf32>
  %r = shard.process_linear_index on @grid : index
  %m = arith.addi %n, %r : index
  return %e, %m : tensor<5x6xf32>, index
}
