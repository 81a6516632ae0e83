//===- ShardingInterfaceImpl.cpp - sharding of gather ops -----------------===//
//
// Part of the gather project.
//
// `shard::ShardingInterface` for gather.gather and gather.gather_nd. The loop
// space of an op is its result dimensions, one loop per addressed params
// dimension and, for gather_nd, one loop for the index-vector dimension:
//
//   loops [0, R)        parallel   the result dimensions (batch, outer,
//                                  position, slice; see GatherGeometry)
//   loops [R, R+d)      reduction  the params dimensions indices address
//   loop  R+d           parallel   gather_nd only: the index-vector dimension
//
// params reads its batch and outer dimensions from the loops of the matching
// result dimensions, its addressed dimensions from loops [R, R+d) and its
// slice dimensions from the trailing result loops; indices reads its batch and
// position dimensions from the matching result loops.
//
// Splitting a loop of [0, R) partitions into a local gather on the local
// operands, with no communication. Splitting an addressed dimension (a
// "reduction" loop: the result is a sum over the processes holding the
// params rows) partitions into
//   1. the out-of-bounds mode applied once against the global size (the
//      indices are replicated over these processes: each checks all of them),
//   2. the indices shifted by the first global row the process holds,
//   3. a local gather in mode<zero> (rows of other processes read zero),
//   4. one `shard.all_reduce` (sum) over the grid axes of the split.
// docs/spec.md ("Partitioning across processes") numbers these rules.
//
//===----------------------------------------------------------------------===//

#include "gather/Dialect/Gather/Transforms/ShardingInterfaceImpl.h"

#include "gather/Dialect/Gather/IR/GatherDialect.h"
#include "gather/Dialect/Gather/IR/GatherInterfaces.h"
#include "gather/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterfaceImpl.h"
#include "mlir/Dialect/Shard/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "llvm/ADT/STLExtras.h"

#include <optional>

using namespace mlir;
using namespace mlir::gather;

using shard::GridAxis;
using shard::Sharding;
using shard::ShardingArray;
using shard::ShardingOption;

//===----------------------------------------------------------------------===//
// Dimension layout
//===----------------------------------------------------------------------===//

namespace {
/// The geometry of a gather op (GatherGeometry) with the loop numbering of
/// the file comment.
struct GatherLayout : GatherGeometry {
  explicit GatherLayout(Operation *op)
      : GatherGeometry(cast<GatherOpInterface>(op).getGeometry()) {}

  int64_t getNumLoops() const {
    return resultRank + indexDepth + (hasIndexVectorDim ? 1 : 0);
  }
  /// The loop of addressed params dimension a + k.
  int64_t getIndexedLoop(int64_t k) const { return resultRank + k; }
  /// gather_nd: the loop of the index-vector dimension.
  int64_t getIndexVectorLoop() const { return resultRank + indexDepth; }
};
} // namespace

/// The indexing maps of params, indices and the result over the loop space
/// described in the file comment.
static SmallVector<AffineMap> getGatherIndexingMaps(const GatherLayout &l,
                                                    MLIRContext *ctx) {
  int64_t a = l.firstIndexedDim, b = l.batchDims, d = l.indexDepth;
  int64_t p = l.numPositionDims;
  SmallVector<AffineExpr> params, indices, result;
  for (int64_t j = 0; j < l.getParamsRank(); ++j) {
    if (j < a)
      params.push_back(getAffineDimExpr(j, ctx));
    else if (j < a + d)
      params.push_back(getAffineDimExpr(l.getIndexedLoop(j - a), ctx));
    else
      params.push_back(getAffineDimExpr(a + p + (j - a - d), ctx));
  }
  for (int64_t j = 0; j < l.getIndicesRank(); ++j) {
    if (j < b)
      indices.push_back(getAffineDimExpr(j, ctx));
    else if (j < b + p)
      indices.push_back(getAffineDimExpr(a + (j - b), ctx));
    else
      indices.push_back(getAffineDimExpr(l.getIndexVectorLoop(), ctx));
  }
  for (int64_t j = 0; j < l.resultRank; ++j)
    result.push_back(getAffineDimExpr(j, ctx));
  int64_t n = l.getNumLoops();
  return {AffineMap::get(n, 0, params, ctx), AffineMap::get(n, 0, indices, ctx),
          AffineMap::get(n, 0, result, ctx)};
}

