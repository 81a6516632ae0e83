//===- GatherToSCF.cpp - lower gather ops to scf loops on tensors ---------===//
//
// Part of the gather project.
//
// Each gather becomes an scf.for nest on tensors over the result dimensions
// before the trailing slice, in result order (batch, outer = params
// dimensions before the axis, index positions), carrying the result in
// iter_args. Each iteration reads its index components once and copies the
// trailing slice they select (the params dimensions after the addressed
// ones, contiguous in both tensors) with tensor.extract_slice +
// tensor.insert_slice, or one element with tensor.extract + tensor.insert:
//
//   params[batch, outer, k_0..k_{d-1}, :]  ->  result[batch, outer, pos, :]
//
// so that after bufferization every copy is a contiguous memref.copy (an
// inline memcpy for static sizes) or a scalar load/store.
//
// What to emit is decided first, per op, in a LoweringPlan (LoweringPlan.h:
// where indices are checked, chunks, threads, prefetches; from the geometry,
// the options and the target description); the LoopEmitter below builds it.
// Checks (IndexChecks.h) are or-reductions ahead of the copies, so that the
// copy loops carry no branch: a chunk (or the whole gather) whose indices are
// all good is copied unchecked, any other is copied resolving each index by
// the mode. Reporting modes (error, wrap) first report each bad index to the
// out-of-bounds handler; if the handler returns, a reported index reads as
// zero mode would (clamp mode for element types without a zero), so the
// result is defined and nothing outside params is read.
//
//===----------------------------------------------------------------------===//

#include "gather/Conversion/GatherToSCF/GatherToSCF.h"
#include "FixUpFunctions.h"
#include "IndexChecks.h"
#include "LoweringPlan.h"
#include "OffsetVectors.h"
#include "gather/Conversion/GatherCommon/GatherLoweringUtils.h"
#include "gather/Conversion/Passes.h"
#include "gather/Dialect/Gather/IR/GatherOps.h"
#include "gather/Transforms/StreamStores.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/SaveAndRestore.h"

#define DEBUG_TYPE "gather-to-scf"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_CONVERTGATHERTOSCFPASS
#include "gather/Conversion/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;
using namespace mlir::gather;

/// Returns the reassociation that collapses a slice of rank `rank` to its
/// dimensions `keptDims` (sorted): each other (unit) dimension joins the
/// group of the kept dimension before it, or the first group.
static SmallVector<ReassociationIndices>
getUnitDimReassociation(int64_t rank, ArrayRef<int64_t> keptDims) {
  // No kept dimension: all are unit dimensions, collapsed to rank 0.
  if (keptDims.empty())
    return {};
  SmallVector<ReassociationIndices> groups(keptDims.size());
  size_t group = 0;
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (group + 1 < keptDims.size() && dim == keptDims[group + 1])
      ++group;
    groups[group].push_back(dim);
  }
  return groups;
}

/// Returns a ranked tensor type with the static sizes among `sizes`.
static RankedTensorType getTensorType(ArrayRef<OpFoldResult> sizes,
                                      Type elementType) {
  SmallVector<int64_t> shape;
  SmallVector<Value> dynamicSizes;
  dispatchIndexOpFoldResults(sizes, dynamicSizes, shape);
  return RankedTensorType::get(shape, elementType);
}

/// Static rows of at most this many cache lines are prefetched without a
/// loop.
static constexpr int64_t kMaxUnrolledPrefetches = 4;
/// The copies of one iteration of Checks::Branching's copy loop after
/// LLVM's unrolling: as many as it unrolls the unchecked copy loop to on
/// x86 (annotateBranchingCopyLoop).
static constexpr int64_t kBranchingCopiesUnroll = 16;

namespace {

/// How a copy reads its index: as the plan's uncheckedMode (its chunk was
/// checked good) or its resolvingMode. AfterReport copies resolve too, but
/// run only after a handler returned from a report: no prefetch there, the
/// path is rare and its code is better small. ReportAndResolve copies run
/// where a chunk was found bad and report each bad index themselves (in
/// index order, as a separate report loop would) before resolving it.
enum class CopyKind {
  Unchecked,
  Resolving,
  AfterReport,
  ReportAndResolve,
  /// Reads the slice at the resolved address (in bounds, not checked) with
  /// no branch; the caller or-reduces whether the index was bad.
  Flagging,
  /// After flagging copies (slices only): reports a bad index and zeroes
  /// its slot; copies nothing.
  ReportAndZero
};

/// Maps loop coordinates to the coordinates of the copy in the tensor it is
/// inserted into (the result, or one thread's slot of it).
using ToResultFn =
    function_ref<SmallVector<Value>(OpBuilder &, Location, ValueRange)>;

/// The ToResultFn of copies into the result itself: the loop coordinates.
static SmallVector<Value> getLoopCoords(OpBuilder &, Location,
                                        ValueRange loopIvs) {
  return SmallVector<Value>(loopIvs);
}

/// Checks and copies one chunk of positions (of a loop of the given size),
/// carrying the given values; returns the next ones.
using ChunkBodyFn = function_ref<SmallVector<Value>(
    OpBuilder &, Location, const IndexChunk &, Value, ValueRange)>;

/// Builds the innermost position loop at the given outer coordinates (and
/// size), carrying the given values; returns their final values.
using PositionLoopFn = function_ref<SmallVector<Value>(
    OpBuilder &, Location, ValueRange, Value, ValueRange)>;

/// The slot of the result one iteration of a chunk forall fills: offsets,
/// sizes and unit strides, and the range [lo, hi) of loop `split` it covers
/// (hi is null when the iteration covers one coordinate of that loop).
struct ChunkSlot {
  SmallVector<OpFoldResult> offsets, sizes, strides;
  Value lo, hi;
};

/// Builds the loops of one gather op as its LoweringPlan says.
class LoopEmitter {
public:
  LoopEmitter(Operation *op, Value params, Value indices,
              const TensorGatherLowering &lowering, const LoweringPlan &plan);

  /// Builds the lowering at `b`'s insertion point; returns the result.
  Value emit(OpBuilder &b);
  /// Where set, flagged copies are fixed up by a shared function
  /// (GatherToSCFLoweringOptions::fixUpFunctions).
  void setFixUpFunctions(FixUpFunctionCache *cache) { fixUps = cache; }

private:
  Value emitLoops(OpBuilder &b, Location loc);
  Value emitPerCopy(OpBuilder &b, Location loc);
  Value emitFlagged(OpBuilder &b, Location loc);
  Value emitFixUpCall(OpBuilder &b, Location loc, Value copied, Value bad);
  Value emitUpFront(OpBuilder &b, Location loc);
  Value emitBranching(OpBuilder &b, Location loc);
  SmallVector<Value> emitBranchingCopies(OpBuilder &b, Location loc,
                                         ValueRange outerIvs, Value ub,
                                         ValueRange args);
  SmallVector<Value> emitBranchingCopy(OpBuilder &b, Location loc,
                                       ValueRange ivs, ArrayRef<Value> bad,
                                       ValueRange args);
  Value emitSequentialChunks(OpBuilder &b, Location loc);
  Value emitParallelChunks(OpBuilder &b, Location loc);
  std::pair<Value, Value> emitChunkForall(OpBuilder &b, Location loc,
                                          ValueRange outerIvs, Value acc,
                                          Value mustCheck);
  scf::ForallOp createChunkForall(OpBuilder &b, Location loc,
                                  OpFoldResult count, Value acc);
  std::pair<Value, Value> finishChunkForall(OpBuilder &b, Location loc,
                                            scf::ForallOp forall,
                                            ArrayRef<Value> filled,
                                            const ChunkSlot &slotOf);
  bool flagsBadChunks() const {
    return plan.reports || plan.checkRepeatedIndicesOnce;
  }
  Value createMustCheck(OpBuilder &b, Location loc, ValueRange outerIvs,
                        Value anyBad);
  Value emitChunkCheck(OpBuilder &b, Location loc, const IndexChunk &chunk,
                       Value mustCheck);
  ChunkSlot getChunkSlot(OpBuilder &b, Location loc, Value iv,
                         ValueRange outerIvs, int64_t split, Value chunkSize,
                         Value splitSize);
  OpFoldResult getParallelIterations(OpBuilder &b, Location loc,
                                     Value chunkSize, int64_t split);
  Value emitForallOverOutermost(OpBuilder &b, Location loc, CopyKind kind);

  // Loop nests.
  Value buildCopyNest(OpBuilder &b, Location loc, Value lb0, Value ub0,
                      Value acc, CopyKind kind);
  void getLoopBounds(OpBuilder &b, Location loc, SmallVectorImpl<Value> &lbs,
                     SmallVectorImpl<Value> &ubs, SmallVectorImpl<Value> &steps);
  std::pair<Value, Value> buildFlaggingCopyNest(OpBuilder &b, Location loc);
  SmallVector<Value> buildPositionLoopNest(OpBuilder &b, Location loc,
                                           ValueRange leadingIvs,
                                           ValueRange inits,
                                           PositionLoopFn positionLoop);
  SmallVector<Value> buildChunkedNest(OpBuilder &b, Location loc,
                                      ValueRange leadingIvs, ValueRange inits,
                                      ChunkBodyFn body);
  SmallVector<Value> buildChunkLoop(OpBuilder &b, Location loc,
                                    ValueRange outerIvs, Value lo, Value ub,
                                    ValueRange inits, ChunkBodyFn body);
  SmallVector<Value> emitRevisitedPositions(OpBuilder &b, Location loc,
                                            ValueRange outerIvs, Value ub,
                                            ValueRange args, ChunkBodyFn body);

  // Chunks.
  SmallVector<Value> buildSubChunks(OpBuilder &b, Location loc,
                                    const IndexChunk &chunk, Value ub,
                                    ValueRange inits, ChunkBodyFn body);
  Value emitChunkCopies(OpBuilder &b, Location loc, const IndexChunk &chunk,
                        Value acc, ToResultFn toResult, CopyKind kind,
                        bool streamStores = false);
  Value createIsDenseChunk(OpBuilder &b, Location loc, const IndexChunk &chunk);
  Value emitSplitChunkCopies(OpBuilder &b, Location loc, Value bad,
                             const IndexChunk &chunk, Value ub, Value acc,
                             ToResultFn toResult, CopyKind badKind);

  // Copies through offsets (LoweringPlan::copyThroughOffsets).
  void createOffsetsViews(OpBuilder &b, Location loc);
  Value emitOffsetVectorPositions(OpBuilder &b, Location loc,
                                  ValueRange outerIvs, Value ub, Value acc,
                                  CopyKind badKind);
  OffsetVectorGroups createGroupsAt(OpBuilder &b, Location loc,
                                    ValueRange outerIvs,
                                    const ComponentRun &run, Value zero);
  Value emitOffsetVectorCopies(OpBuilder &b, Location loc, ValueRange outerIvs,
                               Value lo, Value offsets, Value bad, Value acc,
                               CopyKind badKind);

  // One copy.
  Value emitCopy(OpBuilder &b, Location loc, ValueRange ivs,
                 ValueRange resultIvs, Value acc, CopyKind kind,
                 Value *validOut = nullptr);
  Value emitZeroSlot(OpBuilder &b, Location loc,
                     ArrayRef<OpFoldResult> resultOffsets, Value acc);
  Value emitZeroSlotIfInvalid(OpBuilder &b, Location loc,
                              ArrayRef<OpFoldResult> resultOffsets,
                              Value isValid, Value acc);
  Value emitSliceCopy(OpBuilder &b, Location loc,
                      ArrayRef<OpFoldResult> paramsOffsets,
                      ArrayRef<OpFoldResult> resultOffsets, Value isValid,
                      Value acc);
  void emitSlicePrefetch(OpBuilder &b, Location loc, ValueRange loopIvs);
  void emitSlicePrefetchAt(OpBuilder &b, Location loc, ValueRange loopIvs,
                           Value distance);
  Value createRunTimePrefetchDistance(OpBuilder &b, Location loc);
  void annotateCopyLoop(Operation *loop);
  void emitIndicesPrefetch(OpBuilder &b, Location loc, ValueRange outerIvs,
                           Value lo, Value hi);

