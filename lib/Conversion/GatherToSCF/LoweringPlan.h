//===- LoweringPlan.h - what convert-gather-to-scf emits for an op -*- C++ -*-===//
//
// Part of the gather project.
//
// The decisions of the CPU loop lowering, taken once per op from its geometry,
// its mode, the pass options and the target description, before any IR is
// built: which result dimensions are loops, whether a copy moves one element
// or a slice, where indices are checked, whether loops run on threads and
// what is prefetched. The emitter (GatherToSCF.cpp) builds exactly what the
// plan says; `convert-gather-to-scf{print-plan}` prints it as a remark on
// the op, so that a reader sees why a loop looks as it does.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_LIB_CONVERSION_GATHERTOSCF_LOWERINGPLAN_H
#define GATHER_LIB_CONVERSION_GATHERTOSCF_LOWERINGPLAN_H

#include "gather/Conversion/GatherToSCF/GatherToSCF.h"
#include "gather/Dialect/Gather/IR/GatherInterfaces.h"
#include "gather/Target/CPU/CPUTarget.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace mlir {
namespace gather {

struct LoweringPlan {
  /// Where the indices are checked against the params dimensions they
  /// address.
  enum class Checks {
    /// Nothing to check (no index component), or each copy resolves its own
    /// index (zero and clamp mode without position loops; small gathers in
    /// clamp mode, CPUTargetDescription::perCopyCheckMaxCopies).
    PerCopy,
    /// One check of all indices before any copy (an or-reduction); reporting
    /// modes then report each bad index. The copies are unchecked when none
    /// is bad, resolving otherwise.
    UpFront,
    /// The innermost position loop runs in chunks; each chunk's indices are
    /// checked just before its copies (then read again from L1), reported
    /// in a reporting mode, and the chunk copied unchecked when good,
    /// resolving otherwise.
    PerChunk,
    /// Small gathers in a reporting mode or zero mode (CPUTargetDescription::
    /// perCopyCheckMaxCopies), and on some targets gathers of slices from a
    /// cache line to 1 KiB (flaggedChecksMinSliceBytes): one loop copies
    /// every slice from its resolved address (in bounds: no gathered
    /// dimension is empty) without a branch and or-reduces the checks; a
    /// second loop reports the bad indices (in a reporting mode) and zeroes
    /// their slots only when one failed.
    Flagged,
    /// Element copies from a static table that L2 holds, on one thread, in
    /// error mode, on some targets (CPUTargetDescription::
    /// branchingElementChecks): each copy tests its index and branches; a
    /// good one is read as the address, a bad one (the rare branch) is
    /// reported and resolved. A compare and a branch per copy, no load: an
    /// element copy is two loads and a store, and a check loop ahead of the
    /// copies adds loads of its own.
    Branching,
  };
  /// How the loops are spread over threads (an scf.forall).
  enum class Threads {
    None,
    /// One iteration per chunk of the innermost loop, a position loop; the
    /// loops outside it (few iterations, CPUTargetDescription::
    /// parallelChunksMaxOuterIterations) run in sequence around the forall.
    OverChunks,
    /// One iteration per coordinate of the outermost loop.
    OverOutermost,
  };