/// Reads the grid axes of every loop from the shardings of the operands and
/// the result; they must agree where two tensors share a loop. Uneven
/// shardings (sharded_dims_offsets) and halos are rejected.
static FailureOr<ShardingArray>
getLoopGridAxes(Operation *op, ArrayRef<AffineMap> maps,
                ArrayRef<Sharding> operandShardings,
                ArrayRef<Sharding> resultShardings) {
  int64_t numLoops = maps.front().getNumDims();
  SmallVector<std::optional<SmallVector<GridAxis>>> loopAxes(numLoops);
  std::vector<Sharding> shardings(operandShardings.begin(),
                                  operandShardings.end());
  llvm::append_range(shardings, resultShardings);
  for (auto [sharding, map] : llvm::zip_equal(shardings, maps)) {
    if (!sharding)
      continue;
    if (!sharding.getStaticHaloSizes().empty() ||
        !sharding.getDynamicHaloSizes().empty() ||
        !sharding.getStaticShardedDimsOffsets().empty() ||
        !sharding.getDynamicShardedDimsOffsets().empty())
      return op->emitOpError(
          "cannot be partitioned with halos or sharded_dims_offsets");
    ArrayRef<shard::GridAxesAttr> splitAxes = sharding.getSplitAxes();
    for (auto [dim, expr] : llvm::enumerate(map.getResults())) {
      int64_t loop = cast<AffineDimExpr>(expr).getPosition();
      SmallVector<GridAxis> axes;
      if (dim < splitAxes.size())
        axes = llvm::to_vector(splitAxes[dim].asArrayRef());
      if (!loopAxes[loop])
        loopAxes[loop] = axes;
      else if (*loopAxes[loop] != axes)
        return op->emitOpError("operand and result shardings disagree on "
                               "the grid axes of a shared dimension");
    }
  }
  ShardingArray result;
  for (std::optional<SmallVector<GridAxis>> &axes : loopAxes)
    result.push_back(axes ? std::move(*axes) : SmallVector<GridAxis>());
  return result;
}

//===----------------------------------------------------------------------===//
// Building blocks of the partitioned op
//===----------------------------------------------------------------------===//

/// Returns the size of dimension `dim` of `tensor`: a constant where static.
static Value createDimSize(ImplicitLocOpBuilder &b, Value tensor, int64_t dim) {
  int64_t size = cast<RankedTensorType>(tensor.getType()).getDimSize(dim);
  if (!ShapedType::isDynamic(size))
    return arith::ConstantIndexOp::create(b, size);
  return tensor::DimOp::create(b, tensor, dim);
}

/// Converts an `index` value to the element type of an indices tensor.
static Value castFromIndex(OpBuilder &b, Location loc, Value value,
                           Type elementType) {
  if (elementType.isIndex())
    return value;
  return arith::IndexCastOp::create(b, loc, elementType, value);
}

/// Converts an index read from an indices tensor to `index` (sign-extending).
static Value castToIndex(OpBuilder &b, Location loc, Value value) {
  if (value.getType().isIndex())
    return value;
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), value);
}

/// Returns `values[component]`: the value of one index-vector component, with
/// `component` the position in the index-vector dimension (null for
/// gather.gather, whose single value is returned).
static Value selectComponent(OpBuilder &b, Location loc, Value component,
                             ArrayRef<Value> values) {
  Value result = values.back();
  for (int64_t k = static_cast<int64_t>(values.size()) - 2; k >= 0; --k) {
    Value isK =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, component,
                              arith::ConstantIndexOp::create(b, loc, k));
    result = arith::SelectOp::create(b, loc, isK, values[k], result);
  }
  return result;
}

