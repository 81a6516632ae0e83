//===- GatherOps.h - gather dialect operations ------------------*- C++ -*-===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_DIALECT_GATHER_IR_GATHEROPS_H
#define GATHER_DIALECT_GATHER_IR_GATHEROPS_H

#include "gather/Dialect/Gather/IR/GatherDialect.h"
#include "gather/Dialect/Gather/IR/GatherInterfaces.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "gather/Dialect/Gather/IR/GatherOps.h.inc"

namespace mlir {
namespace gather {

/// Returns the zero of `elementType` (float, integer or index), or null where
/// there is none: an op that may produce zero slices of such elements is
/// invalid (G-C11, N-C11).
TypedAttr getZeroAttr(Type elementType);

} // namespace gather
} // namespace mlir

#endif // GATHER_DIALECT_GATHER_IR_GATHEROPS_H
