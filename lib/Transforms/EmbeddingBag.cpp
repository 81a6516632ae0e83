//===- EmbeddingBag.cpp - embedding bags as dedicated loops ---------------===//
//
// Part of the gather project.
//
// An embedding bag in the user's form,
//
//   %rows = gather.gather %table[%indices] : ([N, D], [B, K]) -> [B, K, D]
//   %r = linalg.reduce / linalg.generic (reduction over K) ins(%rows, ...)
//
// becomes (gather-fuse-reductions, before the gather lowering):
//
//   scf.forall (%b) in (B) shared_outs(%out = init) {      // threads: bags
//     [error, wrap] %bad = or over k of (indices[b, k] out of bounds)
//     %acc = scf.for %k in [0, K) iter_args(%acc = init row) {
//       prefetch the row `dist` (bag, k) positions ahead (into the next bag)
//       %row = vector.load %table[indices[b, k], 0] : vector<D x elt>
//       %acc' = the reduction's body on vectors (%row, weights[b, k], %acc)
//     }
//     write %acc into out[b, :]
//   }
//
// The accumulator is one vector value (registers) when D is static and the
// row is at most CPUTargetDescription::bagRegisterAccumulatorMaxBytes;
// otherwise it is the output row itself (L1), updated a cache line of
// elements at a time (dynamic D: masked transfers for the tail). A float
// min or max in registers accumulates through compares and selects, exact
// but for NaN rows and zero results, whose blocks are combined
// again (emitMinMaxBlockLoop, CPUTargetDescription::bagMinMaxThroughSelects).
//
// Why a loop nest of its own instead of tile-and-fuse (measured, see
// docs/performance.md "Embedding bag"): the fused tile copies each bag's rows
// into a [1, K, D] tile and reads them back, and the row loop that reads them
// in place has no prefetch and keeps its accumulator in memory. The C++ loop
// the issue measures against does neither; neither does this one.
//
// Out-of-bounds indices follow the op's mode (docs/spec.md): error and wrap
// mode check each bag's K indices (one or-reduction, which LLVM vectorises)
// before its rows are read; a bag with a bad index takes a second loop that
// reads each bad index as a zero row and sets the bag's flag; after the
// forall, from one thread, every bad index is reported to the handler in
// index order when a flag is set (never from the threads). Zero mode reads a
// zero row for an out-of-bounds index, clamp mode the clamped row. Nothing is
// read, and nothing checked, when the gathered tensor is empty (D = 0 or
// K = 0).
//
//===----------------------------------------------------------------------===//

#include "EmbeddingBag.h"

#include "gather/Conversion/GatherCommon/GatherLoweringUtils.h"
#include "gather/Conversion/GatherCommon/OutOfBoundsReport.h"
#include "gather/Dialect/Gather/IR/GatherInterfaces.h"
#include "gather/Dialect/Gather/IR/GatherOps.h"
#include "gather/Target/CPU/CPUTarget.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <algorithm>
#include <optional>

using namespace mlir;
using namespace mlir::gather;

