// gather-name-constant-globals names and orders the constant globals of
// bufferization by their first use, whatever their names and places were.
//
// RUN: gather-opt %s --gather-name-constant-globals --split-input-file | FileCheck %s
//
// Bufferization alone names them in an order that changes from run to run;
// with the pass after it, every run gives the same module (the RUN line
// repeats the whole pipeline and compares):
// RUN: gather-opt %s --split-input-file --one-shot-bufferize=bufferize-function-boundaries --gather-name-constant-globals > %t.1
// RUN: for i in 2 3 4 5 6; do gather-opt %s --split-input-file --one-shot-bufferize=bufferize-function-boundaries --gather-name-constant-globals | diff %t.1 - || exit 1; done
// RUN: FileCheck %s --check-prefix=BUF < %t.1
// And so does gather-cpu-pipeline, down to the LLVM globals:
// RUN: gather-opt %s --split-input-file --gather-cpu-pipeline > %t.2
// RUN: for i in 2 3 4 5 6; do gather-opt %s --split-input-file --gather-cpu-pipeline | diff %t.2 - || exit 1; done
// RUN: FileCheck %s --check-prefix=LLVM < %t.2

// The globals as bufferization may leave them: out of order, and names
// that trade places. First uses: @a -> [1, 2, 3] and the f32 one, @b ->
// [4, 5, 6] (in a nested region), @c -> [7, 8, 9]; one is unused. Other
// symbols keep their names and places: the public one and the user's
// table; a private global named like a constant of another type is no
// candidate, and its name is skipped.
// CHECK-LABEL: module {
// CHECK-NEXT:    memref.global "private" constant @__constant_3xi64 : memref<3xi64> = dense<[1, 2, 3]>
// CHECK-NEXT:    memref.global "private" constant @__constant_2xf32_0 : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]>
// CHECK-NEXT:    memref.global "private" constant @__constant_3xi64_0 : memref<3xi64> = dense<[4, 5, 6]>
// CHECK-NEXT:    memref.global "private" constant @__constant_3xi64_1 : memref<3xi64> = dense<[7, 8, 9]>
// CHECK-NEXT:    memref.global "private" constant @__constant_3xi64_2 : memref<3xi64> = dense<0>
// CHECK-NEXT:    memref.global constant @__constant_4xi32 : memref<4xi32> = dense<1>
// CHECK-NEXT:    memref.global "private" constant @table : memref<3xi64> = dense<5>
// CHECK-NEXT:    memref.global "private" constant @__constant_2xf32 : memref<4xf32> = dense<3.000000e+00>
// CHECK:       func.func @a()
// CHECK-NEXT:    memref.get_global @__constant_3xi64 : memref<3xi64>
// CHECK-NEXT:    memref.get_global @table
// CHECK-NEXT:    memref.get_global @__constant_2xf32_0 : memref<2xf32>
// CHECK:       func.func @b(
// CHECK:         memref.get_global @__constant_3xi64_0 :
// CHECK:       func.func @c()
// CHECK-NEXT:    memref.get_global @__constant_3xi64_1 :
// CHECK-NEXT:    memref.get_global @__constant_4xi32 :
// CHECK-NEXT:    memref.get_global @__constant_2xf32 : memref<4xf32>
module {
  memref.global "private" constant @__constant_3xi64_1 : memref<3xi64> = dense<[4, 5, 6]>
  memref.global constant @__constant_4xi32 : memref<4xi32> = dense<1>
  memref.global "private" constant @__constant_3xi64 : memref<3xi64> = dense<[7, 8, 9]>
  memref.global "private" constant @table : memref<3xi64> = dense<5>
  memref.global "private" constant @__constant_3xi64_7 : memref<3xi64> = dense<0>
  memref.global "private" constant @__constant_2xf32 : memref<4xf32> = dense<3.0>
  memref.global "private" constant @__constant_3xi64_0 : memref<3xi64> = dense<[1, 2, 3]>
  memref.global "private" constant @__constant_2xf32_3 : memref<2xf32> = dense<[1.0, 2.0]>
  func.func @a() -> (memref<3xi64>, memref<3xi64>, memref<2xf32>) {
    %0 = memref.get_global @__constant_3xi64_0 : memref<3xi64>
    %1 = memref.get_global @table : memref<3xi64>
    %2 = memref.get_global @__constant_2xf32_3 : memref<2xf32>
    return %0, %1, %2 : memref<3xi64>, memref<3xi64>, memref<2xf32>
  }
  func.func @b(%c: i1) -> memref<3xi64> {
    %0 = scf.if %c -> memref<3xi64> {
      %1 = memref.get_global @__constant_3xi64_1 : memref<3xi64>
      scf.yield %1 : memref<3xi64>
    } else {
      %1 = memref.get_global @__constant_3xi64_0 : memref<3xi64>
      scf.yield %1 : memref<3xi64>
    }
    return %0 : memref<3xi64>
  }
  func.func @c() -> (memref<3xi64>, memref<4xi32>, memref<4xf32>) {
    %0 = memref.get_global @__constant_3xi64 : memref<3xi64>
    %1 = memref.get_global @__constant_4xi32 : memref<4xi32>
    %2 = memref.get_global @__constant_2xf32 : memref<4xf32>
    return %0, %1, %2 : memref<3xi64>, memref<4xi32>, memref<4xf32>
  }
}

