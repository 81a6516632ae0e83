//===- ShardCollectivesToMPI.cpp - shard collectives to MPI ---------------===//
//
// Part of the gather project.
//
// convert-shard-collectives-to-mpi: the shard collectives LLVM 22's
// convert-shard-to-mpi leaves in the IR (all_gather, all_slice) or lowers with
// a communicator leak (all_reduce), lowered to the MPI dialect on buffers the
// way upstream does it (bufferization.to_buffer, a fresh buffer, the MPI op,
// bufferization.to_tensor restrict), with communicators split once per
// process group and cached. The memory-effect models that let MPI ops
// through ownership-based deallocation live here too.
//
//===----------------------------------------------------------------------===//

#include "gather/Conversion/ShardCollectivesToMPI/ShardCollectivesToMPI.h"
#include "gather/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/STLExtras.h"

#include <string>

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_CONVERTSHARDCOLLECTIVESTOMPIPASS
#include "gather/Conversion/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;
using namespace mlir::gather;

using shard::GridAxis;

//===----------------------------------------------------------------------===//
// Communicators
//===----------------------------------------------------------------------===//

/// True when the group of a collective over `axes` is every process, ranked
/// as in MPI_COMM_WORLD: every other grid axis has size 1 and the axes of
/// size > 1 are listed in grid order.
static bool isWholeWorld(shard::GridOp grid, ArrayRef<GridAxis> axes) {
  ArrayRef<int64_t> shape = grid.getShape();
  for (auto [axis, size] : llvm::enumerate(shape))
    if (size != 1 && !llvm::is_contained(axes, static_cast<GridAxis>(axis)))
      return false;
  int64_t previous = -1;
  for (GridAxis axis : axes) {
    if (shape[axis] == 1)
      continue;
    if (axis < previous)
      return false;
    previous = axis;
  }
  return true;
}

/// Returns sum_i coords[axes[i]] * stride_i, row-major over `axes`.
static Value createLinearIndex(OpBuilder &b, Location loc, ValueRange coords,
                               ArrayRef<int64_t> shape,
                               ArrayRef<GridAxis> axes) {
  Value result = arith::ConstantIndexOp::create(b, loc, 0);
  for (GridAxis axis : axes) {
    Value scaled = arith::MulIOp::create(
        b, loc, result, arith::ConstantIndexOp::create(b, loc, shape[axis]));
    result = arith::AddIOp::create(b, loc, scaled, coords[axis]);
  }
  return result;
}

/// Returns the name of the function that splits the communicator of the
/// group over `axes` of `grid`: `__gather_comm_<grid>_<axes>`.
static std::string getSplitFunctionName(shard::GridOp grid,
                                        ArrayRef<GridAxis> axes) {
  std::string name = ("__gather_comm_" + grid.getSymName()).str();
  for (GridAxis axis : axes)
    name += "_" + std::to_string(axis);
  return name;
}

/// Creates, at the insertion point of `b`, the private i64 memref global
/// `name` that caches a communicator handle: 0 (not yet split) at first.
static memref::GlobalOp createHandleCache(OpBuilder &b, Location loc,
                                          StringRef name) {
  Type i64 = b.getI64Type();
  auto cacheType = MemRefType::get({}, i64);
  return memref::GlobalOp::create(
      b, loc, name, b.getStringAttr("private"), cacheType,
      DenseElementsAttr::get(RankedTensorType::get({}, i64),
                             b.getI64IntegerAttr(0).getValue()),
      /*constant=*/false, /*alignment=*/nullptr);
}

/// Returns the handle (as i64, the type the MPI lowering gives !mpi.comm) of
/// a fresh MPI_Comm_split of MPI_COMM_WORLD into the groups over `axes`: the
/// color is this process's linear index over the other axes, the key its
/// linear index over `axes`.
static Value createCommSplit(OpBuilder &b, Location loc, shard::GridOp grid,
                             ArrayRef<GridAxis> axes) {
  ValueRange coords =
      shard::ProcessMultiIndexOp::create(b, loc, grid).getResults();
  SmallVector<GridAxis> otherAxes;
  for (int64_t axis = 0; axis < grid.getRank(); ++axis)
    if (!llvm::is_contained(axes, static_cast<GridAxis>(axis)))
      otherAxes.push_back(axis);
  ArrayRef<int64_t> shape = grid.getShape();
  Type i32 = b.getI32Type();
  Value color = arith::IndexCastOp::create(
      b, loc, i32, createLinearIndex(b, loc, coords, shape, otherAxes));
  Value key = arith::IndexCastOp::create(
      b, loc, i32, createLinearIndex(b, loc, coords, shape, axes));
  Type commType = mpi::CommType::get(b.getContext());
  Value world = mpi::CommWorldOp::create(b, loc, commType);
  Value comm = mpi::CommSplitOp::create(b, loc, /*retval=*/Type(), commType,
                                        world, color, key)
                   .getNewcomm();
  return UnrealizedConversionCastOp::create(b, loc, TypeRange{b.getI64Type()},
                                            ValueRange{comm})
      .getResult(0);
}

