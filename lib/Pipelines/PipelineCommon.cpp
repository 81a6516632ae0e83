//===- PipelineCommon.cpp - pieces both gather pipelines use --------------===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#include "PipelineCommon.h"

#include "gather/Conversion/Passes.h"
#include "gather/Transforms/Passes.h"

#include "gather/Dialect/Gather/IR/GatherDialect.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/TosaToLinalg/TosaToLinalg.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::gather;

/// The lowering of TOSA that gather-ingest-tosa runs.
static void buildTosaIngestion(OpPassManager &tosa) {
  // Control flow first, so that the ops in its regions are lowered with
  // the rest.
  tosa.addNestedPass<func::FuncOp>(createTosaToSCFPass());
  // tosa.gather before tosa-to-linalg, which would make it an unchecked
  // linalg.generic: as gather.gather it takes the gather lowering and its
  // out-of-bounds mode.
  tosa.addPass(createConvertTosaToGatherPass());
  tosa::addTosaToLinalgPasses(tosa, TosaToLinalgOptions());
  // What tosa-to-linalg leaves: constants and rescales, then shapes,
  // reshapes, slices, pads and concatenations.
  TosaToArithPassOptions toArith;
  toArith.includeApplyRescale = true;
  tosa.addNestedPass<func::FuncOp>(createTosaToArithPass(toArith));
  tosa.addNestedPass<func::FuncOp>(createTosaToTensorPass());
}

void mlir::gather::addIngestion(OpPassManager &pm) {
  addPassIfUsed(pm, {"tensor.gather"}, createConvertTensorToGatherPass());
  pm.addPass(createIngestTosaPass());
}

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

void mlir::gather::addCheckBufferizable(OpPassManager &pm, StringRef pipeline) {
  CheckBufferizablePassOptions check;
  check.pipeline = pipeline.str();
  pm.addPass(createCheckBufferizablePass(check));
}

void mlir::gather::addVerifyLowered(OpPassManager &pm, StringRef pipeline,
                                    ArrayRef<std::string> allow) {
  VerifyLoweredPassOptions verify;
  verify.pipeline = pipeline.str();
  verify.allow.assign(allow.begin(), allow.end());
  pm.addPass(createVerifyLoweredPass(verify));
}

namespace {

/// Runs a pipeline on builtin.module and fails when any error is reported
/// meanwhile. The pipeline is an option, so that pipeline dumps parse back.
struct FailOnErrorPass
    : public PassWrapper<FailOnErrorPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FailOnErrorPass)

  FailOnErrorPass() = default;
  FailOnErrorPass(const FailOnErrorPass &other) : PassWrapper(other) {}

  StringRef getArgument() const override { return "gather-fail-on-error"; }
  StringRef getDescription() const override {
    return "run a pipeline and fail when it reports an error";
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    for (const OpPassManager &pm : pipeline)
      pm.getDependentDialects(registry);
  }

  void runOnOperation() override {
    bool sawError = false;
    // Notes the error and lets it go on to the handlers registered before.
    ScopedDiagnosticHandler handler(&getContext(), [&](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error)
        sawError = true;
      return failure();
    });
    for (OpPassManager &pm : pipeline)
      if (failed(runPipeline(pm, getOperation())) || sawError)
        return signalPassFailure();
    // Nothing left to invalidate or verify: see RunIfPass::runOnOperation.
    markAllAnalysesPreserved();
  }

  ListOption<OpPassManager> pipeline{
      *this, "pipeline",
      llvm::cl::desc("the pipelines on builtin.module to run, in order")};
};

} // namespace

std::unique_ptr<Pass>
mlir::gather::createFailOnErrorPass(std::unique_ptr<Pass> inner) {
  OpPassManager pm(ModuleOp::getOperationName());
  pm.addPass(std::move(inner));
  auto pass = std::make_unique<FailOnErrorPass>();
  pass->pipeline = ArrayRef<OpPassManager>(pm);
  return pass;
}

namespace {

/// The names of the ops a module holds: one walk, which the analysis manager
/// keeps for the next gather-run-if until a pass may have changed the module
/// (a run of skipped steps, or of passes that changed nothing, shares it).
struct OpNamesInModule {
  explicit OpNamesInModule(Operation *module) {
    module->walk([&](Operation *op) { names.insert(op->getName()); });
  }

  /// Whether an op is named `wanted` ("memref.realloc") or of the dialect
  /// `wanted` ("vector").
  bool contains(StringRef wanted) const {
    return llvm::any_of(names, [&](OperationName name) {
      return wanted.contains('.') ? name.getStringRef() == wanted
                                  : name.getDialectNamespace() == wanted;
    });
  }

