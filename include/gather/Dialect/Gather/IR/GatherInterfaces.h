//===- GatherInterfaces.h - gather op interface -----------------*- C++ -*-===//
//
// Part of the gather project.
//
// GatherGeometry and GatherOpInterface: the dimension split that both gather
// ops share, asked of either op the same way.
//
// With
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

#ifndef GATHER_DIALECT_GATHER_IR_GATHERINTERFACES_H
#define GATHER_DIALECT_GATHER_IR_GATHERINTERFACES_H

#include "gather/Dialect/Gather/IR/GatherDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir {
namespace gather {

/// What a result dimension of a gather is (see the file comment).
enum class GatherDimKind { Batch, Outer, Position, Slice };

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

  /// Returns the geometry of a gather op (an op that implements
  /// GatherOpInterface).
  static GatherGeometry get(Operation *op);

  /// Number of leading indices dimensions that select one index (vector):
  /// the batch and position dimensions.
  int64_t getNumSelectorDims() const { return batchDims + numPositionDims; }
  /// Rank of params: the result rank less the position dimensions plus the
  /// addressed ones.
  int64_t getParamsRank() const {
    return resultRank - numPositionDims + indexDepth;
  }
  /// Rank of indices.
  int64_t getIndicesRank() const {
    return getNumSelectorDims() + (hasIndexVectorDim ? 1 : 0);
  }

  /// What result dimension `dim` is.
  GatherDimKind getResultDimKind(int64_t dim) const;
  /// The params dimension that result dimension `dim` copies (batch, outer
  /// and slice dimensions), or std::nullopt for a position dimension.
  std::optional<int64_t> getParamsDimOfResultDim(int64_t dim) const;
  /// The indices dimension that result dimension `dim` follows (batch and
  /// position dimensions), or std::nullopt for outer and slice dimensions.
  std::optional<int64_t> getIndicesDimOfResultDim(int64_t dim) const;
  /// The result dimension that params dimension `dim` becomes, or
  /// std::nullopt for an addressed (gathered) dimension.
  std::optional<int64_t> getResultDimOfParamsDim(int64_t dim) const;
  /// True when params dimension `dim` is addressed by an index component.
  bool isIndexedParamsDim(int64_t dim) const {
    return dim >= firstIndexedDim && dim < firstIndexedDim + indexDepth;
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

/// True for modes in which an out-of-bounds index is reported (error, wrap):
/// such a gather has a run-time precondition and must not be speculated.
inline bool isReportingMode(GatherMode mode) {
  return mode == GatherMode::Error || mode == GatherMode::Wrap;
}

} // namespace gather
} // namespace mlir

#include "gather/Dialect/Gather/IR/GatherInterfaces.h.inc"

#endif // GATHER_DIALECT_GATHER_IR_GATHERINTERFACES_H
