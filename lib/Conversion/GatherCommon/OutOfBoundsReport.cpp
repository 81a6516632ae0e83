//===- OutOfBoundsReport.cpp - out-of-bounds reports of gathers -----------===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#include "gather/Conversion/GatherCommon/OutOfBoundsReport.h"
#include "gather/Conversion/GatherCommon/GatherLoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;
using namespace mlir::gather;

/// The line the default handler prints; its arguments are op, location,
/// index, dim_size, dim.
static constexpr llvm::StringLiteral kDefaultHandlerFormat =
    "%s at %s: index %lld is out of bounds [0, %lld) in params dimension "
    "%lld\n";
static constexpr llvm::StringLiteral kDefaultHandlerFormatName =
    "__gather_out_of_bounds_format";
/// The line it prints for a shape mismatch (a negative `dim`, -1 - the
/// result dimension): op, location, size found, size expected, dimension.
static constexpr llvm::StringLiteral kMismatchFormat =
    "%s at %s: size %lld does not match size %lld of result dimension "
    "%lld\n";
static constexpr llvm::StringLiteral kMismatchFormatName =
    "__gather_shape_mismatch_format";
static constexpr llvm::StringLiteral kStringPrefix = "__gather_oob_";
/// The discardable attributes declareOutOfBoundsHandlersIfNeeded puts on
/// each op that reports: the symbol of the table of descriptions that holds
/// its description, and the offset of that in the table where not 0. Reports
/// of that op then look nothing up (a lookup walks the whole symbol table:
/// once per report, that made lowering N gathers take N^2 time).
static constexpr llvm::StringLiteral kDescriptionAttr =
    "gather.report_description";
static constexpr llvm::StringLiteral kDescriptionOffsetAttr =
    "gather.report_description_offset";
/// The discardable attribute of a gather op whose reports name the op that
/// an argument of its function describes (setReportDescriptionArgument): the
/// argument's number.
static constexpr llvm::StringLiteral kDescriptionArgAttr =
    "gather.report_description_arg";

FunctionType mlir::gather::getOutOfBoundsHandlerType(MLIRContext *ctx) {
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  Type i64 = IntegerType::get(ctx, 64);
  return FunctionType::get(ctx, {ptr, ptr, i64, i64, i64}, {});
}

std::string mlir::gather::describeOpForDiagnostics(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << op->getName() << " at ";
  op->getLoc().print(os);
  return text;
}

bool mlir::gather::reportsOutOfBounds(Operation *gatherOp) {
  return isReportingMode(getGatherMode(gatherOp)) ||
         needsRunTimeShapeChecks(cast<GatherOpInterface>(gatherOp));
}

//===----------------------------------------------------------------------===//
// The default handler
//===----------------------------------------------------------------------===//

/// Returns the libc function `name` of `type` declared in `symbolTableOp`,
/// declaring it where missing. Fails where the symbol is something else.
static FailureOr<LLVM::LLVMFuncOp>
getOrDeclareLibcFunc(OpBuilder &b, Operation *symbolTableOp, StringRef name,
                     LLVM::LLVMFunctionType type) {
  Operation *existing = SymbolTable::lookupSymbolIn(symbolTableOp, name);
  if (!existing)
    return LLVM::LLVMFuncOp::create(b, symbolTableOp->getLoc(), name, type);
  auto func = dyn_cast<LLVM::LLVMFuncOp>(existing);
  if (func && func.getFunctionType() == type)
    return func;
  return existing->emitError("the default out-of-bounds handler of "
                             "error-mode gathers calls libc's @")
         << name << " of type " << type << ": define @"
         << kDefaultOutOfBoundsHandler
         << " or name another handler (option out-of-bounds-handler)";
}

// Handlers too: otherwise the copy loops kept their values in stack slots
// reloaded every iteration (gather_nd of a table in L3: 0.99 -> 1.02-1.04x the
// plain C++ loop, stop 48).
void mlir::gather::setColdForLLVM(Operation *func) {
  Builder b(func->getContext());
  func->setAttr("passthrough", b.getStrArrayAttr({"noinline", "cold"}));
}

