//===- GatherToLinalg.cpp - lower gather ops to linalg.generic ------------===//
//
// Part of the gather project.
//
// Each gather becomes one linalg.generic over its result with parallel
// iterators. The body computes the element's coordinates with linalg.index,
// reads the index (vector) that selects it from `indices` and the element
// from `params` with tensor.extract. Out-of-bounds handling:
//  - error: an scf.for nest over `indices` before the generic checks each
//    index once, prints the op's location, the index and the bound and calls
//    exit(1); the generic then reads without checks.
//  - zero: the body reads at a clamped-to-0 address and selects zero.
//  - clamp: the body reads at the clamped address.
// An empty addressed params dimension leaves nothing to read from: in zero
// and clamp mode the result is then zero-filled instead (scf.if when the
// size is dynamic), so no read ever leaves params.
//
//===----------------------------------------------------------------------===//

#include "gather/Conversion/GatherToLinalg/GatherToLinalg.h"
#include "gather/Conversion/GatherCommon/GatherLoweringUtils.h"
#include "gather/Conversion/Passes.h"
#include "gather/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_CONVERTGATHERTOLINALGPASS
#include "gather/Conversion/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;
using namespace mlir::gather;

/// Lowers a gather op to a linalg.generic (see the file comment).
static Value lowerToGeneric(OpBuilder &builder, Operation *op, Value params,
                            Value indices,
                            const TensorGatherLowering &lowering) {
  const GatherGeometry &geometry = lowering.geometry;
  GatherMode mode = lowering.mode;
  TypedAttr zero = lowering.zero;
  Value init = lowering.init;
  ArrayRef<Value> indexedSizes = lowering.indexedSizes;
  Location loc = op->getLoc();

  auto buildGeneric = [&](OpBuilder &b, Location loc) -> Value {
    int64_t rank = geometry.resultRank;
    SmallVector<AffineMap> maps{b.getMultiDimIdentityMap(rank)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        b, loc, init.getType(), ValueRange(), ValueRange{init}, maps, iterators,
        [&](OpBuilder &nb, Location nl, ValueRange) {
          SmallVector<Value> coords;
          for (int64_t d = 0; d < rank; ++d)
            coords.push_back(linalg::IndexOp::create(nb, nl, d));
          ResolvedIndexVector resolved = loadAndResolveIndexVector(
              nb, nl, op, geometry, mode, indices,
              geometry.getSelectorOfResultCoords(coords), indexedSizes,
              /*check=*/false);
          Value value = tensor::ExtractOp::create(
              nb, nl, params,
              geometry.getParamsCoords(coords, resolved.addresses));
          if (resolved.isValid)
            value = arith::SelectOp::create(
                nb, nl, resolved.isValid, value,
                arith::ConstantOp::create(nb, nl, zero));
          linalg::YieldOp::create(nb, nl, value);
        });
    return generic.getResult(0);
  };

  // Error mode validates every index once before the generic, unless the
  // result is empty. Zero and clamp mode need a guard where an addressed
  // dimension may be empty (exactly when they need a zero).
  if (isReportingMode(mode))
    return createUnlessResultEmpty(
        builder, loc, lowering, [&](OpBuilder &b, Location l) {
          createIndexValidation(b, l, op, geometry, indices, indexedSizes);
          return buildGeneric(b, l);
        });
  if (zero)
    return createGuardForEmptyDims(builder, loc, indexedSizes, zero, init,
                                   buildGeneric);
  return buildGeneric(builder, loc);
}

namespace {

struct ConvertGatherToLinalgPass
    : public gather::impl::ConvertGatherToLinalgPassBase<
          ConvertGatherToLinalgPass> {
  void runOnOperation() override {
    if (failed(lowerGatherOps(getOperation(), [](RewritePatternSet &patterns) {
          populateGatherToLinalgPatterns(patterns);
        })))
      signalPassFailure();
  }
};

} // namespace

void mlir::gather::populateGatherToLinalgPatterns(RewritePatternSet &patterns,
                                                  PatternBenefit benefit) {
  patterns.add<TensorGatherPattern>(patterns.getContext(), lowerToGeneric,
                                    benefit);
}
