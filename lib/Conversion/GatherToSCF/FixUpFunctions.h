//===- FixUpFunctions.h - shared out-of-bounds fix-ups ----------*- C++ -*-===//
//
// Part of the gather project.
//
// The fix-up that follows the flagged copies of a small gather in error or
// zero mode (report each out-of-bounds index, zero its slot) as one function
// on buffers per structure, called through gather.fix_out_of_bounds: that
// code runs only where an index was bad, and as a call it is built,
// bufferized and lowered to LLVM once per module, not once per gather
// (bench/compile_time.py, docs/performance.md).
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_LIB_CONVERSION_GATHERTOSCF_FIXUPFUNCTIONS_H
#define GATHER_LIB_CONVERSION_GATHERTOSCF_FIXUPFUNCTIONS_H

#include "gather/Conversion/GatherToSCF/GatherToSCF.h"
#include "gather/Dialect/Gather/IR/GatherInterfaces.h"
#include "gather/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <optional>
#include <string>

namespace mlir {
namespace gather {

/// Everything the fix-up function of a gather depends on: gathers of equal
/// signatures share it.
struct FixUpSignature {
  /// "gather.gather" or "gather.gather_nd": where reports find the location
  /// in the op's description.
  StringRef opName;
  GatherGeometry geometry;
  /// The result dimensions the copies loop over (LoweringPlan::numLoops);
  /// the others form each index's slot.
  int64_t numLoops = 0;
  GatherMode mode = GatherMode::Error;
  /// Whether bad indices are reported (error and wrap mode), and how a
  /// reported index then reads (LoweringPlan::readReportedAs).
  bool reports = false;
  std::optional<GatherMode> readReportedAs;
  /// The zero of the element type.
  TypedAttr zero;
  Type indexElementType;
  std::string handler;

  /// The text that identifies the signature.
  std::string getKey() const;
};

/// Returns the fix-up function of `signature` in the cache's symbol table,
/// creating it (with `b`, right before the function holding `op`) where the
/// cache has none:
///
///   func.func private @__gather_fix_out_of_bounds(
///       %result: memref<?x..>, %indices: memref<?x..>,
///       %bound_0: index, ..., [%description: !llvm.ptr])
///
/// loops over the result dimensions [0, numLoops), loads the index (vector)
/// of each coordinate, reports each bad component (with `description`, the
/// op's string constant) and zeroes the coordinate's slot where one was bad.
func::FuncOp getOrCreateFixUpFunction(OpBuilder &b, Operation *op,
                                      const FixUpSignature &signature,
                                      FixUpFunctionCache &cache);

} // namespace gather
} // namespace mlir

#endif // GATHER_LIB_CONVERSION_GATHERTOSCF_FIXUPFUNCTIONS_H
