//===- OffsetVectors.cpp - checks that keep params offsets in vectors -----===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#include "OffsetVectors.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::gather;

static Value createSplat(OpBuilder &b, Location loc, Value scalar,
                         int64_t lanes) {
  return vector::BroadcastOp::create(
      b, loc, VectorType::get({lanes}, scalar.getType()), scalar);
}

OffsetVectorGroups mlir::gather::createOffsetVectorGroups(
    OpBuilder &b, Location loc, const ComponentRun &run, int64_t positions,
    int64_t depth, ValueRange indexedSizes, ValueRange componentStrides,
    Value outerOffset) {
  auto type =
      cast<IntegerType>(cast<MemRefType>(run.base.getType()).getElementType());
  OffsetVectorGroups groups;
  groups.flatIndices = createFlatView(b, loc, run);
  groups.positions = positions;
  groups.depth = depth;
  for (int64_t k = 0; k < depth; ++k) {
    groups.bounds.push_back(
        createSplat(b, loc, createComponentBound(b, loc, indexedSizes[k], type),
                    positions));
    groups.strides.push_back(
        createSplat(b, loc, componentStrides[k], positions));
  }
  groups.outerOffsets = createSplat(b, loc, outerOffset, positions);
  return groups;
}

OffsetVectorCheck mlir::gather::createOffsetVectorCheck(
    OpBuilder &b, Location loc, const OffsetVectorGroups &groups, Value lo) {
  int64_t positions = groups.positions, depth = groups.depth;
  Type type = cast<MemRefType>(groups.flatIndices.getType()).getElementType();
  Value first = arith::MulIOp::create(
      b, loc, lo, arith::ConstantIndexOp::create(b, loc, depth));
  Value components =
      vector::LoadOp::create(b, loc, VectorType::get({positions * depth}, type),
                             groups.flatIndices, first);
  auto indexVectorType = VectorType::get({positions}, b.getIndexType());
  Value offsets = groups.outerOffsets, badLanes;
  for (int64_t k = 0; k < depth; ++k) {
    // Component k of every position: lanes k, k + depth, ...
    SmallVector<int64_t> lanes;
    for (int64_t p = 0; p < positions; ++p)
      lanes.push_back(p * depth + k);
    Value component =
        vector::ShuffleOp::create(b, loc, components, components, lanes);
    Value bad = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                      component, groups.bounds[k]);
    badLanes = badLanes ? arith::OrIOp::create(b, loc, badLanes, bad) : bad;
    Value address =
        arith::IndexCastOp::create(b, loc, indexVectorType, component);
    offsets = arith::AddIOp::create(
        b, loc, offsets,
        arith::MulIOp::create(b, loc, address, groups.strides[k]));
  }
  // A position with a bad component reads params' first element; the copies
  // of a bad group are then redone, resolving each index.
  Value zeros = arith::ConstantOp::create(
      b, loc, cast<TypedAttr>(b.getZeroAttr(indexVectorType)));
  offsets = arith::SelectOp::create(b, loc, badLanes, zeros, offsets);
  Value bad =
      vector::ReductionOp::create(b, loc, vector::CombiningKind::OR, badLanes);
  return {offsets, bad};
}
