//===- Dialects.cpp - C API of the gather dialect -------------------------===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#include "gather-c/Dialects.h"

#include "gather/Conversion/Passes.h"
#include "gather/Dialect/Gather/IR/GatherDialect.h"
#include "gather/Dialect/Gather/Transforms/Passes.h"
#include "gather/Pipelines/Pipelines.h"
#include "gather/Transforms/Passes.h"

#include "mlir/CAPI/Registration.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Gather, gather,
                                      mlir::gather::GatherDialect)

void mlirRegisterGatherPasses(void) {
  // Registering a pass or pipeline name twice is a fatal error.
  static const bool registered = [] {
    mlir::gather::registerGatherConversionPasses();
    mlir::gather::registerGatherTransformsPasses();
    mlir::gather::registerGatherDialectTransformsPasses();
    mlir::gather::registerGatherPipelines();
    return true;
  }();
  (void)registered;
}