/// Per-element function of the index transforms: gets the index (element
/// type of indices) and its index-vector component (an `index`, null for
/// gather.gather) and returns the new index.
using IndexFn = function_ref<Value(OpBuilder &, Location, Value, Value)>;

/// Returns `fn` applied to every element of `indices`, as a linalg.generic.
static Value mapIndices(ImplicitLocOpBuilder &b, const GatherLayout &l,
                        Value indices, IndexFn fn) {
  auto type = cast<RankedTensorType>(indices.getType());
  int64_t rank = type.getRank();
  Value init = tensor::EmptyOp::create(
      b, tensor::getMixedSizes(b, b.getLoc(), indices), type.getElementType());
  AffineMap identity = b.getMultiDimIdentityMap(rank);
  auto generic = linalg::GenericOp::create(
      b, TypeRange{type}, ValueRange{indices}, ValueRange{init},
      ArrayRef<AffineMap>{identity, identity},
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &nb, Location loc, ValueRange args) {
        Value component = l.hasIndexVectorDim
                              ? linalg::IndexOp::create(nb, loc, rank - 1)
                              : Value();
        linalg::YieldOp::create(nb, loc, fn(nb, loc, args[0], component));
      });
  return generic.getResult(0);
}

/// Returns an i1 that is true when an index (component) of `indices` lies
/// outside [lo, lo + count), with `lo` = -sizes[k] when `allowNegative`
/// (mode<wrap>) and 0 otherwise, and `count` = sizes[k] (twice that with
/// `allowNegative`).
static Value createAnyOutOfBounds(ImplicitLocOpBuilder &b,
                                  const GatherLayout &l, Value indices,
                                  ArrayRef<Value> sizes, bool allowNegative) {
  auto type = cast<RankedTensorType>(indices.getType());
  int64_t rank = type.getRank();
  Value falseValue = arith::ConstantIntOp::create(b, b.getI1Type(), 0);
  Value init = tensor::FromElementsOp::create(
      b, RankedTensorType::get({}, b.getI1Type()), ValueRange{falseValue});
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineMap> maps = {b.getMultiDimIdentityMap(rank),
                                 AffineMap::get(rank, 0, {}, ctx)};
  auto generic = linalg::GenericOp::create(
      b, TypeRange{init.getType()}, ValueRange{indices}, ValueRange{init}, maps,
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::reduction),
      [&](OpBuilder &nb, Location loc, ValueRange args) {
        Value component = l.hasIndexVectorDim
                              ? linalg::IndexOp::create(nb, loc, rank - 1)
                              : Value();
        Value size = selectComponent(nb, loc, component, sizes);
        Value index = castToIndex(nb, loc, args[0]);
        if (allowNegative) {
          index = arith::AddIOp::create(nb, loc, index, size);
          size = arith::AddIOp::create(nb, loc, size, size);
        }
        // One unsigned compare: a negative index reads as a huge value.
        Value outside = arith::CmpIOp::create(
            nb, loc, arith::CmpIPredicate::uge, index, size);
        linalg::YieldOp::create(
            nb, loc,
            arith::OrIOp::create(nb, loc, args[1], outside).getResult());
      });
  return tensor::ExtractOp::create(b, generic.getResult(0), ValueRange{});
}

/// Returns a tensor of `shape` (sizes as values) and the element type of
/// `indices` whose element at r is r[dim]: the identity table a stand-in
/// gather reads its indices back from.
static Value createIota(ImplicitLocOpBuilder &b, ArrayRef<OpFoldResult> shape,
                        Type elementType, int64_t dim) {
  Value init = tensor::EmptyOp::create(b, shape, elementType);
  int64_t rank = shape.size();
  AffineMap identity = b.getMultiDimIdentityMap(rank);
  auto generic = linalg::GenericOp::create(
      b, TypeRange{init.getType()}, ValueRange{}, ValueRange{init},
      ArrayRef<AffineMap>{identity},
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &nb, Location loc, ValueRange) {
        Value index = linalg::IndexOp::create(nb, loc, dim);
        linalg::YieldOp::create(nb, loc,
                                castFromIndex(nb, loc, index, elementType));
      });
  return generic.getResult(0);
}