  DenseSet<OperationName> names;
};

/// Runs a pipeline on builtin.module only where the module needs it. Each
/// pass walks every op of the module and, when it says it may have changed
/// it, the pass manager verifies the whole module after it (70 ms a pass on
/// 1000 small gathers). Where the condition says the pipeline has nothing
/// to do, it is skipped and the module marked unchanged, so it is not
/// verified again. The condition and the pipeline are options, so that
/// -dump-pass-pipeline prints a pipeline that parses back.
struct RunIfPass : public PassWrapper<RunIfPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RunIfPass)

  RunIfPass() = default;
  RunIfPass(const RunIfPass &other) : PassWrapper(other) {}

  StringRef getArgument() const override { return "gather-run-if"; }
  StringRef getDescription() const override {
    return "run a pipeline where the module holds some ops "
           "(condition=used, ops) or may need buffer deallocation "
           "(condition=deallocation-needed)";
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    for (const OpPassManager &pm : pipeline)
      pm.getDependentDialects(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool run;
    if (condition == "used") {
      const auto &names = getAnalysis<OpNamesInModule>();
      run = llvm::any_of(ops, [&](StringRef op) { return names.contains(op); });
    } else if (condition == "deallocation-needed") {
      run = mayNeedDeallocation(module);
    } else {
      module.emitError() << "gather-run-if: unknown condition '" << condition
                         << "' (used or deallocation-needed)";
      return signalPassFailure();
    }
    if (!run || pipeline.empty())
      return markAllAnalysesPreserved();
    for (OpPassManager &pm : pipeline)
      if (failed(runPipeline(pm, module)))
        return signalPassFailure();
    // The nested passes shared this pass's analysis manager, so each has
    // already invalidated what it changed, and the pass manager verified the
    // module after each of them. Reporting everything preserved keeps the
    // outer pass manager from verifying the whole module once more, as
    // upstream skips it after its adaptor passes (about 80 ms on a function
    // of 5000 gathers).
    markAllAnalysesPreserved();
  }

  Option<std::string> condition{*this, "condition",
                                llvm::cl::desc("used or deallocation-needed"),
                                llvm::cl::init("used")};
  ListOption<std::string> ops{
      *this, "ops",
      llvm::cl::desc("condition=used: dialect namespaces or op names")};
  ListOption<OpPassManager> pipeline{
      *this, "pipeline",
      llvm::cl::desc("the pipelines on builtin.module to run, in order")};
};

} // namespace

namespace {

/// Lowers the TOSA a module holds with a pipeline it builds only then
/// (buildTosaIngestion): as a gather-run-if with that pipeline as an option,
/// every run of the pipelines built its two dozen passes, TOSA's profile
/// tables among them, and loaded the TOSA dialect, for modules without
/// TOSA too (2 % of the instructions of a module of 10 gathers, stop 36).
struct IngestTosaPass
    : public PassWrapper<IngestTosaPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(IngestTosaPass)

  StringRef getArgument() const override { return "gather-ingest-tosa"; }
  StringRef getDescription() const override {
    return "lower the TOSA ops a module holds (tosa.gather to gather.gather) "
           "to linalg, tensor, arith and scf";
  }

  /// Those of the pipeline's passes but TOSA's own, which is loaded
  /// wherever the pipeline runs: the module holds TOSA ops.
  void getDependentDialects(DialectRegistry &registry) const override {
    registry
        .insert<arith::ArithDialect, func::FuncDialect, GatherDialect,
                index::IndexDialect, linalg::LinalgDialect, math::MathDialect,
                scf::SCFDialect, tensor::TensorDialect>();
  }

  void runOnOperation() override {
    if (!getAnalysis<OpNamesInModule>().contains("tosa"))
      return markAllAnalysesPreserved();
    OpPassManager tosa(ModuleOp::getOperationName());
    buildTosaIngestion(tosa);
    if (failed(runPipeline(tosa, getOperation())))
      return signalPassFailure();
    // Verified and invalidated pass by pass: see RunIfPass::runOnOperation.
    markAllAnalysesPreserved();
  }
};

} // namespace

std::unique_ptr<Pass> mlir::gather::createIngestTosaPass() {
  return std::make_unique<IngestTosaPass>();
}

std::unique_ptr<Pass> mlir::gather::createRunIfPass(StringRef condition,
                                                    ArrayRef<StringRef> ops,
                                                    OpPassManager inner) {
  auto pass = std::make_unique<RunIfPass>();
  pass->condition = condition.str();
  if (!ops.empty())
    pass->ops = llvm::to_vector(
        llvm::map_range(ops, [](StringRef op) { return op.str(); }));
  pass->pipeline = ArrayRef<OpPassManager>(inner);
  return pass;
}

std::unique_ptr<Pass>
mlir::gather::createRunIfUsedPass(ArrayRef<StringRef> names,
                                  OpPassManager inner) {
  return createRunIfPass("used", names, std::move(inner));
}

void mlir::gather::registerRunIfPass() {
  PassRegistration<RunIfPass>();
  PassRegistration<FailOnErrorPass>();
  PassRegistration<IngestTosaPass>();
}

void mlir::gather::addPassIfUsed(OpPassManager &pm, ArrayRef<StringRef> names,
                                 std::unique_ptr<Pass> pass) {
  OpPassManager inner(ModuleOp::getOperationName());
  inner.addPass(std::move(pass));
  pm.addPass(createRunIfUsedPass(names, std::move(inner)));
}

std::unique_ptr<Pass>
mlir::gather::createBufferCanonicalizerPass(bool withCSE,
                                            int64_t maxIterations) {
  BufferCanonicalizePassOptions options;
  options.cse = withCSE;
  options.maxIterations = maxIterations;
  return createBufferCanonicalizePass(options);
}
