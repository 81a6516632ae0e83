//===- gather-opt.cpp - gather optimizer driver ---------------------------===//
//
// Part of the gather project.
//
// An mlir-opt with the gather dialect, its conversions and named pipelines,
// plus every upstream dialect, extension, pass and LLVM IR translation, so
// that gather passes mix with upstream ones in one run and GPU modules can be
// serialized.
//
//===----------------------------------------------------------------------===//

#include "gather/Conversion/Passes.h"
#include "gather/Dialect/Gather/Transforms/Passes.h"
#include "gather/Pipelines/Pipelines.h"
#include "gather/Registration.h"
#include "gather/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

namespace mlir::gather::test {
void registerTestPatternsAlonePass();
void registerTestGatherTilingPass();
} // namespace mlir::gather::test

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::gather::test::registerTestPatternsAlonePass();
  mlir::gather::test::registerTestGatherTilingPass();
  mlir::gather::registerGatherConversionPasses();
  mlir::gather::registerGatherTransformsPasses();
  mlir::gather::registerGatherDialectTransformsPasses();
  mlir::gather::registerGatherPipelines();

  mlir::DialectRegistry registry;
  mlir::gather::registerGatherDialect(registry);
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::gather::registerGatherExtensions(registry);
  // gpu-module-to-binary translates gpu modules to LLVM IR.
  mlir::registerAllToLLVMIRTranslations(registry);

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "gather optimizer driver\n", registry));
}
