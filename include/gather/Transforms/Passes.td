//===- Passes.td - gather buffer-level transforms ----------*- tablegen -*-===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_TRANSFORMS_PASSES
#define GATHER_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def NontemporalCopiesPass : Pass<"gather-nontemporal-copies"> {
  let summary = "copy whole cache lines into large buffers with "
                "non-temporal (streaming) stores";
  let description = [{
    Rewrites each `memref.copy` of a static, contiguous block whose size is
    a multiple of 64 bytes into a destination buffer of at least `min-bytes`
    (the buffer the destination is a view of, through `memref.subview`s)
    into a choice made at run time:

    - when the destination block starts on a 64-byte boundary, a loop of
      64-byte `vector.load`s and `vector.store {nontemporal = true,
      alignment = 64}`s. A streaming store writes a whole line without
      first reading it (a normal store reads the line, then writes it back),
      and does not evict the working set from the caches: for an output
      far larger than the last-level cache it saves a third of the memory
      traffic.
    - otherwise the original `memref.copy` (unaligned streaming stores
      split into 8-byte ones and are slower than a plain copy).

    Copies of 16 or 32 bytes inside an `scf.for` marked
    `gather.stream_stores` (convert-gather-to-scf marks the copy loop of a
    chunk of such rows whose indices are dense, that is sorted or nearly:
    consecutive stores then fill whole lines) become the same choice with
    one store of their size, aligned to it. Where every offset of the
    destination's `memref.subview`s moves it by a multiple of the store
    size (rows of a buffer, each a whole number of stores apart), the
    alignment test reads the buffer's address, which is loop-invariant.
    Copies directly inside an `scf.for` marked `gather.plain_stores` are
    left as they are (convert-gather-to-scf marks the copy loops of chunks
    of random, prefetched rows on CPUs where streaming stores slow those
    down: `CPUTargetDescription::denseOnlyStreamMinBytes`).

    A copy of one row of dynamic length (every dimension but the innermost
    of size 1, the innermost of stride 1: a gather's row copy from params
    of dynamic row width) streams the same way along the row, when its
    length is also a whole number of lines at run time (256-byte rows from
    `?x?xf32` params: 0.95 -> 1.47x the plain C++ loop; the same rows of
    static width: 1.84x).

    Each outermost op of the function holding a rewritten copy (its loop
    nest, parallel or not) is followed by one `llvm.fence seq_cst`, since
    streaming stores are weakly ordered: a consumer on another thread must
    see them before it sees anything written later. (Worker threads of a
    parallel loop drain their stores at the join, an atomic operation.)

    Runs on buffers; `gather-cpu-pipeline` runs it after bufferization and
    the buffer deallocation pipeline (which rejects the fence, an op with
    unknown memory effects), before clones become copies, so that it sees
    the gather slice copies.
  }];
  let options = [
    Option<"minBytes", "min-bytes", "int64_t",
           /*default=*/"::mlir::gather::options::kNontemporalMinBytesDefault",
           "rewrite copies into destination buffers of at least this many "
           "bytes (default 32 MiB, the last-level cache of one Zen 5 CCD; "
           "dynamic sizes are compared at run time); -1: none; at least -1">,
  ];
  let dependentDialects = [
    "arith::ArithDialect", "LLVM::LLVMDialect", "memref::MemRefDialect",
    "scf::SCFDialect", "vector::VectorDialect"
  ];
}

def DecomposeAggregatedOpsPass : Pass<"gather-decompose-aggregated-ops"> {
  let summary = "decompose linalg ops that aggregate others (linalg.softmax) "
                "into the ops they stand for";
  let description = [{
    Replaces every op implementing `linalg::AggregatedOpInterface` (for
    example `linalg.softmax`, which neither bufferization nor
    `convert-linalg-to-loops` handles) with the result of its
    `decomposeOperation`: `linalg.generic`, `linalg.fill` and `tensor.empty`
    ops that the rest of a lowering pipeline handles. An op whose
    decomposition fails is an error naming it. The gather pipelines run it
    on tensors, before bufferization.
  }];
  let dependentDialects = [
    "arith::ArithDialect", "linalg::LinalgDialect", "math::MathDialect",
    "tensor::TensorDialect"
  ];
}

def CompleteMathLoweringPass : Pass<"gather-complete-math-lowering"> {
  let summary = "lower what upstream's math conversions leave";
  let description = [{
    Two gaps of upstream's math lowering to LLVM:

    - `convert-math-to-llvm` lowers `math.isnan` and `math.isfinite` but not
      `math.isinf` and `math.isnormal`, which `convert-math-to-libm` then
      rejects: this pass rewrites both (scalars and vectors of LLVM float
      types) into `llvm.intr.is.fpclass` with the infinity or normal mask.
    - `math-extend-to-supported-types` gives the `arith.extf`/`arith.truncf`
      it wraps around f16/bf16 math a `fastmath` flag that
      `convert-arith-to-llvm` copies unconverted onto `llvm.fpext`/
      `llvm.fptrunc` (an `#arith.fastmath` attribute that tools without the
      arith dialect cannot read back): the flag, which changes nothing in a
      conversion, is dropped.

    Runs after `math-extend-to-supported-types` and `convert-math-to-llvm`.
  }];
  let dependentDialects = ["LLVM::LLVMDialect"];
}

