//===- GatherLoweringUtils.cpp - helpers shared by gather lowerings -------===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#include "gather/Conversion/GatherCommon/GatherLoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::gather;

//===----------------------------------------------------------------------===//
// Index values
//===----------------------------------------------------------------------===//

Value mlir::gather::createReadOnlyBuffer(OpBuilder &b, Location loc,
                                         Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  auto layout = StridedLayoutAttr::get(
      b.getContext(), ShapedType::kDynamic,
      SmallVector<int64_t>(type.getRank(), ShapedType::kDynamic));
  auto bufferType =
      MemRefType::get(type.getShape(), type.getElementType(), layout);
  return bufferization::ToBufferOp::create(b, loc, bufferType, tensor,
                                           /*readOnly=*/true);
}

Value mlir::gather::createDimSize(OpBuilder &b, Location loc, Value shaped,
                                  int64_t dim) {
  OpFoldResult size = isa<TensorType>(shaped.getType())
                          ? tensor::getMixedSize(b, loc, shaped, dim)
                          : memref::getMixedSize(b, loc, shaped, dim);
  return getValueOrCreateConstantIndexOp(b, loc, size);
}

SmallVector<Value> mlir::gather::createIndexedDimSizes(
    OpBuilder &b, Location loc, const GatherGeometry &geometry, Value params) {
  SmallVector<Value> sizes;
  for (int64_t k = 0; k < geometry.indexDepth; ++k)
    sizes.push_back(
        createDimSize(b, loc, params, geometry.firstIndexedDim + k));
  return sizes;
}

Value mlir::gather::castToIndex(OpBuilder &b, Location loc, Value index) {
  if (index.getType().isIndex())
    return index;
  // index_cast sign-extends: indices are signed.
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), index);
}

Value mlir::gather::loadIndex(OpBuilder &b, Location loc, Value indices,
                              ValueRange coords) {
  Value index = isa<TensorType>(indices.getType())
                    ? Value(tensor::ExtractOp::create(b, loc, indices, coords))
                    : Value(memref::LoadOp::create(b, loc, indices, coords));
  return castToIndex(b, loc, index);
}

Value mlir::gather::createIsInBounds(OpBuilder &b, Location loc, Value index,
                                     Value dimSize) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, index,
                               dimSize);
}

/// Wrap mode: an index i in [-n, 0) becomes n + i; any other index is kept,
/// so that an index outside [-n, n) fails the [0, n) check with its own
/// value.
static Value wrapIndex(OpBuilder &b, Location loc, Value index, Value dimSize) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value wrapped = arith::AddIOp::create(b, loc, index, dimSize);
  Value isNegative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, index, zero);
  Value wrapsIntoRange =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, wrapped, zero);
  Value useWrapped = arith::AndIOp::create(b, loc, isNegative, wrapsIntoRange);
  return arith::SelectOp::create(b, loc, useWrapped, wrapped, index);
}

ResolvedIndex mlir::gather::resolveIndex(OpBuilder &b, Location loc,
                                         GatherMode mode, Value index,
                                         Value dimSize,
                                         bool boundErrorAddress) {
  if (mode == GatherMode::Wrap) {
    index = wrapIndex(b, loc, index, dimSize);
    mode = GatherMode::Error;
  }
  if (mode == GatherMode::Error) {
    if (!boundErrorAddress)
      return {index, Value()};
    // One unsigned min (a negative index reads as huge) keeps the address in
    // range; the check has stopped the program on a bad index anyway. An
    // empty dimension is guarded before (createGuardForEmptyDims).
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value last = arith::SubIOp::create(b, loc, dimSize, one);
    return {arith::MinUIOp::create(b, loc, index, last), Value()};
  }
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  switch (mode) {
  case GatherMode::Error:
  case GatherMode::Wrap:
    break;
  case GatherMode::Zero: {
    // Read at 0 instead of an out-of-bounds address; the value is discarded.
    Value inBounds = createIsInBounds(b, loc, index, dimSize);
    return {arith::SelectOp::create(b, loc, inBounds, index, zero), inBounds};
  }
  case GatherMode::Clamp: {
    // An empty dimension has nothing to clamp into; see
    // createGuardForEmptyDims.
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value last = arith::SubIOp::create(b, loc, dimSize, one);
    Value clamped = arith::MaxSIOp::create(
        b, loc, arith::MinSIOp::create(b, loc, index, last), zero);
    return {clamped, Value()};
  }
  }
  llvm_unreachable("unknown gather mode");
}

