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
    `linalg.generic` over the result with parallel iterators whose body reads
    the index (vector) with `tensor.extract` and then `params` at the
    gathered coordinates. Index arithmetic is in `index`; i32 and i64 indices
    are sign-extended.

    Out of bounds: in `error` mode an `scf.for` nest over `indices` before
    the generic checks each index once; a bad one prints (`vector.print`, on
    stdout) `<op> at <location>: index <i> is out of bounds [0, <dim>) in
    params dimension <d>` and calls `exit(1)` (libc), which flushes the
    message. `zero` reads at a clamped-to-0 address and selects zero, `clamp`
    reads at the clamped index; an empty addressed dimension gives zeros
    without any read. An empty result checks and reads nothing.

    Error-mode ops need `func.func private @exit(i32)`: the pass declares it
    when it runs on a symbol table (e.g. `builtin.module`) and fails when it
    runs on a function of a module that lacks it.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
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

    Out of bounds: the innermost index-position loop runs in chunks of 1024
    positions, and a chunk's indices are checked (one loop or-reducing the
    checks) before its slices are copied. `error`: when one fails, a second
    loop prints the first bad index as in `convert-gather-to-linalg` and
    calls `exit(1)`, so the copy loop carries no check. (Error mode with
    loops over params dimensions before the axis, which the indices do not
    depend on, and static indices of at most 512 KiB checks all indices
    once before the loops instead, and copies without chunks.) `zero` and `clamp`
    copy a chunk without a bad index unchecked; in the others `zero` selects
    zero for single elements and inserts a zero slice (`scf.if`) otherwise,
    and `clamp` reads at the clamped index.

    `prefetch-distance` adds a `memref.prefetch` (on a read-only
    `bufferization.to_buffer` of params) of the slice selected that many
    positions ahead along the innermost index-position loop. Unless it is
    0, gathers of slices (not scalars) also prefetch the next chunk's
    indices, a line at a time, when the indices are dynamic or at least
    1 MiB. `parallel` turns the outermost loop (or, when it is the only
    loop, its chunks) into an `scf.forall` whose iterations fill disjoint
    slots of the result (`tensor.parallel_insert_slice`); in error mode each
    iteration skips a bad chunk and sets its flag, and after the loop the
    first bad index is reported as above.
    Error-mode ops need `func.func private @exit(i32)`, declared as there.
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
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::linalg::LinalgDialect",
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
    long slices, so the grid stays bounded (`max-blocks`) for any size. Each
    thread loads and checks its index once per slice; offsets are `index`
    values (64-bit with the default index bitwidth). When the element type is
    8/16/32/64 bits wide and `S` is a multiple of the elements in 16 bytes,
    every access is a 128-bit `vector.load`/`vector.store` (`alignment = 16`);
    otherwise (decided at runtime for a dynamic `S`) a scalar kernel runs.

    Host memory: the kernels never touch host memory. `params` and `indices`
    are copied to `gpu.alloc` buffers with `gpu.memcpy`, the result is copied
    back into a `memref.alloc` buffer and the device buffers are freed, so
    the op works on ordinary host tensors.

    Out of bounds: `error` makes a thread that reads a bad index print the
    op's location, the index and the bound with `gpu.printf` and fail a
    `cf.assert` (a device-side `__assertfail`, i.e. a trap): the launch fails
    and the runtime reports it. `zero` stores zeros, `clamp` clamps.

    `host-only` emits the same kernel body inside an `scf.parallel` over
    (block, thread) ids on the host buffers instead of a launch, so the
    indexing logic can be lowered for and run on the CPU; out-of-bounds
    errors then print and exit as in the CPU lowerings (`@exit` is declared).
  }];
  let options = [
    Option<"hostOnly", "host-only", "bool", /*default=*/"false",
           "emit the kernel body in an scf.parallel over block/thread ids on "
           "host memory instead of a gpu.launch (CPU-executable form)">,
    Option<"blockSize", "block-size", "int64_t",
           /*default=*/"::mlir::gather::options::kBlockSizeDefault",
           "threads per block, in [1, 1024] (CUDA's limit, host-only too)">,
    Option<"maxBlocks", "max-blocks", "int64_t",
           /*default=*/"::mlir::gather::options::kMaxBlocksDefault",
           "upper bound on the number of blocks of a launch (grid-stride "
           "loops cover the rest), in [1, 2^31 - 1]">,
    Option<"vectorize", "vectorize", "bool", /*default=*/"true",
           "use 128-bit loads and stores when the slice allows">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // GATHER_CONVERSION_PASSES_TD
