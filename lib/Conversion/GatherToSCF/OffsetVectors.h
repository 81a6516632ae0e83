//===- OffsetVectors.h - checks that keep params offsets in vectors -*- C++
//-*-===//
//
// Part of the gather project.
//
// The check of a group of index vectors (LoweringPlan::copyThroughOffsets):
// one vector load of the group's components (consecutive in memory), one
// shuffle per component, its bound test and its share of the params offset,
// all in vectors; the copies then take each position's offset from the
// vector. LoopEmitter software-pipelines the groups: the check of one group
// runs while the previous one's copies wait on their loads.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_LIB_CONVERSION_GATHERTOSCF_OFFSETVECTORS_H
#define GATHER_LIB_CONVERSION_GATHERTOSCF_OFFSETVECTORS_H

#include "ContiguousCheck.h"

#include "mlir/IR/Builders.h"

namespace mlir {
namespace gather {

/// What the checks of the groups of one run of index vectors share, built
/// once ahead of their loop (createOffsetVectorGroups).
struct OffsetVectorGroups {
  /// The run's components as one contiguous dimension.
  Value flatIndices;
  /// Positions per group and index depth.
  int64_t positions = 0, depth = 0;
  /// Per component: its bound (a vector of the index type) and its params
  /// stride (a vector of index).
  SmallVector<Value> bounds, strides;
  /// The params offset of the outer coordinates, as a vector of index.
  Value outerOffsets;
};

/// Prepares the checks of groups of `positions` index vectors of `run`
/// (contiguous when they run), component k bounded by indexedSizes[k] and
/// addressing params with stride componentStrides[k]; `outerOffset` is the
/// params offset of the coordinates outside the indexed dimensions.
OffsetVectorGroups createOffsetVectorGroups(OpBuilder &b, Location loc,
                                            const ComponentRun &run,
                                            int64_t positions, int64_t depth,
                                            ValueRange indexedSizes,
                                            ValueRange componentStrides,
                                            Value outerOffset);

/// The check of one group: its params offsets (a vector of index; 0, which
/// is in params, for every position with a bad component) and an i1 that
/// is true when an index was out of bounds.
struct OffsetVectorCheck {
  Value offsets, bad;
};

/// Checks the group of index vectors that starts at position `lo` of the
/// run.
OffsetVectorCheck createOffsetVectorCheck(OpBuilder &b, Location loc,
                                          const OffsetVectorGroups &groups,
                                          Value lo);

} // namespace gather
} // namespace mlir

#endif // GATHER_LIB_CONVERSION_GATHERTOSCF_OFFSETVECTORS_H
