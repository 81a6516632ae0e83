// A tensor-form gather whose result is only materialized in a caller's
// buffer (`bufferization.materialize_in_destination ... restrict writable`)
// is built in that buffer: dynamic shapes, a strided destination (rows of
// a larger buffer, whose other elements must stay as they were), gather_nd,
// an empty result, and a bad index in zero mode. Each destination is
// printed whole. Materialized in a *tensor* (the functions
// gather-outline-dynamic-gathers makes of static gathers end so), the
// result is built in that tensor, even when it is the params the gather
// reads (bufferization then copies: the rows come out permuted, not
// smeared).
//
// RUN: gather-opt %s --gather-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=linalg" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: %if libomp %{ gather-opt %s --gather-cpu-pipeline="num-threads=2" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN:     -shared-libs=%libomp | FileCheck %s %}
//
// No result buffer is allocated or copied: after bufferization, each
// function writes its destination and nothing else (main allocates its own
// buffers).
// RUN: gather-opt %s --gather-cpu-pipeline -o /dev/null \
// RUN:     -mlir-print-ir-after=gather-buffer-canonicalize 2>&1 \
// RUN: | FileCheck %s --check-prefix=BUF
// BUF-LABEL: func.func @rows(
// BUF-NOT:     memref.alloc
// BUF-NOT:     memref.copy %{{[^,]*}}, %arg2 :
// BUF:         return
// BUF-LABEL: func.func @rows_strided(
// BUF-NOT:     memref.alloc
// BUF-NOT:     memref.copy %{{[^,]*}}, %arg2 :
// BUF:         return
// BUF-LABEL: func.func @nd(
// BUF-NOT:     memref.alloc
// BUF-NOT:     memref.copy %{{[^,]*}}, %arg2 :
// BUF:         return
// BUF-LABEL: func.func @main(

func.func private @printMemrefF32(memref<*xf32>)