  /// The kind of the copies after a check found a bad index: in reporting
  /// modes they run only after the handler returned.
  CopyKind getSplitResolvingKind() const {
    return plan.reports ? CopyKind::AfterReport : CopyKind::Resolving;
  }

  Value getSize(OpBuilder &b, Location loc, int64_t dim) {
    return getValueOrCreateConstantIndexOp(b, loc, sizes[dim]);
  }

  Operation *op;
  Value params, indices;
  const TensorGatherLowering &lowering;
  const LoweringPlan &plan;
  const GatherGeometry &g;
  Location loc;
  ArrayRef<OpFoldResult> sizes;
  ArrayRef<Value> indexedSizes;
  Type elementType;
  int64_t paramsRank, addressedEnd;
  /// The shape of one copied slice in params and in the result, both at
  /// full rank (unit dimensions for the loops).
  SmallVector<OpFoldResult> paramsSliceSizes, resultSlotSizes;
  /// Whether copies prefetch slices ahead (plan.slicePrefetchDistance);
  /// off while the copies of a dense chunk are emitted where the plan says
  /// (LoweringPlan::prefetchDenseChunks).
  bool prefetchSlices = true;
  /// Read-only views of params and indices to prefetch from, or null.
  Value paramsBuffer, indicesBuffer;
  /// With copyThroughOffsets: params as one dimension from its first
  /// element, and the strides of params.
  Value flatParams;
  SmallVector<Value> paramsStrides;
  FixUpFunctionCache *fixUps = nullptr;
};

} // namespace

LoopEmitter::LoopEmitter(Operation *op, Value params, Value indices,
                         const TensorGatherLowering &lowering,
                         const LoweringPlan &plan)
    : op(op), params(params), indices(indices), lowering(lowering), plan(plan),
      g(lowering.geometry), loc(op->getLoc()), sizes(lowering.resultSizes),
      indexedSizes(lowering.indexedSizes) {
  elementType = cast<ShapedType>(lowering.init.getType()).getElementType();
  paramsRank = cast<ShapedType>(params.getType()).getRank();
  addressedEnd = g.firstIndexedDim + g.indexDepth;
  Builder b(op->getContext());
  resultSlotSizes.assign(sizes.begin(), sizes.end());
  for (int64_t i = 0; i < plan.numLoops; ++i)
    resultSlotSizes[i] = b.getIndexAttr(1);
  paramsSliceSizes.assign(addressedEnd, b.getIndexAttr(1));
  llvm::append_range(paramsSliceSizes, ArrayRef<OpFoldResult>(resultSlotSizes)
                                           .drop_front(plan.numLoops));
}

Value LoopEmitter::emitCopy(OpBuilder &b, Location l, ValueRange ivs,
                            ValueRange resultIvs, Value acc, CopyKind kind,
                            Value *validOut) {
  bool rare = kind == CopyKind::AfterReport ||
              kind == CopyKind::ReportAndResolve ||
              kind == CopyKind::ReportAndZero;
  if (paramsBuffer && !rare && prefetchSlices)
    emitSlicePrefetch(b, l, ivs);
  bool unchecked = kind == CopyKind::Unchecked;
  assert((kind == CopyKind::Flagging) == bool(validOut) &&
         "a flagging copy, and only one, returns its validity");
  ResolvedIndexVector resolved = loadAndResolveIndexVector(
      b, l, op, g, unchecked ? plan.uncheckedMode : plan.resolvingMode,
      indices, g.getSelectorOfResultCoords(ivs), indexedSizes,
      /*check=*/plan.reports && (kind == CopyKind::ReportAndResolve ||
                                 kind == CopyKind::ReportAndZero),
      lowering.outOfBoundsHandler,
      unchecked ? std::nullopt : plan.readReportedAs);
  SmallVector<OpFoldResult> paramsOffsets(ivs.begin(),
                                          ivs.begin() + g.firstIndexedDim);
  llvm::append_range(paramsOffsets,
                     getAsOpFoldResult(SmallVector<Value>(resolved.addresses)));
  paramsOffsets.append(paramsRank - addressedEnd, b.getIndexAttr(0));
  SmallVector<OpFoldResult> resultOffsets =
      getAsOpFoldResult(SmallVector<Value>(resultIvs));
  resultOffsets.append(g.resultRank - plan.numLoops, b.getIndexAttr(0));
  // A flagging copy reads its slice whatever the index (0 for a bad one).
  Value isValid = resolved.isValid;
  if (kind == CopyKind::Flagging) {
    *validOut = isValid;
    isValid = Value();
  }
  if (kind == CopyKind::ReportAndZero)
    return emitZeroSlotIfInvalid(b, l, resultOffsets, isValid, acc);
  if (!plan.scalarCopies)
    return emitSliceCopy(b, l, paramsOffsets, resultOffsets, isValid, acc);
  // A select, not a branch, keeps the loop vectorizable.
  Value value = tensor::ExtractOp::create(
      b, l, params, getValueOrCreateConstantIndexOp(b, l, paramsOffsets));
  if (isValid)
    value = arith::SelectOp::create(b, l, isValid, value,
                                    createConstant(b, l, lowering.zero));
  return tensor::InsertOp::create(
      b, l, value, acc, getValueOrCreateConstantIndexOp(b, l, resultOffsets));
}

/// Zeroes the slot of `acc` at `resultOffsets` where it lies in the result,
/// element by element in loops over its dimensions that are not 1: no zero
/// slice is materialized, and nothing is left for linalg-to-loops (a pass
/// over the whole module: compile time, bench/compile_time.py). A tensor
/// constant of zeros, inserted whole, is shared by every gather of a
/// function after canonicalization, and One-Shot Analysis then compares each
/// of its uses with all the others (quadratic in the gathers).
Value LoopEmitter::emitZeroSlot(OpBuilder &b, Location l,
                                ArrayRef<OpFoldResult> resultOffsets,
                                Value acc) {
  Value zero = createConstant(b, l, lowering.zero);
  Value c0 = arith::ConstantIndexOp::create(b, l, 0);
  Value c1 = arith::ConstantIndexOp::create(b, l, 1);
  SmallVector<int64_t> loopDims;
  SmallVector<Value> ubs;
  for (auto [dim, size] : llvm::enumerate(resultSlotSizes)) {
    if (isConstantIntValue(size, 1))
      continue;
    loopDims.push_back(dim);
    ubs.push_back(getValueOrCreateConstantIndexOp(b, l, size));
  }
  SmallVector<Value> lbs(ubs.size(), c0), steps(ubs.size(), c1);
  scf::LoopNest nest = scf::buildLoopNest(
      b, l, lbs, ubs, steps, acc,
      [&](OpBuilder &nb, Location nl, ValueRange ivs, ValueRange iterArgs) {
        SmallVector<Value> coords;
        for (OpFoldResult offset : resultOffsets)
          coords.push_back(getValueOrCreateConstantIndexOp(nb, nl, offset));
        for (auto [dim, iv] : llvm::zip_equal(loopDims, ivs))
          coords[dim] = isConstantIntValue(resultOffsets[dim], 0)
                            ? iv
                            : arith::AddIOp::create(nb, nl, coords[dim], iv);
        return scf::ValueVector{
            tensor::InsertOp::create(nb, nl, zero, iterArgs[0], coords)};
      });
  return nest.results.front();
}

/// Zeroes the slot of `acc` at `resultOffsets` where `isValid` is false
/// (ReportAndZero copies).
Value LoopEmitter::emitZeroSlotIfInvalid(OpBuilder &b, Location l,
                                         ArrayRef<OpFoldResult> resultOffsets,
                                         Value isValid, Value acc) {
  assert(isValid && lowering.zero && "a zero-reading resolution");
  auto ifOp = scf::IfOp::create(
      b, l, createNot(b, l, isValid),
      [&](OpBuilder &tb, Location tl) {
        scf::YieldOp::create(tb, tl, emitZeroSlot(tb, tl, resultOffsets, acc));
      },
      [&](OpBuilder &eb, Location el) { scf::YieldOp::create(eb, el, acc); });
  return ifOp.getResult(0);
}

/// Copies the slice at `paramsOffsets` into `acc` at `resultOffsets`, or
/// where `isValid` (if any) is false, zeroes that slot of `acc` in place.
/// Slices are taken and inserted at full rank and reshaped in between with
/// explicit reassociations: a rank-reducing slice would leave it to
/// inference which unit dimensions are dropped.
Value LoopEmitter::emitSliceCopy(OpBuilder &b, Location l,
                                 ArrayRef<OpFoldResult> paramsOffsets,
                                 ArrayRef<OpFoldResult> resultOffsets,
                                 Value isValid, Value acc) {
  SmallVector<OpFoldResult> resultStrides(g.resultRank, b.getIndexAttr(1));
  auto insert = [&](OpBuilder &ib, Location il, Value slice) -> Value {
    return tensor::InsertSliceOp::create(ib, il, slice, acc, resultOffsets,
                                         resultSlotSizes, resultStrides);
  };
  auto copySlice = [&](OpBuilder &cb, Location cl) -> Value {
    SmallVector<OpFoldResult> strides(paramsRank, cb.getIndexAttr(1));
    Value slice = tensor::ExtractSliceOp::create(
        cb, cl, getTensorType(paramsSliceSizes, elementType), params,
        paramsOffsets, paramsSliceSizes, strides);
    int64_t numKept = paramsRank - addressedEnd;
    if (paramsRank == g.resultRank && addressedEnd == plan.numLoops)
      return insert(cb, cl, slice);
    if (numKept != paramsRank)
      slice = tensor::CollapseShapeOp::create(
          cb, cl, slice,
          getUnitDimReassociation(
              paramsRank,
              llvm::to_vector(llvm::seq<int64_t>(addressedEnd, paramsRank))));
    if (numKept != g.resultRank)
      slice = tensor::ExpandShapeOp::create(
          cb, cl, getTensorType(resultSlotSizes, elementType), slice,
          getUnitDimReassociation(g.resultRank,
                                  llvm::to_vector(llvm::seq<int64_t>(
                                      plan.numLoops, g.resultRank))),
          resultSlotSizes);
    return insert(cb, cl, slice);
  };
  if (!isValid)
    return copySlice(b, l);
  auto ifOp = scf::IfOp::create(
      b, l, isValid,
      [&](OpBuilder &tb, Location tl) {
        scf::YieldOp::create(tb, tl, copySlice(tb, tl));
      },
      [&](OpBuilder &eb, Location el) {
        scf::YieldOp::create(eb, el, emitZeroSlot(eb, el, resultOffsets, acc));
      });
  return ifOp.getResult(0);
}

/// Prefetches the params slice selected by the index plan.slicePrefetchDistance
/// positions ahead along the innermost position loop (clamped into the
/// indices and params): every cache line of the first 4 KiB of a slice of
/// rank 1, the first line of others. `loopIvs` are the loop coordinates.
void LoopEmitter::emitSlicePrefetch(OpBuilder &b, Location l,
                                    ValueRange loopIvs) {
  if (!plan.slicePrefetchAtRunTime)
    return emitSlicePrefetchAt(
        b, l, loopIvs,
        arith::ConstantIndexOp::create(b, l, plan.slicePrefetchDistance));
  // Loop-invariant: the branch goes the same way for every copy.
  Value distance = createRunTimePrefetchDistance(b, l);
  Value prefetches =
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, distance,
                            arith::ConstantIndexOp::create(b, l, 0));
  scf::IfOp::create(b, l, prefetches, [&](OpBuilder &tb, Location tl) {
    emitSlicePrefetchAt(tb, tl, loopIvs, distance);
    scf::YieldOp::create(tb, tl);
  });
}

