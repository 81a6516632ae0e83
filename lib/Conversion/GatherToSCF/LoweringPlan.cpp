//===- LoweringPlan.cpp - what convert-gather-to-scf emits for an op ------===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#include "LoweringPlan.h"

#include "gather/Dialect/Gather/IR/GatherOps.h"
#include "gather/Support/Options.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::gather;

std::optional<int64_t> mlir::gather::getElementBytes(Type type) {
  if (type.isIndex() || isa<LLVM::LLVMPointerType>(type))
    return 8;
  if (type.isIntOrFloat()) {
    unsigned bits = type.getIntOrFloatBitWidth();
    if (bits % 8 != 0)
      return std::nullopt;
    return bits / 8;
  }
  if (auto complex = dyn_cast<ComplexType>(type)) {
    std::optional<int64_t> part = getElementBytes(complex.getElementType());
    return part ? std::optional<int64_t>(2 * *part) : std::nullopt;
  }
  if (auto vector = dyn_cast<VectorType>(type)) {
    std::optional<int64_t> element = getElementBytes(vector.getElementType());
    if (!element || vector.isScalable())
      return std::nullopt;
    std::optional<int64_t> bytes = *element;
    for (int64_t size : vector.getShape())
      bytes = bytes ? llvm::checkedMul(*bytes, size) : std::nullopt;
    return bytes;
  }
  return std::nullopt;
}

/// Returns the bytes of `type` when its shape is static and the product does
/// not overflow.
static std::optional<int64_t> getStaticBytes(ShapedType type,
                                             int64_t elementBytes) {
  if (!type.hasStaticShape())
    return std::nullopt;
  std::optional<int64_t> bytes = elementBytes;
  for (int64_t size : type.getShape())
    bytes = bytes ? llvm::checkedMul(*bytes, size) : std::nullopt;
  return bytes;
}

/// The bytes of one index of an indices tensor (index: 8).
static int64_t getIndexBytes(ShapedType indicesType) {
  return getElementBytes(indicesType.getElementType()).value_or(8);
}

/// The bytes of the indices of one position (its indexDepth components).
static int64_t getPositionIndexBytes(const LoweringPlanInputs &in) {
  return in.geometry.indexDepth * getIndexBytes(in.indicesType);
}

/// Whether the params slice that one index selects has a dynamic size.
static bool hasDynamicSlice(const LoweringPlanInputs &in) {
  const GatherGeometry &g = in.geometry;
  return llvm::any_of(
      in.paramsType.getShape().drop_front(g.firstIndexedDim + g.indexDepth),
      ShapedType::isDynamic);
}

/// The part of params that the position loop reads at one batch and outer
/// coordinate: its dimensions from the first gathered one on (the gathered
/// dimensions and the slice). Whether L2 holds it, not all of params,
/// decides the prefetches: a gather with batch_dims = 1 reads each batch's
/// table in turn (16 MiB of f16 params in tables of 1 MiB: 0.83x the plain
/// C++ loop with the sub-line prefetch of params beyond L2, 1.05x without).
static RankedTensorType getTableType(const LoweringPlanInputs &in) {
  return RankedTensorType::get(
      in.paramsType.getShape().drop_front(in.geometry.firstIndexedDim),
      in.paramsType.getElementType());
}

/// Whether the table (getTableType) has a static size beyond the target's L2.
static bool isTableBeyondL2(const LoweringPlanInputs &in,
                            int64_t elementBytes) {
  return in.target.isBeyondL2(getTableType(in), elementBytes);
}

/// The bytes of the params slice that one index selects, of elements of
/// `elementBytes`; nullopt when its size is dynamic or overflows.
static std::optional<int64_t> getStaticSliceBytes(const LoweringPlanInputs &in,
                                                  int64_t elementBytes) {
  const GatherGeometry &g = in.geometry;
  std::optional<int64_t> bytes = elementBytes;
  for (int64_t size :
       in.paramsType.getShape().drop_front(g.firstIndexedDim + g.indexDepth))
    bytes = ShapedType::isDynamic(size) || !bytes
                ? std::nullopt
                : llvm::checkedMul(*bytes, size);
  return bytes;
}

