// The pipelines lower what stands around a gather in a user's module to the
// end: math ops that become intrinsics, libm calls (erf, cbrt, acosh) or
// functions of their own (ipowi, fpowi), classification tests, math on f16
// and on vectors, vector transfers and prints of 2-D vectors, complex
// arithmetic, and linalg.softmax (decomposed). Every lowering runs it: scf,
// linalg, scf with threads and the GPU pipeline's host-only form; the GPU
// pipeline's host side is checked by test/Pipelines/gpu-surrounding-ops.mlir.
//
// RUN: gather-opt %s --gather-cpu-pipeline \
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

func.func private @printMemrefF32(tensor<*xf32>)

// g = params[indices] = [[-1, 0, 1], [0.5, 1, 1.5]]: kept out of reach of
// constant folding by the call boundary.
func.func @compute(%p: tensor<4x3xf32>, %i: tensor<2xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %g = gather.gather %p[%i] : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>

  // CHECK: [0.0900306, 0.244728, 0.665241]
  // CHECK-NEXT: [0.186324, 0.307196, 0.50648]
  %e = tensor.empty() : tensor<2x3xf32>
  %s = linalg.softmax dimension(1) ins(%g : tensor<2x3xf32>)
      outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %su = tensor.cast %s : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%su) : (tensor<*xf32>) -> ()

  %m1 = tensor.extract %g[%c0, %c0] : tensor<2x3xf32>
  %h = tensor.extract %g[%c1, %c0] : tensor<2x3xf32>
  %one = tensor.extract %g[%c1, %c1] : tensor<2x3xf32>
  // CHECK-NEXT: 1.64872
  %exp = math.exp %h : f32
  vector.print %exp : f32
  // CHECK-NEXT: -0.842701
  %erf = math.erf %m1 : f32
  vector.print %erf : f32
  // CHECK-NEXT: 0.463648
  %atan2 = math.atan2 %h, %one : f32
  vector.print %atan2 : f32
  // CHECK-NEXT: 0.793701
  %cbrt = math.cbrt %h : f32
  vector.print %cbrt : f32
  // CHECK-NEXT: 0.125
  %c3 = arith.constant 3 : i32
  %fpowi = math.fpowi %h, %c3 : f32, i32
  vector.print %fpowi : f32
  // CHECK-NEXT: 8
  %i0 = tensor.extract %i[%c0] : tensor<2xi32>
  %ipowi = math.ipowi %i0, %c3 : i32
  vector.print %ipowi : i32
  // CHECK-NEXT: 0
  %acosh = math.acosh %one : f32
  vector.print %acosh : f32
  // CHECK-NEXT: 0.462
  %hh = arith.truncf %h : f32 to f16
  %tanh = math.tanh %hh : f16
  vector.print %tanh : f16
  // CHECK-NEXT: 0
  // CHECK-NEXT: 0
  %isinf = math.isinf %h : f32
  vector.print %isinf : i1
  %zero = tensor.extract %g[%c0, %c1] : tensor<2x3xf32>
  %isnormal = math.isnormal %zero : f32
  vector.print %isnormal : i1
  // math.clampf is defined as maxf(minf(value, min), max): 1 here.
  // CHECK-NEXT: 1
  %clamp = math.clampf %h to [%zero, %one] : f32
  vector.print %clamp : f32

  // Vectors: a 2-D transfer, math on it, a 2-D print.
  // CHECK-NEXT: ( ( 0.367879, 1, 2.71828 ), ( 1.64872, 2.71828, 4.48169 ) )
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %g[%c0, %c0], %pad : tensor<2x3xf32>, vector<2x3xf32>
  %ve = math.exp %v : vector<2x3xf32>
  vector.print %ve : vector<2x3xf32>
  // CHECK-NEXT: ( -0.842701, 0, 0.842701 )
  %row = vector.extract %v[0] : vector<3xf32> from vector<2x3xf32>
  %verf = math.erf %row : vector<3xf32>
  vector.print %verf : vector<3xf32>

  // Complex: |(-1 + 0.5i) / (1 + 1i)| and exp(0.5 + 1i).
  // CHECK-NEXT: 0.790569
  // CHECK-NEXT: 0.890808
  // CHECK-NEXT: 1.38735
  %a = complex.create %m1, %h : complex<f32>
  %b = complex.create %one, %one : complex<f32>
  %q = complex.div %a, %b : complex<f32>
  %abs = complex.abs %q : complex<f32>
  vector.print %abs : f32
  %z = complex.create %h, %one : complex<f32>
  %ez = complex.exp %z : complex<f32>
  %re = complex.re %ez : complex<f32>
  %im = complex.im %ez : complex<f32>
  vector.print %re : f32
  vector.print %im : f32
  return
}

func.func @main() {
  %p = arith.constant dense<[[0.5, 1.0, 1.5], [2.0, 3.0, 4.0],
                             [-1.0, 0.0, 1.0], [0.25, 0.5, 0.75]]> : tensor<4x3xf32>
  %i = arith.constant dense<[2, 0]> : tensor<2xi32>
  call @compute(%p, %i) : (tensor<4x3xf32>, tensor<2xi32>) -> ()
  return
}
