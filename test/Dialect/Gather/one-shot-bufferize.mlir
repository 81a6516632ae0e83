// RUN: gather-opt %s --one-shot-bufferize="bufferize-function-boundaries" --split-input-file \
// RUN: | FileCheck %s
// RUN: gather-opt %s --one-shot-bufferize="bufferize-function-boundaries test-analysis-only" \
// RUN:     --split-input-file \
// RUN: | FileCheck %s --check-prefix=ANALYSIS

// The tensor form reads params and indices (never copied, never written),
// allocates its result and becomes the buffer form writing there. A result
// that is returned is that allocation: no copy.

// CHECK-LABEL: func.func @static
//  CHECK-SAME:   (%[[P:.*]]: memref<3x4xf32{{.*}}>, %[[I:.*]]: memref<2xi32{{.*}}>) -> memref<2x4xf32>
//   CHECK-NOT:   memref.copy
//       CHECK:   %[[A:.*]] = memref.alloc() {{.*}}: memref<2x4xf32>
//  CHECK-NEXT:   gather.gather %[[P]][%[[I]]] into %[[A]] : (memref<3x4xf32, strided<[?, ?], offset: ?>>, memref<2xi32, strided<[?], offset: ?>>, memref<2x4xf32>) -> ()
//   CHECK-NOT:   memref.copy
//       CHECK:   return %[[A]]
// ANALYSIS-LABEL: func.func @static
//       ANALYSIS:   gather.gather {{.*}} {__inplace_operands_attr__ = ["true", "true"]}
func.func @static(%p: tensor<3x4xf32>, %i: tensor<2xi32>) -> tensor<2x4xf32> {
  %0 = gather.gather %p[%i] : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Dynamic sizes are reified from the operands (the batch dimension from
// params, the position one is static in indices); attributes carry over.
// CHECK-LABEL: func.func @dynamic
//  CHECK-SAME:   (%[[P:.*]]: memref<?x?xf32{{.*}}>, %[[I:.*]]: memref<?x5xi64{{.*}}>)
//       CHECK:   %[[C0:.*]] = arith.constant 0 : index
//       CHECK:   %[[D:.*]] = memref.dim %[[P]], %[[C0]]
//       CHECK:   %[[A:.*]] = memref.alloc(%[[D]]) {{.*}}: memref<?x5xf32>
//  CHECK-NEXT:   gather.gather %[[P]][%[[I]]] into %[[A]] axis = 1 batch_dims = 1 mode<zero> :
//   CHECK-NOT:   memref.copy
//       CHECK:   return %[[A]]
func.func @dynamic(%p: tensor<?x?xf32>, %i: tensor<?x5xi64>) -> tensor<?x5xf32> {
  %0 = gather.gather %p[%i] axis = 1 batch_dims = 1 mode<zero> : (tensor<?x?xf32>, tensor<?x5xi64>) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// -----

// CHECK-LABEL: func.func @nd
//  CHECK-SAME:   (%[[P:.*]]: memref<4x3x2xf32{{.*}}>, %[[I:.*]]: memref<?x2xindex{{.*}}>)
//       CHECK:   %[[D:.*]] = memref.dim %[[I]], %{{.*}}
//       CHECK:   %[[A:.*]] = memref.alloc(%[[D]]) {{.*}}: memref<?x2xf32>
//  CHECK-NEXT:   gather.gather_nd %[[P]][%[[I]]] into %[[A]] mode<wrap> :
//   CHECK-NOT:   memref.copy
//       CHECK:   return %[[A]]
func.func @nd(%p: tensor<4x3x2xf32>, %i: tensor<?x2xindex>) -> tensor<?x2xf32> {
  %0 = gather.gather_nd %p[%i] mode<wrap> : (tensor<4x3x2xf32>, tensor<?x2xindex>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// Tiled by hand with scf.for: the indices of a tile are a subview (no copy),
// the loop carries the destination in place, and the tile's result, a new
// allocation, is copied into its slot once (the insert_slice): the one copy
// an allocating op in a tile needs.
// CHECK-LABEL: func.func @for_tiled
//  CHECK-SAME:   (%[[P:.*]]: memref<100x8xf32{{.*}}>, %[[I:.*]]: memref<16xi32{{.*}}>, %[[INIT:.*]]: memref<16x8xf32{{.*}}>)
//   CHECK-NOT:   memref.copy
//       CHECK:   %[[R:.*]] = scf.for %[[K:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]])
//       CHECK:     %[[IS:.*]] = memref.subview %[[I]][%[[K]]] [4] [1]
//       CHECK:     %[[A:.*]] = memref.alloc() {{.*}}: memref<4x8xf32>
//  CHECK-NEXT:     gather.gather %[[P]][%[[IS]]] into %[[A]] :
//       CHECK:     %[[SLOT:.*]] = memref.subview %[[ACC]][%[[K]], 0] [4, 8] [1, 1]
//  CHECK-NEXT:     memref.copy %[[A]], %[[SLOT]]
//  CHECK-NEXT:     scf.yield %[[ACC]]
//   CHECK-NOT:   memref.copy
//       CHECK:   return %[[R]]
// ANALYSIS-LABEL: func.func @for_tiled
//       ANALYSIS:   tensor.extract_slice {{.*}} {__inplace_operands_attr__ = ["true", "none"]}
//       ANALYSIS:   gather.gather {{.*}} {__inplace_operands_attr__ = ["true", "true"]}
//       ANALYSIS:   tensor.insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true", "none"]}
//       ANALYSIS:   scf.yield {__inplace_operands_attr__ = ["true"]}
//       ANALYSIS:   } {__inplace_operands_attr__ = ["none", "none", "none", "true"]}
func.func @for_tiled(%p: tensor<100x8xf32>, %i: tensor<16xi32>, %init: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %r = scf.for %k = %c0 to %c16 step %c4 iter_args(%acc = %init) -> tensor<16x8xf32> {
    %is = tensor.extract_slice %i[%k] [4] [1] : tensor<16xi32> to tensor<4xi32>
    %g = gather.gather %p[%is] : (tensor<100x8xf32>, tensor<4xi32>) -> tensor<4x8xf32>
    %u = tensor.insert_slice %g into %acc[%k, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x8xf32>
    scf.yield %u : tensor<16x8xf32>
  }
  return %r : tensor<16x8xf32>
}

// -----

// Tiled by hand with scf.forall: each thread gathers into its own
// allocation and copies it into its slot of the shared result.
// CHECK-LABEL: func.func @forall_tiled
//  CHECK-SAME:   (%[[P:.*]]: memref<100x8xf32{{.*}}>, %[[I:.*]]: memref<16xi32{{.*}}>)
//       CHECK:   %[[OUT:.*]] = memref.alloc() {{.*}}: memref<16x8xf32>
//       CHECK:   scf.forall (%[[T:.*]]) in (4) {
//       CHECK:     %[[K:.*]] = affine.apply
//       CHECK:     %[[IS:.*]] = memref.subview %[[I]][%[[K]]] [4] [1]
//       CHECK:     %[[A:.*]] = memref.alloc() {{.*}}: memref<4x8xf32>
//  CHECK-NEXT:     gather.gather %[[P]][%[[IS]]] into %[[A]] :
//  CHECK-NEXT:     %[[SLOT:.*]] = memref.subview %[[OUT]][%[[K]], 0] [4, 8] [1, 1]
//  CHECK-NEXT:     memref.copy %[[A]], %[[SLOT]]
//  CHECK-NEXT:   }
//   CHECK-NOT:   memref.copy
//       CHECK:   return %[[OUT]]
// ANALYSIS-LABEL: func.func @forall_tiled
//       ANALYSIS:   gather.gather {{.*}} {__inplace_operands_attr__ = ["true", "true"]}
//       ANALYSIS:   tensor.parallel_insert_slice {{.*}} {__inplace_operands_attr__ = ["true", "true", "none"]}
func.func @forall_tiled(%p: tensor<100x8xf32>, %i: tensor<16xi32>) -> tensor<16x8xf32> {
  %e = tensor.empty() : tensor<16x8xf32>
  %r = scf.forall (%t) in (4) shared_outs(%o = %e) -> tensor<16x8xf32> {
    %k = affine.apply affine_map<(d0) -> (d0 * 4)>(%t)
    %is = tensor.extract_slice %i[%k] [4] [1] : tensor<16xi32> to tensor<4xi32>
    %g = gather.gather %p[%is] : (tensor<100x8xf32>, tensor<4xi32>) -> tensor<4x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %g into %o[%k, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<16x8xf32>
    }
  }
  return %r : tensor<16x8xf32>
}

// -----

// The gather reads %t before the fill overwrites it: the fill writes %t in
// place, after the gather.
// CHECK-LABEL: func.func @read_then_write
//  CHECK-SAME:   (%[[T:.*]]: memref<4x8xf32{{.*}}>, %[[I:.*]]: memref<2xi32{{.*}}>, %[[F:.*]]: f32)
//       CHECK:   gather.gather %[[T]][%[[I]]] into
//  CHECK-NEXT:   linalg.fill ins(%[[F]] : f32) outs(%[[T]] :
// ANALYSIS-LABEL: func.func @read_then_write
//       ANALYSIS:   gather.gather {{.*}} {__inplace_operands_attr__ = ["true", "true"]}
//       ANALYSIS:   linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
func.func @read_then_write(%t: tensor<4x8xf32>, %i: tensor<2xi32>, %f: f32) -> (tensor<2x8xf32>, tensor<4x8xf32>) {
  %g = gather.gather %t[%i] : (tensor<4x8xf32>, tensor<2xi32>) -> tensor<2x8xf32>
  %w = linalg.fill ins(%f : f32) outs(%t : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %g, %w : tensor<2x8xf32>, tensor<4x8xf32>
}

// -----

// The gather reads %t after the fill: the fill must not overwrite %t (it
// writes a new buffer) and the gather reads the original.
// CHECK-LABEL: func.func @write_then_read
//  CHECK-SAME:   (%[[T:.*]]: memref<4x8xf32{{.*}}>, %[[I:.*]]: memref<2xi32{{.*}}>, %[[F:.*]]: f32)
//       CHECK:   %[[W:.*]] = memref.alloc() {{.*}}: memref<4x8xf32>
//       CHECK:   linalg.fill ins(%[[F]] : f32) outs(%[[W]] :
//       CHECK:   gather.gather %[[T]][%[[I]]] into
// ANALYSIS-LABEL: func.func @write_then_read
//       ANALYSIS:   linalg.fill {__inplace_operands_attr__ = ["none", "false"]}
//       ANALYSIS:   gather.gather {{.*}} {__inplace_operands_attr__ = ["true", "true"]}
func.func @write_then_read(%t: tensor<4x8xf32>, %i: tensor<2xi32>, %f: f32) -> (tensor<2x8xf32>, tensor<4x8xf32>) {
  %w = linalg.fill ins(%f : f32) outs(%t : tensor<4x8xf32>) -> tensor<4x8xf32>
  %g = gather.gather %t[%i] : (tensor<4x8xf32>, tensor<2xi32>) -> tensor<2x8xf32>
  return %g, %w : tensor<2x8xf32>, tensor<4x8xf32>
}

// -----

// The gathered tensor is a new, writable allocation: an op that overwrites
// it does so in place.
// CHECK-LABEL: func.func @write_result
//       CHECK:   %[[A:.*]] = memref.alloc() {{.*}}: memref<2x8xf32>
//  CHECK-NEXT:   gather.gather %{{.*}}[%{{.*}}] into %[[A]]
//  CHECK-NEXT:   linalg.fill ins(%{{.*}} : f32) outs(%[[A]] :
//   CHECK-NOT:   memref.copy
//       CHECK:   return %[[A]]
// ANALYSIS-LABEL: func.func @write_result
//       ANALYSIS:   linalg.fill {__inplace_operands_attr__ = ["none", "true"]}
func.func @write_result(%p: tensor<4x8xf32>, %i: tensor<2xi32>, %f: f32) -> tensor<2x8xf32> {
  %g = gather.gather %p[%i] : (tensor<4x8xf32>, tensor<2xi32>) -> tensor<2x8xf32>
  %w = linalg.fill ins(%f : f32) outs(%g : tensor<2x8xf32>) -> tensor<2x8xf32>
  return %w : tensor<2x8xf32>
}

// -----

// A gather whose params live in another memory space allocates its result
// there (as tensor.pad takes its source's).
// CHECK-LABEL: func.func @memory_space
//       CHECK:   %[[A:.*]] = memref.alloc() {{.*}}: memref<2x4xf32, 1>
//  CHECK-NEXT:   gather.gather %{{.*}}[%{{.*}}] into %[[A]] : (memref<3x4xf32, 1>, memref<2xi32>, memref<2x4xf32, 1>) -> ()
func.func @memory_space(%p: memref<3x4xf32, 1>, %i: memref<2xi32>) -> memref<2x4xf32, 1> {
  %pt = bufferization.to_tensor %p restrict : memref<3x4xf32, 1> to tensor<3x4xf32>
  %it = bufferization.to_tensor %i restrict : memref<2xi32> to tensor<2xi32>
  %g = gather.gather %pt[%it] : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  %b = bufferization.to_buffer %g : tensor<2x4xf32> to memref<2x4xf32, 1>
  return %b : memref<2x4xf32, 1>
}
