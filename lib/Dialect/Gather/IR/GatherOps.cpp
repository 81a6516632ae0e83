//===- GatherOps.cpp - gather dialect operations --------------------------===//
//
// Part of the gather project.
//
// Verifiers, type inference, shape reification, folders and canonicalization
// patterns of gather.gather and gather.gather_nd. The constraint numbers in
// comments (G-Cn, N-Cn) are those of docs/spec.md.
//
//===----------------------------------------------------------------------===//

#include "gather/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::gather;

/// Constant folding materializes at most this many result elements.
static constexpr int64_t kMaxFoldedElements = 1 << 16;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

/// Merges two dimension sizes that must agree: a static size wins.
static int64_t mergeDims(int64_t lhs, int64_t rhs) {
  return ShapedType::isDynamic(lhs) ? rhs : lhs;
}

/// Checks that the leading `batchDims` dimensions of params and indices agree
/// (G-C7, N-C7). A dynamic dimension on either side is accepted.
static LogicalResult verifyBatchDims(StringRef opName, ShapedType paramsType,
                                     ShapedType indicesType, int64_t batchDims,
                                     std::optional<Location> loc) {
  for (int64_t i = 0; i < batchDims; ++i) {
    int64_t p = paramsType.getDimSize(i), q = indicesType.getDimSize(i);
    if (ShapedType::isDynamic(p) || ShapedType::isDynamic(q) || p == q)
      continue;
    return emitOptionalError(loc, "'", opName, "' op batch dimension ", i,
                             " of params (", p, ") and indices (", q,
                             ") must be equal");
  }
  return success();
}

/// Result types are compatible when they are ranked tensors of the same rank
/// and element type whose static dimensions agree.
static bool areCompatibleTensorTypes(TypeRange lhs, TypeRange rhs) {
  if (lhs.size() != rhs.size())
    return false;
  for (auto [l, r] : llvm::zip(lhs, rhs)) {
    auto lt = dyn_cast<RankedTensorType>(l);
    auto rt = dyn_cast<RankedTensorType>(r);
    if (!lt || !rt || lt.getElementType() != rt.getElementType() ||
        failed(verifyCompatibleShape(lt, rt)))
      return false;
  }
  return true;
}

/// G-C8, N-C8: the declared result type agrees with the inferred one: same
/// rank and element type, static sizes equal where both are static.
/// G-C15, N-C15: in the buffer form, `out` agrees with it the same way (its
/// layout and memory space do not matter).
static LogicalResult verifyResultType(GatherOpInterface op,
                                      FailureOr<RankedTensorType> inferred) {
  if (failed(inferred))
    return failure();
  if (!op.hasBufferSemantics()) {
    Type declared = op->getResult(0).getType();
    if (!areCompatibleTensorTypes(declared, *inferred))
      return op->emitOpError("result type ")
             << declared << " is incompatible with the inferred type "
             << *inferred;
    return success();
  }
  auto outType = cast<MemRefType>(op.getOut().getType());
  if (outType.getElementType() != inferred->getElementType())
    return op->emitOpError("out element type ")
           << outType.getElementType()
           << " must be the element type of params ("
           << inferred->getElementType() << ")";
  if (failed(verifyCompatibleShape(outType.getShape(), inferred->getShape())))
    return op->emitOpError("out type ")
           << outType << " is incompatible with the inferred result type "
           << *inferred << " (same rank, equal static sizes)";
  return success();
}

/// The summary ODS gave the operands of the tensor form when they were ranked
/// tensors: the tensor form keeps its diagnostics.
static constexpr llvm::StringLiteral kParamsTensorSummary =
    "ranked tensor of any type values";
static constexpr llvm::StringLiteral kIndicesTensorSummary =
    "ranked tensor of 32-bit signless integer or 64-bit signless integer or "
    "index values";

/// True for the element types an index operand may hold.
static bool isIndexElementType(Type type) {
  return type.isSignlessInteger(32) || type.isSignlessInteger(64) ||
         type.isIndex();
}

