//===- OutlineDynamicGathers.cpp - one function per dynamic signature -----===//
//
// Part of the gather project.
//
// Moves each gather of dynamic shape into a private function shared by the
// gathers of its signature, called with a destination for the result (see
// the pass description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "gather/Transforms/Passes.h"

#include "gather/Conversion/GatherCommon/GatherLoweringUtils.h"
#include "gather/Conversion/GatherCommon/OutOfBoundsReport.h"
#include "gather/Dialect/Gather/IR/GatherInterfaces.h"
#include "gather/Target/CPU/CPUTarget.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SubsetOpInterface.h"
#include "llvm/ADT/StringMap.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_OUTLINEDYNAMICGATHERSPASS
#include "gather/Transforms/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;
using namespace mlir::gather;

static constexpr llvm::StringLiteral kOutlinedName = "__gather_outlined";

/// The arguments of an outlined function: params, indices, the destination
/// of the result and, for gathers that report, their description.
enum OutlinedArg : unsigned { Params, Indices, Init, Description };

/// True when bufferization gives `value` a buffer of identity layout, the
/// layout of the outlined functions' arguments (the pipelines bufferize
/// function boundaries with identity layouts): a buffer of another layout
/// would be copied at every call. Conservative: a function argument, a view
/// of a buffer of identity layout, a cast or reshape of such a value, the
/// destination of a destination-style op, or the result of an op without
/// regions that is no slice.
static bool hasIdentityBuffer(Value value) {
  while (true) {
    if (auto arg = dyn_cast<BlockArgument>(value))
      return arg.getOwner()->isEntryBlock() &&
             isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
    Operation *def = value.getDefiningOp();
    if (auto toTensor = dyn_cast<bufferization::ToTensorOp>(def)) {
      auto type = dyn_cast<MemRefType>(toTensor.getBuffer().getType());
      return type && type.getLayout().isIdentity();
    }
    if (isa<tensor::CastOp, tensor::CollapseShapeOp, tensor::ExpandShapeOp>(
            def)) {
      value = def->getOperand(0);
      continue;
    }
    if (auto dps = dyn_cast<DestinationStyleOpInterface>(def)) {
      OpOperand *init = dps.getTiedOpOperand(cast<OpResult>(value));
      if (!init)
        return false;
      value = init->get();
      continue;
    }
    return def->getNumRegions() == 0 &&
           !isa<tensor::ExtractSliceOp, tensor::ReshapeOp>(def);
  }
}

/// True when no user of `result` would have it built in a buffer of another
/// layout than identity (empty tensor elimination would pass a slice or a
/// strided view as the destination, which the call copies in and out).
static bool hasIdentityDestinations(Value result) {
  return llvm::all_of(result.getUses(), [](OpOperand &use) {
    Operation *user = use.getOwner();
    if (auto materialize =
            dyn_cast<bufferization::MaterializeInDestinationOp>(user)) {
      Value dest = materialize.getDest();
      if (auto type = dyn_cast<MemRefType>(dest.getType()))
        return type.getLayout().isIdentity();
      return hasIdentityBuffer(dest);
    }
    return !isa<SubsetInsertionOpInterface>(user);
  });
}

/// True when `op` may be outlined: a gather on tensors (with a static
/// result only when `outlineStatic`), directly in the body of a function of
/// `module` that lowers for the module's target, whose operands and
/// destinations have buffers of identity layout.
static bool mayOutline(GatherOpInterface op, ModuleOp module,
                       function_ref<bool(Operation *)> hasModuleTarget,
                       bool outlineStatic) {
  if (op.hasBufferSemantics() ||
      (!outlineStatic && op.getResultType().hasStaticShape()))
    return false;
  // A static 0 in the result: the lowering reads nothing.
  if (llvm::is_contained(op.getResultType().getShape(), 0))
    return false;
  auto func = dyn_cast<func::FuncOp>(op->getParentOp());
  if (!func || func->getParentOp() != module.getOperation() ||
      func->hasAttr(kOutlinedGatherAttrName)) // its gathers stay
    return false;
  // The lowering rejects tensors with an encoding, at the op.
  auto hasEncoding = [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return !tensor || tensor.getEncoding();
  };
  if (llvm::any_of(op->getOperandTypes(), hasEncoding) ||
      hasEncoding(op.getResultType()))
    return false;
  return hasIdentityBuffer(op.getParams()) &&
         hasIdentityBuffer(op.getIndices()) &&
         hasIdentityDestinations(op->getResult(0)) && hasModuleTarget(op);
}

/// What the function of `op` computes, its name, attributes and types, as one
/// uniqued attribute: equal signatures are one pointer. (Printing them to a
/// string was 8 % of gather-cpu-pipeline on a function of 1000 gathers.)
static Attribute getSignatureKey(Operation *op) {
  MLIRContext *ctx = op->getContext();
  Attribute properties = op->getPropertiesAsAttribute();
  SmallVector<Attribute> parts = {
      StringAttr::get(ctx, op->getName().getStringRef()),
      properties ? properties : UnitAttr::get(ctx),
      op->getDiscardableAttrDictionary()};
  for (Type type : op->getOperandTypes())
    parts.push_back(TypeAttr::get(type));
  parts.push_back(TypeAttr::get(op->getResult(0).getType()));
  return ArrayAttr::get(ctx, parts);
}

