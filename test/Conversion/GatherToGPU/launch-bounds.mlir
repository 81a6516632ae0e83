// RUN: gather-opt %s -split-input-file -convert-gather-to-gpu -canonicalize -cse | FileCheck %s
// RUN: gather-opt %s -split-input-file -convert-gather-to-gpu="block-size=128 max-blocks=7" -canonicalize -cse | FileCheck %s --check-prefix=FIXED
// RUN: gather-opt %s -split-input-file -convert-gather-to-gpu="slices-per-thread=1" -canonicalize -cse | FileCheck %s --check-prefix=ONE

// block-size=0 and max-blocks=0 (the defaults) pick the launch bounds per
// gather from its slices; positive values hold for every gather. Kernels of
// one-element accesses to slices shorter than a warp copy 4 slices per
// thread and step (slices-in-flight.mlir): their grids are 4 times smaller
// than with slices-per-thread=1, up to max-blocks.

// Slices of a warp of 16-byte accesses or more: 512-thread blocks of 16
// slices, at most 8192 blocks.
// CHECK-LABEL: func.func @wide_rows(
// CHECK-DAG:     %[[C8192:.*]] = arith.constant 8192 : index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %[[C8192]], {{.*}} = %{{.*}}, {{.*}} = %{{.*}}) threads({{.*}}) in ({{.*}} = %[[C32]], {{.*}} = %[[C16]], {{.*}} = %{{.*}})
// FIXED-LABEL: func.func @wide_rows(
// FIXED-DAG:     %[[C7:.*]] = arith.constant 7 : index
// FIXED-DAG:     %[[C4:.*]] = arith.constant 4 : index
// FIXED-DAG:     %[[C32:.*]] = arith.constant 32 : index
// FIXED:         gpu.launch blocks({{.*}}) in ({{.*}} = %[[C7]], {{.*}} = %{{.*}}, {{.*}} = %{{.*}}) threads({{.*}}) in ({{.*}} = %[[C32]], {{.*}} = %[[C4]], {{.*}} = %{{.*}})
func.func @wide_rows(%p: tensor<100x128xf32>, %i: tensor<1000000xi32>) -> tensor<1000000x128xf32> {
  %r = gather.gather %p[%i] : (tensor<100x128xf32>, tensor<1000000xi32>) -> tensor<1000000x128xf32>
  return %r : tensor<1000000x128xf32>
}

// -----

// Short slices (7 scalar accesses): 256-thread blocks (36 slices of 7
// lanes), at most 8192 blocks: 1000000 / (36 * 4) = 6945 blocks of 4 slices
// per thread, 8192 (the bound) of one.
// CHECK-LABEL: func.func @short_rows(
// CHECK-DAG:     %[[C6945:.*]] = arith.constant 6945 : index
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : index
// CHECK-DAG:     %[[C36:.*]] = arith.constant 36 : index
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %[[C6945]], {{.*}} = %{{.*}}, {{.*}} = %{{.*}}) threads({{.*}}) in ({{.*}} = %[[C7]], {{.*}} = %[[C36]], {{.*}} = %{{.*}})
// ONE-LABEL: func.func @short_rows(
// ONE-DAG:     %[[C8192:.*]] = arith.constant 8192 : index
// ONE-DAG:     %[[C7:.*]] = arith.constant 7 : index
// ONE-DAG:     %[[C36:.*]] = arith.constant 36 : index
// ONE:         gpu.launch blocks({{.*}}) in ({{.*}} = %[[C8192]], {{.*}} = %{{.*}}, {{.*}} = %{{.*}}) threads({{.*}}) in ({{.*}} = %[[C7]], {{.*}} = %[[C36]], {{.*}} = %{{.*}})
func.func @short_rows(%p: tensor<100x7xf32>, %i: tensor<1000000xi32>) -> tensor<1000000x7xf32> {
  %r = gather.gather %p[%i] : (tensor<100x7xf32>, tensor<1000000xi32>) -> tensor<1000000x7xf32>
  return %r : tensor<1000000x7xf32>
}

// -----

