//===- gather-lsp-server.cpp - MLIR language server with gather -----------===//
//
// Part of the gather project.
//
// upstream's mlir-lsp-server with the gather dialect: diagnostics (the
// dialect's verifiers included), hover, go-to-definition and completion for
// .mlir files that hold gather ops, in any editor with an MLIR extension
// (VS Code: set "mlir.server_path" to this binary).
//
//===----------------------------------------------------------------------===//

#include "gather/Dialect/Gather/IR/GatherDialect.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::gather::GatherDialect>();
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}
