//===- GatherToGPU.h - gather to GPU conversion patterns ----*- C++ -*-===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_CONVERSION_GATHERTOGPU_GATHERTOGPU_H
#define GATHER_CONVERSION_GATHERTOGPU_GATHERTOGPU_H

#include "gather/Support/Options.h"

#include "mlir/IR/PatternMatch.h"

#include <cstdint>

#include <string>

namespace mlir {
namespace gather {

/// How gather ops are lowered to kernels; see the `convert-gather-to-gpu`
/// pass description for the meaning of each field.
struct GatherToGPUOptions {
  /// Emit the kernel body in an scf.parallel on host memory (CPU form).
  bool hostOnly = false;
  /// Threads per block.
  int64_t blockSize = options::kBlockSizeDefault;
  /// Upper bound on the blocks of one launch.
  int64_t maxBlocks = options::kMaxBlocksDefault;
  /// Slices a thread copies per step where it makes one access per slice
  /// (0: the default, 4).
  int64_t slicesPerThread = options::kSlicesPerThreadDefault;
  /// Use 128-bit loads and stores where the slice allows.
  bool vectorize = true;
  /// Host-only: the C function error-mode checks report to (kernels on a
  /// device print and trap).
  std::string outOfBoundsHandler = "gather_out_of_bounds";
};

/// Adds the patterns that lower gather.gather and gather.gather_nd to
/// gpu.launch kernels (or, with `hostOnly`, to their scf.parallel form).
void populateGatherToGPUPatterns(RewritePatternSet &patterns,
                                 const GatherToGPUOptions &options = {},
                                 PatternBenefit benefit = 1);

} // namespace gather
} // namespace mlir

#endif // GATHER_CONVERSION_GATHERTOGPU_GATHERTOGPU_H
