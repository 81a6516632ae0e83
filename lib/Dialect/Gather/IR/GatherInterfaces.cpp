//===- GatherInterfaces.cpp - gather op interface -------------------------===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#include "gather/Dialect/Gather/IR/GatherInterfaces.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::gather;

#include "gather/Dialect/Gather/IR/GatherInterfaces.cpp.inc"

GatherGeometry GatherGeometry::get(Operation *op) {
  return cast<GatherOpInterface>(op).getGeometry();
}

GatherDimKind GatherGeometry::getResultDimKind(int64_t dim) const {
  assert(dim >= 0 && dim < resultRank && "result dimension out of range");
  if (dim < batchDims)
    return GatherDimKind::Batch;
  if (dim < firstIndexedDim)
    return GatherDimKind::Outer;
  if (dim < firstIndexedDim + numPositionDims)
    return GatherDimKind::Position;
  return GatherDimKind::Slice;
}

std::optional<int64_t>
GatherGeometry::getParamsDimOfResultDim(int64_t dim) const {
  switch (getResultDimKind(dim)) {
  case GatherDimKind::Batch:
  case GatherDimKind::Outer:
    return dim;
  case GatherDimKind::Position:
    return std::nullopt;
  case GatherDimKind::Slice:
    return dim - numPositionDims + indexDepth;
  }
  llvm_unreachable("unknown dimension kind");
}

std::optional<int64_t>
GatherGeometry::getIndicesDimOfResultDim(int64_t dim) const {
  switch (getResultDimKind(dim)) {
  case GatherDimKind::Batch:
    return dim;
  case GatherDimKind::Position:
    return dim - firstIndexedDim + batchDims;
  case GatherDimKind::Outer:
  case GatherDimKind::Slice:
    return std::nullopt;
  }
  llvm_unreachable("unknown dimension kind");
}

std::optional<int64_t>
GatherGeometry::getResultDimOfParamsDim(int64_t dim) const {
  if (dim < firstIndexedDim)
    return dim;
  if (isIndexedParamsDim(dim))
    return std::nullopt;
  return dim - indexDepth + numPositionDims;
}

SmallVector<Value> GatherGeometry::getIndicesCoords(OpBuilder &b, Location loc,
                                                    ValueRange selector,
                                                    int64_t component) const {
  SmallVector<Value> coords(selector);
  if (hasIndexVectorDim)
    coords.push_back(arith::ConstantIndexOp::create(b, loc, component));
  return coords;
}

SmallVector<Value>
GatherGeometry::getSelectorOfResultCoords(ValueRange resultCoords) const {
  SmallVector<Value> selector(resultCoords.take_front(batchDims));
  llvm::append_range(selector,
                     resultCoords.slice(firstIndexedDim, numPositionDims));
  return selector;
}

SmallVector<Value> GatherGeometry::getParamsCoords(ValueRange resultCoords,
                                                   ValueRange addresses) const {
  SmallVector<Value> coords(resultCoords.take_front(firstIndexedDim));
  llvm::append_range(coords, addresses);
  llvm::append_range(
      coords, resultCoords.drop_front(firstIndexedDim + numPositionDims));
  return coords;
}
