// RUN: gather-opt %s -split-input-file -verify-diagnostics

// Each case breaks one constraint of docs/spec.md; the function is named
// after it (G-Cn: gather.gather, N-Cn: gather.gather_nd).

//===----------------------------------------------------------------------===//
// gather.gather
//===----------------------------------------------------------------------===//

func.func @gather_c1_params_rank_0(%p: tensor<f32>, %i: tensor<2xi32>) {
  // expected-error@+1 {{'gather.gather' op params must have rank >= 1, got 0-d 'tensor<f32>'}}
  %0 = gather.gather %p[%i] : (tensor<f32>, tensor<2xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_c1_params_unranked(%p: tensor<*xf32>, %i: tensor<2xi32>) {
  // expected-error@+1 {{operand #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = gather.gather %p[%i] : (tensor<*xf32>, tensor<2xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_c1_params_memref(%p: memref<4xf32>, %i: tensor<2xi32>) {
  // expected-error@+1 {{operand #0 must be ranked tensor of any type values, but got 'memref<4xf32>'}}
  %0 = "gather.gather"(%p, %i) : (memref<4xf32>, tensor<2xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_c2_indices_float(%p: tensor<4xf32>, %i: tensor<2xf32>) {
  // expected-error@+1 {{operand #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer or index values, but got 'tensor<2xf32>'}}
  %0 = gather.gather %p[%i] : (tensor<4xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_c2_indices_i1(%p: tensor<4xf32>, %i: tensor<2xi1>) {
  // expected-error@+1 {{operand #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer or index values, but got 'tensor<2xi1>'}}
  %0 = gather.gather %p[%i] : (tensor<4xf32>, tensor<2xi1>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_c2_indices_i16(%p: tensor<4xf32>, %i: tensor<2xi16>) {
  // expected-error@+1 {{operand #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer or index values, but got 'tensor<2xi16>'}}
  %0 = gather.gather %p[%i] : (tensor<4xf32>, tensor<2xi16>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_c2_indices_unsigned(%p: tensor<4xf32>, %i: tensor<2xui32>) {
  // expected-error@+1 {{operand #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer or index values, but got 'tensor<2xui32>'}}
  %0 = gather.gather %p[%i] : (tensor<4xf32>, tensor<2xui32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_c2_indices_unranked(%p: tensor<4xf32>, %i: tensor<*xi32>) {
  // expected-error@+1 {{operand #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer or index values, but got 'tensor<*xi32>'}}
  %0 = gather.gather %p[%i] : (tensor<4xf32>, tensor<*xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_c3_batch_dims_above_indices_rank(%p: tensor<2x3x4xf32>, %i: tensor<2x3xi32>) {
  // expected-error@+1 {{'gather.gather' op 'batch_dims' (3) must be in [-2, 2] for indices of rank 2}}
  %0 = gather.gather %p[%i] batch_dims = 3 : (tensor<2x3x4xf32>, tensor<2x3xi32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @gather_c3_batch_dims_below_minus_indices_rank(%p: tensor<2x3x4xf32>, %i: tensor<2x3xi32>) {
  // expected-error@+1 {{'gather.gather' op 'batch_dims' (-3) must be in [-2, 2] for indices of rank 2}}
  %0 = gather.gather %p[%i] batch_dims = -3 : (tensor<2x3x4xf32>, tensor<2x3xi32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @gather_c4_batch_dims_not_below_params_rank(%p: tensor<2xf32>, %i: tensor<2x3xi32>) {
  // expected-error@+1 {{'gather.gather' op normalized 'batch_dims' (1) must be less than the rank of params (1)}}
  %0 = gather.gather %p[%i] batch_dims = -1 : (tensor<2xf32>, tensor<2x3xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_c4_batch_dims_equal_params_rank(%p: tensor<2x3xf32>, %i: tensor<2x3xi32>) {
  // expected-error@+1 {{'gather.gather' op normalized 'batch_dims' (2) must be less than the rank of params (2)}}
  %0 = gather.gather %p[%i] batch_dims = 2 : (tensor<2x3xf32>, tensor<2x3xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_c5_axis_at_params_rank(%p: tensor<3x4xf32>, %i: tensor<2xi32>) {
  // expected-error@+1 {{'gather.gather' op 'axis' (2) must be in [-2, 2) for params of rank 2}}
  %0 = gather.gather %p[%i] axis = 2 : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @gather_c5_axis_below_minus_params_rank(%p: tensor<3x4xf32>, %i: tensor<2xi32>) {
  // expected-error@+1 {{'gather.gather' op 'axis' (-3) must be in [-2, 2) for params of rank 2}}
  %0 = gather.gather %p[%i] axis = -3 : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_c5_axis_huge(%p: tensor<3x4xf32>, %i: tensor<2xi32>) {
  // expected-error@+1 {{'gather.gather' op 'axis' (9223372036854775807) must be in [-2, 2) for params of rank 2}}
  %0 = gather.gather %p[%i] axis = 9223372036854775807 : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_c6_axis_below_batch_dims(%p: tensor<2x3x4xf32>, %i: tensor<2x3xi32>) {
  // expected-error@+1 {{'gather.gather' op normalized 'axis' (0) must be >= normalized 'batch_dims' (1)}}
  %0 = gather.gather %p[%i] axis = 0 batch_dims = 1 : (tensor<2x3x4xf32>, tensor<2x3xi32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @gather_c6_negative_axis_below_negative_batch_dims(%p: tensor<2x3x4xf32>, %i: tensor<2x3x5xi32>) {
  // expected-error@+1 {{'gather.gather' op normalized 'axis' (1) must be >= normalized 'batch_dims' (2)}}
  %0 = gather.gather %p[%i] axis = -2 batch_dims = -1 : (tensor<2x3x4xf32>, tensor<2x3x5xi32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @gather_c7_batch_dim_mismatch(%p: tensor<2x3x4xf32>, %i: tensor<5x3xi32>) {
  // expected-error@+1 {{'gather.gather' op batch dimension 0 of params (2) and indices (5) must be equal}}
  %0 = gather.gather %p[%i] axis = 2 batch_dims = 1 : (tensor<2x3x4xf32>, tensor<5x3xi32>) -> tensor<2x3x3xf32>
  return
}

// -----

func.func @gather_c7_second_batch_dim_mismatch(%p: tensor<2x3x4xf32>, %i: tensor<?x7x1xi32>) {
  // expected-error@+1 {{'gather.gather' op batch dimension 1 of params (3) and indices (7) must be equal}}
  %0 = gather.gather %p[%i] batch_dims = 2 : (tensor<2x3x4xf32>, tensor<?x7x1xi32>) -> tensor<2x3x1xf32>
  return
}

// -----

func.func @gather_c8_result_element_type(%p: tensor<3x4xf32>, %i: tensor<2xi32>) {
  // expected-error@+1 {{'gather.gather' op result type 'tensor<2x4xf16>' is incompatible with the inferred type 'tensor<2x4xf32>'}}
  %0 = gather.gather %p[%i] : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf16>
  return
}

// -----

func.func @gather_c8_result_rank(%p: tensor<3x4xf32>, %i: tensor<2xi32>) {
  // expected-error@+1 {{'gather.gather' op result type 'tensor<8xf32>' is incompatible with the inferred type 'tensor<2x4xf32>'}}
  %0 = gather.gather %p[%i] : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<8xf32>
  return
}

// -----

func.func @gather_c8_result_static_dim(%p: tensor<3x4xf32>, %i: tensor<2xi32>) {
  // expected-error@+1 {{'gather.gather' op result type 'tensor<2x5xf32>' is incompatible with the inferred type 'tensor<2x4xf32>'}}
  %0 = gather.gather %p[%i] : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @gather_c8_result_not_a_tensor(%p: tensor<3x4xf32>, %i: tensor<2xi32>) {
  // expected-error@+1 {{result #0 must be ranked tensor of any type values, but got 'memref<2x4xf32>'}}
  %0 = "gather.gather"(%p, %i) : (tensor<3x4xf32>, tensor<2xi32>) -> memref<2x4xf32>
  return
}

// -----

func.func @gather_c9_axis_not_integer(%p: tensor<3x4xf32>, %i: tensor<2xi32>) {
  // expected-error@+1 {{invalid properties {axis = 1.000000e+00 : f32} for op gather.gather: Invalid attribute `axis` in property conversion}}
  %0 = "gather.gather"(%p, %i) <{axis = 1.0 : f32}> : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @gather_c9_batch_dims_i32(%p: tensor<3x4xf32>, %i: tensor<2xi32>) {
  // expected-error@+1 {{'gather.gather' op attribute 'batch_dims' failed to satisfy constraint: 64-bit signless integer attribute}}
  %0 = "gather.gather"(%p, %i) <{batch_dims = 0 : i32}> : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_c9_mode_not_enum(%p: tensor<3x4xf32>, %i: tensor<2xi32>) {
  // expected-error@+1 {{invalid properties {mode = 1 : i32} for op gather.gather: Invalid attribute `mode` in property conversion}}
  %0 = "gather.gather"(%p, %i) <{mode = 1 : i32}> : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_c9_mode_unknown_keyword(%p: tensor<3x4xf32>, %i: tensor<2xi32>) {
  // expected-error@+2 {{expected ::mlir::gather::GatherMode to be one of: error, zero, clamp, wrap}}
  // expected-error@+1 {{failed to parse Gather_ModeAttr parameter 'value'}}
  %0 = gather.gather %p[%i] mode<modulo> : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_c10_wrong_operand_count(%p: tensor<3x4xf32>) {
  // expected-error@+1 {{'gather.gather' op expected 2 or more operands, but found 1}}
  %0 = "gather.gather"(%p) : (tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_c10_too_many_operands(%p: memref<3x4xf32>, %i: memref<2xi32>, %o: memref<2x4xf32>) {
  // expected-error@+1 {{'gather.gather' op operand group starting at #2 requires 0 or 1 element, but found 2}}
  "gather.gather"(%p, %i, %o, %o) : (memref<3x4xf32>, memref<2xi32>, memref<2x4xf32>, memref<2x4xf32>) -> ()
  return
}

// -----

func.func @gather_c11_zero_mode_without_zero(%p: tensor<4xcomplex<f32>>, %i: tensor<2xi32>) {
  // expected-error@+1 {{'gather.gather' op mode 'zero' needs an integer, index or floating-point element type, got 'complex<f32>'}}
  %0 = gather.gather %p[%i] mode<zero> : (tensor<4xcomplex<f32>>, tensor<2xi32>) -> tensor<2xcomplex<f32>>
  return
}

// -----

func.func @gather_c11_clamp_mode_dynamic_dim_without_zero(%p: tensor<3x?x!llvm.ptr>, %i: tensor<2xi32>) {
  // expected-error@+1 {{'gather.gather' op mode 'clamp' on params dimension 1 of size ? needs an integer, index or floating-point element type (an empty dimension gives a zero slice), got '!llvm.ptr'}}
  %0 = gather.gather %p[%i] axis = 1 mode<clamp> : (tensor<3x?x!llvm.ptr>, tensor<2xi32>) -> tensor<3x2x!llvm.ptr>
  return
}

// -----

// The buffer form: memref operands, `into` an output memref, no result.

func.func @gather_c14_mixed_tensor_and_memref(%p: tensor<3x4xf32>, %i: memref<2xi32>) {
  // expected-error@+1 {{'gather.gather' op operand #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer or index values, but got 'memref<2xi32>' (memref operands make the buffer form, which writes `into` an output memref and has no result)}}
  %0 = "gather.gather"(%p, %i) : (tensor<3x4xf32>, memref<2xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_c14_mixed_with_into(%p: tensor<3x4xf32>, %i: memref<2xi32>, %o: memref<2x4xf32>) {
  // expected-error@+1 {{'gather.gather' op operand #0 must be a memref in the buffer form (with `into`), but got 'tensor<3x4xf32>'}}
  gather.gather %p[%i] into %o : (tensor<3x4xf32>, memref<2xi32>, memref<2x4xf32>) -> ()
  return
}

// -----

func.func @gather_c14_memref_without_into(%p: memref<3x4xf32>, %i: memref<2xi32>) {
  // expected-error@+1 {{'gather.gather' op operand #0 must be ranked tensor of any type values, but got 'memref<3x4xf32>' (memref operands make the buffer form, which writes `into` an output memref and has no result)}}
  %0 = "gather.gather"(%p, %i) : (memref<3x4xf32>, memref<2xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_c14_tensor_with_into(%p: tensor<3x4xf32>, %i: tensor<2xi32>, %o: memref<2x4xf32>) {
  // expected-error@+1 {{'gather.gather' op operand #0 must be a memref in the buffer form (with `into`), but got 'tensor<3x4xf32>'}}
  %0 = "gather.gather"(%p, %i, %o) : (tensor<3x4xf32>, tensor<2xi32>, memref<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_c14_into_a_tensor(%p: tensor<3x4xf32>, %i: tensor<2xi32>, %o: tensor<2x4xf32>) {
  // expected-error@+1 {{'gather.gather' op operand #2 must be memref of any type values, but got 'tensor<2x4xf32>'}}
  %0 = "gather.gather"(%p, %i, %o) : (tensor<3x4xf32>, tensor<2xi32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_c14_buffer_form_with_result(%p: memref<3x4xf32>, %i: memref<2xi32>, %o: memref<2x4xf32>) {
  // expected-error@+1 {{'gather.gather' op the buffer form (with `into`) has no result, got 'tensor<2x4xf32>'}}
  %0 = "gather.gather"(%p, %i, %o) : (memref<3x4xf32>, memref<2xi32>, memref<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @gather_c14_tensor_form_without_result(%p: tensor<3x4xf32>, %i: tensor<2xi32>) {
  // expected-error@+1 {{'gather.gather' op the tensor form (no `into`) must have one result}}
  "gather.gather"(%p, %i) : (tensor<3x4xf32>, tensor<2xi32>) -> ()
  return
}

// -----

func.func @gather_c14_buffer_indices_float(%p: memref<3x4xf32>, %i: memref<2xf32>, %o: memref<2x4xf32>) {
  // expected-error@+1 {{'gather.gather' op operand #1 must be a memref of 32-bit signless integer or 64-bit signless integer or index values in the buffer form (with `into`), but got 'memref<2xf32>'}}
  gather.gather %p[%i] into %o : (memref<3x4xf32>, memref<2xf32>, memref<2x4xf32>) -> ()
  return
}

// -----

func.func @gather_c14_buffer_params_unranked(%p: memref<*xf32>, %i: memref<2xi32>, %o: memref<2x4xf32>) {
  // expected-error@+1 {{'gather.gather' op operand #0 must be a memref in the buffer form (with `into`), but got 'memref<*xf32>'}}
  gather.gather %p[%i] into %o : (memref<*xf32>, memref<2xi32>, memref<2x4xf32>) -> ()
  return
}

// -----

func.func @gather_c15_out_shape(%p: memref<3x4xf32>, %i: memref<2xi32>, %o: memref<3x4xf32>) {
  // expected-error@+1 {{'gather.gather' op out type 'memref<3x4xf32>' is incompatible with the inferred result type 'tensor<2x4xf32>' (same rank, equal static sizes)}}
  gather.gather %p[%i] into %o : (memref<3x4xf32>, memref<2xi32>, memref<3x4xf32>) -> ()
  return
}

// -----

func.func @gather_c15_out_rank(%p: memref<3x4xf32>, %i: memref<2xi32>, %o: memref<8xf32>) {
  // expected-error@+1 {{'gather.gather' op out type 'memref<8xf32>' is incompatible with the inferred result type 'tensor<2x4xf32>' (same rank, equal static sizes)}}
  gather.gather %p[%i] into %o : (memref<3x4xf32>, memref<2xi32>, memref<8xf32>) -> ()
  return
}

// -----

func.func @gather_c15_out_element_type(%p: memref<3x4xf32>, %i: memref<2xi32>, %o: memref<2x4xf64>) {
  // expected-error@+1 {{'gather.gather' op out element type 'f64' must be the element type of params ('f32')}}
  gather.gather %p[%i] into %o : (memref<3x4xf32>, memref<2xi32>, memref<2x4xf64>) -> ()
  return
}

// -----

// The buffer form checks the same constraints on the shapes.
func.func @gather_c7_buffer_batch_dim_mismatch(%p: memref<2x4xf32>, %i: memref<5x3xi32>, %o: memref<2x3xf32>) {
  // expected-error@+1 {{'gather.gather' op batch dimension 0 of params (2) and indices (5) must be equal}}
  gather.gather %p[%i] into %o batch_dims = 1 : (memref<2x4xf32>, memref<5x3xi32>, memref<2x3xf32>) -> ()
  return
}

// -----

func.func @gather_c11_buffer_zero_mode_without_zero(%p: memref<4xcomplex<f32>>, %i: memref<2xi32>, %o: memref<2xcomplex<f32>>) {
  // expected-error@+1 {{'gather.gather' op mode 'zero' needs an integer, index or floating-point element type, got 'complex<f32>'}}
  gather.gather %p[%i] into %o mode<zero> : (memref<4xcomplex<f32>>, memref<2xi32>, memref<2xcomplex<f32>>) -> ()
  return
}

// -----

//===----------------------------------------------------------------------===//
// gather.gather_nd
//===----------------------------------------------------------------------===//

// -----

func.func @gather_nd_c1_params_rank_0(%p: tensor<f32>, %i: tensor<2x0xi32>) {
  // expected-error@+1 {{'gather.gather_nd' op params must have rank >= 1, got 0-d 'tensor<f32>'}}
  %0 = gather.gather_nd %p[%i] : (tensor<f32>, tensor<2x0xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_nd_c2_indices_rank_0(%p: tensor<4xf32>, %i: tensor<i32>) {
  // expected-error@+1 {{'gather.gather_nd' op indices must have rank >= 1, got 0-d 'tensor<i32>'}}
  %0 = gather.gather_nd %p[%i] : (tensor<4xf32>, tensor<i32>) -> tensor<f32>
  return
}

// -----

func.func @gather_nd_c2_indices_complex(%p: tensor<4xf32>, %i: tensor<2x1xcomplex<f32>>) {
  // expected-error@+1 {{operand #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer or index values, but got 'tensor<2x1xcomplex<f32>>'}}
  %0 = gather.gather_nd %p[%i] : (tensor<4xf32>, tensor<2x1xcomplex<f32>>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_nd_c3_dynamic_index_depth(%p: tensor<4x5xf32>, %i: tensor<2x?xi32>) {
  // expected-error@+1 {{'gather.gather_nd' op the last dimension of indices (the index depth) must be static, got 'tensor<2x?xi32>'}}
  %0 = gather.gather_nd %p[%i] : (tensor<4x5xf32>, tensor<2x?xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_nd_c4_negative_batch_dims(%p: tensor<2x5xf32>, %i: tensor<2x1xi32>) {
  // expected-error@+1 {{'gather.gather_nd' op 'batch_dims' (-1) must not be negative}}
  %0 = gather.gather_nd %p[%i] batch_dims = -1 : (tensor<2x5xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_nd_c5_batch_dims_not_below_indices_rank(%p: tensor<2x3x5xf32>, %i: tensor<2x3xi32>) {
  // expected-error@+1 {{'gather.gather_nd' op 'batch_dims' (2) must be less than the rank of indices (2)}}
  %0 = gather.gather_nd %p[%i] batch_dims = 2 : (tensor<2x3x5xf32>, tensor<2x3xi32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @gather_nd_c6_index_depth_exceeds_params_rank(%p: tensor<4x5xf32>, %i: tensor<2x3xi32>) {
  // expected-error@+1 {{'gather.gather_nd' op 'batch_dims' (0) plus the index depth (3) must not exceed the rank of params (2)}}
  %0 = gather.gather_nd %p[%i] : (tensor<4x5xf32>, tensor<2x3xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_nd_c6_batch_dims_plus_depth(%p: tensor<2x5xf32>, %i: tensor<2x2xi32>) {
  // expected-error@+1 {{'gather.gather_nd' op 'batch_dims' (1) plus the index depth (2) must not exceed the rank of params (2)}}
  %0 = gather.gather_nd %p[%i] batch_dims = 1 : (tensor<2x5xf32>, tensor<2x2xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_nd_c7_batch_dim_mismatch(%p: tensor<2x5xf32>, %i: tensor<3x1xi32>) {
  // expected-error@+1 {{'gather.gather_nd' op batch dimension 0 of params (2) and indices (3) must be equal}}
  %0 = gather.gather_nd %p[%i] batch_dims = 1 : (tensor<2x5xf32>, tensor<3x1xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_nd_c8_result_shape(%p: tensor<4x5xf32>, %i: tensor<2x1xi32>) {
  // expected-error@+1 {{'gather.gather_nd' op result type 'tensor<2xf32>' is incompatible with the inferred type 'tensor<2x5xf32>'}}
  %0 = gather.gather_nd %p[%i] : (tensor<4x5xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_nd_c8_result_element_type(%p: tensor<4x5xf32>, %i: tensor<2x2xi32>) {
  // expected-error@+1 {{'gather.gather_nd' op result type 'tensor<2xi32>' is incompatible with the inferred type 'tensor<2xf32>'}}
  %0 = gather.gather_nd %p[%i] : (tensor<4x5xf32>, tensor<2x2xi32>) -> tensor<2xi32>
  return
}

// -----

func.func @gather_nd_c9_batch_dims_not_integer(%p: tensor<4x5xf32>, %i: tensor<2x2xi32>) {
  // expected-error@+1 {{invalid properties {batch_dims = "zero"} for op gather.gather_nd: Invalid attribute `batch_dims` in property conversion}}
  %0 = "gather.gather_nd"(%p, %i) <{batch_dims = "zero"}> : (tensor<4x5xf32>, tensor<2x2xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_nd_c1_params_unranked(%p: tensor<*xf32>, %i: tensor<2x1xi32>) {
  // expected-error@+1 {{operand #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = gather.gather_nd %p[%i] : (tensor<*xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_nd_c9_mode_unknown_keyword(%p: tensor<4xf32>, %i: tensor<2x1xi32>) {
  // expected-error@+2 {{expected ::mlir::gather::GatherMode to be one of: error, zero, clamp, wrap}}
  // expected-error@+1 {{failed to parse Gather_ModeAttr parameter 'value'}}
  %0 = gather.gather_nd %p[%i] mode<modulo> : (tensor<4xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @gather_nd_c10_wrong_result_count(%p: tensor<4xf32>, %i: tensor<2x1xi32>) {
  // expected-error@+1 {{'gather.gather_nd' op result group starting at #0 requires 0 or 1 element, but found 2}}
  %0:2 = "gather.gather_nd"(%p, %i) : (tensor<4xf32>, tensor<2x1xi32>) -> (tensor<2xf32>, tensor<2xf32>)
  return
}

// -----

func.func @gather_nd_c11_zero_mode_without_zero(%p: tensor<4x3xcomplex<f64>>, %i: tensor<2x1xi64>) {
  // expected-error@+1 {{'gather.gather_nd' op mode 'zero' needs an integer, index or floating-point element type, got 'complex<f64>'}}
  %0 = gather.gather_nd %p[%i] mode<zero> : (tensor<4x3xcomplex<f64>>, tensor<2x1xi64>) -> tensor<2x3xcomplex<f64>>
  return
}

// -----

func.func @gather_nd_c11_clamp_mode_empty_dim_without_zero(%p: tensor<4x0xcomplex<f32>>, %i: tensor<2x2xi32>) {
  // expected-error@+1 {{'gather.gather_nd' op mode 'clamp' on params dimension 1 of size 0 needs an integer, index or floating-point element type (an empty dimension gives a zero slice), got 'complex<f32>'}}
  %0 = gather.gather_nd %p[%i] mode<clamp> : (tensor<4x0xcomplex<f32>>, tensor<2x2xi32>) -> tensor<2xcomplex<f32>>
  return
}

// -----

func.func @gather_nd_c14_memref_without_into(%p: memref<4x3xf32>, %i: memref<2x1xi32>) {
  // expected-error@+1 {{'gather.gather_nd' op operand #0 must be ranked tensor of any type values, but got 'memref<4x3xf32>' (memref operands make the buffer form, which writes `into` an output memref and has no result)}}
  %0 = "gather.gather_nd"(%p, %i) : (memref<4x3xf32>, memref<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_nd_c14_mixed_with_into(%p: memref<4x3xf32>, %i: tensor<2x1xi32>, %o: memref<2x3xf32>) {
  // expected-error@+1 {{'gather.gather_nd' op operand #1 must be a memref of 32-bit signless integer or 64-bit signless integer or index values in the buffer form (with `into`), but got 'tensor<2x1xi32>'}}
  gather.gather_nd %p[%i] into %o : (memref<4x3xf32>, tensor<2x1xi32>, memref<2x3xf32>) -> ()
  return
}

// -----

func.func @gather_nd_c14_tensor_with_into(%p: tensor<4x3xf32>, %i: tensor<2x1xi32>, %o: memref<2x3xf32>) {
  // expected-error@+1 {{'gather.gather_nd' op operand #0 must be a memref in the buffer form (with `into`), but got 'tensor<4x3xf32>'}}
  gather.gather_nd %p[%i] into %o : (tensor<4x3xf32>, tensor<2x1xi32>, memref<2x3xf32>) -> ()
  return
}

// -----

func.func @gather_nd_c14_buffer_form_with_result(%p: memref<4x3xf32>, %i: memref<2x1xi32>, %o: memref<2x3xf32>) {
  // expected-error@+1 {{'gather.gather_nd' op the buffer form (with `into`) has no result, got 'tensor<2x3xf32>'}}
  %0 = "gather.gather_nd"(%p, %i, %o) : (memref<4x3xf32>, memref<2x1xi32>, memref<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_nd_c14_tensor_form_without_result(%p: tensor<4x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error@+1 {{'gather.gather_nd' op the tensor form (no `into`) must have one result}}
  "gather.gather_nd"(%p, %i) : (tensor<4x3xf32>, tensor<2x1xi32>) -> ()
  return
}

// -----

func.func @gather_nd_c15_out_shape(%p: memref<4x3xf32>, %i: memref<2x2xi32>, %o: memref<2x3xf32>) {
  // expected-error@+1 {{'gather.gather_nd' op out type 'memref<2x3xf32>' is incompatible with the inferred result type 'tensor<2xf32>' (same rank, equal static sizes)}}
  gather.gather_nd %p[%i] into %o : (memref<4x3xf32>, memref<2x2xi32>, memref<2x3xf32>) -> ()
  return
}

// -----

func.func @gather_nd_c15_out_element_type(%p: memref<4x3xf32>, %i: memref<2x1xi32>, %o: memref<2x3xi32>) {
  // expected-error@+1 {{'gather.gather_nd' op out element type 'i32' must be the element type of params ('f32')}}
  gather.gather_nd %p[%i] into %o : (memref<4x3xf32>, memref<2x1xi32>, memref<2x3xi32>) -> ()
  return
}

// -----

func.func @gather_nd_c3_buffer_dynamic_index_depth(%p: memref<4x3xf32>, %i: memref<2x?xi32>, %o: memref<2x3xf32>) {
  // expected-error@+1 {{'gather.gather_nd' op the last dimension of indices (the index depth) must be static, got 'memref<2x?xi32>'}}
  gather.gather_nd %p[%i] into %o : (memref<4x3xf32>, memref<2x?xi32>, memref<2x3xf32>) -> ()
  return
}

//===----------------------------------------------------------------------===//
// gather.fix_out_of_bounds (the CPU lowering's; docs/spec.md)
//===----------------------------------------------------------------------===//

// -----

func.func @fix_callee_not_a_function(%d: tensor<4x2xf32>, %i: tensor<4xi32>, %bad: i1) -> tensor<4x2xf32> {
  // expected-error@+1 {{'gather.fix_out_of_bounds' op 'missing' does not reference a function}}
  %0 = gather.fix_out_of_bounds @missing(%d, %i) if %bad : tensor<4x2xf32>, tensor<4xi32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func private @fix(memref<?x?xf32, strided<[?, ?], offset: ?>>)

func.func @fix_callee_arity(%d: tensor<4x2xf32>, %i: tensor<4xi32>, %bad: i1) -> tensor<4x2xf32> {
  // expected-error@+1 {{'gather.fix_out_of_bounds' op 'fix' must take 2 arguments and return nothing}}
  %0 = gather.fix_out_of_bounds @fix(%d, %i) if %bad : tensor<4x2xf32>, tensor<4xi32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func private @fix(memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?xi64, strided<[?], offset: ?>>)

func.func @fix_callee_buffer_type(%d: tensor<4x2xf32>, %i: tensor<4xi32>, %bad: i1) -> tensor<4x2xf32> {
  // expected-error@+1 {{'gather.fix_out_of_bounds' op argument 1 of 'fix' has type 'memref<?xi64, strided<[?], offset: ?>>', which does not take operand 1 of type 'tensor<4xi32>'}}
  %0 = gather.fix_out_of_bounds @fix(%d, %i) if %bad : tensor<4x2xf32>, tensor<4xi32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func private @fix(memref<?x?xf32, strided<[?, ?], offset: ?>>, index)

func.func @fix_callee_value_type(%d: tensor<4x2xf32>, %n: i64, %bad: i1) -> tensor<4x2xf32> {
  // expected-error@+1 {{'gather.fix_out_of_bounds' op argument 1 of 'fix' has type 'index', which does not take operand 1 of type 'i64'}}
  %0 = gather.fix_out_of_bounds @fix(%d, %n) if %bad : tensor<4x2xf32>, i64
  return %0 : tensor<4x2xf32>
}

// -----

func.func private @fix(memref<?x?xf32, strided<[?, ?], offset: ?>>)

func.func @fix_result_type(%d: tensor<4x2xf32>, %bad: i1) {
  // expected-error@+1 {{'gather.fix_out_of_bounds' op failed to verify that all of {dest, result} have same type}}
  %0 = "gather.fix_out_of_bounds"(%d, %bad) <{callee = @fix}> : (tensor<4x2xf32>, i1) -> tensor<4x3xf32>
  return
}
