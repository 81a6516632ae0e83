//===- DropEquivalentBufferResults.cpp - returned arguments dropped -------===//
//
// Part of the gather project.
//
// Upstream's drop-equivalent-buffer-results with the callees found through
// one map of the module's calls (see the pass description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "gather/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/BitVector.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_DROPEQUIVALENTBUFFERRESULTSPASS
#include "gather/Transforms/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;

static Value getUnderlyingBuffer(Value value);

/// The init of an scf.for whose result `value` is, where the loop yields the
/// iteration argument itself (getUnderlyingBuffer: a loop that updated a
/// buffer in place, as the gather lowerings build a result in a
/// destination), or null.
static Value getUnchangedLoopInit(Value value) {
  auto result = dyn_cast<OpResult>(value);
  auto loop = result ? dyn_cast<scf::ForOp>(result.getOwner()) : nullptr;
  if (!loop)
    return Value();
  BlockArgument iterArg = loop.getTiedLoopRegionIterArg(result);
  if (getUnderlyingBuffer(loop.getTiedLoopYieldedValue(iterArg)->get()) !=
      iterArg)
    return Value();
  return loop.getTiedLoopInit(iterArg)->get();
}

/// The value both branches of the scf.if whose result `value` is yield
/// (getUnderlyingBuffer), or null.
static Value getCommonBranchValue(Value value) {
  auto result = dyn_cast<OpResult>(value);
  auto ifOp = result ? dyn_cast<scf::IfOp>(result.getOwner()) : nullptr;
  if (!ifOp || ifOp.getElseRegion().empty())
    return Value();
  unsigned index = result.getResultNumber();
  Value thenValue = getUnderlyingBuffer(ifOp.thenYield().getOperand(index));
  if (thenValue != getUnderlyingBuffer(ifOp.elseYield().getOperand(index)))
    return Value();
  return thenValue;
}

/// The value `value` is, seen through memref.cast ops, loops that yield
/// their iteration argument unchanged and scf.if ops whose branches yield one
/// value (the slice-width versions of a gather lowering).
static Value getUnderlyingBuffer(Value value) {
  while (true) {
    if (auto castOp = value.getDefiningOp<memref::CastOp>())
      value = castOp.getSource();
    else if (Value init = getUnchangedLoopInit(value))
      value = init;
    else if (Value common = getCommonBranchValue(value))
      value = common;
    else
      return value;
  }
}

/// The entry-block argument that every return of `func` returns as result
/// `index` (getUnderlyingBuffer), or null.
static BlockArgument getReturnedArgument(func::FuncOp func,
                                         ArrayRef<func::ReturnOp> returns,
                                         unsigned index) {
  BlockArgument argument;
  for (func::ReturnOp ret : returns) {
    auto arg =
        dyn_cast<BlockArgument>(getUnderlyingBuffer(ret.getOperand(index)));
    if (!arg || arg.getOwner() != &func.getBody().front() ||
        (argument && arg != argument))
      return BlockArgument();
    argument = arg;
  }
  return argument;
}

/// Replaces `call` by a call of `func` (whose results `erased` are gone),
/// the erased results by the operands `returned` names (cast back to the
/// result's type where needed).
static void replaceCall(RewriterBase &rewriter, func::CallOp call,
                        func::FuncOp func, const llvm::BitVector &erased,
                        ArrayRef<BlockArgument> returned) {
  rewriter.setInsertionPoint(call);
  auto newCall =
      func::CallOp::create(rewriter, call.getLoc(), func, call.getOperands());
  unsigned next = 0;
  SmallVector<Value> replacements;
  for (OpResult result : call->getResults()) {
    unsigned index = result.getResultNumber();
    if (!erased.test(index)) {
      replacements.push_back(newCall.getResult(next++));
      continue;
    }
    Value operand = call.getOperand(returned[index].getArgNumber());
    if (operand.getType() != result.getType())
      operand = memref::CastOp::create(rewriter, call.getLoc(),
                                       result.getType(), operand);
    replacements.push_back(operand);
  }
  rewriter.replaceOp(call, replacements);
}

namespace {

struct DropEquivalentBufferResultsPass
    : public gather::impl::DropEquivalentBufferResultsPassBase<
          DropEquivalentBufferResultsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Only private functions with buffer results can lose one: without them
    // the walk over every symbol use below is not needed.
    if (llvm::none_of(module.getOps<func::FuncOp>(), [](func::FuncOp func) {
          return !func.isPublic() && !func.isExternal() &&
                 llvm::any_of(func.getResultTypes(), [](Type type) {
                   return isa<BaseMemRefType>(type);
                 });
        }))
      return markAllAnalysesPreserved();
    // The calls of each symbol of the module, in one walk; symbols used
    // otherwise too (a func.constant, an attribute) keep their results.
    DenseMap<StringAttr, SmallVector<func::CallOp>> calls;
    DenseSet<StringAttr> otherUses;
    std::optional<SymbolTable::UseRange> uses =
        SymbolTable::getSymbolUses(&module.getBodyRegion());
    if (!uses)
      return markAllAnalysesPreserved();
    for (const SymbolTable::SymbolUse &use : *uses) {
      StringAttr name = use.getSymbolRef().getRootReference();
      auto call = dyn_cast<func::CallOp>(use.getUser());
      if (call && call.getCalleeAttr() == use.getSymbolRef())
        calls[name].push_back(call);
      else
        otherUses.insert(name);
    }
    IRRewriter rewriter(&getContext());
    bool changed = false;
    for (func::FuncOp func : module.getOps<func::FuncOp>()) {
      if (func.isPublic() || func.isExternal() || func.getNumResults() == 0 ||
          otherUses.contains(func.getSymNameAttr()))
        continue;
      SmallVector<func::ReturnOp> returns;
      for (Block &block : func.getBody())
        if (auto ret = dyn_cast<func::ReturnOp>(block.getTerminator()))
          returns.push_back(ret);
      llvm::BitVector erased(func.getNumResults());
      SmallVector<BlockArgument> returned(func.getNumResults());
      for (unsigned index = 0; index < func.getNumResults(); ++index) {
        if (!isa<BaseMemRefType>(func.getResultTypes()[index]))
          continue;
        returned[index] = getReturnedArgument(func, returns, index);
        if (returned[index])
          erased.set(index);
      }
      if (erased.none())
        continue;
      for (func::ReturnOp ret : returns)
        ret->eraseOperands(erased);
      (void)func.eraseResults(erased);
      for (func::CallOp call : calls.lookup(func.getSymNameAttr()))
        replaceCall(rewriter, call, func, erased, returned);
      changed = true;
    }
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
