//===- EmbeddingBag.h - embedding bags as dedicated loops -------*- C++ -*-===//
//
// Part of the gather project.
//
// The embedding-bag form of gather-fuse-reductions (FuseGatherReductions.cpp):
// a gather.gather of whole rows ([B, K] indices into an [N, D] table, any
// mode) whose only use is a linalg reduction over the K rows of each bag is
// rewritten into a loop nest of its own, see EmbeddingBag.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_LIB_TRANSFORMS_EMBEDDINGBAG_H
#define GATHER_LIB_TRANSFORMS_EMBEDDINGBAG_H

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir {
namespace gather {

struct EmbeddingBagOptions {
  /// Rows prefetched this many (bag, k) positions ahead; 0: never; -1: from
  /// the target (CPUTargetDescription), as convert-gather-to-scf does.
  int64_t prefetchDistance = -1;
  /// Rows of at most this many bytes (static D) are accumulated in a vector
  /// register value; -1: CPUTargetDescription::bagRegisterAccumulatorMaxBytes.
  int64_t registerAccumulatorMaxBytes = -1;
  /// Where error and wrap mode report (docs/spec.md).
  std::string outOfBoundsHandler;
  /// The op the pass runs on: error and wrap mode add the handler and a
  /// message to the gather's nearest symbol table, which must lie within
  /// it (other threads may read one outside); otherwise such a bag is left
  /// to the other form, whose gather the conversion passes lower.
  Operation *root = nullptr;
};

/// Rewrites `consumer` (reading the result of `gather`, its only use) into
/// the embedding-bag loop nest when both have the recognised form, erasing
/// both; fails, changing nothing, otherwise.
LogicalResult rewriteEmbeddingBag(RewriterBase &rewriter,
                                  linalg::LinalgOp consumer,
                                  Operation *gather,
                                  const EmbeddingBagOptions &options);

} // namespace gather
} // namespace mlir

#endif // GATHER_LIB_TRANSFORMS_EMBEDDINGBAG_H
