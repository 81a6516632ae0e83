//===- CPUPipeline.cpp - gather-cpu-pipeline ------------------------------===//
//
// Part of the gather project.
//
// From func.func on tensors holding gather ops to the LLVM dialect:
//   0. memref arguments reached only through restrict tensors marked
//      llvm.noalias (kept on their aligned pointers by the conversion to
//      LLVM), dims of gather results resolved from the operands, gathers fused
//      into the linalg reductions that consume them (embedding bags),
//   1. gather ops to scf loops or linalg.generic on tensors (`lowering`),
//   2. one-shot bufferization across function boundaries (identity layouts
//      there, so external functions such as printMemrefF32 can be called),
//   3. ownership-based buffer deallocation, where some function allocates
//      a buffer other than those it returns (BufferDeallocation.cpp),
//   4. streaming stores for slice copies into results far larger than the
//      last-level cache (gather-nontemporal-copies),
//   5. linalg to loops, vector transfers, complex and math ops to loops,
//      copies of static slices to memcpy (gather-lower-slice-copies),
//      arith, intrinsics and libm calls, then every dialect left to LLVM
//      (one conversion, gather-convert-to-llvm, for most);
//   6. a check that nothing outside the LLVM dialect is left.
// It starts by rejecting nested modules it would half lower, and ops that
// aggregate others (linalg.softmax) are decomposed on tensors.
// Error-mode checks call the out-of-bounds handler, whose default the module
// defines (weak; printf, fflush, _Exit), so the output runs under mlir-runner
// with libmlir_runner_utils/libmlir_c_runner_utils, or compiles ahead of time
// and links against libmlir_c_runner_utils (memrefCopy).
// Steps with nothing to do in a module are skipped (gather-run-if): the
// pass manager verifies the whole module after each pass that may have
// changed it (compile time, docs/performance.md).
//
//===----------------------------------------------------------------------===//

#include "PipelineCommon.h"

#include "gather/Conversion/Passes.h"
#include "gather/Pipelines/Pipelines.h"
#include "gather/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::gather;

namespace {

/// Upstream's loop-invariant code motion, which reports the module
/// unchanged when it moved nothing, so that the pass manager does not verify
/// it again (upstream's pass never does: compile time, docs/performance.md).
struct HoistLoopInvariantsPass
    : public PassWrapper<HoistLoopInvariantsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(HoistLoopInvariantsPass)

  StringRef getArgument() const final { return "gather-hoist-loop-invariants"; }
  StringRef getDescription() const final {
    return "loop-invariant-code-motion, preserving analyses when it moves "
           "nothing";
  }

  void runOnOperation() override {
    size_t moved = 0;
    getOperation()->walk([&](LoopLikeOpInterface loop) {
      moved += moveLoopInvariantCode(loop);
    });
    if (moved == 0)
      markAllAnalysesPreserved();
  }
};

/// Inlines the memref.alloca_scope ops that hold no stack allocation.
/// convert-scf-to-openmp wraps each parallel body in one, and its body must
/// stay one block; canonicalization inlines them only where nothing in them
/// may allocate on the stack, and counts calls as such ops. A call allocates
/// nothing in the caller's frame, so a parallel loop whose body calls the
/// handler (an error-mode gather inside a tiled scf.forall, docs/tiling.md) is
/// inlined as well.
struct InlineAllocaScopesPass
    : public PassWrapper<InlineAllocaScopesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(InlineAllocaScopesPass)

  StringRef getArgument() const final { return "gather-inline-alloca-scopes"; }
  StringRef getDescription() const final {
    return "Inline memref.alloca_scope ops that hold no stack allocation";
  }

  /// True when an op in `scope` (outside nested allocation scopes) may
  /// allocate on the stack: one with an Allocate effect on the automatic
  /// allocation scope, or one with unknown effects that is not a call.
  static bool mayAllocateOnStack(memref::AllocaScopeOp scope) {
    return scope
        ->walk<WalkOrder::PreOrder>([&](Operation *op) {
          if (op == scope.getOperation())
            return WalkResult::advance();
          if (op->hasTrait<OpTrait::AutomaticAllocationScope>())
            return WalkResult::skip();
          if (isa<CallOpInterface>(op) ||
              op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
            return WalkResult::advance();
          auto effects = dyn_cast<MemoryEffectOpInterface>(op);
          if (!effects)
            return WalkResult::interrupt();
          SmallVector<MemoryEffects::EffectInstance> instances;
          effects.getEffects(instances);
          for (const MemoryEffects::EffectInstance &effect : instances)
            if (isa<MemoryEffects::Allocate>(effect.getEffect()) &&
                isa<SideEffects::AutomaticAllocationScopeResource>(
                    effect.getResource()))
              return WalkResult::interrupt();
          return WalkResult::advance();
        })
        .wasInterrupted();
  }

  void runOnOperation() override {
    SmallVector<memref::AllocaScopeOp> scopes;
    getOperation().walk([&](memref::AllocaScopeOp op) {
      if (!mayAllocateOnStack(op))
        scopes.push_back(op);
    });
    if (scopes.empty())
      return markAllAnalysesPreserved();
    IRRewriter rewriter(&getContext());
    for (memref::AllocaScopeOp scope : scopes) {
      Block *body = &scope.getBodyRegion().front();
      Operation *terminator = body->getTerminator();
      SmallVector<Value> results(terminator->getOperands());
      rewriter.eraseOp(terminator);
      rewriter.inlineBlockBefore(body, scope);
      rewriter.replaceOp(scope, results);
    }
  }
};

