//===- GatherOps.td - gather dialect operations ------------*- tablegen -*-===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_DIALECT_GATHER_IR_GATHEROPS_TD
#define GATHER_DIALECT_GATHER_IR_GATHEROPS_TD

include "gather/Dialect/Gather/IR/GatherDialect.td"
include "gather/Dialect/Gather/IR/GatherEnums.td"
include "gather/Dialect/Gather/IR/GatherInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

/// The operands of both forms: tensors (the tensor form) or memrefs (the
/// buffer form). ODS checks only this much; the verifier checks the rest
/// (ranked tensors or memrefs, index element types, one form: G-C1, G-C2,
/// G-C14, N-C1, N-C2, N-C14), so that the tensor form keeps the diagnostics
/// it had when its operands were ranked tensors in ODS.
class Gather_TensorOrMemRef<string elements> : Type<
    CPred<"::llvm::isa<::mlir::TensorType, ::mlir::BaseMemRefType>($_self)">,
    "ranked tensor (tensor form) or memref (buffer form) of " # elements,
    "::mlir::ShapedType">;
def Gather_ParamsOperand : Gather_TensorOrMemRef<"any type values">;
def Gather_IndicesOperand : Gather_TensorOrMemRef<
    "32-bit signless integer or 64-bit signless integer or index values">;

// What both gather ops share: their traits and interfaces, and the
// definitions that forward to the functions of GatherOps.cpp serving both
// (reification and folding through GatherOpInterface, the effects, the
// speculatability and the cast-folding pattern).
class Gather_GatherLikeOp<string mnemonic, list<Trait> traits = []>
    : Gather_Op<mnemonic, !listconcat([
        DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
        DeclareOpInterfaceMethods<ConditionallySpeculatable>,
        DeclareOpInterfaceMethods<Gather_GatherOpInterface, ["getGeometry"]>,
        InferTypeOpAdaptorWithIsCompatible,
        DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
            ["reifyResultShapes"]>
      ], traits)> {
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let extraClassDefinition = [{
    ::mlir::Speculation::Speculatability $cppClass::getSpeculatability() {
      return getGatherSpeculatability(*this);
    }
    void $cppClass::getEffects(
        ::llvm::SmallVectorImpl<::mlir::SideEffects::EffectInstance<
            ::mlir::MemoryEffects::Effect>> &effects) {
      getGatherEffects(*this, effects);
    }
    ::llvm::LogicalResult $cppClass::reifyResultShapes(
        ::mlir::OpBuilder &b,
        ::mlir::ReifiedRankedShapedTypeDims &reifiedShapes) {
      return reifyGatherResultShapes(*this, b, reifiedShapes);
    }
    ::llvm::LogicalResult $cppClass::fold(
        FoldAdaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::OpFoldResult> &results) {
      return foldGatherOp(
          *this, [&] { return foldTensorForm(adaptor); }, results);
    }
    void $cppClass::getCanonicalizationPatterns(
        ::mlir::RewritePatternSet &results, ::mlir::MLIRContext *context) {
      results.add<FoldCastsIntoGather<$cppClass>>(context);
    }
  }];
}

//===----------------------------------------------------------------------===//
// GatherOp
//===----------------------------------------------------------------------===//

