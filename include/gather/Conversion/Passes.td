//===- Passes.td - gather conversion passes ----------------*- tablegen -*-===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_CONVERSION_PASSES_TD
#define GATHER_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// GatherToLinalg
//===----------------------------------------------------------------------===//

def ConvertGatherToLinalgPass : Pass<"convert-gather-to-linalg"> {
  let summary = "lower gather ops to linalg.generic on tensors";
  let description = [{
    Rewrites every `gather.gather` and `gather.gather_nd` into a
    `linalg.generic` over the result with parallel iterators. The indices
    are `ins` operands, one per index component, whose indexing maps project
    the result's batch and position dimensions onto them (and the index
    vector dimension of gather_nd onto the component), as upstream's
    lowering of `tosa.gather` does; the body reads `params` at the gathered
    coordinates with `tensor.extract`. Index arithmetic is in `index`; i32
    and i64 indices are sign-extended.

    Out of bounds: in `error` mode an `scf.for` nest over `indices` before
    the generic checks each index once and calls the out-of-bounds handler
    with a bad one (docs/spec.md). The default handler, a weak definition of
    `gather_out_of_bounds` the pass adds to the module, prints `<op> at
    <location>: index <i> is out of bounds [0, <dim>) in params dimension
    <d>` on stdout and ends the process with status 1; when a handler
    returns, the slices of bad indices are zero (the generic reads as in
    `zero` mode). `zero` reads at a clamped-to-0 address and selects zero,
    `clamp` reads at the clamped index; an empty addressed dimension gives
    zeros without any read. An empty result checks and reads nothing.

    Error-mode ops add the handler and one string constant per op to the
    enclosing symbol table: the pass runs on it (e.g. `builtin.module`), and
    fails on an op inside it (e.g. a function).

    The buffer form (`into %out`, after bufferization) is lowered the same
    way on read-only `bufferization.to_tensor ... restrict` views of params
    and indices, with a writable view of `out` as the generic's `outs` (no
    `tensor.empty`), and a closing `bufferization.materialize_in_destination`
    of the result in `out` that bufferization folds away: the result is built
    in `out`.
  }];
  let options = [
    Option<"outOfBoundsHandler", "out-of-bounds-handler", "std::string",
           /*default=*/"\"gather_out_of_bounds\"",
           "the C function error-mode checks call with a bad index "
           "(void(const char *op, const char *location, int64_t index, "
           "int64_t dim, int64_t dim_size)); only the default is defined "
           "by the pass, another name is declared">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
    "::mlir::func::FuncDialect",
  ];
}

//===----------------------------------------------------------------------===//
// GatherToSCF
//===----------------------------------------------------------------------===//

