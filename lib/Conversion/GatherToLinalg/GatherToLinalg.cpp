//===- GatherToLinalg.cpp - lower gather ops (stub) --------------------------===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#include "gather/Conversion/GatherToLinalg/GatherToLinalg.h"
#include "gather/Conversion/Passes.h"
#include "gather/Dialect/Gather/IR/GatherOps.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_CONVERTGATHERTOLINALGPASS
#include "gather/Conversion/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;
using namespace mlir::gather;

void mlir::gather::populateGatherToLinalgPatterns(RewritePatternSet &patterns,
                                               PatternBenefit benefit) {}

namespace {
struct ConvertGatherToLinalgPass
    : public gather::impl::ConvertGatherToLinalgPassBase<ConvertGatherToLinalgPass> {
  void runOnOperation() override {}
};
} // namespace