namespace {

/// An embedding bag: the gather, the consumer's operands and its loops.
struct BagForm {
  GatherOp gather;
  linalg::LinalgOp consumer;
  /// The consumer operand reading the gather result ([B, K, D]).
  OpOperand *rows = nullptr;
  /// The consumer's init ([B, D]).
  OpOperand *init = nullptr;
  /// Inputs read at (bag, k): one scalar per row (e.g. per-sample weights).
  SmallVector<OpOperand *> scalarInputs;
  Type elementType, accType;
  /// The scalar the init is filled with (a linalg.fill of `fillDest`), or
  /// null.
  Value fillValue, fillDest;
  /// An elementwise op that is the only user of the reduction (e.g. the
  /// division of a mean), applied to each bag's accumulator before it is
  /// written; null when there is none.
  linalg::LinalgOp epilogue;
};

bool isScalarType(Type type) {
  if (!isa<IntegerType, FloatType>(type))
    return false;
  return type.getIntOrFloatBitWidth() % 8 == 0;
}

int64_t getBytes(Type type) { return type.getIntOrFloatBitWidth() / 8; }

/// True when every op of the consumer's body maps elementwise onto vectors
/// (arith and math ops on scalars) or is a constant, and it yields one value.
bool isVectorizableBody(Block *body) {
  for (Operation &op : body->without_terminator()) {
    if (op.getNumRegions() != 0 || op.getNumResults() != 1)
      return false;
    if (!op.hasTrait<OpTrait::ConstantLike>() &&
        !OpTrait::hasElementwiseMappableTraits(&op))
      return false;
    for (Value v : op.getOperands())
      if (!isScalarType(v.getType()))
        return false;
    if (!isScalarType(op.getResult(0).getType()))
      return false;
  }
  return body->getTerminator()->getNumOperands() == 1;
}

bool hasEncoding(Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  return !ranked || ranked.getEncoding();
}

/// The loop of `map` result `i`, a dim expression.
unsigned getLoop(AffineMap map, unsigned i) {
  return cast<AffineDimExpr>(map.getResult(i)).getPosition();
}

/// The elementwise linalg op (linalg.map, an all-parallel linalg.generic
/// with identity maps) that alone reads the reduction's result and nothing
/// else but constants, in the same block, with an elementwise body that
/// does not read its init and yields the accumulator's type; null when
/// there is none. Only with a filled init: the forall then writes the
/// epilogue's init, and the accumulator starts from the fill value.
linalg::LinalgOp matchEpilogue(const BagForm &form) {
  Value result = form.consumer->getResult(0);
  if (!form.fillValue || !result.hasOneUse())
    return nullptr;
  auto epilogue = dyn_cast<linalg::LinalgOp>(*result.getUsers().begin());
  if (!epilogue || epilogue->getBlock() != form.consumer->getBlock() ||
      !epilogue.hasPureTensorSemantics() || epilogue.getNumLoops() != 2 ||
      epilogue.getNumParallelLoops() != 2 ||
      epilogue.getNumDpsInputs() != 1 || epilogue.getNumDpsInits() != 1 ||
      epilogue->getNumResults() != 1 ||
      epilogue.getDpsInputOperand(0)->get() != result)
    return nullptr;
  for (AffineMap map : epilogue.getIndexingMapsArray())
    if (!map.isIdentity())
      return nullptr;
  OpOperand *init = epilogue.getDpsInitOperand(0);
  auto initType = dyn_cast<RankedTensorType>(init->get().getType());
  if (!initType || initType.getEncoding() ||
      initType.getElementType() != form.accType ||
      !epilogue.getMatchingBlockArgument(init).use_empty() ||
      !isVectorizableBody(epilogue.getBlock()))
    return nullptr;
  return epilogue;
}

/// The gather of an embedding bag: row gathers [B, K] -> [B, K, D] of a
/// table [N, D] of scalars with D not 0, on tensors without encodings, with
/// one user and no run-time shape checks (those are left to the lowering).
GatherOp matchBagGather(Operation *op) {
  auto gather = dyn_cast<GatherOp>(op);
  if (!gather || gather.getOut() || !gather->hasOneUse())
    return nullptr;
  GatherGeometry g = GatherGeometry::get(gather);
  if (g.batchDims != 0 || g.firstIndexedDim != 0 || g.indexDepth != 1 ||
      g.numPositionDims != 2 || g.hasIndexVectorDim || g.resultRank != 3)
    return nullptr;
  if (hasEncoding(gather.getParams().getType()) ||
      hasEncoding(gather.getIndices().getType()) ||
      hasEncoding(gather->getResult(0).getType()))
    return nullptr;
  if (needsRunTimeShapeChecks(cast<GatherOpInterface>(op)))
    return nullptr;
  auto paramsType = cast<RankedTensorType>(gather.getParams().getType());
  if (!isScalarType(paramsType.getElementType()) ||
      paramsType.getDimSize(1) == 0)
    return nullptr;
  return gather;
}

/// The consumer's loops over bags (B), rows of a bag (K) and columns (D).
struct BagLoops {
  unsigned b, k, d;
};

/// Sets `form.rows`, the one consumer input that reads the gather, and
/// returns the loops its map gives B, K and D: parallel, reduction and
/// parallel.
std::optional<BagLoops> matchRows(BagForm &form) {
  linalg::LinalgOp consumer = form.consumer;
  if (consumer.getNumLoops() != 3 || consumer.getNumDpsInits() != 1 ||
      consumer->getNumResults() != 1 || !consumer.hasPureTensorSemantics())
    return std::nullopt;
  for (OpOperand *operand : consumer.getDpsInputOperands()) {
    if (operand->get() != form.gather->getResult(0))
      continue;
    if (form.rows)
      return std::nullopt;
    form.rows = operand;
  }
  if (!form.rows)
    return std::nullopt;
  AffineMap rowsMap = consumer.getMatchingIndexingMap(form.rows);
  if (!rowsMap.isPermutation())
    return std::nullopt;
  BagLoops loops{getLoop(rowsMap, 0), getLoop(rowsMap, 1),
                 getLoop(rowsMap, 2)};
  SmallVector<utils::IteratorType> iterators =
      consumer.getIteratorTypesArray();
  if (iterators[loops.b] != utils::IteratorType::parallel ||
      iterators[loops.k] != utils::IteratorType::reduction ||
      iterators[loops.d] != utils::IteratorType::parallel)
    return std::nullopt;
  return loops;
}

/// True when `map` gives exactly `loops`, in order.
bool isLoops(AffineMap map, ArrayRef<unsigned> loops) {
  if (map.getNumResults() != loops.size())
    return false;
  for (auto [i, loop] : llvm::enumerate(loops)) {
    auto dim = dyn_cast<AffineDimExpr>(map.getResult(i));
    if (!dim || dim.getPosition() != loop)
      return false;
  }
  return true;
}

/// Sets the other inputs (scalars read at (B, K)) and the init (read and
/// written at (B, D)); false when an operand is of another form.
bool matchScalarInputsAndInit(BagForm &form, BagLoops loops) {
  linalg::LinalgOp consumer = form.consumer;
  for (OpOperand *operand : consumer.getDpsInputOperands()) {
    if (operand == form.rows)
      continue;
    auto type = dyn_cast<RankedTensorType>(operand->get().getType());
    if (!type || type.getEncoding() || !isScalarType(type.getElementType()) ||
        !isLoops(consumer.getMatchingIndexingMap(operand), {loops.b, loops.k}))
      return false;
    form.scalarInputs.push_back(operand);
  }
  form.init = consumer.getDpsInitOperand(0);
  auto initType = dyn_cast<RankedTensorType>(form.init->get().getType());
  if (!initType || initType.getEncoding() ||
      !isScalarType(initType.getElementType()) ||
      !isLoops(consumer.getMatchingIndexingMap(form.init), {loops.b, loops.d}))
    return false;
  form.accType = initType.getElementType();
  return true;
}

std::optional<BagForm> matchBag(linalg::LinalgOp consumer, Operation *op) {
  BagForm form;
  form.gather = matchBagGather(op);
  if (!form.gather)
    return std::nullopt;
  form.consumer = consumer;
  form.elementType = form.gather.getParams().getType().getElementType();
  std::optional<BagLoops> loops = matchRows(form);
  if (!loops || !matchScalarInputsAndInit(form, *loops) ||
      !isVectorizableBody(consumer.getBlock()))
    return std::nullopt;
  if (auto fill = form.init->get().getDefiningOp<linalg::FillOp>()) {
    Value value = fill.getInputs()[0];
    if (value.getType() == form.accType) {
      form.fillValue = value;
      form.fillDest = fill.getOutputs()[0];
    }
  }
  form.epilogue = matchEpilogue(form);
  return form;
}

/// The ordered compare that keeps the accumulator's element of a float min
/// or max combiner (`ogt` for a max, `olt` for a min): a body that is one
/// arith.maximumf, minimumf, maxnumf or minnumf of the row and the
/// accumulator, without the fast-math flags that already let LLVM use the
/// target's plain min/max. std::nullopt for any other body.
std::optional<arith::CmpFPredicate> matchFloatMinMax(const BagForm &form) {
  linalg::LinalgOp consumer = form.consumer;
  Block *body = consumer.getBlock();
  // The IEEE types LLVM compares and fmas natively (not the f8 ones).
  if (!isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(
          form.elementType) ||
      form.elementType != form.accType ||
      !llvm::hasSingleElement(body->without_terminator()))
    return std::nullopt;
  Operation &op = body->front();
  if (body->getTerminator()->getOperand(0) != op.getResult(0))
    return std::nullopt;
  Value row = consumer.getMatchingBlockArgument(form.rows);
  Value acc = consumer.getMatchingBlockArgument(form.init);
  if (op.getNumOperands() != 2 ||
      !((op.getOperand(0) == row && op.getOperand(1) == acc) ||
        (op.getOperand(0) == acc && op.getOperand(1) == row)))
    return std::nullopt;
  auto fastMath = dyn_cast<arith::ArithFastMathInterface>(op);
  if (!fastMath || bitEnumContainsAll(
                       fastMath.getFastMathFlagsAttr().getValue(),
                       arith::FastMathFlags::nnan | arith::FastMathFlags::nsz))
    return std::nullopt;
  if (isa<arith::MaximumFOp, arith::MaxNumFOp>(op))
    return arith::CmpFPredicate::OGT;
  if (isa<arith::MinimumFOp, arith::MinNumFOp>(op))
    return arith::CmpFPredicate::OLT;
  return std::nullopt;
}

/// Returns a read-only `bufferization.to_buffer` of the [N, D] table with a
/// unit innermost stride (rows are read with vector loads) and any other
/// strides and offset.
Value createTableBuffer(OpBuilder &b, Location loc, Value table) {
  auto type = cast<RankedTensorType>(table.getType());
  auto layout = StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic,
                                       {ShapedType::kDynamic, 1});
  auto bufferType =
      MemRefType::get(type.getShape(), type.getElementType(), layout);
  return bufferization::ToBufferOp::create(b, loc, bufferType, table,
                                           /*readOnly=*/true);
}

