// Each lowering's populate...Patterns, applied alone (no pass of the project
// before, nothing declared): error-mode ops add the out-of-bounds handler's
// default definition and their messages to the module themselves. A user
// function named @exit is left alone and never called.
//
// RUN: gather-opt %s --test-gather-patterns-alone=lowering=linalg | FileCheck %s
// RUN: gather-opt %s --test-gather-patterns-alone=lowering=scf | FileCheck %s
// RUN: gather-opt %s --test-gather-patterns-alone=lowering=gpu-host | FileCheck %s

// CHECK-DAG:   llvm.mlir.global private constant @[[$FIRST:__gather_oob_[0-9a-f]+]]("gather.gather\00loc(\22{{.*}}patterns-alone.mlir\22:[[@LINE+34]]:8)\00")
// CHECK-DAG:   llvm.mlir.global private constant @[[$SECOND:__gather_oob_[0-9a-f]+]]("gather.gather_nd\00loc(\22{{.*}}patterns-alone.mlir\22:[[@LINE+41]]:8)\00")
// CHECK-DAG:   llvm.mlir.global private constant @[[$FORMAT:.*]]("%s at %s: index %lld is out of bounds [0, %lld) in params dimension %lld\0A\00")
// CHECK-DAG:   llvm.mlir.global private constant @[[$MISMATCH:.*]]("%s at %s: size %lld does not match size %lld of result dimension %lld\0A\00")
// CHECK-DAG:   llvm.func @printf(!llvm.ptr, ...) -> i32
// CHECK-DAG:   llvm.func @fflush(!llvm.ptr) -> i32
// CHECK-DAG:   llvm.func @_Exit(i32)
// CHECK-LABEL: func.func @gather_out_of_bounds(
// CHECK-SAME:      %[[OP:.*]]: !llvm.ptr, %[[LOC:.*]]: !llvm.ptr, %[[INDEX:.*]]: i64, %[[DIM:.*]]: i64, %[[SIZE:.*]]: i64)
// CHECK-SAME:      attributes {llvm.linkage = #llvm.linkage<weak>, no_inline, passthrough = ["noinline", "cold"]}
// A negative dim is a shape mismatch in result dimension -1 - dim.
// CHECK:         %[[NEG:.*]] = llvm.icmp "slt" %[[DIM]], %{{.*}} : i64
// CHECK:         %[[MFMT:.*]] = llvm.mlir.addressof @[[$MISMATCH]] : !llvm.ptr
// CHECK:         %[[IFMT:.*]] = llvm.mlir.addressof @[[$FORMAT]] : !llvm.ptr
// CHECK:         %[[FMT:.*]] = llvm.select %[[NEG]], %[[MFMT]], %[[IFMT]] : i1, !llvm.ptr
// CHECK:         %[[RDIM:.*]] = llvm.sub %{{.*}}, %[[DIM]] : i64
// CHECK:         %[[SHOWN:.*]] = llvm.select %[[NEG]], %[[RDIM]], %[[DIM]] : i1, i64
// CHECK:         llvm.call @printf(%[[FMT]], %[[OP]], %[[LOC]], %[[INDEX]], %[[SIZE]], %[[SHOWN]]) vararg(!llvm.func<i32 (ptr, ...)>)
// CHECK:         %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK:         llvm.call @fflush(%[[NULL]])
// CHECK:         %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK:         llvm.call @_Exit(%[[ONE]]) : (i32) -> ()
// CHECK:         return
// CHECK-LABEL: func.func @exit(
// CHECK-NEXT:    return
// CHECK-NOT:   @exit
func.func @exit(%status: i32) {
  return
}

// CHECK-LABEL: func.func @rows(
// CHECK:         %[[OP:.*]] = llvm.mlir.addressof @[[$FIRST]]
// CHECK:         func.call @gather_out_of_bounds(%[[OP]],
func.func @rows(%params: tensor<4x2xf32>, %indices: tensor<3xi32>) -> tensor<3x2xf32> {
  %r = gather.gather %params[%indices] : (tensor<4x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @nd(
// CHECK:         llvm.mlir.addressof @[[$SECOND]]
// CHECK:         func.call @gather_out_of_bounds(
func.func @nd(%params: tensor<4x2xf32>, %indices: tensor<3x2xi64>) -> tensor<3xf32> {
  %r = gather.gather_nd %params[%indices] : (tensor<4x2xf32>, tensor<3x2xi64>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}
