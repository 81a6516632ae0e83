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

/// Runs a pipeline on builtin.module only where the module holds one of
/// some ops, named by dialect namespace ("vector") or by op name
/// ("memref.realloc"). Each pass walks every op of the module and, when it
/// says it may have changed it, the pass manager verifies the whole module
/// after it (70 ms a pass on 1000 small gathers): a module of gathers has
/// no vector, complex, math, affine or realloc op to lower. Where nothing
/// is found the pipeline is skipped and the module marked unchanged, so it
/// is not verified again.
struct RunIfUsedPass
    : public PassWrapper<RunIfUsedPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RunIfUsedPass)

  RunIfUsedPass(ArrayRef<StringRef> names, OpPassManager inner)
      : inner(std::move(inner)) {
    for (StringRef name : names)
      this->names.push_back(name.str());
  }
  RunIfUsedPass(const RunIfUsedPass &other)
      : PassWrapper(other), names(other.names), inner(other.inner) {}

  StringRef getArgument() const override { return "gather-if-used"; }
  StringRef getDescription() const override {
    return "run a pipeline where the module holds some ops or dialects";
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    inner.getDependentDialects(registry);
  }

  bool isNamed(Operation *op) const {
    OperationName name = op->getName();
    return llvm::any_of(names, [&](StringRef wanted) {
      return wanted.contains('.') ? name.getStringRef() == wanted
                                  : name.getDialectNamespace() == wanted;
    });
  }

  void runOnOperation() override {
    bool used = getOperation()
                    ->walk([&](Operation *op) {
                      return isNamed(op) ? WalkResult::interrupt()
                                         : WalkResult::advance();
                    })
                    .wasInterrupted();
    if (!used)
      return markAllAnalysesPreserved();
    if (failed(runPipeline(inner, getOperation())))
      signalPassFailure();
  }

private:
  SmallVector<std::string> names;
  OpPassManager inner;
};

} // namespace

std::unique_ptr<Pass>
mlir::gather::createRunIfUsedPass(ArrayRef<StringRef> names,
                                  OpPassManager inner) {
  return std::make_unique<RunIfUsedPass>(names, std::move(inner));
}

void mlir::gather::addPassIfUsed(OpPassManager &pm, ArrayRef<StringRef> names,
                                 std::unique_ptr<Pass> pass) {
  OpPassManager inner(ModuleOp::getOperationName());
  inner.addPass(std::move(pass));
  pm.addPass(createRunIfUsedPass(names, std::move(inner)));
}