/// Adds the conversion of gather ops chosen by `options.lowering`. Runs on
/// the module: error-mode checks add their handler and messages there.
void addConversionPass(OpPassManager &pm,
                       const GatherCPUPipelineOptions &options) {
  switch (options.lowering) {
  case GatherCPULowering::SCF: {
    ConvertGatherToSCFPassOptions scfOptions;
    scfOptions.prefetchDistance = options.prefetchDistance;
    scfOptions.perCopyCheckMaxCopies = options.perCopyCheckMaxCopies;
    scfOptions.sliceVersionsMaxBytes = options.sliceVersionsMaxBytes;
    scfOptions.nontemporalMinBytes = options.nontemporalMinBytes;
    scfOptions.parallel = options.numThreads > 0;
    scfOptions.outOfBoundsHandler = options.outOfBoundsHandler;
    // Small gathers' fix-ups as calls of shared functions: compile time.
    scfOptions.fixUpCalls = true;
    pm.addPass(createConvertGatherToSCFPass(scfOptions));
    break;
  }
  case GatherCPULowering::Linalg: {
    ConvertGatherToLinalgPassOptions linalgOptions;
    linalgOptions.outOfBoundsHandler = options.outOfBoundsHandler;
    pm.addPass(createConvertGatherToLinalgPass(linalgOptions));
    break;
  }
  }
}

/// Adds the lowering of gather ops chosen by `options.lowering`.
void addGatherLowering(OpPassManager &pm,
                       const GatherCPUPipelineOptions &options) {
  // A tensor.dim of a gather result becomes a dim of its operands, so that
  // a gather fused tile by tile into a consumer's loops (docs/tiling.md) is
  // not kept alive, and computed whole, only for the loop bounds.
  addPassIfUsed(pm, {"tensor.dim", "memref.dim"},
                memref::createResolveRankedShapeTypeResultDimsPass());
  // A gather whose only user reduces over its rows (an embedding bag) is
  // computed bag by bag inside the reduction's loop, never whole.
  FuseGatherReductionsPassOptions fuseOptions;
  fuseOptions.prefetchDistance = options.prefetchDistance;
  fuseOptions.outOfBoundsHandler = options.outOfBoundsHandler;
  pm.addPass(createFuseGatherReductionsPass(fuseOptions));
  // Gathers of dynamic shape, and many static gathers of one signature, as
  // calls of one function per signature: a dynamic gather lowers to
  // hundreds of ops, thousands of static ones to a function past the caches
  // (compile time, docs/performance.md).
  if (options.outlineDynamic) {
    OutlineDynamicGathersPassOptions outlineOptions;
    outlineOptions.outOfBoundsHandler = options.outOfBoundsHandler;
    outlineOptions.minStaticGathers = options.outlineMinStaticGathers;
    pm.addPass(createOutlineDynamicGathersPass(outlineOptions));
  }
  // Gathers that read one table read it through views of one read-only
  // buffer: bufferization then analyses them one by one, not each against
  // all (linear compile time, bench/compile_time.py).
  pm.addPass(createShareReadOnlyOperandsPass());
  addConversionPass(pm, options);
  // Without region simplification, which walks every block of the module
  // for merges: the lowering's loops and ifs are scf ops of one block each,
  // and it emits conditions that need no rewriting (createNot).
  // One sweep, as for the canonicalizer on buffers (addBufferization).
  pm.addPass(createCanonicalizerPass(
      GreedyRewriteConfig()
          .setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled)
          .setMaxIterations(1)));
  pm.addPass(std::make_unique<HoistLoopInvariantsPass>());
  pm.addPass(createDecomposeAggregatedOpsPass());
}