/// Collapses the unit dimensions [from, from + count) of `value` (those of a
/// stand-in gather's result that stand for the outer params dimensions) and
/// casts the result to `type`.
static Value dropUnitDims(ImplicitLocOpBuilder &b, Value value, int64_t from,
                          int64_t count, RankedTensorType type) {
  if (count > 0) {
    int64_t rank = cast<RankedTensorType>(value.getType()).getRank();
    // The unit dimensions join the dimension before them, or the one after
    // them when they lead; all of them unit: a rank-0 result.
    SmallVector<ReassociationIndices> groups;
    for (int64_t i = 0; i < rank; ++i) {
      bool isUnit = i >= from && i < from + count;
      if ((isUnit && from > 0) || (i == from + count && from == 0))
        groups.back().push_back(i);
      else if (!isUnit || i == 0)
        groups.push_back({i});
      else
        groups.back().push_back(i);
    }
    if (from == 0 && count == rank)
      groups.clear();
    SmallVector<int64_t> shape;
    auto valueType = cast<RankedTensorType>(value.getType());
    for (const ReassociationIndices &group : groups) {
      int64_t size = 1;
      for (int64_t i : group) {
        int64_t dim = valueType.getDimSize(i);
        size = ShapedType::isDynamic(dim) || ShapedType::isDynamic(size)
                   ? ShapedType::kDynamic
                   : size * dim;
      }
      shape.push_back(size);
    }
    value = tensor::CollapseShapeOp::create(
        b, RankedTensorType::get(shape, valueType.getElementType()), value,
        groups);
  }
  if (value.getType() != type)
    value = tensor::CastOp::create(b, type, value);
  return value;
}

/// The error branch of a global check: re-runs the op's check in `mode`
/// against stand-in params of the global sizes (identity tables read back
/// as the indices), so that the message is the op's own (its location, the
/// index, the global bound and the params dimension). Returns indices equal
/// to `indices` with the mode applied, when no index is out of bounds.
static Value createStandInCheck(ImplicitLocOpBuilder &b, Operation *op,
                                const GatherLayout &l, Value indices,
                                ArrayRef<Value> globalSizes, GatherMode mode) {
  auto type = cast<RankedTensorType>(indices.getType());
  Type elementType = type.getElementType();
  SmallVector<OpFoldResult> batch;
  for (int64_t i = 0; i < l.batchDims; ++i)
    batch.push_back(createDimSize(b, indices, i));
  OpFoldResult one = b.getIndexAttr(1);
  int64_t a = l.firstIndexedDim;
  if (auto gather = dyn_cast<GatherOp>(op)) {
    SmallVector<OpFoldResult> shape(batch);
    shape.append(a - l.batchDims, one);
    shape.push_back(globalSizes[0]);
    Value iota = createIota(b, shape, elementType, a);
    Value checked = GatherOp::create(b, iota, indices, a, l.batchDims, mode);
    return dropUnitDims(b, checked, l.batchDims, a - l.batchDims, type);
  }
  // gather_nd: one stand-in per component, with the other components zeroed
  // (all in bounds of their unit stand-in dimensions).
  Value result = tensor::EmptyOp::create(
      b, tensor::getMixedSizes(b, b.getLoc(), indices), elementType);
  int64_t rank = type.getRank();
  for (int64_t k = 0; k < l.indexDepth; ++k) {
    Value componentOnly = indices;
    if (l.indexDepth > 1) {
      componentOnly = mapIndices(
          b, l, indices,
          [&](OpBuilder &nb, Location loc, Value index, Value component) {
            Value isK = arith::CmpIOp::create(
                nb, loc, arith::CmpIPredicate::eq, component,
                arith::ConstantIndexOp::create(nb, loc, k));
            Value zero = castFromIndex(
                nb, loc, arith::ConstantIndexOp::create(nb, loc, 0),
                elementType);
            return arith::SelectOp::create(nb, loc, isK, index, zero)
                .getResult();
          });
    }
    SmallVector<OpFoldResult> shape(batch);
    for (int64_t j = 0; j < l.indexDepth; ++j)
      shape.push_back(j == k ? OpFoldResult(globalSizes[k]) : one);
    Value iota = createIota(b, shape, elementType, l.batchDims + k);
    Value checked =
        GatherNdOp::create(b, iota, componentOnly, l.batchDims, mode);
    SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
    offsets.back() = b.getIndexAttr(k);
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(b, b.getLoc(), indices);
    sizes.back() = one;
    SmallVector<OpFoldResult> strides(rank, one);
    result = tensor::InsertSliceOp::create(b, checked, result, offsets, sizes,
                                           strides);
  }
  return result;
}