/// Builds the loop nest of one embedding bag.
class BagEmitter {
public:
  BagEmitter(BagForm form, const EmbeddingBagOptions &options)
      : form(form), options(options),
        geometry(GatherGeometry::get(form.gather)),
        mode(form.gather.getMode()) {}

  Value emit(OpBuilder &b);

private:
  std::pair<Value, Value> emitBag(OpBuilder &b, Location loc, Value bag,
                                  Value slot);
  void emitReportsAfter(OpBuilder &b, Location loc, Value flags);
  Value emitRows(OpBuilder &b, Location loc, Value bag, Value slot,
                 bool reported);
  Value emitRowsInBlocks(OpBuilder &b, Location loc, Value bag, Value slot);
  Value emitRowsInSlot(OpBuilder &b, Location loc, Value bag, Value slot,
                       bool reported);
  Value emitSlotUpdates(OpBuilder &b, Location loc, const ResolvedIndex &row,
                        ArrayRef<Value> scalars, Value begin, Value end,
                        int64_t width, Value slot);
  Value emitBlock(OpBuilder &b, Location loc, Value bag, Value slot,
                  Value offset, int64_t width, bool prefetch);
  Value emitBlockLoop(OpBuilder &b, Location loc, Value bag, Value offset,
                      int64_t width, bool prefetch, Value init);
  Value emitMinMaxBlockLoop(OpBuilder &b, Location loc, Value bag, Value offset,
                            int64_t width, bool prefetch, Value init);
  void emitPrefetch(OpBuilder &b, Location loc, Value bag, Value k);
  ResolvedIndex resolveRow(OpBuilder &b, Location loc, Value bag, Value k,
                           bool reported);
  Value readRow(OpBuilder &b, Location loc, const ResolvedIndex &row,
                Value offset, int64_t width);
  SmallVector<Value> loadScalars(OpBuilder &b, Location loc, Value bag,
                                 Value k);
  Value combine(OpBuilder &b, Location loc, Value row, Value acc,
                ArrayRef<Value> scalars, int64_t width);
  Value applyEpilogue(OpBuilder &b, Location loc, Value acc, int64_t width);
  Value applyEpilogueToSlot(OpBuilder &b, Location loc, Value slot);
  Value vectorizeBody(OpBuilder &b, Location loc, Block *body,
                      IRMapping &mapping, int64_t width);
  Value cst(OpBuilder &b, Location loc, int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  }
  void readSizes(OpBuilder &b, Location loc);
  void chooseTuning(const CPUTargetDescription &target);
  Value createRunTimePrefetchDistance(OpBuilder &b, Location loc,
                                      const CPUTargetDescription &target);
  Value emitForall(OpBuilder &b, Location loc);

  BagForm form;
  const EmbeddingBagOptions &options;
  GatherGeometry geometry;
  GatherMode mode;
  Value table, indices, tableBuffer;
  Value numBags, bagSize, numRows, rowSize;
  int64_t staticRowSize = ShapedType::kDynamic;
  /// The scalar the init is filled with (linalg.fill), else null.
  Value fillValue;
  /// Where the forall writes the results (a fill's or an epilogue's init
  /// where those are folded in, else the reduction's init).
  Value shared;
  /// Static D: columns per block of the row whose accumulator is one
  /// vector value (registers); 0: the accumulator is the output row.
  int64_t blockWidth = 0;
  /// Elements per step of the in-memory accumulator.
  int64_t chunk = 1;
  int64_t prefetchDistance = 0;
  /// Dynamic D: the distance, computed from the row size at run time by the
  /// rules for a static one (chooseTuning); null otherwise.
  Value runTimePrefetchDistance;
  /// The prefetches' locality hint (CPUTargetDescription::
  /// getRowPrefetchLocality of the table).
  unsigned prefetchLocality = 3;
  /// Elements per cache line and elements of a row to prefetch (static D).
  int64_t lineElements = 1, prefetchMaxElements = 1;
  /// True when the table may have no row (clamp mode reads none then).
  bool tableMayBeEmpty = true;
  /// Set when register blocks of a float min or max accumulate through
  /// compares and selects (CPUTargetDescription::bagMinMaxThroughSelects):
  /// the compare that picks the row's element.
  std::optional<arith::CmpFPredicate> minMaxPredicate;
};

/// Reads the table, the indices and their sizes, and makes the table's
/// read-only buffer.
void BagEmitter::readSizes(OpBuilder &b, Location loc) {
  table = form.gather.getParams();
  indices = form.gather.getIndices();
  auto tableType = cast<RankedTensorType>(table.getType());
  staticRowSize = tableType.getDimSize(1);
  tableMayBeEmpty = tableType.getDimSize(0) == 0 || tableType.isDynamicDim(0);
  numBags = createDimSize(b, loc, indices, 0);
  bagSize = createDimSize(b, loc, indices, 1);
  numRows = createDimSize(b, loc, table, 0);
  rowSize = createDimSize(b, loc, table, 1);
  tableBuffer = createTableBuffer(b, loc, table);
}

