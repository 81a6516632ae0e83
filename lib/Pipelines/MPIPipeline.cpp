//===- MPIPipeline.cpp - gather-mpi-pipeline ------------------------------===//
//
// Part of the gather project.
//
// From func.func on tensors annotated with shard.shard over a shard.grid to
// the LLVM dialect calling MPI, one program per process (SPMD):
//   1. the module must say which MPI it targets (dlti.map
//      "MPI:Implementation"): upstream's MPI lowering otherwise reports an
//      error and still succeeds,
//   2. sharding-propagation and shard-partition on every function that holds
//      a shard.shard annotation (the others are left alone: upstream's
//      propagation would stop at their first op without a ShardingInterface);
//      the gather ops take part through their ShardingInterface models,
//   3. convert-shard-collectives-to-mpi: all_reduce on cached communicators
//      (upstream leaks one MPI_Comm_split per call), all_gather and
//      all_slice (upstream leaves them); other collectives are errors,
//   4. convert-shard-to-mpi for the rest (process indices, shard shapes),
//   5. gather-cpu-pipeline, with its options, for the local computation,
//   6. the MPI dialect to LLVM (convert-to-llvm restricted to mpi),
//   7. a check that everything is in the LLVM dialect (the unused shard.grid
//      symbols are dropped first): anything left is an error, not a
//      silently unlowered op.
// Link the result with MPI (-lmpich) and, as for gather-cpu-pipeline, the
// MLIR C runner utilities.
//
//===----------------------------------------------------------------------===//

#include "PipelineCommon.h"

#include "gather/Conversion/Passes.h"
#include "gather/Pipelines/Pipelines.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::gather;

/// The module attribute key upstream's MPI lowering reads.
static constexpr llvm::StringLiteral kMPIImplementationKey =
    "MPI:Implementation";

namespace {
/// Fails unless the module's dlti.map names an MPI implementation the MPI
/// lowering knows (MPICH or OpenMPI).
struct CheckMPIImplementationPass
    : public PassWrapper<CheckMPIImplementationPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckMPIImplementationPass)

  StringRef getArgument() const final {
    return "gather-check-mpi-implementation";
  }
  StringRef getDescription() const final {
    return "Fail unless the module names its MPI implementation";
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<Attribute> entry =
        dlti::query(module, ArrayRef<StringRef>{kMPIImplementationKey});
    auto name = succeeded(entry) ? dyn_cast<StringAttr>(*entry) : StringAttr();
    if (name && (name.getValue() == "MPICH" || name.getValue() == "OpenMPI"))
      return;
    module.emitError("gather-mpi-pipeline needs the module attribute "
                     "dlti.map = #dlti.map<\"MPI:Implementation\" = "
                     "\"MPICH\"> (or \"OpenMPI\")");
    signalPassFailure();
  }
};

/// Runs sharding-propagation and shard-partition on the functions that hold
/// a shard.shard annotation, and only those: upstream's propagation visits
/// every op of a function and stops at the first one without a
/// ShardingInterface, so a helper function (a main that prints, say) would
/// stop the pipeline although there is nothing to partition in it.
struct PartitionAnnotatedFunctionsPass
    : public PassWrapper<PartitionAnnotatedFunctionsPass,
                         OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PartitionAnnotatedFunctionsPass)

  PartitionAnnotatedFunctionsPass()
      : partition(func::FuncOp::getOperationName()) {
    partition.addPass(shard::createShardingPropagation());
    partition.addPass(shard::createPartition());
  }
  PartitionAnnotatedFunctionsPass(const PartitionAnnotatedFunctionsPass &other)
      : PassWrapper(other), partition(other.partition) {}

  StringRef getArgument() const final {
    return "gather-partition-annotated-functions";
  }
  StringRef getDescription() const final {
    return "Run sharding-propagation and shard-partition on the functions "
           "holding shard.shard ops";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    partition.getDependentDialects(registry);
  }

  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      bool annotated = false;
      func.walk([&](shard::ShardOp) {
        annotated = true;
        return WalkResult::interrupt();
      });
      if (annotated && failed(runPipeline(partition, func)))
        return signalPassFailure();
    }
  }

  OpPassManager partition;
};

/// Drops the shard.grid symbols nothing uses any more and fails on any op
/// left outside the LLVM dialect.
struct CheckLoweredToLLVMPass
    : public PassWrapper<CheckLoweredToLLVMPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckLoweredToLLVMPass)

  StringRef getArgument() const final { return "gather-check-llvm-lowered"; }
  StringRef getDescription() const final {
    return "Fail on any op not lowered to the LLVM dialect";
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (auto grid : llvm::make_early_inc_range(module.getOps<shard::GridOp>()))
      if (SymbolTable::symbolKnownUseEmpty(grid, module))
        grid.erase();
    WalkResult result = module.walk([](Operation *op) {
      if (isa<ModuleOp>(op) || isa<LLVM::LLVMDialect>(op->getDialect()))
        return WalkResult::advance();
      op->emitOpError("was not lowered to the LLVM dialect by "
                      "gather-mpi-pipeline");
      return WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace

void mlir::gather::buildGatherMPIPipeline(
    OpPassManager &pm, const GatherCPUPipelineOptions &options) {
  pm.addPass(std::make_unique<CheckMPIImplementationPass>());
  pm.addPass(std::make_unique<PartitionAnnotatedFunctionsPass>());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createConvertShardCollectivesToMPIPass());
  pm.addPass(createConvertShardToMPIPass());
  buildGatherCPUPipeline(pm, options, "gather-mpi-pipeline",
                         /*verifyLowered=*/false);
  ConvertToLLVMPassOptions toLLVMOptions;
  toLLVMOptions.filterDialects = {"mpi"};
  pm.addPass(createConvertToLLVMPass(toLLVMOptions));
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(std::make_unique<CheckLoweredToLLVMPass>());
}

void mlir::gather::registerGatherMPIPipeline() {
  registerCheckedPipeline<GatherCPUPipelineOptions>(
      "gather-mpi-pipeline",
      "Partition func.func annotated with shard.shard over a shard.grid into "
      "one program per MPI process and lower it to the LLVM dialect (options: "
      "those of gather-cpu-pipeline, for the local computation)",
      buildGatherMPIPipeline);
}
