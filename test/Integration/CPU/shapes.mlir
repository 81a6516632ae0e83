// Dynamic and zero-sized dimensions, 0-d indices and empty index vectors,
// with i32, i64 and index indices, through both lowerings.
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

// params[i, j, k] = 100 i + 10 j + k.
func.func @iota(%d0: index, %d1: index, %d2: index) -> tensor<?x?x?xf32> {
  %t = tensor.generate %d0, %d1, %d2 {
  ^bb0(%i: index, %j: index, %k: index):
    %c100 = arith.constant 100 : index
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c100 : index
    %b = arith.muli %j, %c10 : index
    %s = arith.addi %a, %b : index
    %v = arith.addi %s, %k : index
    %vi = arith.index_cast %v : index to i64
    %vf = arith.sitofp %vi : i64 to f32
    tensor.yield %vf : f32
  } : tensor<?x?x?xf32>
  return %t : tensor<?x?x?xf32>
}

// Fully dynamic, batch_dims = 1, axis = 2 (a strided slice per index).
func.func @batched_axis2(%params: tensor<?x?x?xf32>, %indices: tensor<?x?xi64>) {
  %r = gather.gather %params[%indices] axis = 2 batch_dims = 1 : (tensor<?x?x?xf32>, tensor<?x?xi64>) -> tensor<?x?x?xf32>
  %u = tensor.cast %r : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// params 2x3x4, indices = [[3, 0], [1, 1]]
// CHECK-LABEL: {{^}}batched_axis2{{$}}
// CHECK-NEXT: sizes = [2, 3, 2]
// CHECK-NEXT: {{\[}}{{\[}}[3, 0],
// CHECK-NEXT:   [13, 10],
// CHECK-NEXT:   [23, 20]],
// CHECK-NEXT:  {{\[}}[101, 101],
// CHECK-NEXT:   [111, 111],
// CHECK-NEXT:   [121, 121]]]

// Fully dynamic gather_nd with batch_dims = 1 and index depth 1.
func.func @nd_batched(%params: tensor<?x?x?xf32>, %indices: tensor<?x?x1xindex>) {
  %r = gather.gather_nd %params[%indices] batch_dims = 1 : (tensor<?x?x?xf32>, tensor<?x?x1xindex>) -> tensor<?x?x?xf32>
  %u = tensor.cast %r : tensor<?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// params 2x3x4, indices = [[[2]], [[0]]]
// CHECK-LABEL: {{^}}nd_batched{{$}}
// CHECK-NEXT: sizes = [2, 1, 4]
// CHECK-NEXT: {{\[}}{{\[}}[20, 21, 22, 23]],
// CHECK-NEXT:  {{\[}}[100, 101, 102, 103]]]

// A 0-d index on dynamic params.
func.func @scalar_index(%params: tensor<?x?x?xf32>, %index: tensor<i32>) {
  %r = gather.gather %params[%index] axis = 1 : (tensor<?x?x?xf32>, tensor<i32>) -> tensor<?x?xf32>
  %u = tensor.cast %r : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// params 2x3x4, index = 2
// CHECK-LABEL: {{^}}scalar_index{{$}}
// CHECK-NEXT: sizes = [2, 4]
// CHECK-NEXT: {{\[}}[20, 21, 22, 23],
// CHECK-NEXT:  [120, 121, 122, 123]]

// Empty index vectors select whole slices (here params, twice).
func.func @nd_depth0(%params: tensor<?x?x?xf32>, %indices: tensor<?x0xi32>) {
  %r = gather.gather_nd %params[%indices] : (tensor<?x?x?xf32>, tensor<?x0xi32>) -> tensor<?x?x?x?xf32>
  %u = tensor.cast %r : tensor<?x?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// params 1x2x2 (d2 = 2), indices 2x0
// CHECK-LABEL: {{^}}nd_depth0{{$}}
// CHECK-NEXT: sizes = [2, 1, 2, 2]
// CHECK-NEXT: {{\[}}{{\[}}{{\[}}[0, 1],
// CHECK-NEXT:    [10, 11]]],
// CHECK-NEXT:  {{\[}}{{\[}}[0, 1],
// CHECK-NEXT:    [10, 11]]]]

// Prints the sizes of a rank-3 tensor (printMemref would read the data of
// an empty memref).
func.func @print_sizes(%t: tensor<?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %t, %c0 : tensor<?x?x?xf32>
  %d1 = tensor.dim %t, %c1 : tensor<?x?x?xf32>
  %d2 = tensor.dim %t, %c2 : tensor<?x?x?xf32>
  vector.print str "sizes "
  vector.print %d0 : index punctuation <comma>
  vector.print %d1 : index punctuation <comma>
  vector.print %d2 : index
  return
}

// Zero-sized dimensions: no indices, an empty slice, an empty batch.
func.func @zero_sized(%params: tensor<?x?x?xf32>, %none: tensor<?xi32>, %empty_slice: tensor<?x?x?xf32>,
                      %rows: tensor<?xi32>, %no_batch: tensor<?x?x?xf32>, %no_batch_indices: tensor<?x?x1xi64>) {
  %r0 = gather.gather %params[%none] : (tensor<?x?x?xf32>, tensor<?xi32>) -> tensor<?x?x?xf32>
  call @print_sizes(%r0) : (tensor<?x?x?xf32>) -> ()
  %r1 = gather.gather %empty_slice[%rows] : (tensor<?x?x?xf32>, tensor<?xi32>) -> tensor<?x?x?xf32>
  call @print_sizes(%r1) : (tensor<?x?x?xf32>) -> ()
  %r2 = gather.gather_nd %no_batch[%no_batch_indices] batch_dims = 1 : (tensor<?x?x?xf32>, tensor<?x?x1xi64>) -> tensor<?x?x?xf32>
  call @print_sizes(%r2) : (tensor<?x?x?xf32>) -> ()
  return
}
// params 2x3x4 with indices of shape [0]; params 3x0x4 with indices [1, 2];
// params 0x5x4 with indices of shape [0, 1, 1].
// CHECK-LABEL: {{^}}zero_sized{{$}}
// CHECK-NEXT: sizes 0, 3, 4
// CHECK-NEXT: sizes 2, 0, 4
// CHECK-NEXT: sizes 0, 1, 4

// Unit dimensions among the copied ones: each slice keeps exactly its own
// unit dimensions (the scf lowering reshapes with explicit reassociations).
func.func @unit_dims(%p4: tensor<1x1x2x2xf32>, %i11: tensor<1x1xi32>,
                     %p3: tensor<1x2x2xf32>, %idyn: tensor<?x?xi32>,
                     %pcast: tensor<?x1x3x?xf32>, %i1: tensor<1xi64>) {
  %a = gather.gather %p4[%i11] axis = 3 batch_dims = 1 : (tensor<1x1x2x2xf32>, tensor<1x1xi32>) -> tensor<1x1x2x1xf32>
  %au = tensor.cast %a : tensor<1x1x2x1xf32> to tensor<*xf32>
  call @printMemrefF32(%au) : (tensor<*xf32>) -> ()
  %b = gather.gather %p3[%idyn] axis = 2 mode<zero> : (tensor<1x2x2xf32>, tensor<?x?xi32>) -> tensor<1x2x?x?xf32>
  %bu = tensor.cast %b : tensor<1x2x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%bu) : (tensor<*xf32>) -> ()
  %c = gather.gather %pcast[%i1] axis = -1 mode<clamp> : (tensor<?x1x3x?xf32>, tensor<1xi64>) -> tensor<?x?x?x?xf32>
  %cu = tensor.cast %c : tensor<?x?x?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%cu) : (tensor<*xf32>) -> ()
  return
}
// params [[[[1, 2], [3, 4]]]], index 0 on the last axis: column 0.
// CHECK-LABEL: {{^}}unit_dims{{$}}
// CHECK-NEXT: sizes = [1, 1, 2, 1]
// CHECK-NEXT: {{\[}}{{\[}}{{\[}}[1],
// CHECK-NEXT:    [3]]]]
// params [[[1, 2], [3, 4]]], indices [[1, 0, 5]] (5 out of bounds: zero).
// CHECK-NEXT: sizes = [1, 2, 1, 3]
// CHECK-NEXT: {{\[}}{{\[}}{{\[}}[2, 1, 0]],
// CHECK-NEXT:   {{\[}}[4, 3, 0]]]]
// params 2x1x3x1 = [1..6], index 7 clamped to 0 on the last axis: params.
// CHECK-NEXT: sizes = [2, 1, 3, 1]
// CHECK-NEXT: {{\[}}{{\[}}{{\[}}[1],
// CHECK-NEXT:    [2],
// CHECK-NEXT:    [3]]],
// CHECK-NEXT:  {{\[}}{{\[}}[4],
// CHECK-NEXT:    [5],
// CHECK-NEXT:    [6]]]]

// A static empty sliced dimension: the result is empty, nothing is read.
func.func @static_empty(%params: tensor<2x0xf32>, %indices: tensor<1xi32>) {
  %r = gather.gather %params[%indices] : (tensor<2x0xf32>, tensor<1xi32>) -> tensor<1x0xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %r, %c0 : tensor<1x0xf32>
  %d1 = tensor.dim %r, %c1 : tensor<1x0xf32>
  vector.print str "sizes "
  vector.print %d0 : index punctuation <comma>
  vector.print %d1 : index
  return
}
// CHECK-LABEL: {{^}}static_empty{{$}}
// CHECK-NEXT: sizes 1, 0

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %p234 = call @iota(%c2, %c3, %c4) : (index, index, index) -> tensor<?x?x?xf32>

  vector.print str "batched_axis2\n"
  %i1 = arith.constant dense<[[3, 0], [1, 1]]> : tensor<2x2xi64>
  %i1d = tensor.cast %i1 : tensor<2x2xi64> to tensor<?x?xi64>
  call @batched_axis2(%p234, %i1d) : (tensor<?x?x?xf32>, tensor<?x?xi64>) -> ()

  vector.print str "nd_batched\n"
  %i2 = arith.constant dense<[[[2]], [[0]]]> : tensor<2x1x1xindex>
  %i2d = tensor.cast %i2 : tensor<2x1x1xindex> to tensor<?x?x1xindex>
  call @nd_batched(%p234, %i2d) : (tensor<?x?x?xf32>, tensor<?x?x1xindex>) -> ()

  vector.print str "scalar_index\n"
  %i3 = arith.constant dense<2> : tensor<i32>
  call @scalar_index(%p234, %i3) : (tensor<?x?x?xf32>, tensor<i32>) -> ()

  vector.print str "nd_depth0\n"
  %p122 = call @iota(%c1, %c2, %c2) : (index, index, index) -> tensor<?x?x?xf32>
  %i4 = tensor.empty() : tensor<2x0xi32>
  %i4d = tensor.cast %i4 : tensor<2x0xi32> to tensor<?x0xi32>
  call @nd_depth0(%p122, %i4d) : (tensor<?x?x?xf32>, tensor<?x0xi32>) -> ()

  vector.print str "zero_sized\n"
  %none = tensor.empty() : tensor<0xi32>
  %noned = tensor.cast %none : tensor<0xi32> to tensor<?xi32>
  %p304 = call @iota(%c3, %c0, %c4) : (index, index, index) -> tensor<?x?x?xf32>
  %rows = arith.constant dense<[1, 2]> : tensor<2xi32>
  %rowsd = tensor.cast %rows : tensor<2xi32> to tensor<?xi32>
  %p054 = call @iota(%c0, %c5, %c4) : (index, index, index) -> tensor<?x?x?xf32>
  %nb = tensor.empty() : tensor<0x1xi64>
  %nbe = tensor.expand_shape %nb [[0], [1, 2]] output_shape [0, 1, 1] : tensor<0x1xi64> into tensor<0x1x1xi64>
  %nbd = tensor.cast %nbe : tensor<0x1x1xi64> to tensor<?x?x1xi64>
  call @zero_sized(%p234, %noned, %p304, %rowsd, %p054, %nbd)
      : (tensor<?x?x?xf32>, tensor<?xi32>, tensor<?x?x?xf32>, tensor<?xi32>, tensor<?x?x?xf32>, tensor<?x?x1xi64>) -> ()

  vector.print str "unit_dims\n"
  %p4 = arith.constant dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>
  %i11 = arith.constant dense<[[0]]> : tensor<1x1xi32>
  %p3 = arith.constant dense<[[[1.0, 2.0], [3.0, 4.0]]]> : tensor<1x2x2xf32>
  %i13 = arith.constant dense<[[1, 0, 5]]> : tensor<1x3xi32>
  %idyn = tensor.cast %i13 : tensor<1x3xi32> to tensor<?x?xi32>
  %p2131 = arith.constant dense<[[[[1.0], [2.0], [3.0]]], [[[4.0], [5.0], [6.0]]]]> : tensor<2x1x3x1xf32>
  %pcast = tensor.cast %p2131 : tensor<2x1x3x1xf32> to tensor<?x1x3x?xf32>
  %i7 = arith.constant dense<[7]> : tensor<1xi64>
  call @unit_dims(%p4, %i11, %p3, %idyn, %pcast, %i7)
      : (tensor<1x1x2x2xf32>, tensor<1x1xi32>, tensor<1x2x2xf32>, tensor<?x?xi32>, tensor<?x1x3x?xf32>, tensor<1xi64>) -> ()

  vector.print str "static_empty\n"
  %p20 = tensor.empty() : tensor<2x0xf32>
  %i5 = arith.constant dense<[5]> : tensor<1xi32>
  call @static_empty(%p20, %i5) : (tensor<2x0xf32>, tensor<1xi32>) -> ()
  return
}
