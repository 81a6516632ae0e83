//===- CPUTarget.h - what the CPU lowering knows of its target --*- C++ -*-===//
//
// Part of the gather project.
//
// The tuning knowledge of the CPU loop lowering (convert-gather-to-scf), kept
// out of the conversion: cache sizes and the thresholds measured against
// them. The defaults are those measured on the project's benchmark machines
// (docs/performance.md, "Tuning constants"); a module overrides the cache
// sizes with DLTI entries of a target device spec "CPU":
//
//   module attributes {dlti.target_system_spec = #dlti.target_system_spec<
//     "CPU" = #dlti.target_device_spec<
//       "L1_cache_size_in_bytes" = 49152 : ui64,
//       "L2_cache_size_in_bytes" = 2097152 : ui64,
//       "L3_cache_size_in_bytes" = 33554432 : ui64,
//       "cache_line_size_in_bytes" = 128 : ui64>>} { ... }
//
// and the thresholds that derive from them follow. The prefetch rules also
// depend on the CPU's microarchitecture, read from the chip of the nearest
// `llvm.target` attribute (upstream's LLVM target description, which
// gather-target-cpu and gather-cpu-pipeline's `target-cpu` set):
//
//   module attributes {llvm.target = #llvm.target<
//     triple = "x86_64-unknown-linux-gnu", chip = "znver5">} { ... }
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_TARGET_CPU_CPUTARGET_H
#define GATHER_TARGET_CPU_CPUTARGET_H

#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>

namespace mlir {
namespace gather {

struct CPUTargetDescription {
  /// Bytes of a cache line: the unit of the prefetches.
  int64_t cacheLineBytes = 64;
  /// Bytes of the per-core L1 data cache.
  int64_t l1CacheBytes = 32 << 10;
  /// Bytes of the per-core L2 cache.
  int64_t l2CacheBytes = 1 << 20;
  /// Bytes of the L3 cache the core shares (of one CCD on AMD Zen).
  int64_t l3CacheBytes = 32 << 20;

