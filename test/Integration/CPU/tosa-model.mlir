// A small TOSA model around a tosa.gather (an embedding lookup, doubled,
// summed over the embedding, reshaped, negated under a tosa.cond_if), fed to
// the pipelines as it is: they ingest TOSA themselves (tosa-to-scf,
// convert-tosa-to-gather, upstream's tosa-to-linalg-pipeline, tosa-to-arith,
// tosa-to-tensor) and lower the rest. The table's row k is [3k, 3k+1, 3k+2];
// ids [4, 0, 2, 4] pick rows whose sums, doubled, are [78, 6, 42, 78].
//
// DEFINE: %{run} = mlir-runner -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils
//
// RUN: gather-opt %s --gather-cpu-pipeline | %{run} -e main | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=linalg" | %{run} -e main | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline="num-threads=2" | %{run} -e main | FileCheck %s
// RUN: gather-opt %s --gather-gpu-pipeline=host-only | %{run} -e main | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline | not %{run} -e out_of_range 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OOB
//
// The tosa.gather becomes a gather.gather (its lowering and out-of-bounds
// mode), not tosa-to-linalg's unchecked generic; no TOSA op is left:
// RUN: gather-opt %s --gather-cpu-pipeline \
// RUN:   --mlir-print-ir-before=gather-restrict-args-noalias -o /dev/null 2>&1 \
// RUN: | FileCheck %s --check-prefix=INGESTED
// INGESTED-LABEL: func.func @model(
//   INGESTED-NOT:   tosa.gather
//       INGESTED:   gather.gather %{{.*}}[%{{.*}}] axis = 1 batch_dims = 1
//   INGESTED-NOT:   tosa.{{(add|reduce_sum|reshape|cond_if|yield|sub)}}
//       INGESTED:   return

// CHECK: sizes = [4]
// CHECK-NEXT: [78,{{ *}}6,{{ *}}42,{{ *}}78]
// CHECK: sizes = [4]
// CHECK-NEXT: [-78,{{ *}}-6,{{ *}}-42,{{ *}}-78]

func.func @model(%ids: tensor<1x4xi32>, %flag: tensor<i1>) -> tensor<4xf32> {
  %table = "tosa.const"() {values = dense<[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0], [12.0, 13.0, 14.0]]]> : tensor<1x5x3xf32>} : () -> tensor<1x5x3xf32>
  // OOB: gather.gather at loc("{{.*}}tosa-model.mlir":[[@LINE+1]]:8): index 5 is out of bounds [0, 5) in params dimension 1
  %g = tosa.gather %table, %ids : (tensor<1x5x3xf32>, tensor<1x4xi32>) -> tensor<1x4x3xf32>
  %d = tosa.add %g, %g : (tensor<1x4x3xf32>, tensor<1x4x3xf32>) -> tensor<1x4x3xf32>
  %s = tosa.reduce_sum %d {axis = 2 : i32} : (tensor<1x4x3xf32>) -> tensor<1x4x1xf32>
  %shape = tosa.const_shape {values = dense<[4]> : tensor<1xindex>} : () -> !tosa.shape<1>
  %r = tosa.reshape %s, %shape : (tensor<1x4x1xf32>, !tosa.shape<1>) -> tensor<4xf32>
  %out = tosa.cond_if %flag (%a = %r) : tensor<i1> (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %n = tosa.add %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %m = tosa.sub %a, %n : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    tosa.yield %m : tensor<4xf32>
  } else {
  ^bb0(%a: tensor<4xf32>):
    tosa.yield %a : tensor<4xf32>
  }
  return %out : tensor<4xf32>
}

func.func private @printMemrefF32(tensor<*xf32>)

func.func @main() {
  %ids = arith.constant dense<[[4, 0, 2, 4]]> : tensor<1x4xi32>
  %no = arith.constant dense<false> : tensor<i1>
  %yes = arith.constant dense<true> : tensor<i1>
  %a = call @model(%ids, %no) : (tensor<1x4xi32>, tensor<i1>) -> tensor<4xf32>
  %ua = tensor.cast %a : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  %b = call @model(%ids, %yes) : (tensor<1x4xi32>, tensor<i1>) -> tensor<4xf32>
  %ub = tensor.cast %b : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%ub) : (tensor<*xf32>) -> ()
  return
}

func.func @out_of_range() {
  %ids = arith.constant dense<[[4, 5, 0, 1]]> : tensor<1x4xi32>
  %no = arith.constant dense<false> : tensor<i1>
  %a = call @model(%ids, %no) : (tensor<1x4xi32>, tensor<i1>) -> tensor<4xf32>
  %ua = tensor.cast %a : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%ua) : (tensor<*xf32>) -> ()
  // OOB-NOT: sizes =
  return
}
