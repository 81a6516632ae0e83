//===- Pipelines.h - named gather pipelines ---------------------*- C++ -*-===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_PIPELINES_PIPELINES_H
#define GATHER_PIPELINES_PIPELINES_H

#include "gather/Support/Options.h"

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;

namespace gather {

/// How gather-cpu-pipeline lowers gather ops before bufferization.
enum class GatherCPULowering {
  /// convert-gather-to-scf: loops over the indices, one slice copy each.
  SCF,
  /// convert-gather-to-linalg: one elementwise linalg.generic per op.
  Linalg,
};

/// Options of `gather-cpu-pipeline`.
struct GatherCPUPipelineOptions
    : public PassPipelineOptions<GatherCPUPipelineOptions> {
  PassOptions::Option<GatherCPULowering> lowering{
      *this, "lowering",
      llvm::cl::desc("How gather ops are lowered before bufferization"),
      llvm::cl::init(GatherCPULowering::SCF),
      llvm::cl::values(
          clEnumValN(GatherCPULowering::SCF, "scf",
                     "scf.for nest over the indices copying one slice per "
                     "index (convert-gather-to-scf)"),
          clEnumValN(GatherCPULowering::Linalg, "linalg",
                     "elementwise linalg.generic (convert-gather-to-linalg)"))};
  PassOptions::Option<int64_t> prefetchDistance{
      *this, "prefetch-distance",
      llvm::cl::desc("lowering=scf: prefetch the slice selected this many "
                     "index positions ahead; 0: never; -1: about 2 KiB "
                     "of slices ahead (2-64 positions) for slices of 64 B to "
                     "4 KiB; at most 65536. Also the rows of embedding bags "
                     "(gather-fuse-reductions; -1: about 8 KiB of rows "
                     "ahead)"),
      llvm::cl::init(options::kPrefetchDistanceDefault)};
  PassOptions::Option<int64_t> perCopyCheckMaxCopies{
      *this, "per-copy-check-max-copies",
      llvm::cl::desc("lowering=scf, reporting modes, one thread: a gather of "
                     "at most this many static copies checks each index in "
                     "its branch-free copy loop instead of in checked chunks "
                     "(less code, faster to compile, as fast to run); -1: "
                     "the target's (64); 0: never; at most 2^20"),
      llvm::cl::init(options::kPerCopyCheckMaxCopiesDefault)};
  PassOptions::Option<int64_t> sliceVersionsMaxBytes{
      *this, "slice-versions-max-bytes",
      llvm::cl::desc("lowering=scf: a gather whose slice width (params' last "
                     "dimension) is dynamic is lowered once more for each "
                     "width whose row is a power of two of 4 B to this many "
                     "bytes, chosen at run time (static copies, no dispatch "
                     "on the row size); default 1 KiB, at most 4 KiB; 0: one "
                     "lowering"),
      llvm::cl::init(options::kSliceVersionsMaxBytesDefault)};
  PassOptions::Option<unsigned> numThreads{
      *this, "num-threads",
      llvm::cl::desc("lowering=scf: 0 runs single-threaded loops; N > 0 "
                     "splits the outermost loop over N OpenMP threads (link "
                     "libomp); at most 1024"),
      llvm::cl::init(options::kNumThreadsDefault)};
  PassOptions::Option<int64_t> nontemporalMinBytes{
      *this, "nontemporal-min-bytes",
      llvm::cl::desc("copy slices of whole 64-byte lines into results of at "
                     "least this many bytes with streaming stores, when the "
                     "slice is 64-byte aligned at run time "
                     "(gather-nontemporal-copies); default 32 MiB; -1: never"),
      llvm::cl::init(options::kNontemporalMinBytesDefault)};
  PassOptions::Option<int64_t> stackBufferBytes{
      *this, "stack-buffer-bytes",
      llvm::cl::desc("stack bytes a function may take for the small static "
                     "buffers it uses and drops, such as the flags of "
                     "threaded error-mode gathers, instead of a malloc per "
                     "call (gather-promote-small-buffers); default 64 KiB, "
                     "at most 1 MiB; 0: every buffer on the heap"),
      llvm::cl::init(options::kStackBufferBytesDefault)};
  PassOptions::Option<bool> outlineDynamic{
      *this, "outline-dynamic",
      llvm::cl::desc("move each gather of dynamic shape into a private "
                     "function per signature, lowered once "
                     "(gather-outline-dynamic-gathers): faster to compile, "
                     "one call per gather at run time"),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> outlineMinStaticGathers{
      *this, "outline-min-static-gathers",
      llvm::cl::desc("with outline-dynamic, also outline the static gathers "
                     "of a signature at least this many gathers of one "
                     "function share (0: static gathers stay inline); "
                     "each then costs a call at run time (about 30 ns)"),
      llvm::cl::init(64)};
  PassOptions::Option<std::string> outOfBoundsHandler{
      *this, "out-of-bounds-handler",
      llvm::cl::desc("The C function error-mode checks call with an "
                     "out-of-bounds index (docs/spec.md); the default, "
                     "gather_out_of_bounds, is defined weak in the module, "
                     "another name is declared"),
      llvm::cl::init("gather_out_of_bounds")};
  PassOptions::Option<std::string> targetCPU{
      *this, "target-cpu",
      llvm::cl::desc("tune the lowering's prefetches for this LLVM CPU name "
                     "(znver5, sapphirerapids, ...; host: this machine's), "
                     "recorded as the module's llvm.target chip "
                     "(gather-target-cpu); empty: the chip of the module's "
                     "llvm.target, or the default tuning")};

  /// Checks every option against its accepted range; `error` gets the
  /// message of each bad one.
  LogicalResult checkOptions(options::ErrorFn error) const;
};

/// Builds `gather-cpu-pipeline` into `pm` (anchored on builtin.module): from
/// func.func on tensors holding gather ops down to the LLVM dialect, ready
/// for mlir-runner or mlir-translate --mlir-to-llvmir. The pipeline ends
/// with gather-verify-lowered: it fails rather than leave an op unlowered.
/// `options` must pass checkOptions (the registered pipeline checks them
/// when it parses them).
void buildGatherCPUPipeline(OpPassManager &pm,
                            const GatherCPUPipelineOptions &options);

/// Options of `gather-gpu-pipeline`.
struct GatherGPUPipelineOptions
    : public PassPipelineOptions<GatherGPUPipelineOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("The NVIDIA GPU to compile kernels for"),
      llvm::cl::init(options::kChipDefault)};
  PassOptions::Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features, e.g. +ptx80 (empty: the chip's default "
                     "PTX version)"),
      llvm::cl::init("")};
  PassOptions::Option<std::string> format{
      *this, "format",
      llvm::cl::desc("What gpu-module-to-binary embeds: isa (PTX), bin "
                     "(cubin, via ptxas) or fatbin; also upstream's llvm, "
                     "offloading, assembly, binary, fatbinary"),
      llvm::cl::init(options::kFormatDefault)};
  PassOptions::Option<int64_t> indexBitwidth{
      *this, "index-bitwidth",
      llvm::cl::desc("Bitwidth of index in kernels: 64 gives 64-bit offsets; "
                     "32 is only valid for buffers of fewer than 2^31 "
                     "elements and no index-typed params or indices (the "
                     "host always uses 64)"),
      llvm::cl::init(options::kIndexBitwidthDefault)};
  PassOptions::Option<std::string> cudaPath{
      *this, "cuda-path",
      llvm::cl::desc("The CUDA toolkit whose ptxas/fatbinary serialize "
                     "kernels (a directory that must exist unless host-only)"),
      llvm::cl::init(options::kCudaPathDefault)};
  PassOptions::Option<unsigned> optLevel{
      *this, "opt-level",
      llvm::cl::desc("Optimization level of the NVPTX backend, 0 to 3"),
      llvm::cl::init(options::kOptLevelDefault)};
  PassOptions::Option<bool> hostOnly{
      *this, "host-only",
      llvm::cl::desc("Lower the CPU-executable form of the kernels (the same "
                     "body in an scf.parallel) for mlir-runner"),
      llvm::cl::init(false)};
  PassOptions::Option<int64_t> blockSize{
      *this, "block-size",
      llvm::cl::desc("Threads per block, in [1, 1024] (also host-only); 0 "
                     "picks it per gather from its slice length"),
      llvm::cl::init(options::kBlockSizeDefault)};
  PassOptions::Option<int64_t> maxBlocks{
      *this, "max-blocks",
      llvm::cl::desc("Upper bound on the blocks of a launch, in [1, 2^31 - "
                     "1]; 0 picks it per gather from its slice length"),
      llvm::cl::init(options::kMaxBlocksDefault)};
  PassOptions::Option<int64_t> slicesPerThread{
      *this, "slices-per-thread",
      llvm::cl::desc("Slices a thread copies per step, their reads in "
                     "flight together, where each thread makes one access "
                     "per slice, in [1, 16]; 0 picks 4"),
      llvm::cl::init(options::kSlicesPerThreadDefault)};
  PassOptions::Option<bool> vectorize{
      *this, "vectorize",
      llvm::cl::desc("Use 128-bit loads and stores where the slice allows"),
      llvm::cl::init(true)};
  PassOptions::Option<std::string> outOfBoundsHandler{
      *this, "out-of-bounds-handler",
      llvm::cl::desc("host-only: the C function error-mode checks call with "
                     "an out-of-bounds index, as in gather-cpu-pipeline "
                     "(kernels print and trap)"),
      llvm::cl::init("gather_out_of_bounds")};

  /// Checks every option against its accepted range (and that cuda-path is
  /// a directory when kernels are serialized); `error` gets the message of
  /// each bad one.
  LogicalResult checkOptions(options::ErrorFn error) const;
};