/// Creates the function of `op`'s signature before `caller`:
///
///   func.func private @__gather_outlined(%params, %indices, %init
///       [, %description: !llvm.ptr]) -> result type {
///     %r = <op>(%params, %indices)   // reports name %description's op
///     %d = bufferization.materialize_in_destination %r in %init
///     return %d
///   }
///
/// The lowering builds the result in %init itself (not in a subview of it,
/// as an insert_slice would: a versioned slice width then keeps a static row
/// stride), and drop-equivalent-buffer-results drops the returned buffer.
static func::FuncOp createOutlinedFunction(GatherOpInterface op, bool reports,
                                           SymbolTable &symbols,
                                           func::FuncOp caller) {
  MLIRContext *ctx = op.getContext();
  Location loc = op.getLoc();
  Type resultType = op.getResultType();
  SmallVector<Type> argTypes{op.getParamsType(), op.getIndicesType(),
                             resultType};
  if (reports)
    argTypes.push_back(LLVM::LLVMPointerType::get(ctx));
  OpBuilder b(ctx);
  auto func = func::FuncOp::create(
      b, loc, kOutlinedName, FunctionType::get(ctx, argTypes, resultType));
  func.setPrivate();
  func->setAttr(kOutlinedGatherAttrName, UnitAttr::get(ctx));
  symbols.insert(func, Block::iterator(caller));
  // The function is called with tensors nothing else writes while it runs
  // (bufferization copies otherwise), and writes only the destination.
  for (unsigned arg : {Params, Indices, Init})
    func.setArgAttr(arg, LLVM::LLVMDialect::getNoAliasAttrName(),
                    UnitAttr::get(ctx));
  // Read only: gather-share-read-only-operands then gives the calls that
  // read one tensor views of one buffer of it (linear bufferization).
  for (unsigned arg : {Params, Indices})
    func.setArgAttr(arg, bufferization::BufferizationDialect::kWritableAttrName,
                    BoolAttr::get(ctx, false));
  Block *entry = func.addEntryBlock();
  b.setInsertionPointToStart(entry);
  Value init = entry->getArgument(Init);
  IRMapping mapping;
  mapping.map(op.getParams(), entry->getArgument(Params));
  mapping.map(op.getIndices(), entry->getArgument(Indices));
  Operation *clone = b.clone(*op, mapping);
  if (reports)
    setReportDescriptionArgument(clone, Description);
  Value result = bufferization::MaterializeInDestinationOp::create(
                     b, loc, clone->getResult(0), init)
                     .getResult();
  func::ReturnOp::create(b, loc, result);
  return func;
}

namespace {

/// The sizes the calls pass, one tensor.dim per dimension of a tensor, right
/// after the tensor's definition: thousands of tensor.dim uses of one
/// function argument (two per call) make One-Shot Analysis quadratic (one
/// function of 5000 calls: 20 s against 3 s with shared sizes).
class SizeCache {
public:
  /// Returns `size` (a reified result size), or, where it is the
  /// tensor.dim of a constant dimension, the shared tensor.dim of it.
  Value get(OpBuilder &b, Location loc, OpFoldResult size) {
    Value value = getValueOrCreateConstantIndexOp(b, loc, size);
    auto dimOp = value.getDefiningOp<tensor::DimOp>();
    std::optional<int64_t> dim =
        dimOp ? dimOp.getConstantIndex() : std::nullopt;
    if (!dim)
      return value;
    Value &shared = sizes[{dimOp.getSource(), *dim}];
    if (!shared) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointAfterValue(dimOp.getSource());
      shared = tensor::DimOp::create(b, loc, dimOp.getSource(), *dim);
    }
    dead.push_back(dimOp);
    return shared;
  }

  /// Erases the tensor.dim ops `get` replaced, and their unused indices.
  void eraseReplaced() {
    for (tensor::DimOp dimOp : dead) {
      Operation *index = dimOp.getIndex().getDefiningOp();
      if (dimOp->use_empty())
        dimOp->erase();
      if (index && index->use_empty())
        index->erase();
    }
    dead.clear();
  }

private:
  DenseMap<std::pair<Value, int64_t>, Value> sizes;
  SmallVector<tensor::DimOp> dead;
};

} // namespace

