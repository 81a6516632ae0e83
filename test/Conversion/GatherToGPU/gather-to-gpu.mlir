// The kernel body of one slice per thread and step; slices-in-flight.mlir
// checks the body of several (the default where each thread makes one
// access per slice).
// RUN: gather-opt %s -split-input-file -convert-gather-to-gpu="slices-per-thread=1" -canonicalize -cse | FileCheck %s
// RUN: gather-opt %s -split-input-file -convert-gather-to-gpu="host-only slices-per-thread=1" -canonicalize -cse | FileCheck %s --check-prefix=HOST
// RUN: gather-opt %s -split-input-file -convert-gather-to-gpu="vectorize=0 slices-per-thread=1" -canonicalize -cse | FileCheck %s --check-prefix=SCALAR

// A contiguous f32 slice of 8 elements: 128-bit accesses (2 per slice),
// 2 lanes per slice and 128 slices per block. Host tensors are copied to
// gpu.alloc buffers and the result back.

// CHECK-LABEL: func.func @vector_f32(
// CHECK-SAME:      %[[P:.*]]: tensor<4x8xf32>, %[[I:.*]]: tensor<3xi32>)
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C128:.*]] = arith.constant 128 : index
// CHECK:         %[[PB:.*]] = bufferization.to_buffer %[[P]] read_only : tensor<4x8xf32> to memref<4x8xf32>
// CHECK:         %[[IB:.*]] = bufferization.to_buffer %[[I]] read_only : tensor<3xi32> to memref<3xi32>
// CHECK:         %[[OUT:.*]] = memref.alloc() : memref<3x8xf32>
// CHECK:         %[[PF:.*]] = memref.reinterpret_cast %[[PB]] to offset: [0], sizes: [32], strides: [1] : memref<4x8xf32> to memref<32xf32>
// CHECK:         %[[OUTF:.*]] = memref.reinterpret_cast %[[OUT]] to offset: [0], sizes: [24], strides: [1] : memref<3x8xf32> to memref<24xf32>
// CHECK:         %[[DP:.*]] = gpu.alloc () {bufferization.manual_deallocation} : memref<32xf32>
// CHECK:         gpu.memcpy %[[DP]], %[[PF]]
// CHECK:         %[[DI:.*]] = gpu.alloc () {bufferization.manual_deallocation} : memref<3xi32>
// CHECK:         gpu.memcpy %[[DI]], %[[IB]]
// CHECK:         %[[DR:.*]] = gpu.alloc () {bufferization.manual_deallocation} : memref<24xf32>
// CHECK:         gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %{{.*}}) in (%[[GX:.*]] = %{{.*}}, %[[GY:.*]] = %{{.*}}, %{{.*}} = %{{.*}}) threads(%[[TX:.*]], %[[TY:.*]], %{{.*}}) in (%[[BDX:.*]] = %[[C2]], %[[BDY:.*]] = %[[C128]], %{{.*}} = %{{.*}})
// Grid-stride loop over slices, one index load and check per slice.
// CHECK:           %[[SSTEP:.*]] = arith.muli %[[GX]], %[[BDY]]
// CHECK:           scf.for %[[R:.*]] = %[[TY]] to %[[C3]] step %[[SSTEP]]
// CHECK:             %[[RAW:.*]] = memref.load %[[DI]][%{{.*}}] {alignment = 4 : i64} : memref<3xi32>
// CHECK:             %[[K:.*]] = arith.index_cast %[[RAW]] : i32 to index
// CHECK:             %[[BAD:.*]] = arith.cmpi uge, %[[K]], %[[C4]]
// CHECK:             scf.if %[[BAD]] {
// CHECK:               gpu.printf "gather.gather at loc({{.*}}): index %lld is out of bounds [0, %lld) in params dimension 0\0A"
// CHECK:               cf.assert %false, "gather.gather at loc({{.*}}): index out of bounds"
// CHECK:             }
// CHECK:             %[[SRC:.*]] = arith.muli %{{.*}}, %[[C8]] : index
// CHECK:             %[[DST:.*]] = arith.muli %[[R]], %[[C8]] : index
// Lanes of a slice: consecutive threads, consecutive 16-byte vectors.
// CHECK:             %[[ESTEP:.*]] = arith.muli %[[GY]], %[[BDX]]
// CHECK:             scf.for %[[E:.*]] = %[[TX]] to %[[C2]] step %[[ESTEP]]
// CHECK:               %[[OFF:.*]] = arith.muli %[[E]], %[[C4]]
// CHECK:               %[[FROM:.*]] = arith.addi %[[SRC]], %[[OFF]]
// CHECK:               %[[V:.*]] = vector.load %[[DP]][%[[FROM]]] {alignment = 16 : i64} : memref<32xf32>, vector<4xf32>
// CHECK:               %[[TO:.*]] = arith.addi %[[DST]], %[[OFF]]
// CHECK:               vector.store %[[V]], %[[DR]][%[[TO]]] {alignment = 16 : i64} : memref<24xf32>, vector<4xf32>
// CHECK:           gpu.terminator
// CHECK:         gpu.memcpy %[[OUTF]], %[[DR]]
// CHECK:         gpu.dealloc %[[DP]] {bufferization.manual_deallocation}
// CHECK:         gpu.dealloc %[[DI]] {bufferization.manual_deallocation}
// CHECK:         gpu.dealloc %[[DR]] {bufferization.manual_deallocation}
// CHECK:         %[[RES:.*]] = bufferization.to_tensor %[[OUT]] restrict writable
// CHECK:         return %[[RES]]