/// The slice prefetch distance (LoweringPlan::slicePrefetchDistance):
/// `prefetch-distance` when positive; for -1, about
/// target.slicePrefetchAheadBytes of slices ahead (BeyondL2 from params
/// beyond L2), for slices the hardware prefetcher does not follow by itself
/// (CPUTargetDescription::getSlicePrefetchMaxBytes), and none for `small`
/// gathers: their
/// first `distance` copies are never prefetched, the last ones prefetch the
/// last slice again, and the copies of a few dozen slices overlap in the core
/// anyway (16 rows of 256 B: 0.80-0.83x the plain C++ loop with prefetches,
/// 1.03-1.04x without; bench/run.py, *_16rows).
static int64_t getSlicePrefetchDistance(const LoweringPlanInputs &in,
                                        std::optional<int64_t> elementBytes,
                                        bool small, bool vectorizedCopies) {
  const GatherGeometry &g = in.geometry;
  const CPUTargetDescription &target = in.target;
  int64_t requested = in.options.prefetchDistance;
  if (requested == 0 || g.numPositionDims == 0 || g.indexDepth == 0 ||
      !elementBytes)
    return 0;
  if (requested > 0)
    return requested;
  if (small)
    return 0;
  if (hasDynamicSlice(in))
    return 1; // Computed at run time (LoweringPlan::slicePrefetchAtRunTime).
  bool beyondL2 = isTableBeyondL2(in, *elementBytes);
  int64_t maxBytes = target.getSlicePrefetchMaxBytes(beyondL2);
  std::optional<int64_t> staticSliceBytes =
      getStaticSliceBytes(in, *elementBytes);
  if (!staticSliceBytes || *staticSliceBytes == 0 ||
      *staticSliceBytes >= maxBytes)
    return 0;
  int64_t sliceBytes = *staticSliceBytes;
  // A static table larger than L2: into L2, far enough ahead to cover the
  // random reads' latency (getRowPrefetchLocality).
  if (sliceBytes < target.cacheLineBytes)
    return target.prefetchesSubLineSlices(getTableType(in), *elementBytes) &&
                   (target.subLinePrefetchVectorizedCopies || !vectorizedCopies)
               ? target.subLinePrefetchDistance
               : 0;
  // A dynamically sized table is prefetched as one beyond L2 (as for the
  // locality, getRowPrefetchLocality).
  int64_t aheadBytes = beyondL2 || !getTableType(in).hasStaticShape()
                           ? target.slicePrefetchAheadBytesBeyondL2
                           : target.slicePrefetchAheadBytes;
  return std::clamp<int64_t>(aheadBytes / sliceBytes,
                             target.slicePrefetchMinDistance,
                             target.slicePrefetchMaxDistance);
}

/// The number of copies of a gather (the product of the sizes of its loop
/// dimensions: batch, outer and position) when static and countable.
static std::optional<int64_t> getStaticLoopCopies(const LoweringPlanInputs &in) {
  const GatherGeometry &g = in.geometry;
  std::optional<int64_t> copies = 1;
  ArrayRef<int64_t> indicesShape = in.indicesType.getShape();
  for (int64_t size : indicesShape.take_front(g.getNumSelectorDims())) {
    if (ShapedType::isDynamic(size))
      return std::nullopt;
    copies = copies ? llvm::checkedMul(*copies, size) : std::nullopt;
  }
  for (int64_t size :
       in.paramsType.getShape().slice(g.batchDims,
                                      g.firstIndexedDim - g.batchDims)) {
    if (ShapedType::isDynamic(size))
      return std::nullopt;
    copies = copies ? llvm::checkedMul(*copies, size) : std::nullopt;
  }
  return copies;
}

