// RUN: gather-opt %s -split-input-file -convert-gather-to-gpu -canonicalize -cse | FileCheck %s
// RUN: gather-opt %s -split-input-file -convert-gather-to-gpu="slices-per-thread=2" -canonicalize -cse | FileCheck %s --check-prefix=TWO
// RUN: gather-opt %s -split-input-file -convert-gather-to-gpu="block-size=4" -canonicalize -cse | FileCheck %s --check-prefix=NARROW

// Kernels where each thread makes one access per slice (slices shorter than
// a warp, or whole warps, that a block row holds) copy 4 slices per thread
// and step (slices-per-thread=0): the 4 index loads come
// first, then one branch on whether any index is bad (error mode), then the
// 4 params loads and the 4 stores, so that a thread has 4 random reads in
// flight. Slices past the end load the last slice's index (minui) but
// neither check, read nor write it.

// CHECK-LABEL: func.func @scalars(
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG:     %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG:     %[[N:.*]] = arith.constant 5000 : index
// CHECK-DAG:     %[[LAST:.*]] = arith.constant 4999 : index
// CHECK:         gpu.launch blocks({{.*}}) in (%[[GX:.*]] = %[[C5]], {{.*}}) threads({{.*}}) in ({{.*}}, %[[BY:.*]] = %[[C256]], {{.*}})
// CHECK:           %[[STEP:.*]] = arith.muli %[[GX]], %[[BY]] : index
// CHECK:           %[[STEP4:.*]] = arith.muli %[[STEP]], %[[C4]] : index
// CHECK:           scf.for %[[R:.*]] = %{{.*}} to %[[N]] step %[[STEP4]] {
// CHECK:             %[[K0:.*]] = memref.load %[[IDX:.*]][%[[R]]] {{.*}} : memref<5000xi64>
// CHECK:             %[[R1:.*]] = arith.addi %[[R]], %[[STEP]] : index
// CHECK:             %[[IN1:.*]] = arith.cmpi ult, %[[R1]], %[[N]] : index
// CHECK:             %[[R1C:.*]] = arith.minui %[[R1]], %[[LAST]] : index
// CHECK:             memref.load %[[IDX]][%[[R1C]]]
// CHECK:             memref.load %[[IDX]]
// CHECK:             memref.load %[[IDX]]
// CHECK-NOT:         memref.load
// CHECK:             arith.ori
// CHECK:             arith.ori
// CHECK:             %[[ANY:.*]] = arith.ori
// CHECK:             scf.if %[[ANY]] {
// CHECK:               gpu.printf
// CHECK:               scf.if %[[IN1]] {
// CHECK:                 gpu.printf
// CHECK:             %[[V0:.*]] = memref.load %[[PARAMS:.*]][%{{.*}}] {{.*}} : memref<1000xf32>
// CHECK:             %[[V1:.*]] = scf.if %[[IN1]] -> (f32) {
// CHECK-NEXT:          memref.load %[[PARAMS]]
// CHECK:             } else {
// CHECK-NEXT:          scf.yield %{{.*}} : f32
// CHECK:             scf.if
// CHECK:             scf.if
// CHECK:             memref.store %[[V0]], %[[RES:.*]][%[[R]]]
// CHECK:             scf.if %[[IN1]] {
// CHECK-NEXT:          memref.store %[[V1]], %[[RES]][%[[R1]]]
// TWO-LABEL: func.func @scalars(
// TWO:         scf.for
// TWO-COUNT-2:   memref.load %{{.*}} : memref<5000xi64>
// TWO-NOT:       memref.load %{{.*}} : memref<5000xi64>
// TWO:           scf.if
func.func @scalars(%p: tensor<1000xf32>, %i: tensor<5000xi64>) -> tensor<5000xf32> {
  %r = gather.gather %p[%i] : (tensor<1000xf32>, tensor<5000xi64>) -> tensor<5000xf32>
  return %r : tensor<5000xf32>
}

// -----

