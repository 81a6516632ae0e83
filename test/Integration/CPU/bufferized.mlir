// A module the user bufferized first (--one-shot-bufferize, as a compiler
// that bufferizes the whole program once does), run through every pipeline:
// the gathers in their buffer form (`into %out`) are lowered through the
// tensor lowerings and write their `out`. It holds gathers on dynamic and
// static shapes, gather_nd, zero and clamp mode, two hand-tiled gathers (an
// scf.forall whose iterations gather the rows of a slice of the indices into
// their slot of a shared result, and the same with scf.for), and a buffer form
// written by hand whose `out` is a strided view into a larger buffer.
//
// RUN: gather-opt %s --mlir-print-debuginfo --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" -o %t.mlir
// RUN: FileCheck %s --check-prefix=BUF < %t.mlir
// RUN: gather-opt %t.mlir --gather-cpu-pipeline="lowering=scf" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: gather-opt %t.mlir --gather-cpu-pipeline="lowering=linalg" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: gather-opt %t.mlir --gather-gpu-pipeline="host-only=true" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: %if libomp %{ gather-opt %t.mlir --gather-cpu-pipeline="num-threads=2" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN:     -shared-libs=%libomp | FileCheck %s %}
//
// Bufferized, then tiled: the buffer forms tiled into loops over
// memref.subviews (the schedule in Inputs/tile-buffer-forms.mlir), then
// lowered:
// RUN: gather-opt %t.mlir --mlir-print-debuginfo \
// RUN:     --transform-preload-library=transform-library-paths=%S/Inputs/tile-buffer-forms.mlir \
// RUN:     --transform-interpreter -o %t.tiled.mlir
// RUN: FileCheck %s --check-prefix=TILED < %t.tiled.mlir
// RUN: gather-opt %t.tiled.mlir --gather-cpu-pipeline="lowering=scf" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: gather-opt %t.tiled.mlir --gather-cpu-pipeline="lowering=linalg" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: gather-opt %t.tiled.mlir --gather-gpu-pipeline="host-only=true" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: %if libomp %{ gather-opt %t.tiled.mlir --gather-cpu-pipeline="num-threads=2" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN:     -shared-libs=%libomp | FileCheck %s %}
// RUN: gather-opt %t.tiled.mlir --gather-cpu-pipeline="lowering=scf" \
// RUN: | not mlir-runner -e bad -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s --check-prefix=BAD
//
// An out-of-bounds index is reported with the location of the gather in this
// file (bufferization keeps it):
// RUN: gather-opt %t.mlir --gather-cpu-pipeline="lowering=scf" \
// RUN: | not mlir-runner -e bad -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s --check-prefix=BAD
// RUN: gather-opt %t.mlir --gather-cpu-pipeline="lowering=linalg" \
// RUN: | not mlir-runner -e bad -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s --check-prefix=BAD
// RUN: gather-opt %t.mlir --gather-gpu-pipeline="host-only=true" \
// RUN: | not mlir-runner -e bad -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s --check-prefix=BAD
// BAD: gather.gather at loc({{.*}}bufferized.mlir":[[@LINE+27]]:8): index 5 is out of bounds [0, 5) in params dimension 0
// BAD-NOT: Unranked Memref

// The tiled buffer forms: loops over subviews of params, indices and out.
// TILED-LABEL: func.func @rows(
//       TILED:   scf.for
//       TILED:     memref.subview
//       TILED:     gather.gather %{{.*}}[%{{.*}}] into %{{.*}} : (memref<?x?xf32>, memref<?xi32, strided<[1], offset: ?>>, memref<?x?xf32, strided<[?, 1], offset: ?>>) -> ()
// TILED-LABEL: func.func @elements(
//       TILED:   scf.forall
//       TILED:     gather.gather_nd %{{.*}}[%{{.*}}] into %{{.*}} mode<clamp> :

// What the pipelines get: buffer forms only.
// BUF-NOT: = gather.
// BUF:     gather.gather %{{.*}}[%{{.*}}] into %{{.*}} : (memref<?x?xf32>, memref<?xi32>, memref<?x?xf32>) -> ()
// BUF-NOT: = gather.

func.func private @printMemrefF32(tensor<*xf32>)

