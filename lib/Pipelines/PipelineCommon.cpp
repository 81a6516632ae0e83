//===- PipelineCommon.cpp - pieces both gather pipelines use --------------===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#include "PipelineCommon.h"

#include "gather/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::gather;

void mlir::gather::addMathVectorComplexLowering(OpPassManager &pm) {
  OpPassManager group(ModuleOp::getOperationName());
  // Transfers of rank > 1 and prints of n-D vectors become loops over 1-D
  // vectors (affine.apply in their indices: before lower-affine).
  group.addPass(createConvertVectorToSCFPass());
  // Complex division, abs, exp, log, ... in arith and math on the parts;
  // complex-to-llvm lowers what is left (create, re, im, constants).
  group.addPass(createConvertComplexToStandardPass());
  // Math on f16, bf16 and f8 types computes in f32 (fma excepted).
  group.addPass(math::createMathExtendToSupportedTypes());
  // Integer powers have no intrinsic or libm function: ipowi and fpowi
  // become functions of their own.
  group.addPass(createConvertMathToFuncs());
  // LLVM intrinsics (exp, log, trig, atan2, pow, rounding, bit counts, ...),
  // then is.fpclass for the two tests math-to-llvm leaves (and no fastmath
  // flags on the extensions around f16 math).
  group.addPass(createConvertMathToLLVMPass());
  group.addPass(createCompleteMathLoweringPass());
  // clampf in min/max; libm (which rejects anything it cannot call) last:
  // erf, erfc, cbrt, acosh, asinh, atanh, ...
  math::MathExpandOpsPassOptions expand;
  expand.opMnemonics = {"clampf"};
  group.addPass(math::createMathExpandOpsPass(expand));
  group.addPass(createConvertMathToLibmPass());
  pm.addPass(
      createRunIfUsedPass({"vector", "complex", "math"}, std::move(group)));
}

void mlir::gather::addVerifyLowered(OpPassManager &pm, StringRef pipeline,
                                    ArrayRef<std::string> allow) {
  VerifyLoweredPassOptions verify;
  verify.pipeline = pipeline.str();
  verify.allow.assign(allow.begin(), allow.end());
  pm.addPass(createVerifyLoweredPass(verify));
}

namespace {

/// Runs a pass on builtin.module in a nested pipeline and fails when any
/// error is reported meanwhile.
struct FailOnErrorPass
    : public PassWrapper<FailOnErrorPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FailOnErrorPass)

  explicit FailOnErrorPass(std::unique_ptr<Pass> pass)
      : inner(ModuleOp::getOperationName()) {
    inner.addPass(std::move(pass));
  }
  FailOnErrorPass(const FailOnErrorPass &other)
      : PassWrapper(other), inner(other.inner) {}

  StringRef getArgument() const override { return "gather-fail-on-error"; }
  StringRef getDescription() const override {
    return "run a pass and fail when it reports an error";
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    inner.getDependentDialects(registry);
  }

  void runOnOperation() override {
    bool sawError = false;
    // Notes the error and lets it go on to the handlers registered before.
    ScopedDiagnosticHandler handler(&getContext(), [&](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error)
        sawError = true;
      return failure();
    });
    if (failed(runPipeline(inner, getOperation())) || sawError)
      signalPassFailure();
  }

private:
  OpPassManager inner;
};

} // namespace

std::unique_ptr<Pass>
mlir::gather::createFailOnErrorPass(std::unique_ptr<Pass> inner) {
  return std::make_unique<FailOnErrorPass>(std::move(inner));
}

namespace {

/// Runs a pipeline on builtin.module only where a predicate holds of the
/// module. Each pass walks every op of the module and, when it says it may
/// have changed it, the pass manager verifies the whole module after it
/// (70 ms a pass on 1000 small gathers). Where the predicate says the
/// pipeline has nothing to do, it is skipped and the module marked
/// unchanged, so it is not verified again.
struct RunIfPass : public PassWrapper<RunIfPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RunIfPass)

  RunIfPass(StringRef argument, std::function<bool(ModuleOp)> predicate,
            OpPassManager inner)
      : argument(argument.str()), predicate(std::move(predicate)),
        inner(std::move(inner)) {}
  RunIfPass(const RunIfPass &other)
      : PassWrapper(other), argument(other.argument),
        predicate(other.predicate), inner(other.inner) {}

  StringRef getArgument() const override { return argument; }
  StringRef getDescription() const override {
    return "run a pipeline where the module needs it";
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    inner.getDependentDialects(registry);
  }

  void runOnOperation() override {
    if (!predicate(getOperation()))
      return markAllAnalysesPreserved();
    if (failed(runPipeline(inner, getOperation())))
      signalPassFailure();
  }

private:
  std::string argument;
  std::function<bool(ModuleOp)> predicate;
  OpPassManager inner;
};

/// Whether `op` is named in `names`: by dialect namespace ("vector") or by
/// op name ("memref.realloc").
bool isNamed(Operation *op, ArrayRef<std::string> names) {
  OperationName name = op->getName();
  return llvm::any_of(names, [&](StringRef wanted) {
    return wanted.contains('.') ? name.getStringRef() == wanted
                                : name.getDialectNamespace() == wanted;
  });
}

} // namespace

std::unique_ptr<Pass>
mlir::gather::createRunIfPass(StringRef argument,
                              std::function<bool(ModuleOp)> predicate,
                              OpPassManager inner) {
  return std::make_unique<RunIfPass>(argument, std::move(predicate),
                                     std::move(inner));
}

std::unique_ptr<Pass>
mlir::gather::createRunIfUsedPass(ArrayRef<StringRef> names,
                                  OpPassManager inner) {
  SmallVector<std::string> wanted(llvm::map_range(
      names, [](StringRef name) { return name.str(); }));
  auto used = [wanted](ModuleOp module) {
    return module
        ->walk([&](Operation *op) {
          return isNamed(op, wanted) ? WalkResult::interrupt()
                                     : WalkResult::advance();
        })
        .wasInterrupted();
  };
  return createRunIfPass("gather-if-used", used, std::move(inner));
}

void mlir::gather::addPassIfUsed(OpPassManager &pm, ArrayRef<StringRef> names,
                                 std::unique_ptr<Pass> pass) {
  OpPassManager inner(ModuleOp::getOperationName());
  inner.addPass(std::move(pass));
  pm.addPass(createRunIfUsedPass(names, std::move(inner)));
}

/// The canonicalizer on buffers, without region simplification: the loops
/// are still scf ops of one block, and upstream's region simplification
/// walks every block of the module for the merges it could do
/// (about 6 % of gather-cpu-pipeline on 1000 small gathers).
std::unique_ptr<Pass> mlir::gather::createBufferCanonicalizerPass() {
  return createCanonicalizerPass(
      GreedyRewriteConfig().setRegionSimplificationLevel(
          GreedySimplifyRegionLevel::Disabled));
}