// Zero mode, rows of 7 elements, index pairs: each params load is under the
// slice's validity (both components in bounds), and, past the first slice,
// its being in range; no check. Each thread copies element threadIdx.x of
// each of its slices.
// CHECK-LABEL: func.func @rows7_zero(
// CHECK:         gpu.launch blocks({{.*}}) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in
// CHECK:           scf.for %[[R:.*]] =
// CHECK-COUNT-8:     memref.load %{{.*}} : memref<200xi32>
// CHECK-NOT:         gpu.printf
// CHECK:             %[[OK0:.*]] = arith.andi
// CHECK:             %[[AT0:.*]] = arith.addi %{{.*}}, %[[TX]] : index
// CHECK:             scf.if %[[OK0]] -> (f32) {
// CHECK-NEXT:          memref.load %{{.*}}[%[[AT0]]] {{.*}} : memref<840xf32>
// CHECK:             %[[IN1:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK:             scf.if %[[IN1]] -> (f32) {
// CHECK-NEXT:          memref.load %{{.*}} : memref<840xf32>
// CHECK-NOT:         gpu.printf
// CHECK:             arith.muli %[[R]], %{{.*}} : index
// CHECK:             memref.store
// NARROW-LABEL: func.func @rows7_zero(
// NARROW:         scf.for
// NARROW-COUNT-2:   memref.load %{{.*}} : memref<200xi32>
// NARROW-NOT:       memref.load %{{.*}} : memref<200xi32>
// NARROW:           scf.if
func.func @rows7_zero(%p: tensor<10x12x7xf32>, %i: tensor<100x2xi32>) -> tensor<100x7xf32> {
  %r = gather.gather_nd %p[%i] mode<zero> : (tensor<10x12x7xf32>, tensor<100x2xi32>) -> tensor<100x7xf32>
  return %r : tensor<100x7xf32>
}

// -----

// 128-bit accesses: rows of 8 f32 are 2 lanes, rows of 128 f32 a warp of
// them; each thread loads and stores access threadIdx.x of 4 slices.
// CHECK-LABEL: func.func @wide_rows(
// CHECK:         gpu.launch blocks({{.*}}) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in
// CHECK:           scf.for
// CHECK-COUNT-4:     memref.load %{{.*}} : memref<300xi32>
// CHECK:             %[[OFF:.*]] = arith.muli %[[TX]], %{{.*}} : index
// CHECK:             vector.load %{{.*}} {alignment = 16 : i64} : memref<800xf32>, vector<4xf32>
// CHECK-COUNT-3:     vector.load %{{.*}} {alignment = 16 : i64} : memref<800xf32>, vector<4xf32>
// CHECK:             vector.store
// CHECK-COUNT-3:     vector.store
func.func @wide_rows(%p: tensor<100x8xf32>, %i: tensor<300xi32>) -> tensor<300x8xf32> {
  %r = gather.gather %p[%i] mode<clamp> : (tensor<100x8xf32>, tensor<300xi32>) -> tensor<300x8xf32>
  return %r : tensor<300x8xf32>
}

// CHECK-LABEL: func.func @warp_rows(
// CHECK:         scf.for
// CHECK-COUNT-4:   memref.load %{{.*}} : memref<300xi32>
func.func @warp_rows(%p: tensor<100x128xf32>, %i: tensor<300xi32>) -> tensor<300x128xf32> {
  %r = gather.gather %p[%i] : (tensor<100x128xf32>, tensor<300xi32>) -> tensor<300x128xf32>
  return %r : tensor<300x128xf32>
}

// -----

// One slice at a time where a thread may make several accesses per slice
// or none: slices of dynamic length, of 33 lanes (more than a warp, not
// whole warps), and (NARROW) of more lanes than a block holds; and for
// element types without an arith.constant zero.
// CHECK-LABEL: func.func @dynamic_rows(
// CHECK:         gpu.launch
// CHECK:           memref.load %{{.*}} : memref<300xi32>
// CHECK-NOT:       memref.load %{{.*}} : memref<300xi32>
// CHECK:         gpu.terminator
// CHECK:         gpu.launch
// CHECK:           memref.load %{{.*}} : memref<300xi32>
// CHECK-NOT:       memref.load %{{.*}} : memref<300xi32>
// CHECK:         gpu.terminator
func.func @dynamic_rows(%p: tensor<100x?xf32>, %i: tensor<300xi32>) -> tensor<300x?xf32> {
  %r = gather.gather %p[%i] : (tensor<100x?xf32>, tensor<300xi32>) -> tensor<300x?xf32>
  return %r : tensor<300x?xf32>
}

// CHECK-LABEL: func.func @rows33(
// CHECK:         scf.for
// CHECK:           memref.load %{{.*}} : memref<300xi32>
// CHECK-NOT:       memref.load %{{.*}} : memref<300xi32>
// CHECK:         gpu.terminator
func.func @rows33(%p: tensor<100x33xf32>, %i: tensor<300xi32>) -> tensor<300x33xf32> {
  %r = gather.gather %p[%i] : (tensor<100x33xf32>, tensor<300xi32>) -> tensor<300x33xf32>
  return %r : tensor<300x33xf32>
}

// CHECK-LABEL: func.func @unsigned(
// CHECK:         scf.for
// CHECK:           memref.load %{{.*}} : memref<300xi32>
// CHECK-NOT:       memref.load %{{.*}} : memref<300xi32>
// CHECK:         gpu.terminator
func.func @unsigned(%p: tensor<100xui8>, %i: tensor<300xi32>) -> tensor<300xui8> {
  %r = gather.gather %p[%i] mode<clamp> : (tensor<100xui8>, tensor<300xi32>) -> tensor<300xui8>
  return %r : tensor<300xui8>
}
