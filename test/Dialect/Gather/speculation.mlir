// RUN: gather-opt %s --loop-invariant-code-motion --canonicalize --split-input-file | FileCheck %s

// Zero and clamp mode have no run-time precondition: loop-invariant gathers
// leave the loop, even one that may run zero times.

// CHECK-LABEL: func.func @hoist_zero_and_clamp
// CHECK:         gather.gather {{.*}} mode<zero>
// CHECK:         gather.gather_nd {{.*}} mode<clamp>
// CHECK:         scf.for
// CHECK-NOT:       gather.
// CHECK:         return
func.func @hoist_zero_and_clamp(%p: tensor<4x8xf32>, %i: tensor<2xi32>,
                                %j: tensor<2x1xi64>, %n: index,
                                %acc: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%a = %acc) -> tensor<2x8xf32> {
    %g = gather.gather %p[%i] mode<zero> : (tensor<4x8xf32>, tensor<2xi32>) -> tensor<2x8xf32>
    %h = gather.gather_nd %p[%j] mode<clamp> : (tensor<4x8xf32>, tensor<2x1xi64>) -> tensor<2x8xf32>
    %s = arith.addf %g, %h : tensor<2x8xf32>
    %t = arith.addf %a, %s : tensor<2x8xf32>
    scf.yield %t : tensor<2x8xf32>
  }
  return %r : tensor<2x8xf32>
}

// -----

// Error and wrap mode report a bad index: hoisting them out of a loop that
// may not run would report where the program reports nothing.

// CHECK-LABEL: func.func @keep_error_and_wrap
// CHECK:         scf.for
// CHECK:           gather.gather {{.*}} :
// CHECK:           gather.gather_nd {{.*}} mode<wrap>
// CHECK:         return
func.func @keep_error_and_wrap(%p: tensor<4x8xf32>, %i: tensor<2xi32>,
                               %j: tensor<2x1xi64>, %n: index,
                               %acc: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%a = %acc) -> tensor<2x8xf32> {
    %g = gather.gather %p[%i] : (tensor<4x8xf32>, tensor<2xi32>) -> tensor<2x8xf32>
    %h = gather.gather_nd %p[%j] mode<wrap> : (tensor<4x8xf32>, tensor<2x1xi64>) -> tensor<2x8xf32>
    %s = arith.addf %g, %h : tensor<2x8xf32>
    %t = arith.addf %a, %s : tensor<2x8xf32>
    scf.yield %t : tensor<2x8xf32>
  }
  return %r : tensor<2x8xf32>
}

// -----

// No memory effects: an unused gather is dead, its check with it (error
// mode included).

// CHECK-LABEL: func.func @unused_is_dead
// CHECK-NOT:     gather.
// CHECK:         return
func.func @unused_is_dead(%p: tensor<4x8xf32>, %i: tensor<2xi32>) {
  %g = gather.gather %p[%i] : (tensor<4x8xf32>, tensor<2xi32>) -> tensor<2x8xf32>
  %h = gather.gather %p[%i] mode<wrap> : (tensor<4x8xf32>, tensor<2xi32>) -> tensor<2x8xf32>
  return
}
