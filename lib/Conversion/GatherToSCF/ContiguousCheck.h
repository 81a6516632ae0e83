//===- ContiguousCheck.h - index checks over contiguous runs ----*- C++ -*-===//
//
// Part of the gather project.
//
// The check of index vectors that lie in memory as one contiguous run of
// components (the usual row-major indices): the unsigned maximum of each
// vector lane over the run, compared with the lanes' bounds once. The lanes
// are a multiple of the index depth, so lane l always holds component
// l % depth: one load and one max per vector, where LLVM's vectorization of
// the scalar check loop deinterleaves the components of index vectors
// first (two permutes per vector; nd_full_f32_i64_l2 ran at 0.73-0.86x the
// plain C++ loop with it, docs/performance.md).
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_LIB_CONVERSION_GATHERTOSCF_CONTIGUOUSCHECK_H
#define GATHER_LIB_CONVERSION_GATHERTOSCF_CONTIGUOUSCHECK_H

#include "gather/Dialect/Gather/IR/GatherInterfaces.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir {
namespace gather {

/// A run of `count` index components in memory: its buffer's base (a
/// rank-0 memref), its offset in elements there, and an i1 that is true
/// when the components are contiguous (a run-time test of the strides,
/// which folds for static ones).
struct ComponentRun {
  Value base, offset, count, isContiguous;
};

/// Returns the lanes of the contiguous check of `indices` (a multiple of
/// `indexDepth`, one 64-byte vector or a few), or 0 where it does not apply:
/// wrap mode (it tests wrapped indices) and index types other than integers
/// of 1, 2, 4 or 8 bytes.
int64_t getContiguousCheckLanes(GatherMode mode, Value indices,
                                int64_t indexDepth);

/// The run of the `positions` index vectors that start at `selector`
/// (batch then position coordinates), consecutive along the last selector
/// dimension.
ComponentRun getIndexVectorsRun(OpBuilder &b, Location loc,
                                const GatherGeometry &g, Value indices,
                                ValueRange selector, Value positions);

/// The run of all of `indices`, contiguous when its layout is row-major.
ComponentRun getAllIndicesRun(OpBuilder &b, Location loc, Value indices);

/// Returns `run` (contiguous) as a memref of one dimension, its components
/// in order.
Value createFlatView(OpBuilder &b, Location loc, const ComponentRun &run);

/// Returns the bound that an index component of `type` (an integer of at
/// most 64 bits) is compared with, unsigned, for a dimension of `size`: the
/// size, or the end of the type's signed range where that is smaller. A
/// negative index then compares out of bounds and every other one in
/// bounds, as the scalar test of the sign-extended index decides.
Value createComponentBound(OpBuilder &b, Location loc, Value size,
                           IntegerType type);

/// Returns an i1 that is true when a component of `run` (contiguous) is out
/// of bounds: component k against indexedSizes[k].
Value createContiguousCheck(OpBuilder &b, Location loc, const ComponentRun &run,
                            int64_t lanes, ValueRange indexedSizes);

} // namespace gather
} // namespace mlir

#endif // GATHER_LIB_CONVERSION_GATHERTOSCF_CONTIGUOUSCHECK_H