/// Fills the body of the split function `func` of the group over `axes`:
/// the handle cached in `cache` where not 0, else a fresh split, stored in
/// `cache` first.
static void createSplitFunctionBody(func::FuncOp func, memref::GlobalOp cache,
                                    shard::GridOp grid,
                                    ArrayRef<GridAxis> axes) {
  Location loc = grid.getLoc();
  OpBuilder b = OpBuilder::atBlockEnd(func.addEntryBlock());
  Type i64 = b.getI64Type();
  Value global =
      memref::GetGlobalOp::create(b, loc, cache.getType(), cache.getSymName());
  Value cached = memref::LoadOp::create(b, loc, global, ValueRange{});
  Value isNew =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, cached,
                            arith::ConstantIntOp::create(b, loc, i64, 0));
  auto ifOp = scf::IfOp::create(b, loc, TypeRange{i64}, isNew,
                                /*withElseRegion=*/true);
  func::ReturnOp::create(b, loc, ifOp.getResult(0));

  b.setInsertionPointToStart(ifOp.elseBlock());
  scf::YieldOp::create(b, loc, cached);
  b.setInsertionPointToStart(ifOp.thenBlock());
  Value handle = createCommSplit(b, loc, grid, axes);
  memref::StoreOp::create(b, loc, handle, global, ValueRange{});
  scf::YieldOp::create(b, loc, handle);
}

namespace {
/// Communicators of process groups, one per (grid, axes), split once per
/// program run and cached in a module global.
class GroupCommunicators {
public:
  explicit GroupCommunicators(ModuleOp module)
      : module(module), symbolTable(module) {}

  /// Returns an !mpi.comm of the processes that share the grid coordinates
  /// off `axes` with this one, ranked by their linear index over `axes` (in
  /// the order given).
  Value get(OpBuilder &b, Location loc, shard::GridOp grid,
            ArrayRef<GridAxis> axes) {
    Type commType = mpi::CommType::get(b.getContext());
    if (isWholeWorld(grid, axes))
      return mpi::CommWorldOp::create(b, loc, commType);
    func::FuncOp split = getOrCreateSplitFunction(grid, axes);
    Value handle =
        func::CallOp::create(b, loc, split, ValueRange{}).getResult(0);
    return UnrealizedConversionCastOp::create(b, loc, TypeRange{commType},
                                              ValueRange{handle})
        .getResult(0);
  }

private:
  /// Returns (creating it) `func.func private @__gather_comm_<grid>_<axes>()
  /// -> i64`: the handle of the group's communicator, MPI_Comm_split on the
  /// first call (collective: every process makes the same calls in the same
  /// order) and read from `@__gather_comm_<grid>_<axes>_cache` (0: not yet
  /// split; MPICH and Open MPI handles are never 0) afterwards. The handle
  /// travels as i64, the type the MPI lowering gives !mpi.comm.
  func::FuncOp getOrCreateSplitFunction(shard::GridOp grid,
                                        ArrayRef<GridAxis> axes) {
    std::string name = getSplitFunctionName(grid, axes);
    if (auto existing = symbolTable.lookup<func::FuncOp>(name))
      return existing;

    MLIRContext *ctx = module.getContext();
    Location loc = grid.getLoc();
    OpBuilder mb = OpBuilder::atBlockEnd(module.getBody());
    memref::GlobalOp cache = createHandleCache(mb, loc, name + "_cache");
    symbolTable.insert(cache);
    auto func = func::FuncOp::create(
        mb, loc, name, FunctionType::get(ctx, {}, {mb.getI64Type()}));
    func.setPrivate();
    symbolTable.insert(func);
    createSplitFunctionBody(func, cache, grid, axes);
    return func;
  }