  /// Index positions whose indices error mode checks (one vectorizable
  /// or-reduction) just before copying them, with threads (one thread:
  /// sliceCheckChunkPositions, elementCheckChunkPositions): the copy loop
  /// then reads the indices again from L1 (32 KiB holds 1024 index vectors of
  /// up to 4 i64 components with room for the slices). Element copies wait on
  /// random reads; a longer loop keeps more of them in flight (gather_nd of
  /// elements on 2 threads: 1.51x the C++ loop with 1024, 1.17-1.20x with
  /// 64-256).
  int64_t checkChunkPositions = 1024;
  /// The same for slice copies (rows of 16 B and more) on one thread: a
  /// shorter chunk keeps its indices, the slices it reads and writes, and
  /// the next chunk's prefetched indices within L1, and its check close to
  /// its copies (bench/run.py, 1024 -> 128: sorted rows of 16 B 0.93 ->
  /// 1.01x the C++ loop, random rows of 256 B 1.68 -> 1.85x, L2-resident
  /// rows of 16 B 0.97 -> 1.02x; docs/performance.md). With threads the
  /// chunks a forall splits stay at checkChunkPositions (each has a flag
  /// byte in a heap buffer; smaller ones gained 1-3 % at most), and each
  /// iteration checks and copies its chunk in sub-chunks of one thread's
  /// chunk size, this many positions or checkChunkIndexBytes of indices
  /// (LoweringPlan::subChunkPositions; stop 20, two threads, gen/loop:
  /// sorted rows of 16 B 0.94 -> 1.05x, random ones 1.28 -> 1.33x, other
  /// slice cases within noise; stop 39, Zen, random rows of 16 B with i64
  /// indices in 64 positions: 0.94-0.97 -> 0.96-1.02x).
  int64_t sliceCheckChunkPositions = 128;
  /// The same for element copies on one thread. A chunk's random reads
  /// (one line each) pass through L1 between its check and its copies, and
  /// on Zen 5 (48 KiB L1) those of 1024 positions evict the chunk's index
  /// lines before the copies read them again: the check's traffic is then
  /// paid twice. Zen: 128 (stop 28, one thread, gen / plain C++ loop, two
  /// alternating runs of 1024, 256 and 128: f32 elements in L2 0.90-0.92 ->
  /// 0.98-1.00x, i8 0.89-0.90 -> 0.94-0.97x, gather_nd scalars in L2
  /// 0.88-0.90 -> 0.92-0.94x, batch_dims elements from 256 MiB 0.93-0.96 ->
  /// 1.02-1.04x; 256 fell between). With threads, each forall chunk of
  /// checkChunkPositions is checked and copied in sub-chunks of this size
  /// (with checkChunkIndexBytes), for the same reason (stop 39, two
  /// threads, alternating rounds, gen / plain C++ loop: f32 elements from
  /// 256 MiB 0.95-0.97 -> 0.97-1.04x, batch_dims elements 0.93-0.98 ->
  /// 0.98-1.02x, gather_nd scalars 0.96-0.98 -> 0.97-1.01x). The default
  /// stays at checkChunkPositions until measured on Intel.
  int64_t elementCheckChunkPositions = 1024;
  /// Element copies of index vectors of two or more components (gather_nd
  /// of scalars) from static params that L2 holds, on one thread, in a
  /// checked mode: groups of this many positions are checked in vectors
  /// that also compute each position's params offset, one group ahead of
  /// its copies, which take the offsets from the vector
  /// (LoweringPlan::copyThroughOffsets): one vector load of the components
  /// per group where the copies would load every component again. 0: never.
  /// Zen: 8, one 64-byte vector of offsets (stop 40, nd_full_f32_i64_l2,
  /// gen / plain C++ loop: stop 30's chunks of 256 checked into a stack
  /// buffer of offsets 0.93-0.96x, groups of 8 in vectors 1.00-1.03x; in a
  /// C++ model, chunks of 64-256 0.92-0.98x, of 8-32 1.00-1.02x: a long
  /// chunk's burst of index loads does not overlap the params loads). From
  /// params beyond L2 the copies wait on misses, which the check only
  /// delays (stop 30's chunks, scalars from 256 MiB: 0.96-0.99 ->
  /// 0.79-0.95x). The default stays at 0 until measured on Intel.
  int64_t offsetVectorPositions = 0;
  /// Element copies from a static table that L2 holds, on one thread, in
  /// error mode, test each index in the copy loop and branch to a rare copy
  /// that reports and resolves a bad one (LoweringPlan::Checks::Branching),
  /// in place of the checked chunks and offset vectors above; a revisit of
  /// indices none of which was bad (outer params dimensions) copies them
  /// unchecked. The copies are load-bound (an index, an element), and a
  /// check loop adds its own loads of the indices where a compare and a
  /// predicted branch use none. Zen 5 (stop 47, three alternating rounds,
  /// generated / plain C++ loop, checked chunks -> branching): gather_nd
  /// scalars with i64 pairs through offset vectors 0.930 -> 0.995x,
  /// batch_dims elements 0.967 -> 1.006x, i8 elements 0.991 -> 1.002x, f32
  /// elements 0.982 -> 0.990x (1.011x with the revisits unchecked, five
  /// rounds). Zero mode keeps its chunks (LoweringPlan.cpp,
  /// branchesOnEachIndex). Elsewhere unmeasured: off.
  bool branchingElementChecks = false;
  /// Copies of elements and of slices under a cache line, on one thread,
  /// check chunks of at most this many bytes of indices (then at most
  /// elementCheckChunkPositions or sliceCheckChunkPositions positions; 0:
  /// only those bounds). Zen: 512, 128 positions of i32 indices, 64 of i64
  /// or of i32 pairs, 32 of i64 pairs (stop 37, three alternating rounds,
  /// generated / plain C++ loop). Elements, 128, 64 and 32 positions: the
  /// best size held 512 B of indices for every case it changed; gather_nd
  /// scalars with i64 pairs from 8 MiB of params 0.53-0.55 -> 0.86-0.96x,
  /// i32 pairs from 256 MiB 0.96-0.98 -> 0.99-1.01x, f32 elements with i64
  /// indices 0.95-0.98 -> 0.98-1.00x; with i32 indices 32 positions lost
  /// up to 20 % and 64 up to 3 %. Slices, 128 against 512 B: random rows
  /// of 16 B with i64 indices 0.96-0.97 -> 0.99-1.00x; rows of 256 B even
  /// either way (their copies outlast the wait), so they keep 128. Before
  /// a chunk's copies the core waits for the check's loads of its indices;
  /// the more there are, the longer it waits. The default (0) keeps
  /// positions until measured on Intel.
  int64_t checkChunkIndexBytes = 0;
  /// The index positions of one checked chunk, on `threads` or one
  /// thread, of slice copies or element copies (`cheapCopies`: elements,
  /// slices under a cache line) whose index vectors take
  /// `indexBytesPerPosition` bytes.
  int64_t getCheckChunkPositions(bool sliceCopies, bool threads,
                                 bool cheapCopies,
                                 int64_t indexBytesPerPosition) const {
    if (threads)
      return checkChunkPositions;
    int64_t positions =
        sliceCopies ? sliceCheckChunkPositions : elementCheckChunkPositions;
    if (!cheapCopies || checkChunkIndexBytes <= 0 || indexBytesPerPosition <= 0)
      return positions;
    return std::clamp<int64_t>(checkChunkIndexBytes / indexBytesPerPosition, 1,
                               positions);
  }

