//===- TestGatherTiling.cpp - Test the C++ tiling drivers on gathers ------===//
//
// Part of the gather project.
//
// `test-gather-tiling` calls upstream's C++ tiling drivers on the ops of a
// function that carry a tile-size attribute, so that lit tests exercise the
// TilingInterface models of the gather ops without the transform dialect:
//   gather_test.tile = array<i64: ...>           scf::tileUsingSCF
//   gather_test.tile_and_fuse = array<i64: ...>  scf::tileConsumerAndFuse-
//                                                ProducersUsingSCF
// The attribute holds one tile size per loop (0: not tiled). With the pass
// option `use-forall` the loops are one scf.forall instead of scf.for. After
// fusion, dead ops in the loops and the fused producers left without uses are
// erased.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kTileAttr = "gather_test.tile";
constexpr llvm::StringLiteral kTileAndFuseAttr = "gather_test.tile_and_fuse";

struct TestGatherTilingPass
    : public PassWrapper<TestGatherTilingPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestGatherTilingPass)

  TestGatherTilingPass() = default;
  TestGatherTilingPass(const TestGatherTilingPass &other)
      : PassWrapper(other) {}

  StringRef getArgument() const final { return "test-gather-tiling"; }
  StringRef getDescription() const final {
    return "Tile (and fuse into) the ops marked with gather_test.tile or "
           "gather_test.tile_and_fuse with scf::tileUsingSCF or "
           "scf::tileConsumerAndFuseProducersUsingSCF";
  }

  Option<bool> useForall{*this, "use-forall",
                         llvm::cl::desc("Tile with scf.forall, not scf.for"),
                         llvm::cl::init(false)};

  void runOnOperation() override;

private:
  scf::SCFTilingOptions getTilingOptions(MLIRContext *ctx,
                                         ArrayRef<int64_t> sizes) const;
  LogicalResult tile(RewriterBase &rewriter, TilingInterface op,
                     ArrayRef<int64_t> sizes) const;
  LogicalResult tileAndFuse(RewriterBase &rewriter, TilingInterface op,
                            ArrayRef<int64_t> sizes) const;
};

} // namespace

scf::SCFTilingOptions
TestGatherTilingPass::getTilingOptions(MLIRContext *ctx,
                                       ArrayRef<int64_t> sizes) const {
  scf::SCFTilingOptions options;
  Builder b(ctx);
  SmallVector<OpFoldResult> tileSizes;
  for (int64_t size : sizes)
    tileSizes.push_back(b.getIndexAttr(size));
  options.setTileSizes(tileSizes);
  options.setLoopType(useForall ? scf::SCFTilingOptions::LoopType::ForallOp
                                : scf::SCFTilingOptions::LoopType::ForOp);
  return options;
}

LogicalResult TestGatherTilingPass::tile(RewriterBase &rewriter,
                                         TilingInterface op,
                                         ArrayRef<int64_t> sizes) const {
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> result = scf::tileUsingSCF(
      rewriter, op, getTilingOptions(op->getContext(), sizes));
  if (failed(result))
    return op.emitError("scf::tileUsingSCF failed");
  rewriter.replaceOp(op, result->replacements);
  return success();
}

LogicalResult TestGatherTilingPass::tileAndFuse(RewriterBase &rewriter,
                                                TilingInterface op,
                                                ArrayRef<int64_t> sizes) const {
  scf::SCFTileAndFuseOptions options;
  options.setTilingOptions(getTilingOptions(op->getContext(), sizes));
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTileAndFuseResult> result =
      scf::tileConsumerAndFuseProducersUsingSCF(rewriter, op, options);
  if (failed(result))
    return op.emitError("scf::tileConsumerAndFuseProducersUsingSCF failed");
  for (OpResult opResult : op->getResults())
    if (Value replacement = result->replacements.lookup(opResult))
      rewriter.replaceAllUsesWith(opResult, replacement);
  rewriter.eraseOp(op);
  // The driver leaves slices of the untiled producers in the loops, unused;
  // once they are gone the fused producers, computed tile by tile in the
  // loops now, are dead too (a producer's own producers come after it).
  if (!result->loops.empty())
    (void)runRegionDCE(rewriter, result->loops.front()->getRegions());
  for (Operation *producer : result->fusedProducers)
    if (producer->use_empty())
      rewriter.eraseOp(producer);
  return success();
}

void TestGatherTilingPass::runOnOperation() {
  SmallVector<std::pair<TilingInterface, Attribute>> targets;
  getOperation().walk([&](TilingInterface op) {
    if (Attribute attr = op->getAttr(kTileAttr))
      targets.emplace_back(op, attr);
    else if (Attribute attr = op->getAttr(kTileAndFuseAttr))
      targets.emplace_back(op, attr);
  });
  IRRewriter rewriter(&getContext());
  for (auto [op, attr] : targets) {
    auto sizes = dyn_cast<DenseI64ArrayAttr>(attr);
    if (!sizes) {
      op.emitError("expected an array<i64> of tile sizes");
      return signalPassFailure();
    }
    bool fuse = op->hasAttr(kTileAndFuseAttr);
    op->removeAttr(kTileAttr);
    op->removeAttr(kTileAndFuseAttr);
    if (failed(fuse ? tileAndFuse(rewriter, op, sizes.asArrayRef())
                    : tile(rewriter, op, sizes.asArrayRef())))
      return signalPassFailure();
  }
}

namespace mlir {
namespace gather {
namespace test {
void registerTestGatherTilingPass() {
  PassRegistration<TestGatherTilingPass>();
}
} // namespace test
} // namespace gather
} // namespace mlir
