// LLVM literal structs of 16 or more members print as an alias once the
// gather dialect is loaded (GatherDialect.cpp): the struct a function's
// results are packed into was printed in full on every insertvalue, 70 % of
// gather-opt's time on a function of 5000 gathers. Smaller structs and the
// memref descriptors stay inline; the output parses back and translates.
//
// RUN: gather-opt %s --split-input-file | FileCheck %s
// RUN: gather-opt %s --split-input-file | gather-opt --split-input-file \
// RUN: | FileCheck %s
// RUN: gather-opt %s --split-input-file --gather-cpu-pipeline \
// RUN: | FileCheck %s --check-prefix=PIPE
// RUN: gather-opt %s --split-input-file --gather-cpu-pipeline \
// RUN: | mlir-translate --mlir-to-llvmir --split-input-file \
// RUN: | FileCheck %s --check-prefix=IR

// CHECK: !llvm_struct = !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
// CHECK-LABEL: func.func @load_dialect(
// CHECK-LABEL: llvm.func @members15()
// CHECK-SAME: -> !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)> {
// CHECK: llvm.mlir.poison : !llvm.struct<(i64
// CHECK-LABEL: llvm.func @members16() -> !llvm_struct
// CHECK: llvm.mlir.poison : !llvm_struct
// CHECK: llvm.return %{{.*}} : !llvm_struct
func.func @load_dialect(%t: tensor<4xf32>, %i: tensor<2xi32>) -> tensor<2xf32> {
  %r = gather.gather %t[%i] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
llvm.func @members15() -> !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)> {
  %0 = llvm.mlir.poison : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
  llvm.return %0 : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
}
llvm.func @members16() -> !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)> {
  %0 = llvm.mlir.poison : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
  llvm.return %0 : !llvm.struct<(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)>
}

// -----

// 16 results: one struct of 16 descriptors, aliased; the descriptors inline.
// PIPE: !llvm_struct = !llvm.struct<(struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// PIPE-LABEL: llvm.func @results16(
// PIPE-SAME: -> !llvm_struct
// PIPE: llvm.insertvalue %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// PIPE: llvm.insertvalue %{{.*}} : !llvm_struct
// PIPE: llvm.return %{{.*}} : !llvm_struct
// IR-LABEL: define {{.*}} @results16(
func.func @results16(%t: tensor<4xf32>, %i: tensor<2xi32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %r0 = gather.gather %t[%i] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  %r1 = gather.gather %t[%i] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  %r2 = gather.gather %t[%i] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  %r3 = gather.gather %t[%i] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  %r4 = gather.gather %t[%i] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  %r5 = gather.gather %t[%i] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  %r6 = gather.gather %t[%i] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  %r7 = gather.gather %t[%i] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  %r8 = gather.gather %t[%i] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  %r9 = gather.gather %t[%i] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  %r10 = gather.gather %t[%i] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  %r11 = gather.gather %t[%i] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  %r12 = gather.gather %t[%i] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  %r13 = gather.gather %t[%i] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  %r14 = gather.gather %t[%i] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  %r15 = gather.gather %t[%i] : (tensor<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}