/// Replaces `op` by a call of `callee` with a `tensor.empty` of its result's
/// sizes as the destination.
static LogicalResult replaceByCall(GatherOpInterface op, func::FuncOp callee,
                                   bool reports, StringRef handler,
                                   SizeCache &sizeCache) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  ReifiedRankedShapedTypeDims sizes;
  if (failed(reifyResultShapes(b, op, sizes)))
    return failure();
  RankedTensorType resultType = op.getResultType();
  SmallVector<Value> dynamicSizes;
  for (auto [dim, size] : llvm::enumerate(sizes.front()))
    if (resultType.isDynamicDim(dim))
      dynamicSizes.push_back(sizeCache.get(b, loc, size));
  sizeCache.eraseReplaced();
  Value init = tensor::EmptyOp::create(b, loc, resultType, dynamicSizes);
  SmallVector<Value> operands{op.getParams(), op.getIndices(), init};
  if (reports)
    operands.push_back(createOpDescription(b, loc, op, handler));
  auto call = func::CallOp::create(b, loc, callee, operands);
  op->getResult(0).replaceAllUsesWith(call.getResult(0));
  op->erase();
  return success();
}

namespace {

/// A gather to outline, with the key of its signature.
using OutlineCandidate = std::pair<GatherOpInterface, Attribute>;

struct OutlineDynamicGathersPass
    : public gather::impl::OutlineDynamicGathersPassBase<
          OutlineDynamicGathersPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<OutlineCandidate> candidates = collectCandidates(module);
    dropFewStaticCandidates(candidates);
    if (candidates.empty())
      return markAllAnalysesPreserved();
    // The handler and every op's description, with one symbol table for
    // all (the lowering takes them from there).
    if (failed(declareOutOfBoundsHandlersIfNeeded(module, outOfBoundsHandler)))
      return signalPassFailure();
    SymbolTable symbols(module);
    if (failed(outlineCandidates(candidates, symbols)))
      return signalPassFailure();
  }

private:
  /// The gathers of `module` that may be outlined, with their signatures:
  /// static ones only in functions of at least the threshold of them.
  SmallVector<OutlineCandidate> collectCandidates(ModuleOp module) {
    CPUTargetDescription moduleTarget = CPUTargetDescription::get(module);
    // Whether a gather is tuned as the module is (as the outlined function
    // will be): one query per function, not per gather, unless the gather
    // carries attributes of its own (a target among them).
    DenseMap<Operation *, bool> sameTarget;
    auto hasModuleTarget = [&](Operation *op) {
      if (!op->getDiscardableAttrDictionary().empty())
        return CPUTargetDescription::get(op) == moduleTarget;
      Operation *func = op->getParentOp();
      auto [it, inserted] = sameTarget.try_emplace(func, false);
      if (inserted)
        it->second = CPUTargetDescription::get(func) == moduleTarget;
      return it->second;
    };
    SmallVector<GatherOpInterface> gathers;
    DenseMap<Operation *, int64_t> staticPerParent;
    module.walk([&](GatherOpInterface op) {
      gathers.push_back(op);
      if (op.getResultType().hasStaticShape())
        ++staticPerParent[op->getParentOp()];
    });
    SmallVector<OutlineCandidate> candidates;
    for (GatherOpInterface op : gathers) {
      // A function with fewer static gathers than the threshold outlines
      // none of them: their signatures are not needed (thousands of small
      // functions then cost the pass one walk).
      if (op.getResultType().hasStaticShape() &&
          staticPerParent.lookup(op->getParentOp()) < minStaticGathers)
        continue;
      if (mayOutline(op, module, hasModuleTarget, minStaticGathers > 0))
        candidates.emplace_back(op, getSignatureKey(op));
    }
    return candidates;
  }

  /// Drops the static gathers of `candidates` whose function holds fewer
  /// than the threshold of their signature.
  void dropFewStaticCandidates(SmallVectorImpl<OutlineCandidate> &candidates) {
    // The static gathers of each signature in each function.
    DenseMap<std::pair<Operation *, Attribute>, int64_t> staticCounts;
    for (auto &[op, key] : candidates)
      if (op.getResultType().hasStaticShape())
        ++staticCounts[{op->getParentOp(), key}];
    // A static gather lowers to little code: only a function that holds
    // many of one signature grows past the caches (a call per gather in
    // thousands of functions, upstream's bufferization of each call builds
    // a symbol table of all the functions).
    llvm::erase_if(candidates, [&](auto &candidate) {
      auto &[op, key] = candidate;
      return op.getResultType().hasStaticShape() &&
             staticCounts.lookup({op->getParentOp(), key}) < minStaticGathers;
    });
  }

  /// Replaces each of `candidates` by a call of the function of its
  /// signature, created in `symbols` at its first gather.
  LogicalResult outlineCandidates(ArrayRef<OutlineCandidate> candidates,
                                  SymbolTable &symbols) {
    DenseMap<Attribute, func::FuncOp> functions;
    SizeCache sizeCache;
    for (auto &[op, key] : candidates) {
      bool reports = reportsOutOfBounds(op);
      func::FuncOp &callee = functions[key];
      if (!callee)
        callee = createOutlinedFunction(op, reports, symbols,
                                        op->getParentOfType<func::FuncOp>());
      if (failed(replaceByCall(op, callee, reports, outOfBoundsHandler,
                               sizeCache)))
        return op->emitOpError("cannot reify the result sizes of the gather");
    }
    return success();
  }
};

} // namespace