/// Returns `type` (an integer, or a shaped type of integers) with signless
/// integers.
static Type getSignlessType(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.clone(getSignlessType(shaped.getElementType()));
  if (auto integer = dyn_cast<IntegerType>(type))
    return IntegerType::get(type.getContext(), integer.getWidth());
  return type;
}

Value mlir::gather::createSlicesAhead(OpBuilder &b, Location loc,
                                      Value aheadBytes, Value sliceBytes,
                                      int64_t minDistance,
                                      int64_t maxDistance) {
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(b, loc, value);
  };
  Value ahead = arith::DivUIOp::create(
      b, loc, aheadBytes,
      arith::MaxUIOp::create(b, loc, sliceBytes, constant(1)));
  return arith::MaxUIOp::create(
      b, loc, arith::MinUIOp::create(b, loc, ahead, constant(maxDistance)),
      constant(minDistance));
}

Value mlir::gather::createConstant(OpBuilder &b, Location loc,
                                   TypedAttr value) {
  Type type = value.getType();
  Type signless = getSignlessType(type);
  if (signless == type)
    return arith::ConstantOp::create(b, loc, value);
  TypedAttr bits;
  if (auto integer = dyn_cast<IntegerAttr>(value))
    bits = IntegerAttr::get(signless, integer.getValue());
  else
    bits = cast<DenseElementsAttr>(value).bitcast(
        cast<ShapedType>(signless).getElementType());
  Value constant = arith::ConstantOp::create(b, loc, bits);
  return UnrealizedConversionCastOp::create(b, loc, type, constant)
      .getResult(0);
}

Value mlir::gather::createAndOfValid(OpBuilder &b, Location loc, Value lhs,
                                     Value rhs) {
  if (!lhs)
    return rhs;
  if (!rhs)
    return lhs;
  return arith::AndIOp::create(b, loc, lhs, rhs);
}

bool mlir::gather::mayProduceZeroSlices(const GatherGeometry &geometry,
                                        GatherMode mode,
                                        ShapedType paramsType) {
  switch (mode) {
  case GatherMode::Error:
  case GatherMode::Wrap:
    return false;
  case GatherMode::Zero:
    return true;
  case GatherMode::Clamp:
    for (int64_t k = 0; k < geometry.indexDepth; ++k) {
      int64_t size = paramsType.getDimSize(geometry.firstIndexedDim + k);
      if (ShapedType::isDynamic(size) || size == 0)
        return true;
    }
    return false;
  }
  llvm_unreachable("unknown gather mode");
}

//===----------------------------------------------------------------------===//
// Whole index vectors
//===----------------------------------------------------------------------===//

