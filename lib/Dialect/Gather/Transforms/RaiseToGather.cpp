//===- RaiseToGather.cpp - linalg.generic gathers to gather.gather --------===//
//
// Part of the gather project.
//
// A linalg.generic computes a gather when its body is
//
//   %k = arith.index_cast %in : i64 to index     (%in: the indices input)
//   %i = linalg.index 0 : index                   (one per other coordinate)
//   %e = tensor.extract %params[..., %k, ...]     (%params defined above)
//   linalg.yield %e
//
// and its maps place the loops as tf.gather places the result dimensions:
// params.shape[:a] + indices.shape[b:] + params.shape[a+1:], the first b
// shared with the indices (batch dimensions). This is what tosa-to-linalg
// makes of tosa.gather (a = 1, b = 1) and torch-mlir's TorchToLinalg of
// aten.embedding (a = 0, b = 0), aten.index_select (b = 0) and aten.gather
// along the last dimension (b = a = rank - 1); torch-mlir adds cf.assert
// bounds checks, which mode<error> subsumes. See the pass description for
// the exact conditions; anything else is left alone.
//
//===----------------------------------------------------------------------===//

#include "gather/Dialect/Gather/Transforms/RaiseToGather.h"
#include "gather/Dialect/Gather/IR/GatherDialect.h"
#include "gather/Dialect/Gather/IR/GatherOps.h"
#include "gather/Dialect/Gather/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_RAISETOGATHERPASS
#include "gather/Dialect/Gather/Transforms/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;
using namespace mlir::gather;

namespace {

/// What the body of a candidate generic reads: params at one coordinate
/// from the indices (the axis) and at loop positions for the others.
struct BodyMatch {
  Value params;
  int64_t axis = -1;
  /// The loop read by each params coordinate; -1 at the axis.
  SmallVector<int64_t> coordLoops;
};

/// A generic recognised as `gather.gather %params[%indices] axis batch_dims`.
struct GatherMatch {
  Value params;
  Value indices;
  int64_t axis = 0;
  int64_t batchDims = 0;
  /// The loop over each params dimension; -1 at the axis.
  SmallVector<int64_t> dimLoops;
  /// The params dimensions the gather reads a prefix of (the loop over them
  /// is shorter, or not known to be as long); none: params as it is.
  SmallVector<bool> slicedDims;
  bool needsSlice() const { return llvm::is_contained(slicedDims, true); }
  /// The type of params as the gather reads it (sliced or not).
  RankedTensorType readType;
};

} // namespace

/// Whether `v` is the index read from `in`, the indices block argument: `in`
/// itself when it is an `index`, else an arith.index_cast of it in `body`.
static bool isIndexRead(Value v, BlockArgument in, Block *body) {
  if (v == in)
    return in.getType().isIndex();
  auto cast = v.getDefiningOp<arith::IndexCastOp>();
  return cast && cast->getBlock() == body && cast.getIn() == in;
}

/// Whether `size` is the size of dimension `dim` of `tensor`: its static
/// size as a constant, or `tensor.dim %tensor, dim`.
static bool isSizeOf(Value size, Value tensor, int64_t dim) {
  if (!size)
    return false;
  int64_t staticSize = cast<RankedTensorType>(tensor.getType()).getDimSize(dim);
  APInt constant;
  if (matchPattern(size, m_ConstantInt(&constant)))
    return !ShapedType::isDynamic(staticSize) &&
           constant.getSExtValue() == staticSize;
  auto dimOp = size.getDefiningOp<tensor::DimOp>();
  if (!dimOp || dimOp.getSource() != tensor)
    return false;
  std::optional<int64_t> index = dimOp.getConstantIndex();
  return index && *index == dim;
}

