// RUN: gather-opt %s | gather-opt | FileCheck %s
// RUN: gather-opt %s --mlir-print-op-generic | gather-opt | FileCheck %s
// RUN: gather-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Round trip of the custom and the generic form; defaults are elided.

// CHECK-LABEL: func @gather_defaults
//  CHECK-SAME:   (%[[P:.*]]: tensor<3x4xf32>, %[[I:.*]]: tensor<2xi32>)
//       CHECK:   gather.gather %[[P]][%[[I]]] : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
// GENERIC-LABEL: sym_name = "gather_defaults"
//       GENERIC:   "gather.gather"(%{{.*}}, %{{.*}}) <{batch_dims = 0 : i64, mode = #gather.mode<error>}>
func.func @gather_defaults(%p: tensor<3x4xf32>, %i: tensor<2xi32>) -> tensor<2x4xf32> {
  %0 = gather.gather %p[%i] : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func @gather_all_attributes
//       CHECK:   gather.gather %{{.*}}[%{{.*}}] axis = -1 batch_dims = -1 mode<clamp> : (tensor<2x3x4xbf16>, tensor<2x5xi64>) -> tensor<2x3x5xbf16>
// GENERIC-LABEL: sym_name = "gather_all_attributes"
//       GENERIC:   <{axis = -1 : i64, batch_dims = -1 : i64, mode = #gather.mode<clamp>}>
func.func @gather_all_attributes(%p: tensor<2x3x4xbf16>, %i: tensor<2x5xi64>) -> tensor<2x3x5xbf16> {
  %0 = gather.gather %p[%i] axis = -1 batch_dims = -1 mode<clamp> : (tensor<2x3x4xbf16>, tensor<2x5xi64>) -> tensor<2x3x5xbf16>
  return %0 : tensor<2x3x5xbf16>
}

// CHECK-LABEL: func @gather_scalar_index_zero_mode
//       CHECK:   gather.gather %{{.*}}[%{{.*}}] axis = 1 mode<zero> : (tensor<3x4xi1>, tensor<index>) -> tensor<3xi1>
func.func @gather_scalar_index_zero_mode(%p: tensor<3x4xi1>, %i: tensor<index>) -> tensor<3xi1> {
  %0 = gather.gather %p[%i] axis = 1 mode<zero> : (tensor<3x4xi1>, tensor<index>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// The declared result may be less static than the inferred one.
// CHECK-LABEL: func @gather_dynamic
//       CHECK:   gather.gather %{{.*}}[%{{.*}}] : (tensor<?x4xcomplex<f32>>, tensor<?x2xi32>) -> tensor<?x?x4xcomplex<f32>>
func.func @gather_dynamic(%p: tensor<?x4xcomplex<f32>>, %i: tensor<?x2xi32>) -> tensor<?x?x4xcomplex<f32>> {
  %0 = gather.gather %p[%i] : (tensor<?x4xcomplex<f32>>, tensor<?x2xi32>) -> tensor<?x?x4xcomplex<f32>>
  return %0 : tensor<?x?x4xcomplex<f32>>
}

// CHECK-LABEL: func @gather_nd_defaults
//       CHECK:   gather.gather_nd %{{.*}}[%{{.*}}] : (tensor<2x2xf32>, tensor<2x2xi32>) -> tensor<2xf32>
// GENERIC-LABEL: sym_name = "gather_nd_defaults"
//       GENERIC:   "gather.gather_nd"(%{{.*}}, %{{.*}}) <{batch_dims = 0 : i64, mode = #gather.mode<error>}>
func.func @gather_nd_defaults(%p: tensor<2x2xf32>, %i: tensor<2x2xi32>) -> tensor<2xf32> {
  %0 = gather.gather_nd %p[%i] : (tensor<2x2xf32>, tensor<2x2xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// CHECK-LABEL: func @gather_nd_batch_zero_depth
//       CHECK:   gather.gather_nd %{{.*}}[%{{.*}}] batch_dims = 1 mode<zero> : (tensor<2x3xi8>, tensor<2x4x0xindex>) -> tensor<2x4x3xi8>
func.func @gather_nd_batch_zero_depth(%p: tensor<2x3xi8>, %i: tensor<2x4x0xindex>) -> tensor<2x4x3xi8> {
  %0 = gather.gather_nd %p[%i] batch_dims = 1 mode<zero> : (tensor<2x3xi8>, tensor<2x4x0xindex>) -> tensor<2x4x3xi8>
  return %0 : tensor<2x4x3xi8>
}

// Clamping into a static, non-empty dimension needs no zero of the element type.
// CHECK-LABEL: func @gather_clamp_complex
//       CHECK:   gather.gather %{{.*}}[%{{.*}}] mode<clamp> : (tensor<3xcomplex<f32>>, tensor<2xi32>) -> tensor<2xcomplex<f32>>
func.func @gather_clamp_complex(%p: tensor<3xcomplex<f32>>, %i: tensor<2xi32>) -> tensor<2xcomplex<f32>> {
  %0 = gather.gather %p[%i] mode<clamp> : (tensor<3xcomplex<f32>>, tensor<2xi32>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// Wrap mode (G-C13, N-C13) round-trips and, like error mode, needs no zero of
// the element type, even on a dynamic gathered dimension.
// CHECK-LABEL: func @gather_wrap_dynamic_complex
//       CHECK:   gather.gather %{{.*}}[%{{.*}}] mode<wrap> : (tensor<?xcomplex<f32>>, tensor<2xi32>) -> tensor<2xcomplex<f32>>
//       CHECK:   gather.gather_nd %{{.*}}[%{{.*}}] mode<wrap> : (tensor<?xcomplex<f32>>, tensor<2x1xi64>) -> tensor<2xcomplex<f32>>
func.func @gather_wrap_dynamic_complex(%p: tensor<?xcomplex<f32>>, %i: tensor<2xi32>, %j: tensor<2x1xi64>) -> (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) {
  %0 = gather.gather %p[%i] mode<wrap> : (tensor<?xcomplex<f32>>, tensor<2xi32>) -> tensor<2xcomplex<f32>>
  %1 = gather.gather_nd %p[%j] mode<wrap> : (tensor<?xcomplex<f32>>, tensor<2x1xi64>) -> tensor<2xcomplex<f32>>
  return %0, %1 : tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>
}

// The buffer form (G-C14, N-C14): memref operands, `into` an output memref
// whose layout and memory space are free (G-C15, N-C15), no result.
// CHECK-LABEL: func @gather_buffer_form
//  CHECK-SAME:   (%[[P:.*]]: memref<3x4xf32>, %[[I:.*]]: memref<2xi32>, %[[O:.*]]: memref<2x4xf32>)
//       CHECK:   gather.gather %[[P]][%[[I]]] into %[[O]] : (memref<3x4xf32>, memref<2xi32>, memref<2x4xf32>) -> ()
// GENERIC-LABEL: sym_name = "gather_buffer_form"
//       GENERIC:   "gather.gather"(%{{.*}}, %{{.*}}, %{{.*}}) <{batch_dims = 0 : i64, mode = #gather.mode<error>}> : (memref<3x4xf32>, memref<2xi32>, memref<2x4xf32>) -> ()
func.func @gather_buffer_form(%p: memref<3x4xf32>, %i: memref<2xi32>, %o: memref<2x4xf32>) {
  gather.gather %p[%i] into %o : (memref<3x4xf32>, memref<2xi32>, memref<2x4xf32>) -> ()
  return
}

// CHECK-LABEL: func @gather_buffer_form_attributes_dynamic_strided
//       CHECK:   gather.gather %{{.*}}[%{{.*}}] into %{{.*}} axis = -1 batch_dims = 1 mode<wrap> : (memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<?x5xi64>, memref<8x5xf32, strided<[16, 1]>, 1>) -> ()
//       CHECK:   gather.gather_nd %{{.*}}[%{{.*}}] into %{{.*}} batch_dims = 1 mode<zero> : (memref<2x3x4xf32>, memref<2x7x1xindex>, memref<2x7x4xf32>) -> ()
// GENERIC-LABEL: sym_name = "gather_buffer_form_attributes_dynamic_strided"
//       GENERIC:   "gather.gather"(%{{.*}}, %{{.*}}, %{{.*}}) <{axis = -1 : i64, batch_dims = 1 : i64, mode = #gather.mode<wrap>}>
//       GENERIC:   "gather.gather_nd"(%{{.*}}, %{{.*}}, %{{.*}}) <{batch_dims = 1 : i64, mode = #gather.mode<zero>}> : (memref<2x3x4xf32>, memref<2x7x1xindex>, memref<2x7x4xf32>) -> ()
func.func @gather_buffer_form_attributes_dynamic_strided(
    %p: memref<?x?xf32, strided<[?, 1], offset: ?>>, %i: memref<?x5xi64>,
    %o: memref<8x5xf32, strided<[16, 1]>, 1>, %q: memref<2x3x4xf32>,
    %j: memref<2x7x1xindex>, %r: memref<2x7x4xf32>) {
  gather.gather %p[%i] into %o axis = -1 batch_dims = 1 mode<wrap> : (memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<?x5xi64>, memref<8x5xf32, strided<[16, 1]>, 1>) -> ()
  gather.gather_nd %q[%j] into %r batch_dims = 1 mode<zero> : (memref<2x3x4xf32>, memref<2x7x1xindex>, memref<2x7x4xf32>) -> ()
  return
}
