//===- PipelineChecks.cpp - what the gather pipelines take and leave ------===//
//
// Part of the gather project.
//
// Checks that make a pipeline all or nothing: gather-reject-nested-modules
// runs first and rejects nested modules the pipeline would half lower;
// gather-check-bufferizable names, before bufferization, every op it would
// leave on tensors; gather-verify-lowered runs last and fails when anything
// is left outside the LLVM dialect, so a pipeline that succeeds has lowered
// everything.
//
//===----------------------------------------------------------------------===//

#include "gather/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_CHECKBUFFERIZABLEPASS
#define GEN_PASS_DEF_REJECTNESTEDMODULESPASS
#define GEN_PASS_DEF_VERIFYLOWEREDPASS
#include "gather/Transforms/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;

/// True when `op` is in the LLVM dialect or a builtin.module.
static bool isLowered(Operation *op) {
  return isa<ModuleOp>(op) || op->getName().getDialectNamespace() ==
                                  LLVM::LLVMDialect::getDialectNamespace();
}

/// Returns " on 'T1', 'T2'" naming the types `op` works on (operands,
/// results, type attributes such as a global's), up to four, or "".
static std::string describeTypes(Operation *op) {
  llvm::SetVector<Type> types;
  types.insert(op->operand_type_begin(), op->operand_type_end());
  types.insert(op->result_type_begin(), op->result_type_end());
  for (NamedAttribute attr : op->getAttrs())
    if (auto typeAttr = dyn_cast<TypeAttr>(attr.getValue()))
      types.insert(typeAttr.getValue());
  if (types.empty())
    return "";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << " on ";
  llvm::interleaveComma(llvm::ArrayRef(types.getArrayRef()).take_front(4), os,
                        [&](Type type) { os << "'" << type << "'"; });
  return text;
}

namespace {

struct RejectNestedModulesPass
    : public gather::impl::RejectNestedModulesPassBase<
          RejectNestedModulesPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp top = getOperation();
    WalkResult result = top.walk([&](ModuleOp nested) {
      if (nested == top)
        return WalkResult::advance();
      WalkResult inner = nested.walk([&](Operation *op) {
        if (isLowered(op))
          return WalkResult::advance();
        InFlightDiagnostic diag = nested.emitError()
                                  << "nested 'builtin.module' holds '"
                                  << op->getName()
                                  << "', which the pipeline does not lower "
                                     "in nested modules; lower that module "
                                     "on its own first";
        diag.attachNote(op->getLoc()) << "the op is here";
        return WalkResult::interrupt();
      });
      return inner.wasInterrupted() ? WalkResult::interrupt()
                                    : WalkResult::skip();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    // A check only: the pass manager need not verify the module again.
    markAllAnalysesPreserved();
  }
};

/// Kinds of op named one by one; a count says how many more are left.
constexpr size_t kMaxReported = 8;

struct VerifyLoweredPass
    : public gather::impl::VerifyLoweredPassBase<VerifyLoweredPass> {
  using Base::Base;

  void runOnOperation() override {
    llvm::StringSet<> allowed(llvm::from_range, allow);
    llvm::StringSet<> reported;
    StringRef who =
        pipeline.empty() ? StringRef(getArgument()) : StringRef(pipeline);
    getOperation()->walk([&](Operation *op) {
      StringRef name = op->getName().getStringRef();
      if (isLowered(op) || allowed.contains(name) ||
          allowed.contains(op->getName().getDialectNamespace()) ||
          !reported.insert(name).second || reported.size() > kMaxReported)
        return;
      op->emitError() << "'" << name << "'" << describeTypes(op)
                      << " is left after " << who
                      << ": it is not in the LLVM dialect and the pipeline "
                         "has no lowering for it here";
    });
    if (reported.size() > kMaxReported)
      getOperation()->emitError() << (reported.size() - kMaxReported)
                                  << " more kinds of op are left after " << who;
    if (!reported.empty())
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};

/// Ops of one name reported one by one (in a module of many, the first).
constexpr size_t kMaxReportedPerName = 8;

struct CheckBufferizablePass
    : public gather::impl::CheckBufferizablePassBase<CheckBufferizablePass> {
  using Base::Base;

  /// Whether One-Shot Bufferize (`options`) would leave `op` on tensors and
  /// fail: an op with tensor semantics and no bufferization that it does
  /// not drop or accept (its "op was not bufferized").
  static bool
  isLeftOnTensors(Operation *op,
                  const bufferization::BufferizationOptions &options) {
    if (!bufferization::hasTensorSemantics(op) ||
        options.dynCastBufferizableOp(op) || !options.isOpAllowed(op))
      return false;
    if (op->use_empty() && isMemoryEffectFree(op))
      return false;
    return !isa<bufferization::ToTensorOp, bufferization::ToBufferOp>(op);
  }

  void runOnOperation() override {
    // As the pipelines bufferize: function boundaries included.
    bufferization::BufferizationOptions options;
    options.bufferizeFunctionBoundaries = true;
    StringRef who =
        pipeline.empty() ? StringRef(getArgument()) : StringRef(pipeline);
    llvm::StringMap<size_t> reported;
    bool failed = false;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (!isLeftOnTensors(op, options))
        return;
      failed = true;
      StringRef name = op->getName().getStringRef();
      if (++reported[name] > kMaxReportedPerName)
        return;
      op->emitError() << "'" << name << "'" << describeTypes(op)
                      << " cannot be bufferized by " << who
                      << ": it has no bufferization; lower it to ops that "
                         "have one (linalg, tensor, arith, scf) first";
    });
    if (failed)
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};

} // namespace
