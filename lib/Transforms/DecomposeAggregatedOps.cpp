//===- DecomposeAggregatedOps.cpp - linalg.softmax and its kin
//-------------===//
//
// Part of the gather project.
//
// Ops such as linalg.softmax implement linalg::AggregatedOpInterface: they
// stand for a few linalg ops but have no bufferization or loop lowering of
// their own. Upstream decomposes them only through the transform dialect
// (transform.structured.decompose_interface); this pass does it for the
// gather pipelines.
//
//===----------------------------------------------------------------------===//

#include "gather/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_DECOMPOSEAGGREGATEDOPSPASS
#include "gather/Transforms/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;

namespace {

struct DecomposeAggregatedOpsPass
    : public gather::impl::DecomposeAggregatedOpsPassBase<
          DecomposeAggregatedOpsPass> {
  using Base::Base;

  void runOnOperation() override {
    // Outer ops first: a decomposition may build ops that aggregate too,
    // which the next round takes apart.
    bool any = false;
    for (bool changed = true; changed; any |= changed) {
      SmallVector<linalg::AggregatedOpInterface> ops;
      getOperation()->walk([&](linalg::AggregatedOpInterface op) {
        if (op.getOperation() != getOperation())
          ops.push_back(op);
      });
      changed = !ops.empty();
      IRRewriter rewriter(&getContext());
      for (linalg::AggregatedOpInterface op : ops) {
        rewriter.setInsertionPoint(op);
        FailureOr<SmallVector<Value>> results = op.decomposeOperation(rewriter);
        if (failed(results) || results->size() != op->getNumResults()) {
          op->emitError() << "'" << op->getName()
                          << "' could not be decomposed into ops that the "
                             "pipeline lowers";
          return signalPassFailure();
        }
        rewriter.replaceOp(op, *results);
      }
    }
    // Unchanged: the pass manager need not verify the module again.
    if (!any)
      markAllAnalysesPreserved();
  }
};

} // namespace
