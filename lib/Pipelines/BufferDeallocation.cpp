//===- BufferDeallocation.cpp - the pipelines' buffer deallocation --------===//
//
// Part of the gather project.
//
// Upstream's buffer deallocation pipeline
// (bufferization::buildBufferDeallocationPipeline), run only where a module
// may allocate a buffer that it must free.
//
// A module whose functions allocate only the buffers they return (a
// function of gathers, each writing a fresh result) frees nothing: by the
// ownership convention of upstream's deallocation, the caller owns what a
// function returns. Upstream's pipeline (six passes) would still build a
// bufferization.dealloc per function that retains every returned buffer,
// and its simplification compares each buffer with each retained one:
// quadratic in the results of one function (0.6 of 5.7 s on one function
// of 1000 gathers, bench/compile_time.py).
//
//===----------------------------------------------------------------------===//

#include "PipelineCommon.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::gather;

/// The memref.alloc ops that `func` returns directly, each once, from the
/// return of its only block; std::nullopt where it returns any other
/// buffer (an argument, a view, a loop result, one buffer twice), which
/// deallocation would clone for the caller to own.
static std::optional<llvm::SmallPtrSet<Operation *, 8>>
getReturnedAllocs(FunctionOpInterface func) {
  llvm::SmallPtrSet<Operation *, 8> allocs;
  Region &body = func.getFunctionBody();
  if (!body.hasOneBlock())
    return std::nullopt;
  Operation *terminator = body.front().getTerminator();
  for (Value result : terminator->getOperands()) {
    if (!isa<BaseMemRefType>(result.getType()))
      continue;
    auto alloc = result.getDefiningOp<memref::AllocOp>();
    if (!alloc || alloc->getBlock() != &body.front() ||
        !allocs.insert(alloc).second)
      return std::nullopt;
  }
  return allocs;
}

/// Whether `op` may allocate a buffer (on the heap) that is not one of
/// `returned`, or hands over buffers deallocation must account for: a call
/// returning buffers (the caller owns them), an op with memref results and
/// unknown effects, a deallocation already there (upstream rejects it with
/// a diagnostic of its own).
static bool
mayAllocateOther(Operation *op,
                 const llvm::SmallPtrSet<Operation *, 8> &returned) {
  if (returned.contains(op))
    return false;
  if (isa<memref::DeallocOp, bufferization::DeallocOp>(op))
    return true;
  bool memrefResults = llvm::any_of(op->getResultTypes(), [](Type type) {
    return isa<BaseMemRefType>(type);
  });
  if (isa<CallOpInterface>(op))
    return memrefResults;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return memrefResults && !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  return llvm::any_of(instances, [&](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Allocate>(e.getEffect()) &&
           !isa<SideEffects::AutomaticAllocationScopeResource>(e.getResource());
  });
}

/// Whether deallocation may have something to do in `module`: some
/// function allocates a buffer other than those it returns directly.
bool mlir::gather::mayNeedDeallocation(ModuleOp module) {
  WalkResult result = module->walk([](Operation *op) {
    auto func = dyn_cast<FunctionOpInterface>(op);
    if (!func || func.isExternal())
      return WalkResult::advance();
    std::optional<llvm::SmallPtrSet<Operation *, 8>> returned =
        getReturnedAllocs(func);
    if (!returned)
      return WalkResult::interrupt();
    WalkResult inner = func->walk([&](Operation *nested) {
      return nested != op && mayAllocateOther(nested, *returned)
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    return inner.wasInterrupted() ? WalkResult::interrupt()
                                  : WalkResult::skip();
  });
  return result.wasInterrupted();
}

void mlir::gather::addBufferDeallocation(OpPassManager &pm) {
  OpPassManager dealloc(ModuleOp::getOperationName());
  // Upstream's first step, the expansion of memref.realloc and a
  // canonicalization, only where the module holds a realloc.
  OpPassManager expandRealloc(ModuleOp::getOperationName());
  expandRealloc.addPass(memref::createExpandReallocPass(
      memref::ExpandReallocPassOptions{/*emitDeallocs=*/false}));
  expandRealloc.addPass(createCanonicalizerPass());
  dealloc.addPass(
      createRunIfUsedPass({"memref.realloc"}, std::move(expandRealloc)));
  dealloc.addPass(bufferization::createOwnershipBasedBufferDeallocationPass());
  dealloc.addPass(createBufferCanonicalizerPass());
  dealloc.addPass(bufferization::createBufferDeallocationSimplificationPass());
  dealloc.addPass(bufferization::createLowerDeallocationsPass());
  dealloc.addPass(createBufferCanonicalizerPass(/*withCSE=*/true));
  pm.addPass(createRunIfPass("deallocation-needed", {}, std::move(dealloc)));
}
