// Every literal example of the TensorFlow reference pages (the seed pages,
// %gather_seeds_dir: GATHER_SEEDS_DIR in test/CMakeLists.txt), run on the
// CPU through both lowerings of gather-cpu-pipeline and checked against
// TensorFlow's documented answers.
// This file is also the project's demo.
//
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=scf" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=linalg" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// Where the pages are configured, each one named below is there:
// RUN: %if seed-pages %{ ls %gather_seeds_dir | FileCheck %s --check-prefix=PAGES %}
// PAGES: 000_
// PAGES: 001_
// PAGES: 002_
// PAGES: 003_
// PAGES: 004_
//
// Pages (file prefixes of %gather_seeds_dir):
//   000  tf.gather_nd, TensorFlow r1.4 API page
//   001  tf.gather_nd, TensorFlow 2.16 API page
//   002  tf.gather_nd, Chinese translation of the 2.x page
//   003  "Tensor Transformations" guide, TensorFlow 1.x (gather_nd examples;
//        its tf.gather section has formulas only, no literal example)
//   004  tf.gather, TensorFlow 2.14 API page
// The pages repeat one another: each distinct example appears once below,
// with every page that shows it.
//
// The pages use strings for params; here they are numbers (f32):
//   'a' 'b' 'c' 'd' 'e' 'f'            ->  1  2  3  4  5  6
//   'a0' 'b0' 'c0' 'd0' (letter, digit) -> 10 20 30 40  (10 * letter + digit)
//   'a1' 'b1' 'c1' 'd1'                 -> 11 21 31 41
//   'p0' .. 'p5'                        -> 100 .. 105
// Examples that only show a shape (tf.zeros params, random params, or the
// pages' result_shape helper) print the shape; the random one also checks
// the identity the page states.

func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)

//===----------------------------------------------------------------------===//
// tf.gather_nd (000, 001, 002, 003)
//===----------------------------------------------------------------------===//

