// Slices of dynamic size take their prefetch distance at run time, by the
// rules for static sizes (LoweringPlan: getSlicePrefetchDistance): the
// bytes ahead, divided by the slice's bytes, within [2, 64] positions.
// Zen prefetches 8 KiB ahead from params beyond L2 (1 MiB), 2 KiB from
// smaller ones; the default 2 KiB from any. Slices under a line are
// prefetched a fixed number of positions ahead from params beyond L2 (Zen
// 5: 128 from params beyond L3, 32 MiB; 64 elsewhere), none from smaller
// ones. Slices of 4 KiB and more
// are left to the hardware prefetcher, from params beyond L2 of 64 KiB and
// more, except on Zen 4; on Zen 5 also where threads split the gather.
//
// RUN: gather-opt %s --gather-target-cpu=cpu=znver4 --convert-gather-to-scf \
// RUN:   | FileCheck %s --check-prefixes=CHECK,ZEN,SUB64,MAX4K
// RUN: gather-opt %s --gather-target-cpu=cpu=znver5 --convert-gather-to-scf \
// RUN:   | FileCheck %s --check-prefixes=CHECK,ZEN,ZEN5,MAX64K
// RUN: gather-opt %s --gather-target-cpu=cpu=znver5 \
// RUN:   --convert-gather-to-scf=parallel \
// RUN:   | FileCheck %s --check-prefixes=CHECK,ZEN,ZEN5,MAX64K
// RUN: gather-opt %s --convert-gather-to-scf \
// RUN:   | FileCheck %s --check-prefixes=CHECK,DEFAULT,SUB64,MAX64K

// CHECK-LABEL: func.func @dynamic_slices(
//       CHECK:   %[[L2:.*]] = arith.constant 1048576 : index
//       CHECK:   %[[BEYOND:.*]] = arith.cmpi ugt, %[[PARAMS:.*]], %[[L2]] : index
//        ZEN5:   %[[L3:.*]] = arith.constant 33554432 : index
//        ZEN5:   %[[SUBTABLE:.*]] = arith.cmpi ugt, %[[PARAMS]], %[[L3]] : index
//       SUB64:   %[[SUB:.*]] = arith.constant 64 : index
//        ZEN5:   %[[SUB:.*]] = arith.constant 128 : index
//       CHECK:   %[[NONE:.*]] = arith.constant 0 : index
//       SUB64:   arith.select %[[BEYOND]], %[[SUB]], %[[NONE]] : index
//        ZEN5:   arith.select %[[SUBTABLE]], %[[SUB]], %[[NONE]] : index
//      MAX64K:   %[[MAXFAR:.*]] = arith.constant 65536 : index
//       MAX4K:   %[[MAXFAR:.*]] = arith.constant 4096 : index
//       CHECK:   %[[MAXNEAR:.*]] = arith.constant 4096 : index
//       CHECK:   arith.select %[[BEYOND]], %[[MAXFAR]], %[[MAXNEAR]] : index
//         ZEN:   %[[FAR:.*]] = arith.constant 8192 : index
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
