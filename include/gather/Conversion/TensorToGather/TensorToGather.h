//===- TensorToGather.h - tensor.gather to gather patterns ------*- C++ -*-===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_CONVERSION_TENSORTOGATHER_TENSORTOGATHER_H
#define GATHER_CONVERSION_TENSORTOGATHER_TENSORTOGATHER_H

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace gather {

/// Adds the pattern that rewrites `tensor.gather` into `gather.gather_nd`
/// (batch_dims = 0, mode<error>), preceded by a `linalg.transpose` of the
/// source when `gather_dims` are not its leading dimensions and followed by
/// a `tensor.expand_shape` when the result keeps the gathered dimensions as
/// 1s. It fails to match a `tensor.gather` whose index elements are wider
/// than 64 bits.
void populateTensorToGatherPatterns(RewritePatternSet &patterns,
                                    PatternBenefit benefit = 1);

} // namespace gather
} // namespace mlir

#endif // GATHER_CONVERSION_TENSORTOGATHER_TENSORTOGATHER_H
