//===- GatherEnums.td - gather dialect enums ---------------*- tablegen -*-===//
//
// Part of the gather project.
//
//===----------------------------------------------------------------------===//

#ifndef GATHER_DIALECT_GATHER_IR_GATHERENUMS_TD
#define GATHER_DIALECT_GATHER_IR_GATHERENUMS_TD

include "gather/Dialect/Gather/IR/GatherDialect.td"
include "mlir/IR/EnumAttr.td"

def Gather_ModeError : I32EnumAttrCase<"Error", 0, "error">;
def Gather_ModeZero : I32EnumAttrCase<"Zero", 1, "zero">;
def Gather_ModeClamp : I32EnumAttrCase<"Clamp", 2, "clamp">;
def Gather_ModeWrap : I32EnumAttrCase<"Wrap", 3, "wrap">;

def Gather_Mode : I32EnumAttr<"GatherMode",
    "what a gather does with an index outside its dimension",
    [Gather_ModeError, Gather_ModeZero, Gather_ModeClamp,
     Gather_ModeWrap]> {
  let cppNamespace = "::mlir::gather";
  let genSpecializedAttr = 0;
}

/// `#gather.mode<error|zero|clamp|wrap>`; in an op's custom form `mode<clamp>`.
def Gather_ModeAttr : EnumAttr<Gather_Dialect, Gather_Mode, "mode"> {
  let assemblyFormat = "`<` $value `>`";
}

#endif // GATHER_DIALECT_GATHER_IR_GATHERENUMS_TD
