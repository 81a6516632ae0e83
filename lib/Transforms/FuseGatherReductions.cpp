//===- FuseGatherReductions.cpp - gather + linalg reduction fusion --------===//
//
// Part of the gather project.
//
// An embedding bag is a gather of K rows per bag followed by a reduction of
// each bag's rows (linalg.reduce, or a linalg.generic with reduction
// iterators). Lowered as written it builds the [B, K, D] gathered tensor,
// writes it to memory and reads it back. This pass tiles the reduction over
// its first parallel loop (the bags) into an scf.forall and fuses the gather
// (TilingInterface, docs/tiling.md) and the accumulator's linalg.fill into it
// with upstream's scf::tileConsumerAndFuseProducersUsingSCF: each iteration
// gathers and reduces `tile-size` bags, a tile that stays in cache.
//
//===----------------------------------------------------------------------===//

#include "gather/Transforms/Passes.h"

#include "EmbeddingBag.h"

#include "gather/Dialect/Gather/IR/GatherInterfaces.h"
#include "gather/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_FUSEGATHERREDUCTIONSPASS
#include "gather/Transforms/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;
using namespace mlir::gather;

namespace {

/// A reduction consumer and the gather it fuses, with the loop to tile and
/// the reduction loops that run over the gather's index positions (none
/// for a contraction over the gathered rows' columns, a matmul).
struct Candidate {
  linalg::LinalgOp consumer;
  Operation *gather;
  unsigned tiledLoop;
  SmallVector<unsigned> rowLoops;
};

/// The gather op (tensor form, one use) read by `operand` of `consumer` when
/// the consumer reduces over one of its index-position dimensions (an
/// embedding bag: `rowLoops` are those reduction loops), or when it reduces
/// over other dimensions and a parallel loop runs over the gathered rows (a
/// matmul of gathered rows: `positionLoops` are those parallel loops); null
/// otherwise.
static Operation *getFusableGather(linalg::LinalgOp consumer,
                                   OpOperand *operand,
                                   SmallVectorImpl<unsigned> &rowLoops,
                                   SmallVectorImpl<unsigned> &positionLoops) {
  auto result = dyn_cast<OpResult>(operand->get());
  if (!result)
    return nullptr;
  auto gatherOp = dyn_cast<GatherOpInterface>(result.getOwner());
  if (!gatherOp || gatherOp.getOut() || !result.hasOneUse())
    return nullptr;
  AffineMap map = consumer.getMatchingIndexingMap(operand);
  if (!map.isProjectedPermutation())
    return nullptr;
  GatherGeometry geometry = gatherOp.getGeometry();
  SmallVector<utils::IteratorType> iterators = consumer.getIteratorTypesArray();
  rowLoops.clear();
  positionLoops.clear();
  for (int64_t dim = 0; dim < geometry.resultRank; ++dim) {
    if (geometry.getResultDimKind(dim) != GatherDimKind::Position)
      continue;
    unsigned loop = cast<AffineDimExpr>(map.getResult(dim)).getPosition();
    if (iterators[loop] == utils::IteratorType::reduction)
      rowLoops.push_back(loop);
    else
      positionLoops.push_back(loop);
  }
  return rowLoops.empty() && positionLoops.empty() ? nullptr
                                                   : result.getOwner();
}

/// Marks the consumers this pass produced: a second run (the pass, then
/// gather-cpu-pipeline, which runs it again) leaves them as they are.
static constexpr llvm::StringLiteral kFusedAttr = "gather.fused_reduction";

struct FuseGatherReductionsPass
    : public gather::impl::FuseGatherReductionsPassBase<
          FuseGatherReductionsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (tileSize < 1 || rowsPerTile < 1) {
      getOperation()->emitError()
          << "gather-fuse-reductions: tile-size and rows-per-tile must be at "
             "least 1, got "
          << tileSize << " and " << rowsPerTile;
      return signalPassFailure();
    }
    IRRewriter rewriter(&getContext());
    EmbeddingBagOptions bagOptions;
    bagOptions.prefetchDistance = prefetchDistance;
    bagOptions.registerAccumulatorMaxBytes = registerAccumulatorMaxBytes;
    bagOptions.outOfBoundsHandler = outOfBoundsHandler;
    bagOptions.root = getOperation();
    SmallVector<Candidate> candidates = collectCandidates();
    // Unchanged: the pass manager need not verify the module again.
    if (candidates.empty())
      return markAllAnalysesPreserved();
    for (Candidate &c : candidates) {
      // Embedding bags get loops of their own (EmbeddingBag.cpp); other
      // reductions, bags of another form and contractions are tiled and
      // fused.
      bool contraction = c.rowLoops.empty();
      if (!contraction && bagLoops &&
          succeeded(
              rewriteEmbeddingBag(rewriter, c.consumer, c.gather, bagOptions)))
        continue;
      tileAndFuse(rewriter, c, contraction ? rowsPerTile : tileSize);
    }
  }

  /// The consumers to fuse, collected before any is rewritten (the tiled
  /// consumers would match again).
  SmallVector<Candidate> collectCandidates() {
    SmallVector<Candidate> candidates;
    getOperation()->walk([&](linalg::LinalgOp consumer) {
      if (consumer->hasAttr(kFusedAttr) || !consumer.hasPureTensorSemantics() ||
          consumer.getNumReductionLoops() == 0 ||
          !isa<TilingInterface>(consumer.getOperation()))
        return;
      // A loop of static size 0 leaves nothing to fuse (the result is the
      // init, or empty), and upstream's linalg tiling crashes on it.
      if (llvm::is_contained(consumer.getStaticLoopRanges(), 0))
        return;
      SmallVector<utils::IteratorType> iterators =
          consumer.getIteratorTypesArray();
      auto parallel = llvm::find(iterators, utils::IteratorType::parallel);
      if (parallel == iterators.end())
        return;
      for (OpOperand *operand : consumer.getDpsInputOperands()) {
        SmallVector<unsigned> rowLoops, positionLoops;
        Operation *gather =
            getFusableGather(consumer, operand, rowLoops, positionLoops);
        if (!gather)
          continue;
        // A bag is tiled over its first parallel loop (the bags), a
        // contraction over the first loop over gathered rows.
        unsigned tiledLoop = rowLoops.empty() ? positionLoops.front()
                                              : parallel - iterators.begin();
        candidates.push_back({consumer, gather, tiledLoop, rowLoops});
        return;
      }
    });
    return candidates;
  }

  /// Tiles `c.consumer` into an scf.forall over `c.tiledLoop`, `size`
  /// iterations per tile, and fuses its gather (and the linalg.fill of its
  /// accumulator) into the loop.
  void tileAndFuse(IRRewriter &rewriter, Candidate &c, int64_t size) {
    SmallVector<OpFoldResult> tileSizes(c.consumer.getNumLoops(),
                                        rewriter.getIndexAttr(0));
    tileSizes[c.tiledLoop] = rewriter.getIndexAttr(size);
    scf::SCFTilingOptions tilingOptions;
    tilingOptions.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp)
        .setTileSizes(tileSizes);
    scf::SCFTileAndFuseOptions options;
    options.setTilingOptions(tilingOptions);
    Operation *gather = c.gather;
    // Fuse the gather and a linalg.fill of the accumulator, nothing else.
    options.setFusionControlFn(
        [gather](tensor::ExtractSliceOp, OpResult producer, bool isDestination)
            -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
          Operation *op = producer.getOwner();
          if (op == gather || (isDestination && isa<linalg::FillOp>(op)))
            return scf::SCFTileAndFuseOptions::ControlFnResult{};
          return std::nullopt;
        });
    rewriter.setInsertionPoint(c.consumer);
    FailureOr<scf::SCFTileAndFuseResult> result =
        scf::tileConsumerAndFuseProducersUsingSCF(
            rewriter, cast<TilingInterface>(c.consumer.getOperation()),
            options);
    if (failed(result)) {
      // Left as it is: lowered unfused, with the same values.
      c.consumer->emitRemark("gather-fuse-reductions: not fused");
      return;
    }
    for (OpResult res : c.consumer->getResults()) {
      auto it = result->replacements.find(res);
      if (it != result->replacements.end())
        rewriter.replaceAllUsesWith(res, it->second);
    }
    if (c.consumer->use_empty())
      rewriter.eraseOp(c.consumer);
    eraseUntiledGather(rewriter, gather);
    result->tiledAndFusedOps.front()->setAttr(kFusedAttr,
                                              rewriter.getUnitAttr());
    if (tileRows && !c.rowLoops.empty())
      fuseRows(rewriter, c, *result);
  }

  /// Tiles the tiled consumer again, one row of the bag at a time
  /// (scf.for over its reduction loops over index positions), and fuses the
  /// tile's gather into that loop: each row is read where it is reduced, with
  /// no copy (the gather of one row lowers to a slice of params).
  void fuseRows(IRRewriter &rewriter, const Candidate &c,
                const scf::SCFTileAndFuseResult &outer) {
    auto tiled = dyn_cast<TilingInterface>(outer.tiledAndFusedOps.front());
    if (!tiled)
      return;
    Operation *gather = nullptr;
    for (Operation *op : outer.tiledAndFusedOps)
      if (isa<GatherOpInterface>(op))
        gather = op;
    if (!gather)
      return;
    // (The untiled consumer is gone: the loops are the tiled one's.)
    SmallVector<OpFoldResult> tileSizes(tiled.getLoopIteratorTypes().size(),
                                        rewriter.getIndexAttr(0));
    for (unsigned loop : c.rowLoops)
      tileSizes[loop] = rewriter.getIndexAttr(1);
    scf::SCFTilingOptions tilingOptions;
    tilingOptions.setLoopType(scf::SCFTilingOptions::LoopType::ForOp)
        .setTileSizes(tileSizes);
    scf::SCFTileAndFuseOptions options;
    options.setTilingOptions(tilingOptions);
    options.setFusionControlFn(
        [gather](tensor::ExtractSliceOp, OpResult producer, bool)
            -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
          if (producer.getOwner() == gather)
            return scf::SCFTileAndFuseOptions::ControlFnResult{};
          return std::nullopt;
        });
    rewriter.setInsertionPoint(tiled);
    FailureOr<scf::SCFTileAndFuseResult> result =
        scf::tileConsumerAndFuseProducersUsingSCF(rewriter, tiled, options);
    if (failed(result))
      return; // The bag tile stays as it is.
    for (OpResult res : tiled->getResults()) {
      auto it = result->replacements.find(res);
      if (it != result->replacements.end())
        rewriter.replaceAllUsesWith(res, it->second);
    }
    if (tiled->use_empty())
      rewriter.eraseOp(tiled);
    eraseUntiledGather(rewriter, gather);
    result->tiledAndFusedOps.front()->setAttr(kFusedAttr,
                                              rewriter.getUnitAttr());
  }

  /// Removes the untiled gather: what still refers to it after tiling are
  /// dead slices and the tensor.dim ops of dynamic loop bounds, which become
  /// dims of its operands. (Left alive, it would be lowered whole, with its
  /// checks, which no pass removes.)
  void eraseUntiledGather(IRRewriter &rewriter, Operation *gather) {
    SmallVector<Operation *> dims;
    for (Operation *user : llvm::make_early_inc_range(gather->getUsers())) {
      if (isa<tensor::ExtractSliceOp>(user) && user->use_empty())
        rewriter.eraseOp(user);
      else if (isa<tensor::DimOp>(user))
        dims.push_back(user);
    }
    if (!dims.empty()) {
      RewritePatternSet patterns(&getContext());
      memref::populateResolveRankedShapedTypeResultDimsPatterns(patterns);
      GreedyRewriteConfig config;
      config.setStrictness(GreedyRewriteStrictness::ExistingOps);
      (void)applyOpPatternsGreedily(dims, std::move(patterns), config);
    }
    if (gather->use_empty())
      rewriter.eraseOp(gather);
  }
};

} // namespace
