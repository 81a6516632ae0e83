/* A C user of the installed C API: registers the gather dialect and the
 * upstream dialects, parses a module holding gather ops, verifies it, lowers
 * it with gather-cpu-pipeline (mlirParsePassPipeline) and prints the result;
 * then bufferizes a gather with upstream One-Shot Bufferize (the external
 * models come with the dialect handle), in a context whose registry holds
 * the dialect and in one that loads it through the handle, and prints that.
 * Exits with status 1 on any failure. */
#include "gather-c/Dialects.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include <stdbool.h>
#include <stdio.h>

/* One gather.gather: lowered with a gather_nd below, and bufferized alone. */
#define ROWS_SOURCE                                                            \
  "func.func @rows(%params: tensor<4x2xf32>, %indices: tensor<3xi32>)\n"       \
  "    -> tensor<3x2xf32> {\n"                                                 \
  "  %r = gather.gather %params[%indices]\n"                                   \
  "      : (tensor<4x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>\n"              \
  "  return %r : tensor<3x2xf32>\n"                                            \
  "}\n"

static const char *const kSource = ROWS_SOURCE
    "func.func @zeros(%params: tensor<4x2xf32>, %indices: tensor<3x2xi64>)\n"
    "    -> tensor<3xf32> {\n"
    "  %r = gather.gather_nd %params[%indices] mode<zero>\n"
    "      : (tensor<4x2xf32>, tensor<3x2xi64>) -> tensor<3xf32>\n"
    "  return %r : tensor<3xf32>\n"
    "}\n";

static const char *const kBufferizeSource = ROWS_SOURCE;

static void printToFile(MlirStringRef text, void *userData) {
  fwrite(text.data, 1, text.length, (FILE *)userData);
}

/// Runs the textual `pipeline` on `module`; false on failure.
static bool run(MlirContext ctx, MlirOperation module, const char *pipeline) {
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  bool ok = true;
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreateFromCString(pipeline), printToFile, stderr))) {
    fprintf(stderr, "\ncannot parse the pipeline\n");
    ok = false;
  } else if (mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(pm, module))) {
    fprintf(stderr, "the pipeline failed\n");
    ok = false;
  }
  mlirPassManagerDestroy(pm);
  return ok;
}

/// Parses `source`, verifies it, runs `pipeline` and prints the result;
/// false on failure.
static bool parseRunPrint(MlirContext ctx, const char *source,
                          const char *pipeline) {
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(source));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "cannot parse the module\n");
    return false;
  }
  MlirOperation op = mlirModuleGetOperation(module);
  bool ok = mlirOperationVerify(op);
  if (!ok)
    fprintf(stderr, "the module does not verify\n");
  else if ((ok = run(ctx, op, pipeline))) {
    mlirOperationPrint(op, printToFile, stdout);
    printf("\n");
  }
  mlirModuleDestroy(module);
  return ok;
}

/// A context of every upstream dialect that loads the gather dialect through
/// its handle (mlirDialectHandleLoadDialect) instead of a registry: the
/// handle's load hook brings the ops' external models too.
static MlirContext createContextLoadingGather(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__gather__(), ctx);
  return ctx;
}

int main(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__gather__(), registry);
  mlirRegisterGatherExtensions(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirRegisterAllPasses();
  mlirRegisterGatherPasses();

  const char *bufferize =
      "builtin.module(one-shot-bufferize{bufferize-function-boundaries})";
  bool ok =
      parseRunPrint(ctx, kSource, "builtin.module(gather-cpu-pipeline)") &&
      parseRunPrint(ctx, kBufferizeSource, bufferize);
  mlirContextDestroy(ctx);
  if (!ok)
    return 1;
  MlirContext loading = createContextLoadingGather();
  ok = parseRunPrint(loading, kBufferizeSource, bufferize);
  mlirContextDestroy(loading);
  return ok ? 0 : 1;
}
