// gather-convert-to-llvm: the C interface wrapper passes its function the
// descriptor fields that the argument types fix as constants (a static
// offset, size or stride), and the pointers and each dynamic field as it
// loaded them from the caller's descriptor. LLVM must load every field of
// an inlined function before its first store, and otherwise kept those only
// a cold path reads live across the function in callee-saved registers.
//
// RUN: gather-opt %s --gather-convert-to-llvm | FileCheck %s

// CHECK-LABEL: llvm.func @_mlir_ciface_fixed(
// CHECK-SAME:      %[[A:[^:]*]]: !llvm.ptr, %[[B:[^:]*]]: !llvm.ptr)
// CHECK:         %[[DA:.*]] = llvm.load %[[A]]
// CHECK-DAG:     %[[AA:.*]] = llvm.extractvalue %[[DA]][0]
// CHECK-DAG:     %[[AP:.*]] = llvm.extractvalue %[[DA]][1]
// The fields replaced by constants are not read.
// CHECK-NOT:     llvm.extractvalue %[[DA]]
// CHECK:         %[[DB:.*]] = llvm.load %[[B]]
// CHECK-DAG:     %[[BA:.*]] = llvm.extractvalue %[[DB]][0]
// CHECK-DAG:     %[[BP:.*]] = llvm.extractvalue %[[DB]][1]
// CHECK-DAG:     %[[BO:.*]] = llvm.extractvalue %[[DB]][2]
// CHECK-DAG:     %[[BS:.*]] = llvm.extractvalue %[[DB]][3, 1]
// CHECK-NOT:     llvm.extractvalue %[[DB]]
// CHECK-DAG:     %[[C0:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-DAG:     %[[C4:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-DAG:     %[[C3:.*]] = llvm.mlir.constant(3 : i64) : i64
// CHECK-DAG:     %[[C10:.*]] = llvm.mlir.constant(10 : i64) : i64
// CHECK:         llvm.call @fixed(%[[AA]], %[[AP]], %[[C0]], %[[C4]], %{{.*}}, %{{.*}}, %{{.*}}, %[[BA]], %[[BP]], %[[BO]], %[[C3]], %[[BS]], %[[C10]], %{{.*}}) {always_inline}
// CHECK:         llvm.return
func.func @fixed(%a: memref<4x8xf32>, %b: memref<3x?xf32, strided<[10, 1], offset: ?>>) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0, %c0] : memref<4x8xf32>
  memref.store %v, %b[%c0, %c0] : memref<3x?xf32, strided<[10, 1], offset: ?>>
  return
}

// A dynamic size is passed as loaded; the identity layout still fixes the
// offset (0) and the stride (1).
// CHECK-LABEL: llvm.func @_mlir_ciface_dynamic(
// CHECK:         %[[D:.*]] = llvm.load
// CHECK:         %[[S:.*]] = llvm.extractvalue %[[D]][3, 0]
// CHECK-NOT:     llvm.extractvalue
// CHECK-DAG:     %[[Z:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-DAG:     %[[O:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK:         llvm.call @dynamic(%{{.*}}, %{{.*}}, %[[Z]], %[[S]], %[[O]], %{{.*}})
func.func @dynamic(%a: memref<?xf32>, %i: index) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<?xf32>
  memref.store %v, %a[%i] : memref<?xf32>
  return
}