  /// With threads, a gather whose loops outside the innermost position
  /// loop make at most this many iterations (static) runs those loops in
  /// sequence, each around an scf.forall over chunks of the position loop,
  /// rather than splitting its outermost loop over the threads: the threads
  /// then read the same params row at a time, as a C++ loop that splits its
  /// positions does (elements from 4 rows of 64 MiB on 2 threads: the split
  /// rows ran at 0.88x that loop; docs/performance.md). Each iteration forks
  /// and joins once, hence the bound.
  int64_t parallelChunksMaxOuterIterations = 8;
  /// ... or more outer iterations, when the position loop has at least this
  /// many static positions: one fork and join per outer iteration is then
  /// under 1% of its copies, and the threads share one params row rather
  /// than each streaming its own through the last-level cache (elements from
  /// 16 rows of 16 MiB on 2 threads: rows split ran at 0.69x the C++ loop;
  /// docs/performance.md).
  int64_t parallelChunksMinPositions = int64_t(1) << 18;

  /// Gathers of at most this many copies (static), on one thread, in a
  /// reporting mode or zero mode, check each index as they copy its slice:
  /// a branch-free copy loop that or-reduces the checks, and a report (and
  /// zeroing) loop that runs only when one failed
  /// (LoweringPlan::Checks::Flagged), rather than a chunk loop, a check
  /// loop, an unchecked copy loop and a resolving one. As fast on 16 rows of
  /// 256 B, and three quarters of the code (compile time,
  /// bench/compile_time.py). A copy loop that branches around each copy
  /// was 10 % slower: it keeps fewer rows in flight. In clamp mode such
  /// gathers clamp each index in their one copy loop (Checks::PerCopy).
  /// Small gathers prefetch no slices (unless prefetch-distance asks): 16
  /// rows of 256 B ran at 0.80-0.83x the plain C++ loop with prefetches,
  /// 1.03-1.04x without (bench/run.py, *_16rows).
  int64_t perCopyCheckMaxCopies = 64;
  /// On one thread, in a reporting mode or zero mode, copies of static
  /// slices of at least flaggedChecksMinSliceBytes and under
  /// flaggedChecksMaxSliceBytes check their own indices in the same way
  /// whatever their number (LoweringPlan::Checks::Flagged, slice prefetches
  /// kept), rather than a check loop ahead of each chunk's copies: such a
  /// slice's inline copy outlasts its check, and the copy loop no longer
  /// pauses at every chunk. 0: never. Zen: 64, a cache line (stop 41,
  /// three alternating rounds, generated / plain C++ loop, per-chunk ->
  /// flagged: gather_nd rows of 256 B in L2 0.987 -> 1.001x, from 256 MiB
  /// 1.19 -> 1.23x, f16 rows 1.23 -> 1.28x, sorted rows of 256 B in L2
  /// 0.977 -> 0.996x, from 256 MiB 1.15 -> 1.19x; random rows of 256 B
  /// within 1 % either way). Slices under a line keep their chunks
  /// (dense-chunk streaming; element copies in L2 ran at 0.65-0.83x
  /// flagged), and so do slices of 1 KiB and more, memcpy calls
  /// (rolledSliceCopyMinBytes) that dwarf the check (rows of 4 and 64 KiB
  /// within 1.5 % either way) and that stream dense chunks
  /// (denseOnlyStreamMinBytes).
  int64_t flaggedChecksMinSliceBytes = 0;
  int64_t flaggedChecksMaxSliceBytes = 1024;

  /// Loops of slice copies of at least this many bytes, or of a size known
  /// only at run time, are marked `unroll.disable`: each copy is then a call
  /// of libc's memcpy (LLVM's x86 backend expands one of at most eight
  /// vector stores inline, 512 B with AVX-512), and unrolled the loop keeps
  /// more indices and flags live across the calls than the callee-saved
  /// registers hold, without saving anything. Zen 5 (bench/run.py, ten
  /// alternating rounds, generated / plain C++ loop): 64 random rows of
  /// 4 KiB in L2, 8 copies an iteration 0.97-0.98x (0.975 median), one
  /// 0.99-1.06x (1.033).
  int64_t rolledSliceCopyMinBytes = 1024;

  /// Static indices of at most this many bytes (half of L2) are checked once
  /// before the loops when the loops have outer dimensions that do not
  /// depend on the indices (elements gathers in L2: 0.90 -> 0.96x the C++
  /// loop): the second read per outer coordinate then hits L2. Copy loops
  /// of one element that LLVM does not vectorize (i8, i16) check indices
  /// larger than L1 per chunk instead: the check brings them into L1 for
  /// the copies (stop 22: i8 elements from 4 rows of 64 KiB, 256 KiB of
  /// indices, 0.98 -> 1.02x the C++ loop; with 1 KiB of indices and 1024
  /// rows the check once stays ahead, 1.04x against 1.02x).
  int64_t getCheckOnceMaxBytes() const { return l2CacheBytes / 2; }

