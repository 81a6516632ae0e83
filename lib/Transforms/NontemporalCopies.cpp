//===- NontemporalCopies.cpp - streaming stores for large copies ----------===//
//
// Part of the gather project.
//
// A gather far larger than the last-level cache writes every output line
// once and never reads it back. A normal store first reads the line (read
// for ownership), so such a gather moves its output bytes three times over
// the memory bus; a non-temporal store writes a whole line without reading
// it. Measured on the benchmark's 256 MiB gather of sorted 256-byte rows
// (bench/, Zen 5): 14.5-15.1 GB/s with the inline memcpy of each row,
// 16.3-16.7 GB/s with 64-byte streaming stores; streaming stores that are
// not 64-byte aligned split into 8-byte ones and ran at 8.3 GB/s, hence the
// run-time alignment test.
//
//===----------------------------------------------------------------------===//

#include "gather/Transforms/Passes.h"
#include "gather/Transforms/StreamStores.h"

#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <optional>

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_NONTEMPORALCOPIESPASS
#include "gather/Transforms/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;

/// Bytes of one streaming store: a cache line.
constexpr int64_t kLineBytes = 64;

/// Returns the buffer that `view` is a view of, through memref.subview.
static Value getRootBuffer(Value view) {
  while (auto subview = view.getDefiningOp<memref::SubViewOp>())
    view = subview.getSource();
  return view;
}

/// Returns the bytes of one element of `type`, or 0 when streaming stores
/// of whole lines do not apply to it.
static int64_t getElementBytes(MemRefType type) {
  Type elementType = type.getElementType();
  if (!isa<IntegerType, FloatType>(elementType))
    return 0;
  unsigned bits = elementType.getIntOrFloatBitWidth();
  if (bits % 8 != 0 || kLineBytes % (bits / 8) != 0)
    return 0;
  return bits / 8;
}

/// Returns the bytes of the static-shaped `type` whose elements take
/// getElementBytes bytes, or nullopt when that is 0 or the product does not
/// fit in int64_t (shapes the verifier accepts can be that large).
static std::optional<int64_t> getStaticBytes(MemRefType type) {
  int64_t bytes = getElementBytes(type);
  if (bytes == 0)
    return std::nullopt;
  for (int64_t size : type.getShape()) {
    std::optional<int64_t> product = llvm::checkedMul(bytes, size);
    if (!product)
      return std::nullopt;
    bytes = *product;
  }
  return bytes;
}

/// True when `type` is a row of dynamic length: every dimension but the
/// innermost of static size 1, the innermost dynamic with stride 1 (a
/// gather's row copy from params of dynamic row width).
static bool isDynamicRow(MemRefType type) {
  if (type.getRank() == 0 || !type.isDynamicDim(type.getRank() - 1) ||
      !llvm::all_of(type.getShape().drop_back(),
                    [](int64_t size) { return size == 1; }))
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  return succeeded(type.getStridesAndOffset(strides, offset)) &&
         strides.back() == 1;
}

/// The bytes of one streaming store of `copy`: a line where it writes a
/// static, contiguous block of whole lines, or a row of dynamic length
/// (whole lines checked at run time); the block, where it writes 16 or 32
/// bytes inside a loop marked kStreamStoresAttrName (consecutive iterations
/// fill lines); none otherwise, and none inside a loop marked
/// kPlainStoresAttrName.
static std::optional<int64_t> getStreamStoreBytes(memref::CopyOp copy) {
  auto source = dyn_cast<MemRefType>(copy.getSource().getType());
  auto target = dyn_cast<MemRefType>(copy.getTarget().getType());
  if (!source || !target || source.getRank() == 0 ||
      source.getElementType() != target.getElementType())
    return std::nullopt;
  if (isDynamicRow(source) && isDynamicRow(target) &&
      getElementBytes(target) != 0)
    return kLineBytes;
  if (!memref::isStaticShapeAndContiguousRowMajor(source) ||
      !memref::isStaticShapeAndContiguousRowMajor(target))
    return std::nullopt;
  int64_t elementBytes = getElementBytes(target);
  std::optional<int64_t> bytes = getStaticBytes(target);
  if (elementBytes == 0 || !bytes || *bytes <= 0)
    return std::nullopt;
  auto loop = dyn_cast<scf::ForOp>(copy->getParentOp());
  if (loop && loop->hasAttr(gather::kPlainStoresAttrName))
    return std::nullopt;
  if (*bytes % kLineBytes == 0)
    return kLineBytes;
  if (loop && loop->hasAttr(gather::kStreamStoresAttrName) &&
      (*bytes == 16 || *bytes == 32) && *bytes % elementBytes == 0)
    return *bytes;
  return std::nullopt;
}