// The same kernel body on host memory inside an scf.parallel over
// (block x, block y, thread y, thread x), unit dimensions folded here; no
// alignment is promised there, and errors call the out-of-bounds handler.

// HOST-LABEL: func.func @gather_out_of_bounds(
// HOST-LABEL: func.func @vector_f32(
// HOST-NOT:     gpu.launch
// HOST:         scf.parallel
// HOST:           scf.for
// HOST:             func.call @gather_out_of_bounds(
// HOST:             scf.for
// HOST:               %[[V:.*]] = vector.load %{{.*}}[%{{.*}}] : memref<32xf32>, vector<4xf32>
// HOST:               vector.store %[[V]], %{{.*}}[%{{.*}}] : memref<24xf32>, vector<4xf32>

// SCALAR-LABEL: func.func @vector_f32(
// SCALAR-NOT:     vector.load
// SCALAR:         memref.load %{{.*}}[%{{.*}}] {alignment = 4 : i64} : memref<32xf32>
// SCALAR-NOT:     vector.store
func.func @vector_f32(%p: tensor<4x8xf32>, %i: tensor<3xi32>) -> tensor<3x8xf32> {
  %r = gather.gather %p[%i] : (tensor<4x8xf32>, tensor<3xi32>) -> tensor<3x8xf32>
  return %r : tensor<3x8xf32>
}

// -----

// A slice of 6 f32 is not a multiple of 4: scalar accesses; zero mode stores
// zeros for a bad index instead of reading.

// CHECK-LABEL: func.func @scalar_zero(
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         gpu.launch
// CHECK:           %[[RAW:.*]] = memref.load %{{.*}}[%{{.*}}] {alignment = 8 : i64} : memref<3xi64>
// CHECK:           %[[K:.*]] = arith.index_cast %[[RAW]] : i64 to index
// CHECK:           %[[OK:.*]] = arith.cmpi ult, %[[K]], %{{.*}} : index
// CHECK:           %[[SAFE:.*]] = arith.select %[[OK]], %[[K]], %{{.*}} : index
// CHECK:           scf.if %[[OK]] {
// CHECK:             scf.for
// CHECK:               %[[V:.*]] = memref.load %{{.*}}[%{{.*}}] {alignment = 4 : i64} : memref<24xf32>
// CHECK:               memref.store %[[V]], %{{.*}}[%{{.*}}] {alignment = 4 : i64} : memref<18xf32>
// CHECK:           } else {
// CHECK:             scf.for
// CHECK:               memref.store %[[ZERO]], %{{.*}}[%{{.*}}] {alignment = 4 : i64} : memref<18xf32>
// CHECK-NOT:     vector.load
func.func @scalar_zero(%p: tensor<4x6xf32>, %i: tensor<3xi64>) -> tensor<3x6xf32> {
  %r = gather.gather %p[%i] mode<zero> : (tensor<4x6xf32>, tensor<3xi64>) -> tensor<3x6xf32>
  return %r : tensor<3x6xf32>
}

// -----

// A dynamic slice length picks the 8 x f16 kernel or the scalar one at run
// time; clamp mode clamps and zeroes slices of an empty axis.