/// Which chunks of `in` stream their copies (LoweringPlan::streamDenseChunks
/// and plainStoresOutsideDenseChunks), for a gather of one index per position
/// whose result is dynamically sized or at least GatherToSCFLoweringOptions::
/// nontemporalMinBytes: dense ones where its static slices are 16 or 32
/// bytes (a streaming store of a vector register each), or whole lines of at
/// least CPUTargetDescription::denseOnlyStreamMinBytes that are prefetched.
static void chooseDenseChunkStreaming(const LoweringPlanInputs &in,
                                      std::optional<int64_t> elementBytes,
                                      LoweringPlan &plan) {
  const GatherGeometry &g = in.geometry;
  if (plan.checks != LoweringPlan::Checks::PerChunk || plan.scalarCopies ||
      g.indexDepth != 1 || !elementBytes)
    return;
  std::optional<int64_t> sliceBytes = getStaticSliceBytes(in, *elementBytes);
  if (!sliceBytes)
    return;
  bool subLine = *sliceBytes == 16 || *sliceBytes == 32;
  bool densePrefetchedLines =
      plan.slicePrefetchDistance > 0 &&
      *sliceBytes >= in.target.denseOnlyStreamMinBytes &&
      *sliceBytes % in.target.cacheLineBytes == 0;
  if (!subLine && !densePrefetchedLines)
    return;
  int64_t minBytes = in.options.nontemporalMinBytes;
  std::optional<int64_t> copies = getStaticLoopCopies(in);
  std::optional<int64_t> resultBytes =
      copies ? llvm::checkedMul(*copies, *sliceBytes) : std::nullopt;
  if (minBytes < 0 || (copies && resultBytes && *resultBytes < minBytes))
    return;
  plan.streamDenseChunks = true;
  plan.plainStoresOutsideDenseChunks = !subLine;
  plan.prefetchDenseChunks = !subLine;
}

/// LoweringPlan::copyThroughOffsets: where the unchecked copies would load
/// every index component again (error mode's addresses; wrap mode's check
/// tests wrapped indices) from params that L2 holds (beyond it, the copies
/// wait on misses, which the check only delays), and the index components
/// are integers a vector holds (ContiguousCheck.h), consecutive along the
/// innermost loop, and the elements are integers or floats of whole bytes.
static void chooseCopyThroughOffsets(const LoweringPlanInputs &in,
                                     std::optional<int64_t> elementBytes,
                                     LoweringPlan &plan) {
  int64_t positions = in.target.offsetVectorPositions;
  auto indexType = dyn_cast<IntegerType>(in.indicesType.getElementType());
  // The copies write each group as a vector of elements.
  Type elementType = in.paramsType.getElementType();
  if (positions <= 0 || !plan.scalarCopies || !elementBytes || !indexType ||
      !isa<IntegerType, FloatType, IndexType>(elementType) ||
      indexType.getWidth() < 8 || indexType.getWidth() > 64 ||
      !llvm::isPowerOf2_32(indexType.getWidth()) ||
      !getTableType(in).hasStaticShape() ||
      isTableBeyondL2(in, *elementBytes) ||
      plan.checks != LoweringPlan::Checks::PerChunk ||
      plan.threads != LoweringPlan::Threads::None ||
      plan.uncheckedMode != GatherMode::Error || plan.streamDenseChunks ||
      in.geometry.indexDepth < 2 || plan.numLoops == 0 ||
      in.geometry.getResultDimKind(plan.numLoops - 1) !=
          GatherDimKind::Position)
    return;
  plan.copyThroughOffsets = true;
  plan.chunkPositions = positions;
}

static bool hasNoEmptyGatheredDim(const LoweringPlanInputs &in) {
  const GatherGeometry &g = in.geometry;
  return llvm::all_of(
      in.paramsType.getShape().slice(g.firstIndexedDim, g.indexDepth),
      [](int64_t size) { return size > 0; });
}

