//===- GatherDialect.td - gather dialect definition --------*- tablegen -*-===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_DIALECT_GATHER_IR_GATHERDIALECT_TD
#define GATHER_DIALECT_GATHER_IR_GATHERDIALECT_TD

include "mlir/IR/OpBase.td"

def Gather_Dialect : Dialect {
  let name = "gather";
  let cppNamespace = "::mlir::gather";
  let summary = "TensorFlow-style gather operations on ranked tensors";
  let description = [{
    The `gather` dialect holds two operations with TensorFlow's semantics:
    `gather.gather` (`tf.gather`: `axis` and `batch_dims`, both of which may
    be negative) and `gather.gather_nd` (`tf.gather_nd`: `batch_dims`).

    Both carry an out-of-bounds `mode` that defines what happens to an index
    outside its dimension at run time: `error` stops the program, `zero`
    produces a zero slice and `clamp` clamps the index into range. The
    normative specification, with numbered constraints, is `docs/spec.md`.
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
}

class Gather_Op<string mnemonic, list<Trait> traits = []>
    : Op<Gather_Dialect, mnemonic, traits>;

#endif // GATHER_DIALECT_GATHER_IR_GATHERDIALECT_TD
