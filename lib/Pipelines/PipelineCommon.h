//===- PipelineCommon.h - pieces both gather pipelines use ------*- C++ -*-===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_LIB_PIPELINES_PIPELINECOMMON_H
#define GATHER_LIB_PIPELINES_PIPELINECOMMON_H

#include "gather/Pipelines/Pipelines.h"
#include "gather/Support/Options.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <memory>

namespace mlir {
namespace gather {

/// Adds the lowering of the ops a user's module holds around its gathers
/// that no other step of the pipelines lowers: vector transfers and prints of
/// n-D vectors to scf loops, complex arithmetic to arith and math, and every
/// math op to LLVM intrinsics, to libm calls, or to functions of its own
/// (ipowi, fpowi). On buffers, before scf-to-cf (the vector and math
/// functions build loops) and before the conversions to LLVM.
void addMathVectorComplexLowering(OpPassManager &pm);

/// Adds the ingestion of what front ends give around their gathers, each
/// step run only where the module holds its ops: tensor.gather (which has no
/// upstream lowering) and tosa.gather become gather ops
/// (docs/ingestion.md), and the rest of TOSA is lowered to linalg, tensor,
/// arith and scf as upstream's tosa-to-linalg-pipeline, tosa-to-arith,
/// tosa-to-tensor and tosa-to-scf do. The first step of every pipeline.
void addIngestion(OpPassManager &pm);

/// The TOSA step of addIngestion (gather-ingest-tosa): upstream's lowering of
/// TOSA, built and run only where the module holds TOSA ops.
std::unique_ptr<Pass> createIngestTosaPass();

/// buildGatherCPUPipeline, whose final check names `pipeline` (the GPU
/// pipeline's host-only form ends with the CPU pipeline); without
/// `verifyLowered`, the caller lowers more and checks the result itself
/// (gather-mpi-pipeline).
void buildGatherCPUPipeline(OpPassManager &pm,
                            const GatherCPUPipelineOptions &options,
                            StringRef pipeline, bool verifyLowered = true);

/// Adds gather-check-bufferizable for `pipeline`, right before One-Shot
/// Bufferize: every op bufferization would reject, in module order (it
/// names only the first it meets, in an order that changes from run to
/// run).
void addCheckBufferizable(OpPassManager &pm, StringRef pipeline);

/// Adds gather-verify-lowered for `pipeline`, allowing `allow` besides the
/// LLVM dialect.
void addVerifyLowered(OpPassManager &pm, StringRef pipeline,
                      ArrayRef<std::string> allow = {});

/// Returns a pass that runs `inner` (a pass on builtin.module) and fails
/// when it reports an error, even if it does not fail itself (as
/// gpu-module-to-binary does for an unknown format or a CUDA path without
/// libdevice).
std::unique_ptr<Pass> createFailOnErrorPass(std::unique_ptr<Pass> inner);

/// Returns a pass (gather-run-if) that runs `inner`, a pipeline on
/// builtin.module, only where the module needs it, and otherwise leaves the
/// module unchanged (not verified again): where it holds an op named in
/// `ops` (`condition` "used"), or where it may need buffer deallocation
/// ("deallocation-needed", mayNeedDeallocation).
std::unique_ptr<Pass> createRunIfPass(StringRef condition,
                                      ArrayRef<StringRef> ops,
                                      OpPassManager inner);

/// Registers gather-run-if and gather-fail-on-error, so that pipeline dumps
/// parse back.
void registerRunIfPass();

/// Whether some function of `module` allocates a buffer other than the
/// fresh ones it returns directly (BufferDeallocation.cpp).
bool mayNeedDeallocation(ModuleOp module);

/// Returns a pass that runs `inner` (a pipeline on builtin.module) only
/// where the module holds an op named in `names`: a dialect namespace
/// ("vector") or an op name ("memref.realloc").
std::unique_ptr<Pass> createRunIfUsedPass(ArrayRef<StringRef> names,
                                          OpPassManager inner);

/// Adds `pass` (on builtin.module) to `pm`, run only where the module holds
/// an op named in `names` (createRunIfUsedPass).
void addPassIfUsed(OpPassManager &pm, ArrayRef<StringRef> names,
                   std::unique_ptr<Pass> pass);

/// Returns the canonicalizer the pipelines run on buffers
/// (gather-buffer-canonicalize): with `withCSE`, common subexpressions
/// eliminated first (one verification of the module instead of two); then
/// pass-through loop results forwarded, and the patterns applied without
/// region simplification in at most `maxIterations` sweeps.
std::unique_ptr<Pass> createBufferCanonicalizerPass(bool withCSE = false,
                                                    int64_t maxIterations = 10);

/// Adds upstream's buffer deallocation pipeline, run only where the module
/// may need it (BufferDeallocation.cpp).
void addBufferDeallocation(OpPassManager &pm);

/// Registers pipeline `arg` whose options are parsed, then checked with
/// `Options::checkOptions` (an error names the option and the range), then
/// built with `build`.
template <typename Options>
void registerCheckedPipeline(StringRef arg, StringRef description,
                             void (*build)(OpPassManager &, const Options &)) {
  registerPassPipeline(
      arg, description,
      [build, arg](OpPassManager &pm, StringRef text,
                   function_ref<LogicalResult(const Twine &)> errorHandler) {
        Options options;
        if (failed(options.parseFromString(text)))
          return failure();
        if (failed(options.checkOptions([&](const Twine &message) {
              (void)errorHandler(arg + ": " + message);
            })))
          return failure();
        build(pm, options);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> optHandler) {
        optHandler(Options());
      });
}

} // namespace gather
} // namespace mlir

#endif // GATHER_LIB_PIPELINES_PIPELINECOMMON_H
