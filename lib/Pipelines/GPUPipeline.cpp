//===- GPUPipeline.cpp - gather-gpu-pipeline ------------------------------===//
//
// Part of the gather project.
//
// Lowers gather ops to NVVM kernels serialized into a gpu.binary, and the
// host code to the LLVM dialect with calls into the mgpu* runtime (the
// gather_cuda_runtime library). With `host-only`, emits the CPU-executable
// form of the same kernels (an scf.parallel over block/thread ids) and lowers
// it to LLVM for mlir-runner with the rest of gather-cpu-pipeline.
//
//===----------------------------------------------------------------------===//

#include "gather/Pipelines/Pipelines.h"

#include "gather/Conversion/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace {

/// Bufferizes gather kernels' host code and frees host buffers. Linalg ops
/// the surrounding program may hold become loops.
void addBufferization(OpPassManager &pm) {
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  bufferization::BufferDeallocationPipelineOptions dealloc;
  bufferization::buildBufferDeallocationPipeline(pm, dealloc);
  // Deallocation may leave bufferization.clone ops (e.g. for a gather that
  // folds to its params).
  pm.addPass(createConvertBufferizationToMemRefPass());
  pm.addPass(createConvertLinalgToLoopsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

/// Outlines kernels, lowers them to NVVM and serializes them; lowers the host
/// to LLVM with GPU runtime calls.
void buildDevicePipeline(OpPassManager &pm,
                         const gather::GatherGPUPipelineOptions &options) {
  // Constants and sizes computed on the host are recomputed in the kernel
  // rather than passed as arguments.
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createGpuKernelOutliningPass());
  // gpu-to-llvm lowers gpu.alloc/memcpy/dealloc only in async form: put each
  // function's GPU work on one stream, synchronized at its end.
  pm.addNestedPass<func::FuncOp>(createGpuAsyncRegionPass());
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());

  GpuNVVMAttachTargetOptions target;
  target.triple = "nvptx64-nvidia-cuda";
  target.chip = options.chip;
  target.features = options.features;
  target.optLevel = options.optLevel;
  pm.addPass(createGpuNVVMAttachTarget(target));

  ConvertGpuOpsToNVVMOpsOptions toNVVM;
  toNVVM.indexBitwidth = options.indexBitwidth;
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createConvertGpuOpsToNVVMOps(toNVVM));
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());

  pm.addPass(createConvertNVVMToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createGpuToLLVMConversionPass());

  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = options.format;
  binary.toolkitPath = options.cudaPath;
  pm.addPass(createGpuModuleToBinaryPass(binary));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

} // namespace

void mlir::gather::buildGatherGPUPipeline(
    OpPassManager &pm, const GatherGPUPipelineOptions &options) {
  ConvertGatherToGPUPassOptions lower;
  lower.hostOnly = options.hostOnly;
  lower.blockSize = options.blockSize;
  lower.maxBlocks = options.maxBlocks;
  lower.vectorize = options.vectorize;
  lower.outOfBoundsHandler = options.outOfBoundsHandler;
  pm.addPass(createConvertGatherToGPUPass(lower));
  if (options.hostOnly) {
    // No gather op is left: the CPU pipeline bufferizes and lowers the rest.
    buildGatherCPUPipeline(pm, GatherCPUPipelineOptions());
    return;
  }
  pm.addPass(createCanonicalizerPass());
  addBufferization(pm);
  buildDevicePipeline(pm, options);
}

void mlir::gather::registerGatherGPUPipeline() {
  PassPipelineRegistration<GatherGPUPipelineOptions>(
      "gather-gpu-pipeline",
      "Lowers gather ops to CUDA kernels (NVVM, serialized with ptxas) and "
      "the host code to LLVM with mgpu* runtime calls; with host-only, lowers "
      "the CPU-executable form of the same kernels for mlir-runner",
      buildGatherGPUPipeline);
}
