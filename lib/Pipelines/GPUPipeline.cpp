//===- GPUPipeline.cpp - gather-gpu-pipeline (stub) ----------------------===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#include "gather/Pipelines/Pipelines.h"

void mlir::gather::registerGatherGPUPipeline() {}
