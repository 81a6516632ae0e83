// RUN: gather-opt %s --convert-tosa-to-gather --split-input-file | FileCheck %s

// tosa.gather is gather.gather along axis 1 with one batch dimension, in
// error mode (an out-of-range index makes a TOSA graph unpredictable).

// CHECK-LABEL: func.func @tosa_gather_i32(
// CHECK-SAME:    %[[V:.*]]: tensor<2x5x3xf32>, %[[I:.*]]: tensor<2x4xi32>)
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[V]][%[[I]]] axis = 1 batch_dims = 1 : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
// CHECK-NEXT:    return %[[R]]
func.func @tosa_gather_i32(%values: tensor<2x5x3xf32>, %indices: tensor<2x4xi32>) -> tensor<2x4x3xf32> {
  %0 = tosa.gather %values, %indices : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

// i64 indices (EXT_INT64) and an integer element type.

// CHECK-LABEL: func.func @tosa_gather_i64(
// CHECK-SAME:    %[[V:.*]]: tensor<1x7x2xi8>, %[[I:.*]]: tensor<1x3xi64>)
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[V]][%[[I]]] axis = 1 batch_dims = 1 : (tensor<1x7x2xi8>, tensor<1x3xi64>) -> tensor<1x3x2xi8>
// CHECK-NEXT:    return %[[R]]
func.func @tosa_gather_i64(%values: tensor<1x7x2xi8>, %indices: tensor<1x3xi64>) -> tensor<1x3x2xi8> {
  %0 = tosa.gather %values, %indices : (tensor<1x7x2xi8>, tensor<1x3xi64>) -> tensor<1x3x2xi8>
  return %0 : tensor<1x3x2xi8>
}

// -----

// Dynamic dimensions stay dynamic; the declared output type is kept.

// CHECK-LABEL: func.func @tosa_gather_dynamic(
// CHECK-SAME:    %[[V:.*]]: tensor<?x?x?xf32>, %[[I:.*]]: tensor<?x?xi32>)
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[V]][%[[I]]] axis = 1 batch_dims = 1 : (tensor<?x?x?xf32>, tensor<?x?xi32>) -> tensor<?x?x?xf32>
// CHECK-NEXT:    return %[[R]]
func.func @tosa_gather_dynamic(%values: tensor<?x?x?xf32>, %indices: tensor<?x?xi32>) -> tensor<?x?x?xf32> {
  %0 = tosa.gather %values, %indices : (tensor<?x?x?xf32>, tensor<?x?xi32>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

// -----

// Partly dynamic: N static in the indices only, W dynamic, C static.

// CHECK-LABEL: func.func @tosa_gather_mixed(
// CHECK-SAME:    %[[V:.*]]: tensor<?x5x3xf32>, %[[I:.*]]: tensor<2x?xi32>)
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[V]][%[[I]]] axis = 1 batch_dims = 1 : (tensor<?x5x3xf32>, tensor<2x?xi32>) -> tensor<2x?x3xf32>
// CHECK-NEXT:    return %[[R]]
func.func @tosa_gather_mixed(%values: tensor<?x5x3xf32>, %indices: tensor<2x?xi32>) -> tensor<2x?x3xf32> {
  %0 = tosa.gather %values, %indices : (tensor<?x5x3xf32>, tensor<2x?xi32>) -> tensor<2x?x3xf32>
  return %0 : tensor<2x?x3xf32>
}

// -----

// An unranked output: the gather has the inferred type, cast to it.

// CHECK-LABEL: func.func @tosa_gather_unranked_output(
// CHECK-SAME:    %[[V:.*]]: tensor<2x5x3xf32>, %[[I:.*]]: tensor<2x4xi32>)
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[V]][%[[I]]] axis = 1 batch_dims = 1 : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.cast %[[R]] : tensor<2x4x3xf32> to tensor<*xf32>
// CHECK-NEXT:    return %[[C]]
func.func @tosa_gather_unranked_output(%values: tensor<2x5x3xf32>, %indices: tensor<2x4xi32>) -> tensor<*xf32> {
  %0 = tosa.gather %values, %indices : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// Only the gather changes: the other TOSA ops and the constants stay (the
// two equal ones are not merged).

// CHECK-LABEL: func.func @tosa_gather_in_graph(
// CHECK:         %[[CST:.*]] = "tosa.const"()
// CHECK:         %[[ADD:.*]] = tosa.add %{{.*}}, %[[CST]]
// CHECK:         %[[R:.*]] = gather.gather %[[ADD]][%{{.*}}] axis = 1 batch_dims = 1
// CHECK-NEXT:    %[[ZP0:.*]] = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}>
// CHECK-NEXT:    %[[ZP1:.*]] = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}>
// CHECK-NEXT:    %[[NEG:.*]] = tosa.negate %[[R]], %[[ZP0]], %[[ZP1]]
// CHECK-NOT:     tosa.gather
func.func @tosa_gather_in_graph(%values: tensor<1x4x2xf32>, %indices: tensor<1x3xi32>) -> tensor<1x3x2xf32> {
  %cst = "tosa.const"() {values = dense<1.0> : tensor<1x4x2xf32>} : () -> tensor<1x4x2xf32>
  %a = tosa.add %values, %cst : (tensor<1x4x2xf32>, tensor<1x4x2xf32>) -> tensor<1x4x2xf32>
  %g = tosa.gather %a, %indices : (tensor<1x4x2xf32>, tensor<1x3xi32>) -> tensor<1x3x2xf32>
  %zp_in = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %zp_out = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %n = tosa.negate %g, %zp_in, %zp_out : (tensor<1x3x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x2xf32>
  return %n : tensor<1x3x2xf32>
}