  ModuleOp module;
  SymbolTable symbolTable;
};
} // namespace

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

/// Returns a 1-D view of an identity-layout buffer (a 1-element one for a
/// rank-0 buffer).
static Value createFlatView(OpBuilder &b, Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  if (type.getRank() == 1)
    return buffer;
  if (type.getRank() == 0)
    return memref::ExpandShapeOp::create(
        b, loc, MemRefType::get({1}, type.getElementType()), buffer,
        ArrayRef<ReassociationIndices>{});
  ReassociationIndices all =
      llvm::to_vector<2>(llvm::seq<int64_t>(0, type.getRank()));
  return memref::CollapseShapeOp::create(b, loc, buffer,
                                         ArrayRef<ReassociationIndices>{all});
}

/// Returns a fresh buffer holding a copy of `tensor`.
static Value createBufferCopy(OpBuilder &b, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  auto memrefType = MemRefType::get(type.getShape(), type.getElementType());
  Value source =
      bufferization::ToBufferOp::create(b, loc, memrefType, tensor, true);
  SmallVector<Value> dynamicSizes;
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (type.isDynamicDim(i))
      dynamicSizes.push_back(tensor::DimOp::create(b, loc, tensor, i));
  Value copy = memref::AllocOp::create(b, loc, memrefType, dynamicSizes);
  memref::CopyOp::create(b, loc, source, copy);
  return copy;
}

/// Returns `value` as a tensor of `type` (a tensor.cast where they differ).
static Value castTo(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return tensor::CastOp::create(b, loc, type, value);
}

//===----------------------------------------------------------------------===//
// all_reduce
//===----------------------------------------------------------------------===//

static std::optional<mpi::MPI_ReductionOpEnum>
getMPIReduction(shard::ReductionKind kind) {
  switch (kind) {
  case shard::ReductionKind::Sum:
    return mpi::MPI_ReductionOpEnum::MPI_SUM;
  case shard::ReductionKind::Max:
    return mpi::MPI_ReductionOpEnum::MPI_MAX;
  case shard::ReductionKind::Min:
    return mpi::MPI_ReductionOpEnum::MPI_MIN;
  case shard::ReductionKind::Product:
    return mpi::MPI_ReductionOpEnum::MPI_PROD;
  case shard::ReductionKind::BitwiseAnd:
    return mpi::MPI_ReductionOpEnum::MPI_BAND;
  case shard::ReductionKind::BitwiseOr:
    return mpi::MPI_ReductionOpEnum::MPI_BOR;
  case shard::ReductionKind::BitwiseXor:
    return mpi::MPI_ReductionOpEnum::MPI_BXOR;
  default:
    return std::nullopt;
  }
}

/// all_reduce: MPI_Allreduce in place, on the input's buffer or a copy of
/// it, on the group's communicator.
static LogicalResult lowerAllReduce(shard::AllReduceOp op,
                                    GroupCommunicators &comms,
                                    SymbolTableCollection &symbolTables) {
  auto inputType = cast<RankedTensorType>(op.getInput().getType());
  auto resultType = cast<RankedTensorType>(op.getResult().getType());
  if (inputType.getElementType() != resultType.getElementType())
    return op.emitOpError("changes the element type: not lowered to MPI");
  std::optional<mpi::MPI_ReductionOpEnum> reduction =
      getMPIReduction(op.getReduction());
  if (!reduction)
    return op.emitOpError("reduction '")
           << shard::stringifyReductionKind(op.getReduction())
           << "' has no MPI equivalent";
  shard::GridOp grid = shard::getGrid(op, symbolTables);
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value result = op.getInput();
  if (shard::collectiveProcessGroupSize(op.getGridAxes(), grid.getShape()) !=
      1) {
    // In place on the input's buffer when nothing else reads the input (the
    // partial result of a split gather); one-shot bufferization still
    // copies where that buffer may not be written (e.g. a constant).
    Value input = op.getInput();
    auto memrefType =
        MemRefType::get(inputType.getShape(), inputType.getElementType());
    Value buffer;
    if (input.hasOneUse() && input.getDefiningOp())
      buffer = bufferization::ToBufferOp::create(b, loc, memrefType, input);
    else
      buffer = createBufferCopy(b, loc, input);
    Value flat = createFlatView(b, loc, buffer);
    Value comm = comms.get(b, loc, grid, op.getGridAxes());
    mpi::AllReduceOp::create(b, loc, /*retval=*/Type(), flat, flat, *reduction,
                             comm);
    result = bufferization::ToTensorOp::create(b, loc, inputType, buffer,
                                               /*restrict=*/true,
                                               /*writable=*/true);
  }
  op.replaceAllUsesWith(castTo(b, loc, result, resultType));
  op.erase();
  return success();
}

