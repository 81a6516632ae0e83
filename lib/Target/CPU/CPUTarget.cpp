//===- CPUTarget.cpp - what the CPU lowering knows of its target ----------===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#include "gather/Target/CPU/CPUTarget.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/TargetParser/Triple.h"

#include <limits>

using namespace mlir;
using namespace mlir::gather;

/// Reads the positive integer entry `key` of the DLTI device spec "CPU" that
/// applies at `op` into `value`; leaves it where there is none.
static void readEntry(Operation *op, StringRef key, int64_t &value) {
  FailureOr<Attribute> entry = dlti::query(op, {"CPU", key});
  if (failed(entry))
    return;
  if (auto integer = dyn_cast<IntegerAttr>(*entry))
    if (integer.getValue().isStrictlyPositive() &&
        integer.getValue().getActiveBits() < 48)
      value = integer.getValue().getZExtValue();
}

CPUTargetDescription CPUTargetDescription::forCPU(StringRef cpu) {
  CPUTargetDescription target;
  if (cpu.starts_with("znver")) {
    // Sub-line slices are prefetched, but not where vector gathers copy
    // them (stop 42, Zen 4); Zen 5 twice as far ahead (stop 44).
    target.subLinePrefetchVectorizedCopies = false;
    if (cpu == "znver5") {
      target.subLinePrefetchDistance = 128;
      target.subLinePrefetchBeyondL3Only = true;
    }
    target.denseOnlyStreamMinBytes = 4096;
    target.vectorizedCopiesMaxParamsBytes = 64 << 20;
    target.vectorizedCopiesBeyondL2Only = true;
    target.bagRegisterAccumulatorMaxBytes = 1024;
    target.elementCheckChunkPositions = 128;
    target.checkChunkIndexBytes = 512;
    // Rows from beyond L2 8 KiB ahead (stop 43, Zen 4; stop 44, Zen 5),
    // into L1 on Zen 5 (stop 29); Zen 4 keeps L2, the default (stop 42).
    target.slicePrefetchAheadBytesBeyondL2 = 8192;
    if (cpu == "znver5")
      target.beyondL2RowPrefetchLocality = 3;
    target.offsetVectorPositions = 8;
    // Element copies in L2 branch on each index (stop 47, Zen 5).
    target.branchingElementChecks = cpu == "znver5";
    target.flaggedChecksMinSliceBytes = 64;
    // Scalar gathers prefetch their indices (stop 34), on Zen 5 only
    // indices of at most 4 bytes a position (stop 45).
    target.scalarIndicesPrefetchMaxPositionBytes =
        cpu == "znver5" ? 4 : std::numeric_limits<int64_t>::max();
    // Rows of 4 KiB from beyond L2 are left to the hardware prefetcher on
    // Zen 4; Zen 5 prefetches their first 4 KiB on one thread (stop 45)
    // and on two (stop 54; stop 37 on a slower Zen 5 host had left them to
    // the hardware there).
    if (cpu != "znver5")
      target.slicePrefetchMaxBytesBeyondL2 = target.slicePrefetchMaxBytes;
  }
  return target;
}

/// The nearest `llvm.target` attribute on `op` or its ancestors; null where
/// there is none.
static LLVM::TargetAttr getTargetAttr(Operation *op) {
  StringRef name = LLVM::LLVMDialect::getTargetAttrName();
  for (; op; op = op->getParentOp())
    if (auto target = op->getAttrOfType<LLVM::TargetAttr>(name))
      return target;
  return {};
}

CPUTargetDescription CPUTargetDescription::get(Operation *op) {
  if (!op)
    return CPUTargetDescription();
  LLVM::TargetAttr attr = getTargetAttr(op);
  CPUTargetDescription target =
      forCPU(attr ? attr.getChip().getValue() : StringRef());
  if (attr && !llvm::Triple(attr.getTriple().getValue()).isX86())
    target.bagMinMaxThroughSelects = false;
  readEntry(op, "L1_cache_size_in_bytes", target.l1CacheBytes);
  readEntry(op, "L2_cache_size_in_bytes", target.l2CacheBytes);
  readEntry(op, "L3_cache_size_in_bytes", target.l3CacheBytes);
  readEntry(op, "cache_line_size_in_bytes", target.cacheLineBytes);
  return target;
}

bool CPUTargetDescription::isBeyond(ShapedType type, int64_t elementBytes,
                                    int64_t limit) {
  if (!type.hasStaticShape())
    return false;
  std::optional<int64_t> bytes = elementBytes;
  for (int64_t size : type.getShape())
    bytes = bytes ? llvm::checkedMul(*bytes, size) : std::nullopt;
  return !bytes || *bytes > limit;
}

bool CPUTargetDescription::operator==(const CPUTargetDescription &other) const {
  auto fields = [](const CPUTargetDescription &t) {
    return std::make_tuple(
        t.cacheLineBytes, t.l1CacheBytes, t.l2CacheBytes, t.l3CacheBytes,
        t.checkChunkPositions, t.sliceCheckChunkPositions,
        t.elementCheckChunkPositions, t.checkChunkIndexBytes,
        t.parallelChunksMaxOuterIterations, t.parallelChunksMinPositions,
        t.perCopyCheckMaxCopies, t.slicePrefetchAheadBytes,
        t.slicePrefetchAheadBytesBeyondL2, t.slicePrefetchMinDistance,
        t.slicePrefetchMaxDistance, t.slicePrefetchMaxBytes,
        t.slicePrefetchMaxBytesBeyondL2, t.subLinePrefetchDistance,
        t.bagRegisterAccumulatorMaxBytes, t.bagPrefetchAheadBytes,
        t.vectorizedCopiesMaxParamsBytes, t.denseChunkRowsPerPosition,
        t.denseOnlyStreamMinBytes, t.minScalarFloatBits,
        t.beyondL2RowPrefetchLocality, t.offsetVectorPositions,
        t.scalarIndicesPrefetchMaxPositionBytes, t.subLinePrefetchBeyondL3Only,
        t.vectorizedCopiesBeyondL2Only, t.flaggedChecksMinSliceBytes,
        t.flaggedChecksMaxSliceBytes, t.rolledSliceCopyMinBytes,
        t.bagMinMaxThroughSelects, t.subLinePrefetchVectorizedCopies,
        t.branchingElementChecks);
  };
  return fields(*this) == fields(other);
}
