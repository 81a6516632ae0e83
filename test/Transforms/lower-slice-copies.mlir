// RUN: gather-opt %s --gather-lower-slice-copies --split-input-file \
// RUN: | FileCheck %s
// The rewritten copies lower the rest of the way (descriptor casts fold).
// RUN: gather-opt %s --gather-lower-slice-copies --expand-strided-metadata \
// RUN:   --gather-convert-to-llvm --reconcile-unrealized-casts \
// RUN:   --split-input-file | FileCheck %s --check-prefix=LLVM

// A gather's row copy: table row %i into result row %j, each pointer the
// buffer's aligned pointer plus offset * stride; both subviews go.
// CHECK-LABEL: func.func @row(
//  CHECK-SAME:     %[[T:[^:]*]]: memref<1000x64xf32>, %[[O:[^:]*]]: memref<16x64xf32>, %[[I:[^:]*]]: index, %[[J:[^:]*]]: index
//   CHECK-NOT:   memref.subview
//       CHECK:   %[[OD:.*]] = builtin.unrealized_conversion_cast %[[O]] : memref<16x64xf32> to !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
//       CHECK:   %[[J64:.*]] = arith.index_cast %[[J]] : index to i64
//       CHECK:   %[[C64:.*]] = llvm.mlir.constant(64 : i64) : i64
//       CHECK:   %[[JOFF:.*]] = arith.muli %[[J64]], %[[C64]] : i64
//       CHECK:   %[[OP:.*]] = llvm.extractvalue %[[OD]][1]
//       CHECK:   %[[TO:.*]] = llvm.getelementptr %[[OP]][%[[JOFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
//       CHECK:   %[[TD:.*]] = builtin.unrealized_conversion_cast %[[T]]
//       CHECK:   %[[I64:.*]] = arith.index_cast %[[I]] : index to i64
//       CHECK:   %[[IOFF:.*]] = arith.muli %[[I64]], %{{.*}} : i64
//       CHECK:   %[[TP:.*]] = llvm.extractvalue %[[TD]][1]
//       CHECK:   %[[FROM:.*]] = llvm.getelementptr %[[TP]][%[[IOFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
//       CHECK:   %[[BYTES:.*]] = llvm.mlir.constant(256 : i64) : i64
//       CHECK:   "llvm.intr.memcpy"(%[[TO]], %[[FROM]], %[[BYTES]]) <{isVolatile = false}>
//   CHECK-NOT:   memref.copy
//       CHECK:   return
// LLVM-LABEL: llvm.func @row(
//   LLVM-NOT:   builtin.unrealized_conversion_cast
//       LLVM:   "llvm.intr.memcpy"
//   LLVM-NOT:   builtin.unrealized_conversion_cast
//       LLVM:   llvm.return
func.func @row(%table: memref<1000x64xf32>, %out: memref<16x64xf32>,
               %i: index, %j: index) {
  %src = memref.subview %table[%i, 0] [1, 64] [1, 1]
      : memref<1000x64xf32> to memref<1x64xf32, strided<[64, 1], offset: ?>>
  %dst = memref.subview %out[%j, 0] [1, 64] [1, 1]
      : memref<16x64xf32> to memref<1x64xf32, strided<[64, 1], offset: ?>>
  memref.copy %src, %dst : memref<1x64xf32, strided<[64, 1], offset: ?>>
      to memref<1x64xf32, strided<[64, 1], offset: ?>>
  return
}

// -----

// Dynamic strides and offset of the viewed buffer come from its descriptor;
// static terms are summed (row 2 of 8 = element 16).
// CHECK-LABEL: func.func @dynamic_layout(
//  CHECK-SAME:     %[[T:[^:]*]]: memref<?x?xf32, strided<[?, 1], offset: ?>>, %[[O:[^:]*]]: memref<4x8xf32>, %[[I:[^:]*]]: index
//       CHECK:   %[[OD:.*]] = builtin.unrealized_conversion_cast %[[O]]
//       CHECK:   %[[C16:.*]] = llvm.mlir.constant(16 : i64) : i64
//       CHECK:   %[[OP:.*]] = llvm.extractvalue %[[OD]][1]
//       CHECK:   %[[TO:.*]] = llvm.getelementptr %[[OP]][%[[C16]]]
//       CHECK:   %[[TD:.*]] = builtin.unrealized_conversion_cast %[[T]]
//       CHECK:   %[[BASE:.*]] = llvm.extractvalue %[[TD]][2]
//       CHECK:   %[[I64:.*]] = arith.index_cast %[[I]] : index to i64
//       CHECK:   %[[STRIDE:.*]] = llvm.extractvalue %[[TD]][4, 0]
//       CHECK:   %[[ROW:.*]] = arith.muli %[[I64]], %[[STRIDE]] : i64
//       CHECK:   %[[SUM:.*]] = arith.addi %[[BASE]], %[[ROW]] : i64
//       CHECK:   %[[C3:.*]] = llvm.mlir.constant(3 : i64) : i64
//       CHECK:   %[[OFF:.*]] = arith.addi %[[SUM]], %[[C3]] : i64
//       CHECK:   %[[TP:.*]] = llvm.extractvalue %[[TD]][1]
//       CHECK:   %[[FROM:.*]] = llvm.getelementptr %[[TP]][%[[OFF]]]
//       CHECK:   %[[BYTES:.*]] = llvm.mlir.constant(32 : i64) : i64
//       CHECK:   "llvm.intr.memcpy"(%[[TO]], %[[FROM]], %[[BYTES]])
// LLVM-LABEL: llvm.func @dynamic_layout(
//   LLVM-NOT:   builtin.unrealized_conversion_cast
//       LLVM:   "llvm.intr.memcpy"
func.func @dynamic_layout(%table: memref<?x?xf32, strided<[?, 1], offset: ?>>,
                          %out: memref<4x8xf32>, %i: index) {
  %src = memref.subview %table[%i, 3] [1, 8] [1, 1]
      : memref<?x?xf32, strided<[?, 1], offset: ?>>
        to memref<8xf32, strided<[1], offset: ?>>
  %dst = memref.subview %out[2, 0] [1, 8] [1, 1]
      : memref<4x8xf32> to memref<8xf32, strided<[1], offset: 16>>
  memref.copy %src, %dst : memref<8xf32, strided<[1], offset: ?>>
      to memref<8xf32, strided<[1], offset: 16>>
  return
}