/// Returns an i1 that is true when the result has an element (with the local
/// sizes, which are empty exactly when the global ones are), or null when
/// that is statically true. Sets `isEmpty` when a size is a static 0.
static Value createResultIsNonEmpty(ImplicitLocOpBuilder &b,
                                    const GatherLayout &l, Value params,
                                    Value indices, bool &isEmpty) {
  SmallVector<Value> sizes;
  auto addDims = [&](Value tensor, int64_t from, int64_t to) {
    auto type = cast<RankedTensorType>(tensor.getType());
    for (int64_t i = from; i < to; ++i) {
      if (type.getDimSize(i) == 0)
        isEmpty = true;
      else if (type.isDynamicDim(i))
        sizes.push_back(tensor::DimOp::create(b, tensor, i));
    }
  };
  int64_t a = l.firstIndexedDim, d = l.indexDepth;
  addDims(indices, 0, l.batchDims + l.numPositionDims);
  addDims(params, l.batchDims, a);
  addDims(params, a + d, l.getParamsRank());
  Value result;
  Value zero = arith::ConstantIndexOp::create(b, 0);
  for (Value size : sizes) {
    Value nonZero =
        arith::CmpIOp::create(b, arith::CmpIPredicate::ne, size, zero);
    result = result ? arith::AndIOp::create(b, result, nonZero) : nonZero;
  }
  return result;
}

/// Reports, in mode<error> and mode<wrap>, an index outside [0, n) (wrap:
/// [-n, n)) of the global size n of its dimension (rule P5 of docs/spec.md):
/// one pass over the indices, then, only when one is out of bounds, the
/// stand-in check. Nothing is checked when the result is empty. Returns the
/// indices to read (in the other modes, `indices` itself).
static Value createGlobalCheck(ImplicitLocOpBuilder &b, Operation *op,
                               const GatherLayout &l, Value params,
                               Value indices, ArrayRef<Value> globalSizes) {
  GatherMode mode = cast<GatherOpInterface>(op).getMode();
  if (!isReportingMode(mode))
    return indices;
  bool isEmpty = false;
  Value nonEmpty = createResultIsNonEmpty(b, l, params, indices, isEmpty);
  if (isEmpty)
    return indices;
  Value bad = createAnyOutOfBounds(b, l, indices, globalSizes,
                                   /*allowNegative=*/mode == GatherMode::Wrap);
  if (nonEmpty)
    bad = arith::AndIOp::create(b, bad, nonEmpty);
  auto ifOp = scf::IfOp::create(b, indices.getType(), bad,
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifOp.thenBlock());
  scf::YieldOp::create(
      b, createStandInCheck(b, op, l, indices, globalSizes, mode));
  b.setInsertionPointToStart(ifOp.elseBlock());
  scf::YieldOp::create(b, indices);
  return ifOp.getResult(0);
}

