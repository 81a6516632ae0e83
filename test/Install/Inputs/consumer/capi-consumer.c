/* A C user of the installed C API: registers the gather dialect and the
 * upstream dialects, parses a module holding gather ops, verifies it, lowers
 * it with gather-cpu-pipeline (mlirParsePassPipeline) and prints the result.
 * Exits with status 1 on any failure. */
#include "gather-c/Dialects.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include <stdbool.h>
#include <stdio.h>

static const char *const kSource =
    "func.func @rows(%params: tensor<4x2xf32>, %indices: tensor<3xi32>)\n"
    "    -> tensor<3x2xf32> {\n"
    "  %r = gather.gather %params[%indices]\n"
    "      : (tensor<4x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>\n"
    "  return %r : tensor<3x2xf32>\n"
    "}\n"
    "func.func @zeros(%params: tensor<4x2xf32>, %indices: tensor<3x2xi64>)\n"
    "    -> tensor<3xf32> {\n"
    "  %r = gather.gather_nd %params[%indices] mode<zero>\n"
    "      : (tensor<4x2xf32>, tensor<3x2xi64>) -> tensor<3xf32>\n"
    "  return %r : tensor<3xf32>\n"
    "}\n";

static void printToFile(MlirStringRef text, void *userData) {
  fwrite(text.data, 1, text.length, (FILE *)userData);
}

/// Lowers `module` with gather-cpu-pipeline; false on failure.
static bool lower(MlirContext ctx, MlirOperation module) {
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  bool ok = true;
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreateFromCString("builtin.module(gather-cpu-pipeline)"),
          printToFile, stderr))) {
    fprintf(stderr, "\ncannot parse the pipeline\n");
    ok = false;
  } else if (mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(pm, module))) {
    fprintf(stderr, "the pipeline failed\n");
    ok = false;
  }
  mlirPassManagerDestroy(pm);
  return ok;
}

int main(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__gather__(), registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirRegisterGatherPasses();

  int status = 1;
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kSource));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "cannot parse the module\n");
  } else {
    MlirOperation op = mlirModuleGetOperation(module);
    if (!mlirOperationVerify(op)) {
      fprintf(stderr, "the module does not verify\n");
    } else if (lower(ctx, op)) {
      mlirOperationPrint(op, printToFile, stdout);
      printf("\n");
      status = 0;
    }
    mlirModuleDestroy(module);
  }
  mlirContextDestroy(ctx);
  return status;
}
