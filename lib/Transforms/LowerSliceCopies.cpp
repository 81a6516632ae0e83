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

/// An scf.if, with an else branch, on `value` `predicate` `limit`.
static scf::IfOp createIf(OpBuilder &b, Location loc,
                          arith::CmpIPredicate predicate, Value value,
                          int64_t limit) {
  Value limitValue = LLVM::ConstantOp::create(b, loc, b.getI64Type(), limit);
  Value condition = arith::CmpIOp::create(b, loc, predicate, value, limitValue);
  return scf::IfOp::create(b, loc, condition, /*withElseRegion=*/true);
}

/// Copies `bytes` from `from` to `to` as two copies of `chunk` bytes, from
/// the start and to the end (they overlap unless `bytes` is 2 * `chunk`),
/// where `chunk` <= `bytes` < 2 * `chunk` is known. The copies have a
/// constant size, which LLVM expands to loads and stores: no call.
static void createChunkCopies(OpBuilder &b, Location loc, Value to, Value from,
                              Value bytes, int64_t chunk) {
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

/// Copies `bytes` (dynamic, from 1 to 2 * `chunk`, a multiple of
/// `elementBytes`, a power of two) from `from` to `to`: for `bytes` >=
/// `chunk` as createChunkCopies, else the same with half the chunk. At
/// `elementBytes`, `bytes` is `elementBytes`: no test.
static void createSmallCopy(OpBuilder &b, Location loc, Value to, Value from,
                            Value bytes, int64_t chunk, int64_t elementBytes) {
  if (chunk <= elementBytes)
    return createChunkCopies(b, loc, to, from, bytes, elementBytes);
  scf::IfOp ifFits = createIf(b, loc, arith::CmpIPredicate::uge, bytes, chunk);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifFits.thenBlock());
  createChunkCopies(b, loc, to, from, bytes, chunk);
  b.setInsertionPointToStart(ifFits.elseBlock());
  createSmallCopy(b, loc, to, from, bytes, chunk / 2, elementBytes);
}

/// Copies `bytes` from `from` to `to`: one memcpy for a static count (LLVM
/// expands small ones), and for a dynamic one (a row of dynamic width) a
/// memcpy call only above kInlineCopyMaxBytes (and for 0, which it copies
/// as well as anything): below, the call and the spills around it cost
/// more than the copy (rows of 16 bytes from L2-resident params of type
/// ?x?xf32: 0.13x the C++ loop with the call, 0.21x inline).
static void createCopy(OpBuilder &b, Location loc, Value to, Value from,
                       Value bytes, MemRefType type) {
  if (getStaticBytes(type)) {
    LLVM::MemcpyOp::create(b, loc, to, from, bytes, /*isVolatile=*/false);
    return;
  }
  // 0 or more than kInlineCopyMaxBytes in one unsigned test: 0 - 1 wraps.
  Value one = LLVM::ConstantOp::create(b, loc, b.getI64Type(), 1);
  Value bytesLess1 = arith::SubIOp::create(b, loc, bytes, one);
  scf::IfOp ifCall = createIf(b, loc, arith::CmpIPredicate::uge, bytesLess1,
                              kInlineCopyMaxBytes);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ifCall.thenBlock());
  LLVM::MemcpyOp::create(b, loc, to, from, bytes, /*isVolatile=*/false);
  b.setInsertionPointToStart(ifCall.elseBlock());
  createSmallCopy(b, loc, to, from, bytes, kInlineCopyMaxBytes / 2,
                  *getElementBytes(type));
}

/// Replaces `copy` by an llvm.intr.memcpy (and small inline copies for a
/// dynamic size) and erases the subviews that only it used.
static void lowerSliceCopy(memref::CopyOp copy,
                           const LLVMTypeConverter &converter) {
  OpBuilder b(copy);
  Location loc = copy.getLoc();
  Value source = copy.getSource(), target = copy.getTarget();
  Value to = createElementPointer(b, loc, target, converter);
  Value from = createElementPointer(b, loc, source, converter);
  Value bytes = createByteCount(b, loc, copy);
  createCopy(b, loc, to, from, bytes, cast<MemRefType>(target.getType()));
  copy.erase();
  for (Value view : {source, target}) {
    auto subview = view.getDefiningOp<memref::SubViewOp>();
    if (subview && subview->use_empty())
      subview.erase();
    if (source == target)
      break;
  }
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

    SmallVector<memref::CopyOp> copies;
    // Copies of nested modules (a gpu.module) keep theirs: their own
    // lowering, with its own data layout, converts them.
    module.walk([&](memref::CopyOp copy) {
      if (copy->getParentWithTrait<OpTrait::SymbolTable>() == module &&
          isSliceCopy(copy, converter))
        copies.push_back(copy);
    });
    if (copies.empty())
      return markAllAnalysesPreserved();
    for (memref::CopyOp copy : copies)
      lowerSliceCopy(copy, converter);
  }
};

} // namespace