/// Whether `cond` is one of torch-mlir's bounds checks of the index read
/// from `in` against params dimension `axis`: `index < dim` (signed) or
/// `in >= 0`. Both are implied by mode<error>.
static bool isBoundsCheck(Value cond, BlockArgument in, Block *body,
                          Value params, int64_t axis) {
  auto cmp = cond.getDefiningOp<arith::CmpIOp>();
  if (!cmp || cmp->getBlock() != body)
    return false;
  Value lhs = cmp.getLhs(), rhs = cmp.getRhs();
  switch (cmp.getPredicate()) {
  case arith::CmpIPredicate::slt:
    return isIndexRead(lhs, in, body) && isSizeOf(rhs, params, axis);
  case arith::CmpIPredicate::sge:
    return (lhs == in || isIndexRead(lhs, in, body)) &&
           matchPattern(rhs, m_Zero());
  default:
    return false;
  }
}

/// The structural conditions: tensors, one indices input of i32/i64/index,
/// one init with the identity map whose value the body ignores, parallel
/// loops.
static LogicalResult checkStructure(linalg::GenericOp op,
                                    PatternRewriter &rewriter) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInputs() != 1 ||
      op.getNumDpsInits() != 1 || op->getNumResults() != 1)
    return rewriter.notifyMatchFailure(
        op, "needs tensors, one input, one init and one result");
  if (op.getNumLoops() != op.getNumParallelLoops())
    return rewriter.notifyMatchFailure(op, "needs parallel loops only");
  auto indicesType =
      dyn_cast<RankedTensorType>(op.getDpsInputOperand(0)->get().getType());
  if (!indicesType)
    return rewriter.notifyMatchFailure(op, "indices must be a ranked tensor");
  Type indexType = indicesType.getElementType();
  if (!indexType.isIndex() && !indexType.isInteger(32) &&
      !indexType.isInteger(64))
    return rewriter.notifyMatchFailure(op, "indices must be i32/i64/index");
  OpOperand *init = op.getDpsInitOperand(0);
  if (!op.getMatchingIndexingMap(init).isIdentity())
    return rewriter.notifyMatchFailure(op, "init map must be the identity");
  if (!op.getMatchingBlockArgument(init).use_empty())
    return rewriter.notifyMatchFailure(op, "the body reads the init");
  return success();
}

/// Matches the yielded tensor.extract and its coordinates.
static FailureOr<BodyMatch> matchExtract(linalg::GenericOp op,
                                         PatternRewriter &rewriter) {
  Block *body = op.getBody();
  BlockArgument in = op.getMatchingBlockArgument(op.getDpsInputOperand(0));
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  auto extract = yield.getValues()[0].getDefiningOp<tensor::ExtractOp>();
  if (!extract || extract->getBlock() != body)
    return rewriter.notifyMatchFailure(op, "must yield a tensor.extract");
  BodyMatch match;
  match.params = extract.getTensor();
  if (op.getRegion().isAncestor(match.params.getParentRegion()))
    return rewriter.notifyMatchFailure(op, "params must be defined above");
  for (auto [j, coord] : llvm::enumerate(extract.getIndices())) {
    if (auto index = coord.getDefiningOp<linalg::IndexOp>();
        index && index->getBlock() == body) {
      match.coordLoops.push_back(index.getDim());
      continue;
    }
    if (!isIndexRead(coord, in, body) || match.axis >= 0)
      return rewriter.notifyMatchFailure(
          op, "one coordinate must be the index, the others linalg.index");
    match.axis = j;
    match.coordLoops.push_back(-1);
  }
  if (match.axis < 0)
    return rewriter.notifyMatchFailure(op, "no coordinate reads the index");
  return match;
}

