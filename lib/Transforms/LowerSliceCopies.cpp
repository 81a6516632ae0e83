//===- LowerSliceCopies.cpp - slice copies as llvm.intr.memcpy ------------===//
//
// Part of the gather project.
//
// A memref.copy between contiguous slices (a gather's row copies) as
// one llvm.intr.memcpy between element pointers, without the subview
// descriptors that expand-strided-metadata and the conversion would build and
// read again (see the pass description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "gather/Transforms/Passes.h"

#include "mlir/Analysis/DataLayoutAnalysis.h"
#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <optional>

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_LOWERSLICECOPIESPASS
#include "gather/Transforms/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;

/// Returns the bytes of an element of `type`, an integer or float of 1, 2,
/// 4, 8 or 16 bytes, or nullopt for other element types (whose size in
/// memory is not their width: f80 takes 16 bytes).
static std::optional<int64_t> getElementBytes(MemRefType type) {
  Type elementType = type.getElementType();
  if (!isa<IntegerType, FloatType>(elementType))
    return std::nullopt;
  unsigned bits = elementType.getIntOrFloatBitWidth();
  if (bits < 8 || bits > 128 || !llvm::isPowerOf2_32(bits))
    return std::nullopt;
  return bits / 8;
}

/// True when every memref of `type` is contiguous and row-major, whatever
/// its dynamic sizes: an identity layout, or strides where each dimension
/// of a size other than 1 has the static stride of the elements after it
/// (a gather's row of dynamic width, `1x?xf32, strided<[?, 1]>`, is one).
static bool isContiguousRowMajor(MemRefType type) {
  if (type.getLayout().isIdentity())
    return true;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  // The stride the next dimension out must have; unknown past a dynamic
  // size.
  std::optional<int64_t> expected = 1;
  for (int64_t dim = type.getRank() - 1; dim >= 0; --dim) {
    int64_t size = type.getDimSize(dim);
    if (size == 1)
      continue;
    if (!expected || strides[dim] != *expected)
      return false;
    expected = ShapedType::isDynamic(size) ? std::nullopt
                                           : llvm::checkedMul(*expected, size);
  }
  return true;
}

/// Returns the bytes of `type` where its shape is static, or nullopt for
/// dynamic shapes or sizes past int64_t.
static std::optional<int64_t> getStaticBytes(MemRefType type) {
  std::optional<int64_t> bytes = getElementBytes(type);
  if (!type.hasStaticShape())
    return std::nullopt;
  for (int64_t size : type.getShape())
    if (bytes)
      bytes = llvm::checkedMul(*bytes, size);
  return bytes;
}

/// True when `type` is in the default memory space.
static bool isInDefaultMemorySpace(MemRefType type) {
  Attribute space = type.getMemorySpace();
  auto integer = dyn_cast_if_present<IntegerAttr>(space);
  return !space || (integer && integer.getInt() == 0);
}

/// Returns the buffer that `view` is a view of through one memref.subview
/// (`view` itself when it is no subview), with the subview's offsets.
static std::pair<Value, SmallVector<OpFoldResult>> getViewedBuffer(Value view) {
  if (auto subview = view.getDefiningOp<memref::SubViewOp>())
    return {subview.getSource(), subview.getMixedOffsets()};
  return {view, {}};
}

/// True when `copy` is rewritten: both sides contiguous and row-major
/// whatever their sizes, of the same element type of whole bytes, in the
/// default memory space, of a static size that fits int64_t or of dynamic
/// sizes, and the buffers they view have an LLVM descriptor type.
static bool isSliceCopy(memref::CopyOp copy,
                        const LLVMTypeConverter &converter) {
  auto source = dyn_cast<MemRefType>(copy.getSource().getType());
  auto target = dyn_cast<MemRefType>(copy.getTarget().getType());
  if (!source || !target || source.getElementType() != target.getElementType())
    return false;
  for (auto [type, view] : {std::make_pair(source, copy.getSource()),
                            std::make_pair(target, copy.getTarget())}) {
    if (!isInDefaultMemorySpace(type) || !isContiguousRowMajor(type))
      return false;
    if (!converter.convertType(getViewedBuffer(view).first.getType()))
      return false;
  }
  if (!getElementBytes(target))
    return false;
  return !target.hasStaticShape() || getStaticBytes(target).has_value();
}