/// The distance of the slice prefetches when the slice size is only known
/// at run time: getSlicePrefetchDistance's rules for static sizes
/// (CPUTargetDescription), applied to the sizes of the params buffer.
Value LoopEmitter::createRunTimePrefetchDistance(OpBuilder &b, Location l) {
  const CPUTargetDescription &target = plan.target;
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(b, l, value);
  };
  Value sliceBytes = constant(plan.elementBytes);
  Value paramsBytes = sliceBytes;
  for (int64_t dim = 0; dim < paramsRank; ++dim) {
    Value size = memref::DimOp::create(b, l, paramsBuffer, dim);
    paramsBytes = arith::MulIOp::create(b, l, paramsBytes, size);
    if (dim >= addressedEnd)
      sliceBytes = arith::MulIOp::create(b, l, sliceBytes, size);
  }
  using Predicate = arith::CmpIPredicate;
  Value beyondL2 = arith::CmpIOp::create(b, l, Predicate::ugt, paramsBytes,
                                         constant(target.l2CacheBytes));
  // Under a line: far ahead from params beyond L2 (or L3,
  // CPUTargetDescription::prefetchesSubLineSlices), none from smaller ones.
  Value subLineParams =
      target.subLinePrefetchBeyondL3Only
          ? arith::CmpIOp::create(b, l, Predicate::ugt, paramsBytes,
                                  constant(target.l3CacheBytes))
          : beyondL2;
  Value subLine = arith::SelectOp::create(
      b, l, subLineParams, constant(target.subLinePrefetchDistance),
      constant(0));
  // A line or more: about slicePrefetchAheadBytes (BeyondL2) ahead, none
  // from the size the hardware prefetcher follows.
  Value maxBytes = arith::SelectOp::create(
      b, l, beyondL2,
      constant(target.getSlicePrefetchMaxBytes(/*beyondL2=*/true)),
      constant(target.getSlicePrefetchMaxBytes(/*beyondL2=*/false)));
  Value aheadBytes = arith::SelectOp::create(
      b, l, beyondL2, constant(target.slicePrefetchAheadBytesBeyondL2),
      constant(target.slicePrefetchAheadBytes));
  Value ahead = createSlicesAhead(b, l, aheadBytes, sliceBytes,
                                  target.slicePrefetchMinDistance,
                                  target.slicePrefetchMaxDistance);
  Value large =
      arith::CmpIOp::create(b, l, Predicate::uge, sliceBytes, maxBytes);
  Value lines = arith::SelectOp::create(b, l, large, constant(0), ahead);
  Value underLine = arith::CmpIOp::create(b, l, Predicate::ult, sliceBytes,
                                          constant(target.cacheLineBytes));
  return arith::SelectOp::create(b, l, underLine, subLine, lines);
}

/// emitSlicePrefetch for a `distance` known to be positive.
void LoopEmitter::emitSlicePrefetchAt(OpBuilder &b, Location l,
                                      ValueRange loopIvs, Value distance) {
  int64_t last = plan.numLoops - 1;
  Value one = arith::ConstantIndexOp::create(b, l, 1);
  Value zero = arith::ConstantIndexOp::create(b, l, 0);
  Value lastPos = arith::SubIOp::create(b, l, getSize(b, l, last), one);
  Value ahead = arith::MinUIOp::create(
      b, l, arith::AddIOp::create(b, l, loopIvs[last], distance), lastPos);
  SmallVector<Value> ivs(loopIvs);
  ivs[last] = ahead;
  SmallVector<Value> selector = g.getSelectorOfResultCoords(ivs);
  SmallVector<Value> coords(ivs.begin(), ivs.begin() + g.firstIndexedDim);
  for (int64_t k = 0; k < g.indexDepth; ++k) {
    Value index =
        loadIndex(b, l, indices, g.getIndicesCoords(b, l, selector, k));
    Value lastIndex = arith::SubIOp::create(b, l, indexedSizes[k], one);
    coords.push_back(arith::MinUIOp::create(b, l, index, lastIndex));
  }
  int64_t trailingRank = paramsRank - coords.size();
  coords.append(trailingRank, zero);
  auto prefetch = [&](OpBuilder &pb, Location pl, ValueRange at) {
    memref::PrefetchOp::create(pb, pl, paramsBuffer, at, /*isWrite=*/false,
                               plan.slicePrefetchLocality,
                               /*isDataCache=*/true);
  };
  if (trailingRank != 1)
    return prefetch(b, l, coords);
  // Lines of the first slicePrefetchMaxBytes of the row; the hardware
  // prefetcher follows a longer, sequential row.
  int64_t elementBytes = plan.elementBytes;
  int64_t lineElements =
      std::max<int64_t>(plan.target.cacheLineBytes / elementBytes, 1);
  int64_t staticRow =
      cast<MemRefType>(paramsBuffer.getType()).getShape().back();
  // A few lines of a static row: one prefetch each, no loop (smaller code,
  // and no blocks for every later pass to walk).
  if (!ShapedType::isDynamic(staticRow)) {
    int64_t elements = std::min<int64_t>(
        staticRow, plan.target.slicePrefetchMaxBytes / elementBytes);
    if (llvm::divideCeil(elements, lineElements) <= kMaxUnrolledPrefetches) {
      for (int64_t i = 0; i < elements; i += lineElements) {
        coords.back() = arith::ConstantIndexOp::create(b, l, i);
        prefetch(b, l, coords);
      }
      return;
    }
  }
  Value rowSize = memref::DimOp::create(b, l, paramsBuffer, coords.size() - 1);
  Value limit = arith::MinUIOp::create(
      b, l, rowSize,
      arith::ConstantIndexOp::create(
          b, l, plan.target.slicePrefetchMaxBytes / elementBytes));
  Value step = arith::ConstantIndexOp::create(b, l, lineElements);
  scf::ForOp::create(b, l, zero, limit, step, ValueRange(),
                     [&](OpBuilder &lb, Location ll, Value i, ValueRange) {
                       coords.back() = i;
                       prefetch(lb, ll, coords);
                       scf::YieldOp::create(lb, ll);
                     });
}

/// Prefetches the indices of the positions [lo, hi) of the innermost
/// position loop (the other loop coordinates being `outerIvs`), a cache line
/// at a time: the next chunk's check then reads them in one burst instead of
/// waiting for each line (measured: 15 % on sorted 16-byte rows).
void LoopEmitter::emitIndicesPrefetch(OpBuilder &b, Location l,
                                      ValueRange outerIvs, Value lo, Value hi) {
  int64_t indexBytes =
      getElementBytes(cast<ShapedType>(indices.getType()).getElementType())
          .value_or(8);
  int64_t bytesPerPosition =
      indexBytes *
      (g.hasIndexVectorDim ? std::max<int64_t>(g.indexDepth, 1) : 1);
  Value step = arith::ConstantIndexOp::create(
      b, l,
      std::max<int64_t>(plan.target.cacheLineBytes / bytesPerPosition, 1));
  scf::ForOp::create(
      b, l, lo, hi, step, ValueRange(),
      [&](OpBuilder &lb, Location ll, Value m, ValueRange) {
        SmallVector<Value> ivs(outerIvs);
        ivs.push_back(m);
        memref::PrefetchOp::create(
            lb, ll, indicesBuffer,
            g.getIndicesCoords(lb, ll, g.getSelectorOfResultCoords(ivs), 0),
            /*isWrite=*/false, /*localityHint=*/3, /*isDataCache=*/true);
        scf::YieldOp::create(lb, ll);
      });
}

/// Annotates `loop` for LLVM's loop passes (either may be null); scf-to-cf
/// puts the annotation on the loop's latch branch.
static void annotateLoop(Operation *loop, LLVM::LoopVectorizeAttr vectorize,
                         LLVM::LoopUnrollAttr unroll) {
  loop->setAttr("llvm.loop_annotation",
                LLVM::LoopAnnotationAttr::get(loop->getContext(), {}, vectorize,
                                              {}, unroll, {}, {}, {}, {}, {},
                                              {}, {}, {}, {}, {}, {}));
}

/// Marks `loop` `vectorize.enable = false`.
static void disableVectorization(Operation *loop) {
  MLIRContext *ctx = loop->getContext();
  annotateLoop(loop,
               LLVM::LoopVectorizeAttr::get(ctx, BoolAttr::get(ctx, true), {},
                                            {}, {}, {}, {}, {}),
               {});
}

/// Marks `loop` `unroll.disable`: LLVM still vectorizes it, and does not
/// unroll it fully where the trip count is static (annotateCopyLoop).
static void disableUnrolling(Operation *loop) {
  MLIRContext *ctx = loop->getContext();
  annotateLoop(loop, {},
               LLVM::LoopUnrollAttr::get(ctx, BoolAttr::get(ctx, true), {}, {},
                                         {}, {}, {}, {}));
}

/// Disables the vectorization of `loop`, the innermost loop of element
/// copies, unless the plan lets LLVM vectorize it (CPUTargetDescription::
/// vectorizedCopiesMaxParamsBytes); then disables its unrolling: LLVM
/// unrolls a short static loop (a chunk of 32 positions) fully before the
/// loop vectorizer sees it, and the SLP vectorizer then packs the scalar
/// addresses into vector gathers one lane at a time (gather_nd scalars from
/// 8 MiB, Zen 5: 0.86-0.93x the C++ loop against 1.03-1.14x rolled). A
/// loop of slice copies only keeps from unrolling where its copies are
/// calls (LoweringPlan::rolledSliceCopies).
void LoopEmitter::annotateCopyLoop(Operation *loop) {
  // Only loops of one-element copies can become vector gathers; a slice
  // copy is a memcpy, a call where it is large (rolledSliceCopies).
  if (plan.numLoops != g.resultRank) {
    if (plan.rolledSliceCopies)
      disableUnrolling(loop);
    return;
  }
  if (plan.vectorizeCopies)
    disableUnrolling(loop);
  else
    disableVectorization(loop);
}

/// Marks the copy loop of Checks::Branching `vectorize.enable = false` and
/// `unroll.count = kBranchingCopiesUnroll`: LLVM's x86 cost model does not
/// unroll a loop that calls a function (the rare report), and one copy an
/// iteration pays the loop's compare and branch on each.
static void annotateBranchingCopyLoop(Operation *loop) {
  MLIRContext *ctx = loop->getContext();
  annotateLoop(
      loop,
      LLVM::LoopVectorizeAttr::get(ctx, BoolAttr::get(ctx, true), {}, {}, {},
                                   {}, {}, {}),
      LLVM::LoopUnrollAttr::get(
          ctx, {},
          IntegerAttr::get(IntegerType::get(ctx, 32), kBranchingCopiesUnroll),
          {}, {}, {}, {}, {}));
}

/// The bounds and steps of the loops over the dimensions [0, numLoops).
void LoopEmitter::getLoopBounds(OpBuilder &b, Location l,
                                SmallVectorImpl<Value> &lbs,
                                SmallVectorImpl<Value> &ubs,
                                SmallVectorImpl<Value> &steps) {
  Value zero = arith::ConstantIndexOp::create(b, l, 0);
  Value one = arith::ConstantIndexOp::create(b, l, 1);
  lbs.assign(plan.numLoops, zero);
  steps.assign(plan.numLoops, one);
  for (int64_t i = 0; i < plan.numLoops; ++i)
    ubs.push_back(getSize(b, l, i));
}