  /// The result dimensions [0, numLoops) are loops (batch, outer params
  /// dimensions, index positions); the others form the slice that each
  /// iteration copies, contiguous in params and in the result.
  int64_t numLoops = 0;
  /// A copy moves one element as a value (extract, select, insert), not a
  /// slice.
  bool scalarCopies = false;
  Checks checks = Checks::PerCopy;
  /// Index positions per chunk (Checks::PerChunk).
  int64_t chunkPositions = 0;
  /// Threads::OverChunks: each forall iteration (one chunk, one flag)
  /// checks and copies its positions in sub-chunks of this many, the size
  /// of one thread's chunks where that is smaller (slices; on Zen elements
  /// too); 0: in one piece.
  int64_t subChunkPositions = 0;
  /// The positions one check covers: a sub-chunk where there are, else a
  /// chunk (the next ones are the indices prefetched).
  int64_t getCheckedPositions() const {
    return subChunkPositions ? subChunkPositions : chunkPositions;
  }
  /// The op's mode reports bad indices to the handler (error, wrap).
  bool reports = false;
  /// How a copy reads its index when its indices are known good: error
  /// (the index is the address) or wrap (a negative index wrapped).
  GatherMode uncheckedMode = GatherMode::Error;
  /// How a copy reads its index otherwise: the op's mode; for reporting
  /// modes, what a reported index reads as after the handler returned
  /// (`readReportedAs`: zero, or clamp for element types without a zero).
  GatherMode resolvingMode = GatherMode::Error;
  std::optional<GatherMode> readReportedAs;
  Threads threads = Threads::None;
  /// Index positions ahead whose slice is prefetched; 0: none.
  int64_t slicePrefetchDistance = 0;
  /// The slice size is only known at run time: the distance is computed
  /// there by the static rules (CPUTargetDescription), and
  /// slicePrefetchDistance is only nonzero.
  bool slicePrefetchAtRunTime = false;
  /// The locality hint of those prefetches (CPUTargetDescription::
  /// getRowPrefetchLocality): 3 into L1, 2 into L2.
  unsigned slicePrefetchLocality = 3;
  /// The next chunk's indices are prefetched while the current one copies.
  bool prefetchIndices = false;
  /// LLVM may vectorize the copy loops (CPUTargetDescription::
  /// vectorizedCopiesMaxParamsBytes); otherwise they are annotated not to.
  bool vectorizeCopies = false;
  /// The slice copy loops are marked not to be unrolled: each copy is a
  /// libc call (CPUTargetDescription::rolledSliceCopyMinBytes).
  bool rolledSliceCopies = false;
  /// Each chunk (Checks::PerChunk) of sub-line slices also tests whether its
  /// indices are dense (its first and last index at most
  /// CPUTargetDescription::denseChunkRowsPerPosition params rows apart per
  /// position); a good, dense chunk copies in a loop marked
  /// `gather.stream_stores`, whose copies gather-nontemporal-copies makes
  /// streaming stores.
  bool streamDenseChunks = false;
  /// With streamDenseChunks, for slices of whole lines: the other chunks
  /// copy in loops marked `gather.plain_stores`, which
  /// gather-nontemporal-copies leaves with plain stores
  /// (CPUTargetDescription::denseOnlyStreamMinBytes).
  bool plainStoresOutsideDenseChunks = false;
  /// With streamDenseChunks and a slice prefetch: a dense chunk prefetches
  /// its slices too. Not for slices under a line: rows a few dozen bytes
  /// apart are what the hardware prefetcher follows, and the prefetches 128
  /// positions ahead only cost (Zen 5, sorted rows of 16 B, generated /
  /// plain C++ loop: 1.28 -> 1.17x with them in stop 44; 0.95 -> 1.18x and,
  /// on two threads, 0.85 -> 1.07x without them in stop 50).
  bool prefetchDenseChunks = true;
  /// Checks::PerChunk on one thread, element copies of index vectors of two
  /// or more integer components read as addresses, from static params that
  /// L2 holds (CPUTargetDescription::offsetVectorPositions, then
  /// chunkPositions): where the index vectors are contiguous in memory, each
  /// group of chunkPositions positions is checked in vectors that also hold
  /// the params offset of each position, one group ahead of its copies,
  /// which load through the offsets (OffsetVectors.h); the rest of the
  /// positions check each index themselves.
  bool copyThroughOffsets = false;
  /// Checks::PerChunk or Branching with outer params dimensions (between
  /// the batch and the indexed ones), whose loops run in sequence around the
  /// position loops (no threads, Threads::OverChunks): every coordinate of
  /// them reads the same indices again, so a chunk (Branching: a position
  /// loop) is checked only on the first visit of its indices (outer params
  /// coordinates all 0) and, once a check found a bad index, on every visit,
  /// so that later visits resolve it too.
  bool checkRepeatedIndicesOnce = false;
  /// Bytes of one params element (where slices are prefetched).
  int64_t elementBytes = 0;
  /// The target the tuning came from.
  CPUTargetDescription target;

  void print(raw_ostream &os) const;
};

inline raw_ostream &operator<<(raw_ostream &os, const LoweringPlan &plan) {
  plan.print(os);
  return os;
}

/// What the plan is computed from.
struct LoweringPlanInputs {
  const GatherGeometry &geometry;
  GatherMode mode;
  ShapedType paramsType;
  ShapedType indicesType;
  /// The element type has a zero (a reported index reads as zero mode).
  bool hasZero;
  const GatherToSCFLoweringOptions &options;
  const CPUTargetDescription &target;
};

/// Decides how to lower one gather op.
LoweringPlan computeLoweringPlan(const LoweringPlanInputs &in);

/// Returns the bytes of one element of `type` where they are a whole number
/// known without a data layout (integers and floats of whole bytes, index,
/// complex numbers and static vectors of those, !llvm.ptr: 8); none
/// otherwise (the plan then prefetches nothing that needs the size).
std::optional<int64_t> getElementBytes(Type type);

} // namespace gather
} // namespace mlir

#endif // GATHER_LIB_CONVERSION_GATHERTOSCF_LOWERINGPLAN_H
