//===- GatherLoweringUtils.h - Gather lowering helpers ----------*- C++ -*-===//
//
// Part of the gather project.
//
// Index computation and out-of-bounds handling shared by the lowerings of
// gather.gather and gather.gather_nd. Everything here works on scalars and on
// either tensors or memrefs, so that CPU (tensor) and GPU (memref) lowerings
// compute coordinates and apply the out-of-bounds mode the same way.
//
// Both ops share one result layout. With
//   b = batch dimensions,
//   a = first params dimension addressed by an index (gather: the normalized
//       axis; gather_nd: b),
//   d = number of params dimensions addressed (gather: 1; gather_nd: the
//       index depth N),
//   p = number of index-position dimensions (indices dimensions after the
//       batch ones, less the index-vector dimension of gather_nd),
// a result coordinate r splits into
//   r[0, b)        batch        (shared by params and indices)
//   r[b, a)        outer        (params dimensions before the addressed ones)
//   r[a, a+p)      position     (which index, or index vector, is used)
//   r[a+p, rank)   slice        (params dimensions after the addressed ones)
// and reads params[r[0, a), k_0, ..., k_{d-1}, r[a+p, rank)] where k_j is
// component j of the index at indices[r[0, b), r[a, a+p) (, j for gather_nd)].
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_CONVERSION_GATHERCOMMON_GATHERLOWERINGUTILS_H
#define GATHER_CONVERSION_GATHERCOMMON_GATHERLOWERINGUTILS_H

#include "gather/Conversion/GatherCommon/OutOfBoundsReport.h"
#include "gather/Dialect/Gather/IR/GatherOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Value.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/SmallVector.h"

#include <functional>
#include <string>

namespace mlir {
namespace gather {

//===----------------------------------------------------------------------===//
// Geometry
//===----------------------------------------------------------------------===//

/// The dimension split described in the file comment, common to both ops.
struct GatherGeometry {
  /// Number of batch dimensions (b).
  int64_t batchDims = 0;
  /// First params dimension addressed by an index (a).
  int64_t firstIndexedDim = 0;
  /// Number of params dimensions addressed by one index (vector) (d).
  int64_t indexDepth = 1;
  /// Number of index-position dimensions of the result (p).
  int64_t numPositionDims = 0;
  /// True for gather_nd: indices has a trailing index-vector dimension.
  bool hasIndexVectorDim = false;
  /// Rank of the result.
  int64_t resultRank = 0;

  /// Returns the geometry of a gather.gather or gather.gather_nd op.
  static GatherGeometry get(Operation *op);

  /// Number of leading indices dimensions that select one index (vector):
  /// the batch and position dimensions.
  int64_t getNumSelectorDims() const { return batchDims + numPositionDims; }
  /// Rank of the slice one index (vector) selects in params, without the
  /// addressed dimensions: outer dimensions plus trailing slice dimensions.
  int64_t getSliceRank() const {
    return resultRank - batchDims - numPositionDims;
  }

