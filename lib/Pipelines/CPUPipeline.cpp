//===- CPUPipeline.cpp - gather-cpu-pipeline (stub) ----------------------===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#include "gather/Pipelines/Pipelines.h"

void mlir::gather::registerGatherCPUPipeline() {}
