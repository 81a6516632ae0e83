// Chunks of 16-byte rows whose indices are dense stream their stores
// (LoweringPlan::streamDenseChunks; gather-cpu-pipeline option
// nontemporal-min-bytes=0 so that these small dynamic results stream):
// every result equals an independent linalg gather, for ascending,
// descending, sparse and repeated indices over several chunks (the last
// one partial), a bad index in zero mode inside a dense chunk, and a
// caller's buffer whose rows are mostly not 16-byte aligned (there the
// alignment is tested per row).
//
// RUN: gather-opt %s --gather-cpu-pipeline="nontemporal-min-bytes=0" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// The same on two threads (streamed sub-chunks inside the forall's
// chunks; one fence after the loop):
// RUN: gather-opt %s --gather-cpu-pipeline="nontemporal-min-bytes=0 num-threads=2" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN:     -shared-libs=%libomp \
// RUN: | FileCheck %s
// With nontemporal-min-bytes above 0, each call of @rows chooses by its
// result's size at run time: the 300-row results (4800 B) stream dense
// chunks where the bound is 4096 B, and copy without the dense test under
// the default 32 MiB.
// RUN: gather-opt %s --gather-cpu-pipeline="nontemporal-min-bytes=4096" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// The streaming path is there: 16-byte streaming stores, fenced.
// RUN: gather-opt %s --gather-cpu-pipeline="nontemporal-min-bytes=0" \
// RUN: | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR
// IR-LABEL: define {{.*}} @rows(
// IR: store <4 x float> %{{.*}}, ptr %{{.*}}, align 16, !nontemporal
// IR: fence seq_cst
// IR-LABEL: define {{.*}} @main(

func.func private @printMemrefI64(tensor<*xi64>)

func.func @rows(%p: tensor<1000x4xf32>, %i: tensor<?xi32>) -> tensor<?x4xf32> {
  %r = gather.gather %p[%i] : (tensor<1000x4xf32>, tensor<?xi32>) -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

func.func @rows_zero(%p: tensor<1000x4xf32>, %i: tensor<?xi32>) -> tensor<?x4xf32> {
  %r = gather.gather %p[%i] mode<zero> : (tensor<1000x4xf32>, tensor<?xi32>) -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// Rows 20 bytes apart: the destination of row r is 16-byte aligned only
// when 20 r is a multiple of 16. Static and 32 MiB of rows, so that the
// result is written in place and streams by default.
func.func @rows_into(%p: tensor<1000x4xf32>, %i: tensor<2097152xi32>,
                     %out: memref<2097152x4xf32, strided<[5, 1]>>) {
  %r = gather.gather %p[%i] : (tensor<1000x4xf32>, tensor<2097152xi32>) -> tensor<2097152x4xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<2097152x4xf32>, memref<2097152x4xf32, strided<[5, 1]>>) -> ()
  return
}

// The reference: zero mode by hand.
func.func @reference(%p: tensor<1000x4xf32>, %i: tensor<?xi32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %i, %c0 : tensor<?xi32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, d) -> (m)>,
      affine_map<(m, d) -> (m, d)>], iterator_types = ["parallel", "parallel"]}
      ins(%i : tensor<?xi32>) outs(%e : tensor<?x4xf32>) {
  ^bb0(%id: i32, %o: f32):
    %row = arith.index_cast %id : i32 to index
    %col = linalg.index 1 : index
    %c1000 = arith.constant 1000 : index
    %ok = arith.cmpi ult, %row, %c1000 : index
    %safe = arith.select %ok, %row, %c0 : index
    %v = tensor.extract %p[%safe, %col] : tensor<1000x4xf32>
    %zero = arith.constant 0.0 : f32
    %w = arith.select %ok, %v, %zero : f32
    linalg.yield %w : f32
  } -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// The number of elements where %a and %b differ.
func.func @mismatches(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = tensor.dim %a, %c0 : tensor<?x4xf32>
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %count = scf.for %m = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
    %row = scf.for %d = %c0 to %c4 step %c1 iter_args(%r = %acc) -> i64 {
      %x = tensor.extract %a[%m, %d] : tensor<?x4xf32>
      %y = tensor.extract %b[%m, %d] : tensor<?x4xf32>
      %ne = arith.cmpf une, %x, %y : f32
      %add = arith.select %ne, %one, %zero : i64
      %next = arith.addi %r, %add : i64
      scf.yield %next : i64
    }
    scf.yield %row : i64
  }
  return %count : i64
}

// Indices of 300 positions: k / 2 (ascending, each row twice), 999 - 3 k
// (descending), 379 k mod 1000 (sparse), and k / 2 with position 5 set to
// 5000 (bad, in the first chunk).
func.func @indices(%kind: index) -> tensor<?xi32> {
  %i = tensor.generate {
  ^bb0(%k: index):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c379 = arith.constant 379 : index
    %c999 = arith.constant 999 : index
    %c1000 = arith.constant 1000 : index
    %c5000 = arith.constant 5000 : index
    %half = arith.divui %k, %c2 : index
    %k3 = arith.muli %k, %c3 : index
    %down = arith.subi %c999, %k3 : index
    %k379 = arith.muli %k, %c379 : index
    %sparse = arith.remui %k379, %c1000 : index
    %is5 = arith.cmpi eq, %k, %c5 : index
    %bad = arith.select %is5, %c5000, %half : index
    %is0 = arith.cmpi eq, %kind, %c0 : index
    %is1 = arith.cmpi eq, %kind, %c1 : index
    %is2 = arith.cmpi eq, %kind, %c2 : index
    %a = arith.select %is2, %sparse, %bad : index
    %b = arith.select %is1, %down, %a : index
    %v = arith.select %is0, %half, %b : index
    %vi = arith.index_cast %v : index to i32
    tensor.yield %vi : i32
  } : tensor<300xi32>
  %d = tensor.cast %i : tensor<300xi32> to tensor<?xi32>
  return %d : tensor<?xi32>
}