/// G-C1, G-C2, G-C14 (N-C1, N-C2, N-C14): either the tensor form (ranked
/// tensor operands, one result, no `out`) or the buffer form (memref
/// operands, `out`, no result). Runs before any other verifier check.
static LogicalResult verifyForm(GatherOpInterface op) {
  Type paramsType = op.getParams().getType();
  Type indicesType = op.getIndices().getType();
  bool buffer = op.hasBufferSemantics();
  auto isIndexContainer = [&](Type type, bool memref) {
    auto shaped = dyn_cast<ShapedType>(type);
    return shaped &&
           (memref ? isa<MemRefType>(type) : isa<RankedTensorType>(type)) &&
           isIndexElementType(shaped.getElementType());
  };
  // A memref operand of an op without `out` says which form was meant.
  auto bufferHint = [](Type type) {
    return isa<BaseMemRefType>(type)
               ? " (memref operands make the buffer form, which writes "
                 "`into` an output memref and has no result)"
               : "";
  };
  if (!buffer) {
    if (!isa<RankedTensorType>(paramsType))
      return op->emitOpError("operand #0 must be ")
             << kParamsTensorSummary << ", but got " << paramsType
             << bufferHint(paramsType);
    if (!isIndexContainer(indicesType, /*memref=*/false))
      return op->emitOpError("operand #1 must be ")
             << kIndicesTensorSummary << ", but got " << indicesType
             << bufferHint(indicesType);
    if (op->getNumResults() != 1)
      return op->emitOpError("the tensor form (no `into`) must have one "
                             "result");
    return success();
  }
  if (!isa<MemRefType>(paramsType))
    return op->emitOpError("operand #0 must be a memref in the buffer form "
                           "(with `into`), but got ")
           << paramsType;
  if (!isIndexContainer(indicesType, /*memref=*/true))
    return op->emitOpError("operand #1 must be a memref of 32-bit signless "
                           "integer or 64-bit signless integer or index "
                           "values in the buffer form (with `into`), but got ")
           << indicesType;
  if (op->getNumResults() != 0)
    return op->emitOpError("the buffer form (with `into`) has no result, got ")
           << op->getResult(0).getType();
  return success();
}

/// G-C11, N-C11: an out-of-bounds slice is zero in `zero` mode, and in `clamp`
/// mode when a gathered dimension is empty (nothing to clamp into): that
/// needs a zero of the element type.
static LogicalResult verifyZeroIsAvailable(Operation *op, GatherMode mode,
                                           ShapedType paramsType,
                                           ArrayRef<int64_t> gatheredDims) {
  Type elementType = paramsType.getElementType();
  if (isReportingMode(mode) || getZeroAttr(elementType))
    return success();
  if (mode == GatherMode::Zero)
    return op->emitOpError("mode 'zero' needs an integer, index or "
                           "floating-point element type, got ")
           << elementType;
  for (int64_t dim : gatheredDims) {
    int64_t size = paramsType.getDimSize(dim);
    if (size == 0 || ShapedType::isDynamic(size))
      return op->emitOpError("mode 'clamp' on params dimension ")
             << dim << " of size " << (size == 0 ? "0" : "?")
             << " needs an integer, index or floating-point element type "
                "(an empty dimension gives a zero slice), got "
             << elementType;
  }
  return success();
}

/// The body of both ops' inferReturnTypes: the buffer form (with `out`) has
/// no result; operands that are not ranked tensors (possible before
/// verification) fail; others go to `infer`.
static LogicalResult
inferReturnTypesImpl(StringRef opName, Value params, Value indices, Value out,
                     std::optional<Location> location,
                     SmallVectorImpl<Type> &inferred,
                     function_ref<FailureOr<RankedTensorType>(RankedTensorType,
                                                              RankedTensorType)>
                         infer) {
  if (out)
    return success();
  auto paramsType = dyn_cast<RankedTensorType>(params.getType());
  auto indicesType = dyn_cast<RankedTensorType>(indices.getType());
  if (!paramsType || !indicesType)
    return emitOptionalError(location, "'", opName,
                             "' op expects ranked tensor operands");
  FailureOr<RankedTensorType> type = infer(paramsType, indicesType);
  if (failed(type))
    return failure();
  inferred.push_back(*type);
  return success();
}

/// Size `dim` of a batch dimension: from params, unless only indices knows
/// it statically.
static OpFoldResult batchDimOf(OpBuilder &b, Location loc, Value params,
                               Value indices, int64_t dim) {
  bool fromIndices = cast<ShapedType>(params.getType()).isDynamicDim(dim) &&
                     !cast<ShapedType>(indices.getType()).isDynamicDim(dim);
  return tensor::getMixedSize(b, loc, fromIndices ? indices : params, dim);
}

/// Makes reified sizes agree with the declared result type: a size it
/// declares static is that constant (an attribute), a size it declares
/// dynamic is a value, even where the operands make it constant, so that a
/// tensor.empty of the sizes (as the tiling drivers build for a destination)
/// has the declared type.
static void useDeclaredStaticSizes(OpBuilder &b, Location loc,
                                   RankedTensorType declared,
                                   SmallVectorImpl<OpFoldResult> &dims) {
  for (auto [i, size] : llvm::enumerate(declared.getShape())) {
    if (!ShapedType::isDynamic(size))
      dims[i] = b.getIndexAttr(size);
    else if (auto attr = dyn_cast<Attribute>(dims[i]))
      dims[i] = arith::ConstantIndexOp::create(b, loc,
                                               cast<IntegerAttr>(attr).getInt())
                    .getResult();
  }
}