/// Chooses the register block width, the in-memory accumulator's step and
/// the prefetch distance from the options and the target.
void BagEmitter::chooseTuning(const CPUTargetDescription &target) {
  int64_t elementBytes = getBytes(form.elementType);
  int64_t accBytes = getBytes(form.accType);
  if (target.bagMinMaxThroughSelects)
    minMaxPredicate = matchFloatMinMax(form);
  int64_t registerMax = options.registerAccumulatorMaxBytes >= 0
                            ? options.registerAccumulatorMaxBytes
                            : target.bagRegisterAccumulatorMaxBytes;
  if (!ShapedType::isDynamic(staticRowSize))
    blockWidth = std::min<int64_t>(
        staticRowSize, registerMax / std::max(elementBytes, accBytes));
  chunk = std::max<int64_t>(
      target.cacheLineBytes / std::max(elementBytes, accBytes), 1);
  lineElements = std::max<int64_t>(target.cacheLineBytes / elementBytes, 1);
  prefetchMaxElements =
      std::max<int64_t>(target.slicePrefetchMaxBytes / elementBytes, 1);
  std::optional<int64_t> rowBytes;
  if (!ShapedType::isDynamic(staticRowSize))
    rowBytes = llvm::checkedMul(staticRowSize, elementBytes);
  prefetchLocality = target.getRowPrefetchLocality(
      cast<ShapedType>(table.getType()), elementBytes, rowBytes);
  if (options.prefetchDistance >= 0) {
    prefetchDistance = options.prefetchDistance;
  } else if (ShapedType::isDynamic(staticRowSize)) {
    // Computed at run time (createRunTimePrefetchDistance): 8 rows for
    // every D (before stop 43) gave D64 1.10x the C++ prefetch loop, 16 or
    // 32 1.23-1.25x; D256 even at 8, 16 and 32 (Zen 4).
    prefetchDistance = -1;
  } else {
    // About bagPrefetchAheadBytes of rows ahead, none for rows under a
    // cache line (an extra index load per row for lines the hardware brings
    // with their neighbours), as convert-gather-to-scf does for slices.
    // Rows of 4 KiB and more have their first 4 KiB prefetched (the
    // hardware follows the rest) at the shortest distance.
    int64_t rowBytes = staticRowSize * elementBytes;
    prefetchDistance =
        rowBytes < target.cacheLineBytes
            ? 0
            : std::clamp<int64_t>(target.bagPrefetchAheadBytes / rowBytes,
                                  target.slicePrefetchMinDistance,
                                  target.slicePrefetchMaxDistance);
  }
}

Value BagEmitter::emit(OpBuilder &b) {
  Location loc = form.consumer.getLoc();
  readSizes(b, loc);
  CPUTargetDescription target =
      CPUTargetDescription::get(form.consumer.getOperation());
  chooseTuning(target);
  if (prefetchDistance < 0)
    runTimePrefetchDistance = createRunTimePrefetchDistance(b, loc, target);
  // The accumulator starts as the init: a splat of the filled value where
  // the init is a linalg.fill (the fill itself is then dead), else the
  // init's row. With an epilogue, the forall writes the epilogue's init.
  fillValue = form.fillValue;
  shared = form.epilogue ? form.epilogue.getDpsInitOperand(0)->get()
                         : fillValue ? form.fillDest : form.init->get();
  return emitForall(b, loc);
}

/// The distance of a dynamic D's row prefetches, by chooseTuning's rules
/// for a static D: about bagPrefetchAheadBytes of rows ahead, within the
/// target's slice distances, 0 (the current row, which is already on its
/// way) for rows under a cache line.
Value BagEmitter::createRunTimePrefetchDistance(
    OpBuilder &b, Location loc, const CPUTargetDescription &target) {
  Value rowBytes = arith::MulIOp::create(
      b, loc, rowSize, cst(b, loc, getBytes(form.elementType)));
  Value ahead = createSlicesAhead(
      b, loc, cst(b, loc, target.bagPrefetchAheadBytes), rowBytes,
      target.slicePrefetchMinDistance, target.slicePrefetchMaxDistance);
  Value underLine =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, rowBytes,
                            cst(b, loc, target.cacheLineBytes));
  return arith::SelectOp::create(b, loc, underLine, cst(b, loc, 0), ahead);
}

/// Emits the scf.forall over bags, each writing its row of `shared`.
Value BagEmitter::emitForall(OpBuilder &b, Location loc) {
  // An empty gathered tensor reads nothing and checks nothing: no bag runs
  // when D = 0 (K = 0 runs no row).
  OpFoldResult upper = numBags;
  if (ShapedType::isDynamic(staticRowSize)) {
    Value empty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        rowSize, cst(b, loc, 0));
    upper = Value(
        arith::SelectOp::create(b, loc, empty, cst(b, loc, 0), numBags));
  }
  bool reports = isReportingMode(mode);
  SmallVector<Value> outputs{shared};
  if (reports)
    outputs.push_back(tensor::EmptyOp::create(
        b, loc, ArrayRef<OpFoldResult>{upper}, b.getI8Type()));
  auto forall = scf::ForallOp::create(b, loc, ArrayRef<OpFoldResult>{upper},
                                      outputs, std::nullopt);
  Value bag = forall.getInductionVars()[0];
  Value out = forall.getRegionIterArgs()[0];
  b.setInsertionPoint(forall.getTerminator());
  SmallVector<OpFoldResult> offsets = {bag, b.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes = {b.getIndexAttr(1),
                                     getAsOpFoldResult(rowSize)};
  SmallVector<OpFoldResult> strides = {b.getIndexAttr(1), b.getIndexAttr(1)};
  auto slotType = RankedTensorType::get({staticRowSize}, form.accType);
  Value slot = tensor::ExtractSliceOp::create(b, loc, slotType, out, offsets,
                                              sizes, strides);
  auto [result, bad] = emitBag(b, loc, bag, slot);
  if (reports)
    writeIterationFlag(b, loc, forall, /*sharedIndex=*/1, bad);
  b.setInsertionPointToStart(forall.getTerminator().getBody());
  tensor::ParallelInsertSliceOp::create(b, loc, result, out, offsets, sizes,
                                        strides);
  if (!reports)
    return forall.getResult(0);
  b.setInsertionPointAfter(forall);
  emitReportsAfter(b, loc, forall.getResult(1));
  return forall.getResult(0);
}

