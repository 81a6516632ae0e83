// Kernel-indexing logic of convert-gather-to-gpu run on the CPU (host-only):
// batch and outer dimensions with zero mode, a dynamic slice length that
// picks the 128-bit kernel at run time, gather_nd with clamped index
// vectors. Block and grid sizes are shrunk so that the grid-stride loops
// wrap and slices are split between lanes and grid rows; the default sizes
// and the scalar kernels run too.
//
// RUN: gather-opt %s --gather-gpu-pipeline="host-only block-size=4 max-blocks=3" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: gather-opt %s --gather-gpu-pipeline="host-only" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: gather-opt %s --gather-gpu-pipeline="host-only vectorize=0 block-size=32 max-blocks=1" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s

func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI64(tensor<*xi64>)

// B = 2, O = 3, D = 4, S = 8; indices -1 and -7 and 4 give zero slices.
func.func @batch_outer(%p: tensor<2x3x4x8xi32>, %i: tensor<2x5xi64>) -> tensor<2x3x5x8xi32> {
  %r = gather.gather %p[%i] axis = 2 batch_dims = 1 mode<zero> : (tensor<2x3x4x8xi32>, tensor<2x5xi64>) -> tensor<2x3x5x8xi32>
  return %r : tensor<2x3x5x8xi32>
}

