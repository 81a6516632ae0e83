//===- IndexChecks.h - index checks of the CPU loop lowering ----*- C++ -*-===//
//
// Part of the gather project.
//
// The checks convert-gather-to-scf emits ahead of copies (LoweringPlan::
// Checks): or-reductions of the bound tests over a chunk of index positions
// or over all indices (no branch per index: they vectorize; over indices
// contiguous in memory, the vector maximum of ContiguousCheck.h), and the
// loops that report each bad index to the out-of-bounds handler, which run
// only when a check found one. Wrap mode tests the wrapped index.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_LIB_CONVERSION_GATHERTOSCF_INDEXCHECKS_H
#define GATHER_LIB_CONVERSION_GATHERTOSCF_INDEXCHECKS_H

#include "gather/Dialect/Gather/IR/GatherInterfaces.h"

#include "mlir/IR/Builders.h"

namespace mlir {
namespace gather {

/// Where the indices of one chunk are: the loop coordinates of the result
/// other than the innermost position loop (`outerIvs`) and the range
/// [lo, hi) of that loop.
struct IndexChunk {
  ValueRange outerIvs;
  Value lo, hi;
};

/// Returns an i1 that is true when `index`, one component of an index vector
/// loaded as is, is out of bounds in a params dimension of `size` (wrap
/// mode tests its wrapped value).
Value createIndexIsBad(OpBuilder &b, Location loc, GatherMode mode, Value index,
                       Value size);

/// Returns, for each component of the index vector at `selector`
/// (coordinates of the selector dimensions of indices), an i1 that is true
/// when it is out of bounds, read as error mode reads it (as is).
SmallVector<Value> createIndexComponentsAreBad(OpBuilder &b, Location loc,
                                               const GatherGeometry &g,
                                               Value indices,
                                               ValueRange indexedSizes,
                                               ValueRange selector);

/// Returns an i1 that is true when an index of `chunk` is out of bounds:
/// an or-reduction of the bound tests.
Value createChunkCheck(OpBuilder &b, Location loc, const GatherGeometry &g,
                       GatherMode mode, Value indices, ValueRange indexedSizes,
                       const IndexChunk &chunk);

/// Returns an i1 that is true when an index of `indices` is out of bounds:
/// a sequential or-reduction, or with `parallel` an scf.parallel reduction.
Value createAllIndicesCheck(OpBuilder &b, Location loc, const GatherGeometry &g,
                            GatherMode mode, Value indices,
                            ValueRange indexedSizes, bool parallel);

/// Emits `scf.if (bad) { report every bad index of indices }`.
void createReportIfBad(OpBuilder &b, Location loc, Operation *op,
                       const GatherGeometry &g, Value bad, Value indices,
                       ValueRange indexedSizes, StringRef handler);

} // namespace gather
} // namespace mlir

#endif // GATHER_LIB_CONVERSION_GATHERTOSCF_INDEXCHECKS_H