//===----------------------------------------------------------------------===//
// all_gather
//===----------------------------------------------------------------------===//

/// The n - 1 steps of a ring all-gather of `count` blocks of `blockSize`
/// elements in `buffer` (block i at offset i * blockSize; this process's,
/// block `rank`, is filled): at step s a process sends block rank - s + 1 to
/// rank + 1 and receives block rank - s from rank - 1 (modulo count). Even
/// ranks send first, odd ranks receive first, so blocking calls never wait
/// on each other in a cycle.
static void createRingExchange(OpBuilder &b, Location loc, Value buffer,
                               Value rank, int64_t count, Value blockSize,
                               Value comm) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  Value n = index(count);
  auto mod = [&](Value v) {
    return arith::RemUIOp::create(b, loc, v, n).getResult();
  };
  Value right = arith::IndexCastOp::create(
      b, loc, b.getI32Type(),
      mod(arith::AddIOp::create(b, loc, rank, index(1))));
  Value left = arith::IndexCastOp::create(
      b, loc, b.getI32Type(),
      mod(arith::AddIOp::create(b, loc, rank, index(count - 1))));
  Value tag = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
  Value isEven = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(b, loc, rank, index(2)), index(0));
  Value rankPlusN = arith::AddIOp::create(b, loc, rank, n);
  auto loop = scf::ForOp::create(b, loc, index(1), n, index(1));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value base = arith::SubIOp::create(b, loc, rankPlusN, loop.getInductionVar());
  auto block = [&](Value i) -> Value {
    Value offset = arith::MulIOp::create(b, loc, i, blockSize);
    return memref::SubViewOp::create(b, loc, buffer, OpFoldResult(offset),
                                     OpFoldResult(blockSize),
                                     OpFoldResult(b.getIndexAttr(1)));
  };
  Value sendBlock = block(mod(arith::AddIOp::create(b, loc, base, index(1))));
  Value recvBlock = block(mod(base));
  auto send = [&](OpBuilder &nb, Location l) {
    mpi::SendOp::create(nb, l, Type(), sendBlock, tag, right, comm);
  };
  auto recv = [&](OpBuilder &nb, Location l) {
    mpi::RecvOp::create(nb, l, Type(), recvBlock, tag, left, comm);
  };
  scf::IfOp::create(
      b, loc, isEven,
      [&](OpBuilder &nb, Location l) {
        send(nb, l);
        recv(nb, l);
        scf::YieldOp::create(nb, l);
      },
      [&](OpBuilder &nb, Location l) {
        recv(nb, l);
        send(nb, l);
        scf::YieldOp::create(nb, l);
      });
}

/// Moves the leading dimension of `value` (the block index, of size `count`)
/// next to dimension `axis` of the blocks and merges the two.
static Value mergeBlockDim(OpBuilder &b, Location loc, Value value,
                           int64_t axis) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t rank = type.getRank();
  if (axis > 0) {
    SmallVector<int64_t> permutation;
    for (int64_t i = 1; i <= axis; ++i)
      permutation.push_back(i);
    permutation.push_back(0);
    for (int64_t i = axis + 1; i < rank; ++i)
      permutation.push_back(i);
    SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, value);
    SmallVector<OpFoldResult> permuted;
    for (int64_t i : permutation)
      permuted.push_back(sizes[i]);
    Value init =
        tensor::EmptyOp::create(b, loc, permuted, type.getElementType());
    value = linalg::TransposeOp::create(b, loc, value, init, permutation)
                .getResult()[0];
  }
  SmallVector<ReassociationIndices> groups;
  for (int64_t i = 0; i < rank; ++i) {
    if (i == axis + 1)
      groups.back().push_back(i);
    else
      groups.push_back({i});
  }
  return tensor::CollapseShapeOp::create(b, loc, value, groups);
}