  /// Indices smaller than L2 are not prefetched ahead of their chunk's check
  /// (the prefetches cost more than the misses they save).
  int64_t getIndicesPrefetchMinBytes() const { return l2CacheBytes; }
  /// Scalar gathers (one element per index) from a table beyond L2 prefetch
  /// the next chunk's indices too, as slice gathers do, where one position's
  /// indices take at most this many bytes (0: never). Zen (stop 34, Zen 5):
  /// the check of a chunk's indices waits on them while the copies' random
  /// reads fill the miss buffers; gather_nd scalars from 8 MiB of params with
  /// 64 MiB of i64 indices, 0.49-0.67 -> 0.85-0.99x the C++ loop. On a
  /// faster Zen 5 host (stop 45, three to six alternating rounds, generated
  /// / plain C++ loop, prefetched -> not) that case lost to them (0.86 ->
  /// 0.98x; 16 bytes a position), positions of 8 bytes were even or lost a
  /// little (f32 elements with i64 indices 1.21 -> 1.27x, batch_dims
  /// elements 0.95 -> 1.00x, two threads 0.99 -> 1.03x, gather_nd scalars
  /// with i32 indices 1.83 -> 1.85x), and positions of 4 bytes from a table
  /// of 8 MiB needed them (f32 elements 1.45 -> 1.17x, i8 elements 1.60 ->
  /// 1.14x); hence 4 on Zen 5. Intel: unmeasured, and from L2-resident
  /// params the prefetch cost scalar gathers up to 15 % (they are left out
  /// either way).
  int64_t scalarIndicesPrefetchMaxPositionBytes = 0;