/// Builds `gather-gpu-pipeline` into `pm` (anchored on builtin.module): from
/// func.func on tensors holding gather ops to the LLVM dialect with kernels
/// in a gpu.binary, ready for mlir-runner with the gather_cuda_runtime
/// library (or, with host-only, with no GPU at all). `options` must pass
/// checkOptions.
void buildGatherGPUPipeline(OpPassManager &pm,
                            const GatherGPUPipelineOptions &options);

/// Builds `gather-mpi-pipeline` into `pm` (anchored on builtin.module): from
/// func.func on tensors annotated with shard.shard over a shard.grid (module
/// attribute dlti.map "MPI:Implementation" required) to the LLVM dialect
/// calling MPI, one SPMD program per process. `options` configure the local
/// lowering, as for gather-cpu-pipeline. The context must have the external
/// models of registerShardingInterfaceExternalModels,
/// registerReplicatedShardingInterfaceExternalModels and
/// registerMPIMemoryEffectsExternalModels (gather-opt registers them).
void buildGatherMPIPipeline(OpPassManager &pm,
                            const GatherCPUPipelineOptions &options);

/// Registers `gather-cpu-pipeline` (CPUPipeline.cpp).
void registerGatherCPUPipeline();
/// Registers `gather-gpu-pipeline` (GPUPipeline.cpp).
void registerGatherGPUPipeline();
/// Registers `gather-mpi-pipeline` (MPIPipeline.cpp).
void registerGatherMPIPipeline();

/// Registers every named gather pipeline.
inline void registerGatherPipelines() {
  registerGatherCPUPipeline();
  registerGatherGPUPipeline();
  registerGatherMPIPipeline();
}

} // namespace gather
} // namespace mlir

#endif // GATHER_PIPELINES_PIPELINES_H