// One element per index, no shared params row: 256 threads, at most 65536
// blocks: 20000000 / (256 * 4) = 19532 blocks of 4 slices per thread;
// 20000000 / 256 = 78125 is cut to 65536 with one.
// CHECK-LABEL: func.func @scalars(
// CHECK-DAG:     %[[C19532:.*]] = arith.constant 19532 : index
// CHECK-DAG:     %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %[[C19532]], {{.*}} = %[[C1]], {{.*}} = %{{.*}}) threads({{.*}}) in ({{.*}} = %[[C1]], {{.*}} = %[[C256]], {{.*}} = %{{.*}})
// ONE-LABEL: func.func @scalars(
// ONE-DAG:     %[[C65536:.*]] = arith.constant 65536 : index
// ONE-DAG:     %[[C256:.*]] = arith.constant 256 : index
// ONE-DAG:     %[[C1:.*]] = arith.constant 1 : index
// ONE:         gpu.launch blocks({{.*}}) in ({{.*}} = %[[C65536]], {{.*}} = %[[C1]], {{.*}} = %{{.*}}) threads({{.*}}) in ({{.*}} = %[[C1]], {{.*}} = %[[C256]], {{.*}} = %{{.*}})
// FIXED-LABEL: func.func @scalars(
// FIXED-DAG:     %[[C7:.*]] = arith.constant 7 : index
// FIXED-DAG:     %[[C128:.*]] = arith.constant 128 : index
// FIXED-DAG:     %[[C1:.*]] = arith.constant 1 : index
// FIXED:         gpu.launch blocks({{.*}}) in ({{.*}} = %[[C7]], {{.*}} = %[[C1]], {{.*}} = %{{.*}}) threads({{.*}}) in ({{.*}} = %[[C1]], {{.*}} = %[[C128]], {{.*}} = %{{.*}})
func.func @scalars(%p: tensor<1000xf32>, %i: tensor<20000000xi64>) -> tensor<20000000xf32> {
  %r = gather.gather %p[%i] : (tensor<1000xf32>, tensor<20000000xi64>) -> tensor<20000000xf32>
  return %r : tensor<20000000xf32>
}

// -----

// One element per index from a params row that the slices of a block share
// (axis 1): 1024 threads, at most 8192 blocks.
// CHECK-LABEL: func.func @columns(
// CHECK-DAG:     %[[C8192:.*]] = arith.constant 8192 : index
// CHECK-DAG:     %[[C1024:.*]] = arith.constant 1024 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %[[C8192]], {{.*}} = %[[C1]], {{.*}} = %{{.*}}) threads({{.*}}) in ({{.*}} = %[[C1]], {{.*}} = %[[C1024]], {{.*}} = %{{.*}})
func.func @columns(%p: tensor<4096x4096xf32>, %i: tensor<16384xi32>) -> tensor<4096x16384xf32> {
  %r = gather.gather %p[%i] axis = 1 : (tensor<4096x4096xf32>, tensor<16384xi32>) -> tensor<4096x16384xf32>
  return %r : tensor<4096x16384xf32>
}

// -----

// A dynamic slice length: the bounds are chosen at run time.
// CHECK-LABEL: func.func @dynamic_rows(
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG:     %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG:     %[[C512:.*]] = arith.constant 512 : index
// CHECK-DAG:     %[[C8192:.*]] = arith.constant 8192 : index
// CHECK-DAG:     %[[C65536:.*]] = arith.constant 65536 : index
// CHECK:         %[[LANES:.*]] = arith.divui %{{.*}}, %{{.*}} : index
// CHECK:         %[[WIDE:.*]] = arith.cmpi uge, %[[LANES]], %[[C32]] : index
// CHECK:         %[[SINGLE:.*]] = arith.cmpi ult, %[[LANES]], %[[C2]] : index
// CHECK:         %[[BLOCK:.*]] = arith.select %[[WIDE]], %[[C512]], %[[C256]] : index
// CHECK:         %[[SCALARS:.*]] = arith.select %[[SINGLE]], %[[C65536]], %[[C8192]] : index
// CHECK:         %[[BOUND:.*]] = arith.select %[[WIDE]], %[[C8192]], %[[SCALARS]] : index
// CHECK:         gpu.launch
// FIXED-LABEL: func.func @dynamic_rows(
// FIXED-NOT:     arith.constant 512
// FIXED-NOT:     arith.constant 65536
// FIXED:         arith.minui %{{.*}}, %c128 : index
// FIXED:         gpu.launch
func.func @dynamic_rows(%p: tensor<100x?xf32>, %i: tensor<5000xi32>) -> tensor<5000x?xf32> {
  %r = gather.gather %p[%i] : (tensor<100x?xf32>, tensor<5000xi32>) -> tensor<5000x?xf32>
  return %r : tensor<5000x?xf32>
}
