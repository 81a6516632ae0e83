//===- Passes.h - gather buffer-level transforms ----------------*- C++ -*-===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_TRANSFORMS_PASSES_H
#define GATHER_TRANSFORMS_PASSES_H

#include "gather/Support/Options.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {

namespace gather {

#define GEN_PASS_DECL
#include "gather/Transforms/Passes.h.inc"

/// The unit attribute of the private functions gather-outline-dynamic-gathers
/// creates. Such a function reads its params and indices, writes its
/// destination, and keeps none of the buffers it is passed.
constexpr llvm::StringLiteral kOutlinedGatherAttrName = "gather.outlined";

/// Replaces the scf.for and scf.if results under `root` that only pass a
/// value through by that value (gather-forward-unchanged-results). Returns
/// whether it replaced any use.
bool forwardUnchangedResults(Operation *root);

#define GEN_PASS_REGISTRATION
#include "gather/Transforms/Passes.h.inc"

} // namespace gather
} // namespace mlir

#endif // GATHER_TRANSFORMS_PASSES_H
