// Gathers of dynamic shape run as calls of one function per signature
// (gather-outline-dynamic-gathers, part of gather-cpu-pipeline): the
// results are those of the gathers, each written into its destination (a
// caller's buffer, or a new tensor), and an out-of-bounds index is reported
// at the op that read it, not at the one the shared function was made from.
// The same with the outlining off, and on two threads.
//
// DEFINE: %{run} = mlir-runner -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils
//
// RUN: gather-opt %s --gather-cpu-pipeline | %{run} -e main | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline="outline-dynamic=false" \
// RUN: | %{run} -e main | FileCheck %s
// RUN: %if libomp %{ gather-opt %s --gather-cpu-pipeline="num-threads=2" \
// RUN: | %{run} -e main -shared-libs=%libomp | FileCheck %s %}
// RUN: gather-opt %s --gather-cpu-pipeline | not %{run} -e bad_second 2>&1 \
// RUN: | FileCheck %s --check-prefix=BAD
// RUN: gather-opt %s --gather-cpu-pipeline | not %{run} -e bad_nd 2>&1 \
// RUN: | FileCheck %s --check-prefix=BADND
//
// After the outlining, one function for the three gathers of one signature,
// called three times, and one for the gather_nd.
// RUN: gather-opt %s --gather-outline-dynamic-gathers | FileCheck %s --check-prefix=IR
// IR:     func.func private @[[F:__gather_outlined[_0-9]*]](
// IR:     call @[[F]](
// IR:     call @[[F]](
// IR:     call @[[F]](
// IR:     func.func private @[[G:__gather_outlined[_0-9]*]](
// IR:     call @[[G]](
// IR-NOT: __gather_outlined

func.func private @printMemrefF32(tensor<*xf32>)

func.func @print(%t: tensor<?x?xf32>) {
  %u = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Rows of a table into a caller's buffer.
func.func @rows_into(%p: memref<?x?xf32>, %i: memref<?xi32>,
                     %out: memref<?x?xf32>) {
  %pt = bufferization.to_tensor %p restrict : memref<?x?xf32> to tensor<?x?xf32>
  %it = bufferization.to_tensor %i restrict : memref<?xi32> to tensor<?xi32>
  %r = gather.gather %pt[%it] : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// The same signature twice more, as new tensors.
func.func @rows(%p: tensor<?x?xf32>, %i: tensor<?xi32>, %j: tensor<?xi32>)
    -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %a = gather.gather %p[%i] : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  %b = gather.gather %p[%j] : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  return %a, %b : tensor<?x?xf32>, tensor<?x?xf32>
}

func.func @nd(%p: tensor<?x?xf32>, %i: tensor<?x2xi64>) -> tensor<?xf32> {
  %r = gather.gather_nd %p[%i] : (tensor<?x?xf32>, tensor<?x2xi64>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @table() -> tensor<?x?xf32> {
  %p = arith.constant dense<[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0],
                             [20.0, 21.0, 22.0], [30.0, 31.0, 32.0]]> : tensor<4x3xf32>
  %d = tensor.cast %p : tensor<4x3xf32> to tensor<?x?xf32>
  return %d : tensor<?x?xf32>
}

func.func @main() {
  %p = call @table() : () -> tensor<?x?xf32>
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %pm = bufferization.to_buffer %p read_only : tensor<?x?xf32> to memref<?x?xf32>
  %ids = arith.constant dense<[3, 1]> : tensor<2xi32>
  %idsm = bufferization.to_buffer %ids read_only : tensor<2xi32> to memref<2xi32>
  %idsd = memref.cast %idsm : memref<2xi32> to memref<?xi32>
  %out = memref.alloc(%c2, %c3) : memref<?x?xf32>
  call @rows_into(%pm, %idsd, %out) : (memref<?x?xf32>, memref<?xi32>, memref<?x?xf32>) -> ()
  %outt = bufferization.to_tensor %out restrict : memref<?x?xf32> to tensor<?x?xf32>
  // CHECK: [30, 31, 32]
  // CHECK-NEXT: [10, 11, 12]
  call @print(%outt) : (tensor<?x?xf32>) -> ()

  %i = arith.constant dense<[0, 2, 2]> : tensor<3xi32>
  %id = tensor.cast %i : tensor<3xi32> to tensor<?xi32>
  %j = arith.constant dense<> : tensor<0xi32>
  %jd = tensor.cast %j : tensor<0xi32> to tensor<?xi32>
  %a, %b = call @rows(%p, %id, %jd)
      : (tensor<?x?xf32>, tensor<?xi32>, tensor<?xi32>) -> (tensor<?x?xf32>, tensor<?x?xf32>)
  // CHECK: [0, 1, 2]
  // CHECK-NEXT: [20, 21, 22]
  // CHECK-NEXT: [20, 21, 22]
  call @print(%a) : (tensor<?x?xf32>) -> ()
  // CHECK: sizes = [0, 3]
  call @print(%b) : (tensor<?x?xf32>) -> ()

  %k = arith.constant dense<[[3, 2], [0, 1]]> : tensor<2x2xi64>
  %kd = tensor.cast %k : tensor<2x2xi64> to tensor<?x2xi64>
  %n = call @nd(%p, %kd) : (tensor<?x?xf32>, tensor<?x2xi64>) -> tensor<?xf32>
  %n2 = tensor.expand_shape %n [[0, 1]] output_shape [1, %c2]
      : tensor<?xf32> into tensor<1x?xf32>
  %n2d = tensor.cast %n2 : tensor<1x?xf32> to tensor<?x?xf32>
  // CHECK: [32, 1]
  call @print(%n2d) : (tensor<?x?xf32>) -> ()
  return
}

// The second caller of the shared function reads index 4: the report names
// the op in @rows that read it.
func.func @bad_second() {
  %p = call @table() : () -> tensor<?x?xf32>
  %i = arith.constant dense<[1]> : tensor<1xi32>
  %id = tensor.cast %i : tensor<1xi32> to tensor<?xi32>
  %j = arith.constant dense<[0, 4]> : tensor<2xi32>
  %jd = tensor.cast %j : tensor<2xi32> to tensor<?xi32>
  // BAD: gather.gather at loc("{{.*}}outlined-gathers.mlir":55:8): index 4 is out of bounds [0, 4) in params dimension 0
  %a, %b = call @rows(%p, %id, %jd)
      : (tensor<?x?xf32>, tensor<?xi32>, tensor<?xi32>) -> (tensor<?x?xf32>, tensor<?x?xf32>)
  call @print(%a) : (tensor<?x?xf32>) -> ()
  return
}

func.func @bad_nd() {
  %p = call @table() : () -> tensor<?x?xf32>
  %k = arith.constant dense<[[1, 3]]> : tensor<1x2xi64>
  %kd = tensor.cast %k : tensor<1x2xi64> to tensor<?x2xi64>
  // BADND: gather.gather_nd at loc("{{.*}}outlined-gathers.mlir":60:8): index 3 is out of bounds [0, 3) in params dimension 1
  %n = call @nd(%p, %kd) : (tensor<?x?xf32>, tensor<?x2xi64>) -> tensor<?xf32>
  return
}
