//===- GatherToGPU.cpp - lower gather ops to GPU kernels ------------------===//
//
// Part of the gather project.
//
// Lowers gather.gather and gather.gather_nd to gpu.launch kernels. Both ops
// are a gather of contiguous slices: with params viewed as [B, O, D..., S]
// (batch, outer, gathered dimensions, slice) and indices as [B, N, K] (batch,
// index positions, index depth), result slice r = (b, o, n) of S elements is
// params[b, o, indices[b, n, :], :]. gather has K = 1; gather_nd has O = 1.
//
// Thread mapping: a block holds blockDim.x lanes along a slice times
// blockDim.y slices. Slices are distributed over (blockIdx.x, threadIdx.y)
// with a grid-stride loop; the elements of a slice over (blockIdx.y,
// threadIdx.x), so consecutive threads touch consecutive addresses and long
// slices are split among blocks. Each thread loads and checks its index once
// per slice, then copies W elements per step (W = 16 bytes / element size
// when the slice allows 128-bit accesses, else 1). Where each thread makes
// one access per slice, it takes several slices per step, their reads in
// flight together (emitSlicesInFlight).
//
//===----------------------------------------------------------------------===//

#include "gather/Conversion/GatherToGPU/GatherToGPU.h"
#include "gather/Conversion/GatherCommon/GatherLoweringUtils.h"
#include "gather/Conversion/Passes.h"
#include "gather/Dialect/Gather/IR/GatherOps.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/CheckedArithmetic.h"

namespace mlir {
namespace gather {
#define GEN_PASS_DEF_CONVERTGATHERTOGPUPASS
#include "gather/Conversion/Passes.h.inc"
} // namespace gather
} // namespace mlir

using namespace mlir;
using namespace mlir::gather;

/// Lanes along a slice below which a block packs several slices per row.
static constexpr int64_t kWarpSize = 32;
/// The hardware limit on gridDim.y.
static constexpr int64_t kMaxGridY = 65535;
/// Bytes moved by one wide access.
static constexpr int64_t kVectorBytes = 16;
/// Slices a thread copies per step by default where it makes one access per
/// slice, their reads in flight together (getSlicesInFlight).
static constexpr int64_t kSlicesInFlight = 4;

namespace {

/// The flattened view of one gather op, on 1-D buffers: the sizes of the
/// file comment's [B, O, D..., S] and [B, N, K] views of its geometry.
struct SliceGather {
  Value params, indices, result;            // 1-D memrefs.
  Value batch, outer, positions, sliceSize; // B, O, N, S.
  SmallVector<Value> bounds; // Sizes of the K gathered dimensions.
  GatherGeometry geometry;   // Whose view this is.
  GatherMode mode;
  Operation *op;     // The gather op, for messages.
  StringRef handler; // Host-only: the out-of-bounds handler.
};

/// The ids and sizes of the 2-D launch a kernel body runs in.
struct KernelIds {
  Value blockX, blockY, threadX, threadY;
  Value gridX, gridY, blockDimX, blockDimY;
};

/// Small arithmetic helpers on `index` values; they fold constants as they
/// go so that static sizes give static buffer types.
struct IndexMath {
  OpBuilder &b;
  Location loc;
  Value c(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  template <typename OpTy> Value fold(Value x, Value y) {
    return b.createOrFold<OpTy>(loc, x, y);
  }
  Value add(Value x, Value y) { return fold<arith::AddIOp>(x, y); }
  Value mul(Value x, Value y) { return fold<arith::MulIOp>(x, y); }
  Value div(Value x, Value y) { return fold<arith::DivUIOp>(x, y); }
  Value rem(Value x, Value y) { return fold<arith::RemUIOp>(x, y); }
  Value ceilDiv(Value x, Value y) { return fold<arith::CeilDivUIOp>(x, y); }
  Value min(Value x, Value y) { return fold<arith::MinUIOp>(x, y); }
  Value max(Value x, Value y) { return fold<arith::MaxUIOp>(x, y); }
  Value ult(Value x, Value y) {
    return b.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::ult, x, y);
  }
  Value uge(Value x, Value y) {
    return b.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::uge, x, y);
  }
  Value select(Value cond, Value x, Value y) {
    return b.createOrFold<arith::SelectOp>(loc, cond, x, y);
  }
  Value product(ArrayRef<Value> values) {
    Value p = c(1);
    for (Value v : values)
      p = mul(p, v);
    return p;
  }
};

} // namespace

/// Elements per 128-bit access for `type`, or 1 where wide accesses do not
/// apply (index, i1, odd widths).
static int64_t getVectorWidth(Type type) {
  if (!type.isIntOrFloat())
    return 1;
  unsigned bits = type.getIntOrFloatBitWidth();
  if (bits < 8 || bits > 64 || !llvm::isPowerOf2_32(bits))
    return 1;
  return kVectorBytes * 8 / bits;
}

/// Returns the scalar that elements of `type` are made of: the type itself,
/// the part type of a complex number or the element type of a vector; null
/// for other types (the kernels do not copy them).
static Type getScalarPayloadType(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    type = complex.getElementType();
  else if (auto vector = dyn_cast<VectorType>(type))
    type = vector.isScalable() ? Type() : vector.getElementType();
  if (type && isa<IntegerType, IndexType, FloatType>(type))
    return type;
  return {};
}

/// Returns a zero of `type`, a type getScalarPayloadType accepts: an
/// arith.constant, or a complex.constant for complex numbers (host code
/// only: the kernels never write a zero complex or vector element, see
/// emitKernelBody).
static Value createZeroValue(OpBuilder &b, Location loc, Type type) {
  Type scalar = getScalarPayloadType(type);
  TypedAttr zero = getZeroAttr(scalar);
  if (auto complex = dyn_cast<ComplexType>(type))
    return complex::ConstantOp::create(b, loc, complex,
                                       b.getArrayAttr({zero, zero}));
  if (auto vector = dyn_cast<VectorType>(type))
    zero = DenseElementsAttr::get(vector, zero);
  return createConstant(b, loc, zero);
}

