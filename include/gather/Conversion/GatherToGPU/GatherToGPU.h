//===- GatherToGPU.h - gather to GPU conversion patterns ----*- C++ -*-===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_CONVERSION_GATHERTOGPU_GATHERTOGPU_H
#define GATHER_CONVERSION_GATHERTOGPU_GATHERTOGPU_H

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace gather {

/// Adds the patterns that lower gather.gather and gather.gather_nd.
void populateGatherToGPUPatterns(RewritePatternSet &patterns,
                                  PatternBenefit benefit = 1);

} // namespace gather
} // namespace mlir

#endif // GATHER_CONVERSION_GATHERTOGPU_GATHERTOGPU_H