def Gather_GatherOp : Gather_GatherLikeOp<"gather"> {
  let summary = "gather slices along one axis (tf.gather)";
  let description = [{
    Gathers slices of `params` along dimension `axis`, as `tf.gather` does.
    Let `b = batch_dims` (normalised: a negative value counts from
    `rank(indices)`) and `a = axis` (normalised: a negative value counts from
    `rank(params)`; absent, it is `b`). The first `b` dimensions of `params`
    and `indices` are batch dimensions and must agree. The result has shape

    ```
    params.shape[:a] + indices.shape[b:] + params.shape[a+1:]
    ```

    and the element type of `params`:

    ```
    result[p0..pa-1, i_b..i_q-1, pa+1..] =
        params[p0..pa-1, indices[p0..pb-1, i_b..i_q-1], pa+1..]
    ```

    `indices` may have any rank, 0 included, and holds `i32`, `i64` or
    `index` values. An index outside `[0, params.shape[a])` (a negative index
    included) is out of bounds; `mode` says what happens then:
    `error` (the default) stops the program with a message naming the op and
    the index, `zero` makes the selected slice zero, `clamp` clamps the index
    into range, `wrap` counts a negative index from the end as numpy does
    (`i` in `[-n, 0)` selects `n + i`) and reports any index outside
    `[-n, n)` as `error` does. See `docs/spec.md` for the numbered
    constraints.

    The op has no memory effects: an unused gather may be removed, and its
    index check with it. In `zero` and `clamp` mode it is speculatable (it
    may be hoisted out of a loop that may not run); in `error` and `wrap`
    mode it is not, since a gather that never runs must not report.

    Buffer form. With `into %out` the op works on memrefs: `params` and
    `indices` are memrefs, the gathered value is written into `out` (a
    memref of the inferred shape and element type, any layout) and there is
    no result. It is what `--one-shot-bufferize` makes of the tensor form
    (which allocates its result: the op is not in destination-passing style,
    so that the tensor form keeps its syntax), and what a user who
    bufferized first hands to the pipelines, which lower it through the
    tensor lowerings. It reads `params` and `indices` and writes `out`, is
    never speculated, does not fold, and `out` must not alias `params` or
    `indices` (undefined behaviour). The shape and attribute constraints
    are those of the tensor form, checked on the shapes.

    Examples:

    ```mlir
    // Rows 0 and 2 of a 3x4 matrix.
    %r = gather.gather %params[%indices] : (tensor<3x4xf32>, tensor<2xi32>)
                                          -> tensor<2x4xf32>
    // Columns, with a negative axis and out-of-bounds indices giving zeros.
    %c = gather.gather %params[%indices] axis = -1 mode<zero>
        : (tensor<3x4xf32>, tensor<5xi64>) -> tensor<3x5xf32>
    // One index vector per batch row (top-k style).
    %t = gather.gather %params[%indices] batch_dims = 1
        : (tensor<8x100xf32>, tensor<8x5xindex>) -> tensor<8x5xf32>
    // The buffer form of the first example.
    gather.gather %pbuf[%ibuf] into %out
        : (memref<3x4xf32>, memref<2xi32>, memref<2x4xf32>) -> ()
    ```
  }];

  let arguments = (ins
    Gather_ParamsOperand:$params,
    Gather_IndicesOperand:$indices,
    OptionalAttr<I64Attr>:$axis,
    DefaultValuedAttr<I64Attr, "0">:$batch_dims,
    DefaultValuedAttr<Gather_ModeAttr, "::mlir::gather::GatherMode::Error">:$mode,
    Optional<AnyMemRef>:$out
  );
  let results = (outs Optional<AnyRankedTensor>:$result);

  let assemblyFormat = [{
    $params `[` $indices `]` (`into` $out^)? (`axis` `=` $axis^)?
    (`batch_dims` `=` $batch_dims^)? (`mode` `` $mode^)? attr-dict
    `:` functional-type(operands, results)
  }];

  let builders = [
    OpBuilder<(ins "::mlir::Value":$params, "::mlir::Value":$indices,
                   "int64_t":$axis, CArg<"int64_t", "0">:$batchDims,
                   CArg<"::mlir::gather::GatherMode",
                        "::mlir::gather::GatherMode::Error">:$mode)>,
    // The tensor form with a given result type, as ODS generated it before
    // the optional `out` operand took the defaults of the trailing arguments.
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$params,
                   "::mlir::Value":$indices, "::mlir::IntegerAttr":$axis,
                   CArg<"int64_t", "0">:$batchDims,
                   CArg<"::mlir::gather::GatherMode",
                        "::mlir::gather::GatherMode::Error">:$mode), [{
      build($_builder, $_state, result, params, indices, axis,
            static_cast<uint64_t>(batchDims), mode, /*out=*/::mlir::Value());
    }]>
  ];

  let extraClassDeclaration = [{
    /// `batch_dims` counted from the front: a negative value is added to
    /// rank(indices). Only meaningful on a verified op.
    int64_t getNormalizedBatchDims();
    /// `axis` counted from the front, its default (`batch_dims`) applied.
    int64_t getNormalizedAxis();

    /// Infers the result type from operand types and attributes, as written
    /// (negative values allowed). The operands are ranked tensors or, for the
    /// buffer form, memrefs: only their shapes and element type matter. On a violated constraint returns failure
    /// and, given a location, emits the diagnostic. Shared by the verifier,
    /// the builders and type inference.
    static ::mlir::FailureOr<::mlir::RankedTensorType>
    inferResultType(::mlir::ShapedType paramsType,
                    ::mlir::ShapedType indicesType,
                    std::optional<int64_t> axis, int64_t batchDims,
                    std::optional<::mlir::Location> loc = std::nullopt);

    /// The tensor form's result, as for an op with one result (null in the
    /// buffer form).
    operator ::mlir::TypedValue<::mlir::RankedTensorType>() {
      return getResult();
    }
    /// The tensor form's result type. Only valid on the tensor form; see
    /// getResultType() for either form.
    ::mlir::RankedTensorType getType() { return getResult().getType(); }

  private:
    /// The folder of the tensor form (one result).
    ::mlir::OpFoldResult foldTensorForm(FoldAdaptor adaptor);

  public:
  }];

}

