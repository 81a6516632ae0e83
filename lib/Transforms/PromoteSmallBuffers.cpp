//===- PromoteSmallBuffers.cpp - small buffers onto the stack frame -------===//
//
// Part of the gather project.
//
// Moves small static memref.alloc ops that never leave their function to
// memref.alloca ops at the start of its entry block (see the pass
// description in Passes.td). Upstream's promote-buffers-to-stack turns an
// alloc into an alloca where it stands, which inside a sequential loop
// grows the stack on every iteration; this pass hoists instead, and only
// out of ops that run their regions one at a time.
//
//===----------------------------------------------------------------------===//

#include "gather/Transforms/Passes.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_PROMOTESMALLBUFFERSPASS
#include "gather/Transforms/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;

/// The bytes of `alloc`'s static buffer in the default memory space, or
/// std::nullopt where it cannot live on the stack frame.
static std::optional<int64_t> getStackBytes(memref::AllocOp alloc,
                                            const DataLayout &layout) {
  MemRefType type = alloc.getType();
  if (!type.hasStaticShape() || type.getMemorySpace() ||
      !alloc.getSymbolOperands().empty())
    return std::nullopt;
  Type element = type.getElementType();
  auto vector = dyn_cast<VectorType>(element);
  if (vector ? vector.isScalable()
             : !element.isIntOrIndexOrFloat() && !isa<ComplexType>(element))
    return std::nullopt;
  // Checked: a static shape may hold more bytes than int64_t counts.
  int64_t bytes = layout.getTypeSize(element).getFixedValue();
  for (int64_t size : type.getShape())
    if (llvm::MulOverflow(bytes, size, bytes))
      return std::nullopt;
  return bytes;
}

/// Whether every op from `op`'s parent up to `func` runs its regions one
/// at a time, in the thread that runs `func`.
static bool isInSequentialCode(Operation *op, func::FuncOp func) {
  for (Operation *parent = op->getParentOp(); parent != func;
       parent = parent->getParentOp())
    if (!isa<scf::ForOp, scf::WhileOp, scf::IfOp, scf::IndexSwitchOp,
             scf::ExecuteRegionOp, memref::AllocaScopeOp>(parent))
      return false;
  return true;
}

/// Whether `call` calls a function of gather-outline-dynamic-gathers, which
/// only reads and writes the buffers it is passed, and returns none.
static bool callsOutlinedGather(func::CallOp call,
                                SymbolTableCollection &symbols) {
  auto callee =
      symbols.lookupNearestSymbolFrom<func::FuncOp>(call, call.getCalleeAttr());
  return callee && callee->hasAttr(gather::kOutlinedGatherAttrName) &&
         call->getNumResults() == 0;
}

/// Whether `user`, one of `value`'s users, only reads or writes the buffer
/// (`views` gets the views it makes of it), rather than letting it escape
/// or freeing it.
static bool onlyAccesses(Operation *user, Value value,
                         SmallVectorImpl<Value> &views,
                         SymbolTableCollection &symbols) {
  if (auto view = dyn_cast<ViewLikeOpInterface>(user)) {
    if (view.getViewSource() != value)
      return false;
    views.push_back(view->getResult(0));
    return true;
  }
  if (auto metadata = dyn_cast<memref::ExtractStridedMetadataOp>(user)) {
    views.push_back(metadata.getBaseBuffer());
    return true;
  }
  if (isa<memref::DimOp>(user))
    return true;
  if (auto call = dyn_cast<func::CallOp>(user))
    return callsOutlinedGather(call, symbols);
  if (user->hasTrait<OpTrait::IsTerminator>() || isa<CallOpInterface>(user))
    return false;
  if (llvm::any_of(user->getResultTypes(), [](Type type) {
        return isa<BaseMemRefType, TensorType, LLVM::LLVMPointerType>(type);
      }))
    return false;
  auto effects = dyn_cast<MemoryEffectOpInterface>(user);
  if (!effects)
    return false;
  // A use without an effect on the buffer stores it or hands it on.
  SmallVector<MemoryEffects::EffectInstance> onValue;
  effects.getEffectsOnValue(value, onValue);
  return !onValue.empty() &&
         llvm::all_of(onValue, [](const MemoryEffects::EffectInstance &e) {
           return isa<MemoryEffects::Read, MemoryEffects::Write>(e.getEffect());
         });
}

/// Whether the buffer `alloc` makes is only read and written, directly or
/// through views, never returned, yielded, passed, stored or freed.
static bool staysLocal(memref::AllocOp alloc, SymbolTableCollection &symbols) {
  SmallVector<Value> worklist{alloc.getResult()};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers())
      if (!onlyAccesses(user, value, worklist, symbols))
        return false;
  }
  return true;
}

namespace {

struct PromoteSmallBuffersPass
    : public gather::impl::PromoteSmallBuffersPassBase<
          PromoteSmallBuffersPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(gather::options::checkStackBufferBytes(
            "max-bytes", maxBytes,
            gather::options::PassOptionError{getOperation(), getArgument()})))
      return signalPassFailure();
    bool changed = false;
    SymbolTableCollection symbols;
    getOperation()->walk([&](func::FuncOp func) {
      if (!func.isExternal())
        changed |= promote(func, symbols);
    });
    if (!changed)
      markAllAnalysesPreserved();
  }

  /// Promotes what `func`'s budget allows, in program order; returns
  /// whether anything moved.
  bool promote(func::FuncOp func, SymbolTableCollection &symbols) {
    SmallVector<memref::AllocOp> allocs;
    func.walk([&](memref::AllocOp alloc) { allocs.push_back(alloc); });
    DataLayout layout = DataLayout::closest(func);
    int64_t budget = maxBytes;
    OpBuilder builder = OpBuilder::atBlockBegin(&func.getBody().front());
    bool changed = false;
    for (memref::AllocOp alloc : allocs) {
      std::optional<int64_t> bytes = getStackBytes(alloc, layout);
      if (!bytes || *bytes > budget || !isInSequentialCode(alloc, func) ||
          !staysLocal(alloc, symbols))
        continue;
      budget -= *bytes;
      // Ahead of everything else of the entry block, in program order.
      auto alloca = memref::AllocaOp::create(
          builder, alloc.getLoc(), alloc.getType(), alloc.getAlignmentAttr());
      builder.setInsertionPointAfter(alloca);
      alloc.replaceAllUsesWith(alloca.getResult());
      alloc.erase();
      changed = true;
    }
    return changed;
  }
};

} // namespace
