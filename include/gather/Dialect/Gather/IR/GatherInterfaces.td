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
    the result dimensions.
  }];

  let methods = [
    InterfaceMethod<"Returns the gathered tensor.", "::mlir::Value",
                    "getParams">,
    InterfaceMethod<"Returns the tensor of indices (or index vectors).",
                    "::mlir::Value", "getIndices">,
    InterfaceMethod<"Returns the out-of-bounds mode.",
                    "::mlir::gather::GatherMode", "getMode">,
    InterfaceMethod<[{
        Returns the split of the op's dimensions (batch, outer, position,
        slice) with every attribute normalized. Only meaningful on a verified
        op.
      }], "::mlir::gather::GatherGeometry", "getGeometry">,
  ];

  let extraSharedClassDeclaration = [{
    /// The gathered tensor's type.
    ::mlir::RankedTensorType getParamsType() {
      return ::llvm::cast<::mlir::RankedTensorType>(
          $_op.getParams().getType());
    }
    /// The indices' type.
    ::mlir::RankedTensorType getIndicesType() {
      return ::llvm::cast<::mlir::RankedTensorType>(
          $_op.getIndices().getType());
    }
    /// The result's type.
    ::mlir::RankedTensorType getResultType() {
      return ::llvm::cast<::mlir::RankedTensorType>(
          $_op->getResult(0).getType());
    }
  }];
}

#endif // GATHER_DIALECT_GATHER_IR_GATHERINTERFACES_TD