/// The reified result sizes of either op (tensor form): each result
/// dimension's size is that of the operand dimension it follows
/// (GatherGeometry): a batch dimension's from params unless only indices
/// knows it statically, a position dimension's from indices, the others'
/// from params; then useDeclaredStaticSizes.
static LogicalResult
reifyGatherResultShapes(GatherOpInterface op, OpBuilder &b,
                        ReifiedRankedShapedTypeDims &reifiedShapes) {
  if (op.hasBufferSemantics())
    return failure();
  Location loc = op->getLoc();
  Value params = op.getParams(), indices = op.getIndices();
  GatherGeometry geometry = op.getGeometry();
  SmallVector<OpFoldResult> dims;
  for (int64_t d = 0; d < geometry.resultRank; ++d) {
    switch (geometry.getResultDimKind(d)) {
    case GatherDimKind::Batch:
      dims.push_back(batchDimOf(b, loc, params, indices, d));
      break;
    case GatherDimKind::Position:
      dims.push_back(tensor::getMixedSize(
          b, loc, indices, *geometry.getIndicesDimOfResultDim(d)));
      break;
    case GatherDimKind::Outer:
    case GatherDimKind::Slice:
      dims.push_back(tensor::getMixedSize(
          b, loc, params, *geometry.getParamsDimOfResultDim(d)));
      break;
    }
  }
  useDeclaredStaticSizes(b, loc, op.getResultType(), dims);
  reifiedShapes.push_back(std::move(dims));
  return success();
}

/// The fold of either op: only the tensor form folds (the buffer form has no
/// result), with the op's foldTensorForm.
static LogicalResult foldGatherOp(GatherOpInterface op,
                                  function_ref<OpFoldResult()> foldTensorForm,
                                  SmallVectorImpl<OpFoldResult> &results) {
  if (op.hasBufferSemantics())
    return failure();
  OpFoldResult folded = foldTensorForm();
  if (!folded)
    return failure();
  results.push_back(folded);
  return success();
}

/// Number of elements of a static shape, or std::nullopt when the shape is
/// dynamic or the count overflows int64_t (huge dimensions are valid IR).
static std::optional<int64_t> getElementCount(ShapedType type) {
  if (!type.hasStaticShape())
    return std::nullopt;
  int64_t count = 1;
  for (int64_t size : type.getShape())
    if (llvm::MulOverflow(count, size, count))
      return std::nullopt;
  return count;
}

/// True when folding may materialize `type`'s elements.
static bool isSmallEnoughToFold(ShapedType type) {
  std::optional<int64_t> count = getElementCount(type);
  return count && *count <= kMaxFoldedElements;
}

/// Reads an integer constant tensor as int64 values.
static SmallVector<int64_t> getIndexValues(DenseIntElementsAttr attr) {
  return llvm::to_vector(
      llvm::map_range(attr.getValues<APInt>(),
                      [](const APInt &v) { return v.getSExtValue(); }));
}

TypedAttr mlir::gather::getZeroAttr(Type elementType) {
  if (isa<FloatType, IntegerType, IndexType>(elementType))
    return cast<TypedAttr>(
        Builder(elementType.getContext()).getZeroAttr(elementType));
  return {};
}

/// Folds a gather over constants. `sourceOf` maps the multi-index of a result
/// element to the row-major position in params it reads, or std::nullopt
/// where the index is out of bounds after the mode is applied (zero). Returns
/// null when folding would produce garbage or too many elements.
static Attribute foldConstantGather(
    RankedTensorType resultType, Attribute paramsAttr,
    function_ref<std::optional<int64_t>(ArrayRef<int64_t>)> sourceOf,
    bool &failedOutOfBounds) {
  auto params = dyn_cast_if_present<DenseElementsAttr>(paramsAttr);
  if (!params || !isSmallEnoughToFold(resultType))
    return {};
  Type elementType = resultType.getElementType();
  // Indexed lazily: a splat params may be far larger than the result.
  auto paramValues = params.getValues<Attribute>();
  TypedAttr zero = getZeroAttr(elementType);
  SmallVector<Attribute> values;
  values.reserve(resultType.getNumElements());
  SmallVector<int64_t> pos(resultType.getRank(), 0);
  ArrayRef<int64_t> shape = resultType.getShape();
  for (int64_t n = 0, e = resultType.getNumElements(); n < e; ++n) {
    std::optional<int64_t> src = sourceOf(pos);
    if (failedOutOfBounds)
      return {};
    if (src) {
      values.push_back(paramValues[*src]);
    } else {
      if (!zero)
        return {};
      values.push_back(zero);
    }
    // Advance the row-major multi-index.
    for (int64_t d = resultType.getRank() - 1; d >= 0; --d) {
      if (++pos[d] < shape[d])
        break;
      pos[d] = 0;
    }
  }
  return DenseElementsAttr::get(resultType, values);
}

