//===- GatherToLinalg.h - gather to Linalg conversion patterns ----*- C++ -*-===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_CONVERSION_GATHERTOLINALG_GATHERTOLINALG_H
#define GATHER_CONVERSION_GATHERTOLINALG_GATHERTOLINALG_H

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace gather {

/// Adds the patterns that lower gather.gather and gather.gather_nd.
void populateGatherToLinalgPatterns(RewritePatternSet &patterns,
                                  PatternBenefit benefit = 1);

} // namespace gather
} // namespace mlir

#endif // GATHER_CONVERSION_GATHERTOLINALG_GATHERTOLINALG_H
