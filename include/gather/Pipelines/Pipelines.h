//===- Pipelines.h - named gather pipelines ---------------------*- C++ -*-===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_PIPELINES_PIPELINES_H
#define GATHER_PIPELINES_PIPELINES_H

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
};

/// Builds `gather-cpu-pipeline` into `pm` (anchored on builtin.module): from
/// func.func on tensors holding gather ops down to the LLVM dialect, ready
/// for mlir-runner or mlir-translate --mlir-to-llvmir.
void buildGatherCPUPipeline(OpPassManager &pm,
                            const GatherCPUPipelineOptions &options);

/// Registers `gather-cpu-pipeline` (CPUPipeline.cpp).
void registerGatherCPUPipeline();
/// Registers `gather-gpu-pipeline` (GPUPipeline.cpp).
void registerGatherGPUPipeline();

/// Registers every named gather pipeline.
inline void registerGatherPipelines() {
  registerGatherCPUPipeline();
  registerGatherGPUPipeline();
}

} // namespace gather
} // namespace mlir

#endif // GATHER_PIPELINES_PIPELINES_H
