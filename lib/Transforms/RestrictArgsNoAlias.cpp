//===- RestrictArgsNoAlias.cpp - noalias from restrict tensors -----------===//
//
// Part of the gather project.
//
// Marks `llvm.noalias` on the memref arguments of a function that reaches
// them only through `restrict` tensors (see the pass description in
// Passes.td).
//
//===----------------------------------------------------------------------===//

#include "gather/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_RESTRICTARGSNOALIASPASS
#include "gather/Transforms/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;

/// True when `use` reaches its buffer as a restrict tensor: the function
/// accesses that buffer through this op only.
static bool isRestrictUse(OpOperand &use) {
  Operation *user = use.getOwner();
  if (auto toTensor = dyn_cast<bufferization::ToTensorOp>(user))
    return toTensor.getRestrict();
  if (auto materialize =
          dyn_cast<bufferization::MaterializeInDestinationOp>(user))
    return materialize.getRestrict() && use.get() == materialize.getDest();
  return false;
}

namespace {

struct RestrictArgsNoAliasPass
    : public gather::impl::RestrictArgsNoAliasPassBase<
          RestrictArgsNoAliasPass> {
  void runOnOperation() override {
    bool changed = false;
    StringRef noalias = LLVM::LLVMDialect::getNoAliasAttrName();
    getOperation()->walk([&](func::FuncOp func) {
      if (func.isExternal())
        return;
      for (BlockArgument arg : func.getArguments()) {
        if (!isa<MemRefType>(arg.getType()) || arg.use_empty() ||
            func.getArgAttr(arg.getArgNumber(), noalias) ||
            !llvm::all_of(arg.getUses(), isRestrictUse))
          continue;
        func.setArgAttr(arg.getArgNumber(), noalias,
                        UnitAttr::get(func.getContext()));
        changed = true;
      }
    });
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