// CHECK-LABEL: func.func @dynamic_clamp(
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK:         %[[S:.*]] = tensor.dim %{{.*}}, %[[C1]] : tensor<?x?xf16>
// CHECK:         %[[D:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x?xf16>
// CHECK:         %[[REM:.*]] = arith.remui %[[S]], %[[C8]]
// CHECK:         %[[WIDE:.*]] = arith.cmpi eq, %[[REM]], %{{.*}}
// CHECK:         scf.if %[[WIDE]] {
// CHECK:           gpu.launch
// CHECK:             %[[K:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<?xindex>
// CHECK:             %[[LAST:.*]] = arith.subi %[[D]], %[[C1]]
// CHECK:             %[[MIN:.*]] = arith.minsi %[[K]], %[[LAST]]
// CHECK:             arith.maxsi %[[MIN]], %{{.*}}
// CHECK:             %[[NONEMPTY:.*]] = arith.cmpi ne, %[[D]], %{{.*}}
// CHECK:             scf.if %[[NONEMPTY]] {
// CHECK:               vector.load %{{.*}} {alignment = 16 : i64} : memref<?xf16>, vector<8xf16>
// CHECK:         } else {
// CHECK:           gpu.launch
// CHECK:               memref.load %{{.*}}[%{{.*}}] {alignment = 2 : i64} : memref<?xf16>
func.func @dynamic_clamp(%p: tensor<?x?xf16>, %i: tensor<?xindex>) -> tensor<?x?xf16> {
  %r = gather.gather %p[%i] mode<clamp> : (tensor<?x?xf16>, tensor<?xindex>) -> tensor<?x?xf16>
  return %r : tensor<?x?xf16>
}

// -----

// gather_nd: one check per index component, each against its own dimension,
// and the slice of 4 i32 moved as one 128-bit vector. Both components are
// loaded before the first check, so that neither load waits for the other.

// CHECK-LABEL: func.func @nd_error(
// CHECK:         gpu.launch
// CHECK:           %[[K0:.*]] = memref.load %{{.*}}[%{{.*}}] {alignment = 4 : i64} : memref<10xi32>
// CHECK:           %[[K1:.*]] = memref.load %{{.*}}[%{{.*}}] {alignment = 4 : i64} : memref<10xi32>
// CHECK:           gpu.printf "gather.gather_nd at loc({{.*}}): index %lld is out of bounds [0, %lld) in params dimension 0\0A"
// CHECK:           gpu.printf "gather.gather_nd at loc({{.*}}): index %lld is out of bounds [0, %lld) in params dimension 1\0A"
// CHECK:           vector.load %{{.*}} {alignment = 16 : i64} : memref<24xi32>, vector<4xi32>
func.func @nd_error(%p: tensor<2x3x4xi32>, %i: tensor<5x2xi32>) -> tensor<5x4xi32> {
  %r = gather.gather_nd %p[%i] : (tensor<2x3x4xi32>, tensor<5x2xi32>) -> tensor<5x4xi32>
  return %r : tensor<5x4xi32>
}

// -----

// Batch and outer dimensions: slice r = (batch, outer, position) reads
// params slice (batch * O + outer) * D + k; indices of rank 0 are flattened
// to one element.

