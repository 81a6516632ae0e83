// The PTX of gather kernels: a contiguous f32 slice of 4n elements moves as
// 128-bit loads and stores, a slice of 6 falls back to 32-bit accesses, and
// nothing lives in local memory (no .local anywhere; error-mode kernels hold
// a 16-byte printf argument buffer there, see gpu-ptx-spills.mlir). The PTX
// is read from the gpu.binary with bench/gpu/gpu_object.py.
//
// RUN: gather-opt %s --gather-gpu-pipeline="format=isa chip=sm_90" \
// RUN: | %python %gather_src_root/bench/gpu/gpu_object.py \
// RUN: | FileCheck %s --implicit-check-not=.local
// RUN: gather-opt %s --gather-gpu-pipeline="format=isa chip=sm_80" \
// RUN: | %python %gather_src_root/bench/gpu/gpu_object.py \
// RUN: | FileCheck %s --implicit-check-not=.local

// (i64 indices, so that no index load is a 32-bit one either.) Each thread
// copies 4 slices per step: 4 loads, then 4 stores.
// CHECK-LABEL: .visible .entry rows_x16_kernel(
// CHECK-NOT:     {{(ld|st)\.global\.(f|b)32[[:space:]]}}
// CHECK-COUNT-4: ld.global.v4.{{f32|b32}} {{{.*}}}, [%rd{{[0-9]+}}];
// CHECK-NOT:     {{(ld|st)\.global\.(f|b)32[[:space:]]}}
// CHECK-COUNT-4: st.global.v4.{{f32|b32}} [%rd{{[0-9]+}}], {{{.*}}};
// CHECK-NOT:     {{(ld|st)\.global\.(f|b)32[[:space:]]}}
// CHECK:         ret;
func.func @rows_x16(%p: tensor<1000x16xf32>, %i: tensor<64xi64>) -> tensor<64x16xf32> {
  %r = gather.gather %p[%i] mode<clamp> : (tensor<1000x16xf32>, tensor<64xi64>) -> tensor<64x16xf32>
  return %r : tensor<64x16xf32>
}

// Zero mode: the zero slice is stored 128 bits at a time too. The i64 index
// is one 64-bit load (not two 32-bit halves).
// CHECK-LABEL: .visible .entry rows_zero_kernel(
// CHECK-NOT:     ld.global.{{[bsu]}}32 {{.*}}+4]
// CHECK-DAG:     ld.global.{{[bsu]}}64 %rd{{[0-9]+}}, [%rd{{[0-9]+}}];
// CHECK-DAG:     ld.global.v4.{{f32|b32}}
// CHECK-DAG:     st.global.v4.{{f32|b32}} [%rd{{[0-9]+}}], {{{.*}}};
// CHECK:         ret;
func.func @rows_zero(%p: tensor<1000x8xf32>, %i: tensor<64xi64>) -> tensor<64x8xf32> {
  %r = gather.gather %p[%i] mode<zero> : (tensor<1000x8xf32>, tensor<64xi64>) -> tensor<64x8xf32>
  return %r : tensor<64x8xf32>
}

// A slice of 6 f32 is not a multiple of 16 bytes: scalar accesses.
// CHECK-LABEL: .visible .entry rows_x6_kernel(
// CHECK-NOT:     .v4.
// CHECK:         ld.global.{{f32|b32}}
// CHECK:         st.global.{{f32|b32}}
// CHECK-NOT:     .v4.
// CHECK:         ret;
func.func @rows_x6(%p: tensor<1000x6xf32>, %i: tensor<64xi32>) -> tensor<64x6xf32> {
  %r = gather.gather %p[%i] mode<clamp> : (tensor<1000x6xf32>, tensor<64xi32>) -> tensor<64x6xf32>
  return %r : tensor<64x6xf32>
}

// 128-bit accesses for other element widths: 16 x i8, 2 x f64, 8 x bf16.
// CHECK-LABEL: .visible .entry bytes_kernel(
// CHECK:         ld.global.v4.b32
// CHECK:         st.global.v4.b32
// CHECK-LABEL: .visible .entry doubles_kernel(
// CHECK:         ld.global.v2.{{f64|b64}}
// CHECK:         st.global.v2.{{f64|b64}}
// CHECK-LABEL: .visible .entry bfloats_kernel(
// CHECK:         ld.global.v4.b32
// CHECK:         st.global.v4.b32
func.func @bytes(%p: tensor<100x32xi8>, %i: tensor<8xi32>) -> tensor<8x32xi8> {
  %r = gather.gather %p[%i] mode<zero> : (tensor<100x32xi8>, tensor<8xi32>) -> tensor<8x32xi8>
  return %r : tensor<8x32xi8>
}
func.func @doubles(%p: tensor<100x4xf64>, %i: tensor<8xi32>) -> tensor<8x4xf64> {
  %r = gather.gather %p[%i] mode<zero> : (tensor<100x4xf64>, tensor<8xi32>) -> tensor<8x4xf64>
  return %r : tensor<8x4xf64>
}
func.func @bfloats(%p: tensor<100x16xbf16>, %i: tensor<8xi32>) -> tensor<8x16xbf16> {
  %r = gather.gather %p[%i] mode<clamp> : (tensor<100x16xbf16>, tensor<8xi32>) -> tensor<8x16xbf16>
  return %r : tensor<8x16xbf16>
}
