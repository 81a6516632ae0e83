//===- GatherToSCF.cpp - lower gather ops (stub) --------------------------===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#include "gather/Conversion/GatherToSCF/GatherToSCF.h"
#include "gather/Conversion/Passes.h"
#include "gather/Dialect/Gather/IR/GatherOps.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_CONVERTGATHERTOSCFPASS
#include "gather/Conversion/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;
using namespace mlir::gather;

void mlir::gather::populateGatherToSCFPatterns(RewritePatternSet &patterns,
                                               PatternBenefit benefit) {}

namespace {
struct ConvertGatherToSCFPass
    : public gather::impl::ConvertGatherToSCFPassBase<ConvertGatherToSCFPass> {
  void runOnOperation() override {}
};
} // namespace