def RejectNestedModulesPass
    : Pass<"gather-reject-nested-modules", "::mlir::ModuleOp"> {
  let summary = "reject nested builtin.module ops that are not lowered yet";
  let description = [{
    The gather pipelines lower the functions of the module they run on.
    Functions of a nested `builtin.module` would be lowered only by some of
    their passes (those that walk the whole tree) and left half lowered:
    this pass, which the pipelines run first, reports a nested module that
    holds any op outside the LLVM dialect as an error naming that op. Lower
    such a module first, e.g. with
    `--pass-pipeline='builtin.module(builtin.module(gather-cpu-pipeline))'`.
  }];
}

def VerifyLoweredPass : Pass<"gather-verify-lowered", "::mlir::ModuleOp"> {
  let summary = "check that everything is in the LLVM dialect";
  let description = [{
    The last pass of the gather pipelines: a pipeline that succeeds has
    lowered every op. Reports each op name outside the LLVM dialect (and
    `builtin.module`) once, as an error at its first occurrence, and fails.
    `allow` adds dialect namespaces (`omp`) or op names (`gpu.binary`) that
    mlir-translate handles as they are.
  }];
  let options = [
    ListOption<"allow", "allow", "std::string",
               "dialect namespaces or op names accepted besides llvm and "
               "builtin.module">,
    Option<"pipeline", "pipeline", "std::string", /*default=*/"\"\"",
           "the pipeline named in the error (empty: this pass)">,
  ];
}

def CheckBufferizablePass
    : Pass<"gather-check-bufferizable", "::mlir::ModuleOp"> {
  let summary = "report the ops that One-Shot Bufferize would leave on "
                "tensors, in module order";
  let description = [{
    Runs in the gather pipelines right before One-Shot Bufferize (with
    function boundaries). Reports, as an error at each, every op with tensor
    operands or results that has no bufferization (no
    `BufferizableOpInterface` model: an op of a dialect the pipelines do
    not lower, such as `shard` or `ml_program`, or of an unregistered one),
    unless it is unused and free of side effects (bufferization drops it),
    and fails. Bufferization itself would reject the same module, but
    naming only the first such op it meets, and the order in which it visits
    functions that do not call each other depends on pointer values: the
    error would change from run to run. The ops are reported in the order of
    the module, the first 8 of each op name.
  }];
  let options = [
    Option<"pipeline", "pipeline", "std::string", /*default=*/"\"\"",
           "the pipeline named in the error (empty: this pass)">,
  ];
  // Loading it makes builtin tensors its TensorLikeType, which tells which
  // ops have tensor semantics.
  let dependentDialects = ["bufferization::BufferizationDialect"];
}

