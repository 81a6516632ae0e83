//===- OutOfBoundsReport.h - out-of-bounds reports of gathers ---*- C++ -*-===//
//
// Part of the gather project.
//
// How host code generated for a gather in error or wrap mode reports an
// out-of-bounds index: it calls one C function, the out-of-bounds handler,
//
//   void gather_out_of_bounds(const char *op, const char *location,
//                             int64_t index, int64_t dim, int64_t dim_size);
//
// with the op's name ("gather.gather"), its location as MLIR prints it
// (`loc("f.mlir":3:8)`), the index, the params dimension it addresses and the
// size of that dimension (docs/spec.md, "The out-of-bounds handler"). In the
// IR the handler is a `func.func` of type
// `(!llvm.ptr, !llvm.ptr, i64, i64, i64) -> ()`.
//
// Where the module does not define `gather_out_of_bounds`, the lowering emits
// a weak definition of it that prints the message and ends the process with
// status 1 (printf, fflush, _Exit). An embedder replaces it by linking a
// strong definition, or names another handler (the `out-of-bounds-handler`
// option of the conversions and pipelines), which is then only declared. A
// handler that returns lets the gather go on: the lowering then gives a zero
// slice for each out-of-bounds index.
//
// Symbols go into the nearest symbol table of the gather op (usually
// builtin.module): the handler, its default definition and the libc functions
// it calls, and one private string constant per distinct op description. The
// functions below create them on demand, at pattern time; a pass applying the
// patterns below that symbol table (e.g. on func.func, possibly in parallel)
// must not let them, see declareOutOfBoundsHandlersIfNeeded.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_CONVERSION_GATHERCOMMON_OUTOFBOUNDSREPORT_H
#define GATHER_CONVERSION_GATHERCOMMON_OUTOFBOUNDSREPORT_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
namespace gather {

/// The C entry point error-mode gathers report to unless told otherwise.
inline constexpr llvm::StringLiteral kDefaultOutOfBoundsHandler =
    "gather_out_of_bounds";

/// Marks `func` (a `func.func`) as rare-path code for LLVM: the attributes
/// `noinline` and `cold` through `passthrough`, which convert-func-to-llvm
/// carries over (it drops the func dialect's `no_inline`). The blocks that
/// call it then count as unlikely, and the register allocator spills around
/// those calls instead of in the loops around them. For out-of-bounds
/// handlers and fix-up functions.
void setColdForLLVM(Operation *func);

/// Returns the type every out-of-bounds handler has:
/// `(!llvm.ptr, !llvm.ptr, i64, i64, i64) -> ()`.
FunctionType getOutOfBoundsHandlerType(MLIRContext *ctx);

/// Makes `handlerName` callable from ops in `symbolTableOp`: nothing when a
/// `func.func` of the handler type has that name already; otherwise the weak
/// default definition (for kDefaultOutOfBoundsHandler, with the declarations
/// of printf, fflush and _Exit it calls) or a private declaration (any other
/// name) is inserted with `builder` (its insertion point is kept). Fails, with
/// a diagnostic, where a symbol of that name has another kind or type. Needs
/// the func and llvm dialects loaded.
LogicalResult declareOutOfBoundsHandler(OpBuilder &builder,
                                        Operation *symbolTableOp,
                                        StringRef handlerName);
/// The same with a builder of its own (outside rewrites).
LogicalResult
declareOutOfBoundsHandler(Operation *symbolTableOp,
                          StringRef handlerName = kDefaultOutOfBoundsHandler);

/// Declares `handlerName` (declareOutOfBoundsHandler) in the symbol table of
/// every gather op under `root` (itself included) that reports
/// (reportsOutOfBounds), and the description of each such op, which it
/// names in a discardable attribute of the op. A symbol table
/// outside `root` may be read by other threads: there, or where a gather op
/// has no symbol table, it fails with a diagnostic asking to run on the
/// enclosing symbol table. The conversion passes call it first.
LogicalResult declareOutOfBoundsHandlersIfNeeded(
    Operation *root, StringRef handlerName = kDefaultOutOfBoundsHandler);

/// True when declareOutOfBoundsHandlersIfNeeded has declared the handler of
/// `gatherOp` and created its description: its reports look nothing up.
bool hasOutOfBoundsReportSymbols(Operation *gatherOp);

/// Makes the reports of `gatherOp` name the op that argument `argNumber` of
/// its function (an `!llvm.ptr`) describes, instead of `gatherOp` itself: the
/// function is shared by the gathers of one signature
/// (gather-outline-dynamic-gathers), and each call passes the address of its
/// own op's description. The handler must be declared already
/// (declareOutOfBoundsHandlersIfNeeded).
void setReportDescriptionArgument(Operation *gatherOp, unsigned argNumber);

/// True when `gatherOp` (a gather op) reports its out-of-bounds indices to
/// the handler: error and wrap mode.
bool reportsOutOfBounds(Operation *gatherOp);

/// Describes `op` for error messages: `gather.gather at loc("f.mlir":3:8)`.
std::string describeOpForDiagnostics(Operation *op);

/// What a report names as its op: a gather op (its string constant is
/// addressed where the report is emitted), or, in code shared by the ops of
/// one structure (gather.fix_out_of_bounds), the address of the constant
/// passed as a value, with the offset of the location in it (the size of the
/// op's name, plus one).
struct OutOfBoundsReporter {
  OutOfBoundsReporter(Operation *op) : op(op) {}
  OutOfBoundsReporter(Value description, int64_t locationOffset)
      : description(description), locationOffset(locationOffset) {}

  Operation *op = nullptr;
  Value description;
  int64_t locationOffset = 0;
};

/// Returns the address of the string constant describing `op` (a gather op),
/// inserting the handler (declareOutOfBoundsHandler; on failure the error is
/// emitted) and the constant into the nearest symbol table of `op` where
/// missing.
Value createOpDescription(OpBuilder &b, Location loc, Operation *op,
                          StringRef handlerName = kDefaultOutOfBoundsHandler);

/// Emits the call reporting that `index` (of type index) lies outside
/// [0, `dimSize`) in params dimension `paramsDim` of the op `reporter` names
/// (for a gather op, createOpDescription first; on failure the call refers
/// to the conflicting symbol) to `handlerName`. Host code only.
void createOutOfBoundsReport(
    OpBuilder &b, Location loc, const OutOfBoundsReporter &reporter,
    Value index, Value dimSize, int64_t paramsDim,
    StringRef handlerName = kDefaultOutOfBoundsHandler);

/// Emits `scf.if (index not in [0, dimSize)) { createOutOfBoundsReport }`;
/// one unsigned compare. Code after it runs when the handler returns.
void createOutOfBoundsCheck(OpBuilder &b, Location loc,
                            const OutOfBoundsReporter &reporter, Value index,
                            Value dimSize, int64_t paramsDim,
                            StringRef handlerName = kDefaultOutOfBoundsHandler);

/// Former name of declareOutOfBoundsHandlersIfNeeded with the default
/// handler, from when error-mode checks called libc `exit`.
inline LogicalResult declareExitFuncIfNeeded(Operation *root) {
  return declareOutOfBoundsHandlersIfNeeded(root);
}

} // namespace gather
} // namespace mlir

#endif // GATHER_CONVERSION_GATHERCOMMON_OUTOFBOUNDSREPORT_H
