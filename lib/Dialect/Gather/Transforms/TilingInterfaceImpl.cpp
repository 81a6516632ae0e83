//===- TilingInterfaceImpl.cpp - TilingInterface for gather ops -----------===//
//
// Part of the gather project.
//
// The iteration domain of gather.gather and gather.gather_nd is their result:
// one parallel loop per result dimension. With the result dimension kinds of
// GatherGeometry (gather/Dialect/Gather/IR/GatherInterfaces.h), a tile of the
// result reads
//   - batch dimensions:    the same tile of params and of indices,
//   - outer dimensions:    the same tile of params (dimensions before the
//                          gathered ones),
//   - position dimensions: the same tile of indices (which index, or index
//                          vector, is used),
//   - slice dimensions:    the same tile of params (dimensions after the
//                          gathered ones),
// and all of the gathered params dimensions (an index may select any of their
// entries) and, for gather_nd, all of the index-vector dimension of indices.
// The tiled op is the op itself on those slices, with the tile's result type;
// its attributes stay as written (the ranks do not change, so a negative
// `axis` or `batch_dims` means the same dimension). Out-of-bounds handling is
// unchanged: the mode applies to the gathered dimensions, which are never
// sliced, and an index is checked against the same full dimension size.
//
// The buffer form (`into %out`) tiles the same way, as linalg ops on memrefs
// do: the tiled op is the buffer form on memref.subviews of params, indices
// and `out`, and the loops carry nothing.
//
//===----------------------------------------------------------------------===//

#include "gather/Dialect/Gather/Transforms/TilingInterfaceImpl.h"
#include "gather/Dialect/Gather/IR/GatherDialect.h"
#include "gather/Dialect/Gather/IR/GatherInterfaces.h"
#include "gather/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/TilingInterface.h"

using namespace mlir;
using namespace mlir::gather;

/// True when `size` at `offset` covers dimension `dim` of `operand` whole:
/// offset 0 and either the static size of the dimension or the value of a
/// `tensor.dim` (`memref.dim` for a buffer) of it (the form reifyResultShapes
/// gives a dynamic size).
static bool coversWholeDim(Value operand, int64_t dim, OpFoldResult offset,
                           OpFoldResult size) {
  if (!isZeroInteger(offset))
    return false;
  auto type = cast<ShapedType>(operand.getType());
  if (auto attr = dyn_cast<Attribute>(size)) {
    std::optional<int64_t> value = getConstantIntValue(attr);
    return !type.isDynamicDim(dim) && value == type.getDimSize(dim);
  }
  std::optional<int64_t> index;
  if (auto dimOp = cast<Value>(size).getDefiningOp<tensor::DimOp>())
    index =
        dimOp.getSource() == operand ? dimOp.getConstantIndex() : std::nullopt;
  else if (auto dimOp = cast<Value>(size).getDefiningOp<memref::DimOp>())
    index =
        dimOp.getSource() == operand ? dimOp.getConstantIndex() : std::nullopt;
  return index && *index == dim;
}

/// The size of dimension `dim` of a tensor or memref.
static OpFoldResult getMixedSize(OpBuilder &b, Location loc, Value operand,
                                 int64_t dim) {
  if (isa<MemRefType>(operand.getType()))
    return memref::getMixedSize(b, loc, operand, dim);
  return tensor::getMixedSize(b, loc, operand, dim);
}

/// Returns the part of `operand` given by `offsets` and `sizes`, where a null
/// entry stands for the whole dimension: `operand` itself when that is all
/// of it, else a new tensor.extract_slice (memref.subview for a buffer),
/// appended to `slices` (or, for a tensor without elements, a tensor.empty).
static Value sliceOperand(OpBuilder &b, Location loc, Value operand,
                          SmallVector<OpFoldResult> offsets,
                          SmallVector<OpFoldResult> sizes,
                          SmallVectorImpl<Operation *> &slices) {
  bool isWhole = true;
  for (int64_t dim = 0, e = offsets.size(); dim < e; ++dim) {
    if (!offsets[dim]) {
      offsets[dim] = b.getIndexAttr(0);
      sizes[dim] = getMixedSize(b, loc, operand, dim);
      continue;
    }
    isWhole &= coversWholeDim(operand, dim, offsets[dim], sizes[dim]);
  }
  if (isWhole)
    return operand;
  SmallVector<OpFoldResult> strides(offsets.size(), b.getIndexAttr(1));
  if (isa<MemRefType>(operand.getType())) {
    auto subview =
        memref::SubViewOp::create(b, loc, operand, offsets, sizes, strides);
    slices.push_back(subview);
    return subview;
  }
  // An operand with a static 0 dimension holds no element, nor does its
  // tile: an empty tensor of the tile's sizes. (Upstream's verifier rejects
  // a tensor.extract_slice with a static offset into a dimension of size 0,
  // even one of size 0.)
  auto type = cast<RankedTensorType>(operand.getType());
  if (llvm::is_contained(type.getShape(), 0))
    return tensor::EmptyOp::create(b, loc, sizes, type.getElementType(),
                                   type.getEncoding());
  auto slice =
      tensor::ExtractSliceOp::create(b, loc, operand, offsets, sizes, strides);
  slices.push_back(slice);
  return slice;
}

