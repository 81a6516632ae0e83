// RUN: gather-opt %s --gather-outline-dynamic-gathers --split-input-file | FileCheck %s
// A second run changes nothing: the outlined functions keep their gathers.
// RUN: gather-opt %s --gather-outline-dynamic-gathers --split-input-file \
// RUN: | gather-opt --gather-outline-dynamic-gathers --split-input-file | FileCheck %s

// Two error-mode gathers of one signature in two functions share one
// function, before the first caller; each call passes a destination of the
// result's sizes and its own op's description, which the outlined op
// reports with. The function reads params and indices only (not
// writable), writes only the destination (all three noalias). A gather of
// another signature (mode) gets its own function,
// without a description argument (zero mode reports nothing); the name
// taken by the user's symbol is left alone.
// The descriptions are one table, the second at an offset.
//   CHECK-DAG: llvm.mlir.global private constant @[[DESC:__gather_oob_[0-9a-f]+]]("gather.gather\00loc(\22{{.*}}outline-dynamic-gathers.mlir\22:[[@LINE+38]]:8)\00gather.gather\00loc(\22{{.*}}outline-dynamic-gathers.mlir\22:[[@LINE+45]]:8)\00")
//       CHECK: func.func @gather_out_of_bounds(
//       CHECK: llvm.func @__gather_outlined()
//       CHECK: func.func private @[[F:__gather_outlined_[0-9]+]](
//  CHECK-SAME:     %[[P:[^:]*]]: tensor<?x?xf32> {bufferization.writable = false, llvm.noalias},
//  CHECK-SAME:     %[[I:[^:]*]]: tensor<?xi32> {bufferization.writable = false, llvm.noalias},
//  CHECK-SAME:     %[[INIT:[^:]*]]: tensor<?x?xf32> {llvm.noalias}, %[[D:[^:]*]]: !llvm.ptr) -> tensor<?x?xf32>
//  CHECK-NEXT:   %[[G:.*]] = gather.gather %[[P]][%[[I]]] {gather.report_description_arg = 3 : i64}
//  CHECK-NEXT:   %[[M:.*]] = bufferization.materialize_in_destination %[[G]] in %[[INIT]]
//  CHECK-NEXT:   return %[[M]]
//       CHECK: func.func private @[[FZ:__gather_outlined_[0-9]+]](
//  CHECK-SAME:     tensor<?x?xf32> {bufferization.writable = false, llvm.noalias}, %{{.*}}: tensor<?xi32> {bufferization.writable = false, llvm.noalias}, %{{.*}}: tensor<?x?xf32> {llvm.noalias}) -> tensor<?x?xf32>
//       CHECK:   gather.gather {{.*}} mode<zero>
//   CHECK-NOT:     report_description
//       CHECK: func.func @first(
//  CHECK-SAME:     %[[T:.*]]: tensor<?x?xf32>, %[[IDS:.*]]: tensor<?xi32>)
//   CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
//   CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : index
//   CHECK-DAG:   %[[N:.*]] = tensor.dim %[[IDS]], %[[C0]]
//   CHECK-DAG:   %[[W:.*]] = tensor.dim %[[T]], %[[C1]]
//       CHECK:   %[[E:.*]] = tensor.empty(%[[N]], %[[W]]) : tensor<?x?xf32>
//       CHECK:   %[[A0:.*]] = llvm.mlir.addressof @[[DESC]]
//       CHECK:   %[[R:.*]] = call @[[F]](%[[T]], %[[IDS]], %[[E]], %[[A0]])
// The calls share one tensor.dim per size, at the tensor's definition.
//   CHECK-NOT:   tensor.dim
//       CHECK:   %[[E2:.*]] = tensor.empty(%[[N]], %[[W]]) : tensor<?x?xf32>
//       CHECK:   call @[[FZ]](%[[T]], %[[IDS]], %[[E2]])
//       CHECK:   return %[[R]]
//       CHECK: func.func @second(
//       CHECK:   %[[T1:.*]] = llvm.mlir.addressof @[[DESC]]
//       CHECK:   %[[A1:.*]] = llvm.getelementptr inbounds %[[T1]][{{[1-9][0-9]*}}] : (!llvm.ptr) -> !llvm.ptr, i8
//       CHECK:   call @[[F]](%{{.*}}, %{{.*}}, %{{.*}}, %[[A1]])
//   CHECK-NOT: gather.gather
//   CHECK-NOT: func.func private @__gather_outlined
llvm.func @__gather_outlined()

