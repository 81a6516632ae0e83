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
} // namespace

/// Returns the sizes of the result slot one selector fills: one along the
/// batch and position dimensions, whole along the others.
static SmallVector<OpFoldResult>
getResultSlotSizes(OpBuilder &b, const GatherGeometry &g,
                   ArrayRef<OpFoldResult> resultSizes) {
  SmallVector<OpFoldResult> slot(resultSizes);
  for (int64_t i = 0; i < g.batchDims; ++i)
    slot[i] = b.getIndexAttr(1);
  for (int64_t i = 0; i < g.numPositionDims; ++i)
    slot[g.firstIndexedDim + i] = b.getIndexAttr(1);
  return slot;
}

/// Computes the params and result slices for selector `ivs` (batch, then
/// position coordinates) and the resolved index components `addresses`.
/// Both are full rank: the params slice is the result slot with the position
/// dimensions replaced by the addressed ones.
static SliceCopy getSliceCopy(OpBuilder &b, const GatherGeometry &g,
                              ArrayRef<OpFoldResult> resultSizes,
                              ValueRange ivs, ValueRange addresses) {
  int64_t axis = g.firstIndexedDim;
  int64_t trailing = axis + g.numPositionDims;
  SliceCopy s;
  s.resultSizes = getResultSlotSizes(b, g, resultSizes);
  s.resultOffsets.assign(g.resultRank, b.getIndexAttr(0));
  for (int64_t i = 0; i < g.batchDims; ++i)
    s.resultOffsets[i] = ivs[i];
  for (int64_t i = 0; i < g.numPositionDims; ++i)
    s.resultOffsets[axis + i] = ivs[g.batchDims + i];

  auto replacePositions = [&](ArrayRef<OpFoldResult> slot,
                              ArrayRef<OpFoldResult> addressed) {
    SmallVector<OpFoldResult> params(slot.take_front(axis));
    llvm::append_range(params, addressed);
    llvm::append_range(params, slot.drop_front(trailing));
    return params;
  };
  s.paramsOffsets = replacePositions(
      s.resultOffsets, getAsOpFoldResult(SmallVector<Value>(addresses)));
  s.paramsSizes = replacePositions(
      s.resultSizes,
      SmallVector<OpFoldResult>(g.indexDepth, b.getIndexAttr(1)));
  return s;
}

/// Returns the reassociation that collapses a slice of rank `rank` to its
/// dimensions `keptDims` (sorted, not empty): each other (unit) dimension
/// joins the group of the kept dimension before it, or the first group.
static SmallVector<ReassociationIndices>
getUnitDimReassociation(int64_t rank, ArrayRef<int64_t> keptDims) {
  SmallVector<ReassociationIndices> groups(keptDims.size());
  size_t group = 0;
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (group + 1 < keptDims.size() && dim == keptDims[group + 1])
      ++group;
    groups[group].push_back(dim);
  }
  return groups;
}

/// Returns the dimensions [begin, end) followed by [tailBegin, tailEnd).
static SmallVector<int64_t> getDimRanges(int64_t begin, int64_t end,
                                         int64_t tailBegin, int64_t tailEnd) {
  SmallVector<int64_t> dims = llvm::to_vector(llvm::seq(begin, end));
  llvm::append_range(dims, llvm::seq(tailBegin, tailEnd));
  return dims;
}

/// Returns a ranked tensor type with the static sizes among `sizes`.
static RankedTensorType getTensorType(ArrayRef<OpFoldResult> sizes,
                                      Type elementType) {
  SmallVector<int64_t> shape;
  SmallVector<Value> dynamicSizes;
  dispatchIndexOpFoldResults(sizes, dynamicSizes, shape);
  return RankedTensorType::get(shape, elementType);
}