ResolvedIndexVector mlir::gather::loadAndResolveIndexVector(
    OpBuilder &b, Location loc, const OutOfBoundsReporter &reporter,
    const GatherGeometry &geometry, GatherMode mode, Value indices,
    ValueRange selector, ValueRange indexedDimSizes, bool check,
    StringRef outOfBoundsHandler, std::optional<GatherMode> readReportedAs) {
  ResolvedIndexVector result;
  // A constant bad index would fold into an invalid static slice offset,
  // rejected at compile time, where the program must stop at run time:
  // bound its address. Other indices cost nothing extra.
  bool constantIndices = matchPattern(indices, m_Constant());
  for (int64_t k = 0; k < geometry.indexDepth; ++k) {
    Value index = loadIndex(b, loc, indices,
                            geometry.getIndicesCoords(b, loc, selector, k));
    // Wrap mode is error mode on the wrapped index.
    GatherMode componentMode = mode;
    if (mode == GatherMode::Wrap) {
      index = wrapIndex(b, loc, index, indexedDimSizes[k]);
      componentMode = GatherMode::Error;
    }
    if (check && componentMode == GatherMode::Error)
      createOutOfBoundsCheck(b, loc, reporter, index, indexedDimSizes[k],
                             geometry.firstIndexedDim + k, outOfBoundsHandler);
    if (componentMode == GatherMode::Error && readReportedAs)
      componentMode = *readReportedAs;
    ResolvedIndex resolved = resolveIndex(b, loc, componentMode, index,
                                          indexedDimSizes[k], constantIndices);
    result.addresses.push_back(resolved.address);
    result.isValid = createAndOfValid(b, loc, result.isValid, resolved.isValid);
  }
  return result;
}

Value mlir::gather::createNot(OpBuilder &b, Location loc, Value value) {
  // The inverse compare where `value` is one: what canonicalization would
  // make of the xor, and a condition CSE merges with the same compare made
  // elsewhere (an error-mode report's), so that the fix-up loop's report
  // and zeroing become one scf.if (compile time, docs/performance.md).
  if (auto cmp = value.getDefiningOp<arith::CmpIOp>())
    return arith::CmpIOp::create(b, loc,
                                 arith::invertPredicate(cmp.getPredicate()),
                                 cmp.getLhs(), cmp.getRhs());
  return arith::XOrIOp::create(b, loc, value,
                               arith::ConstantIntOp::create(b, loc, 1, 1));
}

void mlir::gather::writeIterationFlag(OpBuilder &b, Location loc,
                                      scf::ForallOp forall,
                                      unsigned sharedIndex, Value flag) {
  Value iv = forall.getInductionVar(0);
  Value flags = forall.getRegionIterArgs()[sharedIndex];
  SmallVector<OpFoldResult> offset{iv}, one{b.getIndexAttr(1)};
  Value own = tensor::ExtractSliceOp::create(b, loc, flags, offset, one, one);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value written = tensor::InsertOp::create(
      b, loc, arith::ExtUIOp::create(b, loc, b.getI8Type(), flag), own,
      ValueRange{zero});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(forall.getTerminator().getBody());
  tensor::ParallelInsertSliceOp::create(b, loc, written, flags, offset, one,
                                        one);
}

Value mlir::gather::createAnyFlagSet(OpBuilder &b, Location loc, Value flags) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value zeroI8 = arith::ConstantIntOp::create(b, loc, 0, 8);
  auto any = scf::ForOp::create(
      b, loc, zero, tensor::DimOp::create(b, loc, flags, 0), one,
      ValueRange{zeroI8},
      [&](OpBuilder &fb, Location fl, Value i, ValueRange acc) {
        Value f = tensor::ExtractOp::create(fb, fl, flags, i);
        scf::YieldOp::create(
            fb, fl, arith::OrIOp::create(fb, fl, acc[0], f).getResult());
      });
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                               any.getResult(0), zeroI8);
}

void mlir::gather::createIndexValidation(
    OpBuilder &b, Location loc, Operation *op, const GatherGeometry &geometry,
    Value indices, ValueRange indexedDimSizes, StringRef outOfBoundsHandler) {
  if (geometry.indexDepth == 0)
    return;
  buildSelectorLoopNest(
      b, loc, geometry, indices, ValueRange(),
      [&](OpBuilder &nb, Location nl, ValueRange selector, ValueRange) {
        GatherMode mode = getGatherMode(op) == GatherMode::Wrap
                              ? GatherMode::Wrap
                              : GatherMode::Error;
        loadAndResolveIndexVector(nb, nl, op, geometry, mode, indices, selector,
                                  indexedDimSizes, /*check=*/true,
                                  outOfBoundsHandler);
        return SmallVector<Value>();
      });
}

