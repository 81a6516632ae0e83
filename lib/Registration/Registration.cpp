//===- Registration.cpp - what a tool registers to handle gather ops ------===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#include "gather/Registration.h"

#include "gather/Conversion/ShardCollectivesToMPI/ShardCollectivesToMPI.h"
#include "gather/Dialect/Gather/IR/GatherDialect.h"
#include "gather/Dialect/Gather/Transforms/BufferizableOpInterfaceImpl.h"
#include "gather/Dialect/Gather/Transforms/ShardingInterfaceImpl.h"
#include "gather/Dialect/Gather/Transforms/TilingInterfaceImpl.h"

#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

void mlir::gather::registerGatherDialect(DialectRegistry &registry) {
  registry.insert<GatherDialect>();
  registerBufferizableOpInterfaceExternalModels(registry);
  registerTilingInterfaceExternalModels(registry);
  registerShardingInterfaceExternalModels(registry);
}

void mlir::gather::registerGatherExtensions(DialectRegistry &registry) {
  registerReplicatedShardingInterfaceExternalModels(registry);
  registerMPIMemoryEffectsExternalModels(registry);
}