/// The loops over every copy with flagging copies: returns the result and
/// whether an index was bad.
std::pair<Value, Value> LoopEmitter::buildFlaggingCopyNest(OpBuilder &b,
                                                           Location l) {
  SmallVector<Value> lbs, ubs, steps;
  getLoopBounds(b, l, lbs, ubs, steps);
  Value noneBad = arith::ConstantIntOp::create(b, l, 0, 1);
  scf::LoopNest nest = scf::buildLoopNest(
      b, l, lbs, ubs, steps, ValueRange{lowering.init, noneBad},
      [&](OpBuilder &nb, Location nl, ValueRange ivs, ValueRange args) {
        Value isValid;
        Value next =
            emitCopy(nb, nl, ivs, ivs, args[0], CopyKind::Flagging, &isValid);
        Value bad = args[1];
        if (isValid)
          bad = arith::OrIOp::create(nb, nl, bad, createNot(nb, nl, isValid));
        return scf::ValueVector{next, bad};
      });
  if (!nest.loops.empty())
    annotateCopyLoop(nest.loops.back());
  return {nest.results[0], nest.results[1]};
}

/// Builds an scf.for nest over the loop dimensions [0, numLoops), dimension
/// 0 over [lb0, ub0), carrying `acc`, with one copy of `kind` per iteration.
Value LoopEmitter::buildCopyNest(OpBuilder &b, Location l, Value lb0,
                                 Value ub0, Value acc, CopyKind kind) {
  SmallVector<Value> lbs, ubs, steps;
  getLoopBounds(b, l, lbs, ubs, steps);
  if (plan.numLoops > 0) {
    lbs[0] = lb0 ? lb0 : lbs[0];
    ubs[0] = ub0 ? ub0 : ubs[0];
  }
  scf::LoopNest nest = scf::buildLoopNest(
      b, l, lbs, ubs, steps, acc,
      [&](OpBuilder &nb, Location nl, ValueRange ivs, ValueRange args) {
        return scf::ValueVector{emitCopy(nb, nl, ivs, ivs, args.front(), kind)};
      });
  if (!nest.loops.empty())
    annotateCopyLoop(nest.loops.back());
  return nest.results.front();
}

/// Builds the loops over the dimensions [leadingIvs.size(), numLoops - 1)
/// carrying `inits`, and inside them what `positionLoop` builds for the
/// innermost position loop at their coordinates.
SmallVector<Value>
LoopEmitter::buildPositionLoopNest(OpBuilder &b, Location l,
                                   ValueRange leadingIvs, ValueRange inits,
                                   PositionLoopFn positionLoop) {
  int64_t begin = leadingIvs.size(), last = plan.numLoops - 1;
  Value zero = arith::ConstantIndexOp::create(b, l, 0);
  Value one = arith::ConstantIndexOp::create(b, l, 1);
  SmallVector<Value> lbs(last - begin, zero), steps(last - begin, one), ubs;
  for (int64_t i = begin; i < last; ++i)
    ubs.push_back(getSize(b, l, i));
  scf::LoopNest nest = scf::buildLoopNest(
      b, l, lbs, ubs, steps, inits,
      [&](OpBuilder &nb, Location nl, ValueRange ivs, ValueRange args) {
        SmallVector<Value> outerIvs(leadingIvs);
        llvm::append_range(outerIvs, ivs);
        return scf::ValueVector(
            positionLoop(nb, nl, outerIvs, getSize(nb, nl, last), args));
      });
  return SmallVector<Value>(nest.results);
}

/// buildPositionLoopNest with the innermost loop over chunks of
/// plan.chunkPositions positions; `body` gets each chunk and the size of
/// the innermost loop and returns the next iter_args.
SmallVector<Value> LoopEmitter::buildChunkedNest(OpBuilder &b, Location l,
                                                 ValueRange leadingIvs,
                                                 ValueRange inits,
                                                 ChunkBodyFn body) {
  auto chunkLoop = [&](OpBuilder &nb, Location nl, ValueRange outerIvs,
                       Value ub, ValueRange args) {
    Value zero = arith::ConstantIndexOp::create(nb, nl, 0);
    return buildChunkLoop(nb, nl, outerIvs, zero, ub, args, body);
  };
  return buildPositionLoopNest(b, l, leadingIvs, inits, chunkLoop);
}

/// The loop over the chunks of plan.chunkPositions positions of [lo, ub) of
/// the innermost position loop at `outerIvs`, carrying `inits` through
/// `body`.
SmallVector<Value> LoopEmitter::buildChunkLoop(OpBuilder &b, Location l,
                                               ValueRange outerIvs, Value lo,
                                               Value ub, ValueRange inits,
                                               ChunkBodyFn body) {
  Value chunkSize = arith::ConstantIndexOp::create(b, l, plan.chunkPositions);
  auto chunks = scf::ForOp::create(
      b, l, lo, ub, chunkSize, inits,
      [&](OpBuilder &cb, Location cl, Value chunkLo, ValueRange chunkArgs) {
        Value hi = arith::MinUIOp::create(
            cb, cl, arith::AddIOp::create(cb, cl, chunkLo, chunkSize), ub);
        scf::YieldOp::create(
            cb, cl,
            body(cb, cl, IndexChunk{outerIvs, chunkLo, hi}, ub, chunkArgs));
      });
  return SmallVector<Value>(chunks.getResults());
}

/// The positions [0, ub) at `outerIvs` of element copies whose indices are
/// checked once (checkRepeatedIndicesOnce; `args`: the result and whether a
/// check found a bad index): a revisit of indices found good copies them in
/// one unchecked loop, without the chunk loop's work per chunk (elements
/// from L2-resident params, Zen 5: the C++ loop's three instructions an
/// element against ours plus about 25 per chunk of 128); other visits check
/// and copy chunk by chunk (`body`). Two loops, one of them empty, as in
/// emitSplitChunkCopies.
SmallVector<Value> LoopEmitter::emitRevisitedPositions(OpBuilder &b, Location l,
                                                       ValueRange outerIvs,
                                                       Value ub,
                                                       ValueRange args,
                                                       ChunkBodyFn body) {
  Value mustCheck = createMustCheck(b, l, outerIvs, args[1]);
  Value zero = arith::ConstantIndexOp::create(b, l, 0);
  Value split = arith::SelectOp::create(b, l, mustCheck, zero, ub);
  Value copied = emitChunkCopies(b, l, IndexChunk{outerIvs, zero, split},
                                 args[0], getLoopCoords, CopyKind::Unchecked);
  return buildChunkLoop(b, l, outerIvs, split, ub, ValueRange{copied, args[1]},
                        body);
}

/// A loop over the sub-chunks of plan.subChunkPositions positions of
/// `chunk` (of a loop of `ub` positions), carrying `inits` through `body`.
SmallVector<Value> LoopEmitter::buildSubChunks(OpBuilder &b, Location l,
                                               const IndexChunk &chunk,
                                               Value ub, ValueRange inits,
                                               ChunkBodyFn body) {
  Value size = arith::ConstantIndexOp::create(b, l, plan.subChunkPositions);
  auto subChunks = scf::ForOp::create(
      b, l, chunk.lo, chunk.hi, size, inits,
      [&](OpBuilder &sb, Location sl, Value lo, ValueRange args) {
        Value hi = arith::MinUIOp::create(
            sb, sl, arith::AddIOp::create(sb, sl, lo, size), chunk.hi);
        scf::YieldOp::create(
            sb, sl, body(sb, sl, IndexChunk{chunk.outerIvs, lo, hi}, ub, args));
      });
  return SmallVector<Value>(subChunks.getResults());
}

/// Copies the slices of `chunk` into `acc` at the coordinates `toResult`
/// gives, reading indices as `kind` says.
Value LoopEmitter::emitChunkCopies(OpBuilder &b, Location l,
                                   const IndexChunk &chunk, Value acc,
                                   ToResultFn toResult, CopyKind kind,
                                   bool streamStores) {
  Value one = arith::ConstantIndexOp::create(b, l, 1);
  auto copies = scf::ForOp::create(
      b, l, chunk.lo, chunk.hi, one, acc,
      [&](OpBuilder &ib, Location il, Value m, ValueRange iterArgs) {
        SmallVector<Value> ivs(chunk.outerIvs);
        ivs.push_back(m);
        scf::YieldOp::create(ib, il,
                             emitCopy(ib, il, ivs, toResult(ib, il, ivs),
                                      iterArgs.front(), kind));
      });
  annotateCopyLoop(copies);
  if (streamStores)
    copies->setAttr(kStreamStoresAttrName, b.getUnitAttr());
  else if (plan.plainStoresOutsideDenseChunks)
    copies->setAttr(kPlainStoresAttrName, b.getUnitAttr());
  return copies.getResult(0);
}

/// Whether the first and last indices of `chunk` lie at most
/// CPUTargetDescription::denseChunkRowsPerPosition rows apart per position
/// (LoweringPlan::streamDenseChunks): two loads from the lines the chunk's
/// check just read.
Value LoopEmitter::createIsDenseChunk(OpBuilder &b, Location l,
                                      const IndexChunk &chunk) {
  auto loadAt = [&](Value position) {
    SmallVector<Value> ivs(chunk.outerIvs);
    ivs.push_back(position);
    SmallVector<Value> selector = g.getSelectorOfResultCoords(ivs);
    return loadIndex(b, l, indices, g.getIndicesCoords(b, l, selector, 0));
  };
  Value one = arith::ConstantIndexOp::create(b, l, 1);
  Value last = arith::SubIOp::create(b, l, chunk.hi, one);
  Value distance = arith::SubIOp::create(b, l, loadAt(last), loadAt(chunk.lo));
  Value span = arith::MaxSIOp::create(
      b, l, distance,
      arith::SubIOp::create(b, l, arith::ConstantIndexOp::create(b, l, 0),
                            distance));
  Value positions = arith::SubIOp::create(b, l, chunk.hi, chunk.lo);
  Value maxSpan =
      arith::MulIOp::create(b, l, positions,
                            arith::ConstantIndexOp::create(
                                b, l, plan.target.denseChunkRowsPerPosition));
  return arith::CmpIOp::create(b, l, arith::CmpIPredicate::sle, span, maxSpan);
}

/// Copies `chunk` (of a loop of `ub` positions) unchecked unless `bad`,
/// resolving otherwise, after prefetching the next chunk's indices where the
/// plan says so. Two loops, one of them empty, rather than an scf.if
/// yielding the result: empty-tensor elimination does not see through an
/// scf.if, and the result would be built in a temporary buffer and copied.
Value LoopEmitter::emitSplitChunkCopies(OpBuilder &b, Location l, Value bad,
                                        const IndexChunk &chunk, Value ub,
                                        Value acc, ToResultFn toResult,
                                        CopyKind badKind) {
  if (indicesBuffer) {
    Value chunkSize =
        arith::ConstantIndexOp::create(b, l, plan.getCheckedPositions());
    Value next = arith::MinUIOp::create(
        b, l, arith::AddIOp::create(b, l, chunk.hi, chunkSize), ub);
    emitIndicesPrefetch(b, l, chunk.outerIvs, chunk.hi, next);
  }
  Value split = arith::SelectOp::create(b, l, bad, chunk.lo, chunk.hi);
  Value uncheckedLo = chunk.lo;
  if (plan.streamDenseChunks) {
    // A good, dense chunk streams its copies; the unchecked loop after it
    // is then empty.
    Value good = arith::XOrIOp::create(
        b, l, bad, arith::ConstantIntOp::create(b, l, 1, 1));
    Value stream =
        arith::AndIOp::create(b, l, good, createIsDenseChunk(b, l, chunk));
    uncheckedLo = arith::SelectOp::create(b, l, stream, chunk.hi, chunk.lo);
    llvm::SaveAndRestore<bool> prefetch(prefetchSlices,
                                        plan.prefetchDenseChunks);
    acc =
        emitChunkCopies(b, l, IndexChunk{chunk.outerIvs, chunk.lo, uncheckedLo},
                        acc, toResult, CopyKind::Unchecked,
                        /*streamStores=*/true);
  }
  Value unchecked =
      emitChunkCopies(b, l, IndexChunk{chunk.outerIvs, uncheckedLo, split}, acc,
                      toResult, CopyKind::Unchecked);
  return emitChunkCopies(b, l, IndexChunk{chunk.outerIvs, split, chunk.hi},
                         unchecked, toResult, badKind);
}

