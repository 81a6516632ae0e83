// Static gathers of a signature that many gathers of a function share run as
// calls of one function (gather-outline-dynamic-gathers with
// min-static-gathers, part of gather-cpu-pipeline from 64 gathers of a
// signature; 2 here): each result is built in the caller's buffer, a result
// the caller only reads on is a temporary as before, and an
// out-of-bounds index is reported at the op that read it. The same inline
// (outline-min-static-gathers=0), through linalg, and on two threads.
//
// DEFINE: %{run} = mlir-runner -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils
// DEFINE: %{outline} = gather-opt %s --gather-cpu-pipeline="outline-min-static-gathers=2"
//
// RUN: %{outline} | %{run} -e main | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline="outline-min-static-gathers=0" \
// RUN: | %{run} -e main | FileCheck %s
// RUN: gather-opt %s \
// RUN:   --gather-cpu-pipeline="outline-min-static-gathers=2 lowering=linalg" \
// RUN: | %{run} -e main | FileCheck %s
// RUN: %if libomp %{ gather-opt %s \
// RUN:   --gather-cpu-pipeline="outline-min-static-gathers=2 num-threads=2" \
// RUN: | %{run} -e main -shared-libs=%libomp | FileCheck %s %}
// RUN: %{outline} | not %{run} -e bad_second 2>&1 | FileCheck %s --check-prefix=BAD
//
// Outlined: one function for the three error-mode gathers of @rows, one for
// the two gather_nd; the zero-mode gather, alone of its signature, and the
// one gather of @rows_into stay. After bufferization the functions write their destination and
// return it (gather-drop-equivalent-buffer-results then drops the result),
// and the temporary's buffer is on the stack (gather-promote-small-buffers:
// the call keeps no buffer).
// RUN: gather-opt %s --gather-outline-dynamic-gathers="min-static-gathers=2" \
// RUN: | FileCheck %s --check-prefix=IR
// IR-LABEL:   func.func @rows_into(
// IR:         gather.gather
// IR:         func.func private @[[F:__gather_outlined[_0-9]*]](
// IR-COUNT-3: call @[[F]](
// IR:         gather.gather {{.*}} mode<zero>
// IR:         func.func private @[[G:__gather_outlined[_0-9]*]](
// IR-COUNT-2: call @[[G]](
// IR-NOT:     __gather_outlined
// RUN: %{outline} -mlir-print-ir-after=one-shot-bufferize -o /dev/null 2>&1 \
// RUN: | FileCheck %s --check-prefix=BUF
// BUF-LABEL: IR Dump After OneShotBufferize
// BUF:       func.func private @__gather_outlined{{.*}}(%{{.*}}: memref<4x3xf32> {llvm.noalias}, %{{.*}}: memref<2xi32> {llvm.noalias}, %{{.*}}: memref<2x3xf32> {llvm.noalias}, %{{.*}}: !llvm.ptr) -> memref<2x3xf32>
// RUN: %{outline} -mlir-print-ir-after=gather-promote-small-buffers -o /dev/null 2>&1 \
// RUN: | FileCheck %s --check-prefix=STACK
// STACK-LABEL: func.func @rows(
// STACK:       %[[T:.*]] = memref.alloca() {alignment = 64 : i64} : memref<2x3xf32>
// STACK:       call @__gather_outlined(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (memref<4x3xf32>, memref<2xi32>, memref<2x3xf32>, !llvm.ptr) -> ()
// STACK:       call @__gather_outlined(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (memref<4x3xf32>, memref<2xi32>, memref<2x3xf32>, !llvm.ptr) -> ()
// STACK:       call @__gather_outlined(%{{.*}}, %{{.*}}, %[[T]], %{{.*}}) : (memref<4x3xf32>, memref<2xi32>, memref<2x3xf32>, !llvm.ptr) -> ()

func.func private @printMemrefF32(tensor<*xf32>)

func.func @print(%t: tensor<2x3xf32>) {
  %u = tensor.cast %t : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Rows of a table into a caller's buffer.
func.func @rows_into(%p: tensor<4x3xf32>, %i: tensor<2xi32>,
                     %out: memref<2x3xf32>) {
  %r = gather.gather %p[%i] : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<2x3xf32>, memref<2x3xf32>) -> ()
  return
}

