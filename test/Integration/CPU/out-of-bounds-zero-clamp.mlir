// Modes zero and clamp: an out-of-bounds index gives a zero slice (zero) or
// reads the nearest valid slice (clamp, per component for gather_nd); an
// empty dimension gives zeros in both. Static and dynamic shapes, both
// lowerings.
//
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=scf" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=linalg" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @print(%t: tensor<?x?xf32>) {
  %u = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Columns of a 2x3 matrix: -1 and 3 are out of bounds.
func.func @columns(%params: tensor<2x3xf32>, %indices: tensor<4xi32>) {
  %z = gather.gather %params[%indices] axis = 1 mode<zero> : (tensor<2x3xf32>, tensor<4xi32>) -> tensor<2x4xf32>
  %zd = tensor.cast %z : tensor<2x4xf32> to tensor<?x?xf32>
  call @print(%zd) : (tensor<?x?xf32>) -> ()
  %c = gather.gather %params[%indices] axis = 1 mode<clamp> : (tensor<2x3xf32>, tensor<4xi32>) -> tensor<2x4xf32>
  %cd = tensor.cast %c : tensor<2x4xf32> to tensor<?x?xf32>
  call @print(%cd) : (tensor<?x?xf32>) -> ()
  return
}
// indices = [-1, 0, 3, 2]
// CHECK-LABEL: {{^}}columns{{$}}
// CHECK:      {{\[}}[0, 1, 0, 3],
// CHECK-NEXT:  [0, 4, 0, 6]]
// CHECK:      {{\[}}[1, 1, 3, 3],
// CHECK-NEXT:  [4, 4, 6, 6]]

// The same on dynamic shapes.
func.func @columns_dynamic(%params: tensor<?x?xf32>, %indices: tensor<?xi64>) {
  %z = gather.gather %params[%indices] axis = 1 mode<zero> : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  call @print(%z) : (tensor<?x?xf32>) -> ()
  %c = gather.gather %params[%indices] axis = 1 mode<clamp> : (tensor<?x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  call @print(%c) : (tensor<?x?xf32>) -> ()
  return
}
// CHECK-LABEL: {{^}}columns_dynamic{{$}}
// CHECK:      {{\[}}[0, 1, 0, 3],
// CHECK-NEXT:  [0, 4, 0, 6]]
// CHECK:      {{\[}}[1, 1, 3, 3],
// CHECK-NEXT:  [4, 4, 6, 6]]

// gather_nd on a 2x3 matrix, 1-component vectors select rows: an
// out-of-bounds component zeroes (zero) or clamps (clamp) the whole row.
// 2-component vectors select elements; each component is clamped against
// its own dimension.
func.func @nd(%params: tensor<2x3xf32>, %rows: tensor<3x1xi32>, %elements: tensor<3x2xi32>) {
  %zr = gather.gather_nd %params[%rows] mode<zero> : (tensor<2x3xf32>, tensor<3x1xi32>) -> tensor<3x3xf32>
  %zrd = tensor.cast %zr : tensor<3x3xf32> to tensor<?x?xf32>
  call @print(%zrd) : (tensor<?x?xf32>) -> ()
  %cr = gather.gather_nd %params[%rows] mode<clamp> : (tensor<2x3xf32>, tensor<3x1xi32>) -> tensor<3x3xf32>
  %crd = tensor.cast %cr : tensor<3x3xf32> to tensor<?x?xf32>
  call @print(%crd) : (tensor<?x?xf32>) -> ()
  %ze = gather.gather_nd %params[%elements] mode<zero> : (tensor<2x3xf32>, tensor<3x2xi32>) -> tensor<3xf32>
  %zeu = tensor.cast %ze : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%zeu) : (tensor<*xf32>) -> ()
  %ce = gather.gather_nd %params[%elements] mode<clamp> : (tensor<2x3xf32>, tensor<3x2xi32>) -> tensor<3xf32>
  %ceu = tensor.cast %ce : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%ceu) : (tensor<*xf32>) -> ()
  return
}
// rows = [[1], [-4], [2]]
// CHECK-LABEL: {{^}}nd{{$}}
// CHECK:      {{\[}}[4, 5, 6],
// CHECK-NEXT:  [0, 0, 0],
// CHECK-NEXT:  [0, 0, 0]]
// CHECK:      {{\[}}[4, 5, 6],
// CHECK-NEXT:  [1, 2, 3],
// CHECK-NEXT:  [4, 5, 6]]
// elements = [[1, 2], [0, 5], [-1, 1]]
// CHECK:      [6, 0, 0]
// CHECK:      [6, 3, 2]