/// Infers the result type of `op` (gather.gather or gather.gather_nd, as
/// written) on operands of the given types.
static FailureOr<RankedTensorType>
inferTiledType(Operation *op, ShapedType paramsType, ShapedType indicesType) {
  if (auto gather = dyn_cast<GatherOp>(op))
    return GatherOp::inferResultType(paramsType, indicesType, gather.getAxis(),
                                     gather.getBatchDims());
  return GatherNdOp::inferResultType(paramsType, indicesType,
                                     cast<GatherNdOp>(op).getBatchDims());
}

/// Returns the slice of `operand` that the result tile at `offsets` with
/// `sizes` reads, `operandDimOf` mapping a result dimension to the operand
/// dimension it follows (see sliceOperand for `slices`).
static Value
sliceOperandForTile(OpBuilder &b, Location loc, Value operand,
                    ArrayRef<OpFoldResult> offsets,
                    ArrayRef<OpFoldResult> sizes,
                    function_ref<std::optional<int64_t>(int64_t)> operandDimOf,
                    SmallVectorImpl<Operation *> &slices) {
  // The tile of each operand dimension that a result dimension follows; the
  // others (gathered params dimensions, the index-vector dimension) stay
  // whole (null entries).
  int64_t rank = cast<ShapedType>(operand.getType()).getRank();
  SmallVector<OpFoldResult> operandOffsets(rank), operandSizes(rank);
  for (int64_t dim = 0, e = offsets.size(); dim < e; ++dim) {
    if (std::optional<int64_t> operandDim = operandDimOf(dim)) {
      operandOffsets[*operandDim] = offsets[dim];
      operandSizes[*operandDim] = sizes[dim];
    }
  }
  return sliceOperand(b, loc, operand, operandOffsets, operandSizes, slices);
}

/// Builds the buffer form's tiled op on the tiled params and indices: it
/// writes the tile of `out` at `offsets` with `sizes` (a memref.subview, added
/// to `slices`).
static TilingResult tileBufferForm(OpBuilder &b, Operation *op, Value out,
                                   Value tiledParams, Value tiledIndices,
                                   ArrayRef<OpFoldResult> offsets,
                                   ArrayRef<OpFoldResult> sizes,
                                   SmallVector<Operation *> slices) {
  SmallVector<OpFoldResult> strides(offsets.size(), b.getIndexAttr(1));
  auto tiledOut =
      memref::SubViewOp::create(b, op->getLoc(), out, offsets, sizes, strides);
  slices.push_back(tiledOut);
  Operation *tiledOp = clone(b, op, TypeRange(),
                             ValueRange{tiledParams, tiledIndices, tiledOut});
  return TilingResult{{tiledOp}, {}, slices};
}

/// Returns `tile` cast, where its type differs, to the type of the tile the
/// loops insert with `sizes`.
static Value castToTileSizes(OpBuilder &b, Location loc, Value tile,
                             ArrayRef<OpFoldResult> sizes) {
  // The loops insert the tile with `sizes`: a static size there needs a
  // static dimension here, a dynamic one a dynamic dimension.
  auto tiledType = cast<RankedTensorType>(tile.getType());
  SmallVector<int64_t> tileShape;
  for (OpFoldResult size : sizes) {
    auto attr = dyn_cast<Attribute>(size);
    tileShape.push_back(attr ? cast<IntegerAttr>(attr).getInt()
                             : ShapedType::kDynamic);
  }
  auto expectedType = RankedTensorType::get(
      tileShape, tiledType.getElementType(), tiledType.getEncoding());
  if (expectedType != tiledType)
    tile = tensor::CastOp::create(b, loc, expectedType, tile);
  return tile;
}