SmallVector<Value> mlir::gather::buildSelectorLoopNest(
    OpBuilder &b, Location loc, const GatherGeometry &geometry, Value indices,
    ValueRange iterArgs,
    function_ref<SmallVector<Value>(OpBuilder &, Location, ValueRange,
                                    ValueRange)>
        body) {
  int64_t numLoops = geometry.getNumSelectorDims();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> lbs(numLoops, zero), steps(numLoops, one), ubs;
  for (int64_t i = 0; i < numLoops; ++i)
    ubs.push_back(createDimSize(b, loc, indices, i));
  scf::LoopNest nest = scf::buildLoopNest(
      b, loc, lbs, ubs, steps, iterArgs,
      [&](OpBuilder &nb, Location nl, ValueRange ivs, ValueRange args) {
        return scf::ValueVector(body(nb, nl, ivs, args));
      });
  return SmallVector<Value>(nest.results);
}

//===----------------------------------------------------------------------===//
// Pattern preconditions and results
//===----------------------------------------------------------------------===//

/// True when `value` is defined before `op`: a block argument of a block
/// enclosing it, or the result of an op before it or before the op
/// enclosing it in that op's block.
static bool isDefinedBefore(Value value, Operation *op) {
  Operation *ancestor = value.getParentBlock()->findAncestorOpInBlock(*op);
  if (!ancestor)
    return false;
  Operation *def = value.getDefiningOp();
  return !def || def->isBeforeInBlock(ancestor);
}

/// The `bufferization.materialize_in_destination` that the tensor-form `op`
/// can build its result in instead of a new tensor: the op's one use, either
///  - `... restrict writable` into a buffer: in its block, with nothing
///    between them that touches memory, into a buffer defined before the op
///    whose tensor type is the result type; or
///  - into a tensor of the result type defined before the op (the
///    gather.outlined functions of static gathers end so): the result is
///    built in that tensor, which only its value, not its buffer, may tell
///    apart from a new one (the gather writes every element).
/// Null otherwise.
static bufferization::MaterializeInDestinationOp
getMaterializingUser(Operation *op) {
  if (!op->hasOneUse())
    return {};
  auto user =
      dyn_cast<bufferization::MaterializeInDestinationOp>(*op->user_begin());
  if (!user || user->getBlock() != op->getBlock() ||
      !isDefinedBefore(user.getDest(), op))
    return {};
  Type resultType = op->getResult(0).getType();
  if (isa<TensorType>(user.getDest().getType()))
    return user.getDest().getType() == resultType ? user : nullptr;
  auto destType = dyn_cast<MemRefType>(user.getDest().getType());
  if (!user.getRestrict() || !user.getWritable() || !destType ||
      memref::getTensorTypeFromMemRefType(destType) != resultType)
    return {};
  for (Operation *between = op->getNextNode(); between != user;
       between = between->getNextNode())
    if (!isMemoryEffectFree(between))
      return {};
  return user;
}