/// Returns `view` collapsed to rank 1 (it is static and contiguous).
static Value collapseToRank1(OpBuilder &b, Location loc, Value view) {
  auto type = cast<MemRefType>(view.getType());
  if (type.getRank() == 1)
    return view;
  ReassociationIndices all =
      llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
  return memref::CollapseShapeOp::create(b, loc, view,
                                         ArrayRef<ReassociationIndices>{all});
}

/// Returns the outermost view whose address is congruent to that of `view`
/// modulo `storeBytes`, through memref.subviews whose every offset moves the
/// address by a multiple of it (static offsets, or dynamic ones along
/// static strides of such a multiple): a loop's copies into rows of one
/// buffer then test one loop-invariant address, which LLVM hoists.
static Value getAlignmentWitness(Value view, int64_t storeBytes,
                                 int64_t elementBytes) {
  while (auto subview = view.getDefiningOp<memref::SubViewOp>()) {
    auto [strides, offset] = subview.getSourceType().getStridesAndOffset();
    for (auto [dim, stride] : llvm::enumerate(strides)) {
      std::optional<int64_t> at =
          getConstantIntValue(subview.getMixedOffsets()[dim]);
      if (at && *at == 0)
        continue;
      if (ShapedType::isDynamic(stride))
        return view;
      std::optional<int64_t> step = llvm::checkedMul(stride, elementBytes);
      if (at)
        step = step ? llvm::checkedMul(*step, *at) : std::nullopt;
      if (!step || *step % storeBytes != 0)
        return view;
    }
    view = subview.getSource();
  }
  return view;
}

/// Returns an i1 that is true when the size in bytes of `buffer` is at
/// least `minBytes` (a constant when the shape is static).
static Value createIsLargeEnough(OpBuilder &b, Location loc, Value buffer,
                                 int64_t minBytes) {
  auto type = cast<MemRefType>(buffer.getType());
  Value bytes = arith::ConstantIndexOp::create(b, loc, getElementBytes(type));
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    bytes = arith::MulIOp::create(b, loc, bytes,
                                  memref::DimOp::create(b, loc, buffer, dim));
  return arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::uge, bytes,
      arith::ConstantIndexOp::create(b, loc, minBytes));
}

/// Returns the elements `copy` moves (a constant for a static shape, the
/// row's length for a dynamic row) and, for a dynamic row, sets `wholeLines`
/// to whether they fill whole streaming stores of `storeBytes`.
static Value createElementCount(OpBuilder &b, Location loc, memref::CopyOp copy,
                                int64_t storeBytes, Value &wholeLines) {
  Value target = copy.getTarget();
  auto type = cast<MemRefType>(target.getType());
  if (type.hasStaticShape())
    return arith::ConstantIndexOp::create(b, loc, type.getNumElements());
  Value count = memref::DimOp::create(b, loc, target, type.getRank() - 1);
  int64_t lanes = storeBytes / getElementBytes(type);
  Value tail = arith::RemUIOp::create(
      b, loc, count, arith::ConstantIndexOp::create(b, loc, lanes));
  wholeLines = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tail,
                                     arith::ConstantIndexOp::create(b, loc, 0));
  return count;
}

/// Returns the address of the block of `target` modulo `storeBytes`, taken
/// from its alignment witness (see getAlignmentWitness).
static Value createMisalignment(OpBuilder &b, Location loc, Value target,
                                int64_t storeBytes) {
  int64_t elementBytes = getElementBytes(cast<MemRefType>(target.getType()));
  // The block's address: the aligned pointer plus the offset.
  Value witness = getAlignmentWitness(target, storeBytes, elementBytes);
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, witness);
  Value pointer =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, witness);
  Value address = arith::AddIOp::create(
      b, loc, pointer,
      arith::MulIOp::create(
          b, loc, metadata.getOffset(),
          arith::ConstantIndexOp::create(b, loc, elementBytes)));
  return arith::AndIOp::create(
      b, loc, address, arith::ConstantIndexOp::create(b, loc, storeBytes - 1));
}

/// Builds the streaming copy of `count` elements from `source` to `target`:
/// a loop of vector loads and nontemporal stores of `storeBytes`.
static void createStreamingCopy(OpBuilder &b, Location loc, Value source,
                                Value target, Value zero, Value count,
                                int64_t storeBytes) {
  auto targetType = cast<MemRefType>(target.getType());
  bool dynamicRow = !targetType.hasStaticShape();
  // A static block is read and written as rank 1; a dynamic row
  // along its innermost dimension (the others are of size 1).
  Value from = dynamicRow ? source : collapseToRank1(b, loc, source);
  Value to = dynamicRow ? target : collapseToRank1(b, loc, target);
  int64_t rank = cast<MemRefType>(to.getType()).getRank();
  int64_t lanes = storeBytes / getElementBytes(targetType);
  auto lineType = VectorType::get({lanes}, targetType.getElementType());
  Value step = arith::ConstantIndexOp::create(b, loc, lanes);
  scf::ForOp::create(
      b, loc, zero, count, step, ValueRange(),
      [&](OpBuilder &lb, Location ll, Value i, ValueRange) {
        SmallVector<Value> indices(rank - 1, zero);
        indices.push_back(i);
        Value line = vector::LoadOp::create(lb, ll, lineType, from, indices);
        vector::StoreOp::create(lb, ll, line, to, indices,
                                /*nontemporal=*/true, llvm::Align(storeBytes));
        scf::YieldOp::create(lb, ll);
      });
}