/// The static size of the loop over result dimension `dim` (a batch, outer
/// params or position dimension), or nullopt.
static std::optional<int64_t> getStaticLoopSize(const LoweringPlanInputs &in,
                                                int64_t dim) {
  const GatherGeometry &g = in.geometry;
  int64_t size =
      dim < g.batchDims ? in.indicesType.getDimSize(dim)
      : dim < g.firstIndexedDim
          ? in.paramsType.getDimSize(dim)
          : in.indicesType.getDimSize(g.batchDims + dim - g.firstIndexedDim);
  if (ShapedType::isDynamic(size))
    return std::nullopt;
  return size;
}

/// True when the loops outside the innermost of `numLoops` make at most
/// parallelChunksMaxOuterIterations iterations (static) and the innermost
/// loop is not known to be short, or when the innermost loop has at least
/// parallelChunksMinPositions static positions: threads then split the
/// innermost loop's chunks (LoweringPlan::Threads::OverChunks).
static bool splitsInnermostLoop(const LoweringPlanInputs &in,
                                int64_t numLoops) {
  if (numLoops == 1)
    return true;
  std::optional<int64_t> innermost = getStaticLoopSize(in, numLoops - 1);
  if (innermost && *innermost >= in.target.parallelChunksMinPositions)
    return true;
  int64_t iterations = 1;
  for (int64_t dim = 0; dim + 1 < numLoops; ++dim) {
    std::optional<int64_t> size = getStaticLoopSize(in, dim);
    if (!size)
      return false;
    iterations *= *size;
    if (iterations > in.target.parallelChunksMaxOuterIterations)
      return false;
  }
  return !innermost || *innermost >= 2 * in.target.checkChunkPositions;
}

/// True for a gather on one thread of at most perCopyCheckMaxCopies static
/// copies (CPUTargetDescription): the small-gather plans.
static bool isSmallGather(const LoweringPlanInputs &in) {
  if (in.options.parallel || in.target.perCopyCheckMaxCopies <= 0)
    return false;
  std::optional<int64_t> copies = getStaticLoopCopies(in);
  return copies && *copies <= in.target.perCopyCheckMaxCopies;
}

/// Whether slice copies of `sliceBytes` (static; none for element copies or
/// dynamic slices) check their own indices whatever their number
/// (CPUTargetDescription::flaggedChecksMinSliceBytes): one thread, slices of
/// that range.
static bool flagsSliceChecks(const LoweringPlanInputs &in,
                             std::optional<int64_t> sliceBytes) {
  const CPUTargetDescription &target = in.target;
  return target.flaggedChecksMinSliceBytes > 0 && !in.options.parallel &&
         sliceBytes && *sliceBytes >= target.flaggedChecksMinSliceBytes &&
         *sliceBytes < target.flaggedChecksMaxSliceBytes;
}