/// Creates the views the copies through offsets read: params' buffer as one
/// dimension from its first element (of the extent the strides span), and
/// its strides.
void LoopEmitter::createOffsetsViews(OpBuilder &b, Location l) {
  auto metadata = memref::ExtractStridedMetadataOp::create(
      b, l, createReadOnlyBuffer(b, l, params));
  paramsStrides.assign(metadata.getStrides().begin(),
                       metadata.getStrides().end());
  Value zero = arith::ConstantIndexOp::create(b, l, 0);
  Value one = arith::ConstantIndexOp::create(b, l, 1);
  Value extent = one;
  for (auto [size, stride] :
       llvm::zip(metadata.getSizes(), metadata.getStrides())) {
    Value last = arith::MaxSIOp::create(
        b, l, arith::SubIOp::create(b, l, size, one), zero);
    extent = arith::AddIOp::create(b, l, extent,
                                   arith::MulIOp::create(b, l, last, stride));
  }
  auto flatType = MemRefType::get(
      {ShapedType::kDynamic}, elementType,
      StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic, {1}));
  flatParams = memref::ReinterpretCastOp::create(
      b, l, flatType, metadata.getBaseBuffer(),
      OpFoldResult(metadata.getOffset()), ArrayRef<OpFoldResult>{extent},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
}

/// The innermost position loop with copyThroughOffsets, at `outerIvs`, over
/// `ub` positions: where the index vectors are contiguous, the whole groups
/// of plan.chunkPositions positions are checked into offset vectors
/// (OffsetVectors.h), software-pipelined: the check of group n + 1 runs
/// ahead of the copies of group n, which then wait on no check (Zen 5,
/// nd_full_f32_i64_l2: 0.92-0.96x the plain C++ loop with chunks of 256
/// checked through a buffer, about 1.0x so; performance-history.md, "Stop
/// 40"). The other positions (the last partial group, every position where
/// the groups do not apply, and in reporting modes every position from the
/// first bad group on) copy with `badKind`, checking each index themselves:
/// so no report call lies in the loop of groups, whose registers it would
/// take. Loops of zero or one iteration, not scf.if, choose
/// (emitSplitChunkCopies).
Value LoopEmitter::emitOffsetVectorPositions(OpBuilder &b, Location l,
                                             ValueRange outerIvs, Value ub,
                                             Value acc, CopyKind badKind) {
  int64_t positions = plan.chunkPositions;
  Value zero = arith::ConstantIndexOp::create(b, l, 0);
  Value one = arith::ConstantIndexOp::create(b, l, 1);
  Value step = arith::ConstantIndexOp::create(b, l, positions);
  SmallVector<Value> ivs(outerIvs);
  ivs.push_back(zero);
  ComponentRun run = getIndexVectorsRun(b, l, g, indices,
                                        g.getSelectorOfResultCoords(ivs), ub);
  Value whole =
      arith::SubIOp::create(b, l, ub, arith::RemUIOp::create(b, l, ub, step));
  Value grouped = arith::AndIOp::create(
      b, l, run.isContiguous,
      arith::CmpIOp::create(b, l, arith::CmpIPredicate::uge, whole, step));
  Value groupsEnd = arith::SelectOp::create(b, l, grouped, whole, zero);
  OffsetVectorGroups groups = createGroupsAt(b, l, outerIvs, run, zero);

  // Carried: the result, the next group's check, and in reporting modes
  // where the first bad group starts (groupsEnd while there is none).
  auto once = scf::ForOp::create(
      b, l, zero, arith::SelectOp::create(b, l, grouped, one, zero), one,
      ValueRange{acc, groupsEnd},
      [&](OpBuilder &ob, Location ol, Value, ValueRange onceArgs) {
        OffsetVectorCheck first = createOffsetVectorCheck(ob, ol, groups, zero);
        Value last = arith::SubIOp::create(ob, ol, groupsEnd, step);
        auto copyGroup = [&](OpBuilder &cb, Location cl, Value lo,
                             ValueRange args) -> SmallVector<Value> {
          Value copied = emitOffsetVectorCopies(
              cb, cl, outerIvs, lo, args[1], plan.reports ? Value() : args[2],
              args[0], badKind);
          Value firstBad = args[3];
          if (plan.reports)
            firstBad = arith::MinUIOp::create(
                cb, cl, firstBad,
                arith::SelectOp::create(cb, cl, args[2], lo, groupsEnd));
          return {copied, firstBad};
        };
        auto loop = scf::ForOp::create(
            ob, ol, zero, last, step,
            ValueRange{onceArgs[0], first.offsets, first.bad, onceArgs[1]},
            [&](OpBuilder &lb, Location ll, Value lo, ValueRange args) {
              // The copies of this group, then the check of the next.
              SmallVector<Value> next = copyGroup(lb, ll, lo, args);
              OffsetVectorCheck check = createOffsetVectorCheck(
                  lb, ll, groups, arith::AddIOp::create(lb, ll, lo, step));
              scf::YieldOp::create(
                  lb, ll,
                  ValueRange{next[0], check.offsets, check.bad, next[1]});
            });
        scf::YieldOp::create(ob, ol,
                             copyGroup(ob, ol, last, loop.getResults()));
      });
  return emitChunkCopies(
      b, l, IndexChunk{SmallVector<Value>(outerIvs), once.getResult(1), ub},
      once.getResult(0), getLoopCoords, badKind);
}

/// The groups of plan.chunkPositions positions of the index vectors `run`
/// at the coordinates `outerIvs` of the loops outside the position loop:
/// their offsets are from the params row those coordinates select (`zero`:
/// a constant 0 of index type).
OffsetVectorGroups LoopEmitter::createGroupsAt(OpBuilder &b, Location l,
                                               ValueRange outerIvs,
                                               const ComponentRun &run,
                                               Value zero) {
  Value outerOffset = zero;
  for (int64_t i = 0; i < g.firstIndexedDim; ++i)
    outerOffset = arith::AddIOp::create(
        b, l, outerOffset,
        arith::MulIOp::create(b, l, outerIvs[i], paramsStrides[i]));
  return createOffsetVectorGroups(
      b, l, run, plan.chunkPositions, g.indexDepth, indexedSizes,
      ArrayRef<Value>(paramsStrides).slice(g.firstIndexedDim, g.indexDepth),
      outerOffset);
}

/// The copies of the group at position `lo` that createOffsetVectorCheck
/// checked into `offsets`: one load per position, each offset extracted
/// from the vector, and one vector write of the group into the result. With
/// a scalar store per position, LLVM's SLP vectorizer packs the copies of a
/// function with `noalias` arguments into a vector gather (0.91x the plain
/// loop against 1.00-1.03x). The copies run whether or not the group was
/// bad (a bad position reads params' first element); where `bad` is given,
/// a bad group is then copied again with `badKind`.
Value LoopEmitter::emitOffsetVectorCopies(OpBuilder &b, Location l,
                                          ValueRange outerIvs, Value lo,
                                          Value offsets, Value bad, Value acc,
                                          CopyKind badKind) {
  SmallVector<Value> values;
  for (int64_t p = 0; p < plan.chunkPositions; ++p)
    values.push_back(memref::LoadOp::create(
        b, l, flatParams,
        ValueRange{vector::ExtractOp::create(b, l, offsets, p)}));
  Value group = vector::FromElementsOp::create(
      b, l, VectorType::get({plan.chunkPositions}, elementType), values);
  SmallVector<Value> ivs(outerIvs);
  ivs.push_back(lo);
  acc = vector::TransferWriteOp::create(b, l, group, acc, ivs,
                                        ArrayRef<bool>{true})
            .getResult();
  if (!bad)
    return acc;
  Value hi = arith::AddIOp::create(
      b, l, lo, arith::ConstantIndexOp::create(b, l, plan.chunkPositions));
  return emitChunkCopies(b, l,
                         IndexChunk{SmallVector<Value>(outerIvs), lo,
                                    arith::SelectOp::create(b, l, bad, hi, lo)},
                         acc, getLoopCoords, badKind);
}

/// Checks::PerCopy: every copy resolves its own index.
Value LoopEmitter::emitPerCopy(OpBuilder &b, Location l) {
  if (plan.threads != LoweringPlan::Threads::None)
    return emitForallOverOutermost(b, l, CopyKind::Resolving);
  return buildCopyNest(b, l, Value(), Value(), lowering.init,
                       CopyKind::Resolving);
}

/// Checks::Flagged: one loop copies every slice from its resolved address,
/// with no branch, and or-reduces the checks; only when one failed, a
/// second loop reports each bad index in order and zeroes its slot
/// (dimension 0 split as in emitUpFront), or, with fix-up functions, a
/// call does (emitFixUpCall).
Value LoopEmitter::emitFlagged(OpBuilder &b, Location l) {
  auto [copied, bad] = buildFlaggingCopyNest(b, l);
  if (Value fixed = emitFixUpCall(b, l, copied, bad))
    return fixed;
  Value zero = arith::ConstantIndexOp::create(b, l, 0);
  Value size0 = getSize(b, l, 0);
  Value split = arith::SelectOp::create(b, l, bad, zero, size0);
  return buildCopyNest(b, l, split, size0, copied,
                       plan.scalarCopies ? CopyKind::ReportAndResolve
                                         : CopyKind::ReportAndZero);
}

/// The fix-up of emitFlagged as a gather.fix_out_of_bounds op calling the
/// function of the op's structure (FixUpFunctions.h), where a cache covering
/// the op's symbol table was given; null otherwise.
Value LoopEmitter::emitFixUpCall(OpBuilder &b, Location l, Value copied,
                                 Value bad) {
  if (!fixUps || !lowering.zero ||
      SymbolTable::getNearestSymbolTable(op) != fixUps->getSymbolTableOp())
    return Value();
  FixUpSignature signature;
  signature.opName = op->getName().getStringRef();
  signature.geometry = g;
  signature.numLoops = plan.numLoops;
  signature.mode = lowering.mode;
  signature.reports = plan.reports;
  signature.readReportedAs = plan.readReportedAs;
  signature.zero = lowering.zero;
  signature.indexElementType =
      cast<ShapedType>(indices.getType()).getElementType();
  signature.handler = lowering.outOfBoundsHandler;
  func::FuncOp callee = getOrCreateFixUpFunction(b, op, signature, *fixUps);
  SmallVector<Value> inputs{indices};
  llvm::append_range(inputs, indexedSizes);
  if (plan.reports)
    inputs.push_back(
        createOpDescription(b, l, op, lowering.outOfBoundsHandler));
  return FixOutOfBoundsOp::create(b, l, copied.getType(), callee.getSymName(),
                                  copied, inputs, bad);
}

