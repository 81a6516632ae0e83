//===- NameConstantGlobals.cpp - reproducible constant global names ------===//
//
// Part of the gather project.
//
// Renames and reorders the memref.globals that One-Shot Bufferize creates
// for tensor constants by their first use in the module, so that their
// names and places no longer depend on the order in which bufferization
// visited the functions (see the pass description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "gather/Transforms/Passes.h"

#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_NAMECONSTANTGLOBALSPASS
#include "gather/Transforms/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;

/// The name bufferization gives the global of a constant of `type` before
/// uniquing: `__constant_` then the shape and element type (`3x4xf32`).
static std::string getBaseName(MemRefType type) {
  std::string name = "__constant_";
  llvm::raw_string_ostream os(name);
  llvm::interleave(type.getShape(), os, "x");
  os << "x" << type.getElementType();
  return name;
}

/// The base name of `global` when it is one bufferization would have
/// created for a constant: private, constant, and named the base name of
/// its type or that name with a uniquing suffix `_<digits>`.
static std::optional<std::string> getConstantBaseName(memref::GlobalOp global) {
  if (!global.isPrivate() || !global.getConstant())
    return std::nullopt;
  std::string base = getBaseName(global.getType());
  StringRef name = global.getSymName();
  if (!name.consume_front(base))
    return std::nullopt;
  if (name.empty() || (name.consume_front("_") && !name.empty() &&
                       llvm::all_of(name, llvm::isDigit)))
    return base;
  return std::nullopt;
}

/// Calls `fn` on every op nested in `module`, in order, except those in
/// (and the ops that are) nested symbol tables.
static void walkOutsideNestedSymbolTables(ModuleOp module,
                                          function_ref<void(Operation *)> fn) {
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == module.getOperation())
      return WalkResult::advance();
    if (op->hasTrait<OpTrait::SymbolTable>())
      return WalkResult::skip();
    fn(op);
    return WalkResult::advance();
  });
}

namespace {

/// The module's constant globals (those bufferization creates), with their
/// base names, in module order, and the names every other symbol holds.
struct ConstantGlobals {
  DenseMap<StringAttr, std::pair<memref::GlobalOp, std::string>> byName;
  SmallVector<memref::GlobalOp> inModuleOrder;
  llvm::StringSet<> otherNames;

  explicit ConstantGlobals(ModuleOp module);
  /// First use by a memref.get_global, then the unused ones. Nested symbol
  /// tables (a gpu.module) hold their own symbols: not walked.
  llvm::SetVector<memref::GlobalOp> getOrder(ModuleOp module) const;
  /// The new name of each global in `order` whose name changes, named as
  /// bufferization's uniquing would: the base name, then `_0`, `_1`, ...
  /// skipping names other symbols hold.
  DenseMap<StringAttr, StringAttr>
  getNewNames(MLIRContext *context, ArrayRef<memref::GlobalOp> order) const;
};

struct NameConstantGlobalsPass
    : public gather::impl::NameConstantGlobalsPassBase<
          NameConstantGlobalsPass> {
  void runOnOperation() override;
};

} // namespace

ConstantGlobals::ConstantGlobals(ModuleOp module) {
  for (Operation &op : module.getBody()->getOperations()) {
    auto global = dyn_cast<memref::GlobalOp>(op);
    std::optional<std::string> base;
    if (global)
      base = getConstantBaseName(global);
    if (base) {
      byName[global.getSymNameAttr()] = {global, *base};
      inModuleOrder.push_back(global);
    } else if (auto name = op.getAttrOfType<StringAttr>(
                   SymbolTable::getSymbolAttrName())) {
      otherNames.insert(name.getValue());
    }
  }
}

llvm::SetVector<memref::GlobalOp>
ConstantGlobals::getOrder(ModuleOp module) const {
  llvm::SetVector<memref::GlobalOp> order;
  walkOutsideNestedSymbolTables(module, [&](Operation *op) {
    auto getGlobal = dyn_cast<memref::GetGlobalOp>(op);
    if (!getGlobal)
      return;
    auto it = byName.find(getGlobal.getNameAttr().getAttr());
    if (it != byName.end())
      order.insert(it->second.first);
  });
  order.insert(inModuleOrder.begin(), inModuleOrder.end());
  return order;
}

DenseMap<StringAttr, StringAttr>
ConstantGlobals::getNewNames(MLIRContext *context,
                             ArrayRef<memref::GlobalOp> order) const {
  llvm::StringMap<unsigned> nextSuffix;
  DenseMap<StringAttr, StringAttr> renamed;
  for (memref::GlobalOp global : order) {
    std::string base = byName.lookup(global.getSymNameAttr()).second;
    std::string name = base;
    auto [suffix, first] = nextSuffix.try_emplace(base, 0);
    while (!first || otherNames.contains(name)) {
      name = base + "_" + std::to_string(suffix->second++);
      first = true;
    }
    auto newName = StringAttr::get(context, name);
    if (newName != global.getSymNameAttr())
      renamed[global.getSymNameAttr()] = newName;
  }
  return renamed;
}

/// Renames the globals, then every reference in one walk (a simultaneous
/// mapping, so that names that trade places cannot clash).
static void renameGlobals(ModuleOp module, ArrayRef<memref::GlobalOp> globals,
                          const DenseMap<StringAttr, StringAttr> &renamed) {
  for (memref::GlobalOp global : globals)
    if (StringAttr newName = renamed.lookup(global.getSymNameAttr()))
      global.setSymNameAttr(newName);
  AttrTypeReplacer replacer;
  replacer.addReplacement(
      [&](FlatSymbolRefAttr ref) -> std::optional<Attribute> {
        if (StringAttr newName = renamed.lookup(ref.getAttr()))
          return FlatSymbolRefAttr::get(newName);
        return std::nullopt;
      });
  walkOutsideNestedSymbolTables(module, [&](Operation *op) {
    replacer.replaceElementsIn(op, /*replaceAttrs=*/true,
                               /*replaceLocs=*/false, /*replaceTypes=*/false);
  });
}

void NameConstantGlobalsPass::runOnOperation() {
  ModuleOp module = getOperation();
  ConstantGlobals globals(module);
  if (globals.inModuleOrder.empty())
    return markAllAnalysesPreserved();
  llvm::SetVector<memref::GlobalOp> order = globals.getOrder(module);
  DenseMap<StringAttr, StringAttr> renamed =
      globals.getNewNames(&getContext(), order.getArrayRef());

  // Nothing to do when the globals already lead the module in this order
  // under these names.
  Block *body = module.getBody();
  bool canonical = renamed.empty();
  Block::iterator next = body->begin();
  for (memref::GlobalOp global : order)
    canonical = canonical && &*next++ == global.getOperation();
  if (canonical)
    return markAllAnalysesPreserved();

  renameGlobals(module, order.getArrayRef(), renamed);
  // The globals lead the module in their order.
  for (memref::GlobalOp global : llvm::reverse(order))
    global->moveBefore(body, body->begin());
}