func.func @print(%t: tensor<?x?xf32>) {
  %u = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Dynamic shapes, error mode.
func.func @rows(%p: tensor<?x?xf32>, %i: tensor<?xi32>) -> tensor<?x?xf32> {
  %r = gather.gather %p[%i] : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// Columns in zero mode (index 7 is out of bounds).
func.func @columns(%p: tensor<5x3xf32>, %i: tensor<2xi64>) -> tensor<5x2xf32> {
  %r = gather.gather %p[%i] axis = 1 mode<zero> : (tensor<5x3xf32>, tensor<2xi64>) -> tensor<5x2xf32>
  return %r : tensor<5x2xf32>
}

// gather_nd of elements, clamp mode.
func.func @elements(%p: tensor<5x3xf32>, %i: tensor<3x2xindex>) -> tensor<3xf32> {
  %r = gather.gather_nd %p[%i] mode<clamp> : (tensor<5x3xf32>, tensor<3x2xindex>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// Tiled by hand: 4 parallel tiles of 2 indices each, each gathering its rows
// into its slot of the result.
func.func @tiled_forall(%p: tensor<5x3xf32>, %i: tensor<8xi32>) -> tensor<8x3xf32> {
  %e = tensor.empty() : tensor<8x3xf32>
  %r = scf.forall (%t) in (4) shared_outs(%o = %e) -> tensor<8x3xf32> {
    %k = affine.apply affine_map<(d0) -> (d0 * 2)>(%t)
    %is = tensor.extract_slice %i[%k] [2] [1] : tensor<8xi32> to tensor<2xi32>
    %g = gather.gather %p[%is] : (tensor<5x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %g into %o[%k, 0] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x3xf32>
    }
  }
  return %r : tensor<8x3xf32>
}

// Tiled by hand with scf.for: tiles of 4 indices written into %init.
func.func @tiled_for(%p: tensor<5x3xf32>, %i: tensor<8xi32>, %init: tensor<8x3xf32>) -> tensor<8x3xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %k = %c0 to %c8 step %c4 iter_args(%acc = %init) -> tensor<8x3xf32> {
    %is = tensor.extract_slice %i[%k] [4] [1] : tensor<8xi32> to tensor<4xi32>
    %g = gather.gather %p[%is] : (tensor<5x3xf32>, tensor<4xi32>) -> tensor<4x3xf32>
    %u = tensor.insert_slice %g into %acc[%k, 0] [4, 3] [1, 1] : tensor<4x3xf32> into tensor<8x3xf32>
    scf.yield %u : tensor<8x3xf32>
  }
  return %r : tensor<8x3xf32>
}

// Written in buffer form: rows 4 and 0 into columns 1..3 of a 2x5 buffer
// (an `out` with a strided layout).
func.func @into_view(%p: memref<5x3xf32>, %i: memref<2xi32>, %out: memref<2x5xf32>) {
  %v = memref.subview %out[0, 1] [2, 3] [1, 1] : memref<2x5xf32> to memref<2x3xf32, strided<[5, 1], offset: 1>>
  gather.gather %p[%i] into %v : (memref<5x3xf32>, memref<2xi32>, memref<2x3xf32, strided<[5, 1], offset: 1>>) -> ()
  return
}

func.func @main() {
  // params[i, j] = 10 i + j, 5x3.
  %p = arith.constant dense<[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0],
                             [20.0, 21.0, 22.0], [30.0, 31.0, 32.0],
                             [40.0, 41.0, 42.0]]> : tensor<5x3xf32>
  %pd = tensor.cast %p : tensor<5x3xf32> to tensor<?x?xf32>
  %i = arith.constant dense<[4, 0, 2]> : tensor<3xi32>
  %id = tensor.cast %i : tensor<3xi32> to tensor<?xi32>
  %rows = call @rows(%pd, %id) : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  call @print(%rows) : (tensor<?x?xf32>) -> ()

  %ci = arith.constant dense<[2, 7]> : tensor<2xi64>
  %cols = call @columns(%p, %ci) : (tensor<5x3xf32>, tensor<2xi64>) -> tensor<5x2xf32>
  %colsd = tensor.cast %cols : tensor<5x2xf32> to tensor<?x?xf32>
  call @print(%colsd) : (tensor<?x?xf32>) -> ()

  %ei = arith.constant dense<[[1, 2], [9, 0], [3, -1]]> : tensor<3x2xindex>
  %elems = call @elements(%p, %ei) : (tensor<5x3xf32>, tensor<3x2xindex>) -> tensor<3xf32>
  %elems2 = tensor.expand_shape %elems [[0, 1]] output_shape [1, 3] : tensor<3xf32> into tensor<1x3xf32>
  %elemsd = tensor.cast %elems2 : tensor<1x3xf32> to tensor<?x?xf32>
  call @print(%elemsd) : (tensor<?x?xf32>) -> ()

  %ti = arith.constant dense<[3, 1, 4, 1, 0, 2, 4, 3]> : tensor<8xi32>
  %tf = call @tiled_forall(%p, %ti) : (tensor<5x3xf32>, tensor<8xi32>) -> tensor<8x3xf32>
  %tfd = tensor.cast %tf : tensor<8x3xf32> to tensor<?x?xf32>
  call @print(%tfd) : (tensor<?x?xf32>) -> ()

  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x3xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x3xf32>) -> tensor<8x3xf32>
  %tl = call @tiled_for(%p, %ti, %init) : (tensor<5x3xf32>, tensor<8xi32>, tensor<8x3xf32>) -> tensor<8x3xf32>
  %tld = tensor.cast %tl : tensor<8x3xf32> to tensor<?x?xf32>
  call @print(%tld) : (tensor<?x?xf32>) -> ()

  %minus = arith.constant -1.0 : f32
  %oe = tensor.empty() : tensor<2x5xf32>
  %o = linalg.fill ins(%minus : f32) outs(%oe : tensor<2x5xf32>) -> tensor<2x5xf32>
  %ob = bufferization.to_buffer %o : tensor<2x5xf32> to memref<2x5xf32>
  %pb = bufferization.to_buffer %p read_only : tensor<5x3xf32> to memref<5x3xf32>
  %vi = arith.constant dense<[4, 0]> : tensor<2xi32>
  %vib = bufferization.to_buffer %vi read_only : tensor<2xi32> to memref<2xi32>
  call @into_view(%pb, %vib, %ob) : (memref<5x3xf32>, memref<2xi32>, memref<2x5xf32>) -> ()
  %ot = bufferization.to_tensor %ob restrict : memref<2x5xf32> to tensor<2x5xf32>
  %otd = tensor.cast %ot : tensor<2x5xf32> to tensor<?x?xf32>
  call @print(%otd) : (tensor<?x?xf32>) -> ()
  return
}

// An out-of-bounds index is reported with the op's location.
func.func @bad() {
  %p = arith.constant dense<1.0> : tensor<5x3xf32>
  %pd = tensor.cast %p : tensor<5x3xf32> to tensor<?x?xf32>
  %i = arith.constant dense<[0, 5]> : tensor<2xi32>
  %id = tensor.cast %i : tensor<2xi32> to tensor<?xi32>
  %rows = call @rows(%pd, %id) : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  call @print(%rows) : (tensor<?x?xf32>) -> ()
  return
}

// CHECK:      {{\[}}[40,   41,   42],
// CHECK-NEXT:  [0,   1,   2],
// CHECK-NEXT:  [20,   21,   22]]
// CHECK:      {{\[}}[2,   0],
// CHECK-NEXT:  [12,   0],
// CHECK-NEXT:  [22,   0],
// CHECK-NEXT:  [32,   0],
// CHECK-NEXT:  [42,   0]]
// CHECK:      {{\[}}[12,   40,   30]]
// CHECK:      {{\[}}[30,   31,   32],
// CHECK-NEXT:  [10,   11,   12],
// CHECK-NEXT:  [40,   41,   42],
// CHECK-NEXT:  [10,   11,   12],
// CHECK-NEXT:  [0,   1,   2],
// CHECK-NEXT:  [20,   21,   22],
// CHECK-NEXT:  [40,   41,   42],
// CHECK-NEXT:  [30,   31,   32]]
// CHECK:      {{\[}}[30,   31,   32],
// CHECK-NEXT:  [10,   11,   12],
// CHECK-NEXT:  [40,   41,   42],
// CHECK-NEXT:  [10,   11,   12],
// CHECK-NEXT:  [0,   1,   2],
// CHECK-NEXT:  [20,   21,   22],
// CHECK-NEXT:  [40,   41,   42],
// CHECK-NEXT:  [30,   31,   32]]
// CHECK:      {{\[}}[-1,   40,   41,   42,   -1],
// CHECK-NEXT:  [-1,   0,   1,   2,   -1]]
