//===- GatherDialect.cpp - gather dialect ---------------------------------===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#include "gather/Dialect/Gather/IR/GatherDialect.h"
#include "gather/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::gather;

#include "gather/Dialect/Gather/IR/GatherOpsDialect.cpp.inc"
#include "gather/Dialect/Gather/IR/GatherEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "gather/Dialect/Gather/IR/GatherAttrs.cpp.inc"

namespace {

/// Aliases for LLVM literal structs of many members: the struct that
/// convert-func-to-llvm packs a function's results into holds one memref
/// descriptor per result, and the printer wrote it in full on each of the
/// function's insertvalues, its return and its signature. For a function
/// returning the results of 5000 gathers that was 70 % of gather-opt's time
/// (docs/performance.md, "Compile time"). The alias is printed once, at the
/// top of the module, and parses back to the same type. Overridable: a
/// dialect that names such a struct better wins.
struct GatherOpAsmDialectInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  /// Members from which a literal struct gets an alias.
  static constexpr size_t kMinAliasedMembers = 16;

  AliasResult getAlias(Type type, raw_ostream &os) const override {
    auto structType = dyn_cast<LLVM::LLVMStructType>(type);
    if (!structType || structType.isIdentified() ||
        structType.getBody().size() < kMinAliasedMembers)
      return AliasResult::NoAlias;
    os << "llvm_struct";
    return AliasResult::OverridableAlias;
  }
};

} // namespace

void GatherDialect::initialize() {
  addInterfaces<GatherOpAsmDialectInterface>();
  addOperations<
#define GET_OP_LIST
#include "gather/Dialect/Gather/IR/GatherOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "gather/Dialect/Gather/IR/GatherAttrs.cpp.inc"
      >();
}

Operation *GatherDialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}
