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
#include "gather/Registration.h"
#include "gather/Transforms/Passes.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"

using namespace mlir;

// The dialect handle, written out rather than with
// MLIR_DEFINE_CAPI_DIALECT_REGISTRATION, whose hooks insert the dialect only:
// these also bring the external models of the gather ops, so that a C API
// user's One-Shot Bufferize, tiling and sharding passes handle them as
// gather-opt's do.

static void insertGatherDialect(MlirDialectRegistry registry) {
  gather::registerGatherDialect(*unwrap(registry));
}

static MlirDialect loadGatherDialect(MlirContext context) {
  // A context that loads the dialect directly gets the models too.
  DialectRegistry registry;
  gather::registerGatherDialect(registry);
  unwrap(context)->appendDialectRegistry(registry);
  return wrap(unwrap(context)->getOrLoadDialect<gather::GatherDialect>());
}

static MlirStringRef getGatherNamespace() {
  return wrap(gather::GatherDialect::getDialectNamespace());
}

MlirDialectHandle mlirGetDialectHandle__gather__() {
  static MlirDialectRegistrationHooks hooks = {
      insertGatherDialect, loadGatherDialect, getGatherNamespace};
  return MlirDialectHandle{&hooks};
}

void mlirRegisterGatherExtensions(MlirDialectRegistry registry) {
  gather::registerGatherExtensions(*unwrap(registry));
}

void mlirRegisterGatherPasses(void) {
  // Registering a pass or pipeline name twice is a fatal error.
  static const bool registered = [] {
    gather::registerGatherConversionPasses();
    gather::registerGatherTransformsPasses();
    gather::registerGatherDialectTransformsPasses();
    gather::registerGatherPipelines();
    return true;
  }();
  (void)registered;
}
