//===- GatherToSCF.cpp - lower gather ops to scf loops on tensors ---------===//
//
// Part of the gather project.
//
// Each gather becomes an scf.for nest over the index (vector) selectors: the
// batch dimensions and index positions of `indices`, carrying the result
// tensor in iter_args. Each iteration reads its index components once,
// checks or resolves them, and copies the slice they select with
// tensor.extract_slice + tensor.insert_slice (tensor.extract + tensor.insert
// for scalar slices):
//
//   params[batch, :, k_0..k_{d-1}, :]  ->  result[batch, :, position, :]
//
// The slice spans the params dimensions between the batch dimensions and the
// axis (gather) and those after the addressed ones; it is contiguous when
// the axis is the first non-batch dimension. Out-of-bounds handling:
//  - error: scf.if on the failing index prints the op's location, the index
//    and the bound and calls exit(1).
//  - zero: scf.if inserts a zero slice instead of reading.
//  - clamp: the slice is read at the clamped indices (zero for an empty
//    dimension, as in zero mode).
//
//===----------------------------------------------------------------------===//

#include "gather/Conversion/GatherToSCF/GatherToSCF.h"
#include "gather/Conversion/GatherCommon/GatherLoweringUtils.h"
#include "gather/Conversion/Passes.h"
#include "gather/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_CONVERTGATHERTOSCFPASS
#include "gather/Conversion/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;
using namespace mlir::gather;

namespace {

/// Where one iteration of the loop nest reads and writes its slice.
struct SliceCopy {
  SmallVector<OpFoldResult> paramsOffsets, paramsSizes;
  SmallVector<OpFoldResult> resultOffsets, resultSizes;
};

/// Computes the params and result slices for selector `ivs` and the resolved
/// index components `addresses`, given the result sizes.
static SliceCopy getSliceCopy(OpBuilder &b, const GatherGeometry &g,
                              ArrayRef<OpFoldResult> sizes, ValueRange ivs,
                              ValueRange addresses) {
  int64_t batch = g.batchDims, axis = g.firstIndexedDim;
  int64_t trailing = g.firstIndexedDim + g.numPositionDims;
  OpFoldResult zero = b.getIndexAttr(0), one = b.getIndexAttr(1);
  SliceCopy s;
  // Batch dimensions: one element at the selector's batch coordinates.
  for (int64_t i = 0; i < batch; ++i) {
    s.paramsOffsets.push_back(ivs[i]);
    s.resultOffsets.push_back(ivs[i]);
  }
  s.paramsSizes.assign(batch, one);
  s.resultSizes.assign(batch, one);
  // Outer dimensions: whole.
  for (int64_t i = batch; i < axis; ++i) {
    s.paramsOffsets.push_back(zero);
    s.resultOffsets.push_back(zero);
    s.paramsSizes.push_back(sizes[i]);
    s.resultSizes.push_back(sizes[i]);
  }
  // Addressed dimensions in params, position dimensions in the result.
  for (Value address : addresses) {
    s.paramsOffsets.push_back(address);
    s.paramsSizes.push_back(one);
  }
  for (Value position : ivs.drop_front(batch)) {
    s.resultOffsets.push_back(position);
    s.resultSizes.push_back(one);
  }
  // Trailing slice dimensions: whole.
  for (int64_t i = trailing; i < g.resultRank; ++i) {
    s.paramsOffsets.push_back(zero);
    s.resultOffsets.push_back(zero);
    s.paramsSizes.push_back(sizes[i]);
    s.resultSizes.push_back(sizes[i]);
  }
  return s;
}

/// Lowers gather.gather or gather.gather_nd to an scf.for nest.
template <typename OpTy>
struct GatherToSCFPattern : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpConversionPattern<OpTy>::OpAdaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<TypedAttr> zeroAttr =
        checkGatherLowerable(rewriter, op, /*needsExit=*/true);
    if (failed(zeroAttr))
      return failure();
    Location loc = op.getLoc();
    GatherGeometry g = GatherGeometry::get(op);
    GatherMode mode = op.getMode();
    Value params = adaptor.getParams(), indices = adaptor.getIndices();
    Type elementType = op.getType().getElementType();
    SmallVector<Value> indexedSizes =
        createIndexedDimSizes(rewriter, loc, g, params);

    SmallVector<OpFoldResult> sizes;
    FailureOr<Value> init = createEmptyResult(rewriter, op, sizes);
    if (failed(init))
      return rewriter.notifyMatchFailure(op, "cannot reify the result shape");

    // The slice one iteration copies, rank-reduced: outer and trailing
    // dimensions. Its sizes are loop invariant.
    SmallVector<OpFoldResult> sliceSizes(
        ArrayRef(sizes).slice(g.batchDims, g.firstIndexedDim - g.batchDims));
    llvm::append_range(sliceSizes, ArrayRef(sizes).drop_front(
                                       g.firstIndexedDim + g.numPositionDims));
    SmallVector<int64_t> sliceShape;
    SmallVector<Value> sliceDynamicSizes;
    dispatchIndexOpFoldResults(sliceSizes, sliceDynamicSizes, sliceShape);
    auto sliceType = RankedTensorType::get(sliceShape, elementType);
    bool scalarSlices = sliceShape.empty();