/// Checks::UpFront: one check of all indices, the report of the bad ones,
/// then the copies: unchecked when none was bad (dimension 0 of the loops
/// split as in emitSplitChunkCopies).
Value LoopEmitter::emitUpFront(OpBuilder &b, Location l) {
  bool threads = plan.threads != LoweringPlan::Threads::None;
  Value bad = createAllIndicesCheck(b, l, g, lowering.mode, indices,
                                    indexedSizes, threads);
  if (plan.reports)
    createReportIfBad(b, l, op, g, bad, indices, indexedSizes,
                      lowering.outOfBoundsHandler);
  if (threads)
    return emitForallOverOutermost(b, l, CopyKind::Resolving);
  if (plan.numLoops == 0)
    return emitCopy(b, l, ValueRange(), ValueRange(), lowering.init,
                    CopyKind::Resolving);
  Value zero = arith::ConstantIndexOp::create(b, l, 0);
  Value size0 = getSize(b, l, 0);
  Value split = arith::SelectOp::create(b, l, bad, zero, size0);
  Value unchecked =
      buildCopyNest(b, l, zero, split, lowering.init, CopyKind::Unchecked);
  return buildCopyNest(b, l, split, size0, unchecked,
                       getSplitResolvingKind());
}

/// Checks::Branching: each copy of the innermost position loop tests its
/// index vector and branches, to read a good one as its address or, rarely,
/// to report (reporting modes) and resolve a bad one. With outer params
/// dimensions (checkRepeatedIndicesOnce), the loops count the bad index
/// vectors, and a revisit of indices none of which was bad copies them
/// unchecked. A count, not an i1 flag: LLVM folded each rare branch's
/// `true` into an or of the tests, which kept every index of an unrolled
/// iteration live to its end (spills, f32 elements in L2 0.95x the plain
/// C++ loop).
Value LoopEmitter::emitBranching(OpBuilder &b, Location l) {
  SmallVector<Value> inits{lowering.init};
  if (plan.checkRepeatedIndicesOnce)
    inits.push_back(arith::ConstantIndexOp::create(b, l, 0));
  auto positionLoop = [&](OpBuilder &nb, Location nl, ValueRange outerIvs,
                          Value ub, ValueRange args) -> SmallVector<Value> {
    if (!plan.checkRepeatedIndicesOnce)
      return emitBranchingCopies(nb, nl, outerIvs, ub, args);
    Value zero = arith::ConstantIndexOp::create(nb, nl, 0);
    Value anyBad =
        arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::ne, args[1], zero);
    auto ifOp = scf::IfOp::create(
        nb, nl, createMustCheck(nb, nl, outerIvs, anyBad),
        [&](OpBuilder &tb, Location tl) {
          scf::YieldOp::create(tb, tl,
                               emitBranchingCopies(tb, tl, outerIvs, ub, args));
        },
        [&](OpBuilder &eb, Location el) {
          Value copied =
              emitChunkCopies(eb, el, IndexChunk{outerIvs, zero, ub}, args[0],
                              getLoopCoords, CopyKind::Unchecked);
          scf::YieldOp::create(eb, el, ValueRange{copied, args[1]});
        });
    return SmallVector<Value>(ifOp.getResults());
  };
  return buildPositionLoopNest(b, l, ValueRange(), inits, positionLoop).front();
}

/// The innermost position loop [0, ub) at `outerIvs` of Checks::Branching,
/// carrying `args`: the result and, with checkRepeatedIndicesOnce, the
/// count of bad index vectors.
SmallVector<Value> LoopEmitter::emitBranchingCopies(OpBuilder &b, Location l,
                                                    ValueRange outerIvs,
                                                    Value ub, ValueRange args) {
  Value zero = arith::ConstantIndexOp::create(b, l, 0);
  Value one = arith::ConstantIndexOp::create(b, l, 1);
  auto loop = scf::ForOp::create(
      b, l, zero, ub, one, args,
      [&](OpBuilder &ib, Location il, Value m, ValueRange iterArgs) {
        SmallVector<Value> ivs(outerIvs);
        ivs.push_back(m);
        SmallVector<Value> bad = createIndexComponentsAreBad(
            ib, il, g, indices, indexedSizes, g.getSelectorOfResultCoords(ivs));
        scf::YieldOp::create(ib, il,
                             emitBranchingCopy(ib, il, ivs, bad, iterArgs));
      });
  annotateBranchingCopyLoop(loop);
  return SmallVector<Value>(loop.getResults());
}

/// One copy of Checks::Branching at `ivs` into `args[0]`: a branch on each
/// component's test (`bad`) to the rare copy that reports (reporting modes)
/// and resolves the index vector (and adds one to the count, `args[1]`,
/// where there is one), then the unchecked copy. One branch per
/// component: LLVM merges an or of tests against one power of two into a
/// compare of the components' or, two instructions more a copy (gather_nd
/// scalars with i64 pairs in L2, C models: 0.976x the plain C++ loop merged,
/// 0.995x apart).
SmallVector<Value> LoopEmitter::emitBranchingCopy(OpBuilder &b, Location l,
                                                  ValueRange ivs,
                                                  ArrayRef<Value> bad,
                                                  ValueRange args) {
  SmallVector<Value> next(args);
  if (bad.empty()) {
    next[0] = emitCopy(b, l, ivs, ivs, args[0], CopyKind::Unchecked);
    return next;
  }
  CopyKind badKind =
      plan.reports ? CopyKind::ReportAndResolve : CopyKind::Resolving;
  // Expected good: LLVM lays the good copy out as the fall-through.
  Value isBad = LLVM::ExpectOp::create(
      b, l, bad.front(), arith::ConstantIntOp::create(b, l, 0, 1));
  auto copy = scf::IfOp::create(
      b, l, isBad,
      [&](OpBuilder &tb, Location tl) {
        SmallVector<Value> rare(args);
        rare[0] = emitCopy(tb, tl, ivs, ivs, args[0], badKind);
        if (rare.size() > 1)
          rare[1] = arith::AddIOp::create(
              tb, tl, args[1], arith::ConstantIndexOp::create(tb, tl, 1));
        scf::YieldOp::create(tb, tl, rare);
      },
      [&](OpBuilder &eb, Location el) {
        scf::YieldOp::create(
            eb, el, emitBranchingCopy(eb, el, ivs, bad.drop_front(), args));
      });
  return SmallVector<Value>(copy.getResults());
}

/// Checks::PerChunk on one thread: each chunk is checked and copied; the
/// copies of a bad chunk report its bad indices (in index order).
Value LoopEmitter::emitSequentialChunks(OpBuilder &b, Location l) {
  // A bad chunk's copies report its bad indices themselves: no report
  // loop of its own (less code per gather).
  CopyKind badKind =
      plan.reports ? CopyKind::ReportAndResolve : CopyKind::Resolving;
  if (plan.copyThroughOffsets)
    return buildPositionLoopNest(
               b, l, ValueRange(), lowering.init,
               [&](OpBuilder &nb, Location nl, ValueRange outerIvs, Value ub,
                   ValueRange args) -> SmallVector<Value> {
                 return {emitOffsetVectorPositions(nb, nl, outerIvs, ub,
                                                   args.front(), badKind)};
               })
        .front();
  // With checkRepeatedIndicesOnce, whether a chunk was bad is carried too.
  SmallVector<Value> inits{lowering.init};
  if (plan.checkRepeatedIndicesOnce)
    inits.push_back(arith::ConstantIntOp::create(b, l, 0, 1));
  auto checkAndCopy = [&](OpBuilder &cb, Location cl, const IndexChunk &chunk,
                          Value ub, ValueRange args) -> SmallVector<Value> {
    Value mustCheck;
    if (plan.checkRepeatedIndicesOnce)
      mustCheck = createMustCheck(cb, cl, chunk.outerIvs, args[1]);
    Value bad = emitChunkCheck(cb, cl, chunk, mustCheck);
    SmallVector<Value> next{emitSplitChunkCopies(
        cb, cl, bad, chunk, ub, args[0], getLoopCoords, badKind)};
    if (plan.checkRepeatedIndicesOnce)
      next.push_back(arith::OrIOp::create(cb, cl, args[1], bad));
    return next;
  };
  // Element copies whose indices are not prefetched chunk by chunk revisit
  // good indices in one loop.
  if (plan.checkRepeatedIndicesOnce && plan.scalarCopies && !indicesBuffer)
    return buildPositionLoopNest(
               b, l, ValueRange(), inits,
               [&](OpBuilder &nb, Location nl, ValueRange outerIvs, Value ub,
                   ValueRange args) {
                 return emitRevisitedPositions(nb, nl, outerIvs, ub, args,
                                               checkAndCopy);
               })
        .front();
  return buildChunkedNest(b, l, ValueRange(), inits, checkAndCopy).front();
}

/// Whether the chunk at `outerIvs` is checked (checkRepeatedIndicesOnce): on
/// the first visit of its indices, where every outer params coordinate is
/// 0, and on every visit once a check found a bad index (`anyBad`).
Value LoopEmitter::createMustCheck(OpBuilder &b, Location l,
                                   ValueRange outerIvs, Value anyBad) {
  assert(g.firstIndexedDim > g.batchDims && "no outer params dimension");
  Value zero = arith::ConstantIndexOp::create(b, l, 0);
  Value firstVisit;
  for (int64_t dim = g.batchDims; dim < g.firstIndexedDim; ++dim) {
    Value isZero = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq,
                                         outerIvs[dim], zero);
    firstVisit =
        firstVisit ? arith::AndIOp::create(b, l, firstVisit, isZero) : isZero;
  }
  return arith::OrIOp::create(b, l, firstVisit, anyBad);
}

/// Returns whether an index of `chunk` is bad; where `mustCheck` is given
/// and false, false without a check (the same indices were found good).
Value LoopEmitter::emitChunkCheck(OpBuilder &b, Location l,
                                  const IndexChunk &chunk, Value mustCheck) {
  auto check = [&](OpBuilder &cb, Location cl) {
    return createChunkCheck(cb, cl, g, lowering.mode, indices, indexedSizes,
                            chunk);
  };
  if (!mustCheck)
    return check(b, l);
  auto ifOp = scf::IfOp::create(
      b, l, mustCheck,
      [&](OpBuilder &tb, Location tl) {
        scf::YieldOp::create(tb, tl, check(tb, tl));
      },
      [&](OpBuilder &eb, Location el) {
        scf::YieldOp::create(
            eb, el, ValueRange{arith::ConstantIntOp::create(eb, el, 0, 1)});
      });
  return ifOp.getResult(0);
}

/// Threads over the outermost loop without chunks: an scf.forall whose
/// iterations each fill their own slot (one coordinate of dimension 0) with
/// copies of `kind`.
Value LoopEmitter::emitForallOverOutermost(OpBuilder &b, Location l,
                                           CopyKind kind) {
  SmallVector<OpFoldResult> slotSizes(sizes);
  slotSizes[0] = b.getIndexAttr(1);
  SmallVector<OpFoldResult> unitStrides(g.resultRank, b.getIndexAttr(1));
  auto forall = scf::ForallOp::create(b, l, ArrayRef<OpFoldResult>{sizes[0]},
                                      lowering.init, std::nullopt);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(forall.getTerminator());
  Value iv = forall.getInductionVar(0);
  Value shared = forall.getRegionIterArgs().front();
  SmallVector<OpFoldResult> slotOffsets(g.resultRank, b.getIndexAttr(0));
  slotOffsets[0] = iv;
  Value slot = tensor::ExtractSliceOp::create(b, l, shared, slotOffsets,
                                              slotSizes, unitStrides);
  Value zero = arith::ConstantIndexOp::create(b, l, 0);
  Value one = arith::ConstantIndexOp::create(b, l, 1);
  SmallVector<Value> lbs(plan.numLoops - 1, zero), ubs,
      steps(plan.numLoops - 1, one);
  for (int64_t i = 1; i < plan.numLoops; ++i)
    ubs.push_back(getSize(b, l, i));
  scf::LoopNest nest = scf::buildLoopNest(
      b, l, lbs, ubs, steps, slot,
      [&](OpBuilder &nb, Location nl, ValueRange innerIvs, ValueRange args) {
        SmallVector<Value> ivs{iv}, resultIvs{zero};
        llvm::append_range(ivs, innerIvs);
        llvm::append_range(resultIvs, innerIvs);
        return scf::ValueVector{
            emitCopy(nb, nl, ivs, resultIvs, args.front(), kind)};
      });
  if (!nest.loops.empty())
    annotateCopyLoop(nest.loops.back());
  b.setInsertionPointToStart(forall.getTerminator().getBody());
  tensor::ParallelInsertSliceOp::create(b, l, nest.results.front(), shared,
                                        slotOffsets, slotSizes, unitStrides);
  return forall.getResult(0);
}

