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
    `params` at the gathered coordinates with `tensor.extract`. In `error`
    mode each index is validated once, before the generic, by a loop nest over
    `indices` that prints the op's location, the index and its bound and
    aborts; `zero` selects zero for out-of-bounds slices and `clamp` clamps.
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
    Rewrites every `gather.gather` and `gather.gather_nd` into scf loops on
    tensors: an outer nest over the index positions that loads and checks each
    index once, and an inner copy of the contiguous slice it selects.
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
// GatherToGPU
//===----------------------------------------------------------------------===//

def ConvertGatherToGPUPass : Pass<"convert-gather-to-gpu", "::mlir::ModuleOp"> {
  let summary = "lower gather ops to gpu.launch kernels";
  let description = [{
    Rewrites every `gather.gather` and `gather.gather_nd` into a `gpu.launch`
    with a grid-stride loop in which consecutive threads handle consecutive
    elements of the contiguous innermost slice.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // GATHER_CONVERSION_PASSES_TD