/// Reifies the result sizes of `op` into `sizes` and creates a
/// `tensor.empty` of its result type. For the buffer form, the sizes are those
/// of `out` and the result is built in `out` itself: a writable
/// `bufferization.to_tensor ... restrict` view of it (out aliases neither
/// params nor indices, which the lowering reads through their own views).
/// A tensor-form result that is only materialized in a buffer
/// (getMaterializingUser) is built in a writable `restrict` view of that
/// buffer, as upstream's empty tensor elimination would (which replaces one
/// use of a tensor.empty, where the lowering has several), and the
/// materialization, now a copy onto itself that bufferization folds away,
/// is no longer `restrict`; one materialized into a tensor is built in that
/// tensor. As for any materialize_in_destination, the
/// buffer must have the result's shape.
static FailureOr<Value>
createEmptyResult(RewriterBase &b, Operation *op,
                  SmallVectorImpl<OpFoldResult> &sizes) {
  if (Value out = cast<GatherOpInterface>(op).getOut()) {
    sizes.assign(memref::getMixedSizes(b, op->getLoc(), out));
    return bufferization::ToTensorOp::create(
               b, op->getLoc(),
               memref::getTensorTypeFromMemRefType(out.getType()), out,
               /*restrict=*/true, /*writable=*/true)
        .getResult();
  }
  ReifiedRankedShapedTypeDims reified;
  if (failed(reifyResultShapes(b, op, reified)))
    return failure();
  sizes.assign(reified.front());
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  auto materialize = getMaterializingUser(op);
  if (materialize && isa<TensorType>(materialize.getDest().getType()))
    return materialize.getDest();
  if (materialize) {
    b.modifyOpInPlace(materialize, [&] { materialize.setRestrict(false); });
    return bufferization::ToTensorOp::create(b, op->getLoc(), resultType,
                                             materialize.getDest(),
                                             /*restrict=*/true,
                                             /*writable=*/true)
        .getResult();
  }
  SmallVector<Value> dynamicSizes;
  for (auto [i, size] : llvm::enumerate(sizes))
    if (resultType.isDynamicDim(i))
      dynamicSizes.push_back(
          getValueOrCreateConstantIndexOp(b, op->getLoc(), size));
  return tensor::EmptyOp::create(b, op->getLoc(), resultType, dynamicSizes)
      .getResult();
}

//===----------------------------------------------------------------------===//
// Run-time shape agreement
//===----------------------------------------------------------------------===//

/// Returns the sizes of each result dimension of `op` that must agree, from
/// params, indices and the result (type, or `out` for the buffer form), as
/// `b` builds them (tensor.dim or memref.dim where dynamic). Without a
/// builder, only the static facts are used (null values stand for dynamic
/// sizes).
static SmallVector<ResultDimSource>
getResultDimSources(OpBuilder *b, Location loc, GatherOpInterface op,
                    Value params, Value indices) {
  GatherGeometry g = GatherGeometry::get(op);
  Value out = op.getOut();
  auto resultType = out ? cast<ShapedType>(out.getType())
                        : cast<ShapedType>(op->getResult(0).getType());
  auto sizeOf = [&](Value shaped, ShapedType type, int64_t dim) {
    if (!type.isDynamicDim(dim) || !b)
      return type.isDynamicDim(dim)
                 ? OpFoldResult()
                 : OpFoldResult(IntegerAttr::get(
                       IndexType::get(op->getContext()), type.getDimSize(dim)));
    return OpFoldResult(createDimSize(*b, loc, shaped, dim));
  };
  SmallVector<ResultDimSource> sources;
  for (int64_t r = 0; r < g.resultRank; ++r) {
    SmallVector<std::pair<OpFoldResult, bool>> sizes;
    if (std::optional<int64_t> p = g.getParamsDimOfResultDim(r))
      sizes.push_back({sizeOf(params, op.getParamsType(), *p),
                       op.getParamsType().isDynamicDim(*p)});
    if (std::optional<int64_t> q = g.getIndicesDimOfResultDim(r))
      sizes.push_back({sizeOf(indices, op.getIndicesType(), *q),
                       op.getIndicesType().isDynamicDim(*q)});
    // Static sizes agree (the verifier); a dynamic result size of the
    // tensor form is the one the operands give.
    if (out || !resultType.isDynamicDim(r))
      sizes.push_back(
          {sizeOf(out, resultType, r), resultType.isDynamicDim(r)});
    for (size_t i = 1; i < sizes.size(); ++i)
      if (sizes[0].second || sizes[i].second)
        sources.push_back({r, sizes[0].first, sizes[i].first});
  }
  return sources;
}

bool mlir::gather::needsRunTimeShapeChecks(GatherOpInterface op) {
  return !getResultDimSources(nullptr, op.getLoc(), op, Value(), Value())
              .empty();
}