  /// Slices are prefetched about this many bytes ahead (2 KiB: measured to
  /// pay off from L2-resident params to DRAM)...
  int64_t slicePrefetchAheadBytes = 2048;
  /// ...or this many from params beyond L2 or dynamically sized. Zen 4
  /// (stop 43): 8 KiB; three to four alternating rounds, generated / C++
  /// prefetch loop, 2 -> 4 -> 8 KiB ahead: random rows of 256 B from 256 MiB
  /// 1.38 -> 1.67 -> 1.71x (two threads 1.52 -> 1.73 -> 2.32x; f16 rows,
  /// i64 indices 1.06 -> 1.69 -> 1.86x), sorted rows 1.52 -> 1.59 -> 1.64x,
  /// batch_dims rows 1.22 -> 1.42 -> 1.45x, rows from a table of dynamic
  /// size 1.30 -> (8 KiB) 1.94x; 16 KiB about even with 8. From
  /// L2-resident params 8 KiB lost (1.00 -> 0.97x), hence the two sizes.
  /// Zen 5 as well (stop 44, three alternating rounds, the same ratio, 2 ->
  /// 8 KiB ahead): random rows of 256 B 1.05 -> 1.25x (16 KiB 1.25x), f16
  /// rows with i64 indices 1.03 -> 1.28x, gather_nd rows 0.96 -> 1.24x,
  /// batch_dims rows 1.14 -> 1.31x, rows from a table of dynamic size 1.08
  /// -> 1.30x; sorted rows and two threads (at the copy bandwidth) even.
  /// Intel unmeasured: the same 2 KiB.
  int64_t slicePrefetchAheadBytesBeyondL2 = 2048;
  /// ...between these many index positions ahead...
  int64_t slicePrefetchMinDistance = 2;
  int64_t slicePrefetchMaxDistance = 64;
  /// ...and only for slices under this size: the hardware prefetcher
  /// follows slices of 4 KiB and more by itself from L2-resident params
  /// (rows of 4 KiB with prefetches: 0.93x without)...
  int64_t slicePrefetchMaxBytes = 4096;
  /// ...or under this size from params beyond L2, whose first 4 KiB is then
  /// prefetched (slicePrefetchMaxBytes): the random rows' first lines miss
  /// before the hardware prefetcher starts. Rows of 4 KiB from 256 MiB,
  /// generated / C++ loop, none -> 2 ahead (stop 23, Intel; 4-5 rounds):
  /// one thread 1.52 -> 1.71x, two 1.63 -> 1.85x; rows of 64 KiB within
  /// noise either way (1.59 / 1.59x, two threads 1.78 / 1.73x), so they are
  /// left to the hardware. Zen 5 follows rows of 4 KiB from DRAM by itself
  /// as well (slicePrefetchMaxBytes; stop 37, three alternating rounds,
  /// generated / plain C++ loop, prefetched -> not: random rows one thread
  /// 0.95-0.98 -> 1.05-1.08x, two threads 1.02-1.08 -> 1.28-1.31x; sorted
  /// rows 0.94-0.97 -> 1.06-1.09x, two threads 0.99-1.07 -> 1.05-1.27x).
  /// A faster Zen 5 host (stop 45, three alternating rounds, generated / C++
  /// prefetch loop, not prefetched -> first 4 KiB two rows ahead) gains on
  /// one thread (random rows 0.94 -> 1.01x, sorted 1.19 -> 1.38x) and loses
  /// on two (random 1.14 -> 1.02x; sorted 1.18 -> 1.24x). In the slow phase
  /// of that host since stop 46 (DRAM loads 150-290 ns) two threads gain too
  /// (stop 54, alternating rounds, generated / C++ prefetch loop, medians:
  /// random rows 0.833 -> 0.992x in six rounds, 0.891 -> 1.008x in five;
  /// sorted rows 1.074 -> 1.111x in eight), so Zen 5 prefetches them on
  /// any number of threads: at or above 0.95x the prefetching loop in
  /// both phases, where leaving them to the hardware is not.
  int64_t slicePrefetchMaxBytesBeyondL2 = 65536;
  /// The size from which slices are left to the hardware prefetcher:
  /// slicePrefetchMaxBytes, or slicePrefetchMaxBytesBeyondL2 for params
  /// beyond L2.
  int64_t getSlicePrefetchMaxBytes(bool beyondL2) const {
    return beyondL2 ? slicePrefetchMaxBytesBeyondL2 : slicePrefetchMaxBytes;
  }
  /// Slices under a cache line (elements, rows of a few elements) are
  /// prefetched this many positions ahead from a static table (params from
  /// the first gathered dimension on) larger than L2, into L2
  /// (getRowPrefetchLocality), and not at all from smaller or dynamically
  /// sized tables: there the extra index load and prefetch per element cost
  /// more than they save (0.5-0.8x the plain loop on L2-resident params with
  /// prefetcht0). From 256 MiB (stop 17, alternating runs, generated / plain
  /// C++ loop, none -> 32 -> 64 ahead): f32 elements 0.87-1.00 -> 1.20-1.28
  /// -> 1.26-1.33x, i8 elements 0.96-0.99 -> 1.11-1.23 -> 1.24-1.30x, rows of
  /// 16 B 0.96-1.00 -> 1.23-1.31 -> 1.17-1.34x, gather_nd scalars 0.98-1.06
  /// -> 1.08-1.29 -> 1.09-1.25x; sorted rows of 16 B about even. Zen 5:
  /// 128 (stop 44, three alternating rounds, generated / plain C++ loop,
  /// from 256 MiB, none -> 64 -> 128 -> 256 ahead: rows of 16 B 0.88 -> 0.93
  /// -> 1.11 -> 1.06x, i8 rows 0.84 -> 0.93 -> 1.09 -> 1.06x, f32 elements
  /// 0.98 -> 0.94 -> 1.30 -> 1.34x, gather_nd scalars 0.97 -> 1.43 -> 1.83
  /// -> 1.79x; none -> 128: f32 elements with i64 indices 0.95 -> 1.27x, f16
  /// elements 1.23 -> 1.79x (64 before), two threads: rows of 16 B 0.90 ->
  /// 1.17x, gather_nd scalars 0.86 -> 1.74x; batch_dims elements from
  /// tables of 16 MiB 1.01 -> 1.02x in five rounds; sorted rows even). Zen
  /// 4 (stop 43): 32, 64 and 128 measured, 64 best. On the Zen 5 VM of stops
  /// 27-41, with 64 ahead, slices of 4 bytes up to a line ran faster without
  /// (gather_nd scalars 0.83-0.92 -> 0.98-0.99x, sorted rows of 16 B 0.90 ->
  /// 1.12x); 128 was not tried there.
  int64_t subLinePrefetchDistance = 64;
  /// Whether sub-line slices are prefetched only from tables larger than L3
  /// (l3CacheBytes), not from those between L2 and L3. Zen 5 (stop 45,
  /// three alternating rounds, generated / plain C++ loop, prefetched 128
  /// ahead -> not): i8 elements from a table of 8 MiB 0.81 -> 1.60x, gather_nd
  /// scalars from 8 MiB copied as scalars 0.29 -> 0.82x, batch_dims f32
  /// elements from tables of 16 MiB 0.95 -> 1.03x. Elsewhere unmeasured.
  bool subLinePrefetchBeyondL3Only = false;
  /// Whether sub-line slices from a table of `tableType` (elements of
  /// `elementBytes`) are prefetched: a static size beyond L2, and beyond L3
  /// where subLinePrefetchBeyondL3Only.
  bool prefetchesSubLineSlices(ShapedType tableType,
                               int64_t elementBytes) const {
    return isBeyond(tableType, elementBytes,
                    subLinePrefetchBeyondL3Only ? l3CacheBytes : l2CacheBytes);
  }
  /// Sub-line slices are prefetched also where LLVM may vectorize the
  /// copies into vector gathers (vectorizedCopiesMaxParamsBytes). Zen: not;
  /// there the prefetch costs what the gathers save (stop 42, Zen 4, three
  /// to five alternating rounds, generated / plain C++ loop: gather_nd
  /// scalars from 16 MiB of params, vectorized, 0.94-0.97x without the
  /// prefetch, 0.78-0.86x with it; not vectorized 0.85x, 0.83x with it;
  /// stop 44, Zen 5, 128 ahead: from 8 MiB 0.88x without, 0.42x with it).
  bool subLinePrefetchVectorizedCopies = true;

