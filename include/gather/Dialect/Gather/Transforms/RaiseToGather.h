//===- RaiseToGather.h - raise linalg.generic gathers -----------*- C++ -*-===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_DIALECT_GATHER_TRANSFORMS_RAISETOGATHER_H
#define GATHER_DIALECT_GATHER_TRANSFORMS_RAISETOGATHER_H

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace gather {

/// Adds the pattern that rewrites a `linalg.generic` whose body is a gather
/// (`tensor.extract` from a tensor defined above at a position read from
/// the indices input, `linalg.index` for the other coordinates; the form
/// `tosa-to-linalg` and torch-mlir's embedding and index_select lowerings
/// produce) into `gather.gather` in mode<error>. The exact conditions are
/// those of the `raise-to-gather` pass. The generic's init is left in place.
void populateRaiseToGatherPatterns(RewritePatternSet &patterns,
                                   PatternBenefit benefit = 1);

} // namespace gather
} // namespace mlir

#endif // GATHER_DIALECT_GATHER_TRANSFORMS_RAISETOGATHER_H