/// Builds the op computing the result tile at `offsets` with `sizes`: the op
/// on the slices of params and indices that tile reads.
static FailureOr<TilingResult> tileGatherOp(Operation *op, OpBuilder &b,
                                            ArrayRef<OpFoldResult> offsets,
                                            ArrayRef<OpFoldResult> sizes) {
  Location loc = op->getLoc();
  auto gatherOp = cast<GatherOpInterface>(op);
  GatherGeometry geometry = gatherOp.getGeometry();
  if (static_cast<int64_t>(offsets.size()) != geometry.resultRank ||
      static_cast<int64_t>(sizes.size()) != geometry.resultRank)
    return op->emitOpError("expected ")
           << geometry.resultRank << " tile offsets and sizes";

  SmallVector<Operation *> slices;
  Value tiledParams = sliceOperandForTile(
      b, loc, gatherOp.getParams(), offsets, sizes,
      [&](int64_t dim) { return geometry.getParamsDimOfResultDim(dim); },
      slices);
  Value tiledIndices = sliceOperandForTile(
      b, loc, gatherOp.getIndices(), offsets, sizes,
      [&](int64_t dim) { return geometry.getIndicesDimOfResultDim(dim); },
      slices);

  FailureOr<RankedTensorType> tiledType =
      inferTiledType(op, cast<ShapedType>(tiledParams.getType()),
                     cast<ShapedType>(tiledIndices.getType()));
  if (failed(tiledType))
    return op->emitOpError("has no valid tiled form");
  // The buffer form writes the tile of `out`.
  if (Value out = gatherOp.getOut())
    return tileBufferForm(b, op, out, tiledParams, tiledIndices, offsets, sizes,
                          slices);
  Operation *tiledOp = clone(b, op, TypeRange{*tiledType},
                             ValueRange{tiledParams, tiledIndices});
  Value tile = castToTileSizes(b, loc, tiledOp->getResult(0), sizes);
  return TilingResult{{tiledOp}, {tile}, slices};
}

namespace {

/// The TilingInterface model shared by both ops.
template <typename OpTy>
struct GatherTilingModel
    : public TilingInterface::ExternalModel<GatherTilingModel<OpTy>, OpTy> {
  /// Every result dimension is parallel: each result element reads one
  /// params element, selected by one index (vector).
  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *op) const {
    return SmallVector<utils::IteratorType>(
        cast<GatherOpInterface>(op).getResultType().getRank(),
        utils::IteratorType::parallel);
  }

  /// The result dimensions, from reifyResultShapes (static where the types
  /// make them so); in the buffer form, those of `out`.
  SmallVector<Range> getIterationDomain(Operation *op, OpBuilder &b) const {
    ReifiedRankedShapedTypeDims shapes;
    if (Value out = cast<GatherOpInterface>(op).getOut())
      shapes.push_back(memref::getMixedSizes(b, op->getLoc(), out));
    else if (failed(reifyResultShapes(b, op, shapes)))
      return {};
    SmallVector<Range> domain;
    for (OpFoldResult size : shapes.front())
      domain.push_back(Range{b.getIndexAttr(0), size, b.getIndexAttr(1)});
    return domain;
  }

  FailureOr<TilingResult>
  getTiledImplementation(Operation *op, OpBuilder &b,
                         ArrayRef<OpFoldResult> offsets,
                         ArrayRef<OpFoldResult> sizes) const {
    return tileGatherOp(op, b, offsets, sizes);
  }

  /// The iteration domain is the result: a tile is its own result tile.
  LogicalResult
  getResultTilePosition(Operation *op, OpBuilder &b, unsigned resultNumber,
                        ArrayRef<OpFoldResult> offsets,
                        ArrayRef<OpFoldResult> sizes,
                        SmallVector<OpFoldResult> &resultOffsets,
                        SmallVector<OpFoldResult> &resultSizes) const {
    if (resultNumber != 0)
      return failure();
    resultOffsets.assign(offsets.begin(), offsets.end());
    resultSizes.assign(sizes.begin(), sizes.end());
    return success();
  }

  LogicalResult getIterationDomainTileFromResultTile(
      Operation *op, OpBuilder &b, unsigned resultNumber,
      ArrayRef<OpFoldResult> offsets, ArrayRef<OpFoldResult> sizes,
      SmallVectorImpl<OpFoldResult> &iterDomainOffsets,
      SmallVectorImpl<OpFoldResult> &iterDomainSizes) const {
    if (resultNumber != 0)
      return failure();
    iterDomainOffsets.assign(offsets.begin(), offsets.end());
    iterDomainSizes.assign(sizes.begin(), sizes.end());
    return success();
  }

  /// Producer fusion: the tile a consumer reads is computed by the tiled op
  /// of the same iteration-domain tile.
  FailureOr<TilingResult>
  generateResultTileValue(Operation *op, OpBuilder &b, unsigned resultNumber,
                          ArrayRef<OpFoldResult> offsets,
                          ArrayRef<OpFoldResult> sizes) const {
    if (resultNumber != 0)
      return failure();
    return tileGatherOp(op, b, offsets, sizes);
  }

  /// Any tile of the result can be computed on its own.
  bool isOpFusableWithConsumerSlice(Operation *op, unsigned resultNumber,
                                    ArrayRef<OpFoldResult> offsets,
                                    ArrayRef<OpFoldResult> sizes) const {
    return resultNumber == 0;
  }
};

} // namespace

void mlir::gather::registerTilingInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, GatherDialect *dialect) {
    GatherOp::attachInterface<GatherTilingModel<GatherOp>>(*ctx);
    GatherNdOp::attachInterface<GatherTilingModel<GatherNdOp>>(*ctx);
  });
}
