//===- Passes.h - gather dialect transforms ---------------------*- C++ -*-===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_DIALECT_GATHER_TRANSFORMS_PASSES_H
#define GATHER_DIALECT_GATHER_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace gather {

#define GEN_PASS_DECL
#include "gather/Dialect/Gather/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "gather/Dialect/Gather/Transforms/Passes.h.inc"

} // namespace gather
} // namespace mlir

#endif // GATHER_DIALECT_GATHER_TRANSFORMS_PASSES_H
