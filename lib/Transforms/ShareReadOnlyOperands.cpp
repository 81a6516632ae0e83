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

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
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

/// The function `call` calls, where it is a func.func with a body.
static func::FuncOp getCallee(func::CallOp call,
                              SymbolTableCollection &symbols) {
  auto callee =
      symbols.lookupNearestSymbolFrom<func::FuncOp>(call, call.getCalleeAttr());
  return callee && !callee.isExternal() ? callee : func::FuncOp();
}

/// True when `callee` takes argument `n` as `bufferization.writable =
/// false`: it reads that tensor and returns no alias of it that could be
/// written (bufferization copies it first where it would write it), as the
/// functions of gather-outline-dynamic-gathers take params and indices.
static bool isReadOnlyArgument(func::FuncOp callee, unsigned n) {
  auto writable = callee.getArgAttrOfType<BoolAttr>(
      n, bufferization::BufferizationDialect::kWritableAttrName);
  return writable && !writable.getValue();
}

/// Whether `user` only reads `value`: it neither writes its buffer nor
/// returns an alias of it that something else could write.
static bool onlyReads(Operation *user, Value value,
                      SymbolTableCollection &symbols) {
  if (auto gather = dyn_cast<GatherOpInterface>(user))
    return !gather.hasBufferSemantics();
  if (auto call = dyn_cast<func::CallOp>(user)) {
    func::FuncOp callee = getCallee(call, symbols);
    return callee && llvm::all_of(call->getOpOperands(), [&](OpOperand &use) {
             return use.get() != value ||
                    isReadOnlyArgument(callee, use.getOperandNumber());
           });
  }
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

/// Whether the gathers (and calls) reading `value` may share one buffer of
/// it.
static bool isShareable(Value value, ArrayRef<Operation *> gathers,
                        SymbolTableCollection &symbols) {
  if (!hasOwnBuffer(value))
    return false;
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || type.getEncoding() ||
      !BaseMemRefType::isValidElementType(type.getElementType()))
    return false;
  return gathers.size() >= 2 &&
         llvm::all_of(value.getUsers(), [&](Operation *user) {
           return onlyReads(user, value, symbols);
         });
}

/// Creates the read-only buffer of `value` right after its definition: of
/// identity layout where a call reads it (the layout of the functions'
/// arguments, bufferized with identity layouts by the pipelines; another
/// would be copied at each call), of any layout otherwise.
static Value createSharedBuffer(OpBuilder &b, Value value,
                                ArrayRef<Operation *> readers) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    b.setInsertionPointToStart(arg.getOwner());
  else
    b.setInsertionPointAfterValue(value);
  if (llvm::none_of(readers, llvm::IsaPred<func::CallOp>))
    return createReadOnlyBuffer(b, value.getLoc(), value);
  auto type = cast<RankedTensorType>(value.getType());
  return bufferization::ToBufferOp::create(
      b, value.getLoc(),
      MemRefType::get(type.getShape(), type.getElementType()), value,
      /*readOnly=*/true);
}

namespace {

struct ShareReadOnlyOperandsPass
    : public gather::impl::ShareReadOnlyOperandsPassBase<
          ShareReadOnlyOperandsPass> {
  using Base::Base;

  void runOnOperation() override {
    // The gathers, and calls of read-only arguments, reading each tensor,
    // in IR order.
    llvm::MapVector<Value, SmallVector<Operation *>> readers;
    auto addReader = [&](Operation *op, Value operand) {
      SmallVector<Operation *> &ops = readers[operand];
      if (ops.empty() || ops.back() != op)
        ops.push_back(op);
    };
    SymbolTableCollection symbols;
    getOperation()->walk([&](Operation *op) {
      if (auto gather = dyn_cast<GatherOpInterface>(op)) {
        if (!gather.hasBufferSemantics())
          for (Value operand : {gather.getParams(), gather.getIndices()})
            addReader(op, operand);
        return;
      }
      auto call = dyn_cast<func::CallOp>(op);
      func::FuncOp callee = call ? getCallee(call, symbols) : func::FuncOp();
      if (!callee)
        return;
      for (OpOperand &use : call->getOpOperands())
        if (isa<RankedTensorType>(use.get().getType()) &&
            isReadOnlyArgument(callee, use.getOperandNumber()))
          addReader(op, use.get());
    });
    OpBuilder b(&getContext());
    bool changed = false;
    for (auto &[value, gathers] : readers) {
      if (!isShareable(value, gathers, symbols))
        continue;
      changed = true;
      Value buffer = createSharedBuffer(b, value, gathers);
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
