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
#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_GATHERCONVERTTOLLVMPASS
#include "gather/Transforms/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;

/// The signature conversion of `func` as the conversion to LLVM does it
/// (memref descriptors, not bare pointers); nullopt where a type does not
/// convert.
static std::optional<TypeConverter::SignatureConversion>
convertSignature(func::FuncOp func, const LLVMTypeConverter &converter) {
  TypeConverter::SignatureConversion signature(func.getNumArguments());
  if (!converter.convertFunctionSignature(func.getFunctionType(),
                                          /*isVariadic=*/false,
                                          /*useBarePtrCallConv=*/false,
                                          signature))
    return std::nullopt;
  return signature;
}

/// The name of the function that `wrapper` wraps where it is the defined C
/// interface wrapper `_mlir_ciface_F` of F; empty otherwise.
static StringRef getWrappedName(LLVM::LLVMFuncOp wrapper) {
  StringRef name = wrapper.getName();
  if (!name.consume_front("_mlir_ciface_") || wrapper.isExternal())
    return StringRef();
  return name;
}

/// The `llvm.noalias` memref arguments of the functions of `module`, as the
/// positions of their aligned pointers in the converted signature (upstream's
/// conversion keeps the attribute with bare pointers only).
static llvm::StringMap<SmallVector<unsigned>>
getNoAliasPointers(ModuleOp module, const LLVMTypeConverter &converter) {
  llvm::StringMap<SmallVector<unsigned>> pointers;
  StringRef noalias = LLVM::LLVMDialect::getNoAliasAttrName();
  for (auto func : module.getOps<func::FuncOp>()) {
    SmallVector<unsigned> positions;
    for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
      if (isa<MemRefType>(type) && func.getArgAttr(i, noalias))
        positions.push_back(i);
    }
    if (positions.empty())
      continue;
    std::optional<TypeConverter::SignatureConversion> signature =
        convertSignature(func, converter);
    if (!signature)
      continue;
    SmallVector<unsigned> &list = pointers[func.getSymName()];
    for (unsigned i : positions) {
      std::optional<TypeConverter::SignatureConversion::InputMapping> mapping =
          signature->getInputMapping(i);
      // A memref descriptor: allocated pointer, aligned pointer, offset,
      // sizes and strides. Accesses go through the aligned one; the
      // allocated one is only freed, by its owner.
      if (mapping && mapping->size > 2)
        list.push_back(mapping->inputNo + 1);
    }
  }
  return pointers;
}

/// Puts `llvm.noalias` on the pointers getNoAliasPointers found.
static void
setNoAliasPointers(ModuleOp module,
                   const llvm::StringMap<SmallVector<unsigned>> &pointers) {
  UnitAttr unit = UnitAttr::get(module.getContext());
  for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
    auto it = pointers.find(func.getSymName());
    if (it == pointers.end())
      continue;
    for (unsigned position : it->second)
      if (position < func.getNumArguments() &&
          isa<LLVM::LLVMPointerType>(func.getArgument(position).getType()))
        func.setArgAttr(position, LLVM::LLVMDialect::getNoAliasAttrName(),
                        unit);
  }
}

/// The static offset, sizes and strides of the memref arguments of each
/// function with a C interface (`llvm.emit_c_interface`), as (position in
/// the converted signature, value) pairs.
using StaticDescriptorFields =
    llvm::StringMap<SmallVector<std::pair<unsigned, int64_t>>>;

/// The descriptor fields of the memref arguments of the C-interface
/// functions of `module` whose values their types fix (a static size, stride
/// or offset).
static StaticDescriptorFields
getStaticDescriptorFields(ModuleOp module, const LLVMTypeConverter &converter) {
  StaticDescriptorFields fields;
  StringRef cInterface = LLVM::LLVMDialect::getEmitCWrapperAttrName();
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal() || !func->hasAttr(cInterface))
      continue;
    std::optional<TypeConverter::SignatureConversion> signature =
        convertSignature(func, converter);
    if (!signature)
      continue;
    SmallVector<std::pair<unsigned, int64_t>> list;
    for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
      auto memref = dyn_cast<MemRefType>(type);
      SmallVector<int64_t> strides;
      int64_t offset;
      if (!memref || failed(memref.getStridesAndOffset(strides, offset)))
        continue;
      int64_t rank = memref.getRank();
      std::optional<TypeConverter::SignatureConversion::InputMapping> mapping =
          signature->getInputMapping(i);
      // Allocated and aligned pointers, offset, sizes, strides.
      if (!mapping || mapping->size != size_t(3 + 2 * rank))
        continue;
      unsigned base = mapping->inputNo;
      auto add = [&](unsigned position, int64_t value) {
        if (!ShapedType::isDynamic(value))
          list.emplace_back(base + position, value);
      };
      add(2, offset);
      for (int64_t dim = 0; dim < rank; ++dim) {
        add(3 + dim, memref.getDimSize(dim));
        add(3 + rank + dim, strides[dim]);
      }
    }
    if (!list.empty())
      fields[func.getSymName()] = std::move(list);
  }
  return fields;
}