/// Emits one bag's sum into `slot`. In a reporting mode, returns too whether
/// the bag had a bad index: its rows then read as zero rows, and the reports
/// come after the forall (emitReportsAfter), from one thread, in index order.
std::pair<Value, Value> BagEmitter::emitBag(OpBuilder &b, Location loc,
                                            Value bag, Value slot) {
  if (!isReportingMode(mode))
    return {emitRows(b, loc, bag, slot, /*reported=*/false), Value()};
  Value falseValue = arith::ConstantIntOp::create(b, loc, 0, 1);
  auto check = scf::ForOp::create(
      b, loc, cst(b, loc, 0), bagSize, cst(b, loc, 1), ValueRange{falseValue},
      [&](OpBuilder &lb, Location ll, Value k, ValueRange args) {
        Value index = loadIndex(lb, ll, indices, {bag, k});
        // Wrap mode checks the wrapped index, error mode the index.
        Value address = resolveIndex(lb, ll, mode, index, numRows).address;
        Value bad = arith::CmpIOp::create(lb, ll, arith::CmpIPredicate::uge,
                                          address, numRows);
        scf::YieldOp::create(
            lb, ll, ValueRange{arith::OrIOp::create(lb, ll, args[0], bad)});
      });
  auto ifOp = scf::IfOp::create(
      b, loc, check.getResult(0),
      [&](OpBuilder &tb, Location tl) {
        scf::YieldOp::create(
            tb, tl, emitRows(tb, tl, bag, slot, /*reported=*/true));
      },
      [&](OpBuilder &eb, Location el) {
        scf::YieldOp::create(
            eb, el, emitRows(eb, el, bag, slot, /*reported=*/false));
      });
  return {ifOp.getResult(0), check.getResult(0)};
}

/// Reports every bad index of the gather, in index order, when the flag of
/// a bag that ran (one i8 per bag in `flags`) is set.
void BagEmitter::emitReportsAfter(OpBuilder &b, Location loc, Value flags) {
  scf::IfOp::create(
      b, loc, createAnyFlagSet(b, loc, flags), [&](OpBuilder &tb, Location tl) {
        createIndexValidation(tb, tl, form.gather, geometry, indices,
                              ValueRange{numRows}, options.outOfBoundsHandler);
        scf::YieldOp::create(tb, tl);
      });
}

Value BagEmitter::emitRows(OpBuilder &b, Location loc, Value bag, Value slot,
                           bool reported) {
  if (!reported && blockWidth > 0)
    return emitRowsInBlocks(b, loc, bag, slot);
  return emitRowsInSlot(b, loc, bag, slot, reported);
}

/// Static D, no bad index: the row in blocks of blockWidth columns, each
/// summed over the bag in registers. The first block's pass prefetches whole
/// rows; the other passes find them in cache. (One vector<D> value for a
/// D256 f32 row measured 0.9x the C++ prefetch loop: 32 ymm accumulators
/// spill.)
Value BagEmitter::emitRowsInBlocks(OpBuilder &b, Location loc, Value bag,
                                   Value slot) {
  int64_t numBlocks = staticRowSize / blockWidth;
  int64_t tail = staticRowSize % blockWidth;
  slot = emitBlock(b, loc, bag, slot, cst(b, loc, 0), blockWidth,
                   /*prefetch=*/true);
  if (numBlocks > 1)
    slot = scf::ForOp::create(
               b, loc, cst(b, loc, blockWidth),
               cst(b, loc, numBlocks * blockWidth), cst(b, loc, blockWidth),
               ValueRange{slot},
               [&](OpBuilder &lb, Location ll, Value offset, ValueRange args) {
                 scf::YieldOp::create(lb, ll,
                                      emitBlock(lb, ll, bag, args[0], offset,
                                                blockWidth,
                                                /*prefetch=*/false));
               })
               .getResult(0);
  if (tail)
    slot = emitBlock(b, loc, bag, slot, cst(b, loc, numBlocks * blockWidth),
                     tail, /*prefetch=*/false);
  return slot;
}

/// The accumulator is the output row, a cache line of elements at a time,
/// then one element at a time for the tail: every transfer in bounds.
Value BagEmitter::emitRowsInSlot(OpBuilder &b, Location loc, Value bag,
                                 Value slot, bool reported) {
  if (fillValue)
    slot = linalg::FillOp::create(b, loc, fillValue, slot).getResult(0);
  Value fullEnd = rowSize;
  if (ShapedType::isDynamic(staticRowSize) || staticRowSize % chunk != 0)
    fullEnd = arith::SubIOp::create(
        b, loc, rowSize,
        arith::RemUIOp::create(b, loc, rowSize, cst(b, loc, chunk)));
  auto loop = scf::ForOp::create(
      b, loc, cst(b, loc, 0), bagSize, cst(b, loc, 1), ValueRange{slot},
      [&](OpBuilder &lb, Location ll, Value k, ValueRange args) {
        emitPrefetch(lb, ll, bag, k);
        ResolvedIndex row = resolveRow(lb, ll, bag, k, reported);
        SmallVector<Value> scalars = loadScalars(lb, ll, bag, k);
        Value acc = emitSlotUpdates(lb, ll, row, scalars, cst(lb, ll, 0),
                                    fullEnd, chunk, args[0]);
        if (fullEnd != rowSize)
          acc = emitSlotUpdates(lb, ll, row, scalars, fullEnd, rowSize, 1, acc);
        scf::YieldOp::create(lb, ll, acc);
      });
  if (!form.epilogue)
    return loop.getResult(0);
  return applyEpilogueToSlot(b, loc, loop.getResult(0));
}