/// Applies `mode` to index `v` of a dimension of size `size`. Returns the
/// in-range index, std::nullopt for a zero slice, and sets `failed` in error
/// mode.
static std::optional<int64_t> applyMode(GatherMode mode, int64_t v,
                                        int64_t size, bool &failed) {
  if (v >= 0 && v < size)
    return v;
  switch (mode) {
  case GatherMode::Error:
    failed = true;
    return std::nullopt;
  case GatherMode::Zero:
    return std::nullopt;
  case GatherMode::Clamp:
    if (size == 0) // Nothing to clamp into: the slice is empty anyway.
      return std::nullopt;
    return std::clamp<int64_t>(v, 0, size - 1);
  case GatherMode::Wrap:
    if (v < 0 && v >= -size)
      return v + size;
    failed = true;
    return std::nullopt;
  }
  llvm_unreachable("unknown gather mode");
}

/// Row-major linear position of `coords` in `shape`. Wraps instead of
/// overflowing: only a splat, which ignores the position, can be that large.
static int64_t linearize(ArrayRef<int64_t> coords, ArrayRef<int64_t> shape) {
  uint64_t linear = 0;
  for (auto [c, s] : llvm::zip(coords, shape))
    linear = linear * static_cast<uint64_t>(s) + static_cast<uint64_t>(c);
  return static_cast<int64_t>(linear);
}

/// G-C12, N-C12: a gather that reports out-of-bounds indices (error and
/// wrap mode) has a run-time precondition, so it must not run where the
/// program would not run it (as arith.divsi); zero and clamp mode have none.
/// The buffer form writes memory: it is never speculated.
static Speculation::Speculatability
getGatherSpeculatability(GatherOpInterface op) {
  return op.hasBufferSemantics() || isReportingMode(op.getMode())
             ? Speculation::NotSpeculatable
             : Speculation::Speculatable;
}

/// G-C12, N-C12: the tensor form has no memory effects; the buffer form
/// reads params and indices and writes out.
static void getGatherEffects(
    GatherOpInterface op,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (!op.hasBufferSemantics())
    return;
  Operation *operation = op.getOperation();
  // Operands in ODS order: params, indices, out.
  for (OpOperand *operand :
       {&operation->getOpOperand(0), &operation->getOpOperand(1)})
    effects.emplace_back(MemoryEffects::Read::get(), operand,
                         SideEffects::DefaultResource::get());
  effects.emplace_back(MemoryEffects::Write::get(), &operation->getOpOperand(2),
                       SideEffects::DefaultResource::get());
}

//===----------------------------------------------------------------------===//
// GatherOp
//===----------------------------------------------------------------------===//

FailureOr<RankedTensorType>
GatherOp::inferResultType(ShapedType paramsType, ShapedType indicesType,
                          std::optional<int64_t> axis, int64_t batchDims,
                          std::optional<Location> loc) {
  StringRef name = getOperationName();
  int64_t paramsRank = paramsType.getRank();
  int64_t indicesRank = indicesType.getRank();
  // G-C1: params has rank >= 1.
  if (paramsRank < 1)
    return emitOptionalError(loc, "'", name,
                             "' op params must have rank >= 1, got 0-d ",
                             paramsType);
  // G-C3: batch_dims in [-rank(indices), rank(indices)].
  if (batchDims < -indicesRank || batchDims > indicesRank)
    return emitOptionalError(loc, "'", name, "' op 'batch_dims' (", batchDims,
                             ") must be in [-", indicesRank, ", ", indicesRank,
                             "] for indices of rank ", indicesRank);
  int64_t b = batchDims < 0 ? batchDims + indicesRank : batchDims;
  // G-C4: normalized batch_dims < rank(params).
  if (b >= paramsRank)
    return emitOptionalError(loc, "'", name, "' op normalized 'batch_dims' (",
                             b, ") must be less than the rank of params (",
                             paramsRank, ")");
  // G-C5: axis in [-rank(params), rank(params)).
  if (axis && (*axis < -paramsRank || *axis >= paramsRank))
    return emitOptionalError(loc, "'", name, "' op 'axis' (", *axis,
                             ") must be in [-", paramsRank, ", ", paramsRank,
                             ") for params of rank ", paramsRank);
  // The default axis is the first non-batch dimension (TF's documented rule).
  int64_t a = !axis ? b : (*axis < 0 ? *axis + paramsRank : *axis);
  // G-C6: axis >= batch_dims after normalization.
  if (a < b)
    return emitOptionalError(loc, "'", name, "' op normalized 'axis' (", a,
                             ") must be >= normalized 'batch_dims' (", b, ")");
  // G-C7: leading batch dimensions agree.
  if (failed(verifyBatchDims(name, paramsType, indicesType, b, loc)))
    return failure();

  ArrayRef<int64_t> ps = paramsType.getShape(), is = indicesType.getShape();
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < a; ++i)
    shape.push_back(i < b ? mergeDims(ps[i], is[i]) : ps[i]);
  llvm::append_range(shape, is.drop_front(b));
  llvm::append_range(shape, ps.drop_front(a + 1));
  return RankedTensorType::get(shape, paramsType.getElementType());
}