  /// The cache level that slice and bag-row prefetches fill, as the
  /// locality hint of memref.prefetch: 3 (prefetcht0, into L1) from a
  /// static table of at most l2CacheBytes, 2 (prefetcht1, into L2) from
  /// larger or dynamically sized ones, whose rows then wait in L2 instead of
  /// L1. The table (`tableType`) is the part of params one position loop
  /// reads: from the first gathered dimension on (all of params without
  /// batch or outer dimensions; an embedding bag's table).
  /// Measured against prefetcht0 with only the hint changed (stop 17, three
  /// alternating runs each, generated / C++ prefetch loop; docs/
  /// performance.md): rows of 256 B from 256 MiB 1.24-1.39 -> 1.49-1.57x,
  /// batch1 rows 1.34-1.54 -> 1.58-1.70x, bags D64 uniform sum on two
  /// threads 1.10-1.18 -> 1.35-1.40x; D64 zipf and D256 on one thread about
  /// even. prefetcht2 did as prefetcht1, prefetchnta halved D64 bags, and
  /// into L2 lost where params fit in it (rows of 256 B from 256 KiB:
  /// 0.99-1.01 -> 0.94-0.96x), hence the bound. Slices of at least a line
  /// (`sliceBytes`; nullopt: dynamic, taken as rows) from larger or
  /// dynamically sized params take beyondL2RowPrefetchLocality (Zen: 3).
  unsigned getRowPrefetchLocality(ShapedType tableType, int64_t elementBytes,
                                  std::optional<int64_t> sliceBytes) const {
    if (tableType.hasStaticShape() && !isBeyondL2(tableType, elementBytes))
      return 3;
    return sliceBytes && *sliceBytes < cacheLineBytes
               ? 2
               : beyondL2RowPrefetchLocality;
  }
  /// The locality hint of prefetches of slices of at least a cache line
  /// from params larger than L2 or dynamically sized
  /// (getRowPrefetchLocality).
  unsigned beyondL2RowPrefetchLocality = 2;

  /// Whether `type`, with elements of `elementBytes`, has a static shape
  /// larger than `bytes` (a size past int64_t bytes is).
  static bool isBeyond(ShapedType type, int64_t elementBytes, int64_t bytes);
  /// isBeyond the L2 cache.
  bool isBeyondL2(ShapedType type, int64_t elementBytes) const {
    return isBeyond(type, elementBytes, l2CacheBytes);
  }

  /// Embedding bags (gather-fuse-reductions, static D): a bag is summed
  /// in column blocks of this many bytes of the row, each block's
  /// accumulator one vector value in registers (AVX2's 16 ymm registers
  /// hold 512 B; 256 B leaves room for the loads). D256 f32 rows: one
  /// vector<256xf32> accumulator spills (0.9x the C++ prefetch loop), four
  /// blocks of 256 B do not (1.05-1.1x); docs/performance.md, "Embedding
  /// bag".
  int64_t bagRegisterAccumulatorMaxBytes = 256;
  /// Embedding bags prefetch rows about this many bytes ahead (between
  /// slicePrefetchMinDistance and slicePrefetchMaxDistance positions, and at
  /// most K): a bag's loop issues fewer instructions per row than a copy,
  /// so the rows are needed sooner. 4 KiB against 2 KiB (best of two runs
  /// each): D64 zipf 0.77 -> 1.08x the C++ prefetch loop, uniform 1.03 ->
  /// 1.13x; D256 about even. 8 KiB against 4 KiB (stop 12, two quick runs
  /// each, one core): D64 uniform 0.93-0.95 -> 1.12-1.13x, zipf 0.91-0.98 ->
  /// 0.95-1.25x; D256 0.97-1.04 -> 0.92-1.06x (docs/performance.md,
  /// "Embedding bag"). 16 KiB against 8 (stop 43, Zen 4, three alternating
  /// rounds): even. A bag of dynamic D computes its distance by the same
  /// rule at run time (before stop 43 it took 8 rows: D64 1.10x the C++
  /// prefetch loop, 1.23-1.25x at 16 or 32 rows; D256 even).
  int64_t bagPrefetchAheadBytes = 8192;
  /// Embedding bags whose combiner is one float min or max (arith.maximumf,
  /// minimumf, maxnumf, minnumf) accumulate their register blocks with an
  /// ordered compare and a select, which x86 does in one instruction (vmaxps),
  /// and and into a mask of a line's lanes whether the new accumulator's lines
  /// are no NaN, two lines to a compare (stop 45; a sum of `row * 0`, one fma a
  /// line, before); a block whose mask lost a lane, or whose result holds a
  /// zero (where a tie of +0 and -0 may have picked the wrong one), is combined
  /// again with the op itself (rare: a lane whose every row is zero or below,
  /// for a max). x86 lowers llvm.maximum, with its NaN and signed-zero rules,
  /// to six instructions a vector; this is two. Zen 4 (stop 42, alternating
  /// rounds, generated / C++ prefetch loop, whose `a > b ? a : b` is one
  /// vmaxps), with the ties anded or ored in the loop (four instructions):
  /// bag_D64_K32_uniform_max 0.99 -> 1.07x, with a zero in every bag
  /// 0.98 -> 1.05x, D256 0.83 -> 0.99x. Zen 5 (stop 44, three alternating
  /// rounds, the same ratio), ties in the loop -> a zero result redone: D256
  /// 0.76 -> 0.93x (its sixteen zmm accumulators and the rows spilled), D64
  /// 1.75 -> 1.88x; without the NaN sum (not exact) D256 reached 1.00x. Stop 45
  /// (Zen 5, four alternating rounds): the ordered mask instead of the NaN sum,
  /// half the instructions, D256 even (0.92x; with fastmath<nnan, nsz> on the
  /// op, not exact, 1.00x), D64 1.83 -> 1.87x; rows with infinities are no
  /// longer redone. Stop 46 (Zen 5): the mask checks the accumulator after each
  /// row, whose select takes a NaN row's element, so the row is read once,
  /// inside the vmaxps: D256 0.91 -> 0.98x, D64 1.89 -> 1.99x (run 26: 1.03x,
  /// 2.01x). False for a target whose triple is not x86 (AArch64's fmax is IEEE
  /// maximum).
  bool bagMinMaxThroughSelects = true;

