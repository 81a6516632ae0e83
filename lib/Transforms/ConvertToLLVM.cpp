//===- ConvertToLLVM.cpp - the pipelines' one conversion to LLVM ----------===//
//
// Part of the gather project.
//
// Upstream's conversions of memref, arith, cf, func, ub, index and complex
// ops to LLVM, applied as one dialect conversion (see the pass description
// in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "gather/Transforms/Passes.h"

#include "mlir/Analysis/DataLayoutAnalysis.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ComplexToLLVM/ComplexToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_GATHERCONVERTTOLLVMPASS
#include "gather/Transforms/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;

namespace {

struct GatherConvertToLLVMPass
    : public gather::impl::GatherConvertToLLVMPassBase<
          GatherConvertToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    // As each upstream pass does: the index width and the data layout from
    // the module's DLTI attributes, when it has some.
    const auto &dataLayout = getAnalysis<DataLayoutAnalysis>();
    LowerToLLVMOptions options(ctx, dataLayout.getAtOrAbove(module));
    LLVMTypeConverter converter(ctx, options, &dataLayout);

    // One symbol table for the lookups of malloc, free and callees: the
    // patterns add no symbol and erase none that they look up.
    SymbolTableCollection symbolTables;
    RewritePatternSet patterns(ctx);
    populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns,
                                                   &symbolTables);
    // As convert-arith-to-llvm: ceildiv and floordiv (scf-to-openmp's chunk
    // sizes) have no LLVM instruction and expand to arith first.
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    cf::populateAssertToLLVMConversionPattern(converter, patterns);
    populateFuncToLLVMConversionPatterns(converter, patterns, &symbolTables);
    ub::populateUBToLLVMConversionPatterns(converter, patterns);
    index::populateIndexToLLVMConversionPatterns(converter, patterns);
    populateComplexToLLVMConversionPatterns(converter, patterns);

    LLVMConversionTarget target(*ctx);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    if (reconcileCasts) {
      SmallVector<UnrealizedConversionCastOp> casts;
      module.walk(
          [&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
      reconcileUnrealizedCasts(casts);
    }
  }
};

} // namespace
