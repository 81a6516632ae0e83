//===- EliminateEmptyTensors.cpp - empty tensor elimination where useful --===//
//
// Part of the gather project.
//
// Runs upstream's empty tensor elimination only where it may replace
// something (see the pass description in Passes.td): its One-Shot Analysis
// of the whole module is otherwise spent for nothing.
//
//===----------------------------------------------------------------------===//

#include "gather/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/Transforms/Transforms.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SubsetOpInterface.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_ELIMINATEEMPTYTENSORSPASS
#include "gather/Transforms/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;

/// Pushes the values that `value`, a block argument, may be equal to: a
/// loop's init and yielded value for an iteration argument. Returns false
/// for other block arguments, where the chain may go on unseen.
static bool pushLoopValues(BlockArgument arg, SmallVectorImpl<Value> &work) {
  auto loop = dyn_cast<LoopLikeOpInterface>(arg.getOwner()->getParentOp());
  if (!loop)
    return false;
  OpOperand *init = loop.getTiedLoopInit(arg);
  OpOperand *yielded = loop.getTiedLoopYieldedValue(arg);
  if (!init || !yielded)
    return false;
  work.push_back(init->get());
  work.push_back(yielded->get());
  return true;
}

/// Pushes the operands of `def` (a value's defining op) that the value may
/// be equal to: the tensor operands of the same type, or any tensor operand
/// of a cast, and the tensors its regions yield.
static void pushDefiningValues(Operation *def, Type type,
                               SmallVectorImpl<Value> &work) {
  bool isCast = isa<CastOpInterface>(def);
  auto push = [&](Value operand) {
    if (isa<TensorType>(operand.getType()) &&
        (isCast || operand.getType() == type))
      work.push_back(operand);
  };
  llvm::for_each(def->getOperands(), push);
  for (Region &region : def->getRegions())
    for (Block &block : region)
      if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
        llvm::for_each(block.back().getOperands(), push);
}

/// True when the source of some subset insertion in `module` may be the
/// value of a tensor.empty (an over-approximation of the chain upstream's
/// elimination follows).
static bool mayEliminateEmptyTensors(ModuleOp module) {
  SmallVector<Value> work;
  module.walk([&](SubsetInsertionOpInterface op) {
    work.push_back(op.getSourceOperand().get());
  });
  DenseSet<Value> seen;
  while (!work.empty()) {
    Value value = work.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      bool isEntry = arg.getOwner()->isEntryBlock() &&
                     isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
      if (!isEntry && !pushLoopValues(arg, work))
        return true;
      continue;
    }
    Operation *def = value.getDefiningOp();
    if (isa<tensor::EmptyOp>(def))
      return true;
    pushDefiningValues(def, value.getType(), work);
  }
  return false;
}

/// Where a copy of `empty` for its use by `user` goes: right before `user`,
/// or before the outermost loop between the two (not allocated per
/// iteration).
static Operation *getCopyInsertionPoint(tensor::EmptyOp empty,
                                        Operation *user) {
  Operation *point = user;
  Region *home = empty->getParentRegion();
  for (Operation *op = user; op && op->getParentRegion() != home;) {
    op = op->getParentOp();
    if (op && isa<LoopLikeOpInterface>(op))
      point = op;
  }
  return point;
}

/// Gives each use of a tensor.empty with several uses a copy of its own, on
/// its path. Upstream's elimination replaces one use of each tensor.empty it
/// finds (the first on a subset insertion's chain): the result of a gather
/// lowering, shared by its branches (empty result, empty params, the
/// loops), would be built in the destination on one branch only, and on
/// the others in a buffer of its own or not at all (a read-after-write
/// conflict bufferization cannot resolve).
static void splitSharedEmptyTensors(ModuleOp module) {
  SmallVector<tensor::EmptyOp> shared;
  module.walk([&](tensor::EmptyOp op) {
    if (!op->use_empty() && !op->hasOneUse())
      shared.push_back(op);
  });
  OpBuilder b(module.getContext());
  for (tensor::EmptyOp empty : shared) {
    SmallVector<OpOperand *> uses =
        llvm::map_to_vector(llvm::drop_begin(empty->getUses()),
                            [](OpOperand &use) { return &use; });
    for (OpOperand *use : uses) {
      b.setInsertionPoint(getCopyInsertionPoint(empty, use->getOwner()));
      use->set(b.clone(*empty)->getResult(0));
    }
  }
}

namespace {

struct EliminateEmptyTensorsPass
    : public gather::impl::EliminateEmptyTensorsPassBase<
          EliminateEmptyTensorsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!mayEliminateEmptyTensors(module)) {
      markAllAnalysesPreserved();
      return;
    }
    splitSharedEmptyTensors(module);
    IRRewriter rewriter(&getContext());
    if (failed(bufferization::eliminateEmptyTensors(rewriter, module)))
      signalPassFailure();
  }
};

} // namespace
