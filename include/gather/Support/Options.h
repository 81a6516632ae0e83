//===- Options.h - defaults and ranges of gather options --------*- C++ -*-===//
//
// Part of the gather project.
//
// The one definition of every option default and accepted range of the
// gather passes (Passes.td) and pipelines (Pipelines.h), and the checks that
// reject a value out of range with a message naming the option and the range.
// Header-only: passes, pipelines and the driver include it without a link
// dependency.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_SUPPORT_OPTIONS_H
#define GATHER_SUPPORT_OPTIONS_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

#include <cstdint>
#include <limits>

namespace mlir {
namespace gather {
namespace options {

//===----------------------------------------------------------------------===//
// Defaults and ranges
//===----------------------------------------------------------------------===//

/// prefetch-distance (convert-gather-to-scf, gather-cpu-pipeline): -1 is
/// automatic, 0 off. More than 65536 index positions ahead has left every
/// cache level before its use on any machine (and keeps the prefetch offset
/// arithmetic far from overflow).
constexpr int64_t kPrefetchDistanceDefault = -1;
constexpr int64_t kPrefetchDistanceMin = -1;
constexpr int64_t kPrefetchDistanceMax = 65536;
/// per-copy-check-max-copies (convert-gather-to-scf): -1 is the target's
/// (CPUTargetDescription::perCopyCheckMaxCopies), 0 never. The bound keeps
/// the option a size a chunk of checks would otherwise cover.
constexpr int64_t kPerCopyCheckMaxCopiesDefault = -1;
constexpr int64_t kPerCopyCheckMaxCopiesMin = -1;
constexpr int64_t kPerCopyCheckMaxCopiesMax = 1 << 20;

/// slice-versions-max-bytes (convert-gather-to-scf, gather-cpu-pipeline):
/// rows of 4 B to 1 KiB, the embedding widths where a row's copy costs less
/// than the dispatch on its size; 0 versions none. Each version is a whole
/// lowering of the gather: the bound (4 KiB) keeps them to 11.
constexpr int64_t kSliceVersionsMaxBytesDefault = 1024;
constexpr int64_t kSliceVersionsMaxBytesMax = 4096;
/// num-threads (gather-cpu-pipeline): 0 is one thread without OpenMP. The
/// bound is above the hardware threads of any current machine (two 192-core
/// sockets with SMT have 768) and below libomp's thread limit, which aborts
/// the program at run time when exceeded.
constexpr unsigned kNumThreadsDefault = 0;
constexpr unsigned kNumThreadsMax = 1024;

/// nontemporal-min-bytes (gather-cpu-pipeline) and min-bytes
/// (gather-nontemporal-copies): 32 MiB, the last-level cache of one Zen 5
/// CCD; -1 never streams.
constexpr int64_t kNontemporalMinBytesDefault = int64_t(32) << 20;
constexpr int64_t kNontemporalMinBytesMin = -1;

/// stack-buffer-bytes (gather-cpu-pipeline) and max-bytes
/// (gather-promote-small-buffers): the stack bytes a function may take for
/// small buffers moved off the heap. 64 KiB keeps frames small beside
/// libomp's 4 MiB worker stacks; the bound (1 MiB) stays well below the
/// smallest default thread stack; 0 moves none.
constexpr int64_t kStackBufferBytesDefault = int64_t(64) << 10;
constexpr int64_t kStackBufferBytesMax = int64_t(1) << 20;

/// block-size (convert-gather-to-gpu, gather-gpu-pipeline): CUDA allows at
/// most 1024 threads per block; host-only keeps the same bound so that one
/// value means the same kernel on both. 0 picks it per gather, from the
/// length of its slices.
constexpr int64_t kBlockSizeDefault = 0;
constexpr int64_t kBlockSizeMax = 1024;

/// max-blocks (convert-gather-to-gpu, gather-gpu-pipeline): the blocks of a
/// launch go along grid x, whose CUDA limit is 2^31 - 1. 0 picks it per
/// gather, as block-size.
constexpr int64_t kMaxBlocksDefault = 0;
constexpr int64_t kMaxBlocksMax = std::numeric_limits<int32_t>::max();

/// slices-per-thread (convert-gather-to-gpu, gather-gpu-pipeline): slices a
/// thread copies per step where it makes one access per slice, their reads
/// in flight together; 0 picks the default (4), 1 copies one at a time.
constexpr int64_t kSlicesPerThreadDefault = 0;
constexpr int64_t kSlicesPerThreadMax = 16;

/// index-bitwidth (gather-gpu-pipeline): the width of `index` in kernels.
constexpr int64_t kIndexBitwidthDefault = 64;

/// opt-level (gather-gpu-pipeline): the NVPTX backend's -O0 to -O3.
constexpr unsigned kOptLevelDefault = 3;
constexpr unsigned kOptLevelMax = 3;

/// chip, format and cuda-path (gather-gpu-pipeline).
constexpr const char kChipDefault[] = "sm_90";
constexpr const char kFormatDefault[] = "fatbin";
constexpr const char kCudaPathDefault[] = "/usr/local/cuda";

/// The values of gpu-module-to-binary's `format`, upstream's names first.
constexpr const char *kFormats[] = {"isa",    "bin",        "fatbin",
                                    "llvm",   "offloading", "assembly",
                                    "binary", "fatbinary"};

//===----------------------------------------------------------------------===//
// Checks
//===----------------------------------------------------------------------===//

/// Called with the message of a bad option value.
using ErrorFn = function_ref<void(const Twine &)>;

/// Reports that option `name` is outside [min, max] (no upper bound when
/// `max` is INT64_MAX); `value` is the value as given.
inline void reportRange(StringRef name, const Twine &value, int64_t min,
                        int64_t max, ErrorFn error) {
  if (max == std::numeric_limits<int64_t>::max())
    error("option '" + name + "' must be at least " + Twine(min) + ", got " +
          value);
  else
    error("option '" + name + "' must be in [" + Twine(min) + ", " +
          Twine(max) + "], got " + value);
}

/// Checks that integer option `name` is in [min, max].
inline LogicalResult checkRange(StringRef name, int64_t value, int64_t min,
                                int64_t max, ErrorFn error) {
  if (value >= min && value <= max)
    return success();
  reportRange(name, Twine(value), min, max, error);
  return failure();
}

/// Checks an unsigned option (which the command line may have given as a
/// value past INT64_MAX) against [min, max].
inline LogicalResult checkRange(StringRef name, uint64_t value, int64_t min,
                                int64_t max, ErrorFn error) {
  if (value <= static_cast<uint64_t>(max) && static_cast<int64_t>(value) >= min)
    return success();
  reportRange(name, Twine(value), min, max, error);
  return failure();
}

/// Checks that string option `name` is one of `accepted`.
inline LogicalResult checkOneOf(StringRef name, StringRef value,
                                ArrayRef<const char *> accepted,
                                ErrorFn error) {
  if (llvm::is_contained(accepted, value))
    return success();
  error("option '" + name + "' must be one of " +
        llvm::join(accepted.begin(), accepted.end(), ", ") + "; got '" + value +
        "'");
  return failure();
}

/// Checks gather-nontemporal-copies' `min-bytes`.
inline LogicalResult checkNontemporalMinBytes(StringRef name, int64_t minBytes,
                                              ErrorFn error) {
  return checkRange(name, minBytes, kNontemporalMinBytesMin,
                    std::numeric_limits<int64_t>::max(), error);
}

/// Checks convert-gather-to-scf's options.
inline LogicalResult checkGatherToSCFOptions(int64_t prefetchDistance,
                                             int64_t perCopyCheckMaxCopies,
                                             int64_t sliceVersionsMaxBytes,
                                             int64_t nontemporalMinBytes,
                                             ErrorFn error) {
  bool ok = succeeded(checkRange("prefetch-distance", prefetchDistance,
                                 kPrefetchDistanceMin, kPrefetchDistanceMax,
                                 error));
  ok &= succeeded(checkRange("per-copy-check-max-copies",
                             perCopyCheckMaxCopies, kPerCopyCheckMaxCopiesMin,
                             kPerCopyCheckMaxCopiesMax, error));
  ok &= succeeded(checkRange("slice-versions-max-bytes", sliceVersionsMaxBytes,
                             0, kSliceVersionsMaxBytesMax, error));
  ok &= succeeded(checkNontemporalMinBytes("nontemporal-min-bytes",
                                           nontemporalMinBytes, error));
  return success(ok);
}

/// Checks convert-gather-to-gpu's options.
inline LogicalResult checkGatherToGPUOptions(int64_t blockSize,
                                             int64_t maxBlocks,
                                             int64_t slicesPerThread,
                                             ErrorFn error) {
  bool ok =
      succeeded(checkRange("block-size", blockSize, 0, kBlockSizeMax, error));
  ok &= succeeded(checkRange("max-blocks", maxBlocks, 0, kMaxBlocksMax, error));
  ok &= succeeded(checkRange("slices-per-thread", slicesPerThread, 0,
                             kSlicesPerThreadMax, error));
  return success(ok);
}

/// Checks stack-buffer-bytes / max-bytes.
inline LogicalResult checkStackBufferBytes(StringRef name, int64_t bytes,
                                           ErrorFn error) {
  return checkRange(name, bytes, 0, kStackBufferBytesMax, error);
}

/// Reports a bad option value of pass `pass` as an error on `op` (the
/// operation the pass runs on), as `<pass>: <message>`. A pass checks its
/// options at the start of runOnOperation:
///   if (failed(checkX(option, PassOptionError{getOperation(),
///   getArgument()})))
///     return signalPassFailure();
struct PassOptionError {
  Operation *op;
  StringRef pass;
  void operator()(const Twine &message) const {
    op->emitError() << pass << ": " << message;
  }
};

/// The checks convert-gather-to-scf and convert-gather-to-gpu run at the
/// start of runOnOperation, reporting on `op`.
inline LogicalResult checkGatherToSCFPass(Operation *op,
                                          int64_t prefetchDistance,
                                          int64_t perCopyCheckMaxCopies,
                                          int64_t sliceVersionsMaxBytes,
                                          int64_t nontemporalMinBytes) {
  return checkGatherToSCFOptions(prefetchDistance, perCopyCheckMaxCopies,
                                 sliceVersionsMaxBytes, nontemporalMinBytes,
                                 PassOptionError{op, "convert-gather-to-scf"});
}
inline LogicalResult checkGatherToGPUPass(Operation *op, int64_t blockSize,
                                          int64_t maxBlocks,
                                          int64_t slicesPerThread) {
  return checkGatherToGPUOptions(blockSize, maxBlocks, slicesPerThread,
                                 PassOptionError{op, "convert-gather-to-gpu"});
}

} // namespace options
} // namespace gather
} // namespace mlir

#endif // GATHER_SUPPORT_OPTIONS_H