/// Every op of the body other than the extract, its coordinates and the
/// yield must be a recognised bounds check or have no memory effect (the
/// yielded value depends on none of them).
static LogicalResult checkOtherOps(linalg::GenericOp op, const BodyMatch &match,
                                   PatternRewriter &rewriter) {
  Block *body = op.getBody();
  BlockArgument in = op.getMatchingBlockArgument(op.getDpsInputOperand(0));
  for (Operation &other : body->without_terminator()) {
    if (auto assertOp = dyn_cast<cf::AssertOp>(other)) {
      if (!isBoundsCheck(assertOp.getArg(), in, body, match.params, match.axis))
        return rewriter.notifyMatchFailure(
            op, "a cf.assert is not a bounds check of the index");
      continue;
    }
    if (other.getNumRegions() != 0 || !isMemoryEffectFree(&other))
      return rewriter.notifyMatchFailure(
          op, "the body has an op with effects or regions");
  }
  return success();
}

/// The value of `init`'s dimension `dim` where the init is (a linalg.fill
/// of) a tensor.empty with a dynamic size there; null otherwise.
static Value getEmptySize(Value init, int64_t dim) {
  if (auto fill = init.getDefiningOp<linalg::FillOp>())
    init = fill.getOutputs()[0];
  auto empty = init.getDefiningOp<tensor::EmptyOp>();
  if (!empty || !empty.getType().isDynamicDim(dim))
    return Value();
  return empty.getDynamicSize(dim);
}

/// Decides, for each params dimension other than the axis, whether the loop
/// over it covers all of it; fills `readType` and `slicedDims`. Fails when
/// the loop is statically longer than the dimension.
static LogicalResult matchDomain(linalg::GenericOp op, GatherMatch &match,
                                 PatternRewriter &rewriter) {
  auto paramsType = cast<RankedTensorType>(match.params.getType());
  Value init = op.getDpsInitOperand(0)->get();
  auto initType = cast<RankedTensorType>(init.getType());
  SmallVector<int64_t> readShape(paramsType.getShape());
  match.slicedDims.assign(paramsType.getRank(), false);
  for (auto [dim, loop] : llvm::enumerate(match.dimLoops)) {
    if (loop < 0)
      continue;
    int64_t paramsSize = paramsType.getDimSize(dim);
    int64_t loopSize = initType.getDimSize(loop);
    bool bothStatic =
        !ShapedType::isDynamic(paramsSize) && !ShapedType::isDynamic(loopSize);
    if (bothStatic && loopSize > paramsSize)
      return rewriter.notifyMatchFailure(
          op, "a loop is longer than the params dimension it reads");
    if (bothStatic ? loopSize == paramsSize
                   : isSizeOf(getEmptySize(init, loop), match.params, dim))
      continue;
    match.slicedDims[dim] = true;
    readShape[dim] = loopSize;
  }
  match.readType = paramsType.clone(readShape);
  return success();
}

/// Matches `op` as a gather (see the file comment and the pass description).
static FailureOr<GatherMatch> matchGatherGeneric(linalg::GenericOp op,
                                                 PatternRewriter &rewriter) {
  if (failed(checkStructure(op, rewriter)))
    return failure();
  FailureOr<BodyMatch> body = matchExtract(op, rewriter);
  if (failed(body) || failed(checkOtherOps(op, *body, rewriter)))
    return failure();
  OpOperand *indices = op.getDpsInputOperand(0);
  AffineMap indicesMap = op.getMatchingIndexingMap(indices);
  int64_t a = body->axis, q = indicesMap.getNumResults();
  int64_t p = body->coordLoops.size();
  // The batch dimensions: the leading map results d0, d1, ... before a.
  int64_t b = 0;
  while (b < std::min(a, q) &&
         indicesMap.getResult(b) == rewriter.getAffineDimExpr(b))
    ++b;
  for (int64_t i = b; i < q; ++i)
    if (indicesMap.getResult(i) != rewriter.getAffineDimExpr(a + i - b))
      return rewriter.notifyMatchFailure(op, "indices map is not a gather's");
  if (op.getNumLoops() != p - 1 + q - b)
    return rewriter.notifyMatchFailure(op, "loops are not a gather's");
  for (int64_t j = 0; j < p; ++j) {
    int64_t expected = j < a ? j : j + q - b - 1;
    if (j != a && body->coordLoops[j] != expected)
      return rewriter.notifyMatchFailure(op, "coordinates are not a gather's");
  }
  GatherMatch match;
  match.params = body->params;
  match.indices = indices->get();
  match.axis = a;
  match.batchDims = b;
  match.dimLoops = body->coordLoops;
  if (failed(matchDomain(op, match, rewriter)))
    return failure();
  FailureOr<RankedTensorType> inferred = GatherOp::inferResultType(
      match.readType, cast<RankedTensorType>(match.indices.getType()), a, b);
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  if (failed(inferred) || failed(verifyCompatibleShape(*inferred, resultType)))
    return rewriter.notifyMatchFailure(op, "shapes do not make a gather");
  return match;
}

