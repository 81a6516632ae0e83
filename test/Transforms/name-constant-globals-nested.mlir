// gather-name-constant-globals only looks at the module it runs on: a
// nested symbol table keeps its own globals and references (the pipelines
// reject nested modules, hence a file of its own).
//
// RUN: gather-opt %s --gather-name-constant-globals | FileCheck %s

// A nested symbol table holds its own symbols: its globals and references
// are left as they are, and do not count as uses of the outer globals.
// CHECK:         memref.global "private" constant @__constant_2xi32 : memref<2xi32> = dense<7>
// CHECK-NEXT:    memref.global "private" constant @__constant_2xi32_0 : memref<2xi32> = dense<8>
// CHECK:         module @inner {
// CHECK-NEXT:      memref.global "private" constant @__constant_2xi32_0 : memref<2xi32> = dense<1>
// CHECK-NEXT:      memref.global "private" constant @__constant_2xi32 : memref<2xi32> = dense<2>
// CHECK-NEXT:      func.func @g()
// CHECK-NEXT:        memref.get_global @__constant_2xi32 :
// CHECK-NEXT:        memref.get_global @__constant_2xi32_0 :
// CHECK:         func.func @f()
// CHECK-NEXT:      memref.get_global @__constant_2xi32 :
// CHECK-NEXT:      memref.get_global @__constant_2xi32_0 :
module {
  memref.global "private" constant @__constant_2xi32_0 : memref<2xi32> = dense<7>
  memref.global "private" constant @__constant_2xi32 : memref<2xi32> = dense<8>
  module @inner {
    memref.global "private" constant @__constant_2xi32_0 : memref<2xi32> = dense<1>
    memref.global "private" constant @__constant_2xi32 : memref<2xi32> = dense<2>
    func.func @g() -> (memref<2xi32>, memref<2xi32>) {
      %0 = memref.get_global @__constant_2xi32 : memref<2xi32>
      %1 = memref.get_global @__constant_2xi32_0 : memref<2xi32>
      return %0, %1 : memref<2xi32>, memref<2xi32>
    }
  }
  func.func @f() -> (memref<2xi32>, memref<2xi32>) {
    %0 = memref.get_global @__constant_2xi32_0 : memref<2xi32>
    %1 = memref.get_global @__constant_2xi32 : memref<2xi32>
    return %0, %1 : memref<2xi32>, memref<2xi32>
  }
}
