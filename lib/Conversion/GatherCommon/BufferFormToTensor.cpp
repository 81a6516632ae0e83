//===- BufferFormToTensor.cpp - buffer form through the tensor lowerings --===//
//
// Part of the gather project.
//
// The buffer form of a gather op (`into %out`, what One-Shot Bufferize makes
// of the tensor form) as the tensor form on read-only `bufferization.to_tensor`
// views of its operands, the gathered tensor copied into `out`: the way into
// a lowering that builds its own result buffer (convert-gather-to-gpu, for
// layouts its kernels do not take). The tensor lowerings do better: they
// build the result in `out` (TensorGatherPattern).
//
//===----------------------------------------------------------------------===//

#include "gather/Conversion/GatherCommon/GatherLoweringUtils.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::gather;

namespace {

/// Rewrites
///   gather.gather %p[%i] into %out : (memref<..>, memref<..>, memref<..>) ->
///   ()
/// into
///   %pt = bufferization.to_tensor %p restrict : ...
///   %it = bufferization.to_tensor %i restrict : ...
///   %r = gather.gather %pt[%it] : (tensor<..>, tensor<..>) -> tensor<..>
///   bufferization.materialize_in_destination %r in writable %out
/// with the op's attributes and location (so error messages name it as
/// before). The views are `restrict` (One-Shot Analysis needs it) and not
/// writable: the buffer form requires `out` not to alias params or indices,
/// and nothing writes into them.
struct BufferFormToTensorPattern
    : public OpInterfaceRewritePattern<GatherOpInterface> {
  using OpInterfaceRewritePattern<GatherOpInterface>::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(GatherOpInterface op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasBufferSemantics())
      return rewriter.notifyMatchFailure(op, "tensor form");
    Location loc = op.getLoc();
    auto readOnlyView = [&](Value buffer) -> Value {
      return bufferization::ToTensorOp::create(
          rewriter, loc, memref::getTensorTypeFromMemRefType(buffer.getType()),
          buffer, /*restrict=*/true, /*writable=*/false);
    };
    OperationState state(loc, op->getName());
    state.addOperands(
        {readOnlyView(op.getParams()), readOnlyView(op.getIndices())});
    state.addTypes(op.getResultType());
    state.propertiesAttr = op->getPropertiesAsAttribute();
    state.addAttributes(llvm::to_vector(op->getDiscardableAttrs()));
    Operation *tensorOp = rewriter.create(state);
    bufferization::MaterializeInDestinationOp::create(
        rewriter, loc, TypeRange(), tensorOp->getResult(0), op.getOut(),
        /*restrict=*/false, /*writable=*/true);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::gather::populateGatherBufferFormToTensorPatterns(
    RewritePatternSet &patterns, PatternBenefit benefit) {
  patterns.add<BufferFormToTensorPattern>(patterns.getContext(), benefit);
}