def ConvertGatherToSCFPass : Pass<"convert-gather-to-scf"> {
  let summary = "lower gather ops to scf loop nests on tensors";
  let description = [{
    Rewrites every `gather.gather` and `gather.gather_nd` into an `scf.for`
    nest on tensors over the result dimensions before the trailing slice, in
    result order (batch, outer, index positions), carrying the result in
    `iter_args`. Each iteration loads its index (vector) once and copies the
    contiguous trailing slice it selects with `tensor.extract_slice` /
    `tensor.insert_slice` (`tensor.extract` / `tensor.insert` for single
    elements). Slices are full rank, reshaped with explicit reassociations
    where params and result ranks differ.

    Out of bounds: the innermost index-position loop runs in chunks (of 128
    positions for slice copies on one thread, 1024 for element copies and
    with `parallel`; CPUTargetDescription), and a chunk's indices are
    checked (one loop or-reducing the checks) before its slices are copied.
    `error`: when one fails, a second
    loop prints the first bad index as in `convert-gather-to-linalg` and
    calls `exit(1)`, so the copy loop carries no check. (Error mode with
    loops over params dimensions before the axis, which the indices do not
    depend on, and static indices of at most 512 KiB checks all indices
    once before the loops instead, and copies without chunks.) `zero` and `clamp`
    copy a chunk without a bad index unchecked; in the others `zero` selects
    zero for single elements and inserts a zero slice (`scf.if`) otherwise,
    and `clamp` reads at the clamped index. Where the loops over params
    dimensions before the axis (after the batch ones) run in sequence around
    the chunks, each of their coordinates reads the same indices: a chunk
    is checked only where those coordinates are all 0, and at every
    coordinate once a check found a bad index (print-plan:
    `repeated-indices=checked-once`).

    `prefetch-distance` adds a `memref.prefetch` (on a read-only
    `bufferization.to_buffer` of params) of the slice selected that many
    positions ahead along the innermost index-position loop (not in a
    chunk of rows under a line whose indices are dense, which streams its
    stores: the hardware prefetcher follows such rows). Unless it is
    0, gathers of slices (not scalars) also prefetch the next chunk's
    indices, a line at a time, when the indices are dynamic or at least
    1 MiB. `parallel` turns the outermost loop into an `scf.forall` whose
    iterations fill disjoint slots of the result
    (`tensor.parallel_insert_slice`), or the chunks of the innermost
    position loop where that is the only loop, where the loops outside it
    make few static iterations, or where it has many static positions (the
    threads then share one params row; the outer loops run in sequence
    around the forall, CPUTargetDescription::parallelChunksMinPositions);
    in error mode each iteration skips a bad chunk and sets its flag, and
    after the loop the first bad index is reported as above. A gather that is inside an
    `scf.forall` or `scf.parallel` already (a tile of a tiled gather) is
    lowered without one: it runs in one iteration of that loop.
    Error-mode ops add the handler and their messages to the enclosing
    symbol table, as there.
    The buffer form (`into %out`) is lowered as in `convert-gather-to-linalg`,
    the loops carrying a writable view of `out`: the result is built in
    `out`.

    A small gather (at most `per-copy-check-max-copies` static copies, one
    thread) in error or zero mode copies each slice without a branch (a bad
    index reads slice 0) and or-reduces the checks; a second loop then
    reports each bad index and zeroes its slot, only when one was bad. With
    `fix-up-calls` (run on the symbol table, as `gather-cpu-pipeline` does)
    that loop is instead a `gather.fix_out_of_bounds` op calling a private
    function on buffers, created once per structure (element and index
    types, ranks, axes, mode) in the symbol table: the op bufferizes in
    place to `scf.if %bad { func.call }`, and later passes see one op per
    gather instead of a loop nest (compile time, docs/performance.md).
    On targets with CPUTargetDescription::flaggedChecksMinSliceBytes (AMD
    Zen), gathers of static slices from a cache line to under 1 KiB copy
    that way however many copies they have.

    On targets with CPUTargetDescription::branchingElementChecks (AMD Zen
    5), element copies on one thread in error mode from a static table
    that L2 holds test each index in the copy loop instead of in checked
    chunks (print-plan: `checks=branching`): one branch per index
    component, marked unlikely (`llvm.intr.expect`), to a copy that reports
    and resolves the index vector; a good index is read as the address.
    The loop carries `unroll = <count = 16>` (LLVM does not unroll a loop
    that may call the handler). With outer params dimensions the loops
    count the bad index vectors, and a revisit of indices none of which
    was bad copies them unchecked (`repeated-indices=checked-once`).

    Loops of slice copies that become libc memcpy calls (slices of 1 KiB or
    more, or of a size known only at run time) carry
    `llvm.loop_annotation<unroll = <disable = true>>` (print-plan:
    `unroll=no`): unrolled around calls, LLVM spilled their indices.

    A gather whose slice width (params' last dimension, not addressed by
    the indices) is dynamic is lowered once for each width whose row is a
    power of two of 4 B to `slice-versions-max-bytes`, params cast to that
    static width (`tensor.cast`), and once for any other width, in a chain
    of `scf.if` on the width: a row of dynamic size is copied through a
    dispatch on its size and prefetched in loops of dynamic trip count,
    about 30 instructions a row where a static row of 16 B takes 6.
    `print-plan` names each version's width.
  }];
  let options = [
    Option<"prefetchDistance", "prefetch-distance", "int64_t",
           /*default=*/"::mlir::gather::options::kPrefetchDistanceDefault",
           "prefetch (memref.prefetch) the slice selected this many index "
           "positions ahead; 0: never; -1: about 2 KiB of slices ahead (2-64 "
           "positions) for slices of 64 B to 4 KiB; at most 65536">,
    Option<"parallel", "parallel", "bool", /*default=*/"false",
           "make the outermost loop an scf.forall on tensors (each iteration "
           "fills its own slot of the result)">,
    Option<"perCopyCheckMaxCopies", "per-copy-check-max-copies", "int64_t",
           /*default=*/
           "::mlir::gather::options::kPerCopyCheckMaxCopiesDefault",
           "in a reporting mode on one thread, a gather of at most this many "
           "static copies checks each index in its branch-free copy loop "
           "instead of in checked chunks (less code, as fast); -1: the "
           "target's (64); 0: never; at most 2^20">,
    Option<"outOfBoundsHandler", "out-of-bounds-handler", "std::string",
           /*default=*/"\"gather_out_of_bounds\"",
           "the C function error-mode checks call with a bad index, as in "
           "convert-gather-to-linalg">,
    Option<"printPlan", "print-plan", "bool", /*default=*/"false",
           "emit each op's lowering plan (checks, chunks, threads, "
           "prefetches) as a remark on the op">,
    Option<"sliceVersionsMaxBytes", "slice-versions-max-bytes", "int64_t",
           /*default=*/
           "::mlir::gather::options::kSliceVersionsMaxBytesDefault",
           "a gather whose slice width (params' last dimension) is dynamic "
           "is lowered once more for each width whose row is a power of two "
           "of 4 B to this many bytes (default 1 KiB, at most 4 KiB), chosen "
           "by an scf.if on the width; 0: one lowering">,
    Option<"nontemporalMinBytes", "nontemporal-min-bytes", "int64_t",
           /*default=*/
           "::mlir::gather::options::kNontemporalMinBytesDefault",
           "the results that gather-nontemporal-copies streams (as its "
           "min-bytes; -1: none): chunks of rows of 16 or 32 B test whether "
           "their indices are dense, to stream them, in results of at least "
           "this many bytes (chosen at run time for a result of dynamic "
           "size)">,
    Option<"fixUpCalls", "fix-up-calls", "bool", /*default=*/"false",
           "after the flagged copies of a small gather in error or zero "
           "mode, report and zero the bad indices' slots through a "
           "gather.fix_out_of_bounds op calling a function shared by the "
           "gathers of one structure (bufferized in place; "
           "gather-cpu-pipeline's choice) instead of loops on tensors; the "
           "pass must then run on the symbol table">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
    "::mlir::func::FuncDialect",
  ];
}