// CHECK-LABEL: func.func @scalar_index(
// CHECK:         memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [1], strides: [1] : memref<i32> to memref<1xi32>
// CHECK:         gpu.launch
func.func @scalar_index(%p: tensor<3x5xf32>, %i: tensor<i32>) -> tensor<3xf32> {
  %r = gather.gather %p[%i] axis = 1 mode<zero> : (tensor<3x5xf32>, tensor<i32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

// Wrap mode in a kernel: a negative index in [-n, 0) is wrapped to n + i,
// then checked as in error mode (the device check names the index).

// CHECK-LABEL: func.func @wrap_rows(
// CHECK:         gpu.launch
// CHECK:             %[[K:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK-DAG:         %[[SUM:.*]] = arith.addi %[[K]], %[[N:.*]] : index
// CHECK-DAG:         %[[NEG:.*]] = arith.cmpi slt, %[[K]], %{{.*}} : index
// CHECK-DAG:         %[[FITS:.*]] = arith.cmpi sge, %[[SUM]], %{{.*}} : index
// CHECK:             %[[USE:.*]] = arith.andi %[[NEG]], %[[FITS]] : i1
// CHECK:             %[[W:.*]] = arith.select %[[USE]], %[[SUM]], %[[K]] : index
// CHECK:             %[[BAD:.*]] = arith.cmpi uge, %[[W]], %[[N]]
// CHECK:             scf.if %[[BAD]] {
// CHECK:               gpu.printf
// CHECK:               cf.assert
// CHECK:           gpu.terminator
// HOST-LABEL: func.func @wrap_rows(
// HOST:         scf.parallel
// HOST:           arith.select
// HOST:           scf.if
// HOST:             call @gather_out_of_bounds
// SCALAR-LABEL: func.func @wrap_rows(
func.func @wrap_rows(%p: tensor<5x8xf32>, %i: tensor<3xi64>) -> tensor<3x8xf32> {
  %0 = gather.gather %p[%i] mode<wrap> : (tensor<5x8xf32>, tensor<3xi64>) -> tensor<3x8xf32>
  return %0 : tensor<3x8xf32>
}

// -----

// Dynamic sizes that must agree (the batch of params and of indices) are
// compared on the host before anything is copied to the device or launched;
// a mismatch is reported to the handler with dim = -1 - 0, and if the
// handler returns, the result is zeros and no kernel runs.
// CHECK-LABEL: func.func @batch_mismatch(
//  CHECK-SAME:     %[[P:.*]]: tensor<?x4xf32>, %[[I:.*]]: tensor<?x2xi32>)
//   CHECK-DAG:   %[[PB:.*]] = tensor.dim %[[P]], %c0
//   CHECK-DAG:   %[[IB:.*]] = tensor.dim %[[I]], %c0
//       CHECK:   %[[BAD:.*]] = arith.cmpi ne, %[[IB]], %[[PB]] : index
//       CHECK:   scf.if %[[BAD]] {
//       CHECK:     func.call @gather_out_of_bounds(%{{.*}}, %{{.*}}, %{{.*}}, %c-1_i64, %{{.*}})
//       CHECK:     scf.for
//       CHECK:       memref.store %{{.*}}, %{{.*}} : memref<?xf32>
//       CHECK:   } else {
//       CHECK:     gpu.alloc
//       CHECK:     gpu.launch
//       CHECK:     gpu.memcpy
//       CHECK:   }
// HOST-LABEL: func.func @batch_mismatch(
//       HOST:   %[[BAD:.*]] = arith.cmpi ne
//       HOST:   scf.if %[[BAD]] {
//       HOST:     func.call @gather_out_of_bounds
//       HOST:   } else {
//   HOST-NOT:     gpu.alloc
//       HOST:     scf.parallel
func.func @batch_mismatch(%p: tensor<?x4xf32>, %i: tensor<?x2xi32>) -> tensor<?x2xf32> {
  %r = gather.gather %p[%i] batch_dims = 1 mode<zero> : (tensor<?x4xf32>, tensor<?x2xi32>) -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}

// -----

// Complex numbers (and vectors) are payloads: the kernel loads and stores
// each element whole, one per access. On the host, after a handler that
// returns, a reported index reads as clamp mode (no zero attribute for the
// type, as on the CPU: docs/spec.md, "Element types").
// CHECK-LABEL: func.func @complex_rows(
// CHECK:         gpu.launch
// CHECK:           %[[V:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<8xcomplex<f32>>
// CHECK:           memref.store %[[V]], %{{.*}}[%{{.*}}] : memref<6xcomplex<f32>>
// HOST-LABEL:  func.func @complex_rows(
// HOST:          scf.parallel
// HOST:            func.call @gather_out_of_bounds
// HOST:            arith.minsi
// HOST:            arith.maxsi
// HOST-NOT:        complex.constant
// HOST:            memref.load {{.*}} : memref<8xcomplex<f32>{{.*}}>
func.func @complex_rows(%p: tensor<4x2xcomplex<f32>>, %i: tensor<3xi32>) -> tensor<3x2xcomplex<f32>> {
  %0 = gather.gather %p[%i] : (tensor<4x2xcomplex<f32>>, tensor<3xi32>) -> tensor<3x2xcomplex<f32>>
  return %0 : tensor<3x2xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func @vector_rows(
// CHECK:         gpu.launch
// CHECK:           %[[V:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<4xvector<4xf32>>
// CHECK:           memref.store %[[V]], %{{.*}}[%{{.*}}] : memref<3xvector<4xf32>>
// SCALAR-LABEL: func.func @vector_rows(
func.func @vector_rows(%p: tensor<4xvector<4xf32>>, %i: tensor<3xi32>) -> tensor<3xvector<4xf32>> {
  %0 = gather.gather %p[%i] mode<clamp> : (tensor<4xvector<4xf32>>, tensor<3xi32>) -> tensor<3xvector<4xf32>>
  return %0 : tensor<3xvector<4xf32>>
}