/// Adds bufferization, deallocation and streaming stores.
void addBufferization(OpPassManager &pm,
                      const GatherCPUPipelineOptions &options,
                      StringRef pipeline) {
  // Write results straight into the destination they end up in (e.g. a
  // caller's buffer through materialize_in_destination), not into a fresh
  // allocation copied there afterwards.
  pm.addPass(createEliminateEmptyTensorsPass());
  addCheckBufferizable(pm, pipeline);
  bufferization::OneShotBufferizePassOptions bufferizeOptions;
  bufferizeOptions.bufferizeFunctionBoundaries = true;
  bufferizeOptions.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferizeOptions));
  // The functions gather-outline-dynamic-gathers made return their
  // destination argument: callers use their own buffer instead (no copy,
  // and no deallocation of a result the caller does not own).
  addPassIfUsed(pm, {"func.call"}, createDropEquivalentBufferResultsPass());
  // The same output on every run: bufferization names constants' globals
  // in an order that depends on pointers.
  pm.addPass(createNameConstantGlobalsPass());
  // Folds the self-copies empty-tensor elimination and in-place forall
  // slots leave (CSE first makes their two subviews one value), and the
  // loops' buffer iteration arguments, so that deallocation sees the
  // allocations that functions return (no clone and copy). One sweep of
  // the patterns: the greedy driver follows each change within it, and a
  // second sweep of every op found nothing more on the tests and kernels
  // (half of the pass's time, bench/compile_time.py).
  pm.addPass(createBufferCanonicalizerPass(/*withCSE=*/true,
                                           /*maxIterations=*/1));
  // scf.forall (the gather's with threads, or the user's) runs on OpenMP
  // threads or as sequential loops.
  addPassIfUsed(pm, {"scf.forall"},
                options.numThreads > 0 ? createForallToParallelLoopPass()
                                       : createForallToForLoopPass());
  // Buffers a function uses and drops (the flags of threaded error-mode
  // gathers and bags) take no malloc and free per call.
  if (options.stackBufferBytes > 0)
    addPassIfUsed(pm, {"memref.alloc"},
                  createPromoteSmallBuffersPass({options.stackBufferBytes}));
  addBufferDeallocation(pm);
  // After deallocation, which rejects the fence (an op with unknown memory
  // effects), and before clones become copies: only the copies
  // bufferization made for gather slices stream.
  NontemporalCopiesPassOptions nontemporalOptions;
  nontemporalOptions.minBytes = options.nontemporalMinBytes;
  pm.addPass(createNontemporalCopiesPass(nontemporalOptions));
  // Clones that hand buffer ownership across calls become alloc + copy.
  addPassIfUsed(pm, {"bufferization"},
                createConvertBufferizationToMemRefPass());
}

