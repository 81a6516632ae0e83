//===- TosaToGather.cpp - tosa.gather to gather.gather --------------------===//
//
// Part of the gather project.
//
// tosa.gather computes output[n, w, c] = values[n, indices[n, w], c] on
// values [N, K, C] and indices [N, W]: a tf.gather along axis 1 with one
// batch dimension. Out-of-range indices make a TOSA graph unpredictable
// (REQUIRE in the specification's GATHER pseudocode); the gather stops the
// program on them (mode<error>), see the pass description.
//
//===----------------------------------------------------------------------===//

#include "gather/Conversion/TosaToGather/TosaToGather.h"
#include "gather/Conversion/IngestionUtils.h"
#include "gather/Conversion/Passes.h"
#include "gather/Dialect/Gather/IR/GatherDialect.h"
#include "gather/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_CONVERTTOSATOGATHERPASS
#include "gather/Conversion/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;
using namespace mlir::gather;

/// TOSA's layout: values [N, K, C], indices [N, W].
static constexpr int64_t kTosaAxis = 1;
static constexpr int64_t kTosaBatchDims = 1;

/// Why `op` cannot become a gather.gather, or success.
static LogicalResult checkConvertible(tosa::GatherOp op, std::string *reason) {
  auto valuesType = dyn_cast<RankedTensorType>(op.getValues().getType());
  auto indicesType = dyn_cast<RankedTensorType>(op.getIndices().getType());
  if (!valuesType || !indicesType) {
    *reason = "needs ranked operands";
    return failure();
  }
  if (failed(GatherOp::inferResultType(valuesType, indicesType, kTosaAxis,
                                       kTosaBatchDims))) {
    *reason = "operand shapes do not make a gather with batch_dims = 1, "
              "axis = 1";
    return failure();
  }
  return success();
}

namespace {

/// tosa.gather -> gather.gather batch_dims = 1 axis = 1 mode<error>.
struct TosaGatherToGather : OpRewritePattern<tosa::GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tosa::GatherOp op,
                                PatternRewriter &rewriter) const override {
    std::string reason;
    if (failed(checkConvertible(op, &reason)))
      return rewriter.notifyMatchFailure(op, reason);
    Value values = op.getValues(), indices = op.getIndices();
    RankedTensorType inferred = *GatherOp::inferResultType(
        cast<RankedTensorType>(values.getType()),
        cast<RankedTensorType>(indices.getType()), kTosaAxis, kTosaBatchDims);
    // Keep the declared output type where the gather accepts it (it may be
    // more or less static than the inferred one); an unranked one needs a
    // cast.
    Type outputType = op.getOutput().getType();
    auto rankedOutput = dyn_cast<RankedTensorType>(outputType);
    bool keepType = rankedOutput &&
                    succeeded(verifyCompatibleShape(rankedOutput, inferred)) &&
                    rankedOutput.getElementType() == inferred.getElementType();
    Location loc = op.getLoc();
    Value gather = GatherOp::create(
        rewriter, loc, keepType ? Type(rankedOutput) : Type(inferred), values,
        indices, rewriter.getI64IntegerAttr(kTosaAxis), kTosaBatchDims,
        GatherMode::Error);
    if (gather.getType() != outputType)
      gather = tensor::CastOp::create(rewriter, loc, outputType, gather);
    rewriter.replaceOp(op, gather);
    return success();
  }
};

struct ConvertTosaToGatherPass
    : public gather::impl::ConvertTosaToGatherPassBase<
          ConvertTosaToGatherPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateTosaToGatherPatterns(patterns);
    if (failed(applyIngestionPatterns<tosa::GatherOp>(
            getOperation(), std::move(patterns), "gather.gather",
            checkConvertible)))
      signalPassFailure();
  }
};

} // namespace

void mlir::gather::populateTosaToGatherPatterns(RewritePatternSet &patterns,
                                                PatternBenefit benefit) {
  patterns.add<TosaGatherToGather>(patterns.getContext(), benefit);
}