namespace {
/// The libc functions the default handler calls.
struct LibcFuncs {
  LLVM::LLVMFuncOp printf, fflush, exitFunc;
};
} // namespace

/// Returns printf, fflush and _Exit, declaring those missing. Fails (each
/// symbol that is something else reported) where one cannot be had.
static FailureOr<LibcFuncs>
getOrDeclareHandlerLibcFuncs(OpBuilder &b, Operation *symbolTableOp) {
  MLIRContext *ctx = b.getContext();
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  Type i32 = b.getI32Type();
  auto printfType = LLVM::LLVMFunctionType::get(i32, {ptr}, /*isVarArg=*/true);
  FailureOr<LLVM::LLVMFuncOp> printf =
      getOrDeclareLibcFunc(b, symbolTableOp, "printf", printfType);
  FailureOr<LLVM::LLVMFuncOp> fflush = getOrDeclareLibcFunc(
      b, symbolTableOp, "fflush", LLVM::LLVMFunctionType::get(i32, {ptr}));
  FailureOr<LLVM::LLVMFuncOp> exitFunc = getOrDeclareLibcFunc(
      b, symbolTableOp, "_Exit",
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {i32}));
  if (failed(printf) || failed(fflush) || failed(exitFunc))
    return failure();
  return LibcFuncs{*printf, *fflush, *exitFunc};
}

/// Creates the private constants of the two formats the default handler
/// prints, those missing, at the insertion point of `b`.
static void createDefaultHandlerFormats(OpBuilder &b,
                                        Operation *symbolTableOp) {
  Location loc = symbolTableOp->getLoc();
  for (auto [name, text] :
       {std::pair(kDefaultHandlerFormatName, kDefaultHandlerFormat),
        std::pair(kMismatchFormatName, kMismatchFormat)}) {
    if (SymbolTable::lookupSymbolIn(symbolTableOp, name))
      continue;
    std::string format = (text + StringRef("\0", 1)).str();
    LLVM::GlobalOp::create(
        b, loc, LLVM::LLVMArrayType::get(b.getI8Type(), format.size()),
        /*isConstant=*/true, LLVM::Linkage::Private, name,
        b.getStringAttr(format));
  }
}

/// Creates the body of the default handler `handler`: printf of its
/// arguments with the format of their report, fflush(NULL), _Exit(1).
static void createDefaultHandlerBody(OpBuilder &b, Location loc,
                                     func::FuncOp handler,
                                     const LibcFuncs &libc) {
  Type ptr = LLVM::LLVMPointerType::get(b.getContext());
  FunctionType type = handler.getFunctionType();
  OpBuilder::InsertionGuard guard(b);
  Block *body = b.createBlock(&handler.getBody(), {}, type.getInputs(),
                              SmallVector<Location>(type.getNumInputs(), loc));
  Value opName = body->getArgument(0), location = body->getArgument(1);
  Value index = body->getArgument(2), dim = body->getArgument(3);
  Value dimSize = body->getArgument(4);
  // A negative dim reports a shape mismatch in result dimension -1 - dim.
  Value zero = LLVM::ConstantOp::create(b, loc, b.getI64Type(), 0);
  Value minusOne = LLVM::ConstantOp::create(b, loc, b.getI64Type(), -1);
  Value mismatch =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::slt, dim, zero);
  Value format = LLVM::SelectOp::create(
      b, loc, mismatch,
      LLVM::AddressOfOp::create(b, loc, ptr, kMismatchFormatName),
      LLVM::AddressOfOp::create(b, loc, ptr, kDefaultHandlerFormatName));
  Value shownDim = LLVM::SelectOp::create(
      b, loc, mismatch, LLVM::SubOp::create(b, loc, minusOne, dim), dim);
  LLVM::CallOp::create(
      b, loc, libc.printf,
      ValueRange{format, opName, location, index, dimSize, shownDim});
  Value null = LLVM::ZeroOp::create(b, loc, ptr);
  LLVM::CallOp::create(b, loc, libc.fflush, ValueRange{null});
  Value one = LLVM::ConstantOp::create(b, loc, b.getI32Type(), 1);
  LLVM::CallOp::create(b, loc, libc.exitFunc, ValueRange{one});
  func::ReturnOp::create(b, loc);
}