/// Adds the lowering of buffers, loops and everything else to LLVM.
void addLoweringToLLVM(OpPassManager &pm,
                       const GatherCPUPipelineOptions &options) {
  OpPassManager linalgToLoops(ModuleOp::getOperationName());
  linalgToLoops.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addPass(createRunIfUsedPass({"linalg"}, std::move(linalgToLoops)));
  if (options.numThreads > 0) {
    ConvertSCFToOpenMPPassOptions ompOptions;
    ompOptions.numThreads = options.numThreads;
    pm.addPass(createConvertSCFToOpenMPPass(ompOptions));
    // Inline the memref.alloca_scope wrapped around each parallel body,
    // which must stay one block while scf-to-cf splits it (the pass: bodies
    // that call the handler; canonicalization: the others). Before
    // expand-strided-metadata: folding constants into the offsets of its
    // reinterpret_casts would reject a constant out-of-bounds index at
    // compile time in code that error mode never reaches.
    pm.addPass(std::make_unique<InlineAllocaScopesPass>());
    pm.addPass(createBufferCanonicalizerPass());
  }
  addMathVectorComplexLowering(pm);
  // Row copies straight to memcpy between element pointers: their
  // subviews would otherwise become descriptors built and read again.
  pm.addPass(createLowerSliceCopiesPass());
  // Its patterns start at these ops only (the rest of the pass is folding);
  // the small gathers' copies are memcpys by now.
  addPassIfUsed(pm,
                {"memref.subview", "memref.expand_shape",
                 "memref.collapse_shape", "memref.extract_strided_metadata",
                 "memref.extract_aligned_pointer_as_index"},
                memref::createExpandStridedMetadataPass());
  addPassIfUsed(pm, {"affine"}, createLowerAffinePass());
  // Linear time in convert-scf-to-cf for functions of many gathers.
  pm.addPass(createSplitBlocksAtSCFPass());
  // Both conversions below run without rollback: their patterns never fail
  // after a change, and the conversion keeps no copy of the replaced IR
  // (one function of 5000 gathers: 252 -> 215 MiB peak).
  SCFToControlFlowPassOptions scfToCFOptions;
  scfToCFOptions.allowPatternRollback = false;
  pm.addPass(createSCFToControlFlowPass(scfToCFOptions));
  // Vector ops a user's module holds; vector-to-llvm first rewrites them
  // on vectors, so it stays a pass of its own.
  addPassIfUsed(pm, {"vector"}, createConvertVectorToLLVMPass());
  // Everything else in one conversion: one walk and one verification of
  // the module instead of six; without OpenMP, whose conversion comes
  // after, the casts are reconciled in it as well.
  GatherConvertToLLVMPassOptions toLLVMOptions;
  toLLVMOptions.reconcileCasts = options.numThreads == 0;
  toLLVMOptions.allowPatternRollback = false;
  pm.addPass(createGatherConvertToLLVMPass(toLLVMOptions));
  if (options.numThreads > 0) {
    pm.addPass(createConvertOpenMPToLLVMPass());
    pm.addPass(createReconcileUnrealizedCastsPass());
  }
}

} // namespace

LogicalResult
GatherCPUPipelineOptions::checkOptions(options::ErrorFn error) const {
  using namespace options;
  bool ok =
      succeeded(checkRange("prefetch-distance", prefetchDistance,
                           kPrefetchDistanceMin, kPrefetchDistanceMax, error));
  ok &= succeeded(checkRange("per-copy-check-max-copies", perCopyCheckMaxCopies,
                             kPerCopyCheckMaxCopiesMin,
                             kPerCopyCheckMaxCopiesMax, error));
  ok &= succeeded(checkRange("slice-versions-max-bytes", sliceVersionsMaxBytes,
                             0, kSliceVersionsMaxBytesMax, error));
  ok &= succeeded(checkRange("num-threads", uint64_t(numThreads), 0,
                             kNumThreadsMax, error));
  ok &= succeeded(checkNontemporalMinBytes("nontemporal-min-bytes",
                                           nontemporalMinBytes, error));
  ok &= succeeded(
      checkStackBufferBytes("stack-buffer-bytes", stackBufferBytes, error));
  return success(ok);
}

void mlir::gather::buildGatherCPUPipeline(
    OpPassManager &pm, const GatherCPUPipelineOptions &options) {
  buildGatherCPUPipeline(pm, options, "gather-cpu-pipeline");
}

void mlir::gather::buildGatherCPUPipeline(
    OpPassManager &pm, const GatherCPUPipelineOptions &options,
    StringRef pipeline, bool verifyLowered) {
  pm.addPass(createRejectNestedModulesPass());
  if (!options.targetCPU.empty())
    pm.addPass(createTargetCPUPass({options.targetCPU}));
  addIngestion(pm);
  // Before the to_tensor ops that tell it go away in bufferization.
  pm.addPass(createRestrictArgsNoAliasPass());
  addGatherLowering(pm, options);
  addBufferization(pm, options, pipeline);
  addLoweringToLLVM(pm, options);
  if (!verifyLowered)
    return;
  // OpenMP ops are translated to LLVM IR as they are.
  SmallVector<std::string> allow;
  if (options.numThreads > 0)
    allow.push_back("omp");
  addVerifyLowered(pm, pipeline, allow);
}

void mlir::gather::registerGatherCPUPipeline() {
  // The pipeline's own steps, so that its -dump-pass-pipeline parses back.
  registerRunIfPass();
  PassRegistration<InlineAllocaScopesPass>();
  PassRegistration<HoistLoopInvariantsPass>();
  registerCheckedPipeline<GatherCPUPipelineOptions>(
      "gather-cpu-pipeline",
      "Lower func.func on tensors holding gather ops to the LLVM dialect for "
      "CPU execution",
      buildGatherCPUPipeline);
}