void GatherOp::build(OpBuilder &builder, OperationState &state, Value params,
                     Value indices, int64_t axis, int64_t batchDims,
                     GatherMode mode) {
  build(builder, state, params, indices, builder.getI64IntegerAttr(axis),
        builder.getI64IntegerAttr(batchDims),
        GatherModeAttr::get(builder.getContext(), mode), /*out=*/Value());
}

LogicalResult GatherOp::inferReturnTypes(MLIRContext *context,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  return inferReturnTypesImpl(
      getOperationName(), adaptor.getParams(), adaptor.getIndices(),
      adaptor.getOut(), location, inferred,
      [&](RankedTensorType paramsType, RankedTensorType indicesType) {
        return inferResultType(paramsType, indicesType, adaptor.getAxis(),
                               adaptor.getBatchDims(), location);
      });
}

// G-C8: the declared result type is compatible with the inferred one.
bool GatherOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  return areCompatibleTensorTypes(l, r);
}

// The checks run here, before the interface's own verification (which runs
// with the regions), so each violation gets exactly one diagnostic.
LogicalResult GatherOp::verify() {
  if (failed(verifyForm(*this)) ||
      failed(verifyResultType(
          *this, inferResultType(getParamsType(), getIndicesType(), getAxis(),
                                 getBatchDims(), getLoc()))))
    return failure();
  return verifyZeroIsAvailable(*this, getMode(), getParamsType(),
                               {getNormalizedAxis()});
}

GatherGeometry GatherOp::getGeometry() {
  GatherGeometry g;
  g.batchDims = getNormalizedBatchDims();
  g.firstIndexedDim = getNormalizedAxis();
  g.indexDepth = 1;
  g.numPositionDims = getIndices().getType().getRank() - g.batchDims;
  g.resultRank = getResultType().getRank();
  return g;
}

int64_t GatherOp::getNormalizedBatchDims() {
  int64_t b = getBatchDims();
  return b < 0 ? b + getIndices().getType().getRank() : b;
}

int64_t GatherOp::getNormalizedAxis() {
  std::optional<int64_t> axis = getAxis();
  if (!axis)
    return getNormalizedBatchDims();
  return *axis < 0 ? *axis + getParams().getType().getRank() : *axis;
}

/// True when `indices` selects, for every batch entry, the whole axis in order:
/// the gather then returns params unchanged.
static bool isIdentityGather(GatherOp op, DenseIntElementsAttr indices) {
  auto indicesType = cast<RankedTensorType>(op.getIndicesType());
  int64_t b = op.getNormalizedBatchDims(), a = op.getNormalizedAxis();
  if (indicesType.getRank() != b + 1 ||
      op.getType() != op.getParams().getType() ||
      !isSmallEnoughToFold(indicesType))
    return false;
  int64_t n = indicesType.getShape().back();
  if (ShapedType::isDynamic(n) || n != op.getParams().getType().getDimSize(a))
    return false;
  for (auto [pos, v] : llvm::enumerate(getIndexValues(indices)))
    if (v != static_cast<int64_t>(pos) % n)
      return false;
  return true;
}

OpFoldResult GatherOp::foldTensorForm(FoldAdaptor adaptor) {
  auto indices =
      dyn_cast_if_present<DenseIntElementsAttr>(adaptor.getIndices());
  if (!indices)
    return {};
  if (isIdentityGather(*this, indices))
    return getParams();

  auto paramsType = cast<RankedTensorType>(getParamsType());
  auto indicesType = cast<RankedTensorType>(getIndicesType());
  if (!paramsType.hasStaticShape() || !isSmallEnoughToFold(indicesType) ||
      !isSmallEnoughToFold(getType()))
    return {};
  ArrayRef<int64_t> ps = paramsType.getShape();
  ArrayRef<int64_t> is = indicesType.getShape();
  int64_t a = getNormalizedAxis(), b = getNormalizedBatchDims();
  int64_t q = indicesType.getRank();
  SmallVector<int64_t> indexValues = getIndexValues(indices);
  GatherMode mode = getMode();
  bool failedOutOfBounds = false;
  auto sourceOf = [&](ArrayRef<int64_t> pos) -> std::optional<int64_t> {
    // Result coordinates: params[:a] | indices[b:] | params[a+1:].
    SmallVector<int64_t> indexCoords(pos.take_front(b));
    llvm::append_range(indexCoords, pos.slice(a, q - b));
    int64_t v = indexValues[linearize(indexCoords, is)];
    std::optional<int64_t> k = applyMode(mode, v, ps[a], failedOutOfBounds);
    if (!k)
      return std::nullopt;
    SmallVector<int64_t> coords(pos.take_front(a));
    coords.push_back(*k);
    llvm::append_range(coords, pos.drop_front(a + q - b));
    return linearize(coords, ps);
  };
  return foldConstantGather(getType(), adaptor.getParams(), sourceOf,
                            failedOutOfBounds);
}

