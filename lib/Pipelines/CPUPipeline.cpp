//===- CPUPipeline.cpp - gather-cpu-pipeline ------------------------------===//
//
// Part of the gather project.
//
// From func.func on tensors holding gather ops to the LLVM dialect:
//   0. dims of gather results resolved from the operands,
//   1. gather ops to scf loops or linalg.generic on tensors (`lowering`),
//   2. one-shot bufferization across function boundaries (identity layouts
//      there, so external functions such as printMemrefF32 can be called),
//   3. ownership-based buffer deallocation,
//   4. streaming stores for slice copies into results far larger than the
//      last-level cache (gather-nontemporal-copies),
//   5. linalg to loops, then every dialect left to LLVM.
// Error-mode checks call libc exit, so the output runs under mlir-runner with
// libmlir_runner_utils/libmlir_c_runner_utils, or compiles ahead of time and
// links against libmlir_c_runner_utils (printString/printI64, memrefCopy).
//
//===----------------------------------------------------------------------===//

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

void mlir::gather::buildGatherCPUPipeline(
    OpPassManager &pm, const GatherCPUPipelineOptions &options) {
  // A tensor.dim of a gather result becomes a dim of its operands, so that
  // a gather fused tile by tile into a consumer's loops (docs/tiling.md) is
  // not kept alive, and computed whole, only for the loop bounds.
  pm.addPass(memref::createResolveRankedShapeTypeResultDimsPass());
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
  if (options.numThreads > 0)
    pm.addPass(createForallToParallelLoopPass());
  bufferization::buildBufferDeallocationPipeline(pm);
  // After deallocation, which rejects the fence (an op with unknown memory
  // effects), and before clones become copies: only the copies
  // bufferization made for gather slices stream.
  NontemporalCopiesPassOptions nontemporalOptions;
  nontemporalOptions.minBytes = options.nontemporalMinBytes;
  pm.addPass(createNontemporalCopiesPass(nontemporalOptions));
  // Clones that hand buffer ownership across calls become alloc + copy.
  pm.addPass(createConvertBufferizationToMemRefPass());

  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
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
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  if (options.numThreads > 0)
    pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mlir::gather::registerGatherCPUPipeline() {
  PassPipelineRegistration<GatherCPUPipelineOptions>(
      "gather-cpu-pipeline",
      "Lower func.func on tensors holding gather ops to the LLVM dialect for "
      "CPU execution",
      buildGatherCPUPipeline);
}
