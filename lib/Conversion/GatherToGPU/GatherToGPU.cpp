//===- GatherToGPU.cpp - lower gather ops (stub) --------------------------===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#include "gather/Conversion/GatherToGPU/GatherToGPU.h"
#include "gather/Conversion/Passes.h"
#include "gather/Dialect/Gather/IR/GatherOps.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_CONVERTGATHERTOGPUPASS
#include "gather/Conversion/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;
using namespace mlir::gather;

void mlir::gather::populateGatherToGPUPatterns(RewritePatternSet &patterns,
                                               PatternBenefit benefit) {}

namespace {
struct ConvertGatherToGPUPass
    : public gather::impl::ConvertGatherToGPUPassBase<ConvertGatherToGPUPass> {
  void runOnOperation() override {}
};
} // namespace