def FuseGatherReductionsPass : Pass<"gather-fuse-reductions"> {
  let summary = "fuse a gather into the linalg reduction or contraction "
                "that consumes it (embedding bag, embedding + matmul): the "
                "gathered tensor is never built";
  let description = [{
    Finds each `gather.gather` or `gather.gather_nd` on tensors whose only
    user is a `linalg` op with reduction iterators (`linalg.reduce`, a
    `linalg.generic`) that reads the gather result with a projected
    permutation and reduces over at least one of its index-position
    dimensions (the rows of a bag), and tiles that consumer into an
    `scf.forall` over its first parallel loop (the bags), `tile-size`
    iterations per tile, with upstream's
    `scf::tileConsumerAndFuseProducersUsingSCF`; the gather (through its
    TilingInterface) and a `linalg.fill` initialising the accumulator are
    fused into the loop. Each tile gathers and reduces `tile-size` bags: the
    `[B, K, D]` tensor becomes one `[tile-size, K, D]` tile at a time, which
    stays in cache (the gather lowering prefetches the tile's next rows).
    The tiled gather keeps its `mode` (error mode checks every index it
    reads, against the whole table). The tiled consumers carry the unit
    attribute `gather.fused_reduction`: running the pass again leaves them.

    `gather-cpu-pipeline` runs it before lowering gather ops; with
    `num-threads` the `scf.forall` becomes an OpenMP loop that splits the
    bags over the threads.

    Embedding bags proper (`bag-loops`, the default) take another route: a
    `gather.gather` of whole rows (`[B, K]` indices into an `[N, D]` table,
    any mode) whose only user is a reduction over K with an elementwise
    body (`arith`/`math` ops: sum, max, weighted sum with `[B, K]` weights,
    ...) becomes a dedicated loop nest (lib/Transforms/EmbeddingBag.cpp):
    `scf.forall` over the bags, per bag `scf.for` loops over its rows that
    load each row as vectors (`vector.load` from a read-only view of the
    table) and apply the body on vectors into accumulators held in
    registers (static D: column blocks of
    CPUTargetDescription::bagRegisterAccumulatorMaxBytes; dynamic D: the
    output row, a cache line at a time), and prefetch (`memref.prefetch`)
    the row `prefetch-distance` positions ahead in the flattened (bag, k)
    order, across bag boundaries. Error and wrap mode check a bag's indices
    (one or-reduction) before its rows are read, read a bad index as a zero
    row, and report every bad index through the handler after the loop over
    bags, from one thread, in index order, as the gather lowering does
    (docs/spec.md); they add the
    handler to the gather's symbol table, so they take this route only
    where that table lies within the op the pass runs on. An elementwise
    op that alone reads the sums (a mean's division) is applied to each
    accumulator before it is written. A float min or max (`maximumf`,
    `minimumf`, `maxnumf`, `minnumf`) in registers accumulates on x86
    through an ordered compare and a select, and redoes with the op a
    block whose init or rows hold a NaN, or whose result holds a zero (a
    tie of +0 and -0 may have kept either)
    (CPUTargetDescription::bagMinMaxThroughSelects). Nothing is copied:
    neither the `[B, K, D]` tensor nor a tile of it.

    A contraction over the gathered rows' other dimensions (a
    `linalg.matmul` of the gathered rows by a weight matrix, a
    `linalg.batch_matmul` or `linalg.generic` contraction of a `[B, K, D]`
    gather over D) is tiled over its first loop that runs over gathered
    rows, `rows-per-tile` rows per tile, with the gather fused in: one
    `[rows-per-tile, D]` tile of rows at a time, never the whole gathered
    tensor.
  }];
  let options = [
    Option<"tileSize", "tile-size", "int64_t", /*default=*/"1",
           "iterations of the first parallel loop (bags) per tile; at least 1">,
    Option<"rowsPerTile", "rows-per-tile", "int64_t", /*default=*/"32",
           "contractions over gathered rows (a matmul of an embedding): "
           "iterations of the loop over the rows per tile; at least 1">,
    Option<"tileRows", "tile-rows", "bool", /*default=*/"false",
           "tile each bag tile again into an scf.for over its rows (the "
           "reduction loops over index positions), the gather fused into "
           "it: rows are reduced where they are read, never copied, but "
           "nothing prefetches them (measured 0.74-0.9x the default, "
           "docs/performance.md)">,
    Option<"bagLoops", "bag-loops", "bool", /*default=*/"true",
           "rewrite embedding bags (row gathers reduced over the bag with "
           "an elementwise body) into the dedicated loop nest; false: tile "
           "and fuse them as other reductions">,
    Option<"prefetchDistance", "prefetch-distance", "int64_t",
           /*default=*/"-1",
           "bag-loops: prefetch the row this many (bag, k) positions ahead "
           "(at most K); 0: never; -1: about 8 KiB of rows ahead (2-64), "
           "none for rows under a cache line">,
    Option<"registerAccumulatorMaxBytes", "register-accumulator-max-bytes",
           "int64_t", /*default=*/"-1",
           "bag-loops: accumulate rows of at most this many bytes (static "
           "D) in a vector value; -1: the target's "
           "bagRegisterAccumulatorMaxBytes">,
    Option<"outOfBoundsHandler", "out-of-bounds-handler", "std::string",
           /*default=*/"\"gather_out_of_bounds\"",
           "bag-loops: the function error and wrap mode report to">,
  ];
  let dependentDialects = [
    "arith::ArithDialect", "linalg::LinalgDialect", "scf::SCFDialect",
    "tensor::TensorDialect", "vector::VectorDialect",
    "memref::MemRefDialect", "bufferization::BufferizationDialect",
    "func::FuncDialect", "LLVM::LLVMDialect"
  ];
}

def OutlineDynamicGathersPass
    : Pass<"gather-outline-dynamic-gathers", "ModuleOp"> {
  let summary = "move each gather of dynamic shape, and the static gathers "
                "of a signature many share, into a private function shared "
                "by the gathers of its signature: compile time";
  let description = [{
    A gather whose shapes are known only at run time lowers to about 400
    LLVM ops (the empty-params path, the checks by chunks, the run-time
    prefetch distance, the row loop and error mode's loop after a bad
    index), about 15 ms of compile time each: 14x upstream's `linalg`
    form (`bench/compile_time.py --dynamic`, docs/performance.md). Gathers
    of one signature (op, attributes, operand and result types) compute the
    same code on different buffers, so this pass gives each signature one
    private function, which the lowering then lowers once:

    ```mlir
    %e = tensor.empty(%n, %d) : tensor<?x?xf32>
    %desc = llvm.mlir.addressof @__gather_oob_...   // reporting modes
    %r = func.call @__gather_outlined(%params, %indices, %e, %desc)
        : (tensor<?x?xf32>, tensor<?xi32>, tensor<?x?xf32>, !llvm.ptr)
        -> tensor<?x?xf32>

    func.func private @__gather_outlined(%params: tensor<?x?xf32>,
        %indices: tensor<?xi32>, %init: tensor<?x?xf32>, %desc: !llvm.ptr)
        -> tensor<?x?xf32> {
      %g = gather.gather %params[%indices] {gather.report_description_arg = 3}
          : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
      %m = bufferization.materialize_in_destination %g in %init
          : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
      return %m : tensor<?x?xf32>
    }
    ```

    The result is built in the destination the caller passes (the
    lowerings build a result materialized in a tensor in that tensor, and
    `drop-equivalent-buffer-results`, after bufferization, replaces the
    returned buffer by the caller's), so it still ends up in the caller's buffer
    where the gather's result was materialized there. Params and indices
    are `bufferization.writable = false`: the function only reads them,
    and `gather-share-read-only-operands` gives the calls that read one
    tensor views of one buffer (bufferization stays linear in the calls).
    Out-of-bounds reports name the calling op: each call
    passes the address of its op's description (`%desc`), which reports
    in the function print (the handler is declared, and the descriptions
    created, by this pass).

    Outlined: gathers on tensors (not the buffer form), with a dynamic
    dimension in the result or, where at least `min-static-gathers` gathers
    of their function share their signature, a static result (each lowers
    to about 50 LLVM ops, but a function of thousands of embedding lookups
    holds them all: the function of 5000 such gathers grows past the caches
    and every pass slows, docs/performance.md; each call costs about 30 ns
    at run time, so a few gathers stay inline; thousands of functions of one
    gather each are left alone, as upstream's bufferization of a call
    builds a symbol table of all the functions), directly in the body of a
    `func.func` of the module (not in loops: tiles of a tiled gather keep
    their code), whose target description (DLTI) is the module's and whose
    params and indices get buffers of identity layout from bufferization
    (function arguments, views of identity memrefs, reshapes, fresh
    tensors: the functions' arguments have identity layouts and another
    layout would be copied at each call; slices are left alone), and whose
    result is not inserted into a slice or materialized into a strided
    view (the destination would be copied in and out). The
    arguments are `llvm.noalias`: the function writes only its destination,
    which bufferization never gives the buffer of params or indices.
    The functions carry the unit attribute `gather.outlined`: a second run
    leaves their gathers alone. A static result would be inserted whole into
    the destination, which folds away: the function materializes it in the
    destination instead (`bufferization.materialize_in_destination`), and
    the lowerings build it there. For the CPU lowerings;
    `gather-cpu-pipeline` runs it unless `outline-dynamic=false`
    (`outline-min-static-gathers` sets `min-static-gathers`).
  }];
  let options = [
    Option<"outOfBoundsHandler", "out-of-bounds-handler", "std::string",
           /*default=*/"\"gather_out_of_bounds\"",
           "the function error and wrap mode report to (declared where "
           "missing)">,
    Option<"minStaticGathers", "min-static-gathers", "int64_t",
           /*default=*/"64",
           "outline the gathers of a static signature where at least this "
           "many of one function share it (0: static gathers stay)">,
  ];
  let dependentDialects = [
    "bufferization::BufferizationDialect", "func::FuncDialect",
    "LLVM::LLVMDialect", "tensor::TensorDialect"
  ];
}

def DropEquivalentBufferResultsPass
    : Pass<"gather-drop-equivalent-buffer-results", "ModuleOp"> {
  let summary = "upstream's drop-equivalent-buffer-results in linear time";
  let description = [{
    After bufferization, a private function that returns one of its memref
    arguments (through `memref.cast` ops, `scf.for` loops that yield their
    iteration argument unchanged and `scf.if` ops whose branches yield the
    same buffer, on every return) no longer returns it: each call uses its
    own operand instead. The functions of
    `gather-outline-dynamic-gathers` return their destination so; without
    this, ownership-based deallocation clones the returned buffer and the
    caller copies it back.

    Upstream's pass does the same, but finds each call's callee by a scan
    of the module: quadratic in the functions (0.39 s of 6.4 s for 5000
    functions calling one each, docs/performance.md). This one maps every
    symbol use of the module in one walk. Functions that are public,
    external, or used other than by `func.call` (a `func.constant`, an
    attribute) are left alone.
  }];
  let dependentDialects = ["memref::MemRefDialect"];
}

def ShareReadOnlyOperandsPass : Pass<"gather-share-read-only-operands"> {
  let summary = "read a tensor that many gathers read through one read-only "
                "buffer: keeps bufferization linear in the number of gathers";
  let description = [{
    One-Shot Bufferize (and `eliminate-empty-tensors`, which runs its
    analysis) visits, for every use of a tensor, every other use of that
    tensor and of its aliases. An embedding table read by N gathers, each of
    which lowers to several `tensor.extract` / `tensor.extract_slice` ops of
    it, makes that quadratic in N (`bench/compile_time.py`,
    docs/performance.md).

    For each function argument or constant tensor that two or more gathers
    on tensors read as `params` or `indices`, and that no user can write or
    alias (every user is a gather
    reading it, a call reading it (below), `tensor.dim`, `tensor.extract`, a
    `read_only`
    `bufferization.to_buffer`, or a `linalg` op reading it as an input), this
    pass creates one `bufferization.to_buffer ... read_only` right after the
    tensor's definition and gives each gather its own
    `bufferization.to_tensor ... restrict` view of it. Each view is read by
    one gather only, so each use analysis stays within one gather.

    Calls read a tensor as gathers do where the callee (a `func.func` with
    a body) takes it as `bufferization.writable = false`: the functions of
    `gather-outline-dynamic-gathers` take params and indices so. A tensor
    that a call reads gets a buffer of identity layout (the layout of the
    callee's argument after the pipelines' bufferization, which would
    copy a buffer of another layout at each call); others a buffer of
    fully dynamic layout.

    The views are `restrict` (One-Shot Analysis takes no other `to_tensor`)
    although they share one buffer: that is sound here because none is
    `writable` and no op writes the tensor, which is what `restrict` guards
    against. Because the shared buffer stands at the definition, a pass
    that hoists it (it is `Pure`) cannot move a read past a write. Results
    of other ops are left alone: they may alias a tensor that is written.
    Run before the gathers are lowered; `gather-cpu-pipeline` does.
  }];
  let dependentDialects = [
    "bufferization::BufferizationDialect", "memref::MemRefDialect"
  ];
}

def TargetCPUPass : Pass<"gather-target-cpu", "::mlir::ModuleOp"> {
  let summary = "record the CPU the module is compiled for as its "
                "`llvm.target` chip";
  let description = [{
    Sets the module's `llvm.target` attribute (upstream's
    `#llvm.target<triple = ..., chip = ..., features = ...>`) to name
    `cpu`, an LLVM CPU name as clang's `-march` takes (`znver5`,
    `sapphirerapids`, ...), or `host` for the CPU this pass runs on
    (`llvm::sys::getHostCPUName`: the CPU that a JIT such as `mlir-runner`,
    or `clang -march=native`, compiles for). The triple and features of an
    `llvm.target` the module already has are kept; without one, the triple
    is this machine's for `host`, LLVM's default target triple otherwise.

    `convert-gather-to-scf` and `gather-fuse-reductions` tune their
    prefetches for that chip (CPUTargetDescription in
    `include/gather/Target/CPU/CPUTarget.h`): the rules measured on Intel
    Xeon apply to every CPU but AMD Zen (`znver*`), where slices under a
    cache line are not prefetched where LLVM may vectorize their copies, on
    Zen 5 (`znver5`) they are prefetched 128 positions ahead (64
    elsewhere) and rows of a line or more are prefetched into L1 from
    params of any size (into L2 from params larger than L2 elsewhere),
    rows are prefetched 8 KiB ahead (2 KiB elsewhere) from params beyond L2
    or of dynamic size, rows of 4 KiB and more are left
    to the hardware prefetcher from params of any size (prefetched from
    DRAM elsewhere),
    and when a `prefetch-distance` prefetches them, they stream only where
    a chunk's indices are dense, scalar copies are vectorized into gather
    instructions only from params between L2 and 64 MiB (elsewhere up to
    32 MiB), element copies on one thread check chunks of 128 positions and
    at most 512 bytes of indices, as do copies of slices under a cache line
    (`gather_nd` of scalars in L2: chunks of 256 whose check stores each
    position's params offset, which the copies load), and embedding bags
    keep 1 KiB of a row in registers. A CPU
    name that LLVM's x86 target parser does not know, for an x86 triple,
    is an error; other architectures take any name. `gather-cpu-pipeline`
    runs this pass first when its `target-cpu` option is set.
  }];
  let options = [
    Option<"cpu", "cpu", "std::string", /*default=*/"\"host\"",
           "the LLVM CPU name the gathers are tuned for, or host">,
  ];
  let dependentDialects = ["LLVM::LLVMDialect"];
}

def RestrictArgsNoAliasPass : Pass<"gather-restrict-args-noalias"> {
  let summary = "mark `llvm.noalias` on memref arguments that the function "
                "only reads or writes through `restrict` tensors";
  let description = [{
    A memref argument of a `func.func` whose every use is a
    `bufferization.to_tensor ... restrict` or a
    `bufferization.materialize_in_destination ... restrict` is, by those
    ops' contract, accessed in the function through that tensor only: no
    other argument or buffer aliases it. This pass records that as the
    argument attribute `llvm.noalias`, which `gather-convert-to-llvm` puts
    on the argument's aligned pointer (upstream's
    `convert-func-to-llvm` keeps it only with bare pointers). LLVM may then
    vectorize a gather's copy loop, whose stores it could not otherwise
    prove independent of its loads (gather_nd of scalars in L2, i64 index
    pairs: 0.84x -> 1.02-1.12x the C++ loop, whose buffers the compiler
    sees; docs/performance.md). Arguments with other uses, or already
    annotated, are left as they are. `gather-cpu-pipeline` runs it first.
  }];
}