//===----------------------------------------------------------------------===//
// GatherNdOp
//===----------------------------------------------------------------------===//

def Gather_GatherNdOp : Gather_GatherLikeOp<"gather_nd"> {
  let summary = "gather slices addressed by index vectors (tf.gather_nd)";
  let description = [{
    Gathers slices of `params` addressed by the index vectors in the last
    dimension of `indices`, as `tf.gather_nd` does. Let `b = batch_dims`
    (not negative) and `N = indices.shape[-1]`, the index depth, which must be
    static (0 selects whole slices). The first `b` dimensions of `params` and
    `indices` are batch dimensions and must agree. The result has shape

    ```
    params.shape[:b] + indices.shape[b:-1] + params.shape[b+N:]
    ```

    and the element type of `params`:

    ```
    result[p0..pb-1, i_b..i_q-2, s..] =
        params[p0..pb-1, indices[p0..pb-1, i_b..i_q-2, 0..N-1], s..]
    ```

    Component `k` of an index vector is out of bounds when it lies outside
    `[0, params.shape[b+k])`; `mode` says what happens then, as for
    `gather.gather` (`zero` zeroes the whole selected slice, `clamp` clamps
    each component, `wrap` wraps each component in `[-n, 0)` by its
    dimension's size `n`). Speculation and removal are as for
    `gather.gather`, and so is the buffer form (`into %out`, memref
    operands, no result). See `docs/spec.md` for the numbered constraints.

    Examples:

    ```mlir
    // Elements [0, 0] and [1, 1] of a 2x2 matrix.
    %e = gather.gather_nd %params[%indices]
        : (tensor<2x2xf32>, tensor<2x2xi32>) -> tensor<2xf32>
    // One row per batch entry.
    %s = gather.gather_nd %params[%indices] batch_dims = 1 mode<clamp>
        : (tensor<2x2x3xf32>, tensor<2x1xi64>) -> tensor<2x3xf32>
    // Buffer form.
    gather.gather_nd %pbuf[%ibuf] into %out
        : (memref<2x2xf32>, memref<2x2xi32>, memref<2xf32>) -> ()
    ```
  }];

  let arguments = (ins
    Gather_ParamsOperand:$params,
    Gather_IndicesOperand:$indices,
    DefaultValuedAttr<I64Attr, "0">:$batch_dims,
    DefaultValuedAttr<Gather_ModeAttr, "::mlir::gather::GatherMode::Error">:$mode,
    Optional<AnyMemRef>:$out
  );
  let results = (outs Optional<AnyRankedTensor>:$result);

  let assemblyFormat = [{
    $params `[` $indices `]` (`into` $out^)? (`batch_dims` `=` $batch_dims^)?
    (`mode` `` $mode^)? attr-dict `:` functional-type(operands, results)
  }];

  let builders = [
    OpBuilder<(ins "::mlir::Value":$params, "::mlir::Value":$indices,
                   CArg<"int64_t", "0">:$batchDims,
                   CArg<"::mlir::gather::GatherMode",
                        "::mlir::gather::GatherMode::Error">:$mode)>,
    // The tensor form with a given result type (see gather.gather).
    OpBuilder<(ins "::mlir::Type":$result, "::mlir::Value":$params,
                   "::mlir::Value":$indices, CArg<"int64_t", "0">:$batchDims,
                   CArg<"::mlir::gather::GatherMode",
                        "::mlir::gather::GatherMode::Error">:$mode), [{
      build($_builder, $_state, result, params, indices,
            static_cast<uint64_t>(batchDims), mode, /*out=*/::mlir::Value());
    }]>
  ];

  let extraClassDeclaration = [{
    /// The index depth N: the static last dimension of `indices`.
    int64_t getIndexDepth();

    /// Infers the result type; see GatherOp::inferResultType.
    static ::mlir::FailureOr<::mlir::RankedTensorType>
    inferResultType(::mlir::ShapedType paramsType,
                    ::mlir::ShapedType indicesType, int64_t batchDims,
                    std::optional<::mlir::Location> loc = std::nullopt);

    /// The tensor form's result, as for an op with one result (null in the
    /// buffer form).
    operator ::mlir::TypedValue<::mlir::RankedTensorType>() {
      return getResult();
    }
    /// The tensor form's result type. Only valid on the tensor form; see
    /// getResultType() for either form.
    ::mlir::RankedTensorType getType() { return getResult().getType(); }

  private:
    /// The folder of the tensor form (one result).
    ::mlir::OpFoldResult foldTensorForm(FoldAdaptor adaptor);

  public:
  }];

}

//===----------------------------------------------------------------------===//
// FixOutOfBoundsOp
//===----------------------------------------------------------------------===//

def Gather_FixOutOfBoundsOp : Gather_Op<"fix_out_of_bounds", [
    NoMemoryEffect, DeclareOpInterfaceMethods<ConditionallySpeculatable>,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    DeclareOpInterfaceMethods<BufferizableOpInterface,
        ["bufferizesToMemoryRead", "bufferizesToMemoryWrite",
         "getAliasingValues", "bufferize"]>,
    AllTypesMatch<["dest", "result"]>]> {
  let summary = "call a function on buffers that fixes a gathered tensor "
                "where an index was out of bounds (lowering-internal)";
  let description = [{
    An op of the CPU lowering (`convert-gather-to-scf{fix-up-calls}`, which
    `gather-cpu-pipeline` runs), not of user programs. A small gather in
    `error` or `zero` mode copies every slice with its index clamped and
    notes whether an index was out of bounds (`bad`); this op then runs the
    code that reports each bad index (error mode) and zeroes its slot:
    `callee`, a function on buffers that the lowering creates once for all
    gathers of one structure (element and index types, ranks, axes, mode).
    That code runs only where an index was bad, and as one op it costs
    bufferization, the canonicalizers and the conversion to LLVM nothing per
    gather (bench/compile_time.py, docs/performance.md).

    The result is `dest` with the fix-up applied. The op bufferizes in
    place: `scf.if %bad` around a `func.call @callee` whose arguments are
    the buffer of `dest`, then, in order, the `inputs`: each tensor as its
    (read-only) buffer, each other value as it is. Buffers are passed as
    memrefs of fully dynamic sizes, strides and offset (a `memref.cast`),
    which is what `callee` takes. The op implements the
    BufferizableOpInterface itself (no external model to register): it is
    there to be bufferized.

    The op has no memory effects on its operands (the handler it may call
    is the gather's), and it is never speculated: `bad` guards a call that
    may end the program.

    Example:

    ```mlir
    %fixed = gather.fix_out_of_bounds @__gather_fix_out_of_bounds_0(
        %copied, %indices, %c1000, %description) if %bad
        : tensor<16x64xf32>, tensor<16xi32>, index, !llvm.ptr
    ```
  }];

  let arguments = (ins FlatSymbolRefAttr:$callee, AnyRankedTensor:$dest,
                       Variadic<AnyType>:$inputs, I1:$bad);
  let results = (outs AnyRankedTensor:$result);

  let assemblyFormat = [{
    $callee `(` $dest (`,` $inputs^)? `)` `if` $bad attr-dict `:`
    type($dest) (`,` type($inputs)^)?
  }];

  let extraClassDeclaration = [{
    /// The type a function called by the op takes for a buffer of a tensor of
    /// `type` (a ranked tensor or memref type) in `memorySpace`: a memref of
    /// strided layout whose sizes, strides and offset are all dynamic.
    static ::mlir::MemRefType getBufferArgType(::mlir::ShapedType type,
        ::mlir::Attribute memorySpace = {});
  }];
}

#endif // GATHER_DIALECT_GATHER_IR_GATHEROPS_TD
