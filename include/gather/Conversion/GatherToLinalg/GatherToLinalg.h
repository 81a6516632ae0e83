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

/// Adds the patterns that lower gather.gather and gather.gather_nd. They
/// work alone: error-mode ops add the out-of-bounds handler they report to,
/// and their messages, to the op's nearest symbol table where missing (see
/// gather/Conversion/GatherCommon/OutOfBoundsReport.h), so a pass applying
/// them depends on the func and llvm dialects and, when there are error-mode
/// ops, runs on that symbol table.
void populateGatherToLinalgPatterns(RewritePatternSet &patterns,
                                    PatternBenefit benefit = 1);
/// The same, with error-mode ops reporting to `outOfBoundsHandler`.
void populateGatherToLinalgPatterns(RewritePatternSet &patterns,
                                    StringRef outOfBoundsHandler,
                                    PatternBenefit benefit = 1);

} // namespace gather
} // namespace mlir

#endif // GATHER_CONVERSION_GATHERTOLINALG_GATHERTOLINALG_H