/// Returns the bytes that `copy` moves as an i64: a constant for static
/// shapes, else the element size times the sizes of a side that is a
/// subview (its size operands), or of the target (memref.dim).
static Value createByteCount(OpBuilder &b, Location loc, memref::CopyOp copy) {
  auto target = cast<MemRefType>(copy.getTarget().getType());
  if (std::optional<int64_t> bytes = getStaticBytes(target))
    return LLVM::ConstantOp::create(b, loc, b.getI64Type(), *bytes);
  SmallVector<OpFoldResult> sizes;
  if (auto subview = copy.getTarget().getDefiningOp<memref::SubViewOp>())
    sizes = subview.getMixedSizes();
  else if (auto subview = copy.getSource().getDefiningOp<memref::SubViewOp>())
    sizes = subview.getMixedSizes();
  else
    sizes = memref::getMixedSizes(b, loc, copy.getTarget());
  // The static sizes fold into the element size (wrapping as the i64
  // arithmetic would: a copy that is never reached may have any sizes).
  uint64_t staticBytes = *getElementBytes(target);
  SmallVector<Value> dynamicSizes;
  for (OpFoldResult size : sizes) {
    if (std::optional<int64_t> constant = getConstantIntValue(size))
      staticBytes *= uint64_t(*constant);
    else
      dynamicSizes.push_back(cast<Value>(size));
  }
  Value bytes = arith::ConstantIndexOp::create(b, loc, int64_t(staticBytes));
  for (Value size : dynamicSizes)
    bytes = arith::MulIOp::create(b, loc, bytes, size);
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), bytes);
}

/// Returns the address of the first element of `view` as an !llvm.ptr: the
/// aligned pointer of the buffer it views plus its offset in elements (the
/// buffer's offset plus the subview's offsets times the buffer's strides).
/// Static terms are summed here, wrapping as the generated i64 arithmetic
/// would (offsets in code that never runs may be anything).
static Value createElementPointer(OpBuilder &b, Location loc, Value view,
                                  const LLVMTypeConverter &converter) {
  auto [buffer, offsets] = getViewedBuffer(view);
  auto bufferType = cast<MemRefType>(buffer.getType());
  MemRefDescriptor descriptor(
      UnrealizedConversionCastOp::create(
          b, loc, converter.convertType(bufferType), buffer)
          .getResult(0));
  Type indexType = converter.getIndexType();
  auto [strides, bufferOffset] = bufferType.getStridesAndOffset();

  uint64_t staticOffset = 0;
  Value dynamicOffset;
  auto addTerm = [&](Value term) {
    dynamicOffset = dynamicOffset
                        ? arith::AddIOp::create(b, loc, dynamicOffset, term)
                        : term;
  };
  auto createConstant = [&](int64_t value) -> Value {
    return LLVM::ConstantOp::create(b, loc, indexType, value);
  };
  if (ShapedType::isDynamic(bufferOffset))
    addTerm(descriptor.offset(b, loc));
  else
    staticOffset = bufferOffset;
  for (auto [dim, offset] : llvm::enumerate(offsets)) {
    std::optional<int64_t> constantOffset = getConstantIntValue(offset);
    int64_t stride = strides[dim];
    if (constantOffset && !ShapedType::isDynamic(stride)) {
      staticOffset += uint64_t(*constantOffset) * uint64_t(stride);
      continue;
    }
    Value offsetValue = constantOffset
                            ? createConstant(*constantOffset)
                            : arith::IndexCastOp::create(b, loc, indexType,
                                                         cast<Value>(offset));
    Value strideValue = ShapedType::isDynamic(stride)
                            ? descriptor.stride(b, loc, dim)
                            : createConstant(stride);
    addTerm(arith::MulIOp::create(b, loc, offsetValue, strideValue));
  }
  if (staticOffset != 0)
    addTerm(createConstant(int64_t(staticOffset)));

  Value aligned = descriptor.alignedPtr(b, loc);
  if (!dynamicOffset)
    return aligned;
  return LLVM::GEPOp::create(b, loc, aligned.getType(),
                             converter.convertType(bufferType.getElementType()),
                             aligned, ArrayRef<LLVM::GEPArg>{dynamicOffset});
}