/// Returns the product of `sizes`: the number of elements of a block.
static Value createNumElements(OpBuilder &b, Location loc,
                               ArrayRef<OpFoldResult> sizes) {
  Value result = arith::ConstantIndexOp::create(b, loc, 1);
  for (OpFoldResult size : sizes)
    result = arith::MulIOp::create(
        b, loc, result, getValueOrCreateConstantIndexOp(b, loc, size));
  return result;
}

/// Returns the rank of this process in `comm`, as an index.
static Value createCommRank(OpBuilder &b, Location loc, Value comm) {
  return arith::IndexCastOp::create(
      b, loc, b.getIndexType(),
      mpi::CommRankOp::create(b, loc, Type(), b.getI32Type(), comm).getRank());
}

/// Returns a fresh 1-D buffer of `count` blocks of `blockSize` elements of
/// `inputType`, of static size where that type is static.
static Value createBlockBuffer(OpBuilder &b, Location loc,
                               RankedTensorType inputType, int64_t count,
                               Value blockSize) {
  Value total = arith::MulIOp::create(
      b, loc, blockSize, arith::ConstantIndexOp::create(b, loc, count));
  int64_t staticTotal = inputType.hasStaticShape()
                            ? inputType.getNumElements() * count
                            : ShapedType::kDynamic;
  auto bufferType = MemRefType::get({staticTotal}, inputType.getElementType());
  return inputType.hasStaticShape()
             ? memref::AllocOp::create(b, loc, bufferType).getResult()
             : memref::AllocOp::create(b, loc, bufferType, total).getResult();
}

/// Copies `input` into block `rank` of `buffer`, this process's block.
static void copyIntoOwnBlock(OpBuilder &b, Location loc, Value input,
                             Value buffer, Value rank, Value blockSize) {
  auto inputType = cast<RankedTensorType>(input.getType());
  auto source = bufferization::ToBufferOp::create(
      b, loc, MemRefType::get(inputType.getShape(), inputType.getElementType()),
      input, true);
  Value own = memref::SubViewOp::create(
      b, loc, buffer,
      OpFoldResult(arith::MulIOp::create(b, loc, rank, blockSize).getResult()),
      OpFoldResult(blockSize), OpFoldResult(b.getIndexAttr(1)));
  memref::CopyOp::create(b, loc, createFlatView(b, loc, source), own);
}

/// Returns the blocks of `buffer` as a tensor of `count` blocks of the shape
/// of `inputType` (sizes `sizes`), the block index leading.
static Value createBlockTensor(OpBuilder &b, Location loc, Value buffer,
                               RankedTensorType inputType,
                               ArrayRef<OpFoldResult> sizes, int64_t count) {
  Type elementType = inputType.getElementType();
  Value gathered = bufferization::ToTensorOp::create(
      b, loc,
      RankedTensorType::get(cast<MemRefType>(buffer.getType()).getShape(),
                            elementType),
      buffer, /*restrict=*/true, /*writable=*/true);
  SmallVector<OpFoldResult> blockShape = {b.getIndexAttr(count)};
  llvm::append_range(blockShape, sizes);
  SmallVector<int64_t> staticShape = {count};
  llvm::append_range(staticShape, inputType.getShape());
  ReassociationIndices all =
      llvm::to_vector<2>(llvm::seq<int64_t>(0, inputType.getRank() + 1));
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(staticShape, elementType), gathered,
      ArrayRef<ReassociationIndices>{all}, blockShape);
}