// -----

// Whole buffers: the aligned pointers themselves.
// CHECK-LABEL: func.func @whole(
//       CHECK:   %[[TO:.*]] = llvm.extractvalue %{{.*}}[1]
//       CHECK:   %[[FROM:.*]] = llvm.extractvalue %{{.*}}[1]
//       CHECK:   %[[BYTES:.*]] = llvm.mlir.constant(64 : i64) : i64
//       CHECK:   "llvm.intr.memcpy"(%[[TO]], %[[FROM]], %[[BYTES]])
func.func @whole(%a: memref<4x8xi16>, %b: memref<4x8xi16>) {
  memref.copy %a, %b : memref<4x8xi16> to memref<4x8xi16>
  return
}

// -----

// A 32-bit index (DLTI): descriptors and offsets in i32, the size in i64.
// CHECK-LABEL: func.func @index32(
//       CHECK:   builtin.unrealized_conversion_cast %{{.*}} : memref<16x64xf32> to !llvm.struct<(ptr, ptr, i32, array<2 x i32>, array<2 x i32>)>
//       CHECK:   arith.index_cast %{{.*}} : index to i32
//       CHECK:   llvm.mlir.constant(64 : i32) : i32
//       CHECK:   llvm.mlir.constant(256 : i64) : i64
//       CHECK:   "llvm.intr.memcpy"
// LLVM-LABEL: llvm.func @index32(
//   LLVM-NOT:   builtin.unrealized_conversion_cast
//       LLVM:   "llvm.intr.memcpy"
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  func.func @index32(%table: memref<1000x64xf32>, %out: memref<16x64xf32>,
                     %i: index) {
    %src = memref.subview %table[%i, 0] [1, 64] [1, 1]
        : memref<1000x64xf32> to memref<1x64xf32, strided<[64, 1], offset: ?>>
    %dst = memref.subview %out[%i, 0] [1, 64] [1, 1]
        : memref<16x64xf32> to memref<1x64xf32, strided<[64, 1], offset: ?>>
    memref.copy %src, %dst : memref<1x64xf32, strided<[64, 1], offset: ?>>
        to memref<1x64xf32, strided<[64, 1], offset: ?>>
    return
  }
}

// -----

// A subview used elsewhere stays; the same view on both sides is one
// memcpy of equal pointers (which llvm.memcpy allows).
// CHECK-LABEL: func.func @shared_view(
//       CHECK:   %[[SV:.*]] = memref.subview
//       CHECK:   "llvm.intr.memcpy"
//       CHECK:   memref.load %[[SV]]
func.func @shared_view(%a: memref<4x8xf32>, %i: index) -> f32 {
  %src = memref.subview %a[%i, 0] [1, 8] [1, 1]
      : memref<4x8xf32> to memref<8xf32, strided<[1], offset: ?>>
  memref.copy %src, %src : memref<8xf32, strided<[1], offset: ?>>
      to memref<8xf32, strided<[1], offset: ?>>
  %v = memref.load %src[%i] : memref<8xf32, strided<[1], offset: ?>>
  return %v : f32
}

// -----

