//===- TensorToGather.cpp - tensor.gather to gather.gather_nd -------------===//
//
// Part of the gather project.
//
// tensor.gather %source[%indices] gather_dims(D) reads, for each index
// vector in the last dimension of %indices, the slice of %source at those
// coordinates in the dimensions D (strictly increasing). That is a
// tf.gather_nd on a source whose gathered dimensions lead:
//
//   transposed = linalg.transpose %source  (D first, then the others)
//   reduced    = gather.gather_nd %transposed[%indices]
//   result     = tensor.expand_shape %reduced  (only for the non-reduced form)
//
// gather_nd gives indices.shape[:-1] + the non-gathered source dimensions in
// order, which is exactly tensor.gather's rank-reduced result; the
// non-reduced one has a 1 in place of each gathered dimension.
//
//===----------------------------------------------------------------------===//

#include "gather/Conversion/TensorToGather/TensorToGather.h"
#include "gather/Conversion/IngestionUtils.h"
#include "gather/Conversion/Passes.h"
#include "gather/Dialect/Gather/IR/GatherDialect.h"
#include "gather/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_CONVERTTENSORTOGATHERPASS
#include "gather/Conversion/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;
using namespace mlir::gather;

/// Index elements wider than this cannot be narrowed without changing
/// out-of-range values into in-range ones.
static constexpr unsigned kMaxIndexBitwidth = 64;

/// Why `op` cannot become gather ops, or success.
static LogicalResult checkConvertible(tensor::GatherOp op,
                                      std::string *reason) {
  Type elementType = op.getIndicesType().getElementType();
  if (elementType.isIntOrFloat() &&
      elementType.getIntOrFloatBitWidth() > kMaxIndexBitwidth) {
    *reason = "index elements wider than 64 bits are not supported";
    return failure();
  }
  return success();
}

/// Returns `indices` with i32, i64 or index elements: other integers (at
/// most 64 bits) are sign-extended to i32, or i64 when wider than 32 bits,
/// by a linalg.generic (arith.index_cast reads signless integers as signed
/// too).
static Value castIndicesIfNeeded(OpBuilder &b, Location loc, Value indices) {
  auto type = cast<RankedTensorType>(indices.getType());
  Type elementType = type.getElementType();
  if (elementType.isIndex() || elementType.isInteger(32) ||
      elementType.isInteger(64))
    return indices;
  Type wideType = elementType.getIntOrFloatBitWidth() < 32 ? b.getI32Type()
                                                           : b.getI64Type();
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, indices);
  Value init = tensor::EmptyOp::create(b, loc, sizes, wideType);
  int64_t rank = type.getRank();
  SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), ValueRange{indices}, ValueRange{init}, maps,
      iterators, [&](OpBuilder &nb, Location nl, ValueRange args) {
        Value wide = arith::ExtSIOp::create(nb, nl, wideType, args[0]);
        linalg::YieldOp::create(nb, nl, wide);
      });
  return generic.getResult(0);
}

/// The permutation that moves `gatherDims` (strictly increasing) to the
/// front of a rank-`rank` tensor, the other dimensions following in order.
static SmallVector<int64_t>
getGatheredFirstPermutation(ArrayRef<int64_t> gatherDims, int64_t rank) {
  SmallVector<int64_t> permutation(gatherDims);
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(gatherDims, d))
      permutation.push_back(d);
  return permutation;
}

/// `source` transposed by `permutation` (linalg.transpose into a
/// tensor.empty).
static Value transpose(OpBuilder &b, Location loc, Value source,
                       ArrayRef<int64_t> permutation) {
  SmallVector<OpFoldResult> sourceSizes = tensor::getMixedSizes(b, loc, source);
  SmallVector<OpFoldResult> sizes;
  for (int64_t d : permutation)
    sizes.push_back(sourceSizes[d]);
  Type elementType = cast<RankedTensorType>(source.getType()).getElementType();
  Value init = tensor::EmptyOp::create(b, loc, sizes, elementType);
  return linalg::TransposeOp::create(b, loc, source, init, permutation)
      .getResult()
      .front();
}

/// Expands the rank-reduced gather result `reduced` into `resultType`, which
/// has a 1 at position `batchRank + d` for each d in `gatherDims`. Each unit
/// dimension joins the group of the kept dimension before it (or, before the
/// first kept one, the group of the first); a rank-0 `reduced` expands with
/// no group at all.
static Value expandGatheredDims(OpBuilder &b, Location loc, Value reduced,
                                RankedTensorType resultType, int64_t batchRank,
                                ArrayRef<int64_t> gatherDims) {
  SmallVector<ReassociationIndices> groups;
  SmallVector<OpFoldResult> outputShape;
  ReassociationIndices leadingUnits;
  int64_t reducedDim = 0;
  for (int64_t d = 0, e = resultType.getRank(); d < e; ++d) {
    bool isUnit =
        d >= batchRank && llvm::is_contained(gatherDims, d - batchRank);
    if (isUnit) {
      outputShape.push_back(b.getIndexAttr(1));
      if (groups.empty())
        leadingUnits.push_back(d);
      else
        groups.back().push_back(d);
      continue;
    }
    outputShape.push_back(tensor::getMixedSize(b, loc, reduced, reducedDim++));
    ReassociationIndices group = leadingUnits;
    group.push_back(d);
    leadingUnits.clear();
    groups.push_back(group);
  }
  return tensor::ExpandShapeOp::create(b, loc, resultType, reduced, groups,
                                       outputShape);
}

namespace {

/// tensor.gather -> [linalg.transpose] gather.gather_nd [tensor.expand_shape].
struct TensorGatherToGatherNd : OpRewritePattern<tensor::GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::GatherOp op,
                                PatternRewriter &rewriter) const override {
    std::string reason;
    if (failed(checkConvertible(op, &reason)))
      return rewriter.notifyMatchFailure(op, reason);
    Location loc = op.getLoc();
    ArrayRef<int64_t> gatherDims = op.getGatherDims();
    RankedTensorType sourceType = op.getSourceType();
    RankedTensorType resultType = op.getResultType();

    Value source = op.getSource();
    SmallVector<int64_t> permutation =
        getGatheredFirstPermutation(gatherDims, sourceType.getRank());
    if (!isIdentityPermutation(permutation))
      source = transpose(rewriter, loc, source, permutation);
    Value indices = castIndicesIfNeeded(rewriter, loc, op.getIndices());
    // The unique promise is of no use to a gather, which only reads.
    Value result = GatherNdOp::create(rewriter, loc, source, indices,
                                      int64_t{0}, GatherMode::Error);
    if (result.getType() != resultType) {
      int64_t batchRank = op.getIndicesType().getRank() - 1;
      result = expandGatheredDims(rewriter, loc, result, resultType, batchRank,
                                  gatherDims);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ConvertTensorToGatherPass
    : public gather::impl::ConvertTensorToGatherPassBase<
          ConvertTensorToGatherPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateTensorToGatherPatterns(patterns);
    if (failed(applyIngestionPatterns<tensor::GatherOp>(
            getOperation(), std::move(patterns), "gather.gather_nd",
            checkConvertible)))
      signalPassFailure();
  }
};

} // namespace

void mlir::gather::populateTensorToGatherPatterns(RewritePatternSet &patterns,
                                                  PatternBenefit benefit) {
  patterns.add<TensorGatherToGatherNd>(patterns.getContext(), benefit);
}