def PromoteSmallBuffersPass : Pass<"gather-promote-small-buffers"> {
  let summary = "move small static allocations that never leave their "
                "function onto its stack frame";
  let description = [{
    Replaces a `memref.alloc` in a `func.func` by a `memref.alloca` at the
    start of the function's entry block, so that calling the function allocates nothing
    on the heap, when
    - its type is static, in the default memory space, of elements whose
      size the data layout gives, and it fits in what is left of the
      function's budget (`max-bytes`, 64 KiB by default, at most 1 MiB:
      stack frames stay small however many such buffers a function holds;
      the rest stay on the heap);
    - every op between it and the function is a sequential one (`scf.for`,
      `scf.while`, `scf.if`, `scf.index_switch`, `scf.execute_region`,
      `memref.alloca_scope`): it is then live in one iteration at a time,
      and one slot of the frame serves them all. Inside a parallel loop
      (`scf.forall`, `scf.parallel`, OpenMP) concurrent iterations each
      need their own buffer, and an `alloca` there would grow the stack on
      every iteration of a sequential lowering: such buffers stay;
    - it does not escape: every use, through views, reads or writes it (a
      return, a yield, a call, a deallocation, a store of the buffer
      itself or an op of unknown effects keeps it on the heap).

    The buffers this moves are those a function uses and drops, such as
    the flags by which the threads of an error-mode gather or embedding
    bag report a bad index (one byte per chunk or bag): with it, the
    kernels of `gather-cpu-pipeline` call `malloc` only for results they
    return. `gather-cpu-pipeline` runs it after bufferization, before
    buffer deallocation (which then has nothing to free for them).
  }];
  let options = [
    Option<"maxBytes", "max-bytes", "int64_t",
           /*default=*/"::mlir::gather::options::kStackBufferBytesDefault",
           "stack bytes a function may take for promoted buffers (at most "
           "1 MiB; 0: none)">,
  ];
  let dependentDialects = ["memref::MemRefDialect"];
}

