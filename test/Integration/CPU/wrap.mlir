// mode<wrap>: an index i in [-n, 0) selects n + i (numpy, ONNX, PyTorch);
// an index outside [-n, n) is reported and stops the program as in error
// mode. On every CPU path: both lowerings, threads, and the host-only form of
// the GPU kernels.
//
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=scf" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=linalg" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: gather-opt %s --gather-gpu-pipeline="host-only=true" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: %if libomp %{ gather-opt %s --gather-cpu-pipeline="num-threads=2" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN:     -shared-libs=%libomp | FileCheck %s %}
//
// An index below -n is reported with its own value:
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=scf" \
// RUN: | not mlir-runner -e bad -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s --check-prefix=BAD
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=linalg" \
// RUN: | not mlir-runner -e bad -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s --check-prefix=BAD
// RUN: gather-opt %s --gather-gpu-pipeline="host-only=true" \
// RUN: | not mlir-runner -e bad -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s --check-prefix=BAD
// BAD: gather.gather at loc({{.*}}wrap.mlir{{.*}}): index -5 is out of bounds
// BAD-NOT: Unranked Memref

func.func private @printMemrefF32(tensor<*xf32>)

func.func @print(%t: tensor<?x?xf32>) {
  %u = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// params[i, j] = 10 i + j, 4x3.
func.func @params() -> tensor<4x3xf32> {
  %p = arith.constant dense<[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0],
                             [20.0, 21.0, 22.0], [30.0, 31.0, 32.0]]> : tensor<4x3xf32>
  return %p : tensor<4x3xf32>
}

// Rows -1, 0, -4, 3 and columns -1, -3, 2 (static), then the same rows on
// dynamic shapes with i64 and index indices.
func.func @rows_and_columns(%rows: tensor<4xi32>, %cols: tensor<3xi64>) {
  %p = call @params() : () -> tensor<4x3xf32>
  %r = gather.gather %p[%rows] mode<wrap> : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<4x3xf32>
  %rd = tensor.cast %r : tensor<4x3xf32> to tensor<?x?xf32>
  call @print(%rd) : (tensor<?x?xf32>) -> ()
  %c = gather.gather %p[%cols] axis = -1 mode<wrap> : (tensor<4x3xf32>, tensor<3xi64>) -> tensor<4x3xf32>
  %cd = tensor.cast %c : tensor<4x3xf32> to tensor<?x?xf32>
  call @print(%cd) : (tensor<?x?xf32>) -> ()
  %pd = tensor.cast %p : tensor<4x3xf32> to tensor<?x?xf32>
  %rowsd = tensor.cast %rows : tensor<4xi32> to tensor<?xi32>
  %dyn = gather.gather %pd[%rowsd] mode<wrap> : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  call @print(%dyn) : (tensor<?x?xf32>) -> ()
  return
}

// gather_nd: index vectors (-1, -1), (0, -3), (-4, 2) into the 4x3 params.
func.func @elements(%iv: tensor<3x2xindex>) {
  %p = call @params() : () -> tensor<4x3xf32>
  %e = gather.gather_nd %p[%iv] mode<wrap> : (tensor<4x3xf32>, tensor<3x2xindex>) -> tensor<3xf32>
  %e2 = tensor.expand_shape %e [[0, 1]] output_shape [1, 3] : tensor<3xf32> into tensor<1x3xf32>
  %ed = tensor.cast %e2 : tensor<1x3xf32> to tensor<?x?xf32>
  call @print(%ed) : (tensor<?x?xf32>) -> ()
  return
}

func.func @main() {
  %rows = arith.constant dense<[-1, 0, -4, 3]> : tensor<4xi32>
  %cols = arith.constant dense<[-1, -3, 2]> : tensor<3xi64>
  call @rows_and_columns(%rows, %cols) : (tensor<4xi32>, tensor<3xi64>) -> ()
  %iv = arith.constant dense<[[-1, -1], [0, -3], [-4, 2]]> : tensor<3x2xindex>
  call @elements(%iv) : (tensor<3x2xindex>) -> ()
  return
}
// CHECK:      {{\[}}[30, 31, 32],
// CHECK-NEXT:  [0, 1, 2],
// CHECK-NEXT:  [0, 1, 2],
// CHECK-NEXT:  [30, 31, 32]]
// CHECK:      {{\[}}[2, 0, 2],
// CHECK-NEXT:  [12, 10, 12],
// CHECK-NEXT:  [22, 20, 22],
// CHECK-NEXT:  [32, 30, 32]]
// CHECK:      {{\[}}[30, 31, 32],
// CHECK-NEXT:  [0, 1, 2],
// CHECK-NEXT:  [0, 1, 2],
// CHECK-NEXT:  [30, 31, 32]]
// CHECK:      {{\[}}[32, 0, 2]]

// -5 is below -4.
func.func @bad() {
  %rows = arith.constant dense<[-1, -5, 0, 1]> : tensor<4xi32>
  %cols = arith.constant dense<[0, 1, 2]> : tensor<3xi64>
  call @rows_and_columns(%rows, %cols) : (tensor<4xi32>, tensor<3xi64>) -> ()
  return
}
