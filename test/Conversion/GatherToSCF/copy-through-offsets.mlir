// gather_nd of scalars on Zen (LoweringPlan::copyThroughOffsets): each chunk
// of 256 positions is checked in one loop that also stores each position's
// params offset in the function's buffer (LLVM vectorizes the loop; not
// unrolled: fully unrolled it spills), and the chunk's unchecked copies load
// the element at that offset from params as one dimension. Bad chunks keep
// their resolving copies. Both gathers of the function, the second inside a
// loop, share one buffer at the function's entry.
//
// RUN: gather-opt %s --convert-gather-to-scf --canonicalize | FileCheck %s

// CHECK-DAG: #[[$UNROLL:.*]] = #llvm.loop_unroll<disable = true>
// CHECK-DAG: #[[$NOUNROLL:.*]] = #llvm.loop_annotation<unroll = #[[$UNROLL]]>
// CHECK-DAG: #[[$NOVEC:.*]] = #llvm.loop_annotation<vectorize =

// CHECK-LABEL: func.func @two(
// CHECK-SAME:      %[[P:.*]]: tensor<256x256xf32>, %[[I:.*]]: tensor<4096x2xi64>
// CHECK:         %[[BUF:.*]] = memref.alloca() {gather.offsets_buffer} : memref<256xindex>
// CHECK-NOT:     memref.alloca
// CHECK:         %[[PB:.*]] = bufferization.to_buffer %[[P]] read_only
// CHECK:         %{{.*}}, %{{.*}}, %{{.*}}:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[PB]]
// CHECK:         %[[FLAT:.*]] = memref.reinterpret_cast %[[PB]] to offset: [%{{.*}}], sizes: [%{{.*}}], strides: [1]
// CHECK:         scf.for %[[LO:.*]] = %{{.*}} to %{{.*}} step %c256
// CHECK:           %[[HI:.*]] = arith.minui
// CHECK:           %[[BAD:.*]] = scf.for %[[M:.*]] = %[[LO]] to %[[HI]] {{.*}} -> (i1) {
// CHECK:             %[[R:.*]] = arith.index_cast
// CHECK:             arith.cmpi uge, %[[R]], %c256
// CHECK:             %[[RO:.*]] = arith.muli %[[R]], %[[STRIDES]]#0
// CHECK:             %[[C:.*]] = arith.index_cast
// CHECK:             arith.cmpi uge, %[[C]], %c256
// CHECK:             %[[CO:.*]] = arith.muli %[[C]], %[[STRIDES]]#1
// CHECK:             %[[OFF:.*]] = arith.addi %[[RO]], %[[CO]]
// CHECK:             %[[AT:.*]] = arith.subi %[[M]], %[[LO]]
// CHECK:             memref.store %[[OFF]], %[[BUF]][%[[AT]]]
// CHECK:           } {llvm.loop_annotation = #[[$NOUNROLL]]}
// CHECK:           %[[SPLIT:.*]] = arith.select %[[BAD]], %[[LO]], %[[HI]]
// CHECK:           %[[GOOD:.*]] = scf.for %[[M2:.*]] = %[[LO]] to %[[SPLIT]]
// CHECK:             %[[AT2:.*]] = arith.subi %[[M2]], %[[LO]]
// CHECK:             %[[O:.*]] = memref.load %[[BUF]][%[[AT2]]]
// CHECK:             %[[V:.*]] = memref.load %[[FLAT]][%[[O]]]
// CHECK:             tensor.insert %[[V]] into %{{.*}}[%[[M2]]]
// CHECK:           } {llvm.loop_annotation = #[[$NOVEC]]}
// CHECK:           scf.for %{{.*}} = %[[SPLIT]] to %[[HI]] {{.*}} iter_args(%{{.*}} = %[[GOOD]])
// CHECK:             func.call @gather_out_of_bounds
// CHECK:         scf.for
// CHECK-NOT:       memref.alloca
// CHECK:           memref.store %{{.*}}, %[[BUF]]
// CHECK:           memref.load %[[BUF]]
module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">} {
  func.func @two(%p: tensor<256x256xf32>, %i: tensor<4096x2xi64>, %n: index) -> (tensor<4096xf32>, tensor<4096xf32>) {
    %a = gather.gather_nd %p[%i] : (tensor<256x256xf32>, tensor<4096x2xi64>) -> tensor<4096xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %b = scf.for %t = %c0 to %n step %c1 iter_args(%acc = %a) -> tensor<4096xf32> {
      %g = gather.gather_nd %p[%i] : (tensor<256x256xf32>, tensor<4096x2xi64>) -> tensor<4096xf32>
      scf.yield %g : tensor<4096xf32>
    }
    return %a, %b : tensor<4096xf32>, tensor<4096xf32>
  }
}