// ND-1. Simple indexing into a matrix / gathering scalars (000, 001, 002,
// 003): indices = [[0, 0], [1, 1]], params = [['a', 'b'], ['c', 'd']]
// -> ['a', 'd'].
func.func @nd1(%params: tensor<2x2xf32>, %indices: tensor<2x2xi32>) {
  %r = gather.gather_nd %params[%indices] : (tensor<2x2xf32>, tensor<2x2xi32>) -> tensor<2xf32>
  %u = tensor.cast %r : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 1 offset = {{[0-9]+}} sizes = [2]
// CHECK-NEXT: [1, 4]

// ND-2. Slice indexing into a matrix (000, 002, 003):
// indices = [[1], [0]], params = [['a', 'b'], ['c', 'd']]
// -> [['c', 'd'], ['a', 'b']].
func.func @nd2(%params: tensor<2x2xf32>, %indices: tensor<2x1xi32>) {
  %r = gather.gather_nd %params[%indices] : (tensor<2x2xf32>, tensor<2x1xi32>) -> tensor<2x2xf32>
  %u = tensor.cast %r : tensor<2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 2]
// CHECK-NEXT: {{\[}}[3, 4],
// CHECK-NEXT:  [1, 2]]

// ND-3. Gathering slices: rows of a matrix (001):
// indices = [[1], [0]], params = [['a', 'b', 'c'], ['d', 'e', 'f']]
// -> [['d', 'e', 'f'], ['a', 'b', 'c']].
func.func @nd3(%params: tensor<2x3xf32>, %indices: tensor<2x1xi32>) {
  %r = gather.gather_nd %params[%indices] : (tensor<2x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  %u = tensor.cast %r : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 3]
// CHECK-NEXT: {{\[}}[4, 5, 6],
// CHECK-NEXT:  [1, 2, 3]]

// ND-4. Batched indexing into a matrix (000, 001, 002, 003):
// indices = [[[0, 0]], [[0, 1]]], params = [['a', 'b'], ['c', 'd']]
// -> [['a'], ['b']].
func.func @nd4(%params: tensor<2x2xf32>, %indices: tensor<2x1x2xi32>) {
  %r = gather.gather_nd %params[%indices] : (tensor<2x2xf32>, tensor<2x1x2xi32>) -> tensor<2x1xf32>
  %u = tensor.cast %r : tensor<2x1xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 1]
// CHECK-NEXT: {{\[}}[1],
// CHECK-NEXT:  [2]]

// ND-5. Batched slice indexing into a matrix (000, 001, 002, 003):
// indices = [[[1]], [[0]]], params = [['a', 'b'], ['c', 'd']]
// -> [[['c', 'd']], [['a', 'b']]].
func.func @nd5(%params: tensor<2x2xf32>, %indices: tensor<2x1x1xi32>) {
  %r = gather.gather_nd %params[%indices] : (tensor<2x2xf32>, tensor<2x1x1xi32>) -> tensor<2x1x2xf32>
  %u = tensor.cast %r : tensor<2x1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 1, 2]
// CHECK-NEXT: {{\[}}{{\[}}[3, 4]],
// CHECK-NEXT: {{^ }}{{\[}}[1, 2]]]

// ND-6. Indexing into a 3-tensor (001, 002, 003): indices = [[1]],
// params = [[['a0', 'b0'], ['c0', 'd0']], [['a1', 'b1'], ['c1', 'd1']]]
// -> [[['a1', 'b1'], ['c1', 'd1']]].
func.func @nd6(%params: tensor<2x2x2xf32>, %indices: tensor<1x1xi64>) {
  %r = gather.gather_nd %params[%indices] : (tensor<2x2x2xf32>, tensor<1x1xi64>) -> tensor<1x2x2xf32>
  %u = tensor.cast %r : tensor<1x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 3 offset = {{[0-9]+}} sizes = [1, 2, 2]
// CHECK-NEXT: {{\[}}{{\[}}[11, 21],
// CHECK-NEXT:   [31, 41]]]

// ND-7. Indexing into a 3-tensor (001, 002, 003):
// indices = [[0, 1], [1, 0]], same params -> [['c0', 'd0'], ['a1', 'b1']].
func.func @nd7(%params: tensor<2x2x2xf32>, %indices: tensor<2x2xi64>) {
  %r = gather.gather_nd %params[%indices] : (tensor<2x2x2xf32>, tensor<2x2xi64>) -> tensor<2x2xf32>
  %u = tensor.cast %r : tensor<2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 2]
// CHECK-NEXT: {{\[}}[30, 40],
// CHECK-NEXT:  [11, 21]]

// ND-8. Indexing into a 3-tensor (001, 002, 003):
// indices = [[0, 0, 1], [1, 0, 1]], same params -> ['b0', 'b1'].
func.func @nd8(%params: tensor<2x2x2xf32>, %indices: tensor<2x3xi64>) {
  %r = gather.gather_nd %params[%indices] : (tensor<2x2x2xf32>, tensor<2x3xi64>) -> tensor<2xf32>
  %u = tensor.cast %r : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 1 offset = {{[0-9]+}} sizes = [2]
// CHECK-NEXT: [20, 21]

// ND-9. Batched indexing into a 3-tensor (001, 002, 003):
// indices = [[[1]], [[0]]], same params
// -> [[[['a1', 'b1'], ['c1', 'd1']]], [[['a0', 'b0'], ['c0', 'd0']]]].
func.func @nd9(%params: tensor<2x2x2xf32>, %indices: tensor<2x1x1xi32>) {
  %r = gather.gather_nd %params[%indices] : (tensor<2x2x2xf32>, tensor<2x1x1xi32>) -> tensor<2x1x2x2xf32>
  %u = tensor.cast %r : tensor<2x1x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 4 offset = {{[0-9]+}} sizes = [2, 1, 2, 2]
// CHECK-NEXT: {{\[}}{{\[}}{{\[}}[11, 21],
// CHECK-NEXT:     [31, 41]]],
// CHECK-NEXT: {{^ }}{{\[}}{{\[}}[10, 20],
// CHECK-NEXT:     [30, 40]]]]

// ND-10. Batched indexing into a 3-tensor (001, 002, 003):
// indices = [[[0, 1], [1, 0]], [[0, 0], [1, 1]]], same params
// -> [[['c0', 'd0'], ['a1', 'b1']], [['a0', 'b0'], ['c1', 'd1']]].
func.func @nd10(%params: tensor<2x2x2xf32>, %indices: tensor<2x2x2xi32>) {
  %r = gather.gather_nd %params[%indices] : (tensor<2x2x2xf32>, tensor<2x2x2xi32>) -> tensor<2x2x2xf32>
  %u = tensor.cast %r : tensor<2x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 2, 2]
// CHECK-NEXT: {{\[}}{{\[}}[30, 40],
// CHECK-NEXT:   [11, 21]],
// CHECK-NEXT: {{^ }}{{\[}}[10, 20],
// CHECK-NEXT:   [31, 41]]]

// ND-11. Batched indexing into a 3-tensor (001, 002, 003):
// indices = [[[0, 0, 1], [1, 0, 1]], [[0, 1, 1], [1, 1, 0]]], same params
// -> [['b0', 'b1'], ['d0', 'c1']].
func.func @nd11(%params: tensor<2x2x2xf32>, %indices: tensor<2x2x3xi32>) {
  %r = gather.gather_nd %params[%indices] : (tensor<2x2x2xf32>, tensor<2x2x3xi32>) -> tensor<2x2xf32>
  %u = tensor.cast %r : tensor<2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 2]
// CHECK-NEXT: {{\[}}[20, 21],
// CHECK-NEXT:  [40, 31]]

// ND-12. Batched params and indices (001, 002): batch_dims = 1,
// indices = [[1], [0]], same params -> [['c0', 'd0'], ['a1', 'b1']].
func.func @nd12(%params: tensor<2x2x2xf32>, %indices: tensor<2x1xi32>) {
  %r = gather.gather_nd %params[%indices] batch_dims = 1 : (tensor<2x2x2xf32>, tensor<2x1xi32>) -> tensor<2x2xf32>
  %u = tensor.cast %r : tensor<2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 2]
// CHECK-NEXT: {{\[}}[30, 40],
// CHECK-NEXT:  [11, 21]]

// ND-13. Batched params and indices (001, 002): batch_dims = 1,
// indices = [[[1]], [[0]]], same params -> [[['c0', 'd0']], [['a1', 'b1']]].
func.func @nd13(%params: tensor<2x2x2xf32>, %indices: tensor<2x1x1xi32>) {
  %r = gather.gather_nd %params[%indices] batch_dims = 1 : (tensor<2x2x2xf32>, tensor<2x1x1xi32>) -> tensor<2x1x2xf32>
  %u = tensor.cast %r : tensor<2x1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 3 offset = {{[0-9]+}} sizes = [2, 1, 2]
// CHECK-NEXT: {{\[}}{{\[}}[30, 40]],
// CHECK-NEXT: {{^ }}{{\[}}[11, 21]]]

// ND-14. Batched params and indices (001, 002): batch_dims = 1,
// indices = [[[1, 0]], [[0, 1]]], same params -> [['c0'], ['b1']].
func.func @nd14(%params: tensor<2x2x2xf32>, %indices: tensor<2x1x2xi32>) {
  %r = gather.gather_nd %params[%indices] batch_dims = 1 : (tensor<2x2x2xf32>, tensor<2x1x2xi32>) -> tensor<2x1xf32>
  %u = tensor.cast %r : tensor<2x1xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 1]
// CHECK-NEXT: {{\[}}[30],
// CHECK-NEXT:  [21]]

// ND-15. Batches by leading index components (001):
// indices = [[0, 1], [1, 0], [2, 4], [3, 2], [4, 1]],
// params = tf.zeros([5, 7, 3]) -> shape [5, 3].
func.func @nd15(%params: tensor<5x7x3xf32>, %indices: tensor<5x2xi32>) {
  %r = gather.gather_nd %params[%indices] : (tensor<5x7x3xf32>, tensor<5x2xi32>) -> tensor<5x3xf32>
  %u = tensor.cast %r : tensor<5x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 2 offset = {{[0-9]+}} sizes = [5, 3]
// CHECK-COUNT-4: [0, 0, 0],
// CHECK-NEXT: [0, 0, 0]]

// ND-16. The same with batch_dims = 1 (001):
// indices = [[1], [0], [4], [2], [1]], params = tf.zeros([5, 7, 3])
// -> shape [5, 3].
func.func @nd16(%params: tensor<5x7x3xf32>, %indices: tensor<5x1xi32>) {
  %r = gather.gather_nd %params[%indices] batch_dims = 1 : (tensor<5x7x3xf32>, tensor<5x1xi32>) -> tensor<5x3xf32>
  %u = tensor.cast %r : tensor<5x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 2 offset = {{[0-9]+}} sizes = [5, 3]
// CHECK-COUNT-4: [0, 0, 0],
// CHECK-NEXT: [0, 0, 0]]

// ND-17. The shape computation of the batched form (001):
// params = tf.zeros([5, 7, 3]), indices = tf.zeros([5, 1]), batch_dims = 1
// -> output_shape [5, 3].
func.func @nd17(%params: tensor<5x7x3xf32>, %indices: tensor<5x1xi64>) {
  %r = gather.gather_nd %params[%indices] batch_dims = 1 : (tensor<5x7x3xf32>, tensor<5x1xi64>) -> tensor<5x3xf32>
  %u = tensor.cast %r : tensor<5x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 2 offset = {{[0-9]+}} sizes = [5, 3]
// CHECK-COUNT-4: [0, 0, 0],
// CHECK-NEXT: [0, 0, 0]]

//===----------------------------------------------------------------------===//
// tf.gather (004)
//===----------------------------------------------------------------------===//

// G-1. A scalar index is scalar indexing (004):
// params = ['p0', ..., 'p5'], tf.gather(params, 3) -> 'p3'.
func.func @g1(%params: tensor<6xf32>, %indices: tensor<i32>) {
  %r = gather.gather %params[%indices] : (tensor<6xf32>, tensor<i32>) -> tensor<f32>
  %u = tensor.cast %r : tensor<f32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 0 offset = {{[0-9]+}} sizes = [] strides = [] data =
// CHECK-NEXT: [103]

// G-2. A vector of indices (004): indices = [2, 0, 2, 5]
// -> ['p2', 'p0', 'p2', 'p5'].
func.func @g2(%params: tensor<6xf32>, %indices: tensor<4xi32>) {
  %r = gather.gather %params[%indices] : (tensor<6xf32>, tensor<4xi32>) -> tensor<4xf32>
  %u = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 1 offset = {{[0-9]+}} sizes = [4]
// CHECK-NEXT: [102, 100, 102, 105]

// G-3. Indices of any shape; 1-D params give the indices' shape (004):
// [[2, 0], [2, 5]] -> [['p2', 'p0'], ['p2', 'p5']].
func.func @g3(%params: tensor<6xf32>, %indices: tensor<2x2xi64>) {
  %r = gather.gather %params[%indices] : (tensor<6xf32>, tensor<2x2xi64>) -> tensor<2x2xf32>
  %u = tensor.cast %r : tensor<2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 2]
// CHECK-NEXT: {{\[}}[102, 100],
// CHECK-NEXT:  [102, 105]]

// G-4. Rows of a matrix (004): tf.gather(params, indices=[3, 1])
// -> [[30., 31., 32.], [10., 11., 12.]].
func.func @g4(%params: tensor<4x3xf32>, %indices: tensor<2xi32>) {
  %r = gather.gather %params[%indices] : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %u = tensor.cast %r : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 2 offset = {{[0-9]+}} sizes = [2, 3]
// CHECK-NEXT: {{\[}}[30, 31, 32],
// CHECK-NEXT:  [10, 11, 12]]

// G-5. Columns of a matrix (004): tf.gather(params, indices=[2, 1], axis=1)
// -> [[2., 1.], [12., 11.], [22., 21.], [32., 31.]].
func.func @g5(%params: tensor<4x3xf32>, %indices: tensor<2xi32>) {
  %r = gather.gather %params[%indices] axis = 1 : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<4x2xf32>
  %u = tensor.cast %r : tensor<4x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 2 offset = {{[0-9]+}} sizes = [4, 2]
// CHECK-NEXT: {{\[}}[2, 1],
// CHECK-NEXT:  [12, 11],
// CHECK-NEXT:  [22, 21],
// CHECK-NEXT:  [32, 31]]

// G-6. The result shape function (004): result_shape([1, 2, 3], [], axis=1)
// -> [1, 3]; with indices of shape [7] -> [1, 7, 3]; [7, 5] -> [1, 7, 5, 3].
// Here params[0, j, k] = 10 j + k and every index is 1.
func.func @g6(%params: tensor<1x2x3xf32>, %i0: tensor<i32>, %i1: tensor<7xi32>,
              %i2: tensor<7x5xi32>) {
  %r0 = gather.gather %params[%i0] axis = 1 : (tensor<1x2x3xf32>, tensor<i32>) -> tensor<1x3xf32>
  %u0 = tensor.cast %r0 : tensor<1x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  %r1 = gather.gather %params[%i1] axis = 1 : (tensor<1x2x3xf32>, tensor<7xi32>) -> tensor<1x7x3xf32>
  %u1 = tensor.cast %r1 : tensor<1x7x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  %r2 = gather.gather %params[%i2] axis = 1 : (tensor<1x2x3xf32>, tensor<7x5xi32>) -> tensor<1x7x5x3xf32>
  %u2 = tensor.cast %r2 : tensor<1x7x5x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 2 offset = {{[0-9]+}} sizes = [1, 3]
// CHECK-NEXT: {{\[}}[10, 11, 12]]
// CHECK: rank = 3 offset = {{[0-9]+}} sizes = [1, 7, 3]
// CHECK-COUNT-6: [10, 11, 12],
// CHECK-NEXT: [10, 11, 12]]]
// CHECK: rank = 4 offset = {{[0-9]+}} sizes = [1, 7, 5, 3]
// CHECK-COUNT-34: [10, 11, 12]
// CHECK-NEXT: [10, 11, 12]]]]

// G-7. Shapes with indices = [[0, 2]] on the 4x3 params of G-4 (004):
// axis=0 -> [1, 2, 3]; axis=1 -> [4, 1, 2].
func.func @g7(%params: tensor<4x3xf32>, %indices: tensor<1x2xi32>) {
  %r0 = gather.gather %params[%indices] axis = 0 : (tensor<4x3xf32>, tensor<1x2xi32>) -> tensor<1x2x3xf32>
  %u0 = tensor.cast %r0 : tensor<1x2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u0) : (tensor<*xf32>) -> ()
  %r1 = gather.gather %params[%indices] axis = 1 : (tensor<4x3xf32>, tensor<1x2xi32>) -> tensor<4x1x2xf32>
  %u1 = tensor.cast %r1 : tensor<4x1x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  return
}
// CHECK: rank = 3 offset = {{[0-9]+}} sizes = [1, 2, 3]
// CHECK-NEXT: {{\[}}{{\[}}[0, 1, 2],
// CHECK-NEXT:   [20, 21, 22]]]
// CHECK: rank = 3 offset = {{[0-9]+}} sizes = [4, 1, 2]
// CHECK-NEXT: {{\[}}{{\[}}[0, 2]],
// CHECK-NEXT: {{^ }}{{\[}}[10, 12]],
// CHECK-NEXT: {{^ }}{{\[}}[20, 22]],
// CHECK-NEXT: {{^ }}{{\[}}[30, 32]]]

// G-8. Random params of shape (5, 6, 7, 8), indices of shape (10, 11) with
// values below 7, axis=2 (004) -> shape [5, 6, 10, 11, 8], and for a, b =
// 0, 1: reduce_all(result[:, :, a, b, :] == params[:, :, indices[a, b], :])
// -> True. main passes deterministic stand-ins for the random values.
func.func @g8(%params: tensor<5x6x7x8xf32>, %indices: tensor<10x11xi32>) {
  %r = gather.gather %params[%indices] axis = 2 : (tensor<5x6x7x8xf32>, tensor<10x11xi32>) -> tensor<5x6x10x11x8xf32>
  vector.print str "shape: "
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %d = %c0 to %c4 step %c1 {
    %size = tensor.dim %r, %d : tensor<5x6x10x11x8xf32>
    vector.print %size : index punctuation <comma>
  }
  %last = tensor.dim %r, %c4 : tensor<5x6x10x11x8xf32>
  vector.print %last : index
  // a, b = 0, 1
  %k32 = tensor.extract %indices[%c0, %c1] : tensor<10x11xi32>
  %k = arith.index_cast %k32 : i32 to index
  %lhs = tensor.extract_slice %r[0, 0, 0, 1, 0] [5, 6, 1, 1, 8] [1, 1, 1, 1, 1]
      : tensor<5x6x10x11x8xf32> to tensor<5x6x8xf32>
  %rhs = tensor.extract_slice %params[0, 0, %k, 0] [5, 6, 1, 8] [1, 1, 1, 1]
      : tensor<5x6x7x8xf32> to tensor<5x6x8xf32>
  %true = arith.constant dense<true> : tensor<i1>
  %all = linalg.generic {
      indexing_maps = [affine_map<(i, j, l) -> (i, j, l)>,
                       affine_map<(i, j, l) -> (i, j, l)>,
                       affine_map<(i, j, l) -> ()>],
      iterator_types = ["reduction", "reduction", "reduction"]}
      ins(%lhs, %rhs : tensor<5x6x8xf32>, tensor<5x6x8xf32>)
      outs(%true : tensor<i1>) {
  ^bb0(%x: f32, %y: f32, %acc: i1):
    %eq = arith.cmpf oeq, %x, %y : f32
    %and = arith.andi %acc, %eq : i1
    linalg.yield %and : i1
  } -> tensor<i1>
  %allv = tensor.extract %all[] : tensor<i1>
  vector.print str "reduce_all: "
  vector.print %allv : i1
  return
}
// CHECK: shape: 5, 6, 10, 11, 8
// CHECK: reduce_all: 1

// G-9. Batching (004): params = [[0, 0, 1, 0, 2], [3, 0, 0, 0, 4],
// [0, 5, 0, 6, 0]], indices = [[2, 4], [0, 4], [1, 3]],
// tf.gather(params, indices, axis=1, batch_dims=1) -> [[1, 2], [3, 4], [5, 6]]
// (int32) and batched_result_shape(...) -> [3, 2].
func.func @g9(%params: tensor<3x5xi32>, %indices: tensor<3x2xi32>) {
  %r = gather.gather %params[%indices] axis = 1 batch_dims = 1 : (tensor<3x5xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
  %u = tensor.cast %r : tensor<3x2xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}
// CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 2]
// CHECK-NEXT: {{\[}}[1, 2],
// CHECK-NEXT:  [3, 4],
// CHECK-NEXT:  [5, 6]]

// G-10. The same as manually_batched_gather (004): one tf.gather with
// axis = axis - batch_dims = 0 per batch row, stacked -> [[1, 2], [3, 4], [5, 6]].
func.func @g10(%params: tensor<3x5xi32>, %indices: tensor<3x2xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %init = tensor.empty() : tensor<3x2xi32>
  %stack = scf.for %row = %c0 to %c3 step %c1 iter_args(%acc = %init) -> (tensor<3x2xi32>) {
    %p = tensor.extract_slice %params[%row, 0] [1, 5] [1, 1] : tensor<3x5xi32> to tensor<5xi32>
    %i = tensor.extract_slice %indices[%row, 0] [1, 2] [1, 1] : tensor<3x2xi32> to tensor<2xi32>
    %g = gather.gather %p[%i] axis = 0 : (tensor<5xi32>, tensor<2xi32>) -> tensor<2xi32>
    %next = tensor.insert_slice %g into %acc[%row, 0] [1, 2] [1, 1] : tensor<2xi32> into tensor<3x2xi32>
    scf.yield %next : tensor<3x2xi32>
  }
  %u = tensor.cast %stack : tensor<3x2xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}
// CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 2]
// CHECK-NEXT: {{\[}}[1, 2],
// CHECK-NEXT:  [3, 4],
// CHECK-NEXT:  [5, 6]]

// G-11. batch_dims = -1, the form the page recommends for top-k style
// indices (004): the same result on the same operands.
func.func @g11(%params: tensor<3x5xi32>, %indices: tensor<3x2xi32>) {
  %r = gather.gather %params[%indices] batch_dims = -1 : (tensor<3x5xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
  %u = tensor.cast %r : tensor<3x2xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}
// CHECK: rank = 2 offset = {{[0-9]+}} sizes = [3, 2]
// CHECK-NEXT: {{\[}}[1, 2],
// CHECK-NEXT:  [3, 4],
// CHECK-NEXT:  [5, 6]]

// Operands are built here and passed as arguments, so that the gathers are
// lowered and run rather than folded over constants.
func.func @main() {
  // gather_nd pages (000-003).
  %m22 = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %m23 = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %t222 = arith.constant dense<[[[10.0, 20.0], [30.0, 40.0]],
                                [[11.0, 21.0], [31.0, 41.0]]]> : tensor<2x2x2xf32>
  %z573 = arith.constant dense<0.0> : tensor<5x7x3xf32>
  %i1 = arith.constant dense<[[0, 0], [1, 1]]> : tensor<2x2xi32>
  %i2 = arith.constant dense<[[1], [0]]> : tensor<2x1xi32>
  %i4 = arith.constant dense<[[[0, 0]], [[0, 1]]]> : tensor<2x1x2xi32>
  %i5 = arith.constant dense<[[[1]], [[0]]]> : tensor<2x1x1xi32>
  %i6 = arith.constant dense<[[1]]> : tensor<1x1xi64>
  %i7 = arith.constant dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>
  %i8 = arith.constant dense<[[0, 0, 1], [1, 0, 1]]> : tensor<2x3xi64>
  %i10 = arith.constant dense<[[[0, 1], [1, 0]], [[0, 0], [1, 1]]]> : tensor<2x2x2xi32>
  %i11 = arith.constant dense<[[[0, 0, 1], [1, 0, 1]], [[0, 1, 1], [1, 1, 0]]]> : tensor<2x2x3xi32>
  %i14 = arith.constant dense<[[[1, 0]], [[0, 1]]]> : tensor<2x1x2xi32>
  %i15 = arith.constant dense<[[0, 1], [1, 0], [2, 4], [3, 2], [4, 1]]> : tensor<5x2xi32>
  %i16 = arith.constant dense<[[1], [0], [4], [2], [1]]> : tensor<5x1xi32>
  %i17 = arith.constant dense<0> : tensor<5x1xi64>
  call @nd1(%m22, %i1) : (tensor<2x2xf32>, tensor<2x2xi32>) -> ()
  call @nd2(%m22, %i2) : (tensor<2x2xf32>, tensor<2x1xi32>) -> ()
  call @nd3(%m23, %i2) : (tensor<2x3xf32>, tensor<2x1xi32>) -> ()
  call @nd4(%m22, %i4) : (tensor<2x2xf32>, tensor<2x1x2xi32>) -> ()
  call @nd5(%m22, %i5) : (tensor<2x2xf32>, tensor<2x1x1xi32>) -> ()
  call @nd6(%t222, %i6) : (tensor<2x2x2xf32>, tensor<1x1xi64>) -> ()
  call @nd7(%t222, %i7) : (tensor<2x2x2xf32>, tensor<2x2xi64>) -> ()
  call @nd8(%t222, %i8) : (tensor<2x2x2xf32>, tensor<2x3xi64>) -> ()
  call @nd9(%t222, %i5) : (tensor<2x2x2xf32>, tensor<2x1x1xi32>) -> ()
  call @nd10(%t222, %i10) : (tensor<2x2x2xf32>, tensor<2x2x2xi32>) -> ()
  call @nd11(%t222, %i11) : (tensor<2x2x2xf32>, tensor<2x2x3xi32>) -> ()
  call @nd12(%t222, %i2) : (tensor<2x2x2xf32>, tensor<2x1xi32>) -> ()
  call @nd13(%t222, %i5) : (tensor<2x2x2xf32>, tensor<2x1x1xi32>) -> ()
  call @nd14(%t222, %i14) : (tensor<2x2x2xf32>, tensor<2x1x2xi32>) -> ()
  call @nd15(%z573, %i15) : (tensor<5x7x3xf32>, tensor<5x2xi32>) -> ()
  call @nd16(%z573, %i16) : (tensor<5x7x3xf32>, tensor<5x1xi32>) -> ()
  call @nd17(%z573, %i17) : (tensor<5x7x3xf32>, tensor<5x1xi64>) -> ()

  // gather page (004).
  %p6 = arith.constant dense<[100.0, 101.0, 102.0, 103.0, 104.0, 105.0]> : tensor<6xf32>
  %m43 = arith.constant dense<[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0],
                               [20.0, 21.0, 22.0], [30.0, 31.0, 32.0]]> : tensor<4x3xf32>
  %p123 = arith.constant dense<[[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0]]]> : tensor<1x2x3xf32>
  %b35 = arith.constant dense<[[0, 0, 1, 0, 2], [3, 0, 0, 0, 4], [0, 5, 0, 6, 0]]> : tensor<3x5xi32>
  %b32 = arith.constant dense<[[2, 4], [0, 4], [1, 3]]> : tensor<3x2xi32>
  %g1i = arith.constant dense<3> : tensor<i32>
  %g2i = arith.constant dense<[2, 0, 2, 5]> : tensor<4xi32>
  %g3i = arith.constant dense<[[2, 0], [2, 5]]> : tensor<2x2xi64>
  %g4i = arith.constant dense<[3, 1]> : tensor<2xi32>
  %g5i = arith.constant dense<[2, 1]> : tensor<2xi32>
  %g6i0 = arith.constant dense<1> : tensor<i32>
  %g6i1 = arith.constant dense<1> : tensor<7xi32>
  %g6i2 = arith.constant dense<1> : tensor<7x5xi32>
  %g7i = arith.constant dense<[[0, 2]]> : tensor<1x2xi32>
  // G-8 stand-ins: params[i, j, k, l] = 1000 i + 100 j + 10 k + l,
  // indices[a, b] = (3 a + b) % 7.
  %p5678 = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    %c1000 = arith.constant 1000 : index
    %c100 = arith.constant 100 : index
    %c10 = arith.constant 10 : index
    %t0 = arith.muli %i, %c1000 : index
    %t1 = arith.muli %j, %c100 : index
    %t2 = arith.muli %k, %c10 : index
    %s0 = arith.addi %t0, %t1 : index
    %s1 = arith.addi %s0, %t2 : index
    %s2 = arith.addi %s1, %l : index
    %si = arith.index_cast %s2 : index to i64
    %sf = arith.sitofp %si : i64 to f32
    tensor.yield %sf : f32
  } : tensor<5x6x7x8xf32>
  %i1011 = tensor.generate {
  ^bb0(%a: index, %b: index):
    %c3 = arith.constant 3 : index
    %c7 = arith.constant 7 : index
    %t = arith.muli %a, %c3 : index
    %s = arith.addi %t, %b : index
    %m = arith.remui %s, %c7 : index
    %mi = arith.index_cast %m : index to i32
    tensor.yield %mi : i32
  } : tensor<10x11xi32>
  call @g1(%p6, %g1i) : (tensor<6xf32>, tensor<i32>) -> ()
  call @g2(%p6, %g2i) : (tensor<6xf32>, tensor<4xi32>) -> ()
  call @g3(%p6, %g3i) : (tensor<6xf32>, tensor<2x2xi64>) -> ()
  call @g4(%m43, %g4i) : (tensor<4x3xf32>, tensor<2xi32>) -> ()
  call @g5(%m43, %g5i) : (tensor<4x3xf32>, tensor<2xi32>) -> ()
  call @g6(%p123, %g6i0, %g6i1, %g6i2)
      : (tensor<1x2x3xf32>, tensor<i32>, tensor<7xi32>, tensor<7x5xi32>) -> ()
  call @g7(%m43, %g7i) : (tensor<4x3xf32>, tensor<1x2xi32>) -> ()
  call @g8(%p5678, %i1011) : (tensor<5x6x7x8xf32>, tensor<10x11xi32>) -> ()
  call @g9(%b35, %b32) : (tensor<3x5xi32>, tensor<3x2xi32>) -> ()
  call @g10(%b35, %b32) : (tensor<3x5xi32>, tensor<3x2xi32>) -> ()
  call @g11(%b35, %b32) : (tensor<3x5xi32>, tensor<3x2xi32>) -> ()
  return
}
