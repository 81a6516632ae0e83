//===- GatherToLinalg.cpp - lower gather ops to linalg.generic ------------===//
//
// Part of the gather project.
//
// Each gather becomes one linalg.generic over its result with parallel
// iterators. The indices are `ins` operands, one per index component (the
// indices tensor with a map that projects the result's batch and position
// dimensions onto it, and the index-vector dimension of gather_nd onto the
// component), as in upstream's lowering of tosa.gather. The body resolves
// the components and reads the element from `params` with tensor.extract at
// the coordinates linalg.index gives for the other dimensions.
// Out-of-bounds handling:
//  - error: an scf.for nest over `indices` before the generic checks each
//    index once and reports a bad one to the out-of-bounds handler
//    (OutOfBoundsReport.h), whose default prints and ends the process. A
//    handler that returns gets zero slices for the bad indices: the generic
//    then reads as in zero mode (as in clamp mode, with unspecified values
//    for an empty dimension, where the element type has no zero).
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

/// The indexing map of component `component` of the index vectors: the
/// result's batch and position dimensions onto the selector dimensions of
/// `indices` (in order) and, for gather_nd, the constant `component` onto the
/// index-vector dimension. As tosa.gather's lowering does, the generic then
/// takes the indices as an `ins` operand, so that linalg's analyses (tiling,
/// fusion, bufferization) see which indices each result element reads.
static AffineMap getIndexComponentMap(MLIRContext *ctx,
                                      const GatherGeometry &geometry,
                                      int64_t component) {
  SmallVector<AffineExpr> exprs;
  for (int64_t dim = 0; dim < geometry.resultRank; ++dim)
    if (std::optional<int64_t> indicesDim =
            geometry.getIndicesDimOfResultDim(dim)) {
      assert(*indicesDim == static_cast<int64_t>(exprs.size()) &&
             "selector dimensions are in result order");
      exprs.push_back(getAffineDimExpr(dim, ctx));
    }
  if (geometry.hasIndexVectorDim)
    exprs.push_back(getAffineConstantExpr(component, ctx));
  return AffineMap::get(geometry.resultRank, /*symbolCount=*/0, exprs, ctx);
}

/// Applies `mode` to one index component read by the generic (an element of
/// `indices`), against the size of the params dimension it addresses. Error
/// and wrap mode have reported bad indices before the generic; they read
/// them as `readReportedAs` (the slice a returning handler gets).
static ResolvedIndex resolveComponentInBody(OpBuilder &b, Location loc,
                                            GatherMode mode,
                                            GatherMode readReportedAs,
                                            Value element, Value dimSize) {
  Value index = castToIndex(b, loc, element);
  if (mode == GatherMode::Wrap)
    index = resolveIndex(b, loc, GatherMode::Wrap, index, dimSize).address;
  if (isReportingMode(mode))
    mode = readReportedAs;
  return resolveIndex(b, loc, mode, index, dimSize);
}

/// Builds the linalg.generic of a gather: one `ins` operand per index
/// component (the indices tensor with getIndexComponentMap), the result as
/// `outs`; the body resolves the components and reads params with
/// tensor.extract, the one access an indexing map cannot express.
static Value buildGatherGeneric(OpBuilder &b, Location loc, Value params,
                                Value indices,
                                const TensorGatherLowering &lowering) {
  const GatherGeometry &geometry = lowering.geometry;
  int64_t rank = geometry.resultRank;
  MLIRContext *ctx = b.getContext();
  // Error and wrap mode read a reported index as zero mode (clamp mode
  // without a zero) in case the handler returned.
  GatherMode readReportedAs =
      lowering.zero ? GatherMode::Zero : GatherMode::Clamp;

  SmallVector<Value> inputs(geometry.indexDepth, indices);
  SmallVector<AffineMap> maps;
  for (int64_t k = 0; k < geometry.indexDepth; ++k)
    maps.push_back(getIndexComponentMap(ctx, geometry, k));
  maps.push_back(b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, lowering.init.getType(), inputs, ValueRange{lowering.init}, maps,
      iterators, [&](OpBuilder &nb, Location nl, ValueRange args) {
        // The coordinates params shares with the result; position
        // dimensions only select an index (the ins operands).
        SmallVector<Value> coords(rank);
        for (int64_t d = 0; d < rank; ++d)
          if (geometry.getParamsDimOfResultDim(d))
            coords[d] = linalg::IndexOp::create(nb, nl, d);
        SmallVector<Value> addresses;
        Value isValid;
        for (int64_t k = 0; k < geometry.indexDepth; ++k) {
          ResolvedIndex resolved =
              resolveComponentInBody(nb, nl, lowering.mode, readReportedAs,
                                     args[k], lowering.indexedSizes[k]);
          addresses.push_back(resolved.address);
          isValid = createAndOfValid(nb, nl, isValid, resolved.isValid);
        }
        Value value = tensor::ExtractOp::create(
            nb, nl, params, geometry.getParamsCoords(coords, addresses));
        if (isValid)
          value = arith::SelectOp::create(
              nb, nl, isValid, value, createConstant(nb, nl, lowering.zero));
        linalg::YieldOp::create(nb, nl, value);
      });
  return generic.getResult(0);
}

/// Lowers a gather op to a linalg.generic (see the file comment).
static Value lowerToGeneric(OpBuilder &builder, Operation *op, Value params,
                            Value indices,
                            const TensorGatherLowering &lowering) {
  Location loc = op->getLoc();
  auto buildGeneric = [&](OpBuilder &b, Location l) {
    return buildGatherGeneric(b, l, params, indices, lowering);
  };
  // Error mode validates every index once before the generic, unless the
  // result is empty, and guards its reads as zero mode does. Zero and clamp
  // mode need a guard where an addressed dimension may be empty (exactly
  // when they need a zero).
  if (isReportingMode(lowering.mode))
    return createUnlessResultEmpty(
        builder, loc, lowering, [&](OpBuilder &b, Location l) {
          createIndexValidation(b, l, op, lowering.geometry, indices,
                                lowering.indexedSizes,
                                lowering.outOfBoundsHandler);
          return createGuardForEmptyDims(b, l, lowering.indexedSizes,
                                         lowering.zero, lowering.init,
                                         buildGeneric);
        });
  if (lowering.zero)
    return createGuardForEmptyDims(builder, loc, lowering.indexedSizes,
                                   lowering.zero, lowering.init, buildGeneric);
  return buildGeneric(builder, loc);
}

namespace {

struct ConvertGatherToLinalgPass
    : public gather::impl::ConvertGatherToLinalgPassBase<
          ConvertGatherToLinalgPass> {
  using Base::Base;

  void runOnOperation() override {
    auto populate = [&](RewritePatternSet &patterns) {
      populateGatherToLinalgPatterns(patterns, outOfBoundsHandler);
    };
    if (failed(lowerGatherOps(getOperation(), populate, outOfBoundsHandler)))
      signalPassFailure();
  }
};

} // namespace

void mlir::gather::populateGatherToLinalgPatterns(RewritePatternSet &patterns,
                                                  PatternBenefit benefit) {
  populateGatherToLinalgPatterns(patterns, kDefaultOutOfBoundsHandler, benefit);
}

void mlir::gather::populateGatherToLinalgPatterns(RewritePatternSet &patterns,
                                                  StringRef outOfBoundsHandler,
                                                  PatternBenefit benefit) {
  patterns.add<TensorGatherPattern>(patterns.getContext(), lowerToGeneric,
                                    benefit, outOfBoundsHandler);
}