//===----------------------------------------------------------------------===//
// GatherNdOp
//===----------------------------------------------------------------------===//

FailureOr<RankedTensorType>
GatherNdOp::inferResultType(ShapedType paramsType, ShapedType indicesType,
                            int64_t batchDims, std::optional<Location> loc) {
  StringRef name = getOperationName();
  int64_t paramsRank = paramsType.getRank();
  int64_t indicesRank = indicesType.getRank();
  // N-C1: params has rank >= 1.
  if (paramsRank < 1)
    return emitOptionalError(loc, "'", name,
                             "' op params must have rank >= 1, got 0-d ",
                             paramsType);
  // N-C2: indices has rank >= 1 (its last dimension holds index vectors).
  if (indicesRank < 1)
    return emitOptionalError(loc, "'", name,
                             "' op indices must have rank >= 1, got 0-d ",
                             indicesType);
  // N-C3: the index depth is static.
  int64_t depth = indicesType.getShape().back();
  if (ShapedType::isDynamic(depth))
    return emitOptionalError(loc, "'", name,
                             "' op the last dimension of indices (the index "
                             "depth) must be static, got ",
                             indicesType);
  // N-C4: batch_dims is not negative.
  if (batchDims < 0)
    return emitOptionalError(loc, "'", name, "' op 'batch_dims' (", batchDims,
                             ") must not be negative");
  // N-C5: batch_dims < rank(indices).
  if (batchDims >= indicesRank)
    return emitOptionalError(loc, "'", name, "' op 'batch_dims' (", batchDims,
                             ") must be less than the rank of indices (",
                             indicesRank, ")");
  // N-C6: batch_dims + index depth <= rank(params).
  if (batchDims + depth > paramsRank)
    return emitOptionalError(loc, "'", name, "' op 'batch_dims' (", batchDims,
                             ") plus the index depth (", depth,
                             ") must not exceed the rank of params (",
                             paramsRank, ")");
  // N-C7: leading batch dimensions agree.
  if (failed(verifyBatchDims(name, paramsType, indicesType, batchDims, loc)))
    return failure();

  ArrayRef<int64_t> ps = paramsType.getShape(), is = indicesType.getShape();
  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < batchDims; ++i)
    shape.push_back(mergeDims(ps[i], is[i]));
  llvm::append_range(shape, is.slice(batchDims, indicesRank - 1 - batchDims));
  llvm::append_range(shape, ps.drop_front(batchDims + depth));
  return RankedTensorType::get(shape, paramsType.getElementType());
}

void GatherNdOp::build(OpBuilder &builder, OperationState &state, Value params,
                       Value indices, int64_t batchDims, GatherMode mode) {
  build(builder, state, params, indices, builder.getI64IntegerAttr(batchDims),
        GatherModeAttr::get(builder.getContext(), mode), /*out=*/Value());
}

LogicalResult GatherNdOp::inferReturnTypes(MLIRContext *context,
                                           std::optional<Location> location,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &inferred) {
  return inferReturnTypesImpl(
      getOperationName(), adaptor.getParams(), adaptor.getIndices(),
      adaptor.getOut(), location, inferred,
      [&](RankedTensorType paramsType, RankedTensorType indicesType) {
        return inferResultType(paramsType, indicesType, adaptor.getBatchDims(),
                               location);
      });
}

// N-C8: the declared result type is compatible with the inferred one.
bool GatherNdOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  return areCompatibleTensorTypes(l, r);
}

LogicalResult GatherNdOp::verify() {
  if (failed(verifyForm(*this)) ||
      failed(verifyResultType(*this,
                              inferResultType(getParamsType(), getIndicesType(),
                                              getBatchDims(), getLoc()))))
    return failure();
  SmallVector<int64_t> gatheredDims = llvm::to_vector(
      llvm::seq<int64_t>(getBatchDims(), getBatchDims() + getIndexDepth()));
  return verifyZeroIsAvailable(*this, getMode(), getParamsType(), gatheredDims);
}