/// Combines columns [begin, end) of `row` into the slot, `width` at a time
/// (read the slot, combine, write it back).
Value BagEmitter::emitSlotUpdates(OpBuilder &b, Location loc,
                                  const ResolvedIndex &row,
                                  ArrayRef<Value> scalars, Value begin,
                                  Value end, int64_t width, Value slot) {
  auto loop = scf::ForOp::create(
      b, loc, begin, end, cst(b, loc, width), ValueRange{slot},
      [&](OpBuilder &lb, Location ll, Value offset, ValueRange accs) {
        auto accVector = VectorType::get({width}, form.accType);
        Value pad = arith::ConstantOp::create(lb, ll, form.accType,
                                              lb.getZeroAttr(form.accType));
        Value accValues = vector::TransferReadOp::create(
            lb, ll, accVector, accs[0], ValueRange{offset}, pad,
            ArrayRef<bool>{true});
        Value values = readRow(lb, ll, row, offset, width);
        Value next = combine(lb, ll, values, accValues, scalars, width);
        Value written = vector::TransferWriteOp::create(lb, ll, next, accs[0],
                                                        ValueRange{offset},
                                                        ArrayRef<bool>{true})
                            .getResult();
        scf::YieldOp::create(lb, ll, written);
      });
  return loop.getResult(0);
}

/// Applies the epilogue to the slot in place, a cache line of elements at a
/// time, then one at a time.
Value BagEmitter::applyEpilogueToSlot(OpBuilder &b, Location loc,
                                      Value slot) {
  Value fullEnd = arith::SubIOp::create(
      b, loc, rowSize,
      arith::RemUIOp::create(b, loc, rowSize, cst(b, loc, chunk)));
  auto step = [&](Value begin, Value end, int64_t width, Value acc) {
    return scf::ForOp::create(
               b, loc, begin, end, cst(b, loc, width), ValueRange{acc},
               [&](OpBuilder &cb, Location cl, Value offset,
                   ValueRange accs) {
                 auto type = VectorType::get({width}, form.accType);
                 Value pad = arith::ConstantOp::create(
                     cb, cl, form.accType, cb.getZeroAttr(form.accType));
                 Value values = vector::TransferReadOp::create(
                     cb, cl, type, accs[0], ValueRange{offset}, pad,
                     ArrayRef<bool>{true});
                 Value written =
                     vector::TransferWriteOp::create(
                         cb, cl, applyEpilogue(cb, cl, values, width),
                         accs[0], ValueRange{offset}, ArrayRef<bool>{true})
                         .getResult();
                 scf::YieldOp::create(cb, cl, written);
               })
        .getResult(0);
  };
  slot = step(cst(b, loc, 0), fullEnd, chunk, slot);
  return step(fullEnd, rowSize, 1, slot);
}

/// Sums columns [offset, offset + width) of the bag's rows into one vector
/// value and writes it into the slot.
Value BagEmitter::emitBlock(OpBuilder &b, Location loc, Value bag, Value slot,
                            Value offset, int64_t width, bool prefetch) {
  auto accVector = VectorType::get({width}, form.accType);
  Value acc;
  if (fillValue) {
    acc = vector::BroadcastOp::create(b, loc, accVector, fillValue);
  } else {
    Value pad = arith::ConstantOp::create(b, loc, form.accType,
                                          b.getZeroAttr(form.accType));
    acc = vector::TransferReadOp::create(b, loc, accVector, slot,
                                         ValueRange{offset}, pad,
                                         ArrayRef<bool>{true});
  }
  Value sum =
      minMaxPredicate
          ? emitMinMaxBlockLoop(b, loc, bag, offset, width, prefetch, acc)
          : emitBlockLoop(b, loc, bag, offset, width, prefetch, acc);
  if (form.epilogue)
    sum = applyEpilogue(b, loc, sum, width);
  return vector::TransferWriteOp::create(b, loc, sum, slot,
                                         ValueRange{offset},
                                         ArrayRef<bool>{true})
      .getResult();
}

/// The loop over the bag's rows that combines columns [offset, offset +
/// width) of each into `init` with the consumer's body; returns the result.
Value BagEmitter::emitBlockLoop(OpBuilder &b, Location loc, Value bag,
                                Value offset, int64_t width, bool prefetch,
                                Value init) {
  return scf::ForOp::create(
             b, loc, cst(b, loc, 0), bagSize, cst(b, loc, 1), ValueRange{init},
             [&](OpBuilder &lb, Location ll, Value k, ValueRange args) {
               if (prefetch)
                 emitPrefetch(lb, ll, bag, k);
               ResolvedIndex row =
                   resolveRow(lb, ll, bag, k, /*reported=*/false);
               SmallVector<Value> scalars = loadScalars(lb, ll, bag, k);
               Value values = readRow(lb, ll, row, offset, width);
               scf::YieldOp::create(
                   lb, ll, combine(lb, ll, values, args[0], scalars, width));
             })
      .getResult(0);
}

/// One step of a float min or max without the op's NaN and signed-zero
/// rules: `acc` where the ordered compare `predicate` picks it (`ogt`: a
/// max), else the row's element `x`, so that a NaN in `x` enters the
/// accumulator (x86: one vmaxps whose second operand, the row, is read from
/// memory in the instruction; with `x` first, a NaN row would be dropped and
/// the row needed a register of its own for the NaN check).
Value createMinMaxStep(OpBuilder &b, Location loc,
                       arith::CmpFPredicate predicate, Value x, Value acc) {
  Value keep = arith::CmpFOp::create(b, loc, predicate, acc, x);
  return arith::SelectOp::create(b, loc, keep, acc, x);
}

/// `ordered` and, lane by lane, whether the parts of `x` of `ordered`'s
/// width are no NaN, two parts to a compare (`ord` is false where either is
/// NaN): half an instruction a vector of `x`, a compare under the mask of
/// `ordered` on AVX-512, where a sum of `x * 0` took one fma a vector.
Value createOrderedStep(OpBuilder &b, Location loc, Value x, Value ordered) {
  int64_t width = cast<VectorType>(x.getType()).getNumElements();
  int64_t partWidth = cast<VectorType>(ordered.getType()).getNumElements();
  auto part = [&](int64_t offset) -> Value {
    if (partWidth == width)
      return x;
    return vector::ExtractStridedSliceOp::create(
        b, loc, x, ArrayRef<int64_t>{offset}, ArrayRef<int64_t>{partWidth},
        ArrayRef<int64_t>{1});
  };
  for (int64_t i = 0; i < width; i += 2 * partWidth) {
    Value lhs = part(i);
    Value rhs = i + partWidth < width ? part(i + partWidth) : lhs;
    Value both =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ORD, lhs, rhs);
    ordered = arith::AndIOp::create(b, loc, ordered, both);
  }
  return ordered;
}

