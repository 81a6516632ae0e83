//===- CPUPipeline.cpp - gather-cpu-pipeline ------------------------------===//
//
// Part of the gather project.
//
// From func.func on tensors holding gather ops to the LLVM dialect:
//   1. gather ops to scf loops or linalg.generic on tensors (`lowering`),
//   2. one-shot bufferization across function boundaries (identity layouts
//      there, so external functions such as printMemrefF32 can be called),
//   3. ownership-based buffer deallocation,
//   4. streaming stores for slice copies into results far larger than the
//      last-level cache (gather-nontemporal-copies),
//   5. linalg to loops, vector transfers, complex and math ops to loops,
//      arith, intrinsics and libm calls, then every dialect left to LLVM;
//   6. a check that nothing outside the LLVM dialect is left.
// It starts by rejecting nested modules it would half lower, and ops that
// aggregate others (linalg.softmax) are decomposed on tensors.
// Error-mode checks call libc exit, so the output runs under mlir-runner with
// libmlir_runner_utils/libmlir_c_runner_utils, or compiles ahead of time and
// links against libmlir_c_runner_utils (printString/printI64, memrefCopy).
//
//===----------------------------------------------------------------------===//

#include "PipelineCommon.h"

#include "gather/Conversion/Passes.h"
#include "gather/Pipelines/Pipelines.h"
#include "gather/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::gather;

namespace {

/// Adds the lowering of gather ops chosen by `options.lowering`.
void addGatherLowering(OpPassManager &pm,
                       const GatherCPUPipelineOptions &options) {
  // Runs on the module: error-mode checks declare @exit there.
  switch (options.lowering) {
  case GatherCPULowering::SCF: {
    ConvertGatherToSCFPassOptions scfOptions;
    scfOptions.prefetchDistance = options.prefetchDistance;
    scfOptions.parallel = options.numThreads > 0;
    pm.addPass(createConvertGatherToSCFPass(scfOptions));
    break;
  }
  case GatherCPULowering::Linalg:
    pm.addPass(createConvertGatherToLinalgPass());
    break;
  }
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createLoopInvariantCodeMotionPass());
  pm.addPass(createDecomposeAggregatedOpsPass());
}

/// Adds bufferization, deallocation and streaming stores.
void addBufferization(OpPassManager &pm,
                      const GatherCPUPipelineOptions &options) {
  // Write results straight into the destination they end up in (e.g. a
  // caller's buffer through materialize_in_destination), not into a fresh
  // allocation copied there afterwards.
  pm.addPass(bufferization::createEmptyTensorEliminationPass());
  bufferization::OneShotBufferizePassOptions bufferizeOptions;
  bufferizeOptions.bufferizeFunctionBoundaries = true;
  bufferizeOptions.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferizeOptions));
  // Folds the self-copies empty-tensor elimination and in-place forall
  // slots leave (CSE first makes their two subviews one value).
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
  // scf.forall (the gather's with threads, or the user's) runs on OpenMP
  // threads or as sequential loops.
  if (options.numThreads > 0)
    pm.addPass(createForallToParallelLoopPass());
  else
    pm.addPass(createForallToForLoopPass());
  bufferization::buildBufferDeallocationPipeline(pm);
  // After deallocation, which rejects the fence (an op with unknown memory
  // effects), and before clones become copies: only the copies
  // bufferization made for gather slices stream.
  NontemporalCopiesPassOptions nontemporalOptions;
  nontemporalOptions.minBytes = options.nontemporalMinBytes;
  pm.addPass(createNontemporalCopiesPass(nontemporalOptions));
  // Clones that hand buffer ownership across calls become alloc + copy.
  pm.addPass(createConvertBufferizationToMemRefPass());
}

/// Adds the lowering of buffers, loops and everything else to LLVM.
void addLoweringToLLVM(OpPassManager &pm,
                       const GatherCPUPipelineOptions &options) {
  pm.addPass(createConvertLinalgToLoopsPass());
  if (options.numThreads > 0) {
    ConvertSCFToOpenMPPassOptions ompOptions;
    ompOptions.numThreads = options.numThreads;
    pm.addPass(createConvertSCFToOpenMPPass(ompOptions));
    // Inlines the memref.alloca_scope wrapped around each parallel body,
    // which must stay one block while scf-to-cf splits it. Before
    // expand-strided-metadata: folding constants into the offsets of its
    // reinterpret_casts would reject a constant out-of-bounds index at
    // compile time in code that error mode never reaches.
    pm.addPass(createCanonicalizerPass());
  }
  addMathVectorComplexLowering(pm);
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createConvertComplexToLLVMPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  if (options.numThreads > 0)
    pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

} // namespace

LogicalResult
GatherCPUPipelineOptions::checkOptions(options::ErrorFn error) const {
  using namespace options;
  bool ok =
      succeeded(checkRange("prefetch-distance", prefetchDistance,
                           kPrefetchDistanceMin, kPrefetchDistanceMax, error));
  ok &= succeeded(checkRange("num-threads", uint64_t(numThreads), 0,
                             kNumThreadsMax, error));
  ok &= succeeded(checkNontemporalMinBytes("nontemporal-min-bytes",
                                           nontemporalMinBytes, error));
  return success(ok);
}

void mlir::gather::buildGatherCPUPipeline(
    OpPassManager &pm, const GatherCPUPipelineOptions &options) {
  buildGatherCPUPipeline(pm, options, "gather-cpu-pipeline");
}

void mlir::gather::buildGatherCPUPipeline(
    OpPassManager &pm, const GatherCPUPipelineOptions &options,
    StringRef pipeline) {
  pm.addPass(createRejectNestedModulesPass());
  addGatherLowering(pm, options);
  addBufferization(pm, options);
  addLoweringToLLVM(pm, options);
  // OpenMP ops are translated to LLVM IR as they are.
  SmallVector<std::string> allow;
  if (options.numThreads > 0)
    allow.push_back("omp");
  addVerifyLowered(pm, pipeline, allow);
}

void mlir::gather::registerGatherCPUPipeline() {
  registerCheckedPipeline<GatherCPUPipelineOptions>(
      "gather-cpu-pipeline",
      "Lower func.func on tensors holding gather ops to the LLVM dialect for "
      "CPU execution",
      buildGatherCPUPipeline);
}