// S = 40 f32, dynamic: the 4 x f32 kernel is picked at run time.
func.func @long_rows(%p: tensor<?x?xf32>, %i: tensor<?xindex>) -> tensor<?x?xf32> {
  %r = gather.gather %p[%i] : (tensor<?x?xf32>, tensor<?xindex>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// Index vectors clamped component-wise into [0, 2] x [0, 3]; S = 3 i64.
func.func @nd_clamp(%p: tensor<3x4x3xi64>, %i: tensor<5x2xi32>) -> tensor<5x3xi64> {
  %r = gather.gather_nd %p[%i] mode<clamp> : (tensor<3x4x3xi64>, tensor<5x2xi32>) -> tensor<5x3xi64>
  return %r : tensor<5x3xi64>
}

func.func @main() {
  %p1 = arith.constant dense<[[[[0,1,2,3,4,5,6,7],[8,9,10,11,12,13,14,15],[16,17,18,19,20,21,22,23],[24,25,26,27,28,29,30,31]],[[32,33,34,35,36,37,38,39],[40,41,42,43,44,45,46,47],[48,49,50,51,52,53,54,55],[56,57,58,59,60,61,62,63]],[[64,65,66,67,68,69,70,71],[72,73,74,75,76,77,78,79],[80,81,82,83,84,85,86,87],[88,89,90,91,92,93,94,95]]],[[[96,97,98,99,100,101,102,103],[104,105,106,107,108,109,110,111],[112,113,114,115,116,117,118,119],[120,121,122,123,124,125,126,127]],[[128,129,130,131,132,133,134,135],[136,137,138,139,140,141,142,143],[144,145,146,147,148,149,150,151],[152,153,154,155,156,157,158,159]],[[160,161,162,163,164,165,166,167],[168,169,170,171,172,173,174,175],[176,177,178,179,180,181,182,183],[184,185,186,187,188,189,190,191]]]]> : tensor<2x3x4x8xi32>
  %i1 = arith.constant dense<[[3, 0, -1, 2, 4], [1, 1, 3, 0, -7]]> : tensor<2x5xi64>
  %r1 = call @batch_outer(%p1, %i1) : (tensor<2x3x4x8xi32>, tensor<2x5xi64>) -> tensor<2x3x5x8xi32>
  %u1 = tensor.cast %r1 : tensor<2x3x5x8xi32> to tensor<*xi32>
  call @printMemrefI32(%u1) : (tensor<*xi32>) -> ()

  %p2 = arith.constant dense<[[0.0,1.0,2.0,3.0,4.0,5.0,6.0,7.0,8.0,9.0,10.0,11.0,12.0,13.0,14.0,15.0,16.0,17.0,18.0,19.0,20.0,21.0,22.0,23.0,24.0,25.0,26.0,27.0,28.0,29.0,30.0,31.0,32.0,33.0,34.0,35.0,36.0,37.0,38.0,39.0],[100.0,101.0,102.0,103.0,104.0,105.0,106.0,107.0,108.0,109.0,110.0,111.0,112.0,113.0,114.0,115.0,116.0,117.0,118.0,119.0,120.0,121.0,122.0,123.0,124.0,125.0,126.0,127.0,128.0,129.0,130.0,131.0,132.0,133.0,134.0,135.0,136.0,137.0,138.0,139.0],[200.0,201.0,202.0,203.0,204.0,205.0,206.0,207.0,208.0,209.0,210.0,211.0,212.0,213.0,214.0,215.0,216.0,217.0,218.0,219.0,220.0,221.0,222.0,223.0,224.0,225.0,226.0,227.0,228.0,229.0,230.0,231.0,232.0,233.0,234.0,235.0,236.0,237.0,238.0,239.0]]> : tensor<3x40xf32>
  %i2 = arith.constant dense<[2, 0, 2, 1]> : tensor<4xindex>
  %p2d = tensor.cast %p2 : tensor<3x40xf32> to tensor<?x?xf32>
  %i2d = tensor.cast %i2 : tensor<4xindex> to tensor<?xindex>
  %r2 = call @long_rows(%p2d, %i2d) : (tensor<?x?xf32>, tensor<?xindex>) -> tensor<?x?xf32>
  %u2 = tensor.cast %r2 : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u2) : (tensor<*xf32>) -> ()

  %p3 = arith.constant dense<[[[0,10,20],[30,40,50],[60,70,80],[90,100,110]],[[120,130,140],[150,160,170],[180,190,200],[210,220,230]],[[240,250,260],[270,280,290],[300,310,320],[330,340,350]]]> : tensor<3x4x3xi64>
  %i3 = arith.constant dense<[[0, 0], [2, 3], [-5, 1], [9, -1], [1, 7]]> : tensor<5x2xi32>
  %r3 = call @nd_clamp(%p3, %i3) : (tensor<3x4x3xi64>, tensor<5x2xi32>) -> tensor<5x3xi64>
  %u3 = tensor.cast %r3 : tensor<5x3xi64> to tensor<*xi64>
  call @printMemrefI64(%u3) : (tensor<*xi64>) -> ()
  return
}

// CHECK: rank = 4 offset = 0 sizes = [2, 3, 5, 8]
// CHECK-NEXT: {{\[\[}}{{\[\[}}24, 25, 26, 27, 28, 29, 30, 31],
// CHECK-NEXT: [0, 1, 2, 3, 4, 5, 6, 7],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [16, 17, 18, 19, 20, 21, 22, 23],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0]],
// CHECK-NEXT: {{\[\[}}56, 57, 58, 59, 60, 61, 62, 63],
// CHECK-NEXT: [32, 33, 34, 35, 36, 37, 38, 39],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [48, 49, 50, 51, 52, 53, 54, 55],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0]],
// CHECK-NEXT: {{\[\[}}88, 89, 90, 91, 92, 93, 94, 95],
// CHECK-NEXT: [64, 65, 66, 67, 68, 69, 70, 71],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0],
// CHECK-NEXT: [80, 81, 82, 83, 84, 85, 86, 87],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0]]],
// CHECK-NEXT: {{\[\[}}[104, 105, 106, 107, 108, 109, 110, 111],
// CHECK-NEXT: [104, 105, 106, 107, 108, 109, 110, 111],
// CHECK-NEXT: [120, 121, 122, 123, 124, 125, 126, 127],
// CHECK-NEXT: [96, 97, 98, 99, 100, 101, 102, 103],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0]],
// CHECK-NEXT: {{\[\[}}136, 137, 138, 139, 140, 141, 142, 143],
// CHECK-NEXT: [136, 137, 138, 139, 140, 141, 142, 143],
// CHECK-NEXT: [152, 153, 154, 155, 156, 157, 158, 159],
// CHECK-NEXT: [128, 129, 130, 131, 132, 133, 134, 135],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0]],
// CHECK-NEXT: {{\[\[}}168, 169, 170, 171, 172, 173, 174, 175],
// CHECK-NEXT: [168, 169, 170, 171, 172, 173, 174, 175],
// CHECK-NEXT: [184, 185, 186, 187, 188, 189, 190, 191],
// CHECK-NEXT: [160, 161, 162, 163, 164, 165, 166, 167],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0]]]]

// CHECK: rank = 2 offset = 0 sizes = [4, 40]
// CHECK-NEXT: {{\[\[}}200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223, 224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 239],
// CHECK-NEXT: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39],
// CHECK-NEXT: [200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223, 224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 239],
// CHECK-NEXT: [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139]]

// CHECK: rank = 2 offset = 0 sizes = [5, 3]
// CHECK-NEXT: {{\[\[}}0, 10, 20],
// CHECK-NEXT: [330, 340, 350],
// CHECK-NEXT: [30, 40, 50],
// CHECK-NEXT: [240, 250, 260],
// CHECK-NEXT: [210, 220, 230]]