/// Copies with a dynamic byte count up to this size are made inline (two
/// overlapping copies of a constant size), larger ones call memcpy.
static constexpr int64_t kInlineCopyMaxBytes = 64;

/// How a copy of a dynamic byte count is made, once the count's range is
/// known: a memcpy call (above kInlineCopyMaxBytes, and for 0 bytes, which
/// it copies as well as anything), or two copies of a constant chunk, a
/// power of two, from the start and to the end (they overlap unless the
/// count is twice the chunk).
static constexpr int64_t kCallMemcpy = -1;

/// An scf.if, with an else branch, on `value` `predicate` `limit`, of the
/// given result types.
static scf::IfOp createIfBytes(OpBuilder &b, Location loc,
                               arith::CmpIPredicate predicate, Value value,
                               int64_t limit, TypeRange resultTypes = {}) {
  Value limitValue = LLVM::ConstantOp::create(b, loc, b.getI64Type(), limit);
  Value condition = arith::CmpIOp::create(b, loc, predicate, value, limitValue);
  return scf::IfOp::create(b, loc, resultTypes, condition,
                           /*withElseRegion=*/true);
}

/// Builds, at `b`'s insertion point, a branch per way to copy `bytes` (a
/// dynamic count, a multiple of `elementBytes`, a power of two), from
/// `chunk` on: `build` makes each one's ops for its chunk (kCallMemcpy, or
/// a power of two from kInlineCopyMaxBytes / 2 down to `elementBytes`) and
/// returns the values of `resultTypes` the branch yields. Returns those of
/// the chain.
using BuildCopyBranch =
    function_ref<SmallVector<Value>(OpBuilder &, int64_t chunk)>;
static SmallVector<Value> createCopyBranches(OpBuilder &b, Location loc,
                                             Value bytes, int64_t chunk,
                                             int64_t elementBytes,
                                             TypeRange resultTypes,
                                             BuildCopyBranch build) {
  // The last: `bytes` is `elementBytes` here.
  if (chunk != kCallMemcpy && chunk <= elementBytes)
    return build(b, elementBytes);
  scf::IfOp ifFits;
  if (chunk == kCallMemcpy) {
    // 0 or more than kInlineCopyMaxBytes in one unsigned test: 0 - 1 wraps.
    Value one = LLVM::ConstantOp::create(b, loc, b.getI64Type(), 1);
    Value bytesLess1 = arith::SubIOp::create(b, loc, bytes, one);
    ifFits = createIfBytes(b, loc, arith::CmpIPredicate::uge, bytesLess1,
                           kInlineCopyMaxBytes, resultTypes);
  } else {
    ifFits = createIfBytes(b, loc, arith::CmpIPredicate::uge, bytes, chunk,
                           resultTypes);
  }
  OpBuilder::InsertionGuard guard(b);
  // Without results, the branches already end in their scf.yield.
  auto yield = [&](ValueRange values) {
    if (!resultTypes.empty())
      scf::YieldOp::create(b, loc, values);
  };
  b.setInsertionPointToStart(ifFits.thenBlock());
  yield(build(b, chunk));
  b.setInsertionPointToStart(ifFits.elseBlock());
  int64_t nextChunk =
      chunk == kCallMemcpy ? kInlineCopyMaxBytes / 2 : chunk / 2;
  yield(createCopyBranches(b, loc, bytes, nextChunk, elementBytes, resultTypes,
                           build));
  return ifFits.getResults();
}

