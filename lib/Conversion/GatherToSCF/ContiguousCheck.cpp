//===- ContiguousCheck.cpp - index checks over contiguous runs ------------===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#include "ContiguousCheck.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <numeric>

using namespace mlir;
using namespace mlir::gather;

/// Bytes of the check's vectors: one AVX-512 register (AVX2 splits each in
/// two).
constexpr int64_t kCheckVectorBytes = 64;
/// At most this many lanes (index depths that 64 bytes of lanes do not
/// divide take a multiple).
constexpr int64_t kCheckMaxLanes = 64;

int64_t mlir::gather::getContiguousCheckLanes(GatherMode mode, Value indices,
                                              int64_t indexDepth) {
  auto intType = dyn_cast<IntegerType>(
      cast<ShapedType>(indices.getType()).getElementType());
  if (mode == GatherMode::Wrap || !intType || indexDepth < 1)
    return 0;
  unsigned width = intType.getWidth();
  if (width < 8 || width > 64 || !llvm::isPowerOf2_32(width))
    return 0;
  int64_t lanes = std::lcm(kCheckVectorBytes / (width / 8), indexDepth);
  return lanes <= kCheckMaxLanes ? lanes : 0;
}

/// Returns the metadata of `indices`' buffer: a read-only view of a tensor's
/// buffer whatever its layout (as the embedding bags read their table).
static memref::ExtractStridedMetadataOp getMetadata(OpBuilder &b, Location loc,
                                                    Value indices) {
  Value buffer = indices;
  if (auto tensorType = dyn_cast<RankedTensorType>(indices.getType())) {
    auto layout = StridedLayoutAttr::get(
        b.getContext(), ShapedType::kDynamic,
        SmallVector<int64_t>(tensorType.getRank(), ShapedType::kDynamic));
    buffer = bufferization::ToBufferOp::create(
        b, loc,
        MemRefType::get(tensorType.getShape(), tensorType.getElementType(),
                        layout),
        indices, /*readOnly=*/true);
  }
  return memref::ExtractStridedMetadataOp::create(b, loc, buffer);
}

static Value createEq(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhs, rhs);
}

ComponentRun mlir::gather::getIndexVectorsRun(OpBuilder &b, Location loc,
                                              const GatherGeometry &g,
                                              Value indices,
                                              ValueRange selector,
                                              Value positions) {
  auto metadata = getMetadata(b, loc, indices);
  ValueRange strides = metadata.getStrides();
  Value depth = arith::ConstantIndexOp::create(b, loc, g.indexDepth);
  // Consecutive index vectors `depth` components apart, their components
  // adjacent.
  Value isContiguous = createEq(b, loc, strides[selector.size() - 1], depth);
  if (g.indexDepth > 1)
    isContiguous = arith::AndIOp::create(
        b, loc, isContiguous,
        createEq(b, loc, strides.back(),
                 arith::ConstantIndexOp::create(b, loc, 1)));
  Value offset = metadata.getOffset();
  for (auto [coord, stride] : llvm::zip(selector, strides))
    offset = arith::AddIOp::create(
        b, loc, offset, arith::MulIOp::create(b, loc, coord, stride));
  return {metadata.getBaseBuffer(), offset,
          arith::MulIOp::create(b, loc, positions, depth), isContiguous};
}

ComponentRun mlir::gather::getAllIndicesRun(OpBuilder &b, Location loc,
                                            Value indices) {
  auto metadata = getMetadata(b, loc, indices);
  // Row-major: each stride is the product of the sizes after it.
  Value count = arith::ConstantIndexOp::create(b, loc, 1);
  Value isContiguous = arith::ConstantIntOp::create(b, loc, 1, 1);
  for (auto [size, stride] :
       llvm::reverse(llvm::zip(metadata.getSizes(), metadata.getStrides()))) {
    isContiguous = arith::AndIOp::create(b, loc, isContiguous,
                                         createEq(b, loc, stride, count));
    count = arith::MulIOp::create(b, loc, count, size);
  }
  return {metadata.getBaseBuffer(), metadata.getOffset(), count, isContiguous};
}