/// Inserts, at the insertion point of `b` (the start of `symbolTableOp`), the
/// weak definition of the default handler: printf the message, flush every
/// stream, _Exit(1). Never `exit`: a user function may have that name.
static LogicalResult createDefaultHandler(OpBuilder &b,
                                          Operation *symbolTableOp) {
  MLIRContext *ctx = b.getContext();
  Location loc = symbolTableOp->getLoc();
  FailureOr<LibcFuncs> libc = getOrDeclareHandlerLibcFuncs(b, symbolTableOp);
  if (failed(libc))
    return failure();
  createDefaultHandlerFormats(b, symbolTableOp);

  FunctionType type = getOutOfBoundsHandlerType(ctx);
  auto handler = func::FuncOp::create(b, loc, kDefaultOutOfBoundsHandler, type);
  // Weak: a strong definition linked with the module replaces it. Never
  // inlined: that would keep it from being replaced.
  handler->setAttr("llvm.linkage",
                   LLVM::LinkageAttr::get(ctx, LLVM::Linkage::Weak));
  handler.setNoInline(true);
  setColdForLLVM(handler);
  createDefaultHandlerBody(b, loc, handler, *libc);
  return success();
}

//===----------------------------------------------------------------------===//
// Declaring handlers
//===----------------------------------------------------------------------===//

LogicalResult mlir::gather::declareOutOfBoundsHandler(OpBuilder &builder,
                                                      Operation *symbolTableOp,
                                                      StringRef handlerName) {
  FunctionType type = getOutOfBoundsHandlerType(symbolTableOp->getContext());
  if (Operation *existing =
          SymbolTable::lookupSymbolIn(symbolTableOp, handlerName)) {
    auto func = dyn_cast<func::FuncOp>(existing);
    if (func && func.getFunctionType() == type)
      return success();
    return existing->emitError("symbol @")
           << handlerName
           << " is the out-of-bounds handler of error-mode gathers: it must "
              "be a `func.func` of type "
           << type;
  }
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(&symbolTableOp->getRegion(0).front());
  if (handlerName == kDefaultOutOfBoundsHandler)
    return createDefaultHandler(builder, symbolTableOp);
  auto func =
      func::FuncOp::create(builder, symbolTableOp->getLoc(), handlerName, type);
  func.setPrivate();
  setColdForLLVM(func);
  return success();
}

LogicalResult mlir::gather::declareOutOfBoundsHandler(Operation *symbolTableOp,
                                                      StringRef handlerName) {
  OpBuilder builder(symbolTableOp->getContext());
  return declareOutOfBoundsHandler(builder, symbolTableOp, handlerName);
}

static void createDescriptions(Operation *symbolTableOp,
                               ArrayRef<Operation *> ops);

LogicalResult
mlir::gather::declareOutOfBoundsHandlersIfNeeded(Operation *root,
                                                 StringRef handlerName) {
  llvm::MapVector<Operation *, SmallVector<Operation *>> reportingOps;
  root->walk([&](GatherOpInterface op) {
    if (reportsOutOfBounds(op))
      reportingOps[SymbolTable::getNearestSymbolTable(op)].push_back(op);
  });
  for (auto &[symbolTable, ops] : reportingOps) {
    // Another thread may be reading a symbol table outside `root`.
    if (!symbolTable ||
        (symbolTable != root && !root->isProperAncestor(symbolTable)))
      return root->emitError(
          "error-mode gathers add their out-of-bounds handler and "
          "messages to the enclosing symbol table: run the conversion "
          "on it (e.g. builtin.module)");
    if (failed(declareOutOfBoundsHandler(symbolTable, handlerName)))
      return failure();
    createDescriptions(symbolTable, ops);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Reports
//===----------------------------------------------------------------------===//

/// Returns "<op name>\0<location>\0", the description reports of `op` pass.
static std::string getDescriptionText(Operation *op) {
  std::string text = op->getName().getStringRef().str();
  text.push_back('\0');
  llvm::raw_string_ostream os(text);
  op->getLoc().print(os);
  text.push_back('\0');
  return text;
}

/// Returns the name of the private constant holding `text` in
/// `symbolTableOp`, creating it (at the start of the table) where missing:
/// one per distinct description, named after its hash. `lookup` finds a
/// symbol by name.
static StringAttr
getOrCreateDescription(OpBuilder &b, Operation *symbolTableOp, StringRef text,
                       function_ref<Operation *(StringRef)> lookup) {
  StringAttr value = b.getStringAttr(text);
  std::string base = (kStringPrefix + llvm::utohexstr(llvm::xxh3_64bits(text),
                                                      /*LowerCase=*/true))
                         .str();
  std::string name = base;
  Operation *existing = lookup(name);
  // Another symbol with that name (a hash collision, or a user's): try the
  // next name.
  for (unsigned n = 1; existing; ++n) {
    auto global = dyn_cast<LLVM::GlobalOp>(existing);
    if (global && global.getValueAttr() == value)
      return global.getSymNameAttr();
    name = base + "_" + std::to_string(n);
    existing = lookup(name);
  }
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&symbolTableOp->getRegion(0).front());
  auto global = LLVM::GlobalOp::create(
      b, symbolTableOp->getLoc(),
      LLVM::LLVMArrayType::get(b.getI8Type(), text.size()),
      /*isConstant=*/true, LLVM::Linkage::Private, name, value);
  return global.getSymNameAttr();
}

/// Creates the descriptions of the reporting ops `ops` of `symbolTableOp`
/// in one table, a private constant of their texts one after another (each
/// distinct text once), and names each op's in kDescriptionAttr and
/// kDescriptionOffsetAttr. One constant, not one per op: each symbol of the
/// module costs every later symbol table of it (upstream builds one per
/// call that bufferizes; 5000 calls of outlined gathers took 35% of the
/// pipeline's time doing so).
static void createDescriptions(Operation *symbolTableOp,
                               ArrayRef<Operation *> ops) {
  std::string table;
  llvm::StringMap<int64_t> offsets;
  SmallVector<std::pair<Operation *, int64_t>> described;
  for (Operation *op : ops) {
    if (op->hasAttr(kDescriptionArgAttr))
      continue;
    auto [it, inserted] =
        offsets.try_emplace(getDescriptionText(op), table.size());
    if (inserted)
      table += it->first();
    described.emplace_back(op, it->second);
  }
  if (described.empty())
    return;
  SymbolTable symbols(symbolTableOp);
  OpBuilder b(symbolTableOp->getContext());
  auto name = FlatSymbolRefAttr::get(getOrCreateDescription(
      b, symbolTableOp, table, [&](StringRef n) { return symbols.lookup(n); }));
  for (auto [op, offset] : described) {
    op->setAttr(kDescriptionAttr, name);
    if (offset != 0)
      op->setAttr(kDescriptionOffsetAttr, b.getI64IntegerAttr(offset));
  }
}

bool mlir::gather::hasOutOfBoundsReportSymbols(Operation *op) {
  return op->hasAttr(kDescriptionAttr) || op->hasAttr(kDescriptionArgAttr);
}

void mlir::gather::setReportDescriptionArgument(Operation *gatherOp,
                                                unsigned argNumber) {
  gatherOp->removeAttr(kDescriptionAttr);
  gatherOp->removeAttr(kDescriptionOffsetAttr);
  gatherOp->setAttr(
      kDescriptionArgAttr,
      IntegerAttr::get(IntegerType::get(gatherOp->getContext(), 64),
                       argNumber));
}

/// The description argument setReportDescriptionArgument named for `op`, or
/// null where it named none (or the op has moved out of that function).
static Value getDescriptionArgument(Operation *op) {
  auto number = op->getAttrOfType<IntegerAttr>(kDescriptionArgAttr);
  auto func = op->getParentOfType<FunctionOpInterface>();
  if (!number || !func || func.isExternal())
    return Value();
  uint64_t n = number.getValue().getZExtValue();
  if (n >= func.getNumArguments() ||
      !isa<LLVM::LLVMPointerType>(func.getArgument(n).getType()))
    return Value();
  return func.getArgument(n);
}

Value mlir::gather::createOpDescription(OpBuilder &b, Location loc,
                                        Operation *op, StringRef handlerName) {
  if (Value argument = getDescriptionArgument(op))
    return argument;
  // Prepared by declareOutOfBoundsHandlersIfNeeded, or created here.
  auto description = op->getAttrOfType<FlatSymbolRefAttr>(kDescriptionAttr);
  if (!description) {
    Operation *symbolTableOp = SymbolTable::getNearestSymbolTable(op);
    assert(symbolTableOp && "a gather op that reports needs a symbol table");
    // Emits the error; the call is then rejected by the verifier.
    (void)declareOutOfBoundsHandler(b, symbolTableOp, handlerName);
    description = FlatSymbolRefAttr::get(getOrCreateDescription(
        b, symbolTableOp, getDescriptionText(op), [&](StringRef name) {
          return SymbolTable::lookupSymbolIn(symbolTableOp, name);
        }));
  }
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value table = LLVM::AddressOfOp::create(b, loc, ptrType, description);
  auto offset = op->getAttrOfType<IntegerAttr>(kDescriptionOffsetAttr);
  if (!offset)
    return table;
  return LLVM::GEPOp::create(
      b, loc, ptrType, b.getI8Type(), table,
      ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(offset.getInt())},
      LLVM::GEPNoWrapFlags::inbounds);
}