  /// Coordinates into `indices` of component `component` of the index
  /// (vector) selected by `selector` (batch then position coordinates, as
  /// many as getNumSelectorDims()).
  SmallVector<Value> getIndicesCoords(OpBuilder &b, Location loc,
                                      ValueRange selector,
                                      int64_t component) const;
  /// Selector coordinates (batch then position) of a full result coordinate.
  SmallVector<Value> getSelectorOfResultCoords(ValueRange resultCoords) const;
  /// Coordinates into `params` read by the result element at `resultCoords`
  /// when the index components resolve to `addresses`.
  SmallVector<Value> getParamsCoords(ValueRange resultCoords,
                                     ValueRange addresses) const;
};

//===----------------------------------------------------------------------===//
// Index values
//===----------------------------------------------------------------------===//

/// Returns the size of dimension `dim` of a ranked tensor or memref, as a
/// constant where it is static.
Value createDimSize(OpBuilder &b, Location loc, Value shaped, int64_t dim);

/// Returns the sizes of the params dimensions the op's indices address
/// (firstIndexedDim .. firstIndexedDim + indexDepth).
SmallVector<Value> createIndexedDimSizes(OpBuilder &b, Location loc,
                                         const GatherGeometry &geometry,
                                         Value params);

/// Converts an index read from an indices tensor or memref (i32, i64 or
/// index; signed) to `index`, sign-extending.
Value castToIndex(OpBuilder &b, Location loc, Value index);

/// Reads the element at `coords` of an indices tensor (tensor.extract) or
/// memref (memref.load) and converts it with castToIndex.
Value loadIndex(OpBuilder &b, Location loc, Value indices, ValueRange coords);

/// Returns an i1 that is true when `index` lies in [0, dimSize). One unsigned
/// compare: a negative index reads as a huge unsigned value.
Value createIsInBounds(OpBuilder &b, Location loc, Value index, Value dimSize);

/// One index component after the out-of-bounds mode is applied.
struct ResolvedIndex {
  /// The coordinate to read params at. In zero and clamp mode it lies in
  /// [0, dimSize) whenever dimSize > 0, so it is safe to load from even when
  /// the value read is then discarded; in error mode it is the index itself
  /// (the caller checks it, see createOutOfBoundsCheck), bounded into
  /// [0, dimSize) as well where asked to.
  Value address;
  /// i1, false when the selected slice must be zero instead (zero mode: the
  /// index is out of bounds). Null in error and clamp mode, where the slice
  /// is always read. (Clamp mode's one invalid case, an empty dimension, is
  /// the same for every index: see createGuardForEmptyDims.)
  Value isValid;
};

/// Applies `mode` to `index` (of type index) for a dimension of `dimSize`.
/// In error mode the address is the index unless `boundErrorAddress`, which
/// costs one unsigned min (used where the indices are constants).
ResolvedIndex resolveIndex(OpBuilder &b, Location loc, GatherMode mode,
                           Value index, Value dimSize,
                           bool boundErrorAddress = false);

/// Returns the conjunction of `lhs` and `rhs`, either of which may be null
/// (meaning true); null when both are.
Value createAndOfValid(OpBuilder &b, Location loc, Value lhs, Value rhs);

/// True when the gather may produce zero slices: zero mode, or clamp mode
/// with an addressed params dimension that is not known to be non-empty.
bool mayProduceZeroSlices(const GatherGeometry &geometry, GatherMode mode,
                          ShapedType paramsType);

//===----------------------------------------------------------------------===//
// Whole index vectors
//===----------------------------------------------------------------------===//

/// Loads the index (vector) selected by `selector` from `indices`, applies
/// `mode` to each component against `indexedDimSizes` and, in error mode
/// when `check` is set, emits createOutOfBoundsCheck (reporting to
/// `outOfBoundsHandler`) for each component.
/// Returns one address per component and the conjunction of their validity
/// (null when always valid). Each component is loaded exactly once.
struct ResolvedIndexVector {
  SmallVector<Value> addresses;
  Value isValid;
};
ResolvedIndexVector loadAndResolveIndexVector(
    OpBuilder &b, Location loc, Operation *op, const GatherGeometry &geometry,
    GatherMode mode, Value indices, ValueRange selector,
    ValueRange indexedDimSizes, bool check,
    StringRef outOfBoundsHandler = kDefaultOutOfBoundsHandler);

/// Emits an scf.for nest over the selector dimensions of `indices` (tensor
/// or memref) that checks every index component once, with
/// createOutOfBoundsCheck (reporting to `outOfBoundsHandler`). Used where the
/// gather itself does not load each index once (e.g. an elementwise
/// linalg.generic).
void createIndexValidation(
    OpBuilder &b, Location loc, Operation *op, const GatherGeometry &geometry,
    Value indices, ValueRange indexedDimSizes,
    StringRef outOfBoundsHandler = kDefaultOutOfBoundsHandler);

/// Builds an scf.for nest over the selector dimensions of `indices` (tensor
/// or memref) carrying `iterArgs`; `body` gets the selector and the current
/// iter_args and returns the next ones. With no selector dimensions the body
/// is built inline. Returns the final values.
SmallVector<Value>
buildSelectorLoopNest(OpBuilder &b, Location loc,
                      const GatherGeometry &geometry, Value indices,
                      ValueRange iterArgs,
                      function_ref<SmallVector<Value>(OpBuilder &, Location,
                                                      ValueRange, ValueRange)>
                          body);

//===----------------------------------------------------------------------===//
// Pattern preconditions and results (tensor lowerings)
//===----------------------------------------------------------------------===//

/// Returns the mode of a gather.gather or gather.gather_nd op.
GatherMode getGatherMode(Operation *op);

/// What the tensor lowerings of one gather op start from.
struct TensorGatherLowering {
  GatherGeometry geometry;
  GatherMode mode;
  /// The zero of the element type where the op may produce zero slices
  /// (mayProduceZeroSlices), and in error mode where the element type has
  /// one (the slice of an index reported to a handler that returns); else
  /// null.
  TypedAttr zero;
  /// The function error-mode checks report to (createOutOfBoundsCheck).
  std::string outOfBoundsHandler;
  /// Sizes of the addressed params dimensions (createIndexedDimSizes).
  SmallVector<Value> indexedSizes;
  /// Reified result sizes, static where the types make them so.
  SmallVector<OpFoldResult> resultSizes;
  /// A `tensor.empty` of the result type.
  Value init;
  /// True when a result dimension is a static 0: nothing is read, no index
  /// is checked, `init` is the result.
  bool isStaticallyEmpty = false;
};

/// Checks that `op` (whose params are `params` after conversion) can be
/// lowered, reporting a match failure through `rewriter` otherwise (no zero
/// of the element type where one is needed; in error mode, the llvm dialect
/// not loaded or a symbol in the way of `outOfBoundsHandler`), and creates
/// what every tensor lowering needs first. In error mode the handler is
/// declared in the op's symbol table where missing
/// (declareOutOfBoundsHandler).
FailureOr<TensorGatherLowering> prepareTensorLowering(
    RewriterBase &rewriter, Operation *op, Value params,
    StringRef outOfBoundsHandler = kDefaultOutOfBoundsHandler);

/// Lowers one gather op given its converted `params` and `indices` and what
/// prepareTensorLowering made; returns the result.
using TensorGatherLowerFn =
    std::function<Value(OpBuilder &b, Operation *op, Value params,
                        Value indices, const TensorGatherLowering &lowering)>;

/// The conversion pattern of the tensor lowerings: prepares the lowering of
/// an `OpTy` (gather.gather or gather.gather_nd), replaces a statically empty
/// result by `init` and the op by what `lowerFn` builds otherwise.
template <typename OpTy>
struct TensorGatherPattern : public OpConversionPattern<OpTy> {
  TensorGatherPattern(MLIRContext *ctx, TensorGatherLowerFn lowerFn,
                      PatternBenefit benefit = 1,
                      StringRef outOfBoundsHandler = kDefaultOutOfBoundsHandler)
      : OpConversionPattern<OpTy>(ctx, benefit), lowerFn(std::move(lowerFn)),
        outOfBoundsHandler(outOfBoundsHandler) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<TensorGatherLowering> lowering = prepareTensorLowering(
        rewriter, op, adaptor.getParams(), outOfBoundsHandler);
    if (failed(lowering))
      return failure();
    if (lowering->isStaticallyEmpty) {
      rewriter.replaceOp(op, lowering->init);
      return success();
    }
    rewriter.replaceOp(op, lowerFn(rewriter, op, adaptor.getParams(),
                                   adaptor.getIndices(), *lowering));
    return success();
  }