/// Where the indices are checked (LoweringPlan::Checks); `small`:
/// isSmallGather; `flagSlices`: flagsSliceChecks; `scalarLoop`: the copies
/// move one element each, in a loop LLVM does not vectorize.
static LoweringPlan::Checks getChecks(const LoweringPlanInputs &in,
                                      bool reports, bool small, bool flagSlices,
                                      bool scalarLoop,
                                      std::optional<int64_t> indicesBytes) {
  const GatherGeometry &g = in.geometry;
  if (g.indexDepth == 0)
    return LoweringPlan::Checks::PerCopy;
  if (g.numPositionDims == 0)
    return reports ? LoweringPlan::Checks::UpFront
                   : LoweringPlan::Checks::PerCopy;
  // A small gather on one thread: its copies check their own indices
  // (two thirds of the code of a checked chunk, as fast). Zero mode flags
  // as a reporting mode does, without the reports; clamp mode resolves
  // each index without a branch.
  bool flags = reports || in.mode == GatherMode::Zero;
  bool canFlag = flags && in.hasZero && hasNoEmptyGatheredDim(in);
  if (small) {
    if (canFlag)
      return LoweringPlan::Checks::Flagged;
    if (in.mode == GatherMode::Clamp)
      return LoweringPlan::Checks::PerCopy;
  }
  // With outer loops that do not depend on the indices, indices that stay
  // in cache are checked once rather than once per outer coordinate. Not
  // for a scalar copy loop over indices that L1 does not hold: each chunk's
  // check then brings its indices into L1 for the copies, which otherwise
  // wait on L2 for each one (CPUTargetDescription::getCheckOnceMaxBytes).
  bool checkOnce = reports && !in.options.parallel &&
                   g.firstIndexedDim > g.batchDims && indicesBytes &&
                   *indicesBytes <= in.target.getCheckOnceMaxBytes() &&
                   !(scalarLoop && *indicesBytes > in.target.l1CacheBytes);
  if (checkOnce)
    return LoweringPlan::Checks::UpFront;
  return canFlag && flagSlices ? LoweringPlan::Checks::Flagged
                               : LoweringPlan::Checks::PerChunk;
}

/// Whether the element copies of `plan`, checked per chunk, test each index
/// with a branch instead (LoweringPlan::Checks::Branching,
/// CPUTargetDescription::branchingElementChecks): on one thread, in error
/// mode (a good index is its address, a bad one calls the handler), from a
/// static table that L2 holds, in a loop LLVM does not vectorize (a branch
/// would keep it from vectorizing). Not in zero mode: there the rare copy
/// calls nothing, and LLVM turns the branch into one that skips the load of
/// a value it zeroes first (batch_dims elements in L2 lost, 0.978 ->
/// 0.936-0.971x the plain C++ loop; gather_nd scalars gained, 0.91 ->
/// 0.96x).
static bool branchesOnEachIndex(const LoweringPlanInputs &in,
                                const LoweringPlan &plan,
                                std::optional<int64_t> elementBytes) {
  return in.target.branchingElementChecks &&
         plan.checks == LoweringPlan::Checks::PerChunk && plan.scalarCopies &&
         !plan.vectorizeCopies && !in.options.parallel &&
         in.mode == GatherMode::Error && elementBytes &&
         getTableType(in).hasStaticShape() &&
         !isTableBeyondL2(in, *elementBytes);
}

/// The chunks of a checked position loop, how threads split the loops, and
/// the sub-chunks in which a forall iteration checks and copies its chunk:
/// the pieces one thread's chunks would be (CPUTargetDescription::
/// getCheckChunkPositions), where those are smaller.
static void chooseChunksAndThreads(const LoweringPlanInputs &in,
                                   std::optional<int64_t> elementBytes,
                                   LoweringPlan &plan) {
  const GatherGeometry &g = in.geometry;
  bool chunked = g.numPositionDims > 0 && g.indexDepth > 0;
  bool sliceCopies = plan.numLoops < g.resultRank;
  std::optional<int64_t> sliceBytes =
      elementBytes ? getStaticSliceBytes(in, *elementBytes) : std::nullopt;
  bool cheapCopies =
      !sliceCopies || (sliceBytes && *sliceBytes < in.target.cacheLineBytes);
  int64_t indexBytes = getPositionIndexBytes(in);
  if (chunked && (plan.checks == LoweringPlan::Checks::PerChunk ||
                  plan.checks == LoweringPlan::Checks::UpFront))
    plan.chunkPositions = in.target.getCheckChunkPositions(
        sliceCopies, in.options.parallel, cheapCopies, indexBytes);
  if (in.options.parallel && plan.numLoops > 0)
    plan.threads = chunked && splitsInnermostLoop(in, plan.numLoops)
                       ? LoweringPlan::Threads::OverChunks
                       : LoweringPlan::Threads::OverOutermost;
  if (plan.threads != LoweringPlan::Threads::OverChunks ||
      plan.checks != LoweringPlan::Checks::PerChunk)
    return;
  int64_t pieces = in.target.getCheckChunkPositions(
      sliceCopies, /*threads=*/false, cheapCopies, indexBytes);
  if (pieces < plan.chunkPositions)
    plan.subChunkPositions = pieces;
}

