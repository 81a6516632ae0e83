//===- TosaToGather.h - tosa.gather to gather.gather patterns ---*- C++ -*-===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_CONVERSION_TOSATOGATHER_TOSATOGATHER_H
#define GATHER_CONVERSION_TOSATOGATHER_TOSATOGATHER_H

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace gather {

/// Adds the pattern that rewrites `tosa.gather` (values [N, K, C], indices
/// [N, W]) into `gather.gather` with batch_dims = 1, axis = 1 and
/// mode<error>. It fails to match a `tosa.gather` on unranked operands.
void populateTosaToGatherPatterns(RewritePatternSet &patterns,
                                  PatternBenefit benefit = 1);

} // namespace gather
} // namespace mlir

#endif // GATHER_CONVERSION_TOSATOGATHER_TOSATOGATHER_H
