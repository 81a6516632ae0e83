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
    Option<"minBytes", "min-bytes", "int64_t", /*default=*/"33554432",
           "rewrite copies into destination buffers of at least this many "
           "bytes (default 32 MiB, the last-level cache of one Zen 5 CCD; "
           "dynamic sizes are compared at run time); -1: none">,
  ];
  let dependentDialects = [
    "arith::ArithDialect", "LLVM::LLVMDialect", "memref::MemRefDialect",
    "scf::SCFDialect", "vector::VectorDialect"
  ];
}

#endif // GATHER_TRANSFORMS_PASSES
