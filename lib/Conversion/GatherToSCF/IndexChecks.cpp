//===- IndexChecks.cpp - index checks of the CPU loop lowering ------------===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#include "IndexChecks.h"

#include "ContiguousCheck.h"

#include "gather/Conversion/GatherCommon/GatherLoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::gather;

Value mlir::gather::createIndexIsBad(OpBuilder &b, Location loc,
                                     GatherMode mode, Value index, Value size) {
  // Wrap mode: the wrapped index (resolveIndex keeps a bad one as is).
  if (mode == GatherMode::Wrap)
    index = resolveIndex(b, loc, mode, index, size).address;
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, index, size);
}

/// Returns an i1 that is true when a component of the index vector at
/// `selector` is out of bounds, or-ed into `acc` (which may be null).
static Value orOutOfBounds(OpBuilder &b, Location loc, const GatherGeometry &g,
                           GatherMode mode, Value indices,
                           ValueRange indexedSizes, ValueRange selector,
                           Value acc) {
  for (int64_t k = 0; k < g.indexDepth; ++k) {
    Value index =
        loadIndex(b, loc, indices, g.getIndicesCoords(b, loc, selector, k));
    Value bad = createIndexIsBad(b, loc, mode, index, indexedSizes[k]);
    acc = acc ? arith::OrIOp::create(b, loc, acc, bad) : bad;
  }
  return acc;
}

/// Returns an i1 that is true when `index`, an error-mode index component
/// as loadIndex returns it, is out of bounds in a dimension of `size`. An
/// integer narrower than 64 bits is compared as loaded where `size` is a
/// constant that its type holds: then nothing but the compare uses the
/// sign extension, and LLVM loads the copy's address zero-extended (it is
/// known non-negative there), one move on x86; a sign-extending load cost
/// Zen 5 4 % on i8 elements from L2 (stop 47, C models in the harness).
static Value createErrorIndexIsBad(OpBuilder &b, Location loc, Value index,
                                   Value size) {
  auto cast = index.getDefiningOp<arith::IndexCastOp>();
  std::optional<int64_t> constantSize = getConstantIntValue(size);
  auto type =
      cast ? dyn_cast<IntegerType>(cast.getIn().getType()) : IntegerType();
  if (!type || type.getWidth() >= 64 || !constantSize ||
      !llvm::isIntN(type.getWidth(), *constantSize))
    return createIndexIsBad(b, loc, GatherMode::Error, index, size);
  Value narrowSize = arith::ConstantIntOp::create(b, loc, type, *constantSize);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, cast.getIn(),
                               narrowSize);
}

SmallVector<Value> mlir::gather::createIndexComponentsAreBad(
    OpBuilder &b, Location loc, const GatherGeometry &g, Value indices,
    ValueRange indexedSizes, ValueRange selector) {
  SmallVector<Value> bad;
  for (int64_t k = 0; k < g.indexDepth; ++k) {
    Value index =
        loadIndex(b, loc, indices, g.getIndicesCoords(b, loc, selector, k));
    bad.push_back(createErrorIndexIsBad(b, loc, index, indexedSizes[k]));
  }
  return bad;
}

/// Returns the selector of the index at innermost loop coordinate `m`.
static SmallVector<Value> getChunkSelector(const GatherGeometry &g,
                                           const IndexChunk &chunk, Value m) {
  SmallVector<Value> ivs(chunk.outerIvs);
  ivs.push_back(m);
  return g.getSelectorOfResultCoords(ivs);
}

/// Returns an i1 that is true when an index of `chunk` is out of bounds:
/// one loop of scalar tests, which LLVM vectorizes (deinterleaving the
/// components of index vectors first).
static Value createScalarChunkCheck(OpBuilder &b, Location loc,
                                    const GatherGeometry &g, GatherMode mode,
                                    Value indices, ValueRange indexedSizes,
                                    const IndexChunk &chunk) {
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value falseValue = arith::ConstantIntOp::create(b, loc, 0, 1);
  auto anyBad = scf::ForOp::create(
      b, loc, chunk.lo, chunk.hi, one, ValueRange{falseValue},
      [&](OpBuilder &lb, Location ll, Value m, ValueRange args) {
        scf::YieldOp::create(
            lb, ll,
            orOutOfBounds(lb, ll, g, mode, indices, indexedSizes,
                          getChunkSelector(g, chunk, m), args.front()));
      });
  return anyBad.getResult(0);
}

