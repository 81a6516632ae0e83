//===- GatherToSCF.h - gather to SCF conversion patterns ----*- C++ -*-===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_CONVERSION_GATHERTOSCF_GATHERTOSCF_H
#define GATHER_CONVERSION_GATHERTOSCF_GATHERTOSCF_H

#include "gather/Conversion/GatherCommon/OutOfBoundsReport.h"
#include "gather/Support/Options.h"

#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/StringMap.h"

#include <cstdint>

namespace mlir {
namespace gather {

class FixUpFunctionCache;

/// How the scf lowering shapes its loops (the options of
/// convert-gather-to-scf).
struct GatherToSCFLoweringOptions {
  /// Prefetch the slice selected this many index positions ahead; 0: never;
  /// -1: chosen from the slice size and the target (CPUTargetDescription).
  int64_t prefetchDistance = options::kPrefetchDistanceDefault;
  /// Gathers of at most this many copies, on one thread, check each index
  /// as they copy its slice; -1: the target's
  /// (CPUTargetDescription::perCopyCheckMaxCopies).
  int64_t perCopyCheckMaxCopies = options::kPerCopyCheckMaxCopiesDefault;
  /// Make the outermost loop an scf.forall on tensors.
  bool parallel = false;
  /// The C function error-mode checks report to (docs/spec.md, "The
  /// out-of-bounds handler").
  std::string outOfBoundsHandler = kDefaultOutOfBoundsHandler.str();
  /// Emit each op's lowering plan as a remark on the op.
  bool printPlan = false;
  /// A gather whose slice width (params' last dimension, not addressed) is
  /// dynamic is lowered once more for each width whose row is a power of two
  /// of 4 B to this many bytes, chosen at run time; 0: one lowering.
  int64_t sliceVersionsMaxBytes = options::kSliceVersionsMaxBytesDefault;
  /// The results gather-nontemporal-copies streams (its min-bytes; -1:
  /// none): dense chunks of short rows stream only in results at least
  /// this large (LoweringPlan::streamDenseChunks).
  int64_t nontemporalMinBytes = options::kNontemporalMinBytesDefault;
  /// Where set, the fix-up after the flagged copies of a small gather
  /// (error and zero mode: report each bad index, zero its slot) is a
  /// gather.fix_out_of_bounds op calling a function on buffers, one per
  /// structure, that the cache keeps for its symbol table (gathers whose
  /// nearest symbol table is another keep their loops); it must outlive
  /// the conversion, and nothing else may add or erase symbols there
  /// meanwhile. Null: the fix-up is loops on tensors (upstream dialects
  /// only).
  FixUpFunctionCache *fixUpFunctions = nullptr;
};

/// The fix-up functions one conversion created in `symbolTableOp`, by
/// structure (see GatherToSCFLoweringOptions::fixUpFunctions).
class FixUpFunctionCache {
public:
  explicit FixUpFunctionCache(Operation *symbolTableOp)
      : symbolTableOp(symbolTableOp) {}

  Operation *getSymbolTableOp() const { return symbolTableOp; }
  /// The function created for `key`, or null.
  Operation *lookup(StringRef key) const { return functions.lookup(key); }
  void insert(StringRef key, Operation *function) { functions[key] = function; }

private:
  Operation *symbolTableOp;
  llvm::StringMap<Operation *> functions;
};

/// Adds the patterns that lower gather.gather and gather.gather_nd.
void populateGatherToSCFPatterns(RewritePatternSet &patterns,
                                 PatternBenefit benefit = 1);
void populateGatherToSCFPatterns(RewritePatternSet &patterns,
                                 const GatherToSCFLoweringOptions &options,
                                 PatternBenefit benefit = 1);

} // namespace gather
} // namespace mlir

#endif // GATHER_CONVERSION_GATHERTOSCF_GATHERTOSCF_H