func.func @rows(%p: memref<?x?xf32>, %i: memref<?xi32>, %o: memref<?x?xf32>) {
  %pt = bufferization.to_tensor %p restrict : memref<?x?xf32> to tensor<?x?xf32>
  %it = bufferization.to_tensor %i restrict : memref<?xi32> to tensor<?xi32>
  %r = gather.gather %pt[%it] : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  bufferization.materialize_in_destination %r in restrict writable %o
      : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

func.func @rows_strided(%p: memref<?x?xf32>, %i: memref<?xi32>,
                        %o: memref<?x?xf32, strided<[?, 1], offset: ?>>) {
  %pt = bufferization.to_tensor %p restrict : memref<?x?xf32> to tensor<?x?xf32>
  %it = bufferization.to_tensor %i restrict : memref<?xi32> to tensor<?xi32>
  %r = gather.gather %pt[%it] mode<zero> : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  bufferization.materialize_in_destination %r in restrict writable %o
      : (tensor<?x?xf32>, memref<?x?xf32, strided<[?, 1], offset: ?>>) -> ()
  return
}

func.func @nd(%p: memref<?x?xf32>, %i: memref<?x2xi32>, %o: memref<?xf32>) {
  %pt = bufferization.to_tensor %p restrict : memref<?x?xf32> to tensor<?x?xf32>
  %it = bufferization.to_tensor %i restrict : memref<?x2xi32> to tensor<?x2xi32>
  %r = gather.gather_nd %pt[%it] : (tensor<?x?xf32>, tensor<?x2xi32>) -> tensor<?xf32>
  bufferization.materialize_in_destination %r in restrict writable %o
      : (tensor<?xf32>, memref<?xf32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %minus1 = arith.constant -1.0 : f32
  // params[a, b] = 10 a + b, 5 x 3.
  %p = memref.alloc(%c5, %c3) : memref<?x?xf32>
  scf.for %a = %c0 to %c5 step %c1 {
    scf.for %b = %c0 to %c3 step %c1 {
      %a10 = arith.muli %a, %c5 : index
      %a10b = arith.addi %a10, %a10 : index
      %v = arith.addi %a10b, %b : index
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f32
      memref.store %vf, %p[%a, %b] : memref<?x?xf32>
    }
  }
  %i = memref.alloc(%c4) : memref<?xi32>
  %i4 = arith.constant 4 : i32
  %i0 = arith.constant 0 : i32
  %i2 = arith.constant 2 : i32
  %i9 = arith.constant 9 : i32
  memref.store %i4, %i[%c0] : memref<?xi32>
  memref.store %i0, %i[%c1] : memref<?xi32>
  memref.store %i2, %i[%c2] : memref<?xi32>
  memref.store %i4, %i[%c3] : memref<?xi32>

  %o = memref.alloc(%c4, %c3) : memref<?x?xf32>
  linalg.fill ins(%minus1 : f32) outs(%o : memref<?x?xf32>)
  call @rows(%p, %i, %o) : (memref<?x?xf32>, memref<?xi32>, memref<?x?xf32>) -> ()
  %ou = memref.cast %o : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%ou) : (memref<*xf32>) -> ()
  // CHECK: [40, 41, 42]
  // CHECK-NEXT: [0, 1, 2]
  // CHECK-NEXT: [20, 21, 22]
  // CHECK-NEXT: [40, 41, 42]

  // Into columns 1..3 of rows 1..4 of a 6 x 5 buffer of -1; index 2 is
  // replaced by 9 (out of bounds: zeros in zero mode).
  memref.store %i9, %i[%c2] : memref<?xi32>
  %big = memref.alloc() : memref<6x5xf32>
  linalg.fill ins(%minus1 : f32) outs(%big : memref<6x5xf32>)
  %view = memref.subview %big[1, 1] [4, 3] [1, 1]
      : memref<6x5xf32> to memref<4x3xf32, strided<[5, 1], offset: 6>>
  %dview = memref.cast %view : memref<4x3xf32, strided<[5, 1], offset: 6>>
      to memref<?x?xf32, strided<[?, 1], offset: ?>>
  call @rows_strided(%p, %i, %dview)
      : (memref<?x?xf32>, memref<?xi32>, memref<?x?xf32, strided<[?, 1], offset: ?>>) -> ()
  %bigu = memref.cast %big : memref<6x5xf32> to memref<*xf32>
  call @printMemrefF32(%bigu) : (memref<*xf32>) -> ()
  // CHECK: [-1, -1, -1, -1, -1]
  // CHECK-NEXT: [-1, 40, 41, 42, -1]
  // CHECK-NEXT: [-1, 0, 1, 2, -1]
  // CHECK-NEXT: [-1, 0, 0, 0, -1]
  // CHECK-NEXT: [-1, 40, 41, 42, -1]
  // CHECK-NEXT: [-1, -1, -1, -1, -1]

  // No indices: the destination (0 x 3) is left as it is, nothing read.
  %none = memref.alloc(%c0) : memref<?xi32>
  %empty = memref.alloc(%c0, %c3) : memref<?x?xf32>
  call @rows(%p, %none, %empty) : (memref<?x?xf32>, memref<?xi32>, memref<?x?xf32>) -> ()
  %emptyu = memref.cast %empty : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%emptyu) : (memref<*xf32>) -> ()
  // CHECK: sizes = [0, 3]

  // gather_nd of the elements (3, 2), (0, 1), (4, 0).
  %ni = memref.alloc(%c3) : memref<?x2xi32>
  %i1 = arith.constant 1 : i32
  %i3 = arith.constant 3 : i32
  memref.store %i3, %ni[%c0, %c0] : memref<?x2xi32>
  memref.store %i2, %ni[%c0, %c1] : memref<?x2xi32>
  memref.store %i0, %ni[%c1, %c0] : memref<?x2xi32>
  memref.store %i1, %ni[%c1, %c1] : memref<?x2xi32>
  memref.store %i4, %ni[%c2, %c0] : memref<?x2xi32>
  memref.store %i0, %ni[%c2, %c1] : memref<?x2xi32>
  %no = memref.alloc(%c3) : memref<?xf32>
  call @nd(%p, %ni, %no) : (memref<?x?xf32>, memref<?x2xi32>, memref<?xf32>) -> ()
  %nou = memref.cast %no : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%nou) : (memref<*xf32>) -> ()
  // CHECK: [32, 1, 40]

  %pp = arith.constant dense<[[0.0, 1.0], [10.0, 11.0], [20.0, 21.0]]> : tensor<3x2xf32>
  %pi = arith.constant dense<[2, 0, 1]> : tensor<3xi32>
  %pr = call @permute_in_place(%pp, %pi) : (tensor<3x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  %prm = bufferization.to_buffer %pr read_only : tensor<3x2xf32> to memref<3x2xf32>
  %pru = memref.cast %prm : memref<3x2xf32> to memref<*xf32>
  call @printMemrefF32(%pru) : (memref<*xf32>) -> ()
  // CHECK: [20, 21]
  // CHECK-NEXT: [0, 1]
  // CHECK-NEXT: [10, 11]

  return
}

func.func @permute_in_place(%p: tensor<3x2xf32>, %i: tensor<3xi32>) -> tensor<3x2xf32> {
  %r = gather.gather %p[%i] : (tensor<3x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  %m = bufferization.materialize_in_destination %r in %p
      : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %m : tensor<3x2xf32>
}
