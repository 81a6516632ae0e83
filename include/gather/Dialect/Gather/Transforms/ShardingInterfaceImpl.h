//===- ShardingInterfaceImpl.h - sharding of gather ops ---------*- C++ -*-===//
//
// Part of the gather project.
//
// External models of upstream's `shard::ShardingInterface`, so that
// `sharding-propagation` and `shard-partition` distribute gather ops over a
// `shard.grid` (docs/spec.md, "Partitioning across processes").
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_DIALECT_GATHER_TRANSFORMS_SHARDINGINTERFACEIMPL_H
#define GATHER_DIALECT_GATHER_TRANSFORMS_SHARDINGINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;

namespace gather {

/// Attaches `shard::ShardingInterface` to gather.gather and gather.gather_nd.
void registerShardingInterfaceExternalModels(DialectRegistry &registry);

/// Attaches a replicated-only `shard::ShardingInterface` to the ops upstream
/// leaves without one although they carry nothing to shard: every arith op
/// but arith.constant (which has its own), every math op, func.call, and the
/// shard ops that only query the process (process_linear_index,
/// process_multi_index, grid_shape, neighbors_linear_indices). LLVM 22's
/// sharding-propagation rejects any op without the interface ("sharding
/// interface is not implemented"), scalar index arithmetic included. These
/// models propagate nothing and partition by cloning; a split tensor operand is
/// an error.
void registerReplicatedShardingInterfaceExternalModels(
    DialectRegistry &registry);

} // namespace gather
} // namespace mlir

#endif // GATHER_DIALECT_GATHER_TRANSFORMS_SHARDINGINTERFACEIMPL_H
