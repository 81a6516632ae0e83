//===- BufferizableOpInterfaceImpl.cpp - gather bufferization -------------===//
//
// Part of the gather project.
//
// BufferizableOpInterface for the tensor form of gather.gather and
// gather.gather_nd. The ops are not in destination-passing style: like
// tensor.generate and tensor.pad upstream, they allocate their result, and
// bufferize into their buffer form (`into %out`) writing that allocation.
// params and indices are only read, so they never force a copy; the result
// aliases no operand.
//
// (gather.fix_out_of_bounds, an op of the CPU lowering, implements the
// interface itself: GatherOps.cpp.)
//
//===----------------------------------------------------------------------===//

#include "gather/Dialect/Gather/Transforms/BufferizableOpInterfaceImpl.h"

#include "gather/Dialect/Gather/IR/GatherDialect.h"
#include "gather/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace mlir::gather;

/// The buffer type of `value` as a memref type: gather ops bufferize to
/// memrefs only.
static FailureOr<BaseMemRefType>
getMemRefBufferType(FailureOr<BufferLikeType> type) {
  if (failed(type))
    return failure();
  auto memrefType = dyn_cast<BaseMemRefType>(*type);
  if (!memrefType)
    return failure();
  return memrefType;
}

namespace {

/// The model shared by both ops (OpTy: GatherOp or GatherNdOp). Only the
/// tensor form has tensor operands, so only it is ever asked.
template <typename OpTy>
struct GatherOpBufferizationModel
    : public BufferizableOpInterface::ExternalModel<
          GatherOpBufferizationModel<OpTy>, OpTy> {
  /// The result is a new buffer.
  bool bufferizesToAllocation(Operation *op, Value value) const { return true; }

  /// params and indices are read ...
  bool bufferizesToMemoryRead(Operation *op, OpOperand &opOperand,
                              const AnalysisState &state) const {
    return true;
  }

  /// ... and never written ...
  bool bufferizesToMemoryWrite(Operation *op, OpOperand &opOperand,
                               const AnalysisState &state) const {
    return false;
  }

  /// ... nor aliased by the result.
  AliasingValueList getAliasingValues(Operation *op, OpOperand &opOperand,
                                      const AnalysisState &state) const {
    return {};
  }

  /// The result buffer: identity layout, in params' memory space (as
  /// tensor.pad takes its source's), else the options' default one.
  FailureOr<BufferLikeType>
  getBufferType(Operation *op, Value value, const BufferizationOptions &options,
                const BufferizationState &state,
                SmallVector<Value> &invocationStack) const {
    auto gather = cast<OpTy>(op);
    FailureOr<BaseMemRefType> paramsType =
        getMemRefBufferType(bufferization::getBufferType(
            gather.getParams(), options, state, invocationStack));
    if (failed(paramsType))
      return failure();
    Attribute memorySpace = paramsType->getMemorySpace();
    RankedTensorType resultType = gather.getResultType();
    if (!memorySpace) {
      std::optional<Attribute> defaultSpace =
          options.defaultMemorySpaceFn(resultType);
      if (!defaultSpace)
        return op->emitError("could not infer the memory space of the result");
      memorySpace = *defaultSpace;
    }
    return cast<BufferLikeType>(
        getMemRefTypeWithStaticIdentityLayout(resultType, memorySpace));
  }

  /// Allocates the result (sizes reified from the operands) and replaces the
  /// op by its buffer form writing there.
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto gather = cast<OpTy>(op);
    Location loc = op->getLoc();
    FailureOr<Value> params =
        getBuffer(rewriter, gather.getParams(), options, state);
    FailureOr<Value> indices =
        getBuffer(rewriter, gather.getIndices(), options, state);
    if (failed(params) || failed(indices))
      return failure();
    FailureOr<Value> alloc = allocateTensorForShapedValue(
        rewriter, loc, gather.getResult(), options, state, /*copy=*/false);
    if (failed(alloc))
      return failure();
    FailureOr<BaseMemRefType> outType = getMemRefBufferType(
        bufferization::getBufferType(gather.getResult(), options, state));
    if (failed(outType))
      return failure();
    Value out = ToBufferOp::create(rewriter, loc, *outType, *alloc);
    SmallVector<NamedAttribute> discardable =
        llvm::to_vector(op->getDiscardableAttrs());
    OpTy::create(rewriter, loc, TypeRange(), ValueRange{*params, *indices, out},
                 gather.getProperties(), discardable);
    replaceOpWithBufferizedValues(rewriter, op, out);
    return success();
  }
};

} // namespace

void mlir::gather::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, GatherDialect *dialect) {
    GatherOp::attachInterface<GatherOpBufferizationModel<GatherOp>>(*ctx);
    GatherNdOp::attachInterface<GatherOpBufferizationModel<GatherNdOp>>(*ctx);
  });
}