def SplitBlocksAtSCFPass : Pass<"gather-split-blocks-at-scf"> {
  let summary = "end a block after each scf op with regions, so that "
                "convert-scf-to-cf takes linear time";
  let description = [{
    `convert-scf-to-cf` lowers an `scf.for` or `scf.if` by splitting the
    block that holds it: every op after it moves to a new block, and the
    dialect conversion records each move. A block of N such ops (a function
    of N gathers) costs O(N^2) time and memory there: 1000 gathers in one
    function took 7 s and 990 MB in that pass alone (bench/compile_time.py,
    docs/performance.md). This pass splits such blocks after each scf op
    that has regions, from the last one back, so that each split moves only
    the ops up to the next one (linear), and joins the pieces with
    `cf.br`; the conversion then moves at most one piece per op. It changes
    no semantics; the pipelines run it right before `convert-scf-to-cf`.
    Only blocks of function bodies are split (scf regions hold one block),
    and only where a block holds at least `min-scf-ops` such ops: below
    that, the conversion's moves cost less than the split (one more block,
    branch and verification of the module: a function of one gather has
    two or three such ops).
  }];
  let options = [
    Option<"minSCFOps", "min-scf-ops", "unsigned", /*default=*/"8",
           "split only blocks holding at least this many scf ops with "
           "regions (at least 2)">,
  ];
  let dependentDialects = ["cf::ControlFlowDialect"];
}