  /// Loops that copy scalars (elements of at least 32 bits) from params of
  /// at most this many bytes (static) may be vectorized by LLVM into gather
  /// instructions, where it can prove the result independent of the
  /// operands (gather-restrict-args-noalias): elements and gather_nd scalars
  /// from 256 KiB ran at 1.06-1.35x the C++ loop, from 16 MiB at 1.26-1.32x
  /// against 1.15-1.17x scalar. From 256 MiB (DRAM) the vectorized loops ran
  /// at 0.86-0.96x against 0.94-1.02x scalar, and i8 elements in L2 at
  /// 0.52-0.80x against 0.99-1.0x, so other copy loops are marked
  /// `vectorize.enable = false` (docs/performance.md).
  int64_t vectorizedCopiesMaxParamsBytes = 32 << 20;
  /// ... and only from params larger than L2 (static): on Zen 5, from params
  /// between L2 and DRAM, the vector gathers of a rolled copy loop beat
  /// scalar loads, while within L2 they lose (stop 38, three alternating
  /// rounds, generated / C++ loop, scalar -> vectorized: gather_nd scalars
  /// with i64 pairs from 8 MiB 0.86-0.93 -> 1.03-1.14x, from 64 MiB
  /// 0.82-0.85 -> 1.03-1.04x, with i32 pairs from 8 MiB 0.81-0.82 ->
  /// 1.25-1.32x; f32 elements with i64 indices from 8 MiB 0.94-0.98 ->
  /// 1.17-1.18x; within L2, f32 elements 1.01 -> 0.94x, batch_dims = 1
  /// elements 1.04 -> 0.87x).
  bool vectorizedCopiesBeyondL2Only = false;
  /// The smallest params (exclusive) whose copy loops LLVM may vectorize.
  int64_t getVectorizedCopiesMinParamsBytes() const {
    return vectorizedCopiesBeyondL2Only ? l2CacheBytes : 0;
  }

  /// Chunks of slices under a cache line (rows of 16 or 32 B), in a
  /// gather whose result is at least the default `nontemporal-min-bytes`
  /// (32 MiB) or dynamically sized, whose first and last indices lie at most
  /// this many params rows apart per position of the chunk, copy with streaming
  /// stores (LoweringPlan::streamDenseChunks, gather-nontemporal-copies).
  /// Sorted or nearly sorted indices read params in order, and the writes then
  /// cost the read of each output line for ownership; consecutive 16-byte
  /// streaming stores fill a line in the write-combining buffers. Random
  /// indices keep plain stores: there the buffers that streaming stores
  /// hold are the ones random reads need in flight. Sorted rows of 16 B
  /// from 256 MiB (stop 20, alternating runs, generated / plain C++ loop):
  /// one thread 0.995 -> 1.22x, two 1.01 -> 1.17x; random rows of 16 B
  /// with streaming stores lost 9 % (1.32 -> 1.20x), hence the test.
  int64_t denseChunkRowsPerPosition = 8;
  /// Prefetched slices of at least this many bytes (static, whole lines), in
  /// a gather whose result is as large, stream only in chunks whose indices
  /// are dense (the same test); other chunks copy them with plain stores (their
  /// loop is marked `gather.plain_stores`). Intel: never (rows of 4 KiB stream
  /// always). Zen 5 (stop 27, generated / C++ prefetch loop, two alternating
  /// runs): random rows of 4 KiB with streaming stores on top of their
  /// prefetches 0.79-0.94x, with plain stores 0.95-1.03x; sorted ones keep
  /// streaming (1.05-1.06x memcpy against 0.75-0.90x with plain stores).
  int64_t denseOnlyStreamMinBytes = std::numeric_limits<int64_t>::max();

