// Slices of dynamic size take their prefetch distance at run time, by the
// rules for static sizes (LoweringPlan: getSlicePrefetchDistance): the
// bytes ahead, divided by the slice's bytes, within [2, 64] positions.
// Zen 4 prefetches 8 KiB ahead from params beyond L2 (1 MiB), 2 KiB from
// smaller ones; the default 2 KiB from any.
//
// RUN: gather-opt %s --gather-target-cpu=cpu=znver4 --convert-gather-to-scf \
// RUN:   | FileCheck %s --check-prefixes=CHECK,ZEN4
// RUN: gather-opt %s --convert-gather-to-scf \
// RUN:   | FileCheck %s --check-prefixes=CHECK,DEFAULT

// CHECK-LABEL: func.func @dynamic_slices(
//       CHECK:   %[[L2:.*]] = arith.constant 1048576 : index
//       CHECK:   %[[BEYOND:.*]] = arith.cmpi ugt, %{{.*}}, %[[L2]] : index
//        ZEN4:   %[[FAR:.*]] = arith.constant 8192 : index
//     DEFAULT:   %[[FAR:.*]] = arith.constant 2048 : index
//       CHECK:   %[[NEAR:.*]] = arith.constant 2048 : index
//       CHECK:   %[[AHEAD:.*]] = arith.select %[[BEYOND]], %[[FAR]], %[[NEAR]] : index
//       CHECK:   %[[BYTES:.*]] = arith.maxui %{{.*}}, %{{.*}} : index
//       CHECK:   %[[DIST:.*]] = arith.divui %[[AHEAD]], %[[BYTES]] : index
//       CHECK:   arith.minui %[[DIST]], %{{.*}} : index
func.func @dynamic_slices(%p: tensor<?x?xf32>, %i: tensor<4096xi32>) -> tensor<4096x?xf32> {
  %r = gather.gather %p[%i] : (tensor<?x?xf32>, tensor<4096xi32>) -> tensor<4096x?xf32>
  return %r : tensor<4096x?xf32>
}
