//===- FixUpFunctions.cpp - shared out-of-bounds fix-ups ------------------===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#include "FixUpFunctions.h"

#include "gather/Conversion/GatherCommon/GatherLoweringUtils.h"
#include "gather/Conversion/GatherCommon/OutOfBoundsReport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::gather;

static constexpr llvm::StringLiteral kFixUpFunctionName =
    "__gather_fix_out_of_bounds";

std::string FixUpSignature::getKey() const {
  std::string key;
  llvm::raw_string_ostream os(key);
  const GatherGeometry &g = geometry;
  os << opName << " b" << g.batchDims << " a" << g.firstIndexedDim << " d"
     << g.indexDepth << " p" << g.numPositionDims << " v" << g.hasIndexVectorDim
     << " r" << g.resultRank << " loops" << numLoops << " "
     << stringifyGatherMode(mode) << " reports" << reports;
  if (readReportedAs)
    os << " reads-as-" << stringifyGatherMode(*readReportedAs);
  os << " " << zero.getType() << " " << indexElementType << " " << handler;
  return key;
}

/// Zeroes the slot of `result` at the loop coordinates `ivs`: the result
/// dimensions after them, whole.
static void createZeroSlot(OpBuilder &b, Location loc, Value result,
                           ValueRange ivs, TypedAttr zeroAttr) {
  auto type = cast<MemRefType>(result.getType());
  Value zero = createConstant(b, loc, zeroAttr);
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> ubs;
  for (int64_t dim = ivs.size(); dim < type.getRank(); ++dim)
    ubs.push_back(memref::DimOp::create(b, loc, result, dim));
  SmallVector<Value> lbs(ubs.size(), c0), steps(ubs.size(), c1);
  scf::buildLoopNest(b, loc, lbs, ubs, steps,
                     [&](OpBuilder &nb, Location nl, ValueRange slotIvs) {
                       SmallVector<Value> coords(ivs);
                       llvm::append_range(coords, slotIvs);
                       memref::StoreOp::create(nb, nl, zero, result, coords);
                     });
}

/// Fills the body of `func` (its entry block holds only the arguments).
static void buildFixUpBody(OpBuilder &b, func::FuncOp func,
                           const FixUpSignature &sig) {
  Location loc = func.getLoc();
  b.setInsertionPointToStart(&func.getBody().front());
  ValueRange args = func.getArguments();
  Value result = args[0], indices = args[1];
  int64_t depth = sig.geometry.indexDepth;
  ValueRange bounds = args.slice(2, depth);
  OutOfBoundsReporter reporter(Value(), 0);
  if (sig.reports)
    reporter = OutOfBoundsReporter(args[2 + depth], sig.opName.size() + 1);
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> ubs;
  for (int64_t dim = 0; dim < sig.numLoops; ++dim)
    ubs.push_back(memref::DimOp::create(b, loc, result, dim));
  SmallVector<Value> lbs(ubs.size(), c0), steps(ubs.size(), c1);
  scf::buildLoopNest(
      b, loc, lbs, ubs, steps, [&](OpBuilder &nb, Location nl, ValueRange ivs) {
        ResolvedIndexVector resolved = loadAndResolveIndexVector(
            nb, nl, reporter, sig.geometry, sig.mode, indices,
            sig.geometry.getSelectorOfResultCoords(ivs), bounds,
            /*check=*/sig.reports, sig.handler, sig.readReportedAs);
        if (!resolved.isValid)
          return;
        scf::IfOp::create(nb, nl, createNot(nb, nl, resolved.isValid),
                          [&](OpBuilder &tb, Location tl) {
                            createZeroSlot(tb, tl, result, ivs, sig.zero);
                            scf::YieldOp::create(tb, tl);
                          });
      });
  func::ReturnOp::create(b, loc);
}

/// A name for a new fix-up function that no symbol of `table` has.
static std::string getUniqueName(SymbolTable &table) {
  std::string name = kFixUpFunctionName.str();
  for (unsigned suffix = 0; table.lookup(name); ++suffix)
    name = (kFixUpFunctionName + "_" + Twine(suffix)).str();
  return name;
}

func::FuncOp mlir::gather::getOrCreateFixUpFunction(OpBuilder &b, Operation *op,
                                                    const FixUpSignature &sig,
                                                    FixUpFunctionCache &cache) {
  std::string key = sig.getKey();
  if (Operation *existing = cache.lookup(key))
    return cast<func::FuncOp>(existing);
  MLIRContext *ctx = b.getContext();
  auto bufferOf = [](int64_t rank, Type elementType) -> Type {
    return FixOutOfBoundsOp::getBufferArgType(RankedTensorType::get(
        SmallVector<int64_t>(rank, ShapedType::kDynamic), elementType));
  };
  SmallVector<Type> argTypes{
      bufferOf(sig.geometry.resultRank, sig.zero.getType()),
      bufferOf(sig.geometry.getIndicesRank(), sig.indexElementType)};
  argTypes.append(sig.geometry.indexDepth, b.getIndexType());
  if (sig.reports)
    argTypes.push_back(LLVM::LLVMPointerType::get(ctx));
  // One symbol table walk per function created, not per gather.
  SymbolTable table(cache.getSymbolTableOp());
  OpBuilder::InsertionGuard guard(b);
  Operation *before = op;
  while (before->getParentOp() != cache.getSymbolTableOp())
    before = before->getParentOp();
  b.setInsertionPoint(before);
  auto func = func::FuncOp::create(b, b.getUnknownLoc(), getUniqueName(table),
                                   b.getFunctionType(argTypes, {}));
  func.setPrivate();
  // Cold code behind one call: never inlined into the copies, and its calls
  // known to be unlikely.
  func.setNoInline(true);
  setColdForLLVM(func);
  func->setAttr("llvm.linkage",
                LLVM::LinkageAttr::get(ctx, LLVM::Linkage::Internal));
  b.createBlock(&func.getBody(), {}, argTypes,
                SmallVector<Location>(argTypes.size(), b.getUnknownLoc()));
  buildFixUpBody(b, func, sig);
  cache.insert(key, func);
  return func;
}