  /// Floats narrower than this many bits are copied as one-element slices,
  /// not loaded as scalars: x86 loads f16/bf16 by inserting into a vector
  /// register, which chains every iteration on the previous one, where a
  /// one-element copy is an integer move.
  unsigned minScalarFloatBits = 32;

  /// Returns the tuning for `cpu`, an LLVM CPU name (clang's -march): the
  /// defaults, measured on Intel Xeon (Emerald Rapids), for any CPU but AMD
  /// Zen ("znver*"), measured on Zen 5 (stop 27, docs/performance.md) and,
  /// for the prefetch rules, on Zen 4 (stop 42). Both prefetch sub-line
  /// slices from tables beyond L2 (Zen 5 128 positions ahead,
  /// subLinePrefetchDistance), but not where their copies may be vector
  /// gathers (subLinePrefetchVectorizedCopies), and rows 8 KiB ahead from
  /// tables beyond L2 (slicePrefetchAheadBytesBeyondL2). Random rows of 4 KiB
  /// keep plain stores (denseOnlyStreamMinBytes). Its vector gathers lose to
  /// scalar loads within L2 (gather_nd scalars in L2 0.82-0.83 -> 0.89-0.90x
  /// the C++ loop without them) and win beyond it, up to 64 MiB measured
  /// (vectorizedCopiesBeyondL2Only, vectorizedCopiesMaxParamsBytes), and a bag
  /// sums a D256 f32 row of 1 KiB in sixteen zmm registers at once
  /// (bagRegisterAccumulatorMaxBytes 1024: D256 uniform 0.88-1.07 -> 1.21-1.31x
  /// the C++ prefetch loop). Its element copies check chunks of 128 positions
  /// (elementCheckChunkPositions), its copies of slices from a line to 1 KiB
  /// check their own indices (flaggedChecksMinSliceBytes), it leaves rows
  /// of 4 KiB and more to the hardware from DRAM too on Zen 4
  /// (slicePrefetchMaxBytesBeyondL2). On Zen 5 ("znver5") its
  /// slice and bag-row prefetches fill L1 from params of any size
  /// (beyondL2RowPrefetchLocality 3; stop 29, alternating runs, generated /
  /// C++ prefetch loop, prefetcht1 -> prefetcht0: in one phase of the VM
  /// bags D64 uniform on two threads 0.80-0.82 -> 0.98-1.04x, gather_nd rows
  /// of 256 B 0.75-0.84 -> 0.92-0.95x; in the next even on both). Zen 4
  /// keeps them in L2, the default: there prefetcht0 held a third fewer
  /// rows in flight (stop 42, Zen 4 VM, three alternating rounds, generated
  /// / C++ prefetch loop, prefetcht0 -> prefetcht1: random rows of 256 B
  /// 1.05 -> 1.40x, two threads 1.19 -> 1.73x, gather_nd rows 1.22 ->
  /// 1.44x, sorted rows 1.23 -> 1.47x, dynamic rows 1.09 -> 1.33x, bags D64
  /// uniform 0.99 -> 1.55x, D256 uniform 1.00 -> 1.61x, two threads 1.00 ->
  /// 1.53x, D256 zipf 1.07 -> 1.46x; rows of 4 KiB and 16 B, unprefetched
  /// on Zen, even). Zen 5's element copies from tables in L2 branch on each
  /// index (branchingElementChecks, stop 47). The other Zen rules were
  /// measured on Zen 5 only.
  static CPUTargetDescription forCPU(StringRef cpu);

  /// Returns the description for code generated inside `op`: the tuning for
  /// the chip of the nearest `llvm.target` attribute of its ancestors (none:
  /// the defaults), with the cache sizes of the nearest DLTI target device
  /// spec "CPU" where one gives them.
  static CPUTargetDescription get(Operation *op);

  /// Whether code generated for `other` is the same as for this target.
  bool operator==(const CPUTargetDescription &other) const;
  bool operator!=(const CPUTargetDescription &other) const {
    return !(*this == other);
  }
};

} // namespace gather
} // namespace mlir

#endif // GATHER_TARGET_CPU_CPUTARGET_H