/// One scf.forall over the chunks of the innermost loop at the coordinates
/// `outerIvs` of the loops outside it (Threads::OverChunks), or over the
/// outermost loop with the chunks inside (Threads::OverOutermost). Each
/// iteration checks and copies its chunks into its own slot of `acc`,
/// resolving a bad chunk's indices; where `mustCheck` is given and false,
/// unchecked. Reporting modes do not report from threads: each iteration
/// sets its own flag (flagsBadChunks). Returns the result and, where flags
/// are set, whether one is.
std::pair<Value, Value> LoopEmitter::emitChunkForall(OpBuilder &b, Location l,
                                                     ValueRange outerIvs,
                                                     Value acc,
                                                     Value mustCheck) {
  bool overChunks = plan.threads == LoweringPlan::Threads::OverChunks;
  int64_t split = overChunks ? plan.numLoops - 1 : 0;
  Value zero = arith::ConstantIndexOp::create(b, l, 0);
  Value chunkSize = arith::ConstantIndexOp::create(b, l, plan.chunkPositions);
  Value splitSize = getSize(b, l, split);
  OpFoldResult count = getParallelIterations(b, l, chunkSize, split);
  scf::ForallOp forall = createChunkForall(b, l, count, acc);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(forall.getTerminator());
  Value iv = forall.getInductionVar(0);
  Value shared = forall.getRegionIterArgs()[0];
  ChunkSlot slotOf =
      getChunkSlot(b, l, iv, outerIvs, split, chunkSize, splitSize);
  Value lo = slotOf.lo, hi = slotOf.hi;
  Value slot = tensor::ExtractSliceOp::create(b, l, shared, slotOf.offsets,
                                              slotOf.sizes, slotOf.strides);
  // Result coordinates relative to the slot.
  auto toSlot = [&](OpBuilder &sb, Location sl, ValueRange ivs) {
    SmallVector<Value> rel(ivs);
    for (int64_t i = 0; i < split; ++i)
      rel[i] = zero;
    rel[split] = overChunks
                     ? arith::SubIOp::create(sb, sl, ivs[split], lo).getResult()
                     : zero;
    return rel;
  };
  // Checks and copies a chunk; returns the slot and, in a reporting mode,
  // whether this or an earlier chunk of the iteration was bad.
  auto checkAndCopy = [&](OpBuilder &cb, Location cl, const IndexChunk &chunk,
                          Value ub, ValueRange args) -> SmallVector<Value> {
    Value bad = emitChunkCheck(cb, cl, chunk, mustCheck);
    SmallVector<Value> next{
        emitSplitChunkCopies(cb, cl, bad, chunk, ub, args[0], toSlot,
                             getSplitResolvingKind())};
    if (flagsBadChunks())
      next.push_back(arith::OrIOp::create(cb, cl, args[1], bad));
    return next;
  };
  SmallVector<Value> inits{slot};
  if (flagsBadChunks())
    inits.push_back(arith::ConstantIntOp::create(b, l, 0, 1));
  SmallVector<Value> filled;
  if (!overChunks)
    filled = buildChunkedNest(b, l, ValueRange{iv}, inits, checkAndCopy);
  else if (!plan.subChunkPositions)
    filled = checkAndCopy(b, l, IndexChunk{outerIvs, lo, hi}, splitSize, inits);
  else
    filled = buildSubChunks(b, l, IndexChunk{outerIvs, lo, hi}, splitSize,
                            inits, checkAndCopy);
  return finishChunkForall(b, l, forall, filled, slotOf);
}

/// The scf.forall of emitChunkForall: `count` iterations sharing the result
/// `acc` and, where bad chunks are flagged, a flag (i8) per iteration.
scf::ForallOp LoopEmitter::createChunkForall(OpBuilder &b, Location l,
                                             OpFoldResult count, Value acc) {
  SmallVector<Value> sharedInits{acc};
  if (flagsBadChunks())
    sharedInits.push_back(tensor::EmptyOp::create(
        b, l, ArrayRef<OpFoldResult>{count}, b.getI8Type()));
  return scf::ForallOp::create(b, l, ArrayRef<OpFoldResult>{count}, sharedInits,
                               std::nullopt);
}

/// Ends an iteration of emitChunkForall's `forall` (insertion point at its
/// end): writes its flag (filled[1], where flagged) and inserts its slot
/// (filled[0]) into the shared result; returns emitChunkForall's pair.
std::pair<Value, Value>
LoopEmitter::finishChunkForall(OpBuilder &b, Location l, scf::ForallOp forall,
                               ArrayRef<Value> filled,
                               const ChunkSlot &slotOf) {
  if (flagsBadChunks())
    writeIterationFlag(b, l, forall, /*sharedIndex=*/1, filled[1]);
  b.setInsertionPointToStart(forall.getTerminator().getBody());
  tensor::ParallelInsertSliceOp::create(
      b, l, filled[0], forall.getRegionIterArgs()[0], slotOf.offsets,
      slotOf.sizes, slotOf.strides);
  if (!flagsBadChunks())
    return {forall.getResult(0), Value()};
  b.setInsertionPointAfter(forall);
  return {forall.getResult(0), createAnyFlagSet(b, l, forall.getResult(1))};
}

/// The slot of chunk forall iteration `iv`: one coordinate of each loop
/// before `split`, and the chunk [lo, hi) of loop `split` (OverChunks) or
/// its coordinate `iv` (OverOutermost).
ChunkSlot LoopEmitter::getChunkSlot(OpBuilder &b, Location l, Value iv,
                                    ValueRange outerIvs, int64_t split,
                                    Value chunkSize, Value splitSize) {
  ChunkSlot slot;
  slot.offsets.assign(g.resultRank, b.getIndexAttr(0));
  slot.sizes.assign(sizes.begin(), sizes.end());
  slot.strides.assign(g.resultRank, b.getIndexAttr(1));
  for (int64_t i = 0; i < split; ++i) {
    slot.offsets[i] = outerIvs[i];
    slot.sizes[i] = b.getIndexAttr(1);
  }
  slot.lo = iv;
  slot.sizes[split] = b.getIndexAttr(1);
  if (plan.threads == LoweringPlan::Threads::OverChunks) {
    slot.lo = arith::MulIOp::create(b, l, iv, chunkSize);
    slot.hi = arith::MinUIOp::create(
        b, l, arith::AddIOp::create(b, l, slot.lo, chunkSize), splitSize);
    slot.sizes[split] =
        arith::SubIOp::create(b, l, slot.hi, slot.lo).getResult();
  }
  slot.offsets[split] = slot.lo;
  return slot;
}

/// Checks::PerChunk on threads: the chunk foralls (emitChunkForall), inside
/// the loops outside the innermost one where those run in sequence
/// (Threads::OverChunks). In a reporting mode, after the loops, if a chunk
/// was bad, every bad index is reported in index order.
Value LoopEmitter::emitParallelChunks(OpBuilder &b, Location l) {
  Value result, bad;
  if (plan.threads == LoweringPlan::Threads::OverChunks && plan.numLoops > 1) {
    SmallVector<Value> lbs, ubs, steps;
    getLoopBounds(b, l, lbs, ubs, steps);
    lbs.pop_back();
    ubs.pop_back();
    steps.pop_back();
    SmallVector<Value> inits{lowering.init};
    if (flagsBadChunks())
      inits.push_back(arith::ConstantIntOp::create(b, l, 0, 1));
    scf::LoopNest nest = scf::buildLoopNest(
        b, l, lbs, ubs, steps, inits,
        [&](OpBuilder &nb, Location nl, ValueRange ivs, ValueRange args) {
          Value mustCheck;
          if (plan.checkRepeatedIndicesOnce)
            mustCheck = createMustCheck(nb, nl, ivs, args[1]);
          auto [filled, chunkBad] =
              emitChunkForall(nb, nl, ivs, args[0], mustCheck);
          scf::ValueVector next{filled};
          if (flagsBadChunks())
            next.push_back(arith::OrIOp::create(nb, nl, args[1], chunkBad));
          return next;
        });
    result = nest.results[0];
    if (flagsBadChunks())
      bad = nest.results[1];
  } else {
    std::tie(result, bad) =
        emitChunkForall(b, l, ValueRange(), lowering.init, Value());
  }
  if (plan.reports)
    createReportIfBad(b, l, op, g, bad, indices, indexedSizes,
                      lowering.outOfBoundsHandler);
  return result;
}

/// The iterations of a chunk forall split at loop `split`: one per chunk of
/// it (Threads::OverChunks), or one per coordinate.
OpFoldResult LoopEmitter::getParallelIterations(OpBuilder &b, Location l,
                                                Value chunkSize,
                                                int64_t split) {
  if (plan.threads != LoweringPlan::Threads::OverChunks)
    return sizes[split];
  if (std::optional<int64_t> staticSize = getConstantIntValue(sizes[split]))
    return b.getIndexAttr(llvm::divideCeil(*staticSize, plan.chunkPositions));
  return arith::CeilDivUIOp::create(b, l, getSize(b, l, split), chunkSize)
      .getResult();
}

Value LoopEmitter::emitLoops(OpBuilder &b, Location l) {
  switch (plan.checks) {
  case LoweringPlan::Checks::PerCopy:
    return emitPerCopy(b, l);
  case LoweringPlan::Checks::Flagged:
    return emitFlagged(b, l);
  case LoweringPlan::Checks::UpFront:
    return emitUpFront(b, l);
  case LoweringPlan::Checks::Branching:
    return emitBranching(b, l);
  case LoweringPlan::Checks::PerChunk:
    if (plan.threads == LoweringPlan::Threads::None)
      return emitSequentialChunks(b, l);
    return emitParallelChunks(b, l);
  }
  llvm_unreachable("unknown checks");
}

Value LoopEmitter::emit(OpBuilder &b) {
  if (plan.slicePrefetchDistance > 0)
    paramsBuffer = createReadOnlyBuffer(b, loc, params);
  if (plan.prefetchIndices)
    indicesBuffer = createReadOnlyBuffer(b, loc, indices);
  if (plan.copyThroughOffsets)
    createOffsetsViews(b, loc);
  auto buildLoops = [&](OpBuilder &nb, Location nl) {
    return emitLoops(nb, nl);
  };
  // An empty addressed dimension leaves nothing to read: zeros where the
  // element type has one. Reporting modes report every index first (all
  // are out of bounds), and check none when the result is empty.
  if (plan.reports)
    return createUnlessResultEmpty(
        b, loc, lowering, [&](OpBuilder &nb, Location nl) {
          return createGuardForEmptyDims(
              nb, nl, indexedSizes, lowering.zero, lowering.init, buildLoops,
              [&](OpBuilder &rb, Location rl) {
                createIndexValidation(rb, rl, op, g, indices, indexedSizes,
                                      lowering.outOfBoundsHandler);
              });
        });
  if (lowering.zero)
    return createGuardForEmptyDims(b, loc, indexedSizes, lowering.zero,
                                   lowering.init, buildLoops);
  return buildLoops(b, loc);
}