/// Returns an i1 that is true when an index of the run `getRun` builds is
/// out of bounds: its contiguous check (ContiguousCheck.h) where that
/// applies and the run is contiguous at run time, else `scalarCheck`.
static Value
createRunCheck(OpBuilder &b, Location loc, const GatherGeometry &g,
               GatherMode mode, Value indices, ValueRange indexedSizes,
               function_ref<ComponentRun(OpBuilder &)> getRun,
               function_ref<Value(OpBuilder &, Location)> scalarCheck) {
  int64_t lanes = getContiguousCheckLanes(mode, indices, g.indexDepth);
  if (lanes == 0)
    return scalarCheck(b, loc);
  ComponentRun run = getRun(b);
  auto ifOp = scf::IfOp::create(
      b, loc, run.isContiguous,
      [&](OpBuilder &tb, Location tl) {
        scf::YieldOp::create(
            tb, tl, createContiguousCheck(tb, tl, run, lanes, indexedSizes));
      },
      [&](OpBuilder &eb, Location el) {
        scf::YieldOp::create(eb, el, scalarCheck(eb, el));
      });
  return ifOp.getResult(0);
}

Value mlir::gather::createChunkCheck(OpBuilder &b, Location loc,
                                     const GatherGeometry &g, GatherMode mode,
                                     Value indices, ValueRange indexedSizes,
                                     const IndexChunk &chunk) {
  auto scalarCheck = [&](OpBuilder &sb, Location sl) {
    return createScalarChunkCheck(sb, sl, g, mode, indices, indexedSizes,
                                  chunk);
  };
  // The chunk's index vectors are consecutive in memory only when its loop
  // runs over the last selector dimension of indices.
  SmallVector<Value> selector = getChunkSelector(g, chunk, chunk.lo);
  if (selector.empty() || selector.back() != chunk.lo ||
      llvm::count(selector, chunk.lo) != 1)
    return scalarCheck(b, loc);
  return createRunCheck(
      b, loc, g, mode, indices, indexedSizes,
      [&](OpBuilder &rb) {
        Value positions = arith::SubIOp::create(rb, loc, chunk.hi, chunk.lo);
        return getIndexVectorsRun(rb, loc, g, indices, selector, positions);
      },
      scalarCheck);
}

/// The scf.parallel form of createAllIndicesCheck.
static Value createParallelCheck(OpBuilder &b, Location loc,
                                 const GatherGeometry &g, GatherMode mode,
                                 Value indices, ValueRange indexedSizes) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  int64_t numDims = g.getNumSelectorDims();
  SmallVector<Value> lbs(numDims, zero), steps(numDims, one), ubs;
  for (int64_t i = 0; i < numDims; ++i)
    ubs.push_back(createDimSize(b, loc, indices, i));
  // Reduced as i32: OpenMP reductions update i1 values atomically, which
  // LLVM cannot do.
  Value zeroI32 = arith::ConstantIntOp::create(b, loc, 0, 32);
  auto loop = scf::ParallelOp::create(
      b, loc, lbs, ubs, steps, zeroI32,
      [&](OpBuilder &pb, Location pl, ValueRange selector, ValueRange) {
        Value bad = arith::ExtUIOp::create(
            pb, pl, pb.getI32Type(),
            orOutOfBounds(pb, pl, g, mode, indices, indexedSizes, selector,
                          Value()));
        auto reduce = scf::ReduceOp::create(pb, pl, bad);
        Block &combiner = reduce.getReductions().front().front();
        OpBuilder::InsertionGuard guard(pb);
        pb.setInsertionPointToEnd(&combiner);
        Value any = arith::OrIOp::create(pb, pl, combiner.getArgument(0),
                                         combiner.getArgument(1));
        scf::ReduceReturnOp::create(pb, pl, any);
      });
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                               loop.getResult(0), zeroI32);
}

Value mlir::gather::createAllIndicesCheck(OpBuilder &b, Location loc,
                                          const GatherGeometry &g,
                                          GatherMode mode, Value indices,
                                          ValueRange indexedSizes,
                                          bool parallel) {
  if (parallel && g.getNumSelectorDims() > 0)
    return createParallelCheck(b, loc, g, mode, indices, indexedSizes);
  Value falseValue = arith::ConstantIntOp::create(b, loc, 0, 1);
  auto scalarCheck = [&](OpBuilder &sb, Location sl) {
    return buildSelectorLoopNest(
               sb, sl, g, indices, falseValue,
               [&](OpBuilder &nb, Location nl, ValueRange selector,
                   ValueRange args) -> SmallVector<Value> {
                 return {orOutOfBounds(nb, nl, g, mode, indices,
                                       indexedSizes, selector, args.front())};
               })
        .front();
  };
  return createRunCheck(
      b, loc, g, mode, indices, indexedSizes,
      [&](OpBuilder &rb) { return getAllIndicesRun(rb, loc, indices); },
      scalarCheck);
}

void mlir::gather::createReportIfBad(OpBuilder &b, Location loc, Operation *op,
                                     const GatherGeometry &g, Value bad,
                                     Value indices, ValueRange indexedSizes,
                                     StringRef handler) {
  scf::IfOp::create(b, loc, bad, [&](OpBuilder &tb, Location tl) {
    createIndexValidation(tb, tl, op, g, indices, indexedSizes, handler);
    scf::YieldOp::create(tb, tl);
  });
}
