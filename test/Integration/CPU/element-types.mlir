// Element types other than f32: each gathers rows [2, -1, 0] of a 3x2
// params (mode zero, so the zero of the type is used too) and prints through
// a widening conversion where printMemref has no variant for the type.
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
func.func private @printMemrefF64(tensor<*xf64>)
func.func private @printMemrefI32(tensor<*xi32>)
func.func private @printMemrefI64(tensor<*xi64>)

func.func @f64(%p: tensor<3x2xf64>, %i: tensor<3xi32>) {
  %r = gather.gather %p[%i] mode<zero> : (tensor<3x2xf64>, tensor<3xi32>) -> tensor<3x2xf64>
  %u = tensor.cast %r : tensor<3x2xf64> to tensor<*xf64>
  call @printMemrefF64(%u) : (tensor<*xf64>) -> ()
  return
}
// CHECK-LABEL: {{^}}f64{{$}}
// CHECK:      {{\[}}[5.5, -6.25],
// CHECK-NEXT:  [0, 0],
// CHECK-NEXT:  [1.5, -2.25]]

func.func @f16(%p: tensor<3x2xf16>, %i: tensor<3xi32>) {
  %r = gather.gather %p[%i] mode<zero> : (tensor<3x2xf16>, tensor<3xi32>) -> tensor<3x2xf16>
  %init = tensor.empty() : tensor<3x2xf32>
  %w = linalg.map { arith.extf } ins(%r : tensor<3x2xf16>) outs(%init : tensor<3x2xf32>)
  %u = tensor.cast %w : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK-LABEL: {{^}}f16{{$}}
// CHECK:      {{\[}}[5.5, -6.25],
// CHECK-NEXT:  [0, 0],
// CHECK-NEXT:  [1.5, -2.25]]

func.func @bf16(%p: tensor<3x2xbf16>, %i: tensor<3xi64>) {
  %r = gather.gather %p[%i] mode<zero> : (tensor<3x2xbf16>, tensor<3xi64>) -> tensor<3x2xbf16>
  %init = tensor.empty() : tensor<3x2xf32>
  %w = linalg.map { arith.extf } ins(%r : tensor<3x2xbf16>) outs(%init : tensor<3x2xf32>)
  %u = tensor.cast %w : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
// CHECK-LABEL: {{^}}bf16{{$}}
// CHECK:      {{\[}}[5.5, -6.25],
// CHECK-NEXT:  [0, 0],
// CHECK-NEXT:  [1.5, -2.25]]

func.func @i64(%p: tensor<3x2xi64>, %i: tensor<3xindex>) {
  %r = gather.gather %p[%i] mode<zero> : (tensor<3x2xi64>, tensor<3xindex>) -> tensor<3x2xi64>
  %u = tensor.cast %r : tensor<3x2xi64> to tensor<*xi64>
  call @printMemrefI64(%u) : (tensor<*xi64>) -> ()
  return
}
// CHECK-LABEL: {{^}}i64{{$}}
// CHECK:      {{\[}}[50000000000, -6],
// CHECK-NEXT:  [0, 0],
// CHECK-NEXT:  [1, -2]]

func.func @i8(%p: tensor<3x2xi8>, %i: tensor<3xi32>) {
  %r = gather.gather %p[%i] mode<zero> : (tensor<3x2xi8>, tensor<3xi32>) -> tensor<3x2xi8>
  %init = tensor.empty() : tensor<3x2xi32>
  %w = linalg.map { arith.extsi } ins(%r : tensor<3x2xi8>) outs(%init : tensor<3x2xi32>)
  %u = tensor.cast %w : tensor<3x2xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}
// CHECK-LABEL: {{^}}i8{{$}}
// CHECK:      {{\[}}[127, -128],
// CHECK-NEXT:  [0, 0],
// CHECK-NEXT:  [1, -2]]

func.func @i1(%p: tensor<3x2xi1>, %i: tensor<3xi32>) {
  %r = gather.gather %p[%i] mode<zero> : (tensor<3x2xi1>, tensor<3xi32>) -> tensor<3x2xi1>
  %init = tensor.empty() : tensor<3x2xi32>
  %w = linalg.map { arith.extui } ins(%r : tensor<3x2xi1>) outs(%init : tensor<3x2xi32>)
  %u = tensor.cast %w : tensor<3x2xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}
// CHECK-LABEL: {{^}}i1{{$}}
// CHECK:      {{\[}}[1, 1],
// CHECK-NEXT:  [0, 0],
// CHECK-NEXT:  [1, 0]]

// gather_nd on i1 with clamping.
func.func @i1_nd(%p: tensor<3x2xi1>, %i: tensor<2x2xi32>) {
  %r = gather.gather_nd %p[%i] mode<clamp> : (tensor<3x2xi1>, tensor<2x2xi32>) -> tensor<2xi1>
  %init = tensor.empty() : tensor<2xi32>
  %w = linalg.map { arith.extui } ins(%r : tensor<2xi1>) outs(%init : tensor<2xi32>)
  %u = tensor.cast %w : tensor<2xi32> to tensor<*xi32>
  call @printMemrefI32(%u) : (tensor<*xi32>) -> ()
  return
}
// indices = [[9, -3], [0, 7]] -> params[2, 0], params[0, 1]
// CHECK-LABEL: {{^}}i1_nd{{$}}
// CHECK: [1, 0]

func.func @main() {
  %rows = arith.constant dense<[2, -1, 0]> : tensor<3xi32>
  %rows64 = arith.constant dense<[2, -1, 0]> : tensor<3xi64>
  %rowsidx = arith.constant dense<[2, -1, 0]> : tensor<3xindex>

  vector.print str "f64\n"
  %pf64 = arith.constant dense<[[1.5, -2.25], [3.0, 4.0], [5.5, -6.25]]> : tensor<3x2xf64>
  call @f64(%pf64, %rows) : (tensor<3x2xf64>, tensor<3xi32>) -> ()
  vector.print str "f16\n"
  %pf16 = arith.constant dense<[[1.5, -2.25], [3.0, 4.0], [5.5, -6.25]]> : tensor<3x2xf16>
  call @f16(%pf16, %rows) : (tensor<3x2xf16>, tensor<3xi32>) -> ()
  vector.print str "bf16\n"
  %pbf16 = arith.constant dense<[[1.5, -2.25], [3.0, 4.0], [5.5, -6.25]]> : tensor<3x2xbf16>
  call @bf16(%pbf16, %rows64) : (tensor<3x2xbf16>, tensor<3xi64>) -> ()
  vector.print str "i64\n"
  %pi64 = arith.constant dense<[[1, -2], [3, 4], [50000000000, -6]]> : tensor<3x2xi64>
  call @i64(%pi64, %rowsidx) : (tensor<3x2xi64>, tensor<3xindex>) -> ()
  vector.print str "i8\n"
  %pi8 = arith.constant dense<[[1, -2], [3, 4], [127, -128]]> : tensor<3x2xi8>
  call @i8(%pi8, %rows) : (tensor<3x2xi8>, tensor<3xi32>) -> ()
  vector.print str "i1\n"
  %pi1 = arith.constant dense<[[true, false], [false, true], [true, true]]> : tensor<3x2xi1>
  call @i1(%pi1, %rows) : (tensor<3x2xi1>, tensor<3xi32>) -> ()
  vector.print str "i1_nd\n"
  %ind = arith.constant dense<[[9, -3], [0, 7]]> : tensor<2x2xi32>
  call @i1_nd(%pi1, %ind) : (tensor<3x2xi1>, tensor<2x2xi32>) -> ()
  return
}
