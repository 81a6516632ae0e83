//===- SplitBlocksAtSCF.cpp - blocks that scf-to-cf splits cheaply --------===//
//
// Part of the gather project.
//
// Ends a function-body block after each scf op with regions (see the pass
// description in Passes.td): convert-scf-to-cf then splits small blocks.
//
//===----------------------------------------------------------------------===//

#include "gather/Transforms/Passes.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_SPLITBLOCKSATSCFPASS
#include "gather/Transforms/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;

/// Whether convert-scf-to-cf splits the block around `op`.
static bool isSplitBySCFLowering(Operation &op) {
  return op.getNumRegions() > 0 && isa<scf::SCFDialect>(op.getDialect());
}

/// Splits `block` after each scf op with regions but the last, back to
/// front, where it holds at least `minOps` of them: each split moves only
/// the ops before the previous split point. Returns whether it split
/// anything.
static bool splitAfterSCFOps(OpBuilder &b, Block *block, unsigned minOps) {
  SmallVector<Operation *> splitAfter;
  for (Operation &op : *block)
    if (isSplitBySCFLowering(op))
      splitAfter.push_back(&op);
  if (splitAfter.size() < std::max(minOps, 2u))
    return false;
  splitAfter.pop_back(); // The last one's tail is split once anyway.
  for (Operation *op : llvm::reverse(splitAfter)) {
    Block *tail = block->splitBlock(op->getNextNode());
    b.setInsertionPointToEnd(block);
    cf::BranchOp::create(b, op->getLoc(), tail);
  }
  return true;
}

namespace {

struct SplitBlocksAtSCFPass
    : public gather::impl::SplitBlocksAtSCFPassBase<SplitBlocksAtSCFPass> {
  using Base::Base;

  void runOnOperation() override {
    OpBuilder b(&getContext());
    bool changed = false;
    getOperation()->walk([&](FunctionOpInterface func) {
      if (func.isExternal())
        return;
      // Blocks made by the splits are not visited again: they hold no
      // split point but their first op.
      for (Block *block : llvm::to_vector(
               llvm::make_pointer_range(func.getFunctionBody().getBlocks())))
        changed |= splitAfterSCFOps(b, block, minSCFOps);
    });
    // Unchanged: the pass manager need not verify the module again.
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
