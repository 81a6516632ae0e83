//===- Registration.h - registering what handles gather ops ----*- C++ -*-===//
//
// Part of the gather project.
//
// One place that says what a tool (gather-opt, the C API, an embedder's own
// driver) registers so that upstream passes work on gather ops: the dialect
// with the external models of its ops, and the models the project's
// pipelines attach to upstream ops.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_REGISTRATION_H
#define GATHER_REGISTRATION_H

namespace mlir {
class DialectRegistry;

namespace gather {

/// Inserts the gather dialect into `registry` with the external models of
/// its ops: BufferizableOpInterface (One-Shot Bufferize), TilingInterface
/// (tiling and fusion drivers) and shard::ShardingInterface
/// (sharding-propagation, shard-partition). Without them those passes treat
/// gather ops as unknown ops.
void registerGatherDialect(DialectRegistry &registry);

/// Inserts the external models the project attaches to upstream ops for
/// gather-mpi-pipeline: replicated sharding of the scalar ops LLVM 22 leaves
/// without one (registerReplicatedShardingInterfaceExternalModels) and the
/// memory effects of the MPI ops on buffers
/// (registerMPIMemoryEffectsExternalModels).
void registerGatherExtensions(DialectRegistry &registry);

} // namespace gather
} // namespace mlir

#endif // GATHER_REGISTRATION_H