/// Whether any lane of `v` is NaN.
Value createAnyNaN(OpBuilder &b, Location loc, Value v) {
  Value lanes = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, v, v);
  return vector::ReductionOp::create(b, loc, vector::CombiningKind::OR, lanes);
}

/// Whether any lane of `v` is +0 or -0.
Value createAnyZero(OpBuilder &b, Location loc, Value v) {
  Value zeros = arith::ConstantOp::create(
      b, loc, v.getType(), cast<TypedAttr>(b.getZeroAttr(v.getType())));
  Value lanes =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, v, zeros);
  return vector::ReductionOp::create(b, loc, vector::CombiningKind::OR, lanes);
}

/// emitBlockLoop for a float min or max (minMaxPredicate) through compares
/// and selects (createMinMaxStep: one vmaxps on x86, against six for
/// llvm.maximum), exact but where a NaN or a signed zero decides. A NaN
/// row enters the accumulator, whose lanes clear the ordered mask in the
/// same step (createOrderedStep: a register, not the row again, so the row
/// is read once, in the vmaxps; stop 46, Zen 5, D256 max 0.91 -> 0.98x the
/// C++ prefetch loop); a NaN in the init shows at once, and a tie of +0 and
/// -0 can only matter where the result is a zero; then (rare) the block is
/// combined again with the op.
Value BagEmitter::emitMinMaxBlockLoop(OpBuilder &b, Location loc, Value bag,
                                      Value offset, int64_t width,
                                      bool prefetch, Value init) {
  // The ordered mask is a cache line of elements wide (one AVX-512 mask
  // register; wider, LLVM packs the lanes of several into one with a chain
  // of shuffles every row): a wider accumulator folds into it two lines a
  // compare.
  int64_t maskWidth = width % chunk == 0 ? chunk : width;
  auto maskType = VectorType::get({maskWidth}, b.getI1Type());
  Value allOrdered = arith::ConstantOp::create(
      b, loc, maskType, DenseElementsAttr::get(maskType, true));
  auto loop = scf::ForOp::create(
      b, loc, cst(b, loc, 0), bagSize, cst(b, loc, 1),
      ValueRange{init, allOrdered},
      [&](OpBuilder &lb, Location ll, Value k, ValueRange args) {
        if (prefetch)
          emitPrefetch(lb, ll, bag, k);
        ResolvedIndex row = resolveRow(lb, ll, bag, k, /*reported=*/false);
        Value x = readRow(lb, ll, row, offset, width);
        Value acc = createMinMaxStep(lb, ll, *minMaxPredicate, x, args[0]);
        scf::YieldOp::create(
            lb, ll, ValueRange{acc, createOrderedStep(lb, ll, acc, args[1])});
      });
  Value rowsOrdered = vector::ReductionOp::create(
      b, loc, vector::CombiningKind::AND, loop.getResult(1));
  Value rowNaN = createNot(b, loc, rowsOrdered);
  Value redo = arith::OrIOp::create(
      b, loc, arith::OrIOp::create(b, loc, createAnyNaN(b, loc, init), rowNaN),
      createAnyZero(b, loc, loop.getResult(0)));
  auto exact = scf::IfOp::create(
      b, loc, redo,
      [&](OpBuilder &tb, Location tl) {
        scf::YieldOp::create(tb, tl,
                             emitBlockLoop(tb, tl, bag, offset, width,
                                           /*prefetch=*/false, init));
      },
      [&](OpBuilder &eb, Location el) {
        scf::YieldOp::create(eb, el, loop.getResult(0));
      });
  return exact.getResult(0);
}

/// Prefetches the row `prefetchDistance` positions ahead in the flattened
/// (bag, k) order: in the bag, or in the next one (at most K positions
/// ahead, so that no division is needed), the last bag's own rows at the
/// end. Every cache line of the row's first slicePrefetchMaxBytes.
void BagEmitter::emitPrefetch(OpBuilder &b, Location loc, Value bag,
                              Value k) {
  if (prefetchDistance == 0)
    return;
  Value one = cst(b, loc, 1);
  Value distance = arith::MinUIOp::create(b, loc,
                                          runTimePrefetchDistance
                                              ? runTimePrefetchDistance
                                              : cst(b, loc, prefetchDistance),
                                          bagSize);
  Value aheadK = arith::AddIOp::create(b, loc, k, distance);
  Value nextBag = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                        aheadK, bagSize);
  aheadK = arith::SelectOp::create(
      b, loc, nextBag, arith::SubIOp::create(b, loc, aheadK, bagSize), aheadK);
  Value aheadBag = arith::SelectOp::create(
      b, loc, nextBag, arith::AddIOp::create(b, loc, bag, one), bag);
  aheadBag = arith::MinUIOp::create(
      b, loc, aheadBag, arith::SubIOp::create(b, loc, numBags, one));
  Value index = loadIndex(b, loc, indices, {aheadBag, aheadK});
  // Any row will do for a bad index (a prefetch never faults, but its
  // address must stay in the table).
  Value address = arith::MinUIOp::create(
      b, loc, index, arith::SubIOp::create(b, loc, numRows, one));
  auto prefetch = [&](OpBuilder &pb, Location pl, Value offset) {
    memref::PrefetchOp::create(pb, pl, tableBuffer, ValueRange{address, offset},
                               /*isWrite=*/false, prefetchLocality,
                               /*isDataCache=*/true);
  };
  if (!ShapedType::isDynamic(staticRowSize)) {
    int64_t end = std::min(staticRowSize, prefetchMaxElements);
    for (int64_t offset = 0; offset < end; offset += lineElements)
      prefetch(b, loc, cst(b, loc, offset));
    return;
  }
  Value end = arith::MinUIOp::create(b, loc, rowSize,
                                     cst(b, loc, prefetchMaxElements));
  scf::ForOp::create(b, loc, cst(b, loc, 0), end, cst(b, loc, lineElements),
                     ValueRange(),
                     [&](OpBuilder &lb, Location ll, Value offset, ValueRange) {
                       prefetch(lb, ll, offset);
                       scf::YieldOp::create(lb, ll);
                     });
}