/// How indices are read (LoweringPlan::reports, uncheckedMode,
/// resolvingMode, readReportedAs), from the op's mode.
static void chooseModes(const LoweringPlanInputs &in, LoweringPlan &plan) {
  plan.reports = isReportingMode(in.mode);
  plan.resolvingMode = in.mode;
  if (plan.reports) {
    plan.uncheckedMode = in.mode;
    plan.readReportedAs = in.hasZero ? GatherMode::Zero : GatherMode::Clamp;
  }
}

/// The prefetches of slices (distance, at run time or not, locality) and of
/// indices, once the checks, chunks and threads are chosen.
static void choosePrefetches(const LoweringPlanInputs &in,
                             std::optional<int64_t> elementBytes,
                             std::optional<int64_t> indicesBytes, bool small,
                             LoweringPlan &plan) {
  plan.slicePrefetchDistance =
      getSlicePrefetchDistance(in, elementBytes, small, plan.vectorizeCopies);
  plan.slicePrefetchAtRunTime = plan.slicePrefetchDistance > 0 &&
                                in.options.prefetchDistance < 0 &&
                                hasDynamicSlice(in);
  // For slices; for scalars only from a table beyond L2, where one
  // position's indices are as small as the target says
  // (CPUTargetDescription::scalarIndicesPrefetchMaxPositionBytes).
  bool scalars = plan.numLoops == in.geometry.resultRank;
  plan.prefetchIndices =
      plan.checks == LoweringPlan::Checks::PerChunk &&
      in.options.prefetchDistance != 0 &&
      (!scalars || (getPositionIndexBytes(in) <=
                        in.target.scalarIndicesPrefetchMaxPositionBytes &&
                    elementBytes && isTableBeyondL2(in, *elementBytes))) &&
      (!indicesBytes ||
       *indicesBytes >= in.target.getIndicesPrefetchMinBytes());
  if (elementBytes)
    plan.slicePrefetchLocality = in.target.getRowPrefetchLocality(
        getTableType(in), *elementBytes,
        getStaticSliceBytes(in, *elementBytes));
}

