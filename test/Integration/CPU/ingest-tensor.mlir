// tensor.gather through convert-tensor-to-gather, then gather-cpu-pipeline
// (both lowerings): non-leading gather_dims with the unit dimension kept,
// non-adjacent gather_dims rank-reduced with `unique` and i8 coordinates,
// and every dimension gathered. Expected values computed with numpy on
// source = arange(60).reshape(3, 4, 5):
//   kept:    stack([source[:, k, :] for k in [3, 1]]), a 1 inserted at 3
//   reduced: [source[a, :, b] for a, b in [[2, 4], [0, 1], [1, 0]]]
//   all:     [source[a, b, c] for a, b, c in [[2, 3, 4], [0, 0, 0], [1, 2, 3]]]
// An out-of-range coordinate stops the program (mode<error>).
//
// DEFINE: %{run} = mlir-runner -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils
// DEFINE: %{convert} = gather-opt %s --convert-tensor-to-gather
//
// RUN: %{convert} --gather-cpu-pipeline="lowering=scf" | %{run} -e main | FileCheck %s
// RUN: %{convert} --gather-cpu-pipeline="lowering=linalg" | %{run} -e main | FileCheck %s
// RUN: %{convert} --gather-cpu-pipeline | not %{run} -e out_of_range 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OOB
//
// The pipelines convert tensor.gather themselves:
// RUN: gather-opt %s --gather-cpu-pipeline | %{run} -e main | FileCheck %s
// RUN: gather-opt %s --gather-gpu-pipeline=host-only | %{run} -e main | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline | not %{run} -e out_of_range 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OOB

func.func private @printMemrefF32(tensor<*xf32>)

func.func @kept(%s: tensor<3x4x5xf32>, %i: tensor<2x1xindex>) -> tensor<2x3x1x5xf32> {
  %0 = tensor.gather %s[%i] gather_dims([1]) : (tensor<3x4x5xf32>, tensor<2x1xindex>) -> tensor<2x3x1x5xf32>
  return %0 : tensor<2x3x1x5xf32>
}

func.func @reduced(%s: tensor<3x4x5xf32>, %i: tensor<3x2xi8>) -> tensor<3x4xf32> {
  %0 = tensor.gather %s[%i] gather_dims([0, 2]) unique : (tensor<3x4x5xf32>, tensor<3x2xi8>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

func.func @all(%s: tensor<?x4x5xf32>, %i: tensor<?x3xi64>) -> tensor<?xf32> {
  %0 = tensor.gather %s[%i] gather_dims([0, 1, 2]) : (tensor<?x4x5xf32>, tensor<?x3xi64>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @source() -> tensor<3x4x5xf32> {
  %s = arith.constant dense<[
    [[0.0, 1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0, 9.0], [10.0, 11.0, 12.0, 13.0, 14.0], [15.0, 16.0, 17.0, 18.0, 19.0]],
    [[20.0, 21.0, 22.0, 23.0, 24.0], [25.0, 26.0, 27.0, 28.0, 29.0], [30.0, 31.0, 32.0, 33.0, 34.0], [35.0, 36.0, 37.0, 38.0, 39.0]],
    [[40.0, 41.0, 42.0, 43.0, 44.0], [45.0, 46.0, 47.0, 48.0, 49.0], [50.0, 51.0, 52.0, 53.0, 54.0], [55.0, 56.0, 57.0, 58.0, 59.0]]
  ]> : tensor<3x4x5xf32>
  return %s : tensor<3x4x5xf32>
}

func.func @main() {
  %s = call @source() : () -> tensor<3x4x5xf32>

  %i1 = arith.constant dense<[[3], [1]]> : tensor<2x1xindex>
  %r1 = call @kept(%s, %i1) : (tensor<3x4x5xf32>, tensor<2x1xindex>) -> tensor<2x3x1x5xf32>
  %u1 = tensor.cast %r1 : tensor<2x3x1x5xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  // CHECK: rank = 4 offset = 0 sizes = [2, 3, 1, 5]
  // CHECK-NEXT: {{\[}}{{\[}}{{\[}}[15,{{ *}}16,{{ *}}17,{{ *}}18,{{ *}}19]],
  // CHECK-NEXT:   {{\[}}[35,{{ *}}36,{{ *}}37,{{ *}}38,{{ *}}39]],
  // CHECK-NEXT:   {{\[}}[55,{{ *}}56,{{ *}}57,{{ *}}58,{{ *}}59]]],
  // CHECK-NEXT:  {{\[}}{{\[}}[5,{{ *}}6,{{ *}}7,{{ *}}8,{{ *}}9]],
  // CHECK-NEXT:   {{\[}}[25,{{ *}}26,{{ *}}27,{{ *}}28,{{ *}}29]],
  // CHECK-NEXT:   {{\[}}[45,{{ *}}46,{{ *}}47,{{ *}}48,{{ *}}49]]]]

  %i2 = arith.constant dense<[[2, 4], [0, 1], [1, 0]]> : tensor<3x2xi8>
  %r2 = call @reduced(%s, %i2) : (tensor<3x4x5xf32>, tensor<3x2xi8>) -> tensor<3x4xf32>
  %u2 = tensor.cast %r2 : tensor<3x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  // CHECK: rank = 2 offset = 0 sizes = [3, 4]
  // CHECK-NEXT: {{\[}}[44,{{ *}}49,{{ *}}54,{{ *}}59],
  // CHECK-NEXT:  [1,{{ *}}6,{{ *}}11,{{ *}}16],
  // CHECK-NEXT:  [20,{{ *}}25,{{ *}}30,{{ *}}35]]

  %i3 = arith.constant dense<[[2, 3, 4], [0, 0, 0], [1, 2, 3]]> : tensor<3x3xi64>
  %sd = tensor.cast %s : tensor<3x4x5xf32> to tensor<?x4x5xf32>
  %i3d = tensor.cast %i3 : tensor<3x3xi64> to tensor<?x3xi64>
  %r3 = call @all(%sd, %i3d) : (tensor<?x4x5xf32>, tensor<?x3xi64>) -> tensor<?xf32>
  %u3 = tensor.cast %r3 : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u3) : (tensor<*xf32>) -> ()
  // CHECK: rank = 1 offset = 0 sizes = [3]
  // CHECK-NEXT: [59,{{ *}}0,{{ *}}33]
  return
}

func.func @out_of_range() {
  %s = call @source() : () -> tensor<3x4x5xf32>
  %i = arith.constant dense<[[2, 4], [0, 5]]> : tensor<2x2xi64>
  // OOB: gather.gather_nd at loc("{{.*}}ingest-tensor.mlir":[[@LINE+1]]:8): index 5 is out of bounds [0, 5)
  %0 = tensor.gather %s[%i] gather_dims([0, 2]) : (tensor<3x4x5xf32>, tensor<2x2xi64>) -> tensor<2x4xf32>
  %u = tensor.cast %0 : tensor<2x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  // OOB-NOT: rank =
  return
}