/// Passes the values getStaticDescriptorFields found as constants where each
/// C interface wrapper `_mlir_ciface_F` calls F, instead of the fields it
/// loads from the caller's descriptors. The types guarantee them; LLVM,
/// which must load the fields before the function's first store (the
/// descriptors may alias the buffers as far as it knows), would otherwise
/// keep those only a cold path uses live in callee-saved registers across
/// the whole function once it is inlined into the wrapper: the sizes and
/// strides a small error-mode gather passes to its fix-up function (16 rows
/// of 256 B: 0.98 -> 1.01x the plain C++ loop, docs/performance.md).
static void setStaticDescriptorFields(ModuleOp module,
                                      const StaticDescriptorFields &fields) {
  if (fields.empty())
    return;
  for (auto wrapper : module.getOps<LLVM::LLVMFuncOp>()) {
    StringRef name = getWrappedName(wrapper);
    if (name.empty())
      continue;
    auto it = fields.find(name);
    if (it == fields.end())
      continue;
    wrapper.walk([&](LLVM::CallOp call) {
      if (call.getCallee() != name)
        return;
      OpBuilder b(call);
      for (auto [position, value] : it->second) {
        if (position >= call.getNumOperands())
          continue;
        Value field = call->getOperand(position);
        if (!isa<IntegerType>(field.getType()))
          continue;
        call->setOperand(
            position,
            LLVM::ConstantOp::create(b, call.getLoc(), field.getType(), value));
        if (field.use_empty() && field.getDefiningOp<LLVM::ExtractValueOp>())
          field.getDefiningOp()->erase();
      }
    });
  }
}

/// Moves the `llvm.loop_annotation` that scf-to-cf copies from an scf.for
/// onto `op`, its latch branch (and the conversion keeps as a discardable
/// attribute), into the branch's own loop annotation, which the translation
/// to LLVM IR emits as `!llvm.loop` metadata.
static void adoptLoopAnnotation(Operation *op) {
  constexpr StringLiteral name = "llvm.loop_annotation";
  auto annotation = op->getAttrOfType<LLVM::LoopAnnotationAttr>(name);
  if (!annotation)
    return;
  if (auto br = dyn_cast<LLVM::BrOp>(op))
    br.setLoopAnnotationAttr(annotation);
  else if (auto condBr = dyn_cast<LLVM::CondBrOp>(op))
    condBr.setLoopAnnotationAttr(annotation);
  else
    return;
  op->removeAttr(name);
}

/// Makes a streaming copy of floats narrower than 32 bits (a line loaded
/// and stored nontemporal: gather-nontemporal-copies) load and store i32
/// vectors. x86 has no streaming store of half vectors: LLVM selects a plain
/// store for a nontemporal <32 x half>, even through a bitcast (folded
/// away), so f16 gathers wrote through the cache: rows of 256 B from 256
/// MiB at 0.91-0.96x the C++ prefetch loop, 1.43-1.58x streamed (stop 17).
static void retypeStreamingCopy(LLVM::StoreOp store) {
  if (!store.getNontemporal())
    return;
  auto load = store.getValue().getDefiningOp<LLVM::LoadOp>();
  auto type = dyn_cast<VectorType>(store.getValue().getType());
  if (!load || !load->hasOneUse() || !type || type.isScalable())
    return;
  auto element = dyn_cast<FloatType>(type.getElementType());
  if (!element || element.getWidth() >= 32)
    return;
  int64_t bits = type.getNumElements() * element.getWidth();
  if (bits % 32 != 0)
    return;
  load.getResult().setType(
      VectorType::get({bits / 32}, IntegerType::get(type.getContext(), 32)));
}

/// The fix-ups of the converted module, in one walk.
static void finishLoweredOps(ModuleOp module) {
  module.walk([&](Operation *op) {
    if (isa<LLVM::BrOp, LLVM::CondBrOp>(op))
      adoptLoopAnnotation(op);
    else if (auto store = dyn_cast<LLVM::StoreOp>(op))
      retypeStreamingCopy(store);
  });
}

/// Erases `op` and the insertvalue chain that builds its container where
/// nothing else reads them.
static void eraseDeadInsertChain(Operation *op) {
  while (op && op->use_empty() &&
         isa<LLVM::InsertValueOp, LLVM::PoisonOp, LLVM::UndefOp>(op)) {
    Operation *container = nullptr;
    if (auto insert = dyn_cast<LLVM::InsertValueOp>(op))
      container = insert.getContainer().getDefiningOp();
    op->erase();
    op = container;
  }
}