Value mlir::gather::createShapeAgreementCheck(
    OpBuilder &b, Location loc, GatherOpInterface op, Value params,
    Value indices, StringRef handler) {
  SmallVector<ResultDimSource> sources =
      getResultDimSources(&b, loc, op, params, indices);
  if (sources.empty())
    return Value();
  Value anyMismatch;
  SmallVector<Value> mismatches;
  for (const ResultDimSource &source : sources) {
    Value mismatch = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne,
        getValueOrCreateConstantIndexOp(b, loc, source.found),
        getValueOrCreateConstantIndexOp(b, loc, source.expected));
    mismatches.push_back(mismatch);
    anyMismatch = anyMismatch
                      ? arith::OrIOp::create(b, loc, anyMismatch, mismatch)
                      : mismatch;
  }
  scf::IfOp::create(b, loc, anyMismatch, [&](OpBuilder &tb, Location tl) {
    for (auto [i, mismatch] : llvm::enumerate(mismatches)) {
      const ResultDimSource &source = sources[i];
      scf::IfOp::create(tb, tl, mismatch, [&](OpBuilder &rb, Location rl) {
        createOutOfBoundsReport(
            rb, rl, op.getOperation(),
            getValueOrCreateConstantIndexOp(rb, rl, source.found),
            getValueOrCreateConstantIndexOp(rb, rl, source.expected),
            -1 - source.resultDim, handler);
        scf::YieldOp::create(rb, rl);
      });
    }
    scf::YieldOp::create(tb, tl);
  });
  return anyMismatch;
}

/// Declares the handler error-mode `op` reports to in its symbol table
/// (declareOutOfBoundsHandler), reporting a match failure where it cannot.
static LogicalResult prepareOutOfBoundsHandler(RewriterBase &rewriter,
                                               Operation *op,
                                               StringRef handlerName) {
  if (!op->getContext()->getLoadedDialect<LLVM::LLVMDialect>())
    return rewriter.notifyMatchFailure(
        op, "error-mode checks need the llvm dialect to be loaded");
  // Declared once for all ops (a lookup walks the whole symbol table).
  if (hasOutOfBoundsReportSymbols(op))
    return success();
  Operation *symbolTable = SymbolTable::getNearestSymbolTable(op);
  if (!symbolTable)
    return rewriter.notifyMatchFailure(
        op, "error-mode checks need a symbol table for their handler");
  if (failed(declareOutOfBoundsHandler(rewriter, symbolTable, handlerName)))
    return rewriter.notifyMatchFailure(op, [&](Diagnostic &diag) {
      diag << "cannot declare the out-of-bounds handler @" << handlerName;
    });
  return success();
}

FailureOr<TensorGatherLowering>
mlir::gather::prepareTensorLowering(RewriterBase &rewriter, Operation *op,
                                    Value params,
                                    StringRef outOfBoundsHandler) {
  TensorGatherLowering lowering;
  lowering.geometry = GatherGeometry::get(op);
  lowering.mode = getGatherMode(op);
  lowering.outOfBoundsHandler = outOfBoundsHandler.str();
  auto paramsType = cast<ShapedType>(params.getType());
  if (mayProduceZeroSlices(lowering.geometry, lowering.mode, paramsType)) {
    lowering.zero = getZeroAttr(paramsType.getElementType());
    if (!lowering.zero)
      return rewriter.notifyMatchFailure(
          op, "out-of-bounds slices need a zero of the element type");
  }
  if (reportsOutOfBounds(op)) {
    lowering.zero = getZeroAttr(paramsType.getElementType());
    if (failed(prepareOutOfBoundsHandler(rewriter, op, outOfBoundsHandler)))
      return failure();
  }
  lowering.indexedSizes =
      createIndexedDimSizes(rewriter, op->getLoc(), lowering.geometry, params);
  FailureOr<Value> init = createEmptyResult(rewriter, op, lowering.resultSizes);
  if (failed(init))
    return rewriter.notifyMatchFailure(op, "cannot reify the result shape");
  lowering.init = *init;
  lowering.isStaticallyEmpty =
      llvm::any_of(lowering.resultSizes, [](OpFoldResult size) {
        return isConstantIntValue(size, 0);
      });
  return lowering;
}