// Batched gather with an out-of-bounds index in one batch row only.
func.func @batched(%params: tensor<2x3xf32>, %indices: tensor<2x2xindex>) {
  %z = gather.gather %params[%indices] batch_dims = 1 mode<zero> : (tensor<2x3xf32>, tensor<2x2xindex>) -> tensor<2x2xf32>
  %zd = tensor.cast %z : tensor<2x2xf32> to tensor<?x?xf32>
  call @print(%zd) : (tensor<?x?xf32>) -> ()
  %c = gather.gather %params[%indices] batch_dims = 1 mode<clamp> : (tensor<2x3xf32>, tensor<2x2xindex>) -> tensor<2x2xf32>
  %cd = tensor.cast %c : tensor<2x2xf32> to tensor<?x?xf32>
  call @print(%cd) : (tensor<?x?xf32>) -> ()
  return
}
// indices = [[2, 0], [9, 1]]
// CHECK-LABEL: {{^}}batched{{$}}
// CHECK:      {{\[}}[3, 1],
// CHECK-NEXT:  [0, 5]]
// CHECK:      {{\[}}[3, 1],
// CHECK-NEXT:  [6, 5]]

// An empty gathered dimension: nothing to read, zeros in both modes, for a
// static and a dynamic size.
func.func @empty_axis(%params: tensor<2x0xf32>, %indices: tensor<3xi32>) {
  %z = gather.gather %params[%indices] axis = 1 mode<zero> : (tensor<2x0xf32>, tensor<3xi32>) -> tensor<2x3xf32>
  %zd = tensor.cast %z : tensor<2x3xf32> to tensor<?x?xf32>
  call @print(%zd) : (tensor<?x?xf32>) -> ()
  %c = gather.gather %params[%indices] axis = 1 mode<clamp> : (tensor<2x0xf32>, tensor<3xi32>) -> tensor<2x3xf32>
  %cd = tensor.cast %c : tensor<2x3xf32> to tensor<?x?xf32>
  call @print(%cd) : (tensor<?x?xf32>) -> ()
  %pd = tensor.cast %params : tensor<2x0xf32> to tensor<?x?xf32>
  %cdyn = gather.gather %pd[%indices] axis = 1 mode<clamp> : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x3xf32>
  %cdynd = tensor.cast %cdyn : tensor<?x3xf32> to tensor<?x?xf32>
  call @print(%cdynd) : (tensor<?x?xf32>) -> ()
  return
}
// CHECK-LABEL: {{^}}empty_axis{{$}}
// CHECK-COUNT-3: sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[}}[0, 0, 0],
// CHECK-NEXT:  [0, 0, 0]]

func.func @main() {
  %m = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %md = tensor.cast %m : tensor<2x3xf32> to tensor<?x?xf32>
  %cols = arith.constant dense<[-1, 0, 3, 2]> : tensor<4xi32>
  %cols64 = arith.constant dense<[-1, 0, 3, 2]> : tensor<4xi64>
  %cols64d = tensor.cast %cols64 : tensor<4xi64> to tensor<?xi64>
  %rows = arith.constant dense<[[1], [-4], [2]]> : tensor<3x1xi32>
  %elements = arith.constant dense<[[1, 2], [0, 5], [-1, 1]]> : tensor<3x2xi32>
  %batched = arith.constant dense<[[2, 0], [9, 1]]> : tensor<2x2xindex>
  %empty = tensor.empty() : tensor<2x0xf32>
  %three = arith.constant dense<[0, -1, 5]> : tensor<3xi32>

  vector.print str "columns\n"
  call @columns(%m, %cols) : (tensor<2x3xf32>, tensor<4xi32>) -> ()
  vector.print str "columns_dynamic\n"
  call @columns_dynamic(%md, %cols64d) : (tensor<?x?xf32>, tensor<?xi64>) -> ()
  vector.print str "nd\n"
  call @nd(%m, %rows, %elements) : (tensor<2x3xf32>, tensor<3x1xi32>, tensor<3x2xi32>) -> ()
  vector.print str "batched\n"
  call @batched(%m, %batched) : (tensor<2x3xf32>, tensor<2x2xindex>) -> ()
  vector.print str "empty_axis\n"
  call @empty_axis(%empty, %three) : (tensor<2x0xf32>, tensor<3xi32>) -> ()
  return
}