/// Returns the op on the local operands, in mode<zero>, reading params
/// dimension a + k at index - offsets[k] (offsets[k] null: not shifted)
/// after the elementwise part of the op's mode against the global sizes:
/// clamp into [0, n - 1], or wrap an index in [-n, 0) to n + index (rules
/// P4-P7 of docs/spec.md). One linalg.generic computes the local indices.
static Value createShiftedLocalGather(ImplicitLocOpBuilder &b, Operation *op,
                                      const GatherLayout &l, Value params,
                                      Value indices,
                                      ArrayRef<Value> globalSizes,
                                      ArrayRef<Value> offsets) {
  GatherMode mode = cast<GatherOpInterface>(op).getMode();
  Type elementType = cast<RankedTensorType>(indices.getType()).getElementType();
  auto toElement = [&](Value v) {
    return castFromIndex(b, b.getLoc(), v, elementType);
  };
  Value zero = toElement(arith::ConstantIndexOp::create(b, 0));
  SmallVector<Value> shifts, sizes, lasts;
  for (auto [offset, size] : llvm::zip_equal(offsets, globalSizes)) {
    shifts.push_back(offset ? toElement(offset) : zero);
    sizes.push_back(toElement(size));
    lasts.push_back(toElement(
        arith::SubIOp::create(b, size, arith::ConstantIndexOp::create(b, 1))));
  }
  Value shifted = mapIndices(
      b, l, indices,
      [&](OpBuilder &nb, Location loc, Value index, Value component) {
        if (mode == GatherMode::Clamp) {
          Value last = selectComponent(nb, loc, component, lasts);
          index = arith::MaxSIOp::create(
              nb, loc, arith::MinSIOp::create(nb, loc, index, last), zero);
        } else if (mode == GatherMode::Wrap) {
          Value isNegative = arith::CmpIOp::create(
              nb, loc, arith::CmpIPredicate::slt, index, zero);
          Value wrapped = arith::AddIOp::create(
              nb, loc, index, selectComponent(nb, loc, component, sizes));
          index = arith::SelectOp::create(nb, loc, isNegative, wrapped, index);
        }
        // Wrapping subtraction in the element type: an index lands in
        // [0, local size) exactly when it is in the process's rows.
        return arith::SubIOp::create(
                   nb, loc, index, selectComponent(nb, loc, component, shifts))
            .getResult();
      });
  if (isa<GatherOp>(op))
    return GatherOp::create(b, params, shifted, l.firstIndexedDim, l.batchDims,
                            GatherMode::Zero);
  return GatherNdOp::create(b, params, shifted, l.batchDims, GatherMode::Zero);
}

/// Partitions an op whose addressed params dimensions are split (the file
/// comment's steps 1-4).
static LogicalResult partitionSplitIndexedDims(
    Operation *op, const GatherLayout &l, ArrayRef<Value> partitionedOperands,
    const ShardingArray &loopAxes, Sharding resultSharding, shard::GridOp grid,
    IRMapping &partitionMap, OpBuilder &builder) {
  auto globalParamsType = cast<RankedTensorType>(op->getOperand(0).getType());
  Type elementType = globalParamsType.getElementType();
  if (!isa<IntegerType, FloatType>(elementType))
    return op->emitOpError("cannot sum partial results of element type ")
           << elementType << " across processes";
  if (ShapedType::isDynamicShape(grid.getShape()))
    return op->emitOpError("cannot split a params dimension over a grid of "
                           "dynamic shape");

  ImplicitLocOpBuilder b(op->getLoc(), builder);
  Value params = partitionedOperands[0], indices = partitionedOperands[1];
  SmallVector<Value> globalSizes, offsets;
  SmallVector<GridAxis> reductionAxes;
  for (int64_t k = 0; k < l.indexDepth; ++k) {
    int64_t dim = l.firstIndexedDim + k;
    ArrayRef<GridAxis> axes = loopAxes[l.getIndexedLoop(k)];
    Value localSize = createDimSize(b, params, dim);
    if (axes.empty()) {
      globalSizes.push_back(localSize);
      offsets.push_back(Value());
      continue;
    }
    int64_t count = shard::collectiveProcessGroupSize(axes, grid.getShape());
    int64_t globalSize = globalParamsType.getDimSize(dim);
    if (!ShapedType::isDynamic(globalSize) && globalSize % count != 0)
      return op->emitOpError("params dimension ")
             << dim << " of size " << globalSize
             << " does not split evenly over " << count << " processes";
    Value countValue = arith::ConstantIndexOp::create(b, count);
    globalSizes.push_back(
        ShapedType::isDynamic(globalSize)
            ? arith::MulIOp::create(b, localSize, countValue).getResult()
            : arith::ConstantIndexOp::create(b, globalSize).getResult());
    Value position =
        shard::createProcessLinearIndex(grid.getSymName(), axes, b);
    offsets.push_back(arith::MulIOp::create(b, position, localSize));
    llvm::append_range(reductionAxes, axes);
  }
  llvm::sort(reductionAxes);

  Value checked = createGlobalCheck(b, op, l, params, indices, globalSizes);
  Value local =
      createShiftedLocalGather(b, op, l, params, checked, globalSizes, offsets);
  Type resultType = op->getResult(0).getType();
  if (resultSharding)
    resultType = shard::shardType(resultType, grid, resultSharding);
  if (local.getType() != resultType)
    local = tensor::CastOp::create(b, resultType, local);
  Value reduced = shard::AllReduceOp::create(
      b, local, grid.getSymName(), reductionAxes, shard::ReductionKind::Sum);
  partitionMap.map(op->getResult(0), reduced);
  return success();
}

