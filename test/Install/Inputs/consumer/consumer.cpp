// Builds a gather.gather with the C++ API (result type inferred), folds it,
// and prints the module.
#include "gather/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

int main() {
  MLIRContext context;
  context.loadDialect<gather::GatherDialect, func::FuncDialect,
                      arith::ArithDialect>();
  OpBuilder b(&context);
  Location loc = b.getUnknownLoc();
  auto module = ModuleOp::create(b, loc);
  b.setInsertionPointToEnd(module.getBody());
  auto resultType = RankedTensorType::get({2}, b.getF32Type());
  auto func = func::FuncOp::create(b, loc, "rows",
                                   b.getFunctionType({}, {resultType}));
  b.setInsertionPointToEnd(func.addEntryBlock());
  auto paramsType = RankedTensorType::get({3}, b.getF32Type());
  Value params = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(paramsType, ArrayRef<float>{1, 2, 3}));
  auto indicesType = RankedTensorType::get({2}, b.getI32Type());
  Value indices = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(indicesType, ArrayRef<int32_t>{2, 0}));
  Value r = gather::GatherOp::create(b, loc, params, indices, /*axis=*/0);
  func::ReturnOp::create(b, loc, r);

  PassManager pm(&context);
  pm.addPass(createCanonicalizerPass());
  if (failed(verify(module)) || failed(pm.run(module)))
    return 1;
  module.print(llvm::outs());
  return 0;
}