GatherGeometry GatherNdOp::getGeometry() {
  GatherGeometry g;
  g.batchDims = getBatchDims();
  g.firstIndexedDim = g.batchDims;
  g.indexDepth = getIndexDepth();
  g.numPositionDims = getIndices().getType().getRank() - 1 - g.batchDims;
  g.hasIndexVectorDim = true;
  g.resultRank = getResultType().getRank();
  return g;
}

int64_t GatherNdOp::getIndexDepth() {
  return getIndicesType().getShape().back();
}

OpFoldResult GatherNdOp::foldTensorForm(FoldAdaptor adaptor) {
  // Empty index vectors with no index positions select params whole.
  if (getIndexDepth() == 0 &&
      getIndices().getType().getRank() ==
          static_cast<int64_t>(getBatchDims()) + 1 &&
      getType() == getParams().getType())
    return getParams();

  auto indices =
      dyn_cast_if_present<DenseIntElementsAttr>(adaptor.getIndices());
  auto paramsType = cast<RankedTensorType>(getParamsType());
  auto indicesType = cast<RankedTensorType>(getIndicesType());
  if (!indices || !paramsType.hasStaticShape() ||
      !isSmallEnoughToFold(indicesType) || !isSmallEnoughToFold(getType()))
    return {};
  ArrayRef<int64_t> ps = paramsType.getShape();
  ArrayRef<int64_t> is = indicesType.getShape();
  int64_t b = getBatchDims(), depth = getIndexDepth();
  int64_t q = indicesType.getRank();
  SmallVector<int64_t> indexValues = getIndexValues(indices);
  GatherMode mode = getMode();
  bool failedOutOfBounds = false;
  auto sourceOf = [&](ArrayRef<int64_t> pos) -> std::optional<int64_t> {
    // Result coordinates: batch | indices[b:-1] | params[b+depth:].
    SmallVector<int64_t> vectorCoords(pos.take_front(q - 1));
    vectorCoords.push_back(0);
    int64_t base = linearize(vectorCoords, is);
    SmallVector<int64_t> coords(pos.take_front(b));
    for (int64_t k = 0; k < depth; ++k) {
      std::optional<int64_t> v =
          applyMode(mode, indexValues[base + k], ps[b + k], failedOutOfBounds);
      if (!v)
        return std::nullopt;
      coords.push_back(*v);
    }
    llvm::append_range(coords, pos.drop_front(q - 1));
    return linearize(coords, ps);
  };
  return foldConstantGather(getType(), adaptor.getParams(), sourceOf,
                            failedOutOfBounds);
}

//===----------------------------------------------------------------------===//
// Canonicalization
//===----------------------------------------------------------------------===//