Value mlir::gather::createFlatView(OpBuilder &b, Location loc,
                                   const ComponentRun &run) {
  Type elementType = cast<MemRefType>(run.base.getType()).getElementType();
  auto flatType = MemRefType::get(
      {ShapedType::kDynamic}, elementType,
      StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic, {1}));
  return memref::ReinterpretCastOp::create(
      b, loc, flatType, run.base, OpFoldResult(run.offset),
      ArrayRef<OpFoldResult>{OpFoldResult(run.count)},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
}

Value mlir::gather::createComponentBound(OpBuilder &b, Location loc, Value size,
                                         IntegerType type) {
  unsigned width = type.getWidth();
  Value bound = size;
  if (width < 64)
    bound = arith::MinUIOp::create(
        b, loc, size,
        arith::ConstantIndexOp::create(b, loc, int64_t(1) << (width - 1)));
  return arith::IndexCastOp::create(b, loc, type, bound);
}

/// Returns the bounds of the lanes as a vector of `type`: lane l tests
/// component l % depth (createComponentBound).
static Value createLaneBounds(OpBuilder &b, Location loc, VectorType type,
                              ValueRange indexedSizes) {
  auto intType = cast<IntegerType>(type.getElementType());
  SmallVector<Value> bounds;
  for (Value size : indexedSizes)
    bounds.push_back(createComponentBound(b, loc, size, intType));
  SmallVector<Value> lanes;
  for (int64_t lane = 0; lane < type.getNumElements(); ++lane)
    lanes.push_back(bounds[lane % bounds.size()]);
  return vector::FromElementsOp::create(b, loc, type, lanes);
}

Value mlir::gather::createContiguousCheck(OpBuilder &b, Location loc,
                                          const ComponentRun &run,
                                          int64_t lanes,
                                          ValueRange indexedSizes) {
  Type elementType = cast<MemRefType>(run.base.getType()).getElementType();
  auto vectorType = VectorType::get({lanes}, elementType);
  Value flat = createFlatView(b, loc, run);

  // The whole vectors, then the rest with a masked load (masked-off lanes
  // read nothing and stay 0).
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value step = arith::ConstantIndexOp::create(b, loc, lanes);
  Value whole = arith::SubIOp::create(
      b, loc, run.count, arith::RemUIOp::create(b, loc, run.count, step));
  Value zeros = arith::ConstantOp::create(
      b, loc, cast<TypedAttr>(b.getZeroAttr(vectorType)));
  auto loop = scf::ForOp::create(
      b, loc, zero, whole, step, ValueRange{zeros},
      [&](OpBuilder &lb, Location ll, Value j, ValueRange args) {
        Value values = vector::LoadOp::create(lb, ll, vectorType, flat, j);
        scf::YieldOp::create(
            lb, ll, Value(arith::MaxUIOp::create(lb, ll, args[0], values)));
      });
  Value mask = vector::CreateMaskOp::create(
      b, loc, VectorType::get({lanes}, b.getI1Type()),
      ValueRange{arith::SubIOp::create(b, loc, run.count, whole)});
  Value rest = vector::MaskedLoadOp::create(b, loc, vectorType, flat, whole,
                                            mask, zeros);
  Value max = arith::MaxUIOp::create(b, loc, loop.getResult(0), rest);

  Value badLanes =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, max,
                            createLaneBounds(b, loc, vectorType, indexedSizes));
  // Lanes without a component stay 0, which is no index: they are out of
  // bounds of a zero-sized dimension only when the run is not empty (then
  // that dimension's components are too).
  return arith::AndIOp::create(
      b, loc,
      vector::ReductionOp::create(b, loc, vector::CombiningKind::OR, badLanes),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, run.count,
                            zero));
}
