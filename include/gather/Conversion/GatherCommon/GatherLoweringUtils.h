//===- GatherLoweringUtils.h - Gather lowering helpers ----------*- C++ -*-===//
//
// Part of the gather project.
//
// Index computation and out-of-bounds handling shared by the lowerings of
// gather.gather and gather.gather_nd. Everything here works on scalars and on
// either tensors or memrefs, so that CPU (tensor) and GPU (memref) lowerings
// compute coordinates and apply the out-of-bounds mode the same way.
//
// The geometry of an op (GatherGeometry, GatherOpInterface) lives in the
// dialect: gather/Dialect/Gather/IR/GatherInterfaces.h.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_CONVERSION_GATHERCOMMON_GATHERLOWERINGUTILS_H
#define GATHER_CONVERSION_GATHERCOMMON_GATHERLOWERINGUTILS_H

#include "gather/Conversion/GatherCommon/OutOfBoundsReport.h"
#include "gather/Dialect/Gather/IR/GatherInterfaces.h"
#include "gather/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Value.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/SmallVector.h"

#include <functional>
#include <optional>
#include <string>

namespace mlir {
namespace gather {

//===----------------------------------------------------------------------===//
// Index values
//===----------------------------------------------------------------------===//

/// Returns a `read_only` `bufferization.to_buffer` of the ranked `tensor`
/// with a fully dynamic strided layout (any buffer of it has one).
Value createReadOnlyBuffer(OpBuilder &b, Location loc, Value tensor);

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

/// Returns the constant `value` (a scalar, or a dense vector or tensor
/// splat) as an SSA value: an arith.constant, or, for integers with
/// signedness (ui8, si16: arith takes signless integers only), a signless
/// arith.constant of the same bits cast to the type with
/// builtin.unrealized_conversion_cast. The LLVM conversion gives both types
/// the same LLVM type, and reconcile-unrealized-casts removes the cast.
Value createConstant(OpBuilder &b, Location loc, TypedAttr value);

/// How many slices of `sliceBytes` (index values, known at run time) make
/// about `aheadBytes`, clamped to [minDistance, maxDistance]: the run-time
/// form of a prefetch distance rule (CPUTargetDescription).
Value createSlicesAhead(OpBuilder &b, Location loc, Value aheadBytes,
                        Value sliceBytes, int64_t minDistance,
                        int64_t maxDistance);

/// True when the gather may produce zero slices: zero mode, or clamp mode
/// with an addressed params dimension that is not known to be non-empty.
bool mayProduceZeroSlices(const GatherGeometry &geometry, GatherMode mode,
                          ShapedType paramsType);

//===----------------------------------------------------------------------===//
// Whole index vectors
//===----------------------------------------------------------------------===//

/// Loads the index (vector) selected by `selector` from `indices`, applies
/// `mode` to each component against `indexedDimSizes` and, in error and wrap
/// mode when `check` is set, emits createOutOfBoundsCheck (reporting to
/// `outOfBoundsHandler`) for each component. With `readReportedAs` (zero or
/// clamp), the components of those modes are then resolved as in that mode:
/// the read is defined when the handler returns (a zero slice).
/// Returns one address per component and the conjunction of their validity
/// (null when always valid). Each component is loaded exactly once.
struct ResolvedIndexVector {
  SmallVector<Value> addresses;
  Value isValid;
};
ResolvedIndexVector loadAndResolveIndexVector(
    OpBuilder &b, Location loc, const OutOfBoundsReporter &reporter,
    const GatherGeometry &geometry, GatherMode mode, Value indices,
    ValueRange selector, ValueRange indexedDimSizes, bool check,
    StringRef outOfBoundsHandler = kDefaultOutOfBoundsHandler,
    std::optional<GatherMode> readReportedAs = std::nullopt);

/// Emits an scf.for nest over the selector dimensions of `indices` (tensor
/// or memref) that checks every index component once, with
/// createOutOfBoundsCheck (reporting to `outOfBoundsHandler`). Used where the
/// gather itself does not load each index once (e.g. an elementwise
/// linalg.generic).
void createIndexValidation(
    OpBuilder &b, Location loc, Operation *op, const GatherGeometry &geometry,
    Value indices, ValueRange indexedDimSizes,
    StringRef outOfBoundsHandler = kDefaultOutOfBoundsHandler);

/// Returns the negation of the i1 `value`: the inverse compare where `value`
/// is an arith.cmpi, an xor with true otherwise.
Value createNot(OpBuilder &b, Location loc, Value value);

/// Writes `flag` (an i1), for the current iteration of `forall` (one loop),
/// into the iteration's own element of the i8 tensor that is shared output
/// `sharedIndex`: extract_slice + insert + parallel_insert_slice, which
/// bufferize in place (from_elements would allocate in every iteration).
/// Leaves the insertion point before the terminator.
void writeIterationFlag(OpBuilder &b, Location loc, scf::ForallOp forall,
                        unsigned sharedIndex, Value flag);

/// Returns an i1 that is true when an element of `flags` (a 1-D i8 tensor)
/// is not zero.
Value createAnyFlagSet(OpBuilder &b, Location loc, Value flags);

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

/// Returns the mode of a gather op.
inline GatherMode getGatherMode(Operation *op) {
  return cast<GatherOpInterface>(op).getMode();
}

//===----------------------------------------------------------------------===//
// Run-time shape agreement
//===----------------------------------------------------------------------===//

/// One size of a result dimension as an operand or a type gives it.
struct ResultDimSource {
  int64_t resultDim;
  /// The size the other sources of the dimension must agree with (params,
  /// else indices), and another source (indices, the result type or `out`).
  OpFoldResult expected, found;
};

/// True when the sizes of a result dimension of `op` come from more than one
/// place (params, indices, the result type or `out`) and one of them is
/// dynamic: only a run-time check can tell that they agree.
bool needsRunTimeShapeChecks(GatherOpInterface op);

/// Returns an i1 that is true when a dynamic size of `op` disagrees with
/// another (needsRunTimeShapeChecks), and emits, inside an scf.if on it, the
/// report of each disagreement to `handler`: a call with the size found as
/// the index, the size expected as the dimension size, and -1 - the result
/// dimension as the dimension (docs/spec.md, "Shape agreement"). Null when
/// there is nothing to check.
Value createShapeAgreementCheck(OpBuilder &b, Location loc,
                                GatherOpInterface op, Value params,
                                Value indices, StringRef handler);

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
  /// A `tensor.empty` of the result type; for the buffer form, a writable
  /// `bufferization.to_tensor ... restrict` view of `out`.
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

/// The conversion pattern of the tensor lowerings: prepares the lowering of a
/// gather op, replaces a statically empty result by `init` and the op by
/// what `lowerFn` builds otherwise. The buffer form (`into %out`) is lowered
/// the same way on read-only `bufferization.to_tensor ... restrict` views of
/// params and indices, with a writable one of `out` as `init` (the result is
/// built in `out`), and ends in a `bufferization.materialize_in_destination`
/// of the result in `out`, which bufferization folds away.
struct TensorGatherPattern
    : public OpInterfaceConversionPattern<GatherOpInterface> {
  TensorGatherPattern(MLIRContext *ctx, TensorGatherLowerFn lowerFn,
                      PatternBenefit benefit = 1,
                      StringRef outOfBoundsHandler = kDefaultOutOfBoundsHandler)
      : OpInterfaceConversionPattern<GatherOpInterface>(ctx, benefit),
        lowerFn(std::move(lowerFn)), outOfBoundsHandler(outOfBoundsHandler) {}

  LogicalResult
  matchAndRewrite(GatherOpInterface op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override;

  /// Checks that the operands' sizes agree (createShapeAgreementCheck),
  /// then lowers with `lowerFn` unless they do not.
  Value lowerWithShapeChecks(OpBuilder &b, GatherOpInterface op, Value params,
                             Value indices,
                             const TensorGatherLowering &lowering) const;

  TensorGatherLowerFn lowerFn;
  std::string outOfBoundsHandler;
};

/// Adds the pattern that rewrites the buffer form of a gather op (`into
/// %out`) into its tensor form on read-only `bufferization.to_tensor ...
/// restrict` views of params and indices, whose result is copied into `out`
/// with `bufferization.materialize_in_destination ... in writable`. For
/// lowerings that build their own result buffer (convert-gather-to-gpu, for
/// layouts its kernels do not take); the tensor lowerings handle the buffer
/// form themselves (TensorGatherPattern) and build the result in `out`.
void populateGatherBufferFormToTensorPatterns(RewritePatternSet &patterns,
                                              PatternBenefit benefit = 1);

/// Fails, with an error naming the operand, where an operand or the result
/// of `op` is a tensor with an encoding (e.g. #sparse_tensor.encoding): the
/// lowerings read tensors as dense buffers, which such a tensor is not.
LogicalResult checkNoTensorEncodings(GatherOpInterface op);

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
/// an scf.if. `onEmpty`, if any, is built first where a dimension is empty
/// (the reports of a reporting mode: every index is out of bounds then).
Value createGuardForEmptyDims(
    OpBuilder &b, Location loc, ValueRange dimSizes, TypedAttr zero, Value init,
    function_ref<Value(OpBuilder &, Location)> buildGather,
    function_ref<void(OpBuilder &, Location)> onEmpty = nullptr);

} // namespace gather
} // namespace mlir

#endif // GATHER_CONVERSION_GATHERCOMMON_GATHERLOWERINGUTILS_H