//===----------------------------------------------------------------------===//
// External models
//===----------------------------------------------------------------------===//

namespace {
template <typename OpTy>
struct GatherShardingInterface : public shard::ShardingInterface::ExternalModel<
                                     GatherShardingInterface<OpTy>, OpTy> {
  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *op) const {
    GatherLayout l(op);
    SmallVector<utils::IteratorType> types(l.getNumLoops(),
                                           utils::IteratorType::parallel);
    for (int64_t k = 0; k < l.indexDepth; ++k)
      types[l.getIndexedLoop(k)] = utils::IteratorType::reduction;
    return types;
  }

  SmallVector<shard::ReductionKind>
  getReductionLoopIteratorKinds(Operation *op) const {
    return SmallVector<shard::ReductionKind>(GatherLayout(op).indexDepth,
                                             shard::ReductionKind::Sum);
  }

  SmallVector<AffineMap> getIndexingMaps(Operation *op) const {
    return getGatherIndexingMaps(GatherLayout(op), op->getContext());
  }

  /// Upstream's choice from the annotations, except that the index-vector
  /// dimension of gather_nd is never split (it is resharded to replicated).
  FailureOr<ShardingOption>
  getShardingOption(Operation *op, ArrayRef<Sharding> operandShardings,
                    ArrayRef<Sharding> resultShardings) const {
    FailureOr<ShardingOption> option = shard::detail::defaultGetShardingOption(
        op, operandShardings, resultShardings);
    if (failed(option) || option->empty)
      return option;
    GatherLayout l(op);
    if (l.hasIndexVectorDim &&
        static_cast<int64_t>(option->shardingArray.size()) >
            l.getIndexVectorLoop())
      option->shardingArray[l.getIndexVectorLoop()].clear();
    shard::removeTrailingEmptySubArray(option->shardingArray);
    return option;
  }

  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<Sharding> operandShardings,
                          ArrayRef<Sharding> resultShardings,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbolTable,
                          OpBuilder &builder) const {
    GatherLayout l(op);
    SmallVector<AffineMap> maps = getIndexingMaps(op);
    FailureOr<ShardingArray> loopAxes =
        getLoopGridAxes(op, maps, operandShardings, resultShardings);
    if (failed(loopAxes))
      return failure();
    if (l.hasIndexVectorDim && !(*loopAxes)[l.getIndexVectorLoop()].empty())
      return op->emitOpError(
          "cannot be partitioned with its index-vector dimension split");
    bool splitsIndexedDim =
        llvm::any_of(llvm::seq<int64_t>(0, l.indexDepth), [&](int64_t k) {
          return !(*loopAxes)[l.getIndexedLoop(k)].empty();
        });
    if (!splitsIndexedDim) {
      shard::partitionTriviallyShardableOperation(
          *op, partitionedOperands, operandShardings, resultShardings,
          partitionMap, symbolTable, builder);
      return success();
    }
    FlatSymbolRefAttr gridAttr;
    for (const Sharding &sharding :
         llvm::concat<const Sharding>(operandShardings, resultShardings))
      if (sharding && !gridAttr)
        gridAttr = sharding.getGridAttr();
    shard::GridOp grid = shard::getGrid(op, gridAttr, symbolTable);
    return partitionSplitIndexedDims(op, l, partitionedOperands, *loopAxes,
                                     resultShardings.front(), grid,
                                     partitionMap, builder);
  }
};