namespace {
/// Absorbs `tensor.cast` producers that only erase static information, and
/// refines the result type to the inferred one; a `tensor.cast` restores the
/// original result type for existing users.
template <typename OpTy>
struct FoldCastsIntoGather : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (op.hasBufferSemantics())
      return rewriter.notifyMatchFailure(op, "buffer form");
    auto stripCast = [](Value v) {
      auto cast = v.getDefiningOp<tensor::CastOp>();
      return cast && tensor::canFoldIntoConsumerOp(cast) ? cast.getSource() : v;
    };
    Value params = stripCast(op.getParams());
    Value indices = stripCast(op.getIndices());
    // Inference on the casts' sources may fail where the op verifies (the
    // sources are more static than the op's operands and disagree): then
    // there is nothing to fold. No location, so that it fails silently.
    SmallVector<Type> inferred;
    if (failed(OpTy::inferReturnTypes(
            op.getContext(), /*location=*/std::nullopt, {params, indices},
            op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
            op->getRegions(), inferred)))
      return rewriter.notifyMatchFailure(
          op, "the casts' sources do not infer a result type");
    Type resultType = inferred.front();
    // A source may also be more static than the declared result allows.
    if (failed(verifyCompatibleShape(resultType, op.getType())))
      return rewriter.notifyMatchFailure(
          op, "the inferred result type contradicts the declared one");
    if (params == op.getParams() && indices == op.getIndices() &&
        resultType == op.getType())
      return rewriter.notifyMatchFailure(op, "no cast to absorb");
    // Keep what the declared result type knows that inference does not.
    auto declared = op.getType();
    SmallVector<int64_t> shape(cast<RankedTensorType>(resultType).getShape());
    for (auto [i, size] : llvm::enumerate(declared.getShape()))
      if (ShapedType::isDynamic(shape[i]))
        shape[i] = size;
    auto newType = RankedTensorType::get(shape, declared.getElementType());
    if (params == op.getParams() && indices == op.getIndices() &&
        newType == declared)
      return rewriter.notifyMatchFailure(op, "result type already refined");
    auto newOp = cast<OpTy>(rewriter.clone(*op));
    rewriter.modifyOpInPlace(newOp, [&] {
      newOp->setOperands({params, indices});
      newOp.getResult().setType(newType);
    });
    Value result = newOp.getResult();
    if (newType != declared)
      result = tensor::CastOp::create(rewriter, op.getLoc(), declared, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// FixOutOfBoundsOp
//===----------------------------------------------------------------------===//

MemRefType FixOutOfBoundsOp::getBufferArgType(ShapedType type,
                                              Attribute memorySpace) {
  SmallVector<int64_t> dynamic(type.getRank(), ShapedType::kDynamic);
  auto layout =
      StridedLayoutAttr::get(type.getContext(), ShapedType::kDynamic, dynamic);
  return MemRefType::get(dynamic, type.getElementType(), layout, memorySpace);
}

Speculation::Speculatability FixOutOfBoundsOp::getSpeculatability() {
  return Speculation::NotSpeculatable;
}

LogicalResult
FixOutOfBoundsOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee = symbolTable.lookupNearestSymbolFrom<FunctionOpInterface>(
      *this, getCalleeAttr());
  if (!callee)
    return emitOpError() << "'" << getCallee()
                         << "' does not reference a function";
  auto type = dyn_cast<FunctionType>(callee.getFunctionType());
  SmallVector<Value> operands{getDest()};
  llvm::append_range(operands, getInputs());
  if (!type || type.getNumResults() != 0 ||
      type.getNumInputs() != operands.size())
    return emitOpError() << "'" << getCallee() << "' must take "
                         << operands.size() << " arguments and return nothing";
  for (auto [i, operand, argType] :
       llvm::enumerate(operands, type.getInputs())) {
    auto tensorType = dyn_cast<RankedTensorType>(operand.getType());
    auto memrefType = dyn_cast<MemRefType>(argType);
    bool matches = tensorType ? memrefType &&
                                    memrefType.getElementType() ==
                                        tensorType.getElementType() &&
                                    memrefType.getRank() == tensorType.getRank()
                              : argType == operand.getType();
    if (!matches)
      return emitOpError() << "argument " << i << " of '" << getCallee()
                           << "' has type " << argType
                           << ", which does not take operand " << i
                           << " of type " << operand.getType();
  }
  return success();
}

bool FixOutOfBoundsOp::bufferizesToMemoryRead(
    OpOperand &opOperand, const bufferization::AnalysisState &state) {
  return true;
}

/// Only `dest` is written (in place).
bool FixOutOfBoundsOp::bufferizesToMemoryWrite(
    OpOperand &opOperand, const bufferization::AnalysisState &state) {
  return &opOperand == &getDestMutable();
}

bufferization::AliasingValueList
FixOutOfBoundsOp::getAliasingValues(OpOperand &opOperand,
                                    const bufferization::AnalysisState &state) {
  if (&opOperand != &getDestMutable())
    return {};
  return {{getResult(), bufferization::BufferRelation::Equivalent,
           /*isDefinite=*/true}};
}

/// `scf.if %bad { func.call @callee(buffers and values) }`, each buffer cast
/// to the callee's fully dynamic type; the result is the buffer of `dest`.
LogicalResult
FixOutOfBoundsOp::bufferize(RewriterBase &rewriter,
                            const bufferization::BufferizationOptions &options,
                            bufferization::BufferizationState &state) {
  Location loc = getLoc();
  SmallVector<Value> args, operands{getDest()};
  llvm::append_range(operands, getInputs());
  Value destBuffer;
  for (auto [i, value] : llvm::enumerate(operands)) {
    if (!isa<TensorType>(value.getType())) {
      args.push_back(value);
      continue;
    }
    FailureOr<Value> buffer =
        bufferization::getBuffer(rewriter, value, options, state);
    if (failed(buffer))
      return failure();
    auto bufferType = dyn_cast<MemRefType>(buffer->getType());
    if (!bufferType || !bufferType.isStrided())
      return emitOpError("operand ")
             << i << " must bufferize to a memref of strided layout";
    args.push_back(memref::CastOp::create(
        rewriter, loc,
        getBufferArgType(bufferType, bufferType.getMemorySpace()), *buffer));
    if (!destBuffer)
      destBuffer = *buffer;
  }
  scf::IfOp::create(rewriter, loc, getBad(), [&](OpBuilder &b, Location l) {
    func::CallOp::create(b, l, getCallee(), TypeRange(), args);
    scf::YieldOp::create(b, l);
  });
  bufferization::replaceOpWithBufferizedValues(rewriter, *this, destBuffer);
  return success();
}

#define GET_OP_CLASSES
#include "gather/Dialect/Gather/IR/GatherOps.cpp.inc"
