//===- Pipelines.h - named gather pipelines ---------------------*- C++ -*-===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_PIPELINES_PIPELINES_H
#define GATHER_PIPELINES_PIPELINES_H

namespace mlir {
namespace gather {

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