/// Returns the alignment of device accesses to elements of `type`: device
/// buffers come from gpu.alloc and are indexed by element, so every element
/// is naturally aligned. Said explicitly because a GPU module has no data
/// layout when it is translated, and LLVM's default one aligns i64 to 4 bytes
/// only (splitting the loads). None for `index` (its width depends on the
/// pipeline) and odd widths.
static llvm::MaybeAlign getDeviceAlignment(Type type, bool onDevice) {
  if (!onDevice || !type.isIntOrFloat())
    return {};
  unsigned bits = type.getIntOrFloatBitWidth();
  if (bits < 8 || !llvm::isPowerOf2_32(bits))
    return {};
  return llvm::Align(bits / 8);
}

/// Emits the device-side out-of-bounds check of index `k` of params
/// dimension `paramsDim`: a thread that finds it outside [0, bound) prints
/// the message the host-side check prints (createOutOfBoundsCheck) and fails
/// an assertion, which traps and fails the launch.
static void emitDeviceOutOfBoundsCheck(OpBuilder &b, Location loc,
                                       Operation *op, Value k, Value bound,
                                       int64_t paramsDim) {
  std::string format;
  for (char ch : describeOpForDiagnostics(op)) {
    format += ch;
    if (ch == '%')
      format += '%';
  }
  format += ": index %lld is out of bounds [0, %lld) in params dimension " +
            std::to_string(paramsDim) + "\n";
  Value bad =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, k, bound);
  scf::IfOp::create(b, loc, bad, [&](OpBuilder &b, Location loc) {
    Value k64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), k);
    Value bound64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), bound);
    gpu::PrintfOp::create(b, loc, format, ValueRange{k64, bound64});
    Value no = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 0);
    // The assertion names the op too: a trap may cut printf output short.
    cf::AssertOp::create(
        b, loc, no, describeOpForDiagnostics(op) + ": index out of bounds");
    scf::YieldOp::create(b, loc);
  });
}

/// One access of a kernel: `width` elements (a vector when more than one).
struct Access {
  Type type;
  int64_t width;
  llvm::MaybeAlign align;
};

static Access getAccess(const SliceGather &g, int64_t width, bool onDevice) {
  Type elementType = cast<MemRefType>(g.result.getType()).getElementType();
  if (width == 1)
    return {elementType, 1, getDeviceAlignment(elementType, onDevice)};
  // Device buffers come from gpu.alloc and every offset is a multiple of
  // `width`, so wide accesses are 16-byte aligned there. Host buffers carry
  // no such promise.
  return {VectorType::get({width}, elementType), width,
          onDevice ? llvm::MaybeAlign(kVectorBytes) : llvm::MaybeAlign()};
}

/// Loads the access of params at element offset `at`.
static Value emitAccessLoad(OpBuilder &b, Location loc, const SliceGather &g,
                            const Access &a, Value at) {
  if (a.width > 1)
    return vector::LoadOp::create(b, loc, cast<VectorType>(a.type), g.params,
                                  at, /*nontemporal=*/false, a.align);
  return memref::LoadOp::create(b, loc, g.params, at, /*nontemporal=*/false,
                                a.align);
}

/// Stores `value`, one access, to the result at element offset `to`.
static void emitAccessStore(OpBuilder &b, Location loc, const SliceGather &g,
                            const Access &a, Value value, Value to) {
  if (a.width > 1)
    vector::StoreOp::create(b, loc, value, g.result, to,
                            /*nontemporal=*/false, a.align);
  else
    memref::StoreOp::create(b, loc, value, g.result, to,
                            /*nontemporal=*/false, a.align);
}

/// Emits a loop in which the calling thread copies (or zeroes, when `src` is
/// null) its share of one slice, `width` elements per access.
static void emitSliceLoop(OpBuilder &b, Location loc, const SliceGather &g,
                          const KernelIds &ids, Value src, Value dst,
                          int64_t width, bool onDevice) {
  IndexMath m{b, loc};
  Access access = getAccess(g, width, onDevice);
  Value zero;
  if (!src)
    zero = createZeroValue(b, loc, access.type);
  Value begin = m.add(m.mul(ids.blockY, ids.blockDimX), ids.threadX);
  Value step = m.mul(ids.gridY, ids.blockDimX);
  Value count = m.div(g.sliceSize, m.c(width));
  scf::ForOp::create(
      b, loc, begin, count, step, ValueRange{},
      [&](OpBuilder &b, Location loc, Value e, ValueRange) {
        IndexMath m{b, loc};
        Value offset = m.mul(e, m.c(width));
        Value value =
            src ? emitAccessLoad(b, loc, g, access, m.add(src, offset)) : zero;
        emitAccessStore(b, loc, g, access, value, m.add(dst, offset));
        scf::YieldOp::create(b, loc);
      });
}

/// Emits the error-mode check of index `k` against `bound` (params
/// dimension `paramsDim`): a device printf and trap in a kernel; on the host
/// a report to the handler, from the first lane of the slice only (every
/// lane reads the index), so that each bad index is reported once.
static void emitIndexCheck(OpBuilder &b, Location loc, const SliceGather &g,
                           const KernelIds &ids, Value k, Value bound,
                           int64_t paramsDim, bool onDevice) {
  if (onDevice)
    return emitDeviceOutOfBoundsCheck(b, loc, g.op, k, bound, paramsDim);
  IndexMath m{b, loc};
  Value firstLane = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, ids.threadX,
                            m.c(0)),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, ids.blockY,
                            m.c(0)));
  scf::IfOp::create(b, loc, firstLane, [&](OpBuilder &rb, Location rl) {
    createOutOfBoundsCheck(rb, rl, g.op, k, bound, paramsDim, g.handler);
    scf::YieldOp::create(rb, rl);
  });
}