Value TensorGatherPattern::lowerWithShapeChecks(
    OpBuilder &b, GatherOpInterface op, Value params, Value indices,
    const TensorGatherLowering &lowering) const {
  Location loc = op.getLoc();
  Value mismatch = createShapeAgreementCheck(b, loc, op, params, indices,
                                             outOfBoundsHandler);
  if (!mismatch)
    return lowerFn(b, op, params, indices, lowering);
  // After a handler that returns, nothing is read: the result is zeros
  // (where the element type has one).
  auto ifOp = scf::IfOp::create(
      b, loc, mismatch,
      [&](OpBuilder &tb, Location tl) {
        Value result = lowering.init;
        if (lowering.zero)
          result = linalg::FillOp::create(
                       tb, tl, createConstant(tb, tl, lowering.zero), result)
                       .getResult(0);
        scf::YieldOp::create(tb, tl, result);
      },
      [&](OpBuilder &eb, Location el) {
        scf::YieldOp::create(eb, el,
                             lowerFn(eb, op, params, indices, lowering));
      });
  return ifOp.getResult(0);
}

LogicalResult TensorGatherPattern::matchAndRewrite(
    GatherOpInterface op, ArrayRef<Value> operands,
    ConversionPatternRewriter &rewriter) const {
  // Operands in ODS order: params, indices (, out).
  Value params = operands[0], indices = operands[1];
  FailureOr<TensorGatherLowering> lowering =
      prepareTensorLowering(rewriter, op, params, outOfBoundsHandler);
  if (failed(lowering))
    return failure();
  bool buffer = op.hasBufferSemantics();
  if (buffer) {
    // Read-only views: the lowering reads them as tensors.
    auto view = [&](Value memref) -> Value {
      return bufferization::ToTensorOp::create(
          rewriter, op.getLoc(),
          memref::getTensorTypeFromMemRefType(memref.getType()), memref,
          /*restrict=*/true, /*writable=*/false);
    };
    params = view(params);
    indices = view(indices);
  }
  Value result = lowering->isStaticallyEmpty
                     ? lowering->init
                     : lowerWithShapeChecks(rewriter, op, params, indices,
                                            *lowering);
  if (!buffer) {
    // Built in the destination of a materialization into a tensor: the
    // materialization is the result itself (it would copy the result onto
    // the buffer it is in, and One-Shot Analysis takes the loop's update of
    // the destination for a conflict with that copy).
    auto materialize = getMaterializingUser(op);
    rewriter.replaceOp(op, result);
    if (materialize && materialize.getDest() == lowering->init)
      rewriter.replaceOp(materialize, result);
    return success();
  }
  // The result was built in `out` (its init); this copy into `out` is a copy
  // onto itself that bufferization and canonicalization fold away, unless
  // bufferization had to build the result elsewhere.
  bufferization::MaterializeInDestinationOp::create(
      rewriter, op.getLoc(), TypeRange(), result, operands[2],
      /*restrict=*/false, /*writable=*/true);
  rewriter.eraseOp(op);
  return success();
}

LogicalResult mlir::gather::checkNoTensorEncodings(GatherOpInterface op) {
  auto check = [&](Value value, StringRef name) -> LogicalResult {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || !type.getEncoding())
      return success();
    return op->emitOpError()
           << name << " has the encoding " << type.getEncoding()
           << ", which the gather lowerings do not support: they read "
              "tensors as dense buffers (convert it to a dense tensor first)";
  };
  if (failed(check(op.getParams(), "params")) ||
      failed(check(op.getIndices(), "indices")))
    return failure();
  for (Value result : op->getResults())
    if (failed(check(result, "the result")))
      return failure();
  return success();
}

