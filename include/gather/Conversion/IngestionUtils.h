//===- IngestionUtils.h - driver of the ingestion passes --------*- C++ -*-===//
//
// Part of the gather project.
//
// What convert-tosa-to-gather and convert-tensor-to-gather share: one walk
// of their patterns, then an error on the first op they could not convert.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_CONVERSION_INGESTIONUTILS_H
#define GATHER_CONVERSION_INGESTIONUTILS_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace mlir {
namespace gather {

/// Applies `patterns` under `root` in one walk, without folding, so that IR
/// holding no `SourceOp` is left as it was; then fails on the first
/// `SourceOp` left with "cannot be converted to <targetName>: " and the
/// reason `checkConvertible` gives.
template <typename SourceOp>
LogicalResult applyIngestionPatterns(
    Operation *root, RewritePatternSet &&patterns, StringRef targetName,
    function_ref<LogicalResult(SourceOp, std::string *)> checkConvertible) {
  walkAndApplyPatterns(root, std::move(patterns));
  WalkResult result = root->walk([&](SourceOp op) {
    std::string reason;
    (void)checkConvertible(op, &reason);
    op.emitOpError("cannot be converted to ") << targetName << ": " << reason;
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

} // namespace gather
} // namespace mlir

#endif // GATHER_CONVERSION_INGESTIONUTILS_H