/// Where slice r = (batch * O + outer) * N + n lies in the [B, O, N] view.
struct SliceCoords {
  Value n, batchOuter, batch;
};

static SliceCoords getSliceCoords(IndexMath &m, const SliceGather &g, Value r) {
  // Without batch and outer dimensions r is n: no division.
  if (getConstantIntValue(m.mul(g.batch, g.outer)) == 1)
    return {r, m.c(0), m.c(0)};
  Value batchOuter = m.div(r, g.positions);
  return {m.rem(r, g.positions), batchOuter, m.div(batchOuter, g.outer)};
}

/// Loads the index components of the slice at `c`, as `index` values.
static SmallVector<Value> loadSliceIndices(OpBuilder &b, Location loc,
                                           const SliceGather &g,
                                           const SliceCoords &c,
                                           bool onDevice) {
  IndexMath m{b, loc};
  int64_t depth = g.bounds.size();
  Type indexType = cast<MemRefType>(g.indices.getType()).getElementType();
  // Row-major position of index component 0 of this slice.
  Value indexBase = m.mul(m.add(m.mul(c.batch, g.positions), c.n), m.c(depth));
  SmallVector<Value> ks;
  for (int64_t j = 0; j < depth; ++j)
    ks.push_back(castToIndex(
        b, loc,
        memref::LoadOp::create(b, loc, g.indices, m.add(indexBase, m.c(j)),
                               /*nontemporal=*/false,
                               getDeviceAlignment(indexType, onDevice))));
  return ks;
}

/// A slice's params offset and, where the mode may skip slices, whether it
/// is read (null: always).
struct SliceSource {
  Value src, valid;
};

/// Returns index component `k` as error mode checks it: wrap mode is error
/// mode on the wrapped index.
static Value getCheckedIndex(OpBuilder &b, Location loc, const SliceGather &g,
                             Value k, Value bound) {
  if (g.mode != GatherMode::Wrap)
    return k;
  return resolveIndex(b, loc, g.mode, k, bound).address;
}

/// Resolves the index components `ks` of the slice at `c`, checking them
/// first (error and wrap mode) if `check`.
static SliceSource resolveSlice(OpBuilder &b, Location loc,
                                const SliceGather &g, const KernelIds &ids,
                                const SliceCoords &c, ArrayRef<Value> ks,
                                bool onDevice, bool check) {
  IndexMath m{b, loc};
  Value slice = c.batchOuter, valid;
  for (int64_t j = 0, e = g.bounds.size(); j < e; ++j) {
    Value bound = g.bounds[j];
    Value k = getCheckedIndex(b, loc, g, ks[j], bound);
    GatherMode mode = g.mode == GatherMode::Wrap ? GatherMode::Error : g.mode;
    if (mode == GatherMode::Error && check)
      emitIndexCheck(b, loc, g, ids, k, bound, g.geometry.firstIndexedDim + j,
                     onDevice);
    // On the host the handler may return: the reported slice then reads as
    // zero mode, or clamp mode for element types without a zero attribute
    // (docs/spec.md; a kernel has trapped instead).
    GatherMode readMode = mode;
    if (!onDevice && mode == GatherMode::Error)
      readMode = getZeroAttr(getElementTypeOrSelf(g.result.getType()))
                     ? GatherMode::Zero
                     : GatherMode::Clamp;
    ResolvedIndex resolved = resolveIndex(b, loc, readMode, k, bound);
    valid = createAndOfValid(b, loc, valid, resolved.isValid);
    // Clamp mode has nothing to clamp into in an empty dimension: the slice
    // is zero.
    std::optional<int64_t> staticBound = getConstantIntValue(bound);
    if (readMode == GatherMode::Clamp && !(staticBound && *staticBound > 0))
      valid = createAndOfValid(b, loc, valid,
                               arith::CmpIOp::create(b, loc,
                                                     arith::CmpIPredicate::ne,
                                                     bound, m.c(0)));
    slice = m.add(m.mul(slice, bound), resolved.address);
  }
  return {m.mul(slice, g.sliceSize), valid};
}

/// Emits the copy of slice `r`: its index loads and checks, then the
/// thread's share of its elements.
static void emitSlice(OpBuilder &b, Location loc, const SliceGather &g,
                      const KernelIds &ids, Value r, int64_t width,
                      bool onDevice) {
  IndexMath m{b, loc};
  SliceCoords c = getSliceCoords(m, g, r);
  SmallVector<Value> ks = loadSliceIndices(b, loc, g, c, onDevice);
  SliceSource source =
      resolveSlice(b, loc, g, ids, c, ks, onDevice, /*check=*/true);
  Value src = source.src, dst = m.mul(r, g.sliceSize);
  if (!source.valid)
    return emitSliceLoop(b, loc, g, ids, src, dst, width, onDevice);
  scf::IfOp::create(
      b, loc, source.valid,
      [&](OpBuilder &b, Location loc) {
        emitSliceLoop(b, loc, g, ids, src, dst, width, onDevice);
        scf::YieldOp::create(b, loc);
      },
      [&](OpBuilder &b, Location loc) {
        emitSliceLoop(b, loc, g, ids, Value(), dst, width, onDevice);
        scf::YieldOp::create(b, loc);
      });
}

/// Emits `body` where `cond` holds: in an scf.if, or in place when `cond` is
/// null (always).
static void emitGuarded(OpBuilder &b, Location loc, Value cond,
                        function_ref<void(OpBuilder &, Location)> body) {
  if (!cond)
    return body(b, loc);
  scf::IfOp::create(b, loc, cond, [&](OpBuilder &b, Location loc) {
    body(b, loc);
    scf::YieldOp::create(b, loc);
  });
}

/// Emits the error-mode checks (error and wrap mode) of the index components
/// `ks[u]` of the slices where `inRange[u]` holds (null: always), behind one
/// branch on whether any of them is bad: no index load then waits for the
/// check of another.
static void emitChecksInFlight(OpBuilder &b, Location loc, const SliceGather &g,
                               const KernelIds &ids,
                               ArrayRef<SmallVector<Value>> ks,
                               ArrayRef<Value> inRange, bool onDevice) {
  if (g.mode != GatherMode::Error && g.mode != GatherMode::Wrap)
    return;
  SmallVector<SmallVector<Value>> checkedKs;
  Value anyBad;
  for (auto [uks, checked] : llvm::zip_equal(ks, inRange)) {
    SmallVector<Value> &uChecked = checkedKs.emplace_back();
    for (auto [k, bound] : llvm::zip_equal(uks, g.bounds)) {
      uChecked.push_back(getCheckedIndex(b, loc, g, k, bound));
      Value bad = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                        uChecked.back(), bound);
      if (checked)
        bad = arith::AndIOp::create(b, loc, bad, checked);
      anyBad = anyBad ? arith::OrIOp::create(b, loc, anyBad, bad) : bad;
    }
  }
  if (!anyBad) // Index vectors of no components.
    return;
  emitGuarded(b, loc, anyBad, [&](OpBuilder &b, Location loc) {
    for (auto [uChecked, checked] : llvm::zip_equal(checkedKs, inRange)) {
      ArrayRef<Value> indices = uChecked;
      emitGuarded(b, loc, checked, [&](OpBuilder &b, Location loc) {
        for (auto [j, bound] : llvm::enumerate(g.bounds))
          emitIndexCheck(b, loc, g, ids, indices[j], bound,
                         g.geometry.firstIndexedDim + j, onDevice);
      });
    }
  });
}

/// Loads the access at element `offset` of each slice of `sources` that is
/// read (in range, where `inRange` is given, and valid); zero for the others.
static SmallVector<Value>
emitReadsInFlight(OpBuilder &b, Location loc, const SliceGather &g,
                  const Access &access, ArrayRef<SliceSource> sources,
                  ArrayRef<Value> inRange, Value offset) {
  IndexMath m{b, loc};
  SmallVector<Value> values;
  for (auto [source, checked] : llvm::zip_equal(sources, inRange)) {
    Value at = m.add(source.src, offset);
    Value read = createAndOfValid(b, loc, checked, source.valid);
    if (!read) {
      values.push_back(emitAccessLoad(b, loc, g, access, at));
      continue;
    }
    auto ifOp = scf::IfOp::create(
        b, loc, read,
        [&](OpBuilder &b, Location loc) {
          scf::YieldOp::create(b, loc, emitAccessLoad(b, loc, g, access, at));
        },
        [&](OpBuilder &b, Location loc) {
          scf::YieldOp::create(b, loc, createZeroValue(b, loc, access.type));
        });
    values.push_back(ifOp.getResult(0));
  }
  return values;
}

/// Emits the copies of `count` slices r + u * `step` (u < count, those
/// below `numSlices`) where each thread copies access threadIdx.x of each
/// (getSlicesInFlight). All index loads come first, then the checks (one
/// branch), the params loads and the stores: a thread keeps `count` random
/// reads in flight where one slice at a time waits for each (a store may
/// alias the next slice's loads as far as LLVM knows).
static void emitSlicesInFlight(OpBuilder &b, Location loc, const SliceGather &g,
                               const KernelIds &ids, Value r, Value step,
                               Value numSlices, int64_t width, int64_t count,
                               bool onDevice) {
  IndexMath m{b, loc};
  Value last = arith::SubIOp::create(b, loc, numSlices, m.c(1));
  SmallVector<Value> rs, inRange;
  SmallVector<SliceCoords> coords;
  SmallVector<SmallVector<Value>> ks;
  for (int64_t u = 0; u < count; ++u) {
    rs.push_back(u == 0 ? r : m.add(r, m.mul(step, m.c(u))));
    // Slices past the end load the last slice's indices (no branch before
    // the loads) but neither check, read nor write.
    inRange.push_back(u == 0 ? Value() : m.ult(rs[u], numSlices));
    coords.push_back(getSliceCoords(m, g, u == 0 ? r : m.min(rs[u], last)));
    ks.push_back(loadSliceIndices(b, loc, g, coords[u], onDevice));
  }
  emitChecksInFlight(b, loc, g, ids, ks, inRange, onDevice);
  SmallVector<SliceSource> sources;
  for (int64_t u = 0; u < count; ++u)
    sources.push_back(resolveSlice(b, loc, g, ids, coords[u], ks[u], onDevice,
                                   /*check=*/false));
  Access access = getAccess(g, width, onDevice);
  Value offset = m.mul(ids.threadX, m.c(width));
  SmallVector<Value> values =
      emitReadsInFlight(b, loc, g, access, sources, inRange, offset);
  for (int64_t u = 0; u < count; ++u) {
    Value to = m.add(m.mul(rs[u], g.sliceSize), offset);
    emitGuarded(b, loc, inRange[u], [&](OpBuilder &b, Location loc) {
      emitAccessStore(b, loc, g, access, values[u], to);
    });
  }
}

/// Emits the kernel body: the grid-stride loop over slices, `inFlight`
/// slices per thread and step (see emitSlicesInFlight; 1: emitSlice).
static void emitKernelBody(OpBuilder &b, Location loc, const SliceGather &g,
                           const KernelIds &ids, int64_t width,
                           int64_t inFlight, bool onDevice) {
  IndexMath m{b, loc};
  Value numSlices = m.product({g.batch, g.outer, g.positions});
  // Empty slices need no index: an empty result reads none (and reports no
  // bad one), as on the CPU.
  std::optional<int64_t> staticSlice = getConstantIntValue(g.sliceSize);
  if (!staticSlice || *staticSlice == 0) {
    Value empty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        g.sliceSize, m.c(0));
    numSlices = arith::SelectOp::create(b, loc, empty, m.c(0), numSlices);
  }
  Value begin = m.add(m.mul(ids.blockX, ids.blockDimY), ids.threadY);
  Value step = m.mul(ids.gridX, ids.blockDimY);
  scf::ForOp::create(b, loc, begin, numSlices, m.mul(step, m.c(inFlight)),
                     ValueRange{},
                     [&](OpBuilder &b, Location loc, Value r, ValueRange) {
                       if (inFlight == 1)
                         emitSlice(b, loc, g, ids, r, width, onDevice);
                       else
                         emitSlicesInFlight(b, loc, g, ids, r, step, numSlices,
                                            width, inFlight, onDevice);
                       scf::YieldOp::create(b, loc);
                     });
}