def ForwardUnchangedResultsPass : Pass<"gather-forward-unchanged-results"> {
  let summary = "replace scf.for and scf.if results that only pass a value "
                "through by that value, in one walk";
  let description = [{
    Replaces the uses of
    - an `scf.for` result whose loop-carried value is yielded unchanged
      (the region argument itself, or the init value) by the init value,
      and the region argument's uses by the init value too;
    - an `scf.if` result that both branches yield as the same value by
      that value.
    The walk is post-order, so a chain of such results (a loop nest that
    carries a buffer, as One-Shot Bufferize leaves it for a gather's loops)
    collapses in one pass, and each use is replaced once. The results, and
    the loop-carried values, stay: the canonicalizer removes them, now
    without uses.

    The canonicalizer folds the same results, but replaces them through the
    greedy driver, which puts each user back on its worklist and folds it
    again. When that user is a `func.return` of all N gathers of a function,
    each of the N replacements refolds an op of N operands: O(N^2), the
    only superlinear pass of `gather-cpu-pipeline` on one function of
    thousands of gathers (bench/compile_time.py, docs/performance.md).
    Semantics are unchanged: each replaced result equals its replacement
    on every path. The pipelines run it as the first step of
    `gather-buffer-canonicalize`, after bufferization.
  }];
}

def NameConstantGlobalsPass
    : Pass<"gather-name-constant-globals", "::mlir::ModuleOp"> {
  let summary = "name and order the globals that bufferization creates for "
                "tensor constants by their first use, so that a module "
                "compiles to the same output on every run";
  let description = [{
    One-Shot Bufferize with `bufferize-function-boundaries` visits the
    functions that do not call each other in an order that depends on
    pointer values. The `memref.global`s it creates for tensor constants
    (`@__constant_3xi64`, `@__constant_3xi64_0`, ...) therefore get their
    names, and their places at the top of the module, in an order that
    changes from run to run: a module of several functions with constants
    of one type did not compile to the same bytes twice (upstream
    `mlir-opt` behaves the same).

    This pass renames those globals and moves them to the start of the
    module in the order of their first `memref.get_global` in the module
    (globals without one come after, in their current order). The names
    follow bufferization's own scheme: `__constant_` then the shape and
    element type, and `_0`, `_1`, ... for the second and later globals of
    one type, skipping names that other symbols hold. Only private constant
    `memref.global`s whose name has that form are touched, and every
    reference to them is updated, so semantics are unchanged. Nested
    symbol tables (a `gpu.module`) keep their own globals and references. When the
    names and order are already the canonical ones the pass changes
    nothing and preserves all analyses. The pipelines run it right after
    `one-shot-bufferize`.
  }];
}

def BufferCanonicalizePass : Pass<"gather-buffer-canonicalize"> {
  let summary = "the canonicalizer the pipelines run on buffers: pass-through "
                "results forwarded first, no region simplification";
  let description = [{
    Runs `gather-forward-unchanged-results`' walk, then upstream's
    canonicalization patterns (those of every loaded dialect and registered
    op, as `canonicalize`) with the greedy driver, without region
    simplification: the loops are still scf ops of one block, and region
    simplification walks every block of the module for merges it could do
    (about 6 % of `gather-cpu-pipeline` on 1000 small gathers).

    With `cse`, common subexpressions are eliminated first, as `cse` does
    (the pipelines need it before the patterns: it makes the two subviews
    of a self-copy one value, which the patterns then fold).

    One pass instead of two or three saves verifications of the module
    (each about 3 % of `gather-cpu-pipeline` on 1000 functions of one
    gather), and when no step changed anything, the pass preserves all
    analyses and the pass manager skips verifying the module again
    (bench/compile_time.py).

    `max-iterations` bounds the greedy driver's sweeps over all ops, as
    `canonicalize`'s option does; the driver follows every change within a
    sweep, and a second sweep only confirms convergence where the first
    changed anything (the pipelines run one: half of the pass on a module
    of small gathers; not converging is no error).
  }];
  let options = [
    Option<"cse", "cse", "bool", /*default=*/"false",
           "eliminate common subexpressions first">,
    Option<"maxIterations", "max-iterations", "int64_t", /*default=*/"10",
           "sweeps of the greedy driver over all ops (at least 1)">,
  ];
}

def EliminateEmptyTensorsPass
    : Pass<"gather-eliminate-empty-tensors", "::mlir::ModuleOp"> {
  let summary = "upstream's eliminate-empty-tensors, run only where a "
                "tensor.empty can reach a subset insertion";
  let description = [{
    `eliminate-empty-tensors` replaces a `tensor.empty` whose value ends up
    inserted into a subset of another tensor (`tensor.insert_slice`,
    `bufferization.materialize_in_destination`, ...) by an extraction of that
    subset, so that the value is computed in place. It first runs One-Shot
    Analysis on the whole module, which costs about as much as bufferization
    itself (12 % of `gather-cpu-pipeline` on 1000 small gathers,
    bench/compile_time.py), even where nothing can be replaced: the gathers'
    loops insert slices of params, never a `tensor.empty`.

    This pass runs upstream's elimination, unchanged, on the module when
    some subset insertion's source may come from a `tensor.empty`, and does
    nothing otherwise. "May" follows each source back through the operands
    of its defining op that have the same type (any tensor operand of a
    cast), the values yielded by that op's regions, and a loop's init and
    yielded value for an iteration argument, stopping at other block
    arguments. Upstream follows only the equivalent values among these, so
    no replacement it would make is skipped.

    Before it runs, each use of a `tensor.empty` with several uses gets a
    copy of its own, right before the user (before the outermost loop
    between them, not to allocate per iteration). Upstream replaces one use
    of each `tensor.empty` on a chain: a gather's result, shared by the
    branches of its lowering (empty result, empty params, the loops), would
    be built in the destination on one branch only, and on the others in a
    buffer of its own, or fail bufferization with a read-after-write
    conflict where the destination is a function argument.
  }];
  let dependentDialects = [
    "bufferization::BufferizationDialect", "tensor::TensorDialect"
  ];
}

def LowerSliceCopiesPass
    : Pass<"gather-lower-slice-copies", "::mlir::ModuleOp"> {
  let summary = "lower copies of contiguous slices to llvm.intr.memcpy "
                "between element pointers";
  let description = [{
    Rewrites each `memref.copy` between two memrefs of integer or float
    elements (whole bytes, default memory space) that are contiguous and
    row-major whatever their dynamic sizes (an identity layout, or static
    strides where each dimension of a size other than 1 has the stride of
    the elements after it) into one `llvm.intr.memcpy`: of the constant
    byte size for static shapes, else of the element size times the sizes
    of the subview (or of the target).
    Each pointer is the aligned pointer of the buffer that the operand views
    (through one `memref.subview`, which is erased when nothing else uses
    it) plus the operand's offset in elements, computed from the subview's
    offsets and the buffer's strides and offset (from its type where static,
    from its descriptor otherwise). The buffer reaches the LLVM dialect
    through `builtin.unrealized_conversion_cast` to its descriptor type
    (the index width and data layout from the module, as in
    `gather-convert-to-llvm`), which `reconcile-unrealized-casts` folds.

    The copy the conversion would make is the same `llvm.intr.memcpy`, but
    reached through the subview: `expand-strided-metadata` makes a
    `memref.reinterpret_cast` of it, and each operand becomes a descriptor
    built and read again. A gather's row copy lowers to about 10 LLVM ops
    instead of about 55, which the conversion, the verifier and the printer
    each pay for (compile time, docs/performance.md).

    A row of dynamic width (`1x?xf32, strided<[?, 1], offset: ?>`, the row
    copy of a gather from params of dynamic shape) would otherwise become a
    call to the runtime's `memrefCopy`: 256-byte rows from 1M x 64 params
    of type `?x?xf32` ran at 0.13x the C++ loop, 0.94x with the memcpy.
    A dynamic byte count from 1 to 64 is copied inline instead, as two
    overlapping copies of the largest power of two it holds (constant-size
    `llvm.intr.memcpy`s, which LLVM expands to loads and stores), chosen by
    an `scf.if` chain that every row of one gather takes the same way
    (16-byte rows from L2-resident `?x?xf32` params: 0.13x the C++ loop
    through the memcpy call, 0.21x inline). A count of 0 goes to the call,
    in the same unsigned test as a count above 64 (`bytes - 1 >= 64`); the
    element size needs no test of its own.

    Other copies (non-contiguous layouts, layouts whose contiguity depends
    on dynamic strides, other element types, copies inside nested symbol
    tables such as `gpu.module`) are left to their conversions. `gather-cpu-pipeline` runs it on
    buffers, after bufferization, deallocation and the streaming stores,
    before `expand-strided-metadata`.
  }];
  let dependentDialects = [
    "arith::ArithDialect", "LLVM::LLVMDialect", "scf::SCFDialect"
  ];
}

