// RUN: gather-opt %s --gather-complete-math-lowering | FileCheck %s

// CHECK-LABEL: func.func @classify(
// CHECK-SAME:    %[[X:.*]]: f32, %[[V:.*]]: vector<4xf16>
// CHECK:         %[[INF:.*]] = "llvm.intr.is.fpclass"(%[[X]]) <{bit = 516 : i32}> : (f32) -> i1
// CHECK:         %[[NORMAL:.*]] = "llvm.intr.is.fpclass"(%[[V]]) <{bit = 264 : i32}> : (vector<4xf16>) -> vector<4xi1>
// CHECK:         return %[[INF]], %[[NORMAL]]
func.func @classify(%x: f32, %v: vector<4xf16>) -> (i1, vector<4xi1>) {
  %a = math.isinf %x : f32
  %b = math.isnormal %v : vector<4xf16>
  return %a, %b : i1, vector<4xi1>
}

// LLVM has no f8 float: left for the pipeline's final check to name.
// CHECK-LABEL: func.func @f8(
// CHECK:         math.isinf
func.func @f8(%x: f8E4M3FN) -> i1 {
  %a = math.isinf %x : f8E4M3FN
  return %a : i1
}

// CHECK-LABEL: func.func @extend(
// CHECK:         arith.extf %{{.*}} : f16 to f32
// CHECK-NOT:     fastmath
// CHECK:         arith.truncf %{{.*}} : f32 to f16
// CHECK-NOT:     fastmath
// CHECK:         return
func.func @extend(%x: f16) -> f16 {
  %e = arith.extf %x fastmath<contract> : f16 to f32
  %t = math.tanh %e : f32
  %r = arith.truncf %t fastmath<contract> : f32 to f16
  return %r : f16
}