/// The row of position (bag, k) after the op's mode: `isValid` false where
/// a zero row is read instead.
ResolvedIndex BagEmitter::resolveRow(OpBuilder &b, Location loc, Value bag,
                                     Value k, bool reported) {
  if (reported) {
    // A bad index reads as zero mode (a zero row), as after a handler that
    // returns; it is reported after the forall (emitReportsAfter).
    ResolvedIndexVector resolved = loadAndResolveIndexVector(
        b, loc, form.gather.getOperation(), geometry, mode, indices,
        ValueRange{bag, k}, ValueRange{numRows}, /*check=*/false,
        options.outOfBoundsHandler, GatherMode::Zero);
    return {resolved.addresses[0], resolved.isValid};
  }
  Value index = loadIndex(b, loc, indices, {bag, k});
  // Error and wrap mode: the bag's indices were checked.
  ResolvedIndex resolved = resolveIndex(b, loc, mode, index, numRows);
  if (mode == GatherMode::Clamp && tableMayBeEmpty)
    resolved.isValid = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne, numRows, cst(b, loc, 0));
  return resolved;
}

Value BagEmitter::readRow(OpBuilder &b, Location loc, const ResolvedIndex &row,
                          Value offset, int64_t width) {
  auto type = VectorType::get({width}, form.elementType);
  auto read = [&](OpBuilder &rb, Location rl) -> Value {
    return vector::LoadOp::create(rb, rl, type, tableBuffer,
                                  ValueRange{row.address, offset});
  };
  if (!row.isValid)
    return read(b, loc);
  auto ifOp = scf::IfOp::create(
      b, loc, row.isValid,
      [&](OpBuilder &tb, Location tl) {
        scf::YieldOp::create(tb, tl, read(tb, tl));
      },
      [&](OpBuilder &eb, Location el) {
        Value zeros = arith::ConstantOp::create(
            eb, el, type, cast<TypedAttr>(eb.getZeroAttr(type)));
        scf::YieldOp::create(eb, el, zeros);
      });
  return ifOp.getResult(0);
}

SmallVector<Value> BagEmitter::loadScalars(OpBuilder &b, Location loc,
                                           Value bag, Value k) {
  SmallVector<Value> scalars;
  for (OpOperand *operand : form.scalarInputs)
    scalars.push_back(tensor::ExtractOp::create(b, loc, operand->get(),
                                                ValueRange{bag, k}));
  return scalars;
}

/// The consumer's body on vectors of `width` elements: its arguments are
/// the row, the scalars (broadcast) and the accumulator.
Value BagEmitter::combine(OpBuilder &b, Location loc, Value row, Value acc,
                          ArrayRef<Value> scalars, int64_t width) {
  linalg::LinalgOp consumer = form.consumer;
  IRMapping mapping;
  mapping.map(consumer.getMatchingBlockArgument(form.rows), row);
  mapping.map(consumer.getMatchingBlockArgument(form.init), acc);
  for (auto [operand, scalar] : llvm::zip(form.scalarInputs, scalars))
    mapping.map(consumer.getMatchingBlockArgument(operand),
                vector::BroadcastOp::create(
                    b, loc, VectorType::get({width}, scalar.getType()),
                    scalar));
  return vectorizeBody(b, loc, consumer.getBlock(), mapping, width);
}

/// The epilogue's body on a vector of `width` accumulated elements.
Value BagEmitter::applyEpilogue(OpBuilder &b, Location loc, Value acc,
                                int64_t width) {
  linalg::LinalgOp epilogue = form.epilogue;
  IRMapping mapping;
  mapping.map(
      epilogue.getMatchingBlockArgument(epilogue.getDpsInputOperand(0)), acc);
  return vectorizeBody(b, loc, epilogue.getBlock(), mapping, width);
}

/// Clones the ops of `body` (elementwise, isVectorizableBody) on vectors of
/// `width` elements, its arguments mapped by `mapping`; values from above
/// and constants are broadcast. Returns the value yielded.
Value BagEmitter::vectorizeBody(OpBuilder &b, Location loc, Block *body,
                                IRMapping &mapping, int64_t width) {
  auto broadcast = [&](Value scalar) -> Value {
    return vector::BroadcastOp::create(
        b, loc, VectorType::get({width}, scalar.getType()), scalar);
  };
  auto lookup = [&](Value v) -> Value {
    if (Value mapped = mapping.lookupOrNull(v))
      return mapped;
    Value vector = broadcast(v);
    mapping.map(v, vector);
    return vector;
  };
  for (Operation &op : body->without_terminator()) {
    if (op.hasTrait<OpTrait::ConstantLike>()) {
      Operation *constant = b.clone(op);
      mapping.map(op.getResult(0), broadcast(constant->getResult(0)));
      continue;
    }
    for (Value operand : op.getOperands())
      (void)lookup(operand);
    Operation *vectorOp = b.clone(op, mapping);
    vectorOp->getResult(0).setType(
        VectorType::get({width}, op.getResult(0).getType()));
  }
  return lookup(body->getTerminator()->getOperand(0));
}

} // namespace

LogicalResult mlir::gather::rewriteEmbeddingBag(
    RewriterBase &rewriter, linalg::LinalgOp consumer, Operation *gather,
    const EmbeddingBagOptions &options) {
  std::optional<BagForm> form = matchBag(consumer, gather);
  if (!form)
    return failure();
  if (isReportingMode(form->gather.getMode())) {
    Operation *symbolTable = SymbolTable::getNearestSymbolTable(gather);
    if (!symbolTable || !options.root ||
        (symbolTable != options.root &&
         !options.root->isProperAncestor(symbolTable)))
      return failure();
  }
  OpBuilder::InsertionGuard guard(rewriter);
  // With an epilogue, at the epilogue: its init and the values its body
  // captures may be defined after the reduction.
  Operation *last =
      form->epilogue ? form->epilogue.getOperation() : consumer.getOperation();
  rewriter.setInsertionPoint(last);
  Value result = BagEmitter(*form, options).emit(rewriter);
  rewriter.replaceOp(last, result);
  if (last != consumer.getOperation())
    rewriter.eraseOp(consumer);
  rewriter.eraseOp(gather);
  return success();
}