LogicalResult
mlir::gather::lowerGatherOps(Operation *root,
                             function_ref<void(RewritePatternSet &)> populate,
                             StringRef outOfBoundsHandler) {
  if (root->walk([](GatherOpInterface op) {
            return failed(checkNoTensorEncodings(op)) ? WalkResult::interrupt()
                                                      : WalkResult::advance();
          })
          .wasInterrupted())
    return failure();
  if (failed(declareOutOfBoundsHandlersIfNeeded(root, outOfBoundsHandler)))
    return failure();
  MLIRContext *ctx = root->getContext();
  RewritePatternSet patterns(ctx);
  populate(patterns);
  ConversionTarget target(*ctx);
  target.addIllegalOp<GatherOp, GatherNdOp>();
  // createConstant's casts to integers with signedness.
  target.addLegalOp<FixOutOfBoundsOp, UnrealizedConversionCastOp>();
  target.addLegalDialect<arith::ArithDialect,
                         bufferization::BufferizationDialect, func::FuncDialect,
                         linalg::LinalgDialect, LLVM::LLVMDialect,
                         memref::MemRefDialect, scf::SCFDialect,
                         tensor::TensorDialect, vector::VectorDialect>();
  return applyPartialConversion(root, target, std::move(patterns));
}

Value mlir::gather::createAnyIsZero(OpBuilder &b, Location loc,
                                    ArrayRef<OpFoldResult> sizes,
                                    bool &knownZero) {
  knownZero = false;
  Value anyZero;
  for (OpFoldResult size : sizes) {
    if (std::optional<int64_t> staticSize = getConstantIntValue(size)) {
      knownZero |= *staticSize == 0;
      continue;
    }
    Value zeroIndex = arith::ConstantIndexOp::create(b, loc, 0);
    Value isZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                         cast<Value>(size), zeroIndex);
    anyZero = anyZero ? arith::OrIOp::create(b, loc, anyZero, isZero) : isZero;
  }
  return anyZero;
}

Value mlir::gather::createGuardForEmptyDims(
    OpBuilder &b, Location loc, ValueRange dimSizes, TypedAttr zero, Value init,
    function_ref<Value(OpBuilder &, Location)> buildGather,
    function_ref<void(OpBuilder &, Location)> onEmpty) {
  auto buildZeros = [&](OpBuilder &zb, Location zl) -> Value {
    if (onEmpty)
      onEmpty(zb, zl);
    if (!zero)
      return init;
    Value zeroValue = createConstant(zb, zl, zero);
    return linalg::FillOp::create(zb, zl, zeroValue, init).getResult(0);
  };
  bool knownEmpty;
  Value anyEmpty =
      createAnyIsZero(b, loc, getAsOpFoldResult(dimSizes), knownEmpty);
  if (knownEmpty)
    return buildZeros(b, loc);
  if (!anyEmpty)
    return buildGather(b, loc);
  auto ifOp = scf::IfOp::create(
      b, loc, anyEmpty,
      [&](OpBuilder &tb, Location tl) {
        scf::YieldOp::create(tb, tl, buildZeros(tb, tl));
      },
      [&](OpBuilder &eb, Location el) {
        scf::YieldOp::create(eb, el, buildGather(eb, el));
      });
  return ifOp.getResult(0);
}

Value mlir::gather::createUnlessResultEmpty(
    OpBuilder &b, Location loc, const TensorGatherLowering &lowering,
    function_ref<Value(OpBuilder &, Location)> buildGather) {
  bool knownEmpty;
  Value isEmpty = createAnyIsZero(b, loc, lowering.resultSizes, knownEmpty);
  if (knownEmpty)
    return lowering.init;
  if (!isEmpty)
    return buildGather(b, loc);
  auto ifOp = scf::IfOp::create(
      b, loc, isEmpty,
      [&](OpBuilder &tb, Location tl) {
        scf::YieldOp::create(tb, tl, lowering.init);
      },
      [&](OpBuilder &eb, Location el) {
        scf::YieldOp::create(eb, el, buildGather(eb, el));
      });
  return ifOp.getResult(0);
}