/// all_gather: the input copied into its block of a buffer of all blocks, a
/// ring exchange of the blocks, then the blocks merged along the gather
/// axis.
static LogicalResult lowerAllGather(shard::AllGatherOp op,
                                    GroupCommunicators &comms,
                                    SymbolTableCollection &symbolTables) {
  shard::GridOp grid = shard::getGrid(op, symbolTables);
  int64_t count =
      shard::collectiveProcessGroupSize(op.getGridAxes(), grid.getShape());
  if (ShapedType::isDynamic(count))
    return op.emitOpError("gathers over grid axes of dynamic size");
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value input = op.getInput();
  auto inputType = cast<RankedTensorType>(input.getType());
  Type resultType = op.getResult().getType();
  if (count == 1) {
    op.replaceAllUsesWith(castTo(b, loc, input, resultType));
    op.erase();
    return success();
  }

  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, input);
  Value blockSize = createNumElements(b, loc, sizes);
  Value comm = comms.get(b, loc, grid, op.getGridAxes());
  Value rank = createCommRank(b, loc, comm);
  Value buffer = createBlockBuffer(b, loc, inputType, count, blockSize);
  copyIntoOwnBlock(b, loc, input, buffer, rank, blockSize);
  createRingExchange(b, loc, buffer, rank, count, blockSize, comm);
  Value blocks = createBlockTensor(b, loc, buffer, inputType, sizes, count);
  Value result =
      mergeBlockDim(b, loc, blocks, op.getGatherAxis().getZExtValue());
  op.replaceAllUsesWith(castTo(b, loc, result, resultType));
  op.erase();
  return success();
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {
struct ConvertShardCollectivesToMPIPass
    : public gather::impl::ConvertShardCollectivesToMPIPassBase<
          ConvertShardCollectivesToMPIPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTableCollection symbolTables;

    // Collectives nothing lowers are errors, not IR left behind.
    WalkResult unsupported = module.walk([](Operation *op) {
      if (isa<shard::AllToAllOp, shard::BroadcastOp, shard::GatherOp,
              shard::RecvOp, shard::ReduceOp, shard::ReduceScatterOp,
              shard::ScatterOp, shard::SendOp, shard::ShiftOp>(op)) {
        op->emitOpError("is not lowered to MPI (convert-shard-collectives-"
                        "to-mpi lowers all_reduce, all_gather and all_slice)");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (unsupported.wasInterrupted())
      return signalPassFailure();

    RewritePatternSet patterns(&getContext());
    shard::populateAllSliceOpLoweringPatterns(patterns, symbolTables);
    if (failed(applyPatternsGreedily(module, std::move(patterns))))
      return signalPassFailure();

    SmallVector<Operation *> collectives;
    module.walk([&](Operation *op) {
      if (isa<shard::AllReduceOp, shard::AllGatherOp>(op))
        collectives.push_back(op);
    });
    GroupCommunicators comms(module);
    for (Operation *op : collectives) {
      LogicalResult lowered = isa<shard::AllReduceOp>(op)
                                  ? lowerAllReduce(cast<shard::AllReduceOp>(op),
                                                   comms, symbolTables)
                                  : lowerAllGather(cast<shard::AllGatherOp>(op),
                                                   comms, symbolTables);
      if (failed(lowered))
        return signalPassFailure();
    }
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Memory effects of MPI ops
//===----------------------------------------------------------------------===//

namespace {
/// Effects of an MPI op on its buffer operands: `Reads` and `Writes` list
/// the operand numbers it reads and writes. Every one also writes the
/// default resource: it communicates and must stay.
template <typename OpTy, typename Reads, typename Writes>
struct MPIBufferEffects : public MemoryEffectOpInterface::ExternalModel<
                              MPIBufferEffects<OpTy, Reads, Writes>, OpTy> {
  void
  getEffects(Operation *op,
             SmallVectorImpl<MemoryEffects::EffectInstance> &effects) const {
    for (unsigned i : Reads::value)
      effects.emplace_back(MemoryEffects::Read::get(), &op->getOpOperand(i));
    for (unsigned i : Writes::value)
      effects.emplace_back(MemoryEffects::Write::get(), &op->getOpOperand(i));
    effects.emplace_back(MemoryEffects::Write::get());
  }
};

template <unsigned... Is> struct Operands {
  static constexpr std::array<unsigned, sizeof...(Is)> value = {Is...};
};
} // namespace

void mlir::gather::registerMPIMemoryEffectsExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, mpi::MPIDialect *) {
    // allreduce(sendbuf, recvbuf, comm): in place when both are one buffer.
    mpi::AllReduceOp::attachInterface<
        MPIBufferEffects<mpi::AllReduceOp, Operands<0, 1>, Operands<1>>>(*ctx);
    mpi::SendOp::attachInterface<
        MPIBufferEffects<mpi::SendOp, Operands<0>, Operands<>>>(*ctx);
    mpi::ISendOp::attachInterface<
        MPIBufferEffects<mpi::ISendOp, Operands<0>, Operands<>>>(*ctx);
    mpi::RecvOp::attachInterface<
        MPIBufferEffects<mpi::RecvOp, Operands<>, Operands<0>>>(*ctx);
    mpi::IRecvOp::attachInterface<
        MPIBufferEffects<mpi::IRecvOp, Operands<>, Operands<0>>>(*ctx);
  });
}
