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

#include "PipelineCommon.h"

#include "gather/Pipelines/Pipelines.h"
#include "gather/Transforms/Passes.h"

#include "gather/Conversion/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Regex.h"

using namespace mlir;
using namespace mlir::gather;

namespace {

/// Bufferizes gather kernels' host code and frees host buffers. Linalg ops
/// the surrounding program may hold become loops.
void addBufferization(OpPassManager &pm) {
  addCheckBufferizable(pm, "gather-gpu-pipeline");
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // The same output on every run: bufferization names constants' globals
  // in an order that depends on pointers.
  pm.addPass(createNameConstantGlobalsPass());
  bufferization::BufferDeallocationPipelineOptions dealloc;
  bufferization::buildBufferDeallocationPipeline(pm, dealloc);
  // Deallocation may leave bufferization.clone ops (e.g. for a gather that
  // folds to its params).
  pm.addPass(createConvertBufferizationToMemRefPass());
  pm.addPass(createConvertLinalgToLoopsPass());
  pm.addPass(createForallToForLoopPass());
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
  // Host code around the kernels: vector, complex and math ops.
  addMathVectorComplexLowering(pm);
  // Linear time in convert-scf-to-cf for functions of many gathers.
  pm.addPass(createSplitBlocksAtSCFPass());
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
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createConvertComplexToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createGpuToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());

  // gpu-module-to-binary reports some errors (an unknown format, a CUDA
  // path without libdevice) without failing.
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = options.format;
  binary.toolkitPath = options.cudaPath;
  pm.addPass(createFailOnErrorPass(createGpuModuleToBinaryPass(binary)));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  // The binary and its launches are translated by mlir-translate.
  addVerifyLowered(pm, "gather-gpu-pipeline",
                   {"gpu.binary", "gpu.launch_func"});
}

} // namespace

LogicalResult
GatherGPUPipelineOptions::checkOptions(options::ErrorFn error) const {
  using namespace options;
  bool ok =
      succeeded(checkRange("block-size", blockSize, 0, kBlockSizeMax, error));
  ok &= succeeded(checkRange("max-blocks", maxBlocks, 0, kMaxBlocksMax, error));
  ok &= succeeded(checkRange("slices-per-thread", slicesPerThread, 0,
                             kSlicesPerThreadMax, error));
  // NVPTX processors: sm_<major><minor> with an optional a/f suffix.
  if (!llvm::Regex("^sm_[0-9]{2,3}[af]?$").match(chip)) {
    error("option 'chip' must be an NVIDIA GPU such as sm_90 or sm_90a; got '" +
          chip + "'");
    ok = false;
  }
  // PTX versions and chips the NVPTX backend knows as features.
  if (!features.empty() &&
      !llvm::Regex("^[+-](ptx[0-9]+|sm_[0-9]+[af]?)(,[+-](ptx[0-9]+|sm_[0-9]+"
                   "[af]?))*$")
           .match(features)) {
    error("option 'features' must be a comma-separated list of +ptxNN or "
          "+sm_NN; got '" +
          features + "'");
    ok = false;
  }
  ok &= succeeded(checkOneOf("format", format, kFormats, error));
  if (indexBitwidth != 32 && indexBitwidth != 64) {
    error("option 'index-bitwidth' must be 32 or 64, got " +
          Twine(indexBitwidth));
    ok = false;
  }
  ok &= succeeded(
      checkRange("opt-level", uint64_t(optLevel), 0, kOptLevelMax, error));
  // Only serializing kernels reads the toolkit.
  if (!hostOnly && !llvm::sys::fs::is_directory(cudaPath)) {
    error("option 'cuda-path' must be a CUDA toolkit directory (its "
          "libdevice and ptxas serialize kernels); '" +
          cudaPath + "' is not a directory");
    ok = false;
  }
  return success(ok);
}

void mlir::gather::buildGatherGPUPipeline(
    OpPassManager &pm, const GatherGPUPipelineOptions &options) {
  ConvertGatherToGPUPassOptions lower;
  lower.hostOnly = options.hostOnly;
  lower.blockSize = options.blockSize;
  lower.maxBlocks = options.maxBlocks;
  lower.slicesPerThread = options.slicesPerThread;
  lower.vectorize = options.vectorize;
  lower.outOfBoundsHandler = options.outOfBoundsHandler;
  pm.addPass(createRejectNestedModulesPass());
  addIngestion(pm);
  pm.addPass(createConvertGatherToGPUPass(lower));
  if (options.hostOnly) {
    // No gather op is left: the CPU pipeline bufferizes and lowers the rest.
    buildGatherCPUPipeline(pm, GatherCPUPipelineOptions(),
                           "gather-gpu-pipeline");
    return;
  }
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createDecomposeAggregatedOpsPass());
  addBufferization(pm);
  buildDevicePipeline(pm, options);
}

void mlir::gather::registerGatherGPUPipeline() {
  registerCheckedPipeline<GatherGPUPipelineOptions>(
      "gather-gpu-pipeline",
      "Lowers gather ops to CUDA kernels (NVVM, serialized with ptxas) and "
      "the host code to LLVM with mgpu* runtime calls; with host-only, lowers "
      "the CPU-executable form of the same kernels for mlir-runner",
      buildGatherGPUPipeline);
}
