//===- StreamStores.h - the mark of copy loops that stream ------*- C++ -*-===//
//
// Part of the gather project.
//
// The contract between convert-gather-to-scf, which marks a copy loop whose
// stores should stream, and gather-nontemporal-copies, which makes them
// streaming stores. Header-only.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_TRANSFORMS_STREAMSTORES_H
#define GATHER_TRANSFORMS_STREAMSTORES_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace gather {

/// A unit attribute on an scf.for: its sub-line slice copies (16 or 32
/// bytes) write output that is not read back soon, in order, so
/// gather-nontemporal-copies makes them streaming stores where the
/// destination is aligned at run time (LoweringPlan::streamDenseChunks).
/// Copies of whole lines stream without it.
constexpr llvm::StringLiteral kStreamStoresAttrName = "gather.stream_stores";

/// A unit attribute on an scf.for: its slice copies keep plain stores, even
/// of whole lines, because its reads are random and prefetched (on AMD Zen,
/// streaming stores then hold the buffers the reads need;
/// LoweringPlan::plainStoresOutsideDenseChunks).
constexpr llvm::StringLiteral kPlainStoresAttrName = "gather.plain_stores";

} // namespace gather
} // namespace mlir

#endif // GATHER_TRANSFORMS_STREAMSTORES_H