func.func @main() {
  // params[i, j] = 10 i + j.
  %p = tensor.generate {
  ^bb0(%a: index, %b: index):
    %c10 = arith.constant 10 : index
    %m = arith.muli %a, %c10 : index
    %v = arith.addi %m, %b : index
    %vi = arith.index_cast %v : index to i64
    %vf = arith.sitofp %vi : i64 to f32
    tensor.yield %vf : f32
  } : tensor<1000x4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %up = call @indices(%c0) : (index) -> tensor<?xi32>
  %down = call @indices(%c1) : (index) -> tensor<?xi32>
  %sparse = call @indices(%c2) : (index) -> tensor<?xi32>
  %bad = call @indices(%c3) : (index) -> tensor<?xi32>

  %r0 = call @rows(%p, %up) : (tensor<1000x4xf32>, tensor<?xi32>) -> tensor<?x4xf32>
  %e0 = call @reference(%p, %up) : (tensor<1000x4xf32>, tensor<?xi32>) -> tensor<?x4xf32>
  %m0 = call @mismatches(%r0, %e0) : (tensor<?x4xf32>, tensor<?x4xf32>) -> i64
  %r1 = call @rows(%p, %down) : (tensor<1000x4xf32>, tensor<?xi32>) -> tensor<?x4xf32>
  %e1 = call @reference(%p, %down) : (tensor<1000x4xf32>, tensor<?xi32>) -> tensor<?x4xf32>
  %m1 = call @mismatches(%r1, %e1) : (tensor<?x4xf32>, tensor<?x4xf32>) -> i64
  %r2 = call @rows(%p, %sparse) : (tensor<1000x4xf32>, tensor<?xi32>) -> tensor<?x4xf32>
  %e2 = call @reference(%p, %sparse) : (tensor<1000x4xf32>, tensor<?xi32>) -> tensor<?x4xf32>
  %m2 = call @mismatches(%r2, %e2) : (tensor<?x4xf32>, tensor<?x4xf32>) -> i64
  %r3 = call @rows_zero(%p, %bad) : (tensor<1000x4xf32>, tensor<?xi32>) -> tensor<?x4xf32>
  %e3 = call @reference(%p, %bad) : (tensor<1000x4xf32>, tensor<?xi32>) -> tensor<?x4xf32>
  %m3 = call @mismatches(%r3, %e3) : (tensor<?x4xf32>, tensor<?x4xf32>) -> i64
  // Row 5 of the zero-mode result is zero (its index was bad).
  %c5 = arith.constant 5 : index
  %z5 = tensor.extract %r3[%c5, %c0] : tensor<?x4xf32>

  // Into rows 20 bytes apart (a buffer of rows of 5 f32, -1 outside the
  // gathered columns), indices k / 2 mod 1000 (dense but where they wrap).
  %big = tensor.generate {
  ^bb0(%k: index):
    %c2_ = arith.constant 2 : index
    %c1000 = arith.constant 1000 : index
    %half = arith.divui %k, %c2_ : index
    %v = arith.remui %half, %c1000 : index
    %vi = arith.index_cast %v : index to i32
    tensor.yield %vi : i32
  } : tensor<2097152xi32>
  %buf = memref.alloc() {alignment = 64 : i64} : memref<2097152x5xf32>
  %minus1 = arith.constant -1.0 : f32
  linalg.fill ins(%minus1 : f32) outs(%buf : memref<2097152x5xf32>)
  %view = memref.subview %buf[0, 0] [2097152, 4] [1, 1]
      : memref<2097152x5xf32> to memref<2097152x4xf32, strided<[5, 1]>>
  call @rows_into(%p, %big, %view) : (tensor<1000x4xf32>, tensor<2097152xi32>, memref<2097152x4xf32, strided<[5, 1]>>) -> ()
  %bt = bufferization.to_tensor %view restrict : memref<2097152x4xf32, strided<[5, 1]>> to tensor<2097152x4xf32>
  %btd = tensor.cast %bt : tensor<2097152x4xf32> to tensor<?x4xf32>
  %bigd = tensor.cast %big : tensor<2097152xi32> to tensor<?xi32>
  %e4 = call @reference(%p, %bigd) : (tensor<1000x4xf32>, tensor<?xi32>) -> tensor<?x4xf32>
  %m4 = call @mismatches(%btd, %e4) : (tensor<?x4xf32>, tensor<?x4xf32>) -> i64
  // Column 4, outside the view, keeps -1.
  %c4 = arith.constant 4 : index
  %c299 = arith.constant 299 : index
  %col4 = memref.load %buf[%c299, %c4] : memref<2097152x5xf32>

  %z5i = arith.fptosi %z5 : f32 to i64
  %col4i = arith.fptosi %col4 : f32 to i64
  %counts = tensor.from_elements %m0, %m1, %m2, %m3, %m4, %z5i, %col4i : tensor<7xi64>
  %u = tensor.cast %counts : tensor<7xi64> to tensor<*xi64>
  call @printMemrefI64(%u) : (tensor<*xi64>) -> ()
  // CHECK: [0,  0,  0,  0,  0,  0,  -1]
  return
}
