//===- TestPatternsAlone.cpp - the populate functions on their own --------===//
//
// Part of the gather project.
//
// test-gather-patterns-alone applies one lowering's populate...Patterns to
// the module with nothing else set up: no handler declared, no pass of the
// project run before. What the patterns need (the out-of-bounds handler, the
// messages of error-mode ops) they must add themselves.
//
//===----------------------------------------------------------------------===//

#include "gather/Conversion/GatherToGPU/GatherToGPU.h"
#include "gather/Conversion/GatherToLinalg/GatherToLinalg.h"
#include "gather/Conversion/GatherToSCF/GatherToSCF.h"
#include "gather/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::gather;

namespace {

struct TestPatternsAlonePass
    : public PassWrapper<TestPatternsAlonePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPatternsAlonePass)

  TestPatternsAlonePass() = default;
  TestPatternsAlonePass(const TestPatternsAlonePass &pass)
      : PassWrapper(pass) {}

  StringRef getArgument() const final { return "test-gather-patterns-alone"; }
  StringRef getDescription() const final {
    return "Apply one lowering's populate...Patterns alone to the module";
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, bufferization::BufferizationDialect,
                    cf::ControlFlowDialect, func::FuncDialect, gpu::GPUDialect,
                    linalg::LinalgDialect, LLVM::LLVMDialect,
                    memref::MemRefDialect, scf::SCFDialect,
                    tensor::TensorDialect, vector::VectorDialect>();
  }

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    if (lowering == "linalg") {
      populateGatherToLinalgPatterns(patterns);
    } else if (lowering == "scf") {
      populateGatherToSCFPatterns(patterns);
    } else if (lowering == "gpu-host") {
      GatherToGPUOptions options;
      options.hostOnly = true;
      populateGatherToGPUPatterns(patterns, options);
    } else {
      getOperation()->emitError("unknown lowering '") << lowering << "'";
      return signalPassFailure();
    }
    // What a conversion target always says: what the patterns produce is
    // legal.
    ConversionTarget target(getContext());
    target.addIllegalOp<GatherOp, GatherNdOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }

  Option<std::string> lowering{*this, "lowering",
                               llvm::cl::desc("linalg, scf or gpu-host"),
                               llvm::cl::init("linalg")};
};

} // namespace

namespace mlir {
namespace gather {
namespace test {
void registerTestPatternsAlonePass() {
  PassRegistration<TestPatternsAlonePass>();
}
} // namespace test
} // namespace gather
} // namespace mlir
