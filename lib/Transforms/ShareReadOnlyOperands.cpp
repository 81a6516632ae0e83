//===- ShareReadOnlyOperands.cpp - one read-only buffer per shared tensor -===//
//
// Part of the gather project.
//
// Gives the gathers that read one tensor per-op read-only views of a single
// buffer of it, so that bufferization analyses each gather's reads apart
// from the others' (see the pass description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "gather/Transforms/Passes.h"

#include "gather/Conversion/GatherCommon/GatherLoweringUtils.h"
#include "gather/Dialect/Gather/IR/GatherInterfaces.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/MapVector.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_SHAREREADONLYOPERANDSPASS
#include "gather/Transforms/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;
using namespace mlir::gather;

/// Whether `user` only reads `value`: it neither writes its buffer nor
/// returns an alias of it that something else could write.
static bool onlyReads(Operation *user, Value value) {
  if (auto gather = dyn_cast<GatherOpInterface>(user))
    return !gather.hasBufferSemantics();
  if (isa<tensor::DimOp, tensor::ExtractOp>(user))
    return true;
  if (auto toBuffer = dyn_cast<bufferization::ToBufferOp>(user))
    return toBuffer.getReadOnly();
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(user))
    return llvm::none_of(linalgOp.getDpsInitsMutable(),
                         [&](OpOperand &init) { return init.get() == value; });
  return false;
}

/// Whether no other tensor can reach the buffer of `value`: a function
/// argument (One-Shot Bufferize assumes arguments do not alias) or a
/// constant. The result of another op may alias that op's operands (a
/// slice, a reshape, a loop result), whose writes the views would not see.
static bool hasOwnBuffer(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *owner = arg.getOwner()->getParentOp();
    return isa<FunctionOpInterface>(owner) && arg.getOwner()->isEntryBlock();
  }
  return isa<arith::ConstantOp>(value.getDefiningOp());
}

/// Whether the gathers reading `value` may share one buffer of it.
static bool isShareable(Value value, ArrayRef<Operation *> gathers) {
  if (!hasOwnBuffer(value))
    return false;
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || type.getEncoding() ||
      !BaseMemRefType::isValidElementType(type.getElementType()))
    return false;
  return gathers.size() >= 2 &&
         llvm::all_of(value.getUsers(),
                      [&](Operation *user) { return onlyReads(user, value); });
}

/// Creates the read-only buffer of `value` right after its definition.
static Value createSharedBuffer(OpBuilder &b, Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    b.setInsertionPointToStart(arg.getOwner());
  else
    b.setInsertionPointAfterValue(value);
  return createReadOnlyBuffer(b, value.getLoc(), value);
}

namespace {

struct ShareReadOnlyOperandsPass
    : public gather::impl::ShareReadOnlyOperandsPassBase<
          ShareReadOnlyOperandsPass> {
  using Base::Base;

  void runOnOperation() override {
    // The gathers reading each tensor, in IR order.
    llvm::MapVector<Value, SmallVector<Operation *>> readers;
    getOperation()->walk([&](GatherOpInterface op) {
      if (op.hasBufferSemantics())
        return;
      for (Value operand : {op.getParams(), op.getIndices()}) {
        SmallVector<Operation *> &ops = readers[operand];
        if (ops.empty() || ops.back() != op.getOperation())
          ops.push_back(op);
      }
    });
    OpBuilder b(&getContext());
    bool changed = false;
    for (auto &[value, gathers] : readers) {
      if (!isShareable(value, gathers))
        continue;
      changed = true;
      Value buffer = createSharedBuffer(b, value);
      for (Operation *gather : gathers) {
        b.setInsertionPoint(gather);
        Value view = bufferization::ToTensorOp::create(
            b, gather->getLoc(), value.getType(), buffer, /*restrict=*/true,
            /*writable=*/false);
        gather->replaceUsesOfWith(value, view);
      }
    }
    // Unchanged: the pass manager need not verify the module again.
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
