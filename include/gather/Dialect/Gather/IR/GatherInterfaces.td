//===- GatherInterfaces.td - gather op interface -----------*- tablegen -*-===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_DIALECT_GATHER_IR_GATHERINTERFACES_TD
#define GATHER_DIALECT_GATHER_IR_GATHERINTERFACES_TD

include "mlir/IR/OpBase.td"

def Gather_GatherOpInterface : OpInterface<"GatherOpInterface"> {
  let cppNamespace = "::mlir::gather";
  let description = [{
    The one place that answers the geometry questions of a gather: which
    dimensions are batch dimensions, which params dimensions the indices
    address and how deep an index is, which result dimensions come from the
    indices and which from params, and what happens out of bounds. The
    verifier, shape inference, the lowerings and the tiling and sharding
    models all read an op through it; see `GatherGeometry` for the split of
    the result dimensions. The tensor form and the buffer form (`into %out`)
    of an op answer alike: the result dimensions of the buffer form are
    those of `out`.
  }];

  let methods = [
    InterfaceMethod<"Returns the gathered tensor.", "::mlir::Value",
                    "getParams">,
    InterfaceMethod<"Returns the tensor of indices (or index vectors).",
                    "::mlir::Value", "getIndices">,
    InterfaceMethod<"Returns the out-of-bounds mode.",
                    "::mlir::gather::GatherMode", "getMode">,
    InterfaceMethod<[{
        Returns the output buffer of the buffer form (`into %out`), or null
        for the tensor form.
      }], "::mlir::Value", "getOut">,
    InterfaceMethod<[{
        Returns the split of the op's dimensions (batch, outer, position,
        slice) with every attribute normalized. Only meaningful on a verified
        op.
      }], "::mlir::gather::GatherGeometry", "getGeometry">,
  ];

  let extraSharedClassDeclaration = [{
    /// True for the buffer form (`into %out`, memref operands, no result);
    /// false for the tensor form (tensor operands, one result).
    bool hasBufferSemantics() { return static_cast<bool>($_op.getOut()); }
    /// The gathered tensor's type (a memref type in the buffer form).
    ::mlir::ShapedType getParamsType() {
      return ::llvm::cast<::mlir::ShapedType>($_op.getParams().getType());
    }
    /// The indices' type (a memref type in the buffer form).
    ::mlir::ShapedType getIndicesType() {
      return ::llvm::cast<::mlir::ShapedType>($_op.getIndices().getType());
    }
    /// The type of the gathered value: the result's type, or in the buffer
    /// form the tensor type of what is written into `out` (its shape and
    /// element type).
    ::mlir::RankedTensorType getResultType() {
      if (::mlir::Value out = $_op.getOut()) {
        auto outType = ::llvm::cast<::mlir::MemRefType>(out.getType());
        return ::mlir::RankedTensorType::get(outType.getShape(),
                                             outType.getElementType());
      }
      return ::llvm::cast<::mlir::RankedTensorType>(
          $_op->getResult(0).getType());
    }
  }];
}

#endif // GATHER_DIALECT_GATHER_IR_GATHERINTERFACES_TD
