// Slices of whole cache lines stream into the result (gather-cpu-pipeline
// option nontemporal-min-bytes, here 0 so that these small results take
// that path): the values are those of the plain copies, whether a row's
// destination is 64-byte aligned (streaming stores) or not (memref.copy),
// in every mode and with dynamic shapes.
//
// RUN: gather-opt %s --gather-cpu-pipeline="nontemporal-min-bytes=0" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// The streaming stores are there, 64-byte aligned, and fenced:
// RUN: gather-opt %s --gather-cpu-pipeline="nontemporal-min-bytes=0" \
// RUN: | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// IR: store <16 x float> %{{.*}}, ptr %{{.*}}, align 64, !nontemporal
// IR: fence seq_cst
// f16 lines stream as i32 vectors (x86 has no streaming store of halves):
// IR-LABEL: define {{.*}} @rows_f16(
// IR: store <16 x i32> %{{.*}}, ptr %{{.*}}, align 64, !nontemporal
// IR-LABEL: define {{.*}} @main(
// By default (32 MiB) static results this small do not stream; a dynamic
// one keeps the streaming path behind a run-time size test (in the function
// its gather is outlined to, right before its caller):
// RUN: gather-opt %s --gather-cpu-pipeline \
// RUN: | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=SMALL
// SMALL-LABEL: define {{.*}} @rows(
// SMALL-NOT: !nontemporal
// SMALL-LABEL: define {{.*}} @__gather_outlined(
// SMALL: icmp uge i64 %{{.*}}, 33554432
// SMALL: !nontemporal
// SMALL-LABEL: define {{.*}} @rows_zero(
// SMALL-LABEL: define {{.*}} @rows_into(
// SMALL-NOT: !nontemporal
// SMALL-LABEL: define {{.*}} @__gather_outlined_0(
// SMALL: urem i64 %{{.*}}, 16
// SMALL: !nontemporal
// SMALL-LABEL: define {{.*}} @rows_dynamic(
// SMALL-LABEL: define {{.*}} @main(

func.func private @printMemrefF32(tensor<*xf32>)

// params[i, j] = 100 i + j: rows of 16 f32, 64 bytes.
func.func @iota() -> tensor<4x16xf32> {
  %t = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c100 = arith.constant 100 : index
    %a = arith.muli %i, %c100 : index
    %v = arith.addi %a, %j : index
    %vi = arith.index_cast %v : index to i64
    %vf = arith.sitofp %vi : i64 to f32
    tensor.yield %vf : f32
  } : tensor<4x16xf32>
  return %t : tensor<4x16xf32>
}

func.func @print(%r: tensor<?x?xf32>) {
  %u = tensor.cast %r : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// Into a fresh (64-byte aligned) result.
func.func @rows(%p: tensor<4x16xf32>, %i: tensor<5xi32>) -> tensor<5x16xf32> {
  %r = gather.gather %p[%i] : (tensor<4x16xf32>, tensor<5xi32>) -> tensor<5x16xf32>
  return %r : tensor<5x16xf32>
}

// Zero mode, a dynamic number of rows: bad indices insert zero rows (also copies of
// whole lines); the result's size is compared with min-bytes at run time.
func.func @rows_zero(%p: tensor<?x16xf32>, %i: tensor<?xi64>) -> tensor<?x16xf32> {
  %r = gather.gather %p[%i] mode<zero> : (tensor<?x16xf32>, tensor<?xi64>) -> tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}

// Into a caller's buffer of rows of 33 f32 from column 16: row r starts at
// byte 4 (33 r + 16), so row 0 is 64-byte aligned and rows 1-4 are not.
func.func @rows_into(%p: tensor<4x16xf32>, %i: tensor<5xi32>,
                     %out: memref<5x16xf32, strided<[33, 1], offset: 16>>) {
  %r = gather.gather %p[%i] mode<clamp> : (tensor<4x16xf32>, tensor<5xi32>) -> tensor<5x16xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<5x16xf32>, memref<5x16xf32, strided<[33, 1], offset: 16>>) -> ()
  return
}

