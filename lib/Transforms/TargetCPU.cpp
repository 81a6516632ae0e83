//===- TargetCPU.cpp - record the CPU a module is compiled for ------------===//
//
// Part of the gather project.
//
// Sets the module's `llvm.target` chip, which CPUTargetDescription reads to
// choose its prefetch rules (see the pass description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "gather/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/TargetParser/X86TargetParser.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_TARGETCPUPASS
#include "gather/Transforms/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;

namespace {

struct TargetCPUPass : public gather::impl::TargetCPUPassBase<TargetCPUPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = module.getContext();
    bool host = cpu == "host";
    std::string chip = host ? llvm::sys::getHostCPUName().str() : cpu;
    StringRef name = LLVM::LLVMDialect::getTargetAttrName();
    auto existing = module->getAttrOfType<LLVM::TargetAttr>(name);
    std::string triple = existing ? existing.getTriple().str()
                         : host   ? llvm::sys::getProcessTriple()
                                  : llvm::sys::getDefaultTargetTriple();
    if (chip.empty() || (llvm::Triple(triple).isX86() &&
                         llvm::X86::parseArchX86(chip) == llvm::X86::CK_None)) {
      module.emitError() << "gather-target-cpu: '" << chip
                         << "' is not a CPU that LLVM knows for " << triple;
      return signalPassFailure();
    }
    module->setAttr(name, LLVM::TargetAttr::get(
                              context, StringAttr::get(context, triple),
                              StringAttr::get(context, chip),
                              existing ? existing.getFeatures() : nullptr));
  }
};

} // namespace
