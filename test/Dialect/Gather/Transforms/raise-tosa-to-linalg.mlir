// RUN: gather-opt %s --pass-pipeline="builtin.module(func.func(tosa-to-linalg))" \
// RUN: | gather-opt --raise-to-gather | FileCheck %s

// The generics that upstream's tosa-to-linalg makes of tosa.gather (its
// output, not a copy of it) are raised back to one gather.gather each, and
// the init and shape computations they leave dead are erased.

// CHECK-LABEL: func.func @tosa_gather_static(
// CHECK-SAME:    %[[V:.*]]: tensor<2x5x3xf32>, %[[I:.*]]: tensor<2x4xi32>)
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[V]][%[[I]]] axis = 1 batch_dims = 1 : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
// CHECK-NEXT:    return %[[R]]
func.func @tosa_gather_static(%values: tensor<2x5x3xf32>, %indices: tensor<2x4xi32>) -> tensor<2x4x3xf32> {
  %0 = tosa.gather %values, %indices : (tensor<2x5x3xf32>, tensor<2x4xi32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// CHECK-LABEL: func.func @tosa_gather_dynamic(
// CHECK-SAME:    %[[V:.*]]: tensor<?x?x?xf32>, %[[I:.*]]: tensor<?x?xi64>)
// CHECK-NEXT:    %[[R:.*]] = gather.gather %[[V]][%[[I]]] axis = 1 batch_dims = 1 : (tensor<?x?x?xf32>, tensor<?x?xi64>) -> tensor<?x?x?xf32>
// CHECK-NEXT:    return %[[R]]
func.func @tosa_gather_dynamic(%values: tensor<?x?x?xf32>, %indices: tensor<?x?xi64>) -> tensor<?x?x?xf32> {
  %0 = tosa.gather %values, %indices : (tensor<?x?x?xf32>, tensor<?x?xi64>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

// The other generics tosa-to-linalg makes (here an elementwise add) stay.

// CHECK-LABEL: func.func @tosa_gather_then_add(
// CHECK:         %[[R:.*]] = gather.gather %{{.*}}[%{{.*}}] axis = 1 batch_dims = 1
// CHECK:         linalg.generic
// CHECK-SAME:        ins(%[[R]], %[[R]] : tensor<1x3x2xf32>, tensor<1x3x2xf32>)
// CHECK:           arith.addf
func.func @tosa_gather_then_add(%values: tensor<1x4x2xf32>, %indices: tensor<1x3xi32>) -> tensor<1x3x2xf32> {
  %0 = tosa.gather %values, %indices : (tensor<1x4x2xf32>, tensor<1x3xi32>) -> tensor<1x3x2xf32>
  %1 = tosa.add %0, %0 : (tensor<1x3x2xf32>, tensor<1x3x2xf32>) -> tensor<1x3x2xf32>
  return %1 : tensor<1x3x2xf32>
}