/// params, sliced at offset 0 to the loop sizes in `match.slicedDims`.
static Value buildParamsRead(OpBuilder &b, Location loc, linalg::GenericOp op,
                             const GatherMatch &match) {
  if (!match.needsSlice())
    return match.params;
  Value init = op.getDpsInitOperand(0)->get();
  auto initType = cast<RankedTensorType>(init.getType());
  SmallVector<OpFoldResult> sizes;
  for (auto [dim, loop] : llvm::enumerate(match.dimLoops)) {
    if (!match.slicedDims[dim])
      sizes.push_back(tensor::getMixedSize(b, loc, match.params, dim));
    else if (!initType.isDynamicDim(loop))
      sizes.push_back(b.getIndexAttr(initType.getDimSize(loop)));
    else if (Value size = getEmptySize(init, loop))
      sizes.push_back(size);
    else
      sizes.push_back(tensor::getMixedSize(b, loc, init, loop));
  }
  int64_t rank = sizes.size();
  SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
  SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
  return tensor::ExtractSliceOp::create(b, loc, match.readType, match.params,
                                        offsets, sizes, strides);
}

namespace {

/// linalg.generic (a gather written out) -> gather.gather mode<error>.
struct RaiseGenericToGather : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<GatherMatch> match = matchGatherGeneric(op, rewriter);
    if (failed(match))
      return failure();
    Location loc = op.getLoc();
    Value params = buildParamsRead(rewriter, loc, op, *match);
    Value gather = GatherOp::create(rewriter, loc, op->getResult(0).getType(),
                                    params, match->indices,
                                    rewriter.getI64IntegerAttr(match->axis),
                                    match->batchDims, GatherMode::Error);
    rewriter.replaceOp(op, gather);
    return success();
  }
};

/// Records the ops that produced the inits of the generics replaced.
struct ReplacedInitsListener : RewriterBase::Listener {
  void notifyOperationReplaced(Operation *op, ValueRange) override {
    if (auto generic = dyn_cast<linalg::GenericOp>(op))
      for (Value init : generic.getDpsInits())
        if (Operation *def = init.getDefiningOp())
          producers.insert(def);
  }
  SetVector<Operation *> producers;
};

/// Erases the ops of `worklist` that are dead, then the producers of their
/// operands that became dead with them.
static void eraseDeadProducers(SetVector<Operation *> worklist) {
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!isOpTriviallyDead(op))
      continue;
    SmallVector<Operation *> producers;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        producers.push_back(def);
    op->erase();
    worklist.insert(producers.begin(), producers.end());
  }
}

struct RaiseToGatherPass
    : public gather::impl::RaiseToGatherPassBase<RaiseToGatherPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateRaiseToGatherPatterns(patterns);
    // One walk, no folding: IR without a gather generic is left as it was.
    ReplacedInitsListener listener;
    walkAndApplyPatterns(getOperation(), std::move(patterns), &listener);
    eraseDeadProducers(std::move(listener.producers));
  }
};

} // namespace

void mlir::gather::populateRaiseToGatherPatterns(RewritePatternSet &patterns,
                                                 PatternBenefit benefit) {
  patterns.add<RaiseGenericToGather>(patterns.getContext(), benefit);
}