void mlir::gather::createOutOfBoundsReport(OpBuilder &b, Location loc,
                                           const OutOfBoundsReporter &reporter,
                                           Value index, Value dimSize,
                                           int64_t paramsDim,
                                           StringRef handlerName) {
  Value opName = reporter.description;
  int64_t locationOffset = reporter.locationOffset;
  if (reporter.op) {
    opName = createOpDescription(b, loc, reporter.op, handlerName);
    locationOffset = reporter.op->getName().getStringRef().size() + 1;
  }
  Value location = LLVM::GEPOp::create(
      b, loc, opName.getType(), b.getI8Type(), opName,
      ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(locationOffset)},
      LLVM::GEPNoWrapFlags::inbounds);
  Type i64 = b.getI64Type();
  Value index64 = arith::IndexCastOp::create(b, loc, i64, index);
  Value dim64 = arith::ConstantIntOp::create(b, loc, paramsDim, 64);
  Value dimSize64 = arith::IndexCastOp::create(b, loc, i64, dimSize);
  func::CallOp::create(b, loc, handlerName, TypeRange(),
                       ValueRange{opName, location, index64, dim64, dimSize64});
}

void mlir::gather::createOutOfBoundsCheck(OpBuilder &b, Location loc,
                                          const OutOfBoundsReporter &reporter,
                                          Value index, Value dimSize,
                                          int64_t paramsDim,
                                          StringRef handlerName) {
  Value outOfBounds =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, index, dimSize);
  scf::IfOp::create(b, loc, outOfBounds, [&](OpBuilder &tb, Location tl) {
    createOutOfBoundsReport(tb, tl, reporter, index, dimSize, paramsDim,
                            handlerName);
    scf::YieldOp::create(tb, tl);
  });
}