def GatherConvertToLLVMPass
    : Pass<"gather-convert-to-llvm", "::mlir::ModuleOp"> {
  let summary = "lower memref, arith, cf, func, ub, index and complex ops to "
                "LLVM in one dialect conversion";
  let description = [{
    The union of `finalize-memref-to-llvm`, `convert-arith-to-llvm`,
    `convert-cf-to-llvm` (with `cf.assert`), `convert-func-to-llvm`,
    `convert-ub-to-llvm`, `convert-index-to-llvm` and
    `convert-complex-to-llvm`, with their default options, applied as one
    conversion with one type converter (upstream's patterns, unchanged).
    Run one after the other, each of those passes walks the whole module,
    sets up its own conversion and leaves a module that the pass manager
    verifies again; one conversion does each once: on 1000 small gathers,
    2.0 s -> 0.7 s for the same output (bench/compile_time.py,
    docs/performance.md).

    Unlike upstream's `convert-to-llvm`, it needs no ConvertToLLVM
    interface registered by the tool that runs it: the pipelines work in
    any tool that links the gather libraries. What it leaves (vector, omp,
    gpu, mpi ops) the pipelines lower with upstream's passes, and
    `reconcile-unrealized-casts` ends the lowering as usual. An
    `llvm.noalias` argument attribute of a memref argument (as
    `gather-restrict-args-noalias` sets it) becomes `llvm.noalias` on the
    aligned pointer of its descriptor, through which it is accessed. Two
    fix-ups follow the conversion: the `llvm.loop_annotation` that
    scf-to-cf leaves on a latch branch as a discardable attribute becomes
    the branch's own loop annotation (which the translation emits), and a
    nontemporal line copy (an `llvm.load` whose one use is a nontemporal
    `llvm.store`) of floats narrower than 32 bits loads and stores i32
    vectors, since x86 has no streaming store of half vectors. With
    `reconcile-casts`, the pass does it itself after the conversion (the
    same walk and folding, without a pass and a verification of its own),
    where nothing after it needs the casts.

    The C interface wrapper of a function (`_mlir_ciface_F` of a
    `llvm.emit_c_interface` function F) calls F `always_inline` where F has
    at most `c-interface-inline-max-ops` operations: the wrapper unpacks
    descriptors and passes every field again, on the stack past six
    arguments, which costs a small kernel a visible part of its time (a
    gather of 16 rows of 256 B: 0.92 -> 0.99x the plain C++ loop). Larger
    functions keep one body. Where the type of a memref argument fixes a
    field of its descriptor (a static size, stride or offset), the wrapper
    passes F that constant instead of the field it loaded: LLVM must load
    every field before the first store of an inlined F (the descriptors may
    alias the buffers as far as it knows) and kept those only a cold path
    reads (the sizes a small error-mode gather passes to its fix-up
    function) live in callee-saved registers across the whole gather
    (16 rows of 256 B: 0.98 -> 1.01x the plain C++ loop).

    A read of a memref descriptor field (`llvm.extractvalue` of the
    insertvalue chain that packs a function argument, an allocation or a
    view into a descriptor) is folded to the value that was inserted, and a
    chain that nothing reads any more is erased: such reads are a third of
    the ops the conversion leaves, which the printer, the verifier and the
    translation to LLVM IR all walk (1000 small gathers through
    `--gather-cpu-pipeline`: 3.84 G -> 3.46 G instructions). A descriptor
    that is returned, stored or passed whole keeps its chain.

    `allow-pattern-rollback=false` runs the conversion without rollback
    (as upstream's `convert-to-llvm` option of that name): less memory
    (one function of 5000 gathers through the CPU pipeline: 252 -> 215 MiB
    peak), and a pattern may not fail once it has changed the IR, which
    upstream's LLVM patterns do not.
  }];
  let options = [
    Option<"allowPatternRollback", "allow-pattern-rollback", "bool",
           /*default=*/"true",
           "run the dialect conversion with pattern rollback; false: the "
           "one-shot driver">,
    Option<"reconcileCasts", "reconcile-casts", "bool", /*default=*/"false",
           "then fold the unrealized_conversion_casts of the module, as "
           "reconcile-unrealized-casts does">,
    Option<"cInterfaceInlineMaxOps", "c-interface-inline-max-ops", "int64_t",
           /*default=*/"128",
           "inline a function of at most this many operations into its C "
           "interface wrapper; 0: never">,
  ];
  let dependentDialects = ["LLVM::LLVMDialect"];
}

#endif // GATHER_TRANSFORMS_PASSES