func.func @first(%t: tensor<?x?xf32>, %i: tensor<?xi32>)
    -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %a = gather.gather %t[%i] : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  %z = gather.gather %t[%i] mode<zero>
      : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  return %a, %z : tensor<?x?xf32>, tensor<?x?xf32>
}

func.func @second(%t: tensor<?x?xf32>, %i: tensor<?xi32>) -> tensor<?x?xf32> {
  %a = gather.gather %t[%i] : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  return %a : tensor<?x?xf32>
}

// -----

// Left alone: static shapes, dynamic params with a static result, the
// buffer form, a gather in a loop (a tile),
// params that are a slice, a result inserted into a slice or materialized
// into a strided view, and a function whose target description differs.
// Nothing reports before the lowering: no handler or description either.
// CHECK-LABEL: func.func @left_alone(
//   CHECK-NOT:   call
//       CHECK:   gather.gather {{.*}} -> tensor<3x4xf32>
//       CHECK:   gather.gather {{.*}} (tensor<?x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
//       CHECK:   gather.gather {{.*}} into
//       CHECK:   scf.for
//       CHECK:     gather.gather
//       CHECK:   tensor.extract_slice
//       CHECK:   gather.gather
//       CHECK:   gather.gather
//       CHECK:   tensor.insert_slice
//       CHECK:   gather.gather
//       CHECK:   bufferization.materialize_in_destination
//   CHECK-NOT:   call
//       CHECK: func.func @other_target(
//       CHECK:   gather.gather
//   CHECK-NOT: __gather_oob
//   CHECK-NOT: __gather_outlined
func.func @left_alone(%t: tensor<10x4xf32>, %i: tensor<3xi32>,
                      %dt: tensor<?x?xf32>, %di: tensor<?xi32>,
                      %mt: memref<?x?xf32>, %mi: memref<?xi32>,
                      %mo: memref<?x?xf32>, %n: index, %big: tensor<?x?xf32>,
                      %view: memref<?x?xf32, strided<[?, 1], offset: ?>>,
                      %dp: tensor<?x4xf32>)
    -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
        tensor<?x?xf32>) {
  %s = gather.gather %t[%i] : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  %sr = gather.gather %dp[%i] : (tensor<?x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  gather.gather %mt[%mi] into %mo
      : (memref<?x?xf32>, memref<?xi32>, memref<?x?xf32>) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %loop = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %dt) -> tensor<?x?xf32> {
    %g = gather.gather %acc[%di] : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
    scf.yield %g : tensor<?x?xf32>
  }
  %slice = tensor.extract_slice %dt[0, 0] [%n, %n] [1, 1]
      : tensor<?x?xf32> to tensor<?x?xf32>
  %fromSlice = gather.gather %slice[%di]
      : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  %intoSlice = gather.gather %dt[%di] mode<zero>
      : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  %m = tensor.dim %intoSlice, %c0 : tensor<?x?xf32>
  %w = tensor.dim %intoSlice, %c1 : tensor<?x?xf32>
  %inserted = tensor.insert_slice %intoSlice into %big[0, 0] [%m, %w] [1, 1]
      : tensor<?x?xf32> into tensor<?x?xf32>
  %intoView = gather.gather %dt[%di] mode<clamp>
      : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  bufferization.materialize_in_destination %intoView in restrict writable %view
      : (tensor<?x?xf32>, memref<?x?xf32, strided<[?, 1], offset: ?>>) -> ()
  return %s, %sr, %loop, %fromSlice, %inserted
      : tensor<3x4xf32>, tensor<3x4xf32>, tensor<?x?xf32>, tensor<?x?xf32>,
        tensor<?x?xf32>
}

func.func @other_target(%t: tensor<?x?xf32>, %i: tensor<?xi32>) -> tensor<?x?xf32>
    attributes {dlti.target_system_spec = #dlti.target_system_spec<
      "CPU" = #dlti.target_device_spec<"L2_cache_size_in_bytes" = 262144 : i64>>} {
  %a = gather.gather %t[%i] mode<zero>
      : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  return %a : tensor<?x?xf32>
}
