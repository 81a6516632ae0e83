//===- ForwardUnchangedResults.cpp - pass-through scf results, in one walk ===//
//
// Part of the gather project.
//
// Replaces scf.for and scf.if results that only pass a value through by that
// value (see the pass description in Passes.td), without the greedy driver;
// and the buffer canonicalizer, which does so before canonicalizing.
//
//===----------------------------------------------------------------------===//

#include "gather/Transforms/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_FORWARDUNCHANGEDRESULTSPASS
#define GEN_PASS_DEF_BUFFERCANONICALIZEPASS
#include "gather/Transforms/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;

/// Replaces each result of `loop` whose carried value is yielded unchanged
/// by its init value, inside the loop too. Returns whether it replaced one.
static bool forwardUnchangedIterArgs(scf::ForOp loop) {
  bool changed = false;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (auto [init, arg, yielded, result] :
       llvm::zip_equal(loop.getInitArgs(), loop.getRegionIterArgs(),
                       yield.getOperands(), loop.getResults())) {
    if (yielded != arg && yielded != init)
      continue;
    // The yield then passes `init` on: the result is `init` after any
    // number of iterations, zero included.
    if (!arg.use_empty() || !result.use_empty())
      changed = true;
    arg.replaceAllUsesWith(init);
    result.replaceAllUsesWith(init);
  }
  return changed;
}

/// Replaces each result of `ifOp` that both branches yield as one value
/// (defined above the if, as a value visible in both must be) by it.
static bool forwardCommonYields(scf::IfOp ifOp) {
  if (ifOp.getNumResults() == 0 || ifOp.getElseRegion().empty())
    return false;
  bool changed = false;
  for (auto [thenValue, elseValue, result] :
       llvm::zip_equal(ifOp.thenYield().getOperands(),
                       ifOp.elseYield().getOperands(), ifOp.getResults())) {
    if (thenValue != elseValue || result.use_empty())
      continue;
    result.replaceAllUsesWith(thenValue);
    changed = true;
  }
  return changed;
}

bool mlir::gather::forwardUnchangedResults(Operation *root) {
  bool changed = false;
  // Post-order: an op's regions are done before it, so what a nested op
  // forwarded is already in the yields this op compares.
  root->walk([&](Operation *op) {
    if (auto loop = dyn_cast<scf::ForOp>(op))
      changed |= forwardUnchangedIterArgs(loop);
    else if (auto ifOp = dyn_cast<scf::IfOp>(op))
      changed |= forwardCommonYields(ifOp);
  });
  return changed;
}

namespace {

struct ForwardUnchangedResultsPass
    : public gather::impl::ForwardUnchangedResultsPassBase<
          ForwardUnchangedResultsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (!gather::forwardUnchangedResults(getOperation()))
      markAllAnalysesPreserved();
  }
};

struct BufferCanonicalizePass
    : public gather::impl::BufferCanonicalizePassBase<BufferCanonicalizePass> {
  using Base::Base;

  /// The patterns upstream's canonicalizer collects.
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet owningPatterns(context);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(owningPatterns);
    for (RegisteredOperationName op : context->getRegisteredOperations())
      op.getCanonicalizationPatterns(owningPatterns, context);
    patterns =
        std::make_shared<FrozenRewritePatternSet>(std::move(owningPatterns));
    return success();
  }

  void runOnOperation() override {
    if (maxIterations < 1) {
      getOperation()->emitError()
          << "gather-buffer-canonicalize: max-iterations must be at least 1, "
             "got "
          << static_cast<int64_t>(maxIterations);
      return signalPassFailure();
    }
    bool eliminated = false;
    if (cse) {
      IRRewriter rewriter(&getContext());
      eliminateCommonSubExpressions(rewriter, getAnalysis<DominanceInfo>(),
                                    getOperation(), &eliminated);
    }
    bool forwarded = gather::forwardUnchangedResults(getOperation());
    bool canonicalized = false;
    // Best effort, as upstream's canonicalizer: not converging is no error.
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    config.setMaxIterations(maxIterations);
    (void)applyPatternsGreedily(getOperation(), *patterns, config,
                                &canonicalized);
    if (!eliminated && !forwarded && !canonicalized)
      markAllAnalysesPreserved();
  }

  std::shared_ptr<const FrozenRewritePatternSet> patterns;
};

} // namespace
