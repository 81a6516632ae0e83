//===- Passes.td - gather dialect transforms ---------------*- tablegen -*-===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_DIALECT_GATHER_TRANSFORMS_PASSES_TD
#define GATHER_DIALECT_GATHER_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def RaiseToGatherPass : Pass<"raise-to-gather"> {
  let summary = "raise linalg.generic gathers to gather.gather";
  let description = [{
    Recognises the `linalg.generic` ops that are gathers written out
    element by element, the form `tosa-to-linalg` gives `tosa.gather` and
    torch-mlir's TorchToLinalg gives `aten.embedding`, `aten.index_select`
    and (along the last dimension) `aten.gather`, and rewrites each into one
    `gather.gather` in `mode<error>`. A generic is raised only when all of
    this holds, and is left unchanged otherwise:

    - tensor semantics, one input (the indices: a ranked tensor of `i32`,
      `i64` or `index`), one init, one result, all iterators parallel, the
      init's indexing map the identity and its block argument unused;
    - the body yields `tensor.extract %params[c_0, ..., c_(p-1)]` where
      `%params` is a ranked tensor defined outside the generic, exactly one
      coordinate `c_a` is the indices block argument (through
      `arith.index_cast` unless it is an `index`), and every other one is a
      `linalg.index` of the body;
    - with `q` the indices' rank and `b` the number of leading indices map
      results `d_0, d_1, ...` before the axis: the indices map is
      `(d_0, ..., d_(b-1), d_a, ..., d_(a+q-b-1))`, `c_j = linalg.index j`
      for `j < a` and `c_j = linalg.index (j + q - b - 1)` for `j > a`, and
      the generic has `p - 1 + q - b` loops. This is
      `result = gather.gather %params[%indices] axis = a batch_dims = b`;
    - the other ops of the body are the bounds checks torch-mlir emits
      (`cf.assert` of `arith.cmpi slt` of the index against
      `tensor.dim %params` of dimension `a` or its static size, and of
      `arith.cmpi sge` of the index against 0), or ops without memory
      effects and without regions (the yielded value cannot depend on
      them, e.g. the unused `linalg.index` of torch-mlir's index_select).

    A generic reads `%params` only over its iteration domain, which may be
    smaller than `%params` in the dimensions other than `a`; unless the
    sizes are the same (equal static sizes, or an init `tensor.empty`, or
    `linalg.fill` of one, sized by `tensor.dim %params`), the gather reads
    a `tensor.extract_slice` of `%params` at offset 0 with the domain's
    sizes, so it computes exactly what the generic does.

    Out of bounds: `tensor.extract` out of range is undefined behaviour and
    torch-mlir's `cf.assert`s stop the program, so `mode<error>`, which
    stops the program with a message naming the op and the index, keeps
    every defined behaviour of the generic.

    The pass walks the IR once and changes nothing but the raised generics
    (and the init ops that become dead with them): IR without such a
    generic comes out unchanged, byte for byte.
  }];
  let dependentDialects = [
    "::mlir::gather::GatherDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // GATHER_DIALECT_GATHER_TRANSFORMS_PASSES_TD
