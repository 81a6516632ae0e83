// tosa.gather through each way into the dialect, then gather-cpu-pipeline
// (both lowerings): convert-tosa-to-gather, and tosa-to-linalg followed by
// raise-to-gather. Expected values computed with numpy:
//   values[n][indices[n]] for each batch n.
// An out-of-range index stops the program (mode<error>) with the message of
// the gather, located at the tosa.gather.
//
// DEFINE: %{run} = mlir-runner -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils
// DEFINE: %{convert} = gather-opt %s --convert-tosa-to-gather
// DEFINE: %{raise} = gather-opt %s \
// DEFINE:     --pass-pipeline="builtin.module(func.func(tosa-to-linalg))" \
// DEFINE:     -mlir-print-debuginfo \
// DEFINE:   | gather-opt --raise-to-gather
//
// RUN: %{convert} --gather-cpu-pipeline="lowering=scf" | %{run} -e main | FileCheck %s
// RUN: %{convert} --gather-cpu-pipeline="lowering=linalg" | %{run} -e main | FileCheck %s
// RUN: %{raise} --gather-cpu-pipeline="lowering=scf" | %{run} -e main | FileCheck %s
// RUN: %{raise} --gather-cpu-pipeline="lowering=linalg" | %{run} -e main | FileCheck %s
// RUN: %{convert} --gather-cpu-pipeline | not %{run} -e out_of_range 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OOB
// RUN: %{raise} --gather-cpu-pipeline | not %{run} -e out_of_range 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OOB
//
// The pipelines ingest TOSA themselves (convert-tosa-to-gather first):
// RUN: gather-opt %s --gather-cpu-pipeline | %{run} -e main | FileCheck %s
// RUN: gather-opt %s --gather-gpu-pipeline=host-only | %{run} -e main | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline | not %{run} -e out_of_range 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OOB

func.func private @printMemrefF32(tensor<*xf32>)

func.func @tosa_gather(%values: tensor<2x4x3xf32>, %indices: tensor<2x3xi32>) -> tensor<2x3x3xf32> {
  %0 = tosa.gather %values, %indices : (tensor<2x4x3xf32>, tensor<2x3xi32>) -> tensor<2x3x3xf32>
  return %0 : tensor<2x3x3xf32>
}

func.func @tosa_gather_dynamic(%values: tensor<?x?x?xf32>, %indices: tensor<?x?xi64>) -> tensor<?x?x?xf32> {
  %0 = tosa.gather %values, %indices : (tensor<?x?x?xf32>, tensor<?x?xi64>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

func.func @main() {
  %v = arith.constant dense<[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]],
                             [[12.0, 13.0, 14.0], [15.0, 16.0, 17.0], [18.0, 19.0, 20.0], [21.0, 22.0, 23.0]]]> : tensor<2x4x3xf32>
  %i = arith.constant dense<[[3, 0, 3], [1, 2, 0]]> : tensor<2x3xi32>
  %r = call @tosa_gather(%v, %i) : (tensor<2x4x3xf32>, tensor<2x3xi32>) -> tensor<2x3x3xf32>
  %ur = tensor.cast %r : tensor<2x3x3xf32> to tensor<*xf32>
  call @printMemrefF32(%ur) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = 0 sizes = [2, 3, 3]
  // CHECK-NEXT: {{\[}}{{\[}}[9,{{ *}}10,{{ *}}11],
  // CHECK-NEXT:   [0,{{ *}}1,{{ *}}2],
  // CHECK-NEXT:   [9,{{ *}}10,{{ *}}11]],
  // CHECK-NEXT:  {{\[}}[15,{{ *}}16,{{ *}}17],
  // CHECK-NEXT:   [18,{{ *}}19,{{ *}}20],
  // CHECK-NEXT:   [12,{{ *}}13,{{ *}}14]]]

  %w = arith.constant dense<[[[100.0, 101.0], [102.0, 103.0], [104.0, 105.0], [106.0, 107.0], [108.0, 109.0]]]> : tensor<1x5x2xf32>
  %j = arith.constant dense<[[4, 4, 0, 2]]> : tensor<1x4xi64>
  %wd = tensor.cast %w : tensor<1x5x2xf32> to tensor<?x?x?xf32>
  %jd = tensor.cast %j : tensor<1x4xi64> to tensor<?x?xi64>
  %s = call @tosa_gather_dynamic(%wd, %jd) : (tensor<?x?x?xf32>, tensor<?x?xi64>) -> tensor<?x?x?xf32>
  %us = tensor.cast %s : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%us) : (tensor<*xf32>) -> ()
  // CHECK: rank = 3 offset = 0 sizes = [1, 4, 2]
  // CHECK-NEXT: {{\[}}{{\[}}[108,{{ *}}109],
  // CHECK-NEXT:   [108,{{ *}}109],
  // CHECK-NEXT:   [100,{{ *}}101],
  // CHECK-NEXT:   [104,{{ *}}105]]]
  return
}

func.func @out_of_range() {
  %v = arith.constant dense<1.0> : tensor<1x4x2xf32>
  %i = arith.constant dense<[[0, 4]]> : tensor<1x2xi32>
  // OOB: gather.gather at loc("{{.*}}ingest-tosa.mlir":[[@LINE+1]]:8): index 4 is out of bounds [0, 4) in params dimension 1
  %0 = tosa.gather %v, %i : (tensor<1x4x2xf32>, tensor<1x2xi32>) -> tensor<1x2x2xf32>
  %u = tensor.cast %0 : tensor<1x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  // OOB-NOT: rank =
  return
}
