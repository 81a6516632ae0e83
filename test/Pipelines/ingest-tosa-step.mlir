// gather-ingest-tosa, the TOSA step of the pipelines' ingestion: it builds
// and runs upstream's lowering of TOSA only where the module holds TOSA ops
// (tosa.gather becomes gather.gather first, the rest linalg, tensor and
// arith), and leaves every other module as it is.
//
// RUN: gather-opt %s --split-input-file --gather-ingest-tosa | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline -dump-pass-pipeline -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DUMP

// DUMP: gather-run-if{condition=used ops={tensor.gather}
// DUMP-NEXT: gather-ingest-tosa,

// CHECK-LABEL: func.func @model(
//   CHECK-NOT:   tosa.
//       CHECK:   gather.gather %{{.*}} axis = 1 batch_dims = 1
//       CHECK:   linalg.generic
//   CHECK-NOT:   tosa.
//       CHECK:   return
func.func @model(%values: tensor<1x5x3xf32>, %indices: tensor<1x4xi32>) -> tensor<1x4x3xf32> {
  %g = tosa.gather %values, %indices : (tensor<1x5x3xf32>, tensor<1x4xi32>) -> tensor<1x4x3xf32>
  %e = tosa.exp %g : (tensor<1x4x3xf32>) -> tensor<1x4x3xf32>
  return %e : tensor<1x4x3xf32>
}

// -----

// No TOSA: nothing to build, nothing changes.
// CHECK-LABEL: func.func @no_tosa(
//  CHECK-NEXT:   %[[C:.*]] = arith.constant 1 : index
//  CHECK-NEXT:   %[[S:.*]] = arith.addi %{{.*}}, %[[C]]
//  CHECK-NEXT:   return %[[S]]
func.func @no_tosa(%n: index) -> index {
  %c1 = arith.constant 1 : index
  %s = arith.addi %n, %c1 : index
  return %s : index
}