LoweringPlan mlir::gather::computeLoweringPlan(const LoweringPlanInputs &in) {
  const GatherGeometry &g = in.geometry;
  LoweringPlan plan;
  plan.target = in.target;
  plan.numLoops = g.firstIndexedDim + g.numPositionDims;
  Type elementType = in.paramsType.getElementType();
  bool narrowFloat =
      isa<FloatType>(elementType) &&
      elementType.getIntOrFloatBitWidth() < in.target.minScalarFloatBits;
  plan.scalarCopies = plan.numLoops == g.resultRank && !narrowFloat;
  chooseModes(in, plan);
  std::optional<int64_t> indicesBytes =
      getStaticBytes(in.indicesType, getIndexBytes(in.indicesType));
  std::optional<int64_t> elementBytes = getElementBytes(elementType);
  plan.elementBytes = elementBytes.value_or(0);
  std::optional<int64_t> paramsBytes =
      elementBytes ? getStaticBytes(in.paramsType, *elementBytes)
                   : std::nullopt;
  plan.vectorizeCopies =
      plan.scalarCopies && elementBytes && *elementBytes >= 4 && paramsBytes &&
      *paramsBytes <= in.target.vectorizedCopiesMaxParamsBytes &&
      *paramsBytes > in.target.getVectorizedCopiesMinParamsBytes();
  // The bytes of each slice copy where static (none for element copies).
  bool sliceCopies = plan.numLoops < g.resultRank;
  std::optional<int64_t> sliceBytes =
      sliceCopies && elementBytes ? getStaticSliceBytes(in, *elementBytes)
                                  : std::nullopt;
  bool small = isSmallGather(in);
  plan.checks =
      getChecks(in, plan.reports, small, flagsSliceChecks(in, sliceBytes),
                plan.scalarCopies && !plan.vectorizeCopies, indicesBytes);
  if (branchesOnEachIndex(in, plan, elementBytes))
    plan.checks = LoweringPlan::Checks::Branching;
  chooseChunksAndThreads(in, elementBytes, plan);
  choosePrefetches(in, elementBytes, indicesBytes, small, plan);
  plan.rolledSliceCopies =
      sliceCopies && elementBytes &&
      (!sliceBytes || *sliceBytes >= in.target.rolledSliceCopyMinBytes);
  chooseDenseChunkStreaming(in, elementBytes, plan);
  chooseCopyThroughOffsets(in, elementBytes, plan);
  // Copies through offsets need each visit's check: it computes the offsets.
  plan.checkRepeatedIndicesOnce =
      (plan.checks == LoweringPlan::Checks::PerChunk ||
       plan.checks == LoweringPlan::Checks::Branching) &&
      plan.threads != LoweringPlan::Threads::OverOutermost &&
      !plan.copyThroughOffsets && g.firstIndexedDim > g.batchDims;
  return plan;
}

static StringRef getChecksName(LoweringPlan::Checks checks) {
  switch (checks) {
  case LoweringPlan::Checks::PerCopy:
    return "per-copy";
  case LoweringPlan::Checks::UpFront:
    return "up-front";
  case LoweringPlan::Checks::PerChunk:
    return "per-chunk";
  case LoweringPlan::Checks::Flagged:
    return "flagged";
  case LoweringPlan::Checks::Branching:
    return "branching";
  }
  llvm_unreachable("unknown checks");
}

static StringRef getThreadsName(LoweringPlan::Threads threads) {
  switch (threads) {
  case LoweringPlan::Threads::None:
    return "none";
  case LoweringPlan::Threads::OverChunks:
    return "over-chunks";
  case LoweringPlan::Threads::OverOutermost:
    return "over-outermost";
  }
  llvm_unreachable("unknown threads");
}

void LoweringPlan::print(raw_ostream &os) const {
  os << "loops=" << numLoops << " copy=" << (scalarCopies ? "element" : "slice")
     << " checks=" << getChecksName(checks);
  if (chunkPositions)
    os << " chunk=" << chunkPositions;
  if (subChunkPositions)
    os << " sub-chunk=" << subChunkPositions;
  os << " unchecked=" << stringifyGatherMode(uncheckedMode)
     << " resolving=" << stringifyGatherMode(resolvingMode);
  if (readReportedAs)
    os << " reported-reads-as=" << stringifyGatherMode(*readReportedAs);
  os << " threads=" << getThreadsName(threads) << " slice-prefetch=";
  if (slicePrefetchAtRunTime)
    os << "run-time";
  else
    os << slicePrefetchDistance;
  if (slicePrefetchDistance)
    os << " into=l" << (slicePrefetchLocality == 3 ? 1 : 2);
  os << " indices-prefetch=" << (prefetchIndices ? "yes" : "no")
     << " vectorize=" << (vectorizeCopies ? "yes" : "no") << " stream-dense="
     << (plainStoresOutsideDenseChunks ? "only"
         : streamDenseChunks           ? "yes"
                                       : "no");
  if (streamDenseChunks && slicePrefetchDistance && !prefetchDenseChunks)
    os << " dense-prefetch=no";
  if (copyThroughOffsets)
    os << " through-offsets";
  if (rolledSliceCopies)
    os << " unroll=no";
  if (checkRepeatedIndicesOnce)
    os << " repeated-indices=checked-once";
}