// Left to the conversion: a non-contiguous slice (a column), an element
// type whose size in memory is not its width (f80: 16 bytes), a slice whose
// contiguity depends on its dynamic strides, another memory space.
// CHECK-LABEL: func.func @kept(
//   CHECK-NOT:   llvm.intr.memcpy
//       CHECK:   memref.copy %{{.*}} : memref<4x1xf32, strided<[8, 1], offset: 3>> to memref<4x1xf32>
//       CHECK:   memref.copy %{{.*}} : memref<4xf80> to memref<4xf80>
//       CHECK:   memref.copy %{{.*}} : memref<1x?x?xf32, strided<[?, ?, 1], offset: ?>> to memref<1x?x?xf32, strided<[?, ?, 1], offset: ?>>
//       CHECK:   memref.copy %{{.*}} : memref<4xf32, 1> to memref<4xf32>
//   CHECK-NOT:   llvm.intr.memcpy
func.func @kept(%a: memref<4x8xf32>, %b: memref<4x1xf32>,
                %c: memref<4xf80>, %d: memref<4xf80>,
                %e: memref<?x?x?xf32>, %f: memref<?x?x?xf32>, %n: index,
                %m: index, %g: memref<4xf32, 1>, %h: memref<4xf32>) {
  %column = memref.subview %a[0, 3] [4, 1] [1, 1]
      : memref<4x8xf32> to memref<4x1xf32, strided<[8, 1], offset: 3>>
  memref.copy %column, %b
      : memref<4x1xf32, strided<[8, 1], offset: 3>> to memref<4x1xf32>
  memref.copy %c, %d : memref<4xf80> to memref<4xf80>
  %ev = memref.subview %e[1, 0, 0] [1, %n, %m] [1, 1, 1]
      : memref<?x?x?xf32> to memref<1x?x?xf32, strided<[?, ?, 1], offset: ?>>
  %fv = memref.subview %f[%n, 0, 0] [1, %n, %m] [1, 1, 1]
      : memref<?x?x?xf32> to memref<1x?x?xf32, strided<[?, ?, 1], offset: ?>>
  memref.copy %ev, %fv : memref<1x?x?xf32, strided<[?, ?, 1], offset: ?>>
      to memref<1x?x?xf32, strided<[?, ?, 1], offset: ?>>
  memref.copy %g, %h : memref<4xf32, 1> to memref<4xf32>
  return
}

// -----

// Dynamic sizes: a row of dynamic width (a gather's row copy from params
// of dynamic shape) and whole buffers of identity layout are contiguous
// whatever their sizes; the byte count is computed from the subview's
// sizes, or from the target's.
// CHECK-LABEL: func.func @dynamic_row(
//  CHECK-SAME:     %[[T:[^:]*]]: memref<?x?xf32>, %[[O:[^:]*]]: memref<?x?xf32>, %[[I:[^:]*]]: index, %[[J:[^:]*]]: index, %[[W:[^:]*]]: index
//   CHECK-NOT:   memref.subview
//       CHECK:   %[[C4:.*]] = arith.constant 4 : index
//       CHECK:   %[[RW:.*]] = arith.muli %[[C4]], %[[W]] : index
//       CHECK:   %[[BYTES:.*]] = arith.index_cast %[[RW]] : index to i64
//       CHECK:   "llvm.intr.memcpy"(%{{.*}}, %{{.*}}, %[[BYTES]]) <{isVolatile = false}>
//   CHECK-NOT:   memref.copy
//       CHECK:   return
// LLVM-LABEL: llvm.func @dynamic_row(
//   LLVM-NOT:   llvm.call @memrefCopy
//       LLVM:   "llvm.intr.memcpy"
//       LLVM:   llvm.return
func.func @dynamic_row(%table: memref<?x?xf32>, %out: memref<?x?xf32>,
                       %i: index, %j: index, %w: index) {
  %src = memref.subview %table[%i, 0] [1, %w] [1, 1]
      : memref<?x?xf32> to memref<1x?xf32, strided<[?, 1], offset: ?>>
  %dst = memref.subview %out[%j, 0] [1, %w] [1, 1]
      : memref<?x?xf32> to memref<1x?xf32, strided<[?, 1], offset: ?>>
  memref.copy %src, %dst : memref<1x?xf32, strided<[?, 1], offset: ?>>
      to memref<1x?xf32, strided<[?, 1], offset: ?>>
  return
}

// CHECK-LABEL: func.func @dynamic_whole(
//  CHECK-SAME:     %[[A:[^:]*]]: memref<?x8xi16>, %[[B:[^:]*]]: memref<?x8xi16>
//   CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
//       CHECK:   %[[N:.*]] = memref.dim %[[B]], %[[C0]] : memref<?x8xi16>
//       CHECK:   %[[C16:.*]] = arith.constant 16 : index
//       CHECK:   arith.muli %[[C16]], %[[N]] : index
//       CHECK:   "llvm.intr.memcpy"
//   CHECK-NOT:   memref.copy
func.func @dynamic_whole(%a: memref<?x8xi16>, %b: memref<?x8xi16>) {
  memref.copy %a, %b : memref<?x8xi16> to memref<?x8xi16>
  return
}

// -----

// A copy inside a gpu.module is left to that module's own lowering; the
// host's is rewritten.
// CHECK-LABEL: gpu.module @kernels
//       CHECK:   memref.copy
// CHECK-LABEL: func.func @host(
//       CHECK:   "llvm.intr.memcpy"
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @copy(%a: memref<4xf32>, %b: memref<4xf32>) kernel {
      memref.copy %a, %b : memref<4xf32> to memref<4xf32>
      gpu.return
    }
  }
  func.func @host(%a: memref<4xf32>, %b: memref<4xf32>) {
    memref.copy %a, %b : memref<4xf32> to memref<4xf32>
    return
  }
}