/// Copies `bytes` from `from` to `to` as `chunk` says (kCallMemcpy, or two
/// copies of `chunk` bytes). The copies of a constant size are expanded by
/// LLVM to loads and stores: no call.
static void createCopyOfChunks(OpBuilder &b, Location loc, Value to, Value from,
                               Value bytes, int64_t chunk) {
  if (chunk == kCallMemcpy) {
    LLVM::MemcpyOp::create(b, loc, to, from, bytes, /*isVolatile=*/false);
    return;
  }
  Type i64 = b.getI64Type(), i8 = b.getI8Type();
  Value chunkBytes = LLVM::ConstantOp::create(b, loc, i64, chunk);
  LLVM::MemcpyOp::create(b, loc, to, from, chunkBytes, /*isVolatile=*/false);
  Value tail = arith::SubIOp::create(b, loc, bytes, chunkBytes);
  auto atTail = [&](Value base) {
    return LLVM::GEPOp::create(b, loc, base.getType(), i8, base,
                               ArrayRef<LLVM::GEPArg>{tail});
  };
  LLVM::MemcpyOp::create(b, loc, atTail(to), atTail(from), chunkBytes,
                         /*isVolatile=*/false);
}

/// Replaces `copy` by llvm.intr.memcpy: one of the byte count for a static
/// shape (LLVM expands small ones), and for a dynamic one (a row of dynamic
/// width) as `chunk` says, or, when `chunk` is nullopt, an scf.if chain that
/// picks the way per copy. The call costs more than the copy below
/// kInlineCopyMaxBytes (rows of 16 bytes from L2-resident params of type
/// ?x?xf32: 0.13x the C++ loop with the call, 0.21x inline). `bytes` is
/// the byte count, or null to compute it here. Erases the subviews that
/// only `copy` used.
static void lowerSliceCopy(memref::CopyOp copy, Value bytes,
                           std::optional<int64_t> chunk,
                           const LLVMTypeConverter &converter) {
  OpBuilder b(copy);
  Location loc = copy.getLoc();
  Value source = copy.getSource(), target = copy.getTarget();
  auto type = cast<MemRefType>(target.getType());
  Value to = createElementPointer(b, loc, target, converter);
  Value from = createElementPointer(b, loc, source, converter);
  if (!bytes)
    bytes = createByteCount(b, loc, copy);
  if (getStaticBytes(type)) {
    LLVM::MemcpyOp::create(b, loc, to, from, bytes, /*isVolatile=*/false);
  } else if (chunk) {
    createCopyOfChunks(b, loc, to, from, bytes, *chunk);
  } else {
    createCopyBranches(b, loc, bytes, kCallMemcpy, *getElementBytes(type),
                       /*resultTypes=*/{}, [&](OpBuilder &b, int64_t chunk) {
                         createCopyOfChunks(b, loc, to, from, bytes, chunk);
                         return SmallVector<Value>();
                       });
  }
  copy.erase();
  for (Value view : {source, target}) {
    auto subview = view.getDefiningOp<memref::SubViewOp>();
    if (subview && subview->use_empty())
      subview.erase();
    if (source == target)
      break;
  }
}

/// Moves the side-effect free ops that compute `value` (the byte count
/// createByteCount made) in front of `loop` when all they use is defined
/// outside it. Returns whether `value` is then defined outside `loop`.
static bool hoistOutOf(scf::ForOp loop, Value value) {
  if (loop.isDefinedOutsideOfLoop(value))
    return true;
  Operation *op = value.getDefiningOp();
  if (!op || op->getNumRegions() != 0 || !isMemoryEffectFree(op) ||
      !llvm::all_of(op->getOperands(),
                    [&](Value operand) { return hoistOutOf(loop, operand); }))
    return false;
  op->moveBefore(loop);
  return true;
}

