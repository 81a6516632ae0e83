// RUN: gather-opt %s --gather-outline-dynamic-gathers="min-static-gathers=2" --split-input-file | FileCheck %s
// The default (64) leaves 2 and 8 static gathers of a signature inline.
// RUN: gather-opt %s --gather-outline-dynamic-gathers --split-input-file | FileCheck %s --check-prefix=DEFAULT

// Static gathers of a signature at least `min-static-gathers` gathers of
// their function share are outlined as dynamic ones are, except that the function
// materializes the result in its destination (a static insert_slice of the
// whole result would fold away); the calls pass a tensor.empty of the
// result type and their op's description. A static signature of one gather
// stays.
//       CHECK: func.func private @[[F:__gather_outlined(_[0-9]+)?]](
//  CHECK-SAME:     %[[P:[^:]*]]: tensor<10x4xf32> {bufferization.writable = false, llvm.noalias},
//  CHECK-SAME:     %[[I:[^:]*]]: tensor<3xi64> {bufferization.writable = false, llvm.noalias},
//  CHECK-SAME:     %[[INIT:[^:]*]]: tensor<3x4xf32> {llvm.noalias}, %{{.*}}: !llvm.ptr) -> tensor<3x4xf32>
//  CHECK-SAME:     attributes {gather.outlined}
//       CHECK:   %[[G:.*]] = gather.gather %[[P]][%[[I]]] {gather.report_description_arg = 3 : i64}
//       CHECK:   %[[M:.*]] = bufferization.materialize_in_destination %[[G]] in %[[INIT]] : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
//       CHECK:   return %[[M]]
//       CHECK: func.func @two(
//       CHECK:   %[[E0:.*]] = tensor.empty() : tensor<3x4xf32>
//       CHECK:   call @[[F]](%{{.*}}, %{{.*}}, %[[E0]], %{{.*}})
//       CHECK:   %[[E1:.*]] = tensor.empty() : tensor<3x4xf32>
//       CHECK:   call @[[F]](%{{.*}}, %{{.*}}, %[[E1]], %{{.*}})
//       CHECK:   gather.gather {{.*}} : (tensor<10x4xf32>, tensor<5xi64>) -> tensor<5x4xf32>
//   CHECK-NOT:   call
//       CHECK:   return

// DEFAULT-NOT: __gather_outlined
// DEFAULT-LABEL: func.func @two(
// DEFAULT-COUNT-3: gather.gather
// DEFAULT-NOT: call
// DEFAULT: return
func.func @two(%t: tensor<10x4xf32>, %i: tensor<3xi64>, %j: tensor<5xi64>)
    -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<5x4xf32>) {
  %a = gather.gather %t[%i] : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  %b = gather.gather %t[%i] : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  %c = gather.gather %t[%j] : (tensor<10x4xf32>, tensor<5xi64>) -> tensor<5x4xf32>
  return %a, %b, %c : tensor<3x4xf32>, tensor<3x4xf32>, tensor<5x4xf32>
}

// -----

// Eight gathers of one signature in one function; min-static-gathers=0
// (below) leaves static gathers inline however many share a signature.
// CHECK-LABEL: func.func @eight(
// CHECK-COUNT-8: call @__gather_outlined
// DEFAULT-LABEL: func.func @eight(
// DEFAULT-NOT: call
// DEFAULT-COUNT-8: gather.gather
// DEFAULT-NOT: call
func.func @eight(%t: tensor<10x4xf32>, %i: tensor<3xi64>)
    -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>,
        tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) {
  %a = gather.gather %t[%i] mode<zero> : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  %b = gather.gather %t[%i] mode<zero> : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  %c = gather.gather %t[%i] mode<zero> : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  %d = gather.gather %t[%i] mode<zero> : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  %e = gather.gather %t[%i] mode<zero> : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  %f = gather.gather %t[%i] mode<zero> : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  %g = gather.gather %t[%i] mode<zero> : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  %h = gather.gather %t[%i] mode<zero> : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  return %a, %b, %c, %d, %e, %f, %g, %h : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>,
      tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>
}

// -----

// RUN: gather-opt %s --gather-outline-dynamic-gathers="min-static-gathers=0" --split-input-file | FileCheck %s --check-prefix=NEVER
// NEVER-NOT: __gather_outlined

// -----

// One gather of a signature in each of two functions: each stays (a
// function of few gathers is small; thousands of calls in thousands of
// functions would make upstream's bufferization quadratic).
// CHECK: // -----
// CHECK-NOT: __gather_outlined
// CHECK-LABEL: func.func @one_a(
// CHECK:         gather.gather
// CHECK-LABEL: func.func @one_b(
// CHECK:         gather.gather
func.func @one_a(%t: tensor<10x4xf32>, %i: tensor<3xi64>) -> tensor<3x4xf32> {
  %a = gather.gather %t[%i] : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  return %a : tensor<3x4xf32>
}

func.func @one_b(%t: tensor<10x4xf32>, %i: tensor<3xi64>) -> tensor<3x4xf32> {
  %a = gather.gather %t[%i] : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  return %a : tensor<3x4xf32>
}