/// Threads per block and the bound on blocks of one launch.
struct LaunchBounds {
  Value blockSize, maxBlocks;
};

/// The launch bounds for `g`'s slices of `lanes` accesses. A positive option
/// is used as given; 0 (the default) picks it per gather, each class taking
/// the setting that measured best for it on an H200 (bench/gpu/README.md,
/// "Launch configuration"):
/// - slices of a warp of accesses or more: 512 threads, 8192 blocks (rows of
///   512 B: 1.08x the 256-thread blocks);
/// - one-element slices that share a params row (batch or outer dimensions,
///   e.g. axis 1): 1024 threads, 8192 blocks; a block's reads then fall in
///   few rows and hit in L1 (columns: 1.56x);
/// - other one-element slices (random scalars): 256 threads, 65536 blocks;
///   4 slices per thread rather than 32 (scalars: 1.85x);
/// - other short slices: 256 threads, 8192 blocks.
static LaunchBounds getLaunchBounds(IndexMath &m, const SliceGather &g,
                                    const GatherToGPUOptions &options,
                                    Value lanes) {
  Value wide = m.uge(lanes, m.c(kWarpSize));
  Value single = m.ult(lanes, m.c(2));
  Value sharedRow = m.ult(m.c(1), m.mul(g.batch, g.outer));
  auto perCase = [&](int64_t option, int64_t wideValue, int64_t rowValue,
                     int64_t scalarValue, int64_t shortValue) {
    if (option > 0)
      return m.c(option);
    Value singleValue = m.select(sharedRow, m.c(rowValue), m.c(scalarValue));
    return m.select(wide, m.c(wideValue),
                    m.select(single, singleValue, m.c(shortValue)));
  };
  return {perCase(options.blockSize, 512, 1024, 256, 256),
          perCase(options.maxBlocks, 8192, 8192, 65536, 8192)};
}

/// Slices a thread copies per step of its grid-stride loop, their reads in
/// flight together (emitSlicesInFlight): `slices-per-thread` where given,
/// else kSlicesInFlight. Only for kernels where each thread makes exactly
/// one access per slice: a static slice of `lanes` accesses that one row of
/// a block holds (lanes <= block size, fewer than a warp or whole warps,
/// which gives gridDim.y = 1), of signless integer, index or floating-point
/// elements (arith.constant makes their zeros); other kernels copy one slice
/// at a time.
static int64_t getSlicesInFlight(const SliceGather &g,
                                 const GatherToGPUOptions &options, Value lanes,
                                 Value blockSize) {
  std::optional<int64_t> staticLanes = getConstantIntValue(lanes);
  std::optional<int64_t> staticBlock = getConstantIntValue(blockSize);
  Type elementType = cast<MemRefType>(g.result.getType()).getElementType();
  if (!staticLanes || *staticLanes < 1 || !staticBlock ||
      *staticBlock < *staticLanes ||
      (*staticLanes > kWarpSize && *staticLanes % kWarpSize != 0) ||
      !elementType.isSignlessIntOrIndexOrFloat())
    return 1;
  return options.slicesPerThread > 0 ? options.slicesPerThread
                                     : kSlicesInFlight;
}

/// Emits the launch (or, host-only, the scf.parallel) of the kernel with
/// `width` elements per access. The block shape adapts to the slice length:
/// short slices pack several per block, long ones are split along grid y.
static void emitLaunch(OpBuilder &b, Location loc, const SliceGather &g,
                       const GatherToGPUOptions &options, int64_t width) {
  IndexMath m{b, loc};
  Value lanes = m.div(g.sliceSize, m.c(width));
  auto [blockSize, maxBlocks] = getLaunchBounds(m, g, options, lanes);
  // Lanes along a slice: the slice length up to a warp, else whole warps.
  Value isShort = m.ult(lanes, m.c(kWarpSize));
  Value roundedUp = m.mul(m.ceilDiv(lanes, m.c(kWarpSize)), m.c(kWarpSize));
  Value blockDimX =
      m.min(m.select(isShort, m.max(lanes, m.c(1)), roundedUp), blockSize);
  Value blockDimY = m.div(blockSize, blockDimX);
  Value numSlices = m.product({g.batch, g.outer, g.positions});
  Value gridY = m.max(
      m.min(m.ceilDiv(lanes, blockDimX), m.min(maxBlocks, m.c(kMaxGridY))),
      m.c(1));
  int64_t inFlight = getSlicesInFlight(g, options, lanes, blockSize);
  Value gridX =
      m.max(m.min(m.ceilDiv(numSlices, m.mul(blockDimY, m.c(inFlight))),
                  m.max(m.div(maxBlocks, gridY), m.c(1))),
            m.c(1));

  if (options.hostOnly) {
    Value zero = m.c(0), one = m.c(1);
    scf::ParallelOp::create(
        b, loc, ValueRange{zero, zero, zero, zero},
        ValueRange{gridX, gridY, blockDimY, blockDimX},
        ValueRange{one, one, one, one},
        [&](OpBuilder &b, Location loc, ValueRange ivs) {
          KernelIds ids{ivs[0], ivs[1], ivs[3],    ivs[2],
                        gridX,  gridY,  blockDimX, blockDimY};
          emitKernelBody(b, loc, g, ids, width, inFlight, /*onDevice=*/false);
        });
    return;
  }
  Value one = m.c(1);
  auto launch = gpu::LaunchOp::create(b, loc, gridX, gridY, one, blockDimX,
                                      blockDimY, one);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&launch.getBody().front());
  gpu::KernelDim3 block = launch.getBlockIds(), thread = launch.getThreadIds();
  gpu::KernelDim3 grid = launch.getGridSize(), blockDim = launch.getBlockSize();
  KernelIds ids{block.x, block.y, thread.x,   thread.y,
                grid.x,  grid.y,  blockDim.x, blockDim.y};
  emitKernelBody(b, loc, g, ids, width, inFlight, /*onDevice=*/true);
  gpu::TerminatorOp::create(b, loc);
}