// Rows of dynamic width (params of dynamic shape): streamed along the row
// when it is a whole number of lines (16 f32), copied when not (8 f32).
func.func @rows_dynamic(%p: tensor<?x?xf32>, %i: tensor<?xi32>) -> tensor<?x?xf32> {
  %r = gather.gather %p[%i] : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// Rows of 32 f16 (64 bytes), widened to f32 for printing.
func.func @rows_f16(%p: tensor<4x32xf16>, %i: tensor<3xi32>) -> tensor<3x32xf16> {
  %r = gather.gather %p[%i] : (tensor<4x32xf16>, tensor<3xi32>) -> tensor<3x32xf16>
  return %r : tensor<3x32xf16>
}

func.func @print_f16(%r: tensor<3x32xf16>) {
  %e = tensor.empty() : tensor<3x32xf32>
  %w = linalg.map { arith.extf } ins(%r : tensor<3x32xf16>) outs(%e : tensor<3x32xf32>)
  %d = tensor.cast %w : tensor<3x32xf32> to tensor<?x?xf32>
  call @print(%d) : (tensor<?x?xf32>) -> ()
  return
}

func.func @main() {
  %p = call @iota() : () -> tensor<4x16xf32>
  %i = arith.constant dense<[3, 0, 2, 2, 1]> : tensor<5xi32>

  %r = call @rows(%p, %i) : (tensor<4x16xf32>, tensor<5xi32>) -> tensor<5x16xf32>
  %rd = tensor.cast %r : tensor<5x16xf32> to tensor<?x?xf32>
  call @print(%rd) : (tensor<?x?xf32>) -> ()
  // CHECK-LABEL: sizes = [5, 16]
  // CHECK-NEXT: {{\[}}[300, 301, 302, {{.*}}, 314, 315],
  // CHECK-NEXT:  [0, 1, 2, {{.*}}, 14, 15],
  // CHECK-NEXT:  [200, 201, 202, {{.*}}, 214, 215],
  // CHECK-NEXT:  [200, 201, 202, {{.*}}, 214, 215],
  // CHECK-NEXT:  [100, 101, 102, {{.*}}, 114, 115]]

  %pd = tensor.cast %p : tensor<4x16xf32> to tensor<?x16xf32>
  %zi = arith.constant dense<[1, 9, -1, 3]> : tensor<4xi64>
  %zid = tensor.cast %zi : tensor<4xi64> to tensor<?xi64>
  %z = call @rows_zero(%pd, %zid) : (tensor<?x16xf32>, tensor<?xi64>) -> tensor<?x16xf32>
  %zd = tensor.cast %z : tensor<?x16xf32> to tensor<?x?xf32>
  call @print(%zd) : (tensor<?x?xf32>) -> ()
  // CHECK-LABEL: sizes = [4, 16]
  // CHECK-NEXT: {{\[}}[100, 101, 102, {{.*}}, 114, 115],
  // CHECK-NEXT:  [0, 0, 0, {{.*}}, 0, 0],
  // CHECK-NEXT:  [0, 0, 0, {{.*}}, 0, 0],
  // CHECK-NEXT:  [300, 301, 302, {{.*}}, 314, 315]]

  %buf = memref.alloca() {alignment = 64 : i64} : memref<5x33xf32>
  %minus1 = arith.constant -1.0 : f32
  linalg.fill ins(%minus1 : f32) outs(%buf : memref<5x33xf32>)
  %view = memref.subview %buf[0, 16] [5, 16] [1, 1]
      : memref<5x33xf32> to memref<5x16xf32, strided<[33, 1], offset: 16>>
  %ci = arith.constant dense<[7, 0, 2, -2, 1]> : tensor<5xi32>
  call @rows_into(%p, %ci, %view) : (tensor<4x16xf32>, tensor<5xi32>,
      memref<5x16xf32, strided<[33, 1], offset: 16>>) -> ()
  %bt = bufferization.to_tensor %buf restrict : memref<5x33xf32> to tensor<5x33xf32>
  %btd = tensor.cast %bt : tensor<5x33xf32> to tensor<?x?xf32>
  call @print(%btd) : (tensor<?x?xf32>) -> ()
  // Columns 0-15 and 32 keep -1; clamp reads rows 3, 0, 2, 0, 1.
  // CHECK-LABEL: sizes = [5, 33]
  // CHECK-NEXT: {{\[}}[{{(-1, )+}}300, 301, {{.*}}, 314, 315, -1],
  // CHECK-NEXT:  [{{(-1, )+}}0, 1, {{.*}}, 14, 15, -1],
  // CHECK-NEXT:  [{{(-1, )+}}200, 201, {{.*}}, 214, 215, -1],
  // CHECK-NEXT:  [{{(-1, )+}}0, 1, {{.*}}, 14, 15, -1],
  // CHECK-NEXT:  [{{(-1, )+}}100, 101, {{.*}}, 114, 115, -1]]

  // params[i, j] = 100 i + j as f16 (exact below 2048).
  %ph = tensor.generate {
  ^bb0(%a: index, %b: index):
    %c100 = arith.constant 100 : index
    %m = arith.muli %a, %c100 : index
    %v = arith.addi %m, %b : index
    %vi = arith.index_cast %v : index to i64
    %vf = arith.sitofp %vi : i64 to f16
    tensor.yield %vf : f16
  } : tensor<4x32xf16>
  %hi = arith.constant dense<[2, 3, 0]> : tensor<3xi32>
  %h = call @rows_f16(%ph, %hi) : (tensor<4x32xf16>, tensor<3xi32>) -> tensor<3x32xf16>
  call @print_f16(%h) : (tensor<3x32xf16>) -> ()
  // CHECK-LABEL: sizes = [3, 32]
  // CHECK-NEXT: {{\[}}[200, 201, 202, {{.*}}, 230, 231],
  // CHECK-NEXT:  [300, 301, 302, {{.*}}, 330, 331],
  // CHECK-NEXT:  [0, 1, 2, {{.*}}, 30, 31]]

  %pdd = tensor.cast %p : tensor<4x16xf32> to tensor<?x?xf32>
  %di = arith.constant dense<[2, 1, 3]> : tensor<3xi32>
  %did = tensor.cast %di : tensor<3xi32> to tensor<?xi32>
  %dr = call @rows_dynamic(%pdd, %did) : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  call @print(%dr) : (tensor<?x?xf32>) -> ()
  // CHECK-LABEL: sizes = [3, 16]
  // CHECK-NEXT: {{\[}}[200, 201, 202, {{.*}}, 214, 215],
  // CHECK-NEXT:  [100, 101, 102, {{.*}}, 114, 115],
  // CHECK-NEXT:  [300, 301, 302, {{.*}}, 314, 315]]
  %p8 = tensor.extract_slice %p[0, 4] [4, 8] [1, 1] : tensor<4x16xf32> to tensor<4x8xf32>
  %p8d = tensor.cast %p8 : tensor<4x8xf32> to tensor<?x?xf32>
  %dr8 = call @rows_dynamic(%p8d, %did) : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  call @print(%dr8) : (tensor<?x?xf32>) -> ()
  // CHECK-LABEL: sizes = [3, 8]
  // CHECK-NEXT: {{\[}}[204, 205, 206, 207, 208, 209, 210, 211],
  // CHECK-NEXT:  [104, 105, 106, 107, 108, 109, 110, 111],
  // CHECK-NEXT:  [304, 305, 306, 307, 308, 309, 310, 311]]
  return
}
