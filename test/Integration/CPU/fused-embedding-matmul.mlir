// An embedding followed by a matmul of the gathered rows (issue 15):
// gather-fuse-reductions tiles the matmul over the gathered rows and fuses
// the gather into each tile, so the whole [N, D] gathered tensor is never
// built; the values are those of the unfused program.
//
// DEFINE: %{run} = mlir-runner -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils
//
// RUN: gather-opt %s --gather-fuse-reductions=rows-per-tile=2 \
// RUN:   | FileCheck %s --check-prefix=IR
// RUN: gather-opt %s --gather-cpu-pipeline | %{run} -e main | FileCheck %s
// RUN: gather-opt %s --gather-fuse-reductions=rows-per-tile=2 \
// RUN:   --gather-cpu-pipeline | %{run} -e main | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=linalg" \
// RUN:   | %{run} -e main | FileCheck %s
// RUN: %if libomp %{ gather-opt %s --gather-cpu-pipeline="num-threads=2" \
// RUN:   | %{run} -e main -shared-libs=%libomp | FileCheck %s %}
// The tiled gather keeps its mode: a bad index is reported.
// RUN: gather-opt %s --gather-fuse-reductions=rows-per-tile=2 \
// RUN:   --gather-cpu-pipeline | not %{run} -e bad_index 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR

// IR-LABEL: func.func @embed_matmul(
//       IR:   scf.forall (%[[R:.*]]) = (0) to (5) step (2)
//       IR:     %[[IDS:.*]] = tensor.extract_slice %{{.*}}[%[[R]]]
//       IR:     %[[ROWS:.*]] = gather.gather %{{.*}}[%[[IDS]]] : (tensor<10x4xf32>, tensor<?xi64>) -> tensor<?x4xf32>
//       IR:     linalg.matmul {gather.fused_reduction} ins(%[[ROWS]], %{{.*}} : tensor<?x4xf32>, tensor<4x2xf32>)
//   IR-NOT:   gather.gather
func.func @embed_matmul(%t: tensor<10x4xf32>, %ids: tensor<5xi64>,
                        %w: tensor<4x2xf32>) -> tensor<5x2xf32> {
  %g = gather.gather %t[%ids] : (tensor<10x4xf32>, tensor<5xi64>) -> tensor<5x4xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<5x2xf32>) -> tensor<5x2xf32>
  %r = linalg.matmul ins(%g, %w : tensor<5x4xf32>, tensor<4x2xf32>)
                     outs(%f : tensor<5x2xf32>) -> tensor<5x2xf32>
  return %r : tensor<5x2xf32>
}

func.func private @printMemrefF32(tensor<*xf32>)

// Row r of the table is [10r, 10r + 1, 10r + 2, 10r + 3]; the weights add
// columns 0 and 2, and 1 and 3: row r gives [20r + 2, 20r + 4].
func.func @table() -> tensor<10x4xf32> {
  %t = arith.constant dense<[[0.0, 1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0],
      [20.0, 21.0, 22.0, 23.0], [30.0, 31.0, 32.0, 33.0],
      [40.0, 41.0, 42.0, 43.0], [50.0, 51.0, 52.0, 53.0],
      [60.0, 61.0, 62.0, 63.0], [70.0, 71.0, 72.0, 73.0],
      [80.0, 81.0, 82.0, 83.0], [90.0, 91.0, 92.0, 93.0]]> : tensor<10x4xf32>
  return %t : tensor<10x4xf32>
}

func.func @weights() -> tensor<4x2xf32> {
  %w = arith.constant dense<[[1.0, 0.0], [0.0, 1.0], [1.0, 0.0], [0.0, 1.0]]>
      : tensor<4x2xf32>
  return %w : tensor<4x2xf32>
}

// CHECK: [62,   64]
// CHECK-NEXT: [2,   4]
// CHECK-NEXT: [182,   184]
// CHECK-NEXT: [62,   64]
// CHECK-NEXT: [142,   144]
func.func @main() {
  %t = call @table() : () -> tensor<10x4xf32>
  %w = call @weights() : () -> tensor<4x2xf32>
  %ids = arith.constant dense<[3, 0, 9, 3, 7]> : tensor<5xi64>
  %r = call @embed_matmul(%t, %ids, %w)
      : (tensor<10x4xf32>, tensor<5xi64>, tensor<4x2xf32>) -> tensor<5x2xf32>
  %u = tensor.cast %r : tensor<5x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// ERR: gather.gather at loc({{.*}}fused-embedding-matmul.mlir":{{[0-9]+}}:8): index 10 is out of bounds [0, 10) in params dimension 0
func.func @bad_index() {
  %t = call @table() : () -> tensor<10x4xf32>
  %w = call @weights() : () -> tensor<4x2xf32>
  %ids = arith.constant dense<[3, 0, 9, 10, 7]> : tensor<5xi64>
  %r = call @embed_matmul(%t, %ids, %w)
      : (tensor<10x4xf32>, tensor<5xi64>, tensor<4x2xf32>) -> tensor<5x2xf32>
  %u = tensor.cast %r : tensor<5x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
