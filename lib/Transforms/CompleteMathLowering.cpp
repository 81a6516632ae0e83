//===- CompleteMathLowering.cpp - what upstream's math lowering leaves ----===//
//
// Part of the gather project.
//
// convert-math-to-llvm lowers math.isnan and math.isfinite to
// llvm.intr.is.fpclass but not math.isinf and math.isnormal; this pass does
// the same for those two, so that no classification op is left. It also
// drops the fastmath flags of float extensions and truncations, which
// convert-arith-to-llvm would copy as they are.
//
//===----------------------------------------------------------------------===//

#include "gather/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_COMPLETEMATHLOWERINGPASS
#include "gather/Transforms/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;

namespace {

/// The llvm.is.fpclass test masks (llvm/ADT/FloatingPointMode.h, FPClassTest).
constexpr int32_t kNegInf = 0x0004, kNegNormal = 0x0008;
constexpr int32_t kPosNormal = 0x0100, kPosInf = 0x0200;

/// Rewrites `OpTy` (a one-operand classification) into an is.fpclass test.
template <typename OpTy, int32_t Mask>
struct ClassificationToFPClass : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    // Types LLVM has no float for (f8, tf32) stay, for the pipeline's final
    // check to name.
    if (!LLVM::isCompatibleType(op.getOperand().getType()))
      return rewriter.notifyMatchFailure(op, "not an LLVM float type");
    rewriter.replaceOpWithNewOp<LLVM::IsFPClass>(op, op.getType(),
                                                 op.getOperand(), Mask);
    return success();
  }
};

/// Drops the `fastmath` flags of `OpTy` (an arith.extf or arith.truncf).
template <typename OpTy>
struct DropConversionFastMath : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!op.getFastmathAttr())
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op.removeFastmathAttr(); });
    return success();
  }
};

struct CompleteMathLoweringPass
    : public gather::impl::CompleteMathLoweringPassBase<
          CompleteMathLoweringPass> {
  using Base::Base;

  /// Whether `op` is one the patterns rewrite.
  static bool isCandidate(Operation *op) {
    if (isa<math::IsInfOp, math::IsNormalOp>(op))
      return true;
    if (auto ext = dyn_cast<arith::ExtFOp>(op))
      return bool(ext.getFastmathAttr());
    if (auto trunc = dyn_cast<arith::TruncFOp>(op))
      return bool(trunc.getFastmathAttr());
    return false;
  }

  void runOnOperation() override {
    // Most modules hold none: then nothing changes, and the pass manager
    // need not verify the module again.
    if (!getOperation()
             ->walk([](Operation *op) {
               return isCandidate(op) ? WalkResult::interrupt()
                                      : WalkResult::advance();
             })
             .wasInterrupted())
      return markAllAnalysesPreserved();
    RewritePatternSet patterns(&getContext());
    patterns
        .add<ClassificationToFPClass<math::IsInfOp, kNegInf | kPosInf>,
             ClassificationToFPClass<math::IsNormalOp, kNegNormal | kPosNormal>,
             DropConversionFastMath<arith::ExtFOp>,
             DropConversionFastMath<arith::TruncFOp>>(&getContext());
    // One walk, each op rewritten once: the greedy driver would also fold
    // and simplify the regions of the whole module, which is not this
    // pass's business.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace
