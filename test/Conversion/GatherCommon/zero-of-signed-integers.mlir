// Zeros of integers with signedness (ui8, si16): arith takes signless
// integers only, so the lowerings make a signless arith.constant of the same
// bits and cast it with builtin.unrealized_conversion_cast (the LLVM
// conversion gives both the same type; reconcile-unrealized-casts removes
// the cast). Before, zero mode on such types left an invalid arith.constant
// (`integer return type must be signless`). Execution: the element-type
// matrix (test/Integration/CPU/element-type-matrix.test), zero mode rows.
//
// RUN: gather-opt %s -convert-gather-to-scf | FileCheck %s --check-prefix=SCF
// RUN: gather-opt %s -convert-gather-to-linalg | FileCheck %s --check-prefix=LINALG
// RUN: gather-opt %s -convert-gather-to-gpu | FileCheck %s --check-prefix=GPU
// RUN: gather-opt %s --gather-cpu-pipeline | FileCheck %s --check-prefix=LLVM
// RUN: gather-opt %s --gather-gpu-pipeline=host-only | FileCheck %s --check-prefix=LLVM

// SCF-LABEL: func.func @zero_ui8(
// SCF:         %[[BITS:.*]] = arith.constant 0 : i8
// SCF:         builtin.unrealized_conversion_cast %[[BITS]] : i8 to ui8
// LINALG-LABEL: func.func @zero_ui8(
// LINALG:         %[[BITS:.*]] = arith.constant 0 : i8
// LINALG:         builtin.unrealized_conversion_cast %[[BITS]] : i8 to ui8
// LLVM-NOT:    unrealized_conversion_cast
// LLVM-NOT:    {{: ui8|xui8}}
func.func @zero_ui8(%p: tensor<100xui8>, %i: tensor<300xi32>) -> tensor<300xui8> {
  %r = gather.gather %p[%i] mode<zero> : (tensor<100xui8>, tensor<300xi32>) -> tensor<300xui8>
  return %r : tensor<300xui8>
}

// Rows of 16 si16 take 128-bit accesses in kernels, so the zero is a vector.
// GPU-LABEL: func.func @zero_rows_si16(
// GPU:         %[[BITS:.*]] = arith.constant dense<0> : vector<8xi16>
// GPU:         builtin.unrealized_conversion_cast %[[BITS]] : vector<8xi16> to vector<8xsi16>
// LLVM-NOT:    unrealized_conversion_cast
// LLVM-NOT:    {{: si16|xsi16}}
func.func @zero_rows_si16(%p: tensor<10x16xsi16>, %i: tensor<30xi64>) -> tensor<30x16xsi16> {
  %r = gather.gather %p[%i] mode<zero> : (tensor<10x16xsi16>, tensor<30xi64>) -> tensor<30x16xsi16>
  return %r : tensor<30x16xsi16>
}