/// Returns `buffer` (identity layout, `numElements` elements) as a 1-D
/// memref. A reinterpret_cast, unlike collapse_shape, also flattens rank 0
/// and keeps a valid type when canonicalization makes some sizes static.
static Value flatten(OpBuilder &b, Location loc, Value buffer,
                     Value numElements) {
  auto type = cast<MemRefType>(buffer.getType());
  if (type.getRank() == 1)
    return buffer;
  std::optional<int64_t> size = getConstantIntValue(numElements);
  auto flatType = MemRefType::get({size ? *size : ShapedType::kDynamic},
                                  type.getElementType());
  return memref::ReinterpretCastOp::create(
      b, loc, flatType, buffer, /*offset=*/b.getIndexAttr(0),
      /*sizes=*/ArrayRef<OpFoldResult>{getAsOpFoldResult(numElements)},
      /*strides=*/ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
}

/// Returns an identity-layout buffer holding `tensor`, and its sizes. A
/// memref (an operand of the buffer form, identity layout) is its own buffer.
static Value toBuffer(OpBuilder &b, Location loc, Value tensor,
                      SmallVectorImpl<Value> &sizes) {
  if (isa<MemRefType>(tensor.getType())) {
    for (OpFoldResult size : memref::getMixedSizes(b, loc, tensor))
      sizes.push_back(getValueOrCreateConstantIndexOp(b, loc, size));
    return tensor;
  }
  auto type = cast<RankedTensorType>(tensor.getType());
  for (OpFoldResult size : tensor::getMixedSizes(b, loc, tensor))
    sizes.push_back(getValueOrCreateConstantIndexOp(b, loc, size));
  return bufferization::ToBufferOp::create(
      b, loc, MemRefType::get(type.getShape(), type.getElementType()), tensor,
      /*read_only=*/true);
}

/// True for the buffer form of `op` with identity layouts only, which the
/// kernels read and write in place (any other layout goes through the tensor
/// form, see populateGatherBufferFormToTensorPatterns).
static bool isFlatBufferForm(GatherOpInterface op) {
  return op.hasBufferSemantics() &&
         llvm::all_of(op->getOperandTypes(), [](Type type) {
           return cast<MemRefType>(type).getLayout().isIdentity();
         });
}

/// Allocates the result buffer (host memory) of the tensor form, as static as
/// the reified result sizes: a size the canonicalizer would make static later
/// must not change its type then.
static Value createResultBuffer(OpBuilder &b, Location loc,
                                ArrayRef<OpFoldResult> sizes,
                                Type elementType) {
  SmallVector<int64_t> resultShape;
  SmallVector<Value> dynResultSizes;
  for (OpFoldResult size : sizes) {
    std::optional<int64_t> constant = getConstantIntValue(size);
    resultShape.push_back(constant ? *constant : ShapedType::kDynamic);
    if (!constant)
      dynResultSizes.push_back(cast<Value>(size));
  }
  auto type = MemRefType::get(resultShape, elementType);
  return memref::AllocOp::create(b, loc, type, dynResultSizes);
}

/// Marks `op` as managing its buffer itself, so that buffer deallocation
/// passes neither free the device buffer nor reject its gpu.dealloc.
static void setManualDeallocation(Operation *op) {
  op->setAttr(bufferization::BufferizationDialect::kManualDeallocation,
              UnitAttr::get(op->getContext()));
}

/// Allocates a device buffer of `type`, freed by the code we emit.
static Value createDeviceAlloc(OpBuilder &b, Location loc, MemRefType type,
                               ValueRange dynSizes) {
  auto alloc = gpu::AllocOp::create(b, loc, type, /*asyncToken=*/Type(),
                                    ValueRange{}, dynSizes, ValueRange{});
  setManualDeallocation(alloc);
  return alloc.getMemref();
}

/// Returns a device copy of the 1-D host buffer `host` of `numElements`.
static Value copyToDevice(OpBuilder &b, Location loc, Value host,
                          Value numElements) {
  auto type = cast<MemRefType>(host.getType());
  SmallVector<Value> dynSizes;
  if (type.isDynamicDim(0))
    dynSizes.push_back(numElements);
  Value device = createDeviceAlloc(b, loc, type, dynSizes);
  gpu::MemcpyOp::create(b, loc, Type(), ValueRange{}, device, host);
  return device;
}

/// True when the elements of `type` (static sizes only) can be counted in
/// an int64_t: the flattened buffers are indexed by one `index` value.
static bool hasCountableElements(ShapedType type) {
  int64_t count = 1;
  for (int64_t size : type.getShape()) {
    if (ShapedType::isDynamic(size))
      continue;
    std::optional<int64_t> product = llvm::checkedMul(count, size);
    if (!product)
      return false;
    count = *product;
  }
  return true;
}

/// Checks what the kernels can copy, with a diagnostic naming the type
/// unless `quiet`: integer, index and floating-point elements, and complex
/// numbers and static vectors of them (payloads, copied whole); on a device
/// their scalars at most 64 bits wide (NVPTX selects no loads of f80 or
/// f128); and operands whose static sizes count in 64 bits.
static LogicalResult checkSupported(GatherOpInterface op, bool hostOnly,
                                    bool quiet = false) {
  if (quiet) {
    ScopedDiagnosticHandler silence(op->getContext(),
                                    [](Diagnostic &) { return success(); });
    return checkSupported(op, hostOnly);
  }
  if (failed(checkNoTensorEncodings(op)))
    return failure();
  Type elementType = op.getParamsType().getElementType();
  Type scalar = getScalarPayloadType(elementType);
  if (!scalar)
    return op->emitOpError("element type ")
           << elementType
           << " is not supported by convert-gather-to-gpu: its kernels copy "
              "integer, index and floating-point elements, and complex "
              "numbers and vectors of them";
  if (!hostOnly && !scalar.isIndex() && scalar.getIntOrFloatBitWidth() > 64)
    return op->emitOpError("element type ")
           << elementType
           << " is not supported on the GPU: NVPTX has no loads and stores "
              "of scalars wider than 64 bits (host-only=true runs it)";
  for (ShapedType type :
       {ShapedType(op.getParamsType()), ShapedType(op.getIndicesType()),
        ShapedType(op.getResultType())})
    if (!hasCountableElements(type))
      return op->emitOpError("operand or result type ")
             << type << " has more than 2^63 - 1 elements";
  return success();
}

static bool isSupported(GatherOpInterface op, bool hostOnly) {
  return succeeded(checkSupported(op, hostOnly, /*quiet=*/true));
}

namespace {

/// Lowers a gather op to a kernel on its flattened slice view.
struct GatherToGPUPattern
    : public OpInterfaceConversionPattern<GatherOpInterface> {
  GatherToGPUPattern(MLIRContext *context, const GatherToGPUOptions &options,
                     PatternBenefit benefit)
      : OpInterfaceConversionPattern<GatherOpInterface>(context, benefit),
        options(options) {}

  LogicalResult
  matchAndRewrite(GatherOpInterface op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    ReifiedRankedShapedTypeDims resultDims;
    if (failed(matchLowerable(op, rewriter, resultDims)))
      return failure();
    Location loc = op.getLoc();
    Type elementType = op.getResultType().getElementType();

    // Operands in ODS order: params, indices.
    SmallVector<Value> paramDims, indexDims;
    Value params = toBuffer(rewriter, loc, operands[0], paramDims);
    Value indices = toBuffer(rewriter, loc, operands[1], indexDims);
    SliceGather g;
    g.mode = op.getMode();
    g.op = op;
    g.geometry = op.getGeometry();
    g.handler = options.outOfBoundsHandler;
    getView(rewriter, loc, paramDims, indexDims, g);

    IndexMath m{rewriter, loc};
    // The kernels write `out` (operands[2]) in the buffer form.
    Value result = op.hasBufferSemantics()
                       ? operands[2]
                       : createResultBuffer(rewriter, loc, resultDims.front(),
                                            elementType);
    Value numParams = m.product(paramDims);
    Value numIndices = m.product(indexDims);
    Value numResult = m.product({g.batch, g.outer, g.positions, g.sliceSize});
    Value flatParams = flatten(rewriter, loc, params, numParams);
    Value flatIndices = flatten(rewriter, loc, indices, numIndices);
    Value flatResult = flatten(rewriter, loc, result, numResult);
    // Sizes that must agree are checked on the host before anything is
    // copied or launched; after a handler that returns, the result is zeros.
    Value mismatch =
        needsRunTimeShapeChecks(op)
            ? createShapeAgreementCheck(rewriter, loc, op, operands[0],
                                        operands[1], g.handler)
            : Value();
    scf::IfOp ifMismatch;
    if (mismatch) {
      ifMismatch = scf::IfOp::create(rewriter, loc, mismatch,
                                     /*withElseRegion=*/true);
      rewriter.setInsertionPoint(ifMismatch.thenYield());
      emitZeroFill(rewriter, loc, flatResult, numResult, elementType);
      rewriter.setInsertionPoint(ifMismatch.elseYield());
    }
    emitCopiesAndLaunches(rewriter, loc, g, flatParams, flatIndices, flatResult,
                          numParams, numIndices, numResult, elementType);
    if (ifMismatch)
      rewriter.setInsertionPointAfter(ifMismatch);
    replaceWithResult(rewriter, op, result);
    return success();
  }

private:
  /// Whether `op` lowers here (a match failure says why not); the tensor
  /// form's result sizes into `resultDims`.
  LogicalResult matchLowerable(GatherOpInterface op,
                               ConversionPatternRewriter &rewriter,
                               ReifiedRankedShapedTypeDims &resultDims) const {
    // The buffer form is lowered in place where its layouts are identities;
    // otherwise it goes through the tensor form
    // (populateGatherBufferFormToTensorPatterns).
    if (op.hasBufferSemantics() && !isFlatBufferForm(op))
      return rewriter.notifyMatchFailure(op, "buffer form with a layout");
    if (!isSupported(op, options.hostOnly))
      return rewriter.notifyMatchFailure(op, "unsupported element type or size "
                                             "(checkSupported says why)");
    if (!op.hasBufferSemantics() &&
        failed(reifyResultShapes(rewriter, op, resultDims)))
      return rewriter.notifyMatchFailure(op, "cannot reify result shape");
    return success();
  }

  /// Erases the buffer form (its kernels wrote `out`); replaces the tensor
  /// form by the result buffer as a tensor of the op's result type.
  static void replaceWithResult(ConversionPatternRewriter &rewriter,
                                GatherOpInterface op, Value result) {
    if (op.hasBufferSemantics()) {
      rewriter.eraseOp(op);
      return;
    }
    Location loc = op.getLoc();
    Value tensor = bufferization::ToTensorOp::create(
        rewriter, loc, memref::getTensorTypeFromMemRefType(result.getType()),
        result, /*restrict=*/true, /*writable=*/true);
    if (tensor.getType() != op.getResultType())
      tensor =
          tensor::CastOp::create(rewriter, loc, op.getResultType(), tensor);
    rewriter.replaceOp(op, tensor);
  }

  /// Copies the operands to the device (unless host-only), launches the
  /// kernels, and copies the result back.
  void emitCopiesAndLaunches(OpBuilder &b, Location loc, SliceGather &g,
                             Value flatParams, Value flatIndices,
                             Value flatResult, Value numParams,
                             Value numIndices, Value numResult,
                             Type elementType) const {
    if (options.hostOnly) {
      g.params = flatParams;
      g.indices = flatIndices;
      g.result = flatResult;
    } else {
      g.params = copyToDevice(b, loc, flatParams, numParams);
      g.indices = copyToDevice(b, loc, flatIndices, numIndices);
      SmallVector<Value> dynSizes;
      if (cast<MemRefType>(flatResult.getType()).isDynamicDim(0))
        dynSizes.push_back(numResult);
      g.result = createDeviceAlloc(
          b, loc, cast<MemRefType>(flatResult.getType()), dynSizes);
    }

    emitLaunches(b, loc, g, elementType);

    if (!options.hostOnly) {
      gpu::MemcpyOp::create(b, loc, Type(), ValueRange{}, flatResult,
                            g.result);
      for (Value device : {g.params, g.indices, g.result})
        setManualDeallocation(
            gpu::DeallocOp::create(b, loc, Type(), ValueRange{}, device));
    }
  }

  /// Stores zeros into the `size` elements of the 1-D host buffer `flat`.
  static void emitZeroFill(OpBuilder &b, Location loc, Value flat, Value size,
                           Type elementType) {
    IndexMath m{b, loc};
    Value zero = createZeroValue(b, loc, elementType);
    scf::ForOp::create(b, loc, m.c(0), size, m.c(1), ValueRange{},
                       [&](OpBuilder &fb, Location fl, Value i, ValueRange) {
                         memref::StoreOp::create(fb, fl, zero, flat, i);
                         scf::YieldOp::create(fb, fl);
                       });
  }

  /// Emits the wide kernel where the slice allows it, the scalar one
  /// otherwise; a dynamic slice length picks at runtime.
  void emitLaunches(OpBuilder &b, Location loc, const SliceGather &g,
                    Type elementType) const {
    int64_t width = options.vectorize ? getVectorWidth(elementType) : 1;
    std::optional<int64_t> staticSlice = getConstantIntValue(g.sliceSize);
    if (width == 1 || (staticSlice && *staticSlice % width != 0)) {
      emitLaunch(b, loc, g, options, 1);
      return;
    }
    if (staticSlice) {
      emitLaunch(b, loc, g, options, width);
      return;
    }
    IndexMath m{b, loc};
    Value divisible =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                              m.rem(g.sliceSize, m.c(width)), m.c(0));
    scf::IfOp::create(
        b, loc, divisible,
        [&](OpBuilder &b, Location loc) {
          emitLaunch(b, loc, g, options, width);
          scf::YieldOp::create(b, loc);
        },
        [&](OpBuilder &b, Location loc) {
          emitLaunch(b, loc, g, options, 1);
          scf::YieldOp::create(b, loc);
        });
  }

  /// Fills in the view's sizes from the params (`p`) and indices (`i`)
  /// sizes: params [B, O, D..., S], indices [B, N(, K)].
  static void getView(OpBuilder &b, Location loc, ArrayRef<Value> p,
                      ArrayRef<Value> i, SliceGather &g) {
    IndexMath m{b, loc};
    const GatherGeometry &geo = g.geometry;
    int64_t first = geo.firstIndexedDim;
    g.batch = m.product(p.take_front(geo.batchDims));
    g.outer = m.product(p.slice(geo.batchDims, first - geo.batchDims));
    g.bounds = llvm::to_vector(p.slice(first, geo.indexDepth));
    g.sliceSize = m.product(p.drop_front(first + geo.indexDepth));
    g.positions = m.product(i.slice(geo.batchDims, geo.numPositionDims));
  }

  GatherToGPUOptions options;
};

} // namespace

