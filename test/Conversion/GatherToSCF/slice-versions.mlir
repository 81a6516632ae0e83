// A gather whose slice width (params' last dimension, not addressed by the
// indices) is dynamic is lowered once for each width whose row is a power of
// two of 4 B to slice-versions-max-bytes, params cast to that width, and
// once for any other width, in a chain of scf.if on the width: each version
// has the plan and the static copies of a static slice.
//
// RUN: gather-opt %s --convert-gather-to-scf="slice-versions-max-bytes=16" --split-input-file | FileCheck %s
// RUN: gather-opt %s --convert-gather-to-scf="print-plan slice-versions-max-bytes=16" --split-input-file -verify-diagnostics -o /dev/null
// RUN: gather-opt %s --convert-gather-to-scf --split-input-file | FileCheck %s --check-prefix=DEFAULT
// RUN: gather-opt %s --convert-gather-to-scf="slice-versions-max-bytes=0" --split-input-file | FileCheck %s --check-prefix=NONE

// Rows of f32: widths 1, 2 and 4 (4, 8 and 16 B), then any other.
// The result is built in a view of the same static width (a constant row
// stride once bufferized), cast back for the scf.if.
// CHECK-LABEL: func.func @rows_f32(
// CHECK-SAME:      %[[P:.*]]: tensor<?x?xf32>
// CHECK:         %[[INIT:.*]] = tensor.empty({{.*}}) : tensor<?x?xf32>
// CHECK:         tensor.dim %[[P]]
// CHECK:         %[[W:.*]] = tensor.dim %[[P]], %[[ONE:.*]] : tensor<?x?xf32>
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[IS1:.*]] = arith.cmpi eq, %[[W]], %[[C1]] : index
// CHECK-NEXT:    %[[R:.*]] = scf.if %[[IS1]] -> (tensor<?x?xf32>) {
// CHECK-NEXT:      tensor.cast %[[P]] : tensor<?x?xf32> to tensor<?x1xf32>
// CHECK-NEXT:      tensor.cast %[[INIT]] : tensor<?x?xf32> to tensor<?x1xf32>
// CHECK:           tensor.extract_slice %{{.*}} : tensor<?x1xf32> to tensor<1x1xf32>
// CHECK:           %[[R1:.*]] = tensor.cast %{{.*}} : tensor<?x1xf32> to tensor<?x?xf32>
// CHECK-NEXT:      scf.yield %[[R1]] : tensor<?x?xf32>
// CHECK:           %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:      %[[IS2:.*]] = arith.cmpi eq, %[[W]], %[[C2]] : index
// CHECK-NEXT:      scf.if %[[IS2]]
// CHECK-NEXT:        tensor.cast %[[P]] : tensor<?x?xf32> to tensor<?x2xf32>
// CHECK-NEXT:        tensor.cast %[[INIT]] : tensor<?x?xf32> to tensor<?x2xf32>
// CHECK:             tensor.extract_slice %{{.*}} : tensor<?x2xf32> to tensor<1x2xf32>
// CHECK:             %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:        %[[IS4:.*]] = arith.cmpi eq, %[[W]], %[[C4]] : index
// CHECK-NEXT:        scf.if %[[IS4]]
// CHECK-NEXT:          tensor.cast %[[P]] : tensor<?x?xf32> to tensor<?x4xf32>
// CHECK-NEXT:          tensor.cast %[[INIT]] : tensor<?x?xf32> to tensor<?x4xf32>
// CHECK:               tensor.extract_slice %{{.*}} : tensor<?x4xf32> to tensor<1x4xf32>
// CHECK:               tensor.cast %{{.*}} : tensor<?x4xf32> to tensor<?x?xf32>
// CHECK-NOT:           tensor.cast
// CHECK:               tensor.extract_slice %[[P]]{{.*}} : tensor<?x?xf32> to tensor<1x?xf32>
// CHECK:         return %[[R]] : tensor<?x?xf32>
// DEFAULT-LABEL: func.func @rows_f32(
// DEFAULT:         tensor<?x256xf32>
// DEFAULT-NOT:     tensor<?x512xf32>
// DEFAULT:         return
// NONE-LABEL:    func.func @rows_f32(
// NONE-NOT:        tensor.cast
// NONE:            return
func.func @rows_f32(%p: tensor<?x?xf32>, %i: tensor<?xi32>) -> tensor<?x?xf32> {
  // expected-remark@+5 {{lowering plan for slice width 1: loops=1 copy=slice}}
  // expected-remark@+4 {{lowering plan for slice width 2: loops=1 copy=slice}}
  // expected-remark@+3 {{lowering plan for slice width 4, results of at least 33554432 B: loops=1 copy=slice}}
  // expected-remark@+2 {{lowering plan for slice width 4, smaller results: loops=1 copy=slice}}
  // expected-remark@+1 {{lowering plan: loops=1 copy=slice checks=per-chunk chunk=128 unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=run-time}}
  %r = gather.gather %p[%i] axis = 0 : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// Rows of i8 and f64: only the widths whose bytes are a power of two of at
// least 4 B (i8: 4, 8 and 16 elements, f64: 1 and 2).
// CHECK-LABEL: func.func @rows_i8_f64(
// CHECK:         tensor.cast %{{.*}} : tensor<?x?xi8> to tensor<?x4xi8>
// CHECK:         tensor.cast %{{.*}} : tensor<?x?xi8> to tensor<?x8xi8>
// CHECK:         tensor.cast %{{.*}} : tensor<?x?xi8> to tensor<?x16xi8>
// CHECK:         tensor.cast %{{.*}} : tensor<?x?xf64> to tensor<?x1xf64>
// CHECK:         tensor.cast %{{.*}} : tensor<?x?xf64> to tensor<?x2xf64>
// CHECK-NEXT:    tensor.cast %{{.*}} : tensor<?x?xf64> to tensor<?x2xf64>
// CHECK:         tensor.cast %{{.*}} : tensor<?x2xf64> to tensor<?x?xf64>
// CHECK-NOT:     tensor.cast
// CHECK:         return
func.func @rows_i8_f64(%p: tensor<?x?xi8>, %q: tensor<?x?xf64>, %i: tensor<?xi32>) -> (tensor<?x?xi8>, tensor<?x?xf64>) {
  // expected-remark@+5 {{lowering plan for slice width 4:}}
  // expected-remark@+4 {{lowering plan for slice width 8:}}
  // expected-remark@+3 {{lowering plan for slice width 16, results of at least 33554432 B:}}
  // expected-remark@+2 {{lowering plan for slice width 16, smaller results:}}
  // expected-remark@+1 {{lowering plan: }}
  %r = gather.gather %p[%i] axis = 0 mode<zero> : (tensor<?x?xi8>, tensor<?xi32>) -> tensor<?x?xi8>
  // expected-remark@+4 {{lowering plan for slice width 1:}}
  // expected-remark@+3 {{lowering plan for slice width 2, results of at least 33554432 B:}}
  // expected-remark@+2 {{lowering plan for slice width 2, smaller results:}}
  // expected-remark@+1 {{lowering plan: }}
  %s = gather.gather %q[%i] axis = 0 mode<clamp> : (tensor<?x?xf64>, tensor<?xi32>) -> tensor<?x?xf64>
  return %r, %s : tensor<?x?xi8>, tensor<?x?xf64>
}

// -----

// gather_nd slices and batch_dims: the last params dimension is the slice's.
// CHECK-LABEL: func.func @nd_and_batch(
// CHECK:         tensor.cast %{{.*}} : tensor<?x?x?xf32> to tensor<?x?x1xf32>
// CHECK:         tensor.cast %{{.*}} : tensor<?x?x?xf32> to tensor<?x?x4xf32>
// CHECK:         tensor.cast %{{.*}} : tensor<2x?x?xf32> to tensor<2x?x1xf32>
// CHECK:         tensor.cast %{{.*}} : tensor<2x?x?xf32> to tensor<2x?x4xf32>
// CHECK:         return
func.func @nd_and_batch(%p: tensor<?x?x?xf32>, %i: tensor<5x2xi64>, %q: tensor<2x?x?xf32>, %j: tensor<2x3xi32>) -> (tensor<5x?xf32>, tensor<2x3x?xf32>) {
  // expected-remark@+4 {{lowering plan for slice width 1:}}
  // expected-remark@+3 {{lowering plan for slice width 2:}}
  // expected-remark@+2 {{lowering plan for slice width 4:}}
  // expected-remark@+1 {{lowering plan: }}
  %r = gather.gather_nd %p[%i] : (tensor<?x?x?xf32>, tensor<5x2xi64>) -> tensor<5x?xf32>
  // expected-remark@+4 {{lowering plan for slice width 1:}}
  // expected-remark@+3 {{lowering plan for slice width 2:}}
  // expected-remark@+2 {{lowering plan for slice width 4:}}
  // expected-remark@+1 {{lowering plan: }}
  %s = gather.gather %q[%j] axis = 1 batch_dims = 1 : (tensor<2x?x?xf32>, tensor<2x3xi32>) -> tensor<2x3x?xf32>
  return %r, %s : tensor<5x?xf32>, tensor<2x3x?xf32>
}

// -----

// Not versioned: a static width, a width the result makes static, the last
// dimension addressed by the indices (elements), and i1 elements (not whole
// bytes).
// CHECK-LABEL: func.func @not_versioned(
// CHECK-NOT:     tensor.cast
// CHECK:         return
func.func @not_versioned(%p: tensor<?x8xf32>, %q: tensor<?x?xf32>, %b: tensor<?x?xi1>, %i: tensor<?xi32>) -> (tensor<?x8xf32>, tensor<?x3xf32>, tensor<?x?xf32>, tensor<?x?xi1>) {
  // expected-remark@+2 {{lowering plan for results of at least 33554432 B: }}
  // expected-remark@+1 {{lowering plan for smaller results: }}
  %r = gather.gather %p[%i] axis = 0 : (tensor<?x8xf32>, tensor<?xi32>) -> tensor<?x8xf32>
  // expected-remark@+1 {{lowering plan: }}
  %s = gather.gather %q[%i] axis = 0 : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x3xf32>
  // expected-remark@+1 {{lowering plan: }}
  %t = gather.gather %q[%i] axis = 1 : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  // expected-remark@+1 {{lowering plan: }}
  %u = gather.gather %b[%i] axis = 0 mode<clamp> : (tensor<?x?xi1>, tensor<?xi32>) -> tensor<?x?xi1>
  return %r, %s, %t, %u : tensor<?x8xf32>, tensor<?x3xf32>, tensor<?x?xf32>, tensor<?x?xi1>
}
