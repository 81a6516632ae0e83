//===- ShardCollectivesToMPI.h - shard collectives to MPI -------*- C++ -*-===//
//
// Part of the gather project.
//
// convert-shard-collectives-to-mpi (see Passes.td) and the external models
// the MPI dialect needs to go through bufferization and deallocation.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_CONVERSION_SHARDCOLLECTIVESTOMPI_SHARDCOLLECTIVESTOMPI_H
#define GATHER_CONVERSION_SHARDCOLLECTIVESTOMPI_SHARDCOLLECTIVESTOMPI_H

namespace mlir {
class DialectRegistry;

namespace gather {

/// Attaches `MemoryEffectOpInterface` to the MPI ops that take buffers
/// (allreduce, send, recv, isend, irecv). LLVM 22 declares no effects on
/// them, and ownership-based buffer deallocation rejects an op with unknown
/// effects on a memref ("ops with unknown memory side effects are not
/// supported"). Each reads the buffers it sends, writes those it receives
/// into and writes the default resource (the communication), so that none
/// is ever erased as dead.
void registerMPIMemoryEffectsExternalModels(DialectRegistry &registry);

} // namespace gather
} // namespace mlir

#endif // GATHER_CONVERSION_SHARDCOLLECTIVESTOMPI_SHARDCOLLECTIVESTOMPI_H