/// Lowers one gather op with `plan`; `conditions` says when this lowering
/// runs (a version's slice width, the result's size) in the plan's remark.
static Value lowerWithPlan(OpBuilder &b, Operation *op, Value params,
                           Value indices, const TensorGatherLowering &lowering,
                           const GatherToSCFLoweringOptions &options,
                           const LoweringPlan &plan, StringRef conditions) {
  LLVM_DEBUG(llvm::dbgs() << "gather-to-scf: " << *op << "\n  plan: " << plan
                          << "\n");
  if (options.printPlan) {
    std::string text;
    llvm::raw_string_ostream(text) << plan;
    InFlightDiagnostic remark = op->emitRemark() << "lowering plan";
    if (!conditions.empty())
      remark << " for " << conditions;
    remark << ": " << text;
  }
  LoopEmitter emitter(op, params, indices, lowering, plan);
  emitter.setFixUpFunctions(options.fixUpFunctions);
  return emitter.emit(b);
}

/// Whether the result of `lowering` (elements of `elementBytes`) holds at
/// least `minBytes`, at run time.
static Value createIsLargeResult(OpBuilder &b, Location loc,
                                 const TensorGatherLowering &lowering,
                                 int64_t elementBytes, int64_t minBytes) {
  Value bytes = arith::ConstantIndexOp::create(b, loc, elementBytes);
  for (OpFoldResult size : lowering.resultSizes)
    bytes = arith::MulIOp::create(
        b, loc, bytes, getValueOrCreateConstantIndexOp(b, loc, size));
  return arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::uge, bytes,
      arith::ConstantIndexOp::create(b, loc, minBytes));
}

/// Lowers one gather op with the plan its types give (see the file comment);
/// `version` names the slice width of a versioned lowering in the plan's
/// remark. A plan that streams dense chunks because the result's size is
/// not known is chosen at run time by that size, as for a static result
/// (LoweringPlan::streamDenseChunks): below `nontemporal-min-bytes`, the plan
/// without it (a chunk split in a dense and a sparse part: rows of 16 B from
/// L2, 0.91 -> 1.01x the plain C++ loop).
static Value lowerOneVersion(OpBuilder &b, Operation *op, Value params,
                             Value indices,
                             const TensorGatherLowering &lowering,
                             const GatherToSCFLoweringOptions &options,
                             std::optional<int64_t> version = std::nullopt) {
  CPUTargetDescription target = CPUTargetDescription::get(op);
  if (options.perCopyCheckMaxCopies >= 0)
    target.perCopyCheckMaxCopies = options.perCopyCheckMaxCopies;
  LoweringPlan plan = computeLoweringPlan(
      {lowering.geometry, lowering.mode, cast<ShapedType>(params.getType()),
       cast<ShapedType>(indices.getType()), bool(lowering.zero), options,
       target});
  std::string width =
      version ? "slice width " + std::to_string(*version) : std::string();
  bool staticResult = llvm::all_of(lowering.resultSizes, [](OpFoldResult s) {
    return getConstantIntValue(s).has_value();
  });
  int64_t minBytes = options.nontemporalMinBytes;
  if (!plan.streamDenseChunks || staticResult || minBytes == 0)
    return lowerWithPlan(b, op, params, indices, lowering, options, plan,
                         width);
  LoweringPlan sparse = plan;
  sparse.streamDenseChunks = false;
  sparse.plainStoresOutsideDenseChunks = false;
  sparse.prefetchDenseChunks = true;
  std::string prefix = version ? width + ", " : std::string();
  Location loc = op->getLoc();
  auto ifOp = scf::IfOp::create(
      b, loc,
      createIsLargeResult(b, loc, lowering, plan.elementBytes, minBytes),
      [&](OpBuilder &tb, Location) {
        scf::YieldOp::create(
            tb, loc,
            lowerWithPlan(tb, op, params, indices, lowering, options, plan,
                          prefix + "results of at least " +
                              std::to_string(minBytes) + " B"));
      },
      [&](OpBuilder &eb, Location) {
        scf::YieldOp::create(eb, loc,
                             lowerWithPlan(eb, op, params, indices, lowering,
                                           options, sparse,
                                           prefix + "smaller results"));
      });
  return ifOp.getResult(0);
}

/// The widths of params' last dimension that a gather whose slice width is
/// dynamic gets a lowering of its own for
/// (GatherToSCFLoweringOptions::sliceVersionsMaxBytes): those whose slice
/// row is a power of two of 4 B to that bound. None where the width is
/// addressed by the indices, static in params or in the result (the copies
/// then take the result's), or params not a tensor of ints or floats of
/// whole bytes.
static SmallVector<int64_t>
getVersionedSliceWidths(Value params, const TensorGatherLowering &lowering,
                        int64_t maxBytes) {
  auto type = dyn_cast<RankedTensorType>(params.getType());
  if (!type || maxBytes <= 0)
    return {};
  const GatherGeometry &g = lowering.geometry;
  int64_t last = type.getRank() - 1;
  Type elementType = type.getElementType();
  if (last < g.firstIndexedDim + g.indexDepth || !type.isDynamicDim(last) ||
      getConstantIntValue(lowering.resultSizes.back()) ||
      !elementType.isIntOrFloat() || elementType.getIntOrFloatBitWidth() % 8)
    return {};
  int64_t elementBytes = elementType.getIntOrFloatBitWidth() / 8;
  SmallVector<int64_t> widths;
  for (int64_t bytes = 4; bytes <= maxBytes; bytes *= 2)
    if (bytes % elementBytes == 0)
      widths.push_back(bytes / elementBytes);
  return widths;
}

/// Lowers the gather once for each of `widths` (params' last dimension is
/// `width`), params cast to that static width so that its plan and copies are
/// those of a static slice, and once more for any other width, in a chain of
/// scf.if on `width`. Every version builds the result in lowering.init (a
/// cast of it to its width).
static Value lowerSliceVersions(OpBuilder &b, Operation *op, Value params,
                                Value indices,
                                const TensorGatherLowering &lowering,
                                const GatherToSCFLoweringOptions &options,
                                Value width, ArrayRef<int64_t> widths) {
  if (widths.empty())
    return lowerOneVersion(b, op, params, indices, lowering, options);
  Location loc = op->getLoc();
  int64_t version = widths.front();
  Value isVersion =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, width,
                            arith::ConstantIndexOp::create(b, loc, version));
  auto ifOp = scf::IfOp::create(
      b, loc, isVersion,
      [&](OpBuilder &tb, Location tl) {
        auto type = cast<RankedTensorType>(params.getType());
        SmallVector<int64_t> shape(type.getShape());
        shape.back() = version;
        Value staticParams =
            tensor::CastOp::create(tb, tl, type.clone(shape), params);
        // The result is built in a view of static width too: its row
        // stride is then a constant in the copies' addresses.
        auto initType = cast<RankedTensorType>(lowering.init.getType());
        SmallVector<int64_t> initShape(initType.getShape());
        initShape.back() = version;
        TensorGatherLowering staticLowering = lowering;
        staticLowering.resultSizes.back() = tb.getIndexAttr(version);
        staticLowering.init = tensor::CastOp::create(
            tb, tl, initType.clone(initShape), lowering.init);
        Value result = lowerOneVersion(tb, op, staticParams, indices,
                                       staticLowering, options, version);
        scf::YieldOp::create(
            tb, tl,
            tensor::CastOp::create(tb, tl, initType, result).getResult());
      },
      [&](OpBuilder &eb, Location el) {
        scf::YieldOp::create(eb, el,
                             lowerSliceVersions(eb, op, params, indices,
                                                lowering, options, width,
                                                widths.drop_front()));
      });
  return ifOp.getResult(0);
}

/// Lowers one gather op: where its slice width is dynamic, once per common
/// width and once for the others (getVersionedSliceWidths). A slice of
/// dynamic size is copied by a size dispatch (inline for short rows, a libc
/// call for others) and prefetched by loops of dynamic trip count, about 30
/// instructions a row where a static row of 16 B takes 6 (rows of 16 B
/// from L2: 0.26x the static kernel, docs/performance.md).
static Value lowerToLoops(OpBuilder &b, Operation *op, Value params,
                          Value indices, const TensorGatherLowering &lowering,
                          const GatherToSCFLoweringOptions &options) {
  SmallVector<int64_t> widths =
      getVersionedSliceWidths(params, lowering, options.sliceVersionsMaxBytes);
  if (widths.empty())
    return lowerOneVersion(b, op, params, indices, lowering, options);
  int64_t last = cast<RankedTensorType>(params.getType()).getRank() - 1;
  Value width = tensor::DimOp::create(b, op->getLoc(), params, last);
  return lowerSliceVersions(b, op, params, indices, lowering, options, width,
                            widths);
}

namespace {

struct ConvertGatherToSCFPass
    : public gather::impl::ConvertGatherToSCFPassBase<ConvertGatherToSCFPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(options::checkGatherToSCFPass(
            getOperation(), prefetchDistance, perCopyCheckMaxCopies,
            sliceVersionsMaxBytes, nontemporalMinBytes)))
      return signalPassFailure();
    GatherToSCFLoweringOptions options;
    options.prefetchDistance = prefetchDistance;
    options.perCopyCheckMaxCopies = perCopyCheckMaxCopies;
    options.parallel = parallel;
    options.outOfBoundsHandler = outOfBoundsHandler;
    options.printPlan = printPlan;
    options.sliceVersionsMaxBytes = sliceVersionsMaxBytes;
    options.nontemporalMinBytes = nontemporalMinBytes;
    // Fix-up functions go into the symbol table the pass runs on (gathers
    // in nested symbol tables keep their loops).
    FixUpFunctionCache fixUpFunctions(getOperation());
    if (fixUpCalls && getOperation()->hasTrait<OpTrait::SymbolTable>())
      options.fixUpFunctions = &fixUpFunctions;
    if (failed(lowerGatherOps(
            getOperation(),
            [&](RewritePatternSet &patterns) {
              populateGatherToSCFPatterns(patterns, options);
            },
            outOfBoundsHandler)))
      signalPassFailure();
  }
};

} // namespace

void mlir::gather::populateGatherToSCFPatterns(
    RewritePatternSet &patterns, const GatherToSCFLoweringOptions &options,
    PatternBenefit benefit) {
  auto lowerFn = [options](OpBuilder &b, Operation *op, Value params,
                           Value indices,
                           const TensorGatherLowering &lowering) {
    // A gather inside a parallel loop already (e.g. one tile of a tiled or
    // fused gather, docs/tiling.md) runs in one thread of that loop.
    GatherToSCFLoweringOptions opOptions = options;
    if (op->getParentOfType<scf::ForallOp>() ||
        op->getParentOfType<scf::ParallelOp>())
      opOptions.parallel = false;
    return lowerToLoops(b, op, params, indices, lowering, opOptions);
  };
  patterns.add<TensorGatherPattern>(patterns.getContext(), lowerFn, benefit,
                                    options.outOfBoundsHandler);
}

void mlir::gather::populateGatherToSCFPatterns(RewritePatternSet &patterns,
                                               PatternBenefit benefit) {
  populateGatherToSCFPatterns(patterns, GatherToSCFLoweringOptions(), benefit);
}