    // The zero slice for out-of-bounds indices, built once.
    Value zeroSlice;
    if (mode == GatherMode::Zero) {
      zeroSlice = arith::ConstantOp::create(rewriter, loc, *zeroAttr);
      if (!scalarSlices) {
        Value empty = tensor::EmptyOp::create(rewriter, loc, sliceType,
                                              sliceDynamicSizes);
        zeroSlice =
            linalg::FillOp::create(rewriter, loc, zeroSlice, empty).getResult(0);
      }
    }

    // Loop over the selectors: batch dimensions, then index positions.
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    SmallVector<Value> lbs(g.getNumSelectorDims(), zero);
    SmallVector<Value> steps(g.getNumSelectorDims(), one);
    SmallVector<Value> ubs;
    for (int64_t i = 0, e = g.getNumSelectorDims(); i < e; ++i)
      ubs.push_back(createDimSize(rewriter, loc, indices, i));

    auto body = [&](OpBuilder &b, Location l, ValueRange ivs,
                    ValueRange iterArgs) -> scf::ValueVector {
      Value acc = iterArgs.front();
      ResolvedIndexVector resolved = loadAndResolveIndexVector(
          b, l, op, g, mode, indices, ivs, indexedSizes, /*check=*/true);
      SliceCopy copy = getSliceCopy(b, g, sizes, ivs, resolved.addresses);
      SmallVector<OpFoldResult> paramsStrides(copy.paramsSizes.size(),
                                              b.getIndexAttr(1));
      SmallVector<OpFoldResult> resultStrides(copy.resultSizes.size(),
                                              b.getIndexAttr(1));
      auto insert = [&](OpBuilder &ib, Location il, Value slice) -> Value {
        if (scalarSlices)
          return tensor::InsertOp::create(
              ib, il, slice, acc,
              getValueOrCreateConstantIndexOp(ib, il, copy.resultOffsets));
        return tensor::InsertSliceOp::create(ib, il, slice, acc,
                                             copy.resultOffsets,
                                             copy.resultSizes, resultStrides);
      };
      auto copySlice = [&](OpBuilder &cb, Location cl) -> Value {
        Value slice =
            scalarSlices
                ? Value(tensor::ExtractOp::create(
                      cb, cl, params,
                      getValueOrCreateConstantIndexOp(cb, cl,
                                                      copy.paramsOffsets)))
                : Value(tensor::ExtractSliceOp::create(
                      cb, cl, sliceType, params, copy.paramsOffsets,
                      copy.paramsSizes, paramsStrides));
        return insert(cb, cl, slice);
      };
      if (!resolved.isValid)
        return {copySlice(b, l)};
      auto ifOp = scf::IfOp::create(
          b, l, resolved.isValid,
          [&](OpBuilder &tb, Location tl) {
            scf::YieldOp::create(tb, tl, copySlice(tb, tl));
          },
          [&](OpBuilder &eb, Location el) {
            scf::YieldOp::create(eb, el, insert(eb, el, zeroSlice));
          });
      return {ifOp.getResult(0)};
    };
    auto buildLoops = [&](OpBuilder &b, Location l) -> Value {
      return scf::buildLoopNest(b, l, lbs, ubs, steps, {*init}, body)
          .results.front();
    };
    // Zero mode zeroes slices per index; clamp mode's only zero case, an
    // empty dimension, is the same for all indices.
    Value result = mode == GatherMode::Clamp && *zeroAttr
                       ? createGuardForEmptyDims(rewriter, loc, indexedSizes,
                                                 *zeroAttr, *init, buildLoops)
                       : buildLoops(rewriter, loc);
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ConvertGatherToSCFPass
    : public gather::impl::ConvertGatherToSCFPassBase<ConvertGatherToSCFPass> {
  void runOnOperation() override {
    if (failed(declareExitFuncIfNeeded(getOperation())))
      return signalPassFailure();
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    populateGatherToSCFPatterns(patterns);
    ConversionTarget target(*ctx);
    target.addIllegalOp<GatherOp, GatherNdOp>();
    target.addLegalDialect<arith::ArithDialect, linalg::LinalgDialect,
                           scf::SCFDialect, tensor::TensorDialect,
                           vector::VectorDialect, func::FuncDialect>();
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::gather::populateGatherToSCFPatterns(RewritePatternSet &patterns,
                                               PatternBenefit benefit) {
  patterns.add<GatherToSCFPattern<GatherOp>, GatherToSCFPattern<GatherNdOp>>(
      patterns.getContext(), benefit);
}