/// The innermost scf.for around `copy` (of a dynamic size) to version on
/// its byte count, `bytes`: one whose bounds and body leave `bytes`
/// unchanged, so that every copy in it takes the same branch of the
/// chain, that holds no other copy of a dynamic size (a loop is versioned
/// once), and no call: a call costs more than the chain, and error mode's
/// loop over the rows after an out-of-bounds index, which calls the
/// handler, is not worth its clones (compile time). Null where there is
/// none.
static scf::ForOp getLoopToVersion(memref::CopyOp copy, Value bytes) {
  auto loop = copy->getParentOfType<scf::ForOp>();
  if (!loop || !hoistOutOf(loop, bytes))
    return nullptr;
  WalkResult notAlone = loop.getBody()->walk([&](Operation *op) {
    if (isa<CallOpInterface>(op))
      return WalkResult::interrupt();
    auto other = dyn_cast<memref::CopyOp>(op);
    if (other && other != copy &&
        !cast<MemRefType>(other.getTarget().getType()).hasStaticShape())
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return notAlone.wasInterrupted() ? nullptr : loop;
}

/// Lowers `copy`, of a dynamic size, in a loop that repeats it with the
/// same byte count (a gather's loop over its row copies): the chain that
/// picks how to copy is made once in front of the loop, each branch with
/// its own clone of the loop, whose copy is then of a known kind. In the
/// loop, a row then costs the copy's loads and stores alone, not the tests
/// of the chain, the tail offset and the register pressure they add (rows
/// of 16 bytes from L2-resident ?x?xf32 params: see docs/performance.md).
static void lowerSliceCopyInVersions(memref::CopyOp copy, scf::ForOp loop,
                                     Value bytes,
                                     const LLVMTypeConverter &converter) {
  OpBuilder b(loop);
  auto type = cast<MemRefType>(copy.getTarget().getType());
  SmallVector<Value> results = createCopyBranches(
      b, loop.getLoc(), bytes, kCallMemcpy, *getElementBytes(type),
      loop.getResultTypes(), [&](OpBuilder &b, int64_t chunk) {
        IRMapping mapping;
        auto version = cast<scf::ForOp>(b.clone(*loop, mapping));
        auto versionCopy = cast<memref::CopyOp>(mapping.lookup(copy));
        lowerSliceCopy(versionCopy, bytes, chunk, converter);
        return SmallVector<Value>(version.getResults());
      });
  loop.replaceAllUsesWith(results);
  loop.erase();
}

namespace {

struct LowerSliceCopiesPass
    : public gather::impl::LowerSliceCopiesPassBase<LowerSliceCopiesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The descriptor types that gather-convert-to-llvm gives the buffers.
    const auto &dataLayout = getAnalysis<DataLayoutAnalysis>();
    LowerToLLVMOptions options(&getContext(), dataLayout.getAtOrAbove(module));
    LLVMTypeConverter converter(&getContext(), options, &dataLayout);

    // Copies of static sizes are lowered first: a loop versioned for one of
    // a dynamic size is cloned with what it holds.
    SmallVector<memref::CopyOp> staticCopies, dynamicCopies;
    // Copies of nested modules (a gpu.module) keep theirs: their own
    // lowering, with its own data layout, converts them.
    module.walk([&](memref::CopyOp copy) {
      if (copy->getParentWithTrait<OpTrait::SymbolTable>() != module ||
          !isSliceCopy(copy, converter))
        return;
      auto type = cast<MemRefType>(copy.getTarget().getType());
      (type.hasStaticShape() ? staticCopies : dynamicCopies).push_back(copy);
    });
    if (staticCopies.empty() && dynamicCopies.empty())
      return markAllAnalysesPreserved();
    for (memref::CopyOp copy :
         llvm::concat<memref::CopyOp>(staticCopies, dynamicCopies)) {
      Value bytes;
      if (!getStaticBytes(cast<MemRefType>(copy.getTarget().getType())) &&
          copy->getParentOfType<scf::ForOp>()) {
        OpBuilder b(copy);
        bytes = createByteCount(b, copy.getLoc(), copy);
        if (scf::ForOp loop = getLoopToVersion(copy, bytes)) {
          lowerSliceCopyInVersions(copy, loop, bytes, converter);
          continue;
        }
      }
      lowerSliceCopy(copy, bytes, std::nullopt, converter);
    }
  }
};

} // namespace