// -----

// Already in canonical order and names: unchanged.
// CHECK-LABEL: module {
// CHECK-NEXT:    memref.global "private" constant @__constant_2x2xi8 : memref<2x2xi8> = dense<1>
// CHECK-NEXT:    memref.global "private" constant @__constant_2x2xi8_0 : memref<2x2xi8> = dense<2>
// CHECK-NEXT:    func.func @f()
// CHECK-NEXT:    memref.get_global @__constant_2x2xi8 :
// CHECK-NEXT:    memref.get_global @__constant_2x2xi8_0 :
module {
  memref.global "private" constant @__constant_2x2xi8 : memref<2x2xi8> = dense<1>
  memref.global "private" constant @__constant_2x2xi8_0 : memref<2x2xi8> = dense<2>
  func.func @f() -> (memref<2x2xi8>, memref<2x2xi8>) {
    %0 = memref.get_global @__constant_2x2xi8 : memref<2x2xi8>
    %1 = memref.get_global @__constant_2x2xi8_0 : memref<2x2xi8>
    return %0, %1 : memref<2x2xi8>, memref<2x2xi8>
  }
}

// -----

// Tensor constants of one type in functions that do not call each other:
// the case where bufferization's order changes from run to run. The
// globals follow the functions' order.
// BUF:         memref.global "private" constant @__constant_3xi64 : memref<3xi64> = dense<[11, 12, 13]>
// BUF-NEXT:    memref.global "private" constant @__constant_xf32 : memref<f32> = dense<5.000000e-01>
// BUF-NEXT:    memref.global "private" constant @__constant_3xi64_0 : memref<3xi64> = dense<[14, 15, 16]>
// BUF-NEXT:    memref.global "private" constant @__constant_3xi64_1 : memref<3xi64> = dense<[17, 18, 19]>
// BUF:         func.func @first
// BUF:         memref.get_global @__constant_3xi64 :
// BUF:         memref.get_global @__constant_xf32 :
// BUF:         func.func @second
// BUF:         memref.get_global @__constant_3xi64_0 :
// BUF:         func.func @third
// BUF:         memref.get_global @__constant_3xi64_1 :
// LLVM:        llvm.mlir.global private constant @__constant_3xi64(dense<[11, 12, 13]> : tensor<3xi64>)
// LLVM-NEXT:   llvm.mlir.global private constant @__constant_xf32(5.000000e-01 : f32)
// LLVM-NEXT:   llvm.mlir.global private constant @__constant_3xi64_0(dense<[14, 15, 16]> : tensor<3xi64>)
// LLVM-NEXT:   llvm.mlir.global private constant @__constant_3xi64_1(dense<[17, 18, 19]> : tensor<3xi64>)
func.func @first() -> (tensor<3xi64>, tensor<f32>) {
  %c = arith.constant dense<[11, 12, 13]> : tensor<3xi64>
  %h = arith.constant dense<0.5> : tensor<f32>
  return %c, %h : tensor<3xi64>, tensor<f32>
}
func.func @second() -> tensor<3xi64> {
  %c = arith.constant dense<[14, 15, 16]> : tensor<3xi64>
  return %c : tensor<3xi64>
}
func.func @third() -> tensor<3xi64> {
  %c = arith.constant dense<[17, 18, 19]> : tensor<3xi64>
  return %c : tensor<3xi64>
}