  TensorGatherLowerFn lowerFn;
  std::string outOfBoundsHandler;
};

/// Lowers every gather op under `root` with the patterns `populate` adds,
/// declaring `outOfBoundsHandler` first where error-mode ops report to it
/// (declareOutOfBoundsHandlersIfNeeded). The body of the CPU conversion
/// passes.
LogicalResult
lowerGatherOps(Operation *root,
               function_ref<void(RewritePatternSet &)> populate,
               StringRef outOfBoundsHandler = kDefaultOutOfBoundsHandler);

/// Returns an i1 that is true when one of `sizes` is 0, or null when none
/// can be (all are static and non-zero). Sets `knownZero` when one is a
/// static 0.
Value createAnyIsZero(OpBuilder &b, Location loc, ArrayRef<OpFoldResult> sizes,
                      bool &knownZero);

/// Returns `buildGather()`, or where the result may be empty at run time
/// `scf.if (empty) { lowering.init } else { buildGather() }`: an empty result
/// reads nothing, so error mode checks no index then (docs/spec.md).
Value createUnlessResultEmpty(
    OpBuilder &b, Location loc, const TensorGatherLowering &lowering,
    function_ref<Value(OpBuilder &, Location)> buildGather);

/// Returns `buildGather()` when all `dimSizes` (the addressed params
/// dimensions) are non-empty and `init` filled with `zero` otherwise (`init`
/// itself when `zero` is null): an empty addressed dimension leaves nothing
/// to read. Decided at compile time where the sizes are constant, else with
/// an scf.if.
Value createGuardForEmptyDims(
    OpBuilder &b, Location loc, ValueRange dimSizes, TypedAttr zero, Value init,
    function_ref<Value(OpBuilder &, Location)> buildGather);

} // namespace gather
} // namespace mlir

#endif // GATHER_CONVERSION_GATHERCOMMON_GATHERLOWERINGUTILS_H