/// The replicated-only model of ops that hold nothing to shard (see
/// registerReplicatedShardingInterfaceExternalModels).
template <typename OpTy>
struct ReplicatedShardingInterface
    : public shard::ShardingInterface::ExternalModel<
          ReplicatedShardingInterface<OpTy>, OpTy> {
  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *) const {
    return {};
  }
  SmallVector<AffineMap> getIndexingMaps(Operation *) const { return {}; }

  FailureOr<ShardingOption> getShardingOption(Operation *, ArrayRef<Sharding>,
                                              ArrayRef<Sharding>) const {
    return ShardingOption::makeEmpty();
  }
  FailureOr<std::vector<Sharding>>
  getShardingAnnotations(Operation *op, const ShardingOption &) const {
    return std::vector<Sharding>(op->getNumOperands() + op->getNumResults());
  }
  LogicalResult addShardingAnnotations(Operation *, OpBuilder &,
                                       const ShardingOption &) const {
    return success();
  }

  LogicalResult partition(Operation *op, ArrayRef<Value>,
                          ArrayRef<Sharding> operandShardings,
                          ArrayRef<Sharding> resultShardings,
                          IRMapping &partitionMap, SymbolTableCollection &,
                          OpBuilder &builder) const {
    for (const Sharding &sharding :
         llvm::concat<const Sharding>(operandShardings, resultShardings))
      if (sharding && !shard::isFullReplication(sharding))
        return op->emitOpError("is only partitioned with replicated "
                               "operands and results");
    builder.clone(*op, partitionMap);
    return success();
  }
};

template <typename... OpTys> void attachReplicated(MLIRContext *ctx) {
  (OpTys::template attachInterface<ReplicatedShardingInterface<OpTys>>(*ctx),
   ...);
}

/// Every arith op but arith.constant, which upstream's model covers.
template <typename... OpTys> void attachReplicatedToArith(MLIRContext *ctx) {
  (
      [&] {
        if constexpr (!std::is_same_v<OpTys, arith::ConstantOp>)
          attachReplicated<OpTys>(ctx);
      }(),
      ...);
}
} // namespace

void mlir::gather::registerShardingInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, GatherDialect *) {
    // The partitioned form holds these dialects' ops.
    ctx->loadDialect<arith::ArithDialect, linalg::LinalgDialect,
                     scf::SCFDialect, shard::ShardDialect,
                     tensor::TensorDialect>();
    GatherOp::attachInterface<GatherShardingInterface<GatherOp>>(*ctx);
    GatherNdOp::attachInterface<GatherShardingInterface<GatherNdOp>>(*ctx);
  });
}

void mlir::gather::registerReplicatedShardingInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, arith::ArithDialect *) {
    attachReplicatedToArith<
#define GET_OP_LIST
#include "mlir/Dialect/Arith/IR/ArithOps.cpp.inc"
        >(ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, math::MathDialect *) {
    attachReplicated<
#define GET_OP_LIST
#include "mlir/Dialect/Math/IR/MathOps.cpp.inc"
        >(ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, func::FuncDialect *) {
    attachReplicated<func::CallOp>(ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, shard::ShardDialect *) {
    attachReplicated<shard::ProcessLinearIndexOp, shard::ProcessMultiIndexOp,
                     shard::GridShapeOp, shard::NeighborsLinearIndicesOp>(ctx);
  });
}