/// Reads of memref descriptor fields straight from the values that built
/// the descriptor. The conversion packs each descriptor (of a function
/// argument, an allocation, a view) into an insertvalue chain and each use
/// extracts a field again: a third of the ops it leaves, which the printer,
/// the verifier and the translation to LLVM IR all pay for (LLVM folds them
/// only after translation). Each llvm.extractvalue whose container is such
/// a chain folds to the inserted value, and a chain left unread is erased.
static void foldDescriptorReads(ModuleOp module) {
  module.walk([](LLVM::ExtractValueOp extract) {
    auto chain = extract.getContainer().getDefiningOp<LLVM::InsertValueOp>();
    if (!chain)
      return;
    // A fold in place moves the read up the chain (into an inserted
    // aggregate): fold again until it reaches a value or stops.
    SmallVector<OpFoldResult, 1> folded;
    for (unsigned steps = 0; folded.empty() && steps < 8; ++steps)
      if (failed(extract->fold(folded)))
        break;
    if (auto value = dyn_cast_if_present<Value>(
            folded.empty() ? OpFoldResult() : folded.front())) {
      extract.replaceAllUsesWith(value);
      extract.erase();
    }
    eraseDeadInsertChain(chain);
  });
}

/// Marks the call of each C interface wrapper `_mlir_ciface_F` to F
/// always_inline where F has at most `maxOps` operations.
static void inlineSmallWrappedFunctions(ModuleOp module, int64_t maxOps) {
  if (maxOps <= 0)
    return;
  std::optional<SymbolTable> symbols;
  for (auto wrapper : module.getOps<LLVM::LLVMFuncOp>()) {
    StringRef name = getWrappedName(wrapper);
    if (name.empty())
      continue;
    if (!symbols)
      symbols.emplace(module);
    auto callee = symbols->lookup<LLVM::LLVMFuncOp>(name);
    if (!callee || callee.isExternal())
      continue;
    int64_t ops = 0;
    WalkResult counted = callee.walk([&](Operation *) {
      return ++ops > maxOps ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (counted.wasInterrupted())
      continue;
    wrapper.walk([&](LLVM::CallOp call) {
      if (call.getCallee() == name)
        call.setAlwaysInline(true);
    });
  }
}

namespace {

/// memref.dim of a ranked memref at a constant index: the size read from the
/// descriptor, or the static size. Upstream's lowering recognizes the
/// constant through the op's original index operand; without rollback the
/// conversion has already replaced that operand's defining constant, and
/// upstream's falls back to its dynamic form (the descriptor's sizes stored
/// to a stack array and loaded again: 26 of the 156 lines of a one-gather
/// module in error mode). This one also reads the converted operand.
struct ConstantIndexDimOpLowering
    : public ConvertOpToLLVMPattern<memref::DimOp> {
  ConstantIndexDimOpLowering(const LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(memref::DimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<MemRefType>(op.getSource().getType());
    std::optional<int64_t> index = getConstantIntValue(adaptor.getIndex());
    if (!index)
      index = op.getConstantIndex();
    // A descriptor to read: the source's type converted to a struct.
    if (!type || !index || *index < 0 || *index >= type.getRank() ||
        !isa<LLVM::LLVMStructType>(adaptor.getSource().getType()))
      return failure();
    Location loc = op.getLoc();
    Type indexType = getIndexType();
    if (!type.isDynamicDim(*index)) {
      rewriter.replaceOp(op, createIndexAttrConstant(rewriter, loc, indexType,
                                                     type.getDimSize(*index)));
      return success();
    }
    MemRefDescriptor descriptor(adaptor.getSource());
    rewriter.replaceOp(op, descriptor.size(rewriter, loc, *index));
    return success();
  }
};

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
    patterns.add<ConstantIndexDimOpLowering>(converter);
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

    llvm::StringMap<SmallVector<unsigned>> noAliasPointers =
        getNoAliasPointers(module, converter);
    StaticDescriptorFields staticFields =
        getStaticDescriptorFields(module, converter);
    LLVMConversionTarget target(*ctx);
    ConversionConfig config;
    config.allowPatternRollback = allowPatternRollback;
    if (failed(applyPartialConversion(module, target, std::move(patterns),
                                      config)))
      return signalPassFailure();
    setNoAliasPointers(module, noAliasPointers);
    setStaticDescriptorFields(module, staticFields);
    finishLoweredOps(module);
    inlineSmallWrappedFunctions(module, cInterfaceInlineMaxOps);
    if (reconcileCasts) {
      SmallVector<UnrealizedConversionCastOp> casts;
      module.walk(
          [&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
      reconcileUnrealizedCasts(casts);
    }
    foldDescriptorReads(module);
  }
};

} // namespace