//===----------------------------------------------------------------------===//
// GatherToGPU
//===----------------------------------------------------------------------===//

def ConvertGatherToGPUPass : Pass<"convert-gather-to-gpu", "::mlir::ModuleOp"> {
  let summary = "lower gather ops to gpu.launch kernels";
  let description = [{
    Rewrites every `gather.gather` and `gather.gather_nd` into a `gpu.launch`
    with a grid-stride loop in which consecutive threads handle consecutive
    elements of the contiguous innermost slice.

    Both ops are viewed as a gather of contiguous slices of `S` elements (the
    product of the params dimensions after the gathered ones): the result is
    a sequence of slices, each copied from the params slice its index (or
    index vector) selects. Threads of a block are arranged as
    `blockDim.x` lanes along a slice times `blockDim.y` slices; the grid's x
    dimension strides over slices and its y dimension over the elements of
    long slices, so the grid stays bounded (`max-blocks`) for any size. By
    default (`block-size=0`, `max-blocks=0`) both are picked per gather from
    its slices, each class of slice taking the setting measured best for it
    on an H200: slices of a warp of accesses or more 512 threads and 8192
    blocks; one-element slices that share a params row (batch or outer
    dimensions) 1024 threads and 8192 blocks; other one-element slices 256
    threads and 65536 blocks; other slices 256 threads and 8192 blocks. Each
    thread loads and checks its index once per slice; offsets are `index`
    values (64-bit with the default index bitwidth). Where each thread makes
    exactly one access per slice (a static slice of fewer lanes than a warp,
    or of whole warps, that one block row holds), it copies
    `slices-per-thread` slices per step (0, the default: 4): it loads all
    their indices, checks them behind one branch, then loads all their
    accesses before it stores any, so that several random reads are in
    flight per thread (on an H200 1.17-1.27x one slice at a time for
    one-element slices and rows of 28 bytes, 1-3 % for wider rows;
    bench/gpu/README.md). When the element type is
    8/16/32/64 bits wide and `S` is a multiple of the elements in 16 bytes,
    every access is a 128-bit `vector.load`/`vector.store` (`alignment = 16`);
    otherwise (decided at runtime for a dynamic `S`) a scalar kernel runs.

    Host memory: the kernels never touch host memory. `params` and `indices`
    are copied to `gpu.alloc` buffers with `gpu.memcpy`, the result is copied
    back into a `memref.alloc` buffer and the device buffers are freed, so
    the op works on ordinary host tensors. The buffer form (`into %out`, after
    bufferization) with identity layouts uses its memrefs as they are: the
    result is copied back into (or, `host-only`, written in) `out`. With
    another layout it is lowered as the tensor form on views of its operands,
    and the result copied into `out`.

    Out of bounds: `error` makes a thread that reads a bad index print the
    op's location, the index and the bound with `gpu.printf` and fail a
    `cf.assert` (a device-side `__assertfail`, i.e. a trap): the launch fails
    and the runtime reports it. `zero` stores zeros, `clamp` clamps.

    `host-only` emits the same kernel body inside an `scf.parallel` over
    (block, thread) ids on the host buffers instead of a launch, so the
    indexing logic can be lowered for and run on the CPU; out-of-bounds
    errors then call the out-of-bounds handler as in the CPU lowerings.
  }];
  let options = [
    Option<"hostOnly", "host-only", "bool", /*default=*/"false",
           "emit the kernel body in an scf.parallel over block/thread ids on "
           "host memory instead of a gpu.launch (CPU-executable form)">,
    Option<"blockSize", "block-size", "int64_t",
           /*default=*/"::mlir::gather::options::kBlockSizeDefault",
           "threads per block, in [1, 1024] (CUDA's limit, host-only too); "
           "0 picks it per gather from its slice length">,
    Option<"maxBlocks", "max-blocks", "int64_t",
           /*default=*/"::mlir::gather::options::kMaxBlocksDefault",
           "upper bound on the number of blocks of a launch (grid-stride "
           "loops cover the rest), in [1, 2^31 - 1]; 0 picks it per gather "
           "from its slice length">,
    Option<"slicesPerThread", "slices-per-thread", "int64_t",
           /*default=*/"::mlir::gather::options::kSlicesPerThreadDefault",
           "slices a thread copies per step, their reads in flight together, "
           "where each thread makes one access per slice, in [1, 16]; 0 "
           "picks 4">,
    Option<"vectorize", "vectorize", "bool", /*default=*/"true",
           "use 128-bit loads and stores when the slice allows">,
    Option<"outOfBoundsHandler", "out-of-bounds-handler", "std::string",
           /*default=*/"\"gather_out_of_bounds\"",
           "host-only: the C function error-mode checks call with a bad "
           "index, as in convert-gather-to-linalg (kernels print and trap)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::complex::ComplexDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// TosaToGather
//===----------------------------------------------------------------------===//

def ConvertTosaToGatherPass : Pass<"convert-tosa-to-gather"> {
  let summary = "convert tosa.gather to gather.gather";
  let description = [{
    Rewrites every `tosa.gather` (values `[N, K, C]`, indices `[N, W]` of
    `i32` or `i64`, output `[N, W, C]`) into `gather.gather` with
    `batch_dims = 1` and `axis = 1`, which computes the same
    `output[n, w, c] = values[n, indices[n, w], c]`. Dynamic dimensions are
    kept; an unranked output gets the inferred type and a `tensor.cast`.

    Out of bounds: the TOSA specification's GATHER pseudocode states
    `REQUIRE(0 <= k && k < K)` for each index `k`. A failed `REQUIRE` marks
    the result of the whole graph *unpredictable*: an implementation need
    not detect it, compliance requires no specific output, and nothing
    requires it to execute any portion of the graph; so any behaviour
    conforms, stopping included. The gather is made `mode<error>`: a valid
    graph computes the same values, and an invalid one stops with a message
    naming the op and the index instead of reading outside `values`
    (upstream's `tosa-to-linalg` reads unchecked). `mode<zero>`,
    `mode<clamp>` and `mode<wrap>` would conform as well and can be set on
    the result by a later rewrite.

    The pass walks the IR once and changes nothing but the gathers: IR
    without `tosa.gather` comes out unchanged (no folding, no constant
    moved or merged). A `tosa.gather` on an unranked operand cannot be
    converted: the pass reports it and fails.
  }];
  let dependentDialects = [
    "::mlir::gather::GatherDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// TensorToGather
//===----------------------------------------------------------------------===//

def ConvertTensorToGatherPass : Pass<"convert-tensor-to-gather"> {
  let summary = "convert tensor.gather to gather.gather_nd";
  let description = [{
    Rewrites every `tensor.gather` into a `gather.gather_nd` with
    `batch_dims = 0`, for any `gather_dims`:

    - when `gather_dims` are not the leading dimensions `[0, G)` of the
      source, a `linalg.transpose` first moves them to the front, in their
      order, the other dimensions following in theirs;
    - `gather.gather_nd` then gives `indices.shape[:-1]` followed by the
      source dimensions that are not gathered, which is the rank-reduced
      result of `tensor.gather`;
    - when the result keeps the gathered dimensions as 1s, a
      `tensor.expand_shape` inserts them.

    `unique` is a promise that lets a consumer write without conflicts; a
    gather only reads, so it is dropped. Index elements of `i32`, `i64` and
    `index` are used as they are; other integers of at most 64 bits are
    sign-extended to `i32` (or `i64` when wider than 32 bits) by a
    `linalg.generic`, as `arith.index_cast` reads them (an `i1` `true` is
    -1); wider ones cannot be converted: the pass reports such an op and
    fails.

    Out of bounds: `tensor.gather` leaves an out-of-range coordinate
    undefined behaviour. The gather is made `mode<error>`, which defines it
    as the one safe outcome: the program stops with a message naming the op
    and the coordinate. In-range programs compute the same values.

    The pass walks the IR once and changes nothing but the gathers: IR
    without `tensor.gather` comes out unchanged.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gather::GatherDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// ShardCollectivesToMPI
//===----------------------------------------------------------------------===//

def ConvertShardCollectivesToMPIPass
    : Pass<"convert-shard-collectives-to-mpi", "::mlir::ModuleOp"> {
  let summary = "lower the shard collectives that convert-shard-to-mpi leaves "
                "or leaks on";
  let description = [{
    Runs before upstream's `convert-shard-to-mpi` (gather-mpi-pipeline) and
    lowers the collectives it mishandles in LLVM 22:

    - `shard.all_reduce`: upstream calls `MPI_Comm_split` on every execution
      and never frees the communicator, so a program that runs an all_reduce
      per step exhausts MPICH's communicators after about 2045 calls. Here the
      reduction runs on `MPI_COMM_WORLD` when its group is every process, and
      otherwise on a communicator split once per (grid, axes) and cached in a
      module global (`@__gather_comm_<grid>_<axes>`, a private function that
      splits on its first call).
    - `shard.all_gather`: left in the IR by upstream (which still exits 0).
      Lowered to a ring of `mpi.send`/`mpi.recv` over the group's cached
      communicator: n - 1 steps, each process sending one block and receiving
      one (even ranks send first), then a transpose when the gather axis is
      not the first.
    - `shard.all_slice`: a local slice (upstream's lowering pattern).

    The other collectives (`all_to_all`, `broadcast`, `gather`, `recv`,
    `reduce`, `reduce_scatter`, `scatter`, `send`, `shift`) are reported as
    errors: no upstream pass lowers them. A process's grid coordinates are
    its `MPI_COMM_WORLD` rank unpacked row-major over the grid shape, as
    upstream assumes; the program must run on exactly as many processes as
    the grid has.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::mpi::MPIDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::shard::ShardDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // GATHER_CONVERSION_PASSES_TD