void mlir::gather::populateGatherToGPUPatterns(
    RewritePatternSet &patterns, const GatherToGPUOptions &options,
    PatternBenefit benefit) {
  // Tried first: it lowers the buffer form with identity layouts in place.
  patterns.add<GatherToGPUPattern>(patterns.getContext(), options,
                                   PatternBenefit(benefit.getBenefit() + 1));
  populateGatherBufferFormToTensorPatterns(patterns, benefit);
}

namespace {
struct ConvertGatherToGPUPass
    : public gather::impl::ConvertGatherToGPUPassBase<ConvertGatherToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(options::checkGatherToGPUPass(getOperation(), blockSize,
                                             maxBlocks, slicesPerThread)))
      return signalPassFailure();
    GatherToGPUOptions options;
    options.hostOnly = hostOnly;
    options.outOfBoundsHandler = outOfBoundsHandler;
    options.blockSize = blockSize;
    options.maxBlocks = maxBlocks;
    options.slicesPerThread = slicesPerThread;
    options.vectorize = vectorize;
    // The host-only form reports bad indices as the CPU lowerings do, which
    // ends the program through @exit.
    if (hostOnly && failed(declareOutOfBoundsHandlersIfNeeded(
                        getOperation(), outOfBoundsHandler)))
      return signalPassFailure();
    // Say why an op cannot be lowered, rather than that it was not.
    WalkResult unsupported = getOperation()->walk([&](GatherOpInterface op) {
      return failed(checkSupported(op, hostOnly)) ? WalkResult::interrupt()
                                                  : WalkResult::advance();
    });
    if (unsupported.wasInterrupted())
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    populateGatherToGPUPatterns(patterns, options);
    ConversionTarget target(getContext());
    target.addIllegalDialect<GatherDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