/// Lowers a gather op to an scf.for nest (see the file comment).
static Value lowerToLoops(OpBuilder &builder, Operation *op, Value params,
                          Value indices, const TensorGatherLowering &lowering) {
  const GatherGeometry &g = lowering.geometry;
  GatherMode mode = lowering.mode;
  TypedAttr zero = lowering.zero;
  Value init = lowering.init;
  ArrayRef<Value> indexedSizes = lowering.indexedSizes;
  ArrayRef<OpFoldResult> sizes = lowering.resultSizes;
  Type elementType = cast<ShapedType>(init.getType()).getElementType();
  Location loc = op->getLoc();

  // The slice one iteration copies has the outer and trailing dimensions
  // (their sizes are loop invariant). Slices are taken and inserted at full
  // rank and reshaped in between with explicit reassociations: a
  // rank-reducing slice would leave it to inference which unit dimensions
  // are dropped.
  int64_t paramsRank = cast<ShapedType>(params.getType()).getRank();
  int64_t trailingBegin = g.firstIndexedDim + g.numPositionDims;
  SmallVector<int64_t> paramsKept =
      getDimRanges(g.batchDims, g.firstIndexedDim,
                   g.firstIndexedDim + g.indexDepth, paramsRank);
  SmallVector<int64_t> resultKept =
      getDimRanges(g.batchDims, g.firstIndexedDim, trailingBegin, g.resultRank);
  bool scalarSlices = resultKept.empty();
  SmallVector<OpFoldResult> resultSlotSizes =
      getResultSlotSizes(builder, g, sizes);
  auto resultSlotType = getTensorType(resultSlotSizes, elementType);

  // The zero slice for out-of-bounds indices, built once.
  Value zeroSlice;
  if (mode == GatherMode::Zero) {
    zeroSlice = arith::ConstantOp::create(builder, loc, zero);
    if (!scalarSlices) {
      Value empty =
          tensor::EmptyOp::create(builder, loc, resultSlotSizes, elementType);
      zeroSlice =
          linalg::FillOp::create(builder, loc, zeroSlice, empty).getResult(0);
    }
  }

  auto body = [&](OpBuilder &b, Location l, ValueRange ivs,
                  ValueRange iterArgs) -> SmallVector<Value> {
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
                                           copy.resultOffsets, copy.resultSizes,
                                           resultStrides);
    };
    auto copySlice = [&](OpBuilder &cb, Location cl) -> Value {
      if (scalarSlices)
        return insert(
            cb, cl,
            tensor::ExtractOp::create(
                cb, cl, params,
                getValueOrCreateConstantIndexOp(cb, cl, copy.paramsOffsets)));
      Value slice = tensor::ExtractSliceOp::create(
          cb, cl, getTensorType(copy.paramsSizes, elementType), params,
          copy.paramsOffsets, copy.paramsSizes, paramsStrides);
      // As many index components as positions: the shapes agree.
      if (g.indexDepth == g.numPositionDims)
        return insert(cb, cl, slice);
      if (paramsKept.size() != static_cast<size_t>(paramsRank))
        slice = tensor::CollapseShapeOp::create(
            cb, cl, slice, getUnitDimReassociation(paramsRank, paramsKept));
      if (resultKept.size() != static_cast<size_t>(g.resultRank))
        slice = tensor::ExpandShapeOp::create(
            cb, cl, resultSlotType, slice,
            getUnitDimReassociation(g.resultRank, resultKept),
            copy.resultSizes);
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
  // Loop over the selectors: batch dimensions, then index positions.
  auto buildLoops = [&](OpBuilder &b, Location l) -> Value {
    return buildSelectorLoopNest(b, l, g, indices, init, body).front();
  };
  // Error mode checks no index when the result is empty. An empty
  // addressed dimension gives zeros in zero and clamp mode (exactly when
  // they need a zero); zero mode also zeroes slices per index.
  if (mode == GatherMode::Error)
    return createUnlessResultEmpty(builder, loc, lowering, buildLoops);
  if (zero)
    return createGuardForEmptyDims(builder, loc, indexedSizes, zero, init,
                                   buildLoops);
  return buildLoops(builder, loc);
}

namespace {

struct ConvertGatherToSCFPass
    : public gather::impl::ConvertGatherToSCFPassBase<ConvertGatherToSCFPass> {
  void runOnOperation() override {
    if (failed(lowerGatherOps(getOperation(), [](RewritePatternSet &patterns) {
          populateGatherToSCFPatterns(patterns);
        })))
      signalPassFailure();
  }
};

} // namespace

void mlir::gather::populateGatherToSCFPatterns(RewritePatternSet &patterns,
                                               PatternBenefit benefit) {
  patterns.add<TensorGatherPattern<GatherOp, lowerToLoops>,
               TensorGatherPattern<GatherNdOp, lowerToLoops>>(
      patterns.getContext(), benefit);
}