/// Rewrites `copy` into `if (target block aligned to `storeBytes` [&& its
/// buffer large enough] [&& a dynamic row of whole stores]) streaming copy
/// in stores of `storeBytes` else copy`; returns the scf.if.
static Operation *rewriteCopy(memref::CopyOp copy, int64_t storeBytes,
                              Value root, bool checkSize, int64_t minBytes) {
  OpBuilder b(copy);
  Location loc = copy.getLoc();
  Value source = copy.getSource(), target = copy.getTarget();
  Value misalignment = createMisalignment(b, loc, target, storeBytes);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value stream = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                       misalignment, zero);
  if (checkSize)
    stream = arith::AndIOp::create(b, loc, stream,
                                   createIsLargeEnough(b, loc, root, minBytes));
  Value wholeLines;
  Value count = createElementCount(b, loc, copy, storeBytes, wholeLines);
  if (wholeLines)
    stream = arith::AndIOp::create(b, loc, stream, wholeLines);

  auto ifOp = scf::IfOp::create(
      b, loc, stream,
      [&](OpBuilder &tb, Location tl) {
        createStreamingCopy(tb, tl, source, target, zero, count, storeBytes);
        scf::YieldOp::create(tb, tl);
      },
      [&](OpBuilder &eb, Location el) {
        memref::CopyOp::create(eb, el, source, target);
        scf::YieldOp::create(eb, el);
      });
  copy.erase();
  return ifOp;
}

/// Returns the outermost op holding `op` below the function it is in: the
/// point after which its stores are fenced. For a parallel loop that is
/// after the loop: the threads' join (an atomic, locked instruction on x86)
/// drains their write-combining buffers, and the fence orders the stores
/// before whatever the function does next. A fence inside the loop body
/// would also keep the memref.alloca_scope that scf-to-openmp wraps it in
/// from being inlined (the fence has no memory-effect interface).
static Operation *getFenceAnchor(Operation *op) {
  while (Operation *parent = op->getParentOp()) {
    if (isa<FunctionOpInterface>(parent) ||
        parent->hasTrait<OpTrait::IsIsolatedFromAbove>())
      break;
    op = parent;
  }
  return op;
}

namespace {

struct NontemporalCopiesPass
    : public gather::impl::NontemporalCopiesPassBase<NontemporalCopiesPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(gather::options::checkNontemporalMinBytes(
            "min-bytes", minBytes,
            gather::options::PassOptionError{getOperation(), getArgument()})))
      return signalPassFailure();
    if (minBytes < 0)
      return markAllAnalysesPreserved();
    SmallVector<std::tuple<memref::CopyOp, int64_t, Value>> copies;
    getOperation()->walk([&](memref::CopyOp copy) {
      std::optional<int64_t> storeBytes = getStreamStoreBytes(copy);
      if (!storeBytes)
        return;
      Value root = getRootBuffer(copy.getTarget());
      auto rootType = dyn_cast<MemRefType>(root.getType());
      if (!rootType ||
          rootType.getElementType() !=
              cast<MemRefType>(copy.getTarget().getType()).getElementType())
        return;
      // A static buffer too large for int64_t bytes is large enough.
      if (rootType.hasStaticShape()) {
        std::optional<int64_t> rootBytes = getStaticBytes(rootType);
        if (rootBytes && *rootBytes < minBytes)
          return;
      }
      copies.emplace_back(copy, *storeBytes, root);
    });
    if (copies.empty())
      return markAllAnalysesPreserved();
    llvm::SetVector<Operation *> anchors;
    for (auto [copy, storeBytes, root] : copies) {
      bool checkSize = !cast<MemRefType>(root.getType()).hasStaticShape();
      anchors.insert(getFenceAnchor(
          rewriteCopy(copy, storeBytes, root, checkSize, minBytes)));
    }
    // Streaming stores are weakly ordered: fence them once, after the
    // loop nest that issues them.
    for (Operation *anchor : anchors) {
      OpBuilder b(anchor->getContext());
      b.setInsertionPointAfter(anchor);
      LLVM::FenceOp::create(b, anchor->getLoc(), LLVM::AtomicOrdering::seq_cst);
    }
  }
};

} // namespace
