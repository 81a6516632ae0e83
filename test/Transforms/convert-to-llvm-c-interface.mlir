// gather-convert-to-llvm: the C interface wrapper of a small function calls
// it always_inline (the wrapper's unpacking and passing of every
// descriptor field again cost a small gather a visible part of its time);
// a function of more than c-interface-inline-max-ops operations keeps one
// body, and 0 turns it off.
//
// RUN: gather-opt %s --gather-convert-to-llvm | FileCheck %s
// RUN: gather-opt %s --gather-convert-to-llvm=c-interface-inline-max-ops=4 | FileCheck %s --check-prefix=FEW
// RUN: gather-opt %s --gather-convert-to-llvm=c-interface-inline-max-ops=0 | FileCheck %s --check-prefix=OFF
// The translation emits it as the call's alwaysinline attribute:
// RUN: gather-opt %s --gather-convert-to-llvm --reconcile-unrealized-casts | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR

// CHECK-LABEL: llvm.func @first(
// CHECK-LABEL: llvm.func @_mlir_ciface_first(
// CHECK:         llvm.call @first({{.*}}) {always_inline}
// CHECK-LABEL: llvm.func @_mlir_ciface_external(
// CHECK-NOT:     always_inline
// CHECK:         llvm.return
// FEW-LABEL: llvm.func @_mlir_ciface_first(
// FEW-NOT:     always_inline
// FEW:         llvm.return
// OFF-NOT:   always_inline
// IR-LABEL: define void @_mlir_ciface_first(
// IR:         call void @first({{.*}}) #[[ATTRS:[0-9]+]]
// IR:       attributes #[[ATTRS]] = { alwaysinline }
func.func @first(%m: memref<?xf32>, %out: memref<f32>) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<?xf32>
  memref.store %v, %out[] : memref<f32>
  return
}

// A declaration: its wrapper is the callee, nothing to inline.
func.func private @external(%m: memref<?xf32>) attributes {llvm.emit_c_interface}

func.func @calls_external(%m: memref<?xf32>) {
  call @external(%m) : (memref<?xf32>) -> ()
  return
}