// The same signature three times more: two results returned, one summed
// into another op's result (a temporary), one zero-mode gather of the same
// types (another signature).
func.func @rows(%p: tensor<4x3xf32>, %i: tensor<2xi32>, %j: tensor<2xi32>)
    -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %a = gather.gather %p[%i] : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %b = gather.gather %p[%j] : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %t = gather.gather %p[%j] : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %z = gather.gather %p[%i] mode<zero> : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %s = linalg.add ins(%t, %z : tensor<2x3xf32>, tensor<2x3xf32>)
      outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  return %a, %b, %s : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

func.func @nd(%p: tensor<4x3xf32>, %i: tensor<2x2xi64>, %j: tensor<2x2xi64>)
    -> (tensor<2xf32>, tensor<2xf32>) {
  %a = gather.gather_nd %p[%i] : (tensor<4x3xf32>, tensor<2x2xi64>) -> tensor<2xf32>
  %b = gather.gather_nd %p[%j] : (tensor<4x3xf32>, tensor<2x2xi64>) -> tensor<2xf32>
  return %a, %b : tensor<2xf32>, tensor<2xf32>
}

func.func @table() -> tensor<4x3xf32> {
  %p = arith.constant dense<[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0],
                             [20.0, 21.0, 22.0], [30.0, 31.0, 32.0]]> : tensor<4x3xf32>
  return %p : tensor<4x3xf32>
}

func.func @main() {
  %p = call @table() : () -> tensor<4x3xf32>
  %ids = arith.constant dense<[3, 1]> : tensor<2xi32>
  %out = memref.alloc() : memref<2x3xf32>
  call @rows_into(%p, %ids, %out) : (tensor<4x3xf32>, tensor<2xi32>, memref<2x3xf32>) -> ()
  %outt = bufferization.to_tensor %out restrict : memref<2x3xf32> to tensor<2x3xf32>
  // CHECK: [30, 31, 32]
  // CHECK-NEXT: [10, 11, 12]
  call @print(%outt) : (tensor<2x3xf32>) -> ()

  %i = arith.constant dense<[0, 2]> : tensor<2xi32>
  %j = arith.constant dense<[1, 1]> : tensor<2xi32>
  %a, %b, %s = call @rows(%p, %i, %j)
      : (tensor<4x3xf32>, tensor<2xi32>, tensor<2xi32>)
      -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
  // CHECK: [0, 1, 2]
  // CHECK-NEXT: [20, 21, 22]
  call @print(%a) : (tensor<2x3xf32>) -> ()
  // CHECK: [10, 11, 12]
  // CHECK-NEXT: [10, 11, 12]
  call @print(%b) : (tensor<2x3xf32>) -> ()
  // CHECK: [10, 12, 14]
  // CHECK-NEXT: [30, 32, 34]
  call @print(%s) : (tensor<2x3xf32>) -> ()

  %k = arith.constant dense<[[3, 2], [0, 1]]> : tensor<2x2xi64>
  %l = arith.constant dense<[[1, 0], [2, 2]]> : tensor<2x2xi64>
  %n, %m = call @nd(%p, %k, %l)
      : (tensor<4x3xf32>, tensor<2x2xi64>, tensor<2x2xi64>) -> (tensor<2xf32>, tensor<2xf32>)
  %e = tensor.empty() : tensor<2x3xf32>
  %c0 = arith.constant 0.0 : f32
  %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %n3 = tensor.insert_slice %n into %z[0, 0] [1, 2] [1, 1]
      : tensor<2xf32> into tensor<2x3xf32>
  %nm3 = tensor.insert_slice %m into %n3[1, 0] [1, 2] [1, 1]
      : tensor<2xf32> into tensor<2x3xf32>
  // CHECK: [32, 1, 0]
  // CHECK-NEXT: [10, 22, 0]
  call @print(%nm3) : (tensor<2x3xf32>) -> ()
  return
}

// The second gather of @rows reads index 4: the report names that op, not
// the first, whose clone the shared function holds.
func.func @bad_second() {
  %p = call @table() : () -> tensor<4x3xf32>
  %i = arith.constant dense<[1, 0]> : tensor<2xi32>
  %j = arith.constant dense<[0, 4]> : tensor<2xi32>
  // BAD: gather.gather at loc("{{.*}}outlined-static-gathers.mlir":75:8): index 4 is out of bounds [0, 4) in params dimension 0
  %a, %b, %s = call @rows(%p, %i, %j)
      : (tensor<4x3xf32>, tensor<2xi32>, tensor<2xi32>)
      -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
  call @print(%a) : (tensor<2x3xf32>) -> ()
  return
}
