// The contiguous index check (lib/Conversion/GatherToSCF/ContiguousCheck.h):
// chunks of index vectors that lie contiguously in memory are checked as
// the unsigned maximum of 64-byte vectors (lane l: component l % depth),
// the rest with a masked load. Each gather here has dynamic indices (the
// chunked plans) and one bad component where it is hard to find: only in
// component 1 of 2, in the masked rest, in a depth of 3 (24 lanes), a
// negative i32 in the masked rest; and a zero-sized dimension with no
// index. Non-contiguous indices (a strided view, buffer form) take the
// scalar check. The handler counts reports and returns (the slot is then
// zero), so every bad index is reported exactly once, as before.
//
// RUN: gather-opt %s --gather-cpu-pipeline="out-of-bounds-handler=count_reports" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: %if libomp %{ gather-opt %s --gather-cpu-pipeline="num-threads=2 out-of-bounds-handler=count_reports" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN:     -shared-libs=%libomp | FileCheck %s %}
// The check is there:
// RUN: gather-opt %s --gather-cpu-pipeline | FileCheck %s --check-prefix=IR
// IR: llvm.intr.umax
// IR: llvm.intr.masked.load

func.func private @printMemrefF32(tensor<*xf32>)

func.func @count_reports(%op: !llvm.ptr, %location: !llvm.ptr, %index: i64,
                         %dim: i64, %dim_size: i64) {
  vector.print str "report: index "
  vector.print %index : i64 punctuation <no_punctuation>
  vector.print str ", dimension "
  vector.print %dim : i64 punctuation <no_punctuation>
  vector.print str " of size "
  vector.print %dim_size : i64
  return
}

// params[i, j] = 10 i + j.
func.func @table() -> tensor<4x5xf32> {
  %t = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c10 : index
    %b = arith.addi %a, %j : index
    %n = arith.index_cast %b : index to i32
    %f = arith.sitofp %n : i32 to f32
    tensor.yield %f : f32
  } : tensor<4x5xf32>
  return %t : tensor<4x5xf32>
}

// 11 index vectors of 2 i64 components (22 components: two vectors of 8
// lanes, then 6 in the masked rest); `bad` sets component `comp` of vector
// `at` to `value`.
func.func @nd_indices(%at: index, %comp: index, %value: i64) -> tensor<?x2xi64> {
  %t = tensor.generate {
  ^bb0(%m: index, %k: index):
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %is0 = arith.cmpi eq, %k, %c0 : index
    %r = arith.remui %m, %c4 : index
    %c = arith.remui %m, %c3 : index
    %v = arith.select %is0, %r, %c : index
    %here = arith.cmpi eq, %m, %at : index
    %thisComp = arith.cmpi eq, %k, %comp : index
    %hit = arith.andi %here, %thisComp : i1
    %vi = arith.index_cast %v : index to i64
    %out = arith.select %hit, %value, %vi : i64
    tensor.yield %out : i64
  } : tensor<11x2xi64>
  %d = tensor.cast %t : tensor<11x2xi64> to tensor<?x2xi64>
  return %d : tensor<?x2xi64>
}

func.func @gather_nd(%p: tensor<4x5xf32>, %i: tensor<?x2xi64>) {
  %r = gather.gather_nd %p[%i] : (tensor<4x5xf32>, tensor<?x2xi64>) -> tensor<?xf32>
  %u = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @main() {
  %p = call @table() : () -> tensor<4x5xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c9 = arith.constant 9 : index
  %c99 = arith.constant 99 : index
  %zero = arith.constant 0 : i64
  %five = arith.constant 5 : i64
  %four = arith.constant 4 : i64
  %neg = arith.constant -1 : i64

  // No bad index.
  %good = call @nd_indices(%c99, %c0, %zero) : (index, index, i64) -> tensor<?x2xi64>
  call @gather_nd(%p, %good) : (tensor<4x5xf32>, tensor<?x2xi64>) -> ()
  // CHECK-NOT: report
  // CHECK: [0, 11, 22, 30, 1, 12, 20, 31, 2, 10, 21]

  // Component 1 = 5 (bound 5, lane 7 of the first vector).
  %c1bad = call @nd_indices(%c3, %c1, %five) : (index, index, i64) -> tensor<?x2xi64>
  call @gather_nd(%p, %c1bad) : (tensor<4x5xf32>, tensor<?x2xi64>) -> ()
  // CHECK: report: index 5, dimension 1 of size 5
  // CHECK-NEXT: Unranked
  // CHECK-NEXT: [0, 11, 22, 0, 1, 12, 20, 31, 2, 10, 21]

  // Component 0 = 4 (bound 4) in vector 9: the masked rest.
  %restbad = call @nd_indices(%c9, %c0, %four) : (index, index, i64) -> tensor<?x2xi64>
  call @gather_nd(%p, %restbad) : (tensor<4x5xf32>, tensor<?x2xi64>) -> ()
  // CHECK: report: index 4, dimension 0 of size 4
  // CHECK-NEXT: Unranked
  // CHECK-NEXT: [0, 11, 22, 30, 1, 12, 20, 31, 2, 0, 21]

  // A negative component (unsigned: the largest value).
  %negbad = call @nd_indices(%c0, %c1, %neg) : (index, index, i64) -> tensor<?x2xi64>
  call @gather_nd(%p, %negbad) : (tensor<4x5xf32>, tensor<?x2xi64>) -> ()
  // CHECK: report: index -1, dimension 1 of size 5
  // CHECK-NEXT: Unranked
  // CHECK-NEXT: [0, 11, 22, 30, 1, 12, 20, 31, 2, 10, 21]

  call @depth3() : () -> ()
  call @i32_indices() : () -> ()
  call @empty_dim() : () -> ()
  call @strided_indices() : () -> ()
  return
}

// Depth 3, i64: 24 lanes (three 8-lane registers). 9 index vectors, one
// bad component 2 (size 2) at vector 6.
func.func @depth3() {
  %p = tensor.generate {
  ^bb0(%a: index, %b: index, %c: index):
    %s = arith.addi %a, %b : index
    %t = arith.addi %s, %c : index
    %n = arith.index_cast %t : index to i32
    %f = arith.sitofp %n : i32 to f32
    tensor.yield %f : f32
  } : tensor<3x3x2xf32>
  %i = tensor.generate {
  ^bb0(%m: index, %k: index):
    %c6 = arith.constant 6 : index
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    %isBad = arith.cmpi eq, %m, %c6 : index
    %isK2 = arith.cmpi eq, %k, %c2 : index
    %hit = arith.andi %isBad, %isK2 : i1
    %two = arith.constant 2 : index
    %v0 = arith.remui %m, %two : index
    %v = arith.select %hit, %two, %v0 : index
    %vi = arith.index_cast %v : index to i64
    tensor.yield %vi : i64
  } : tensor<9x3xi64>
  %d = tensor.cast %i : tensor<9x3xi64> to tensor<?x3xi64>
  %r = gather.gather_nd %p[%d] : (tensor<3x3x2xf32>, tensor<?x3xi64>) -> tensor<?xf32>
  %u = tensor.cast %r : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  // CHECK: report: index 2, dimension 2 of size 2
  // CHECK-NEXT: Unranked
  // CHECK-NEXT: [0, 3, 0, 3, 0, 3, 0, 3, 0]
  return
}

// i32 indices, 70 of them (four vectors of 16 lanes, then 6 masked): the
// last row (199) and, in the masked rest, a negative one.
func.func @i32_indices() {
  %p = tensor.generate {
  ^bb0(%r: index):
    %n = arith.index_cast %r : index to i32
    %f = arith.sitofp %n : i32 to f32
    tensor.yield %f : f32
  } : tensor<200xf32>
  %i = tensor.generate {
  ^bb0(%m: index):
    %c67 = arith.constant 67 : index
    %isBad = arith.cmpi eq, %m, %c67 : index
    %c1 = arith.constant 1 : index
    %isMax = arith.cmpi eq, %m, %c1 : index
    %v0 = arith.index_cast %m : index to i32
    %neg = arith.constant -3 : i32
    %max = arith.constant 199 : i32
    %v1 = arith.select %isMax, %max, %v0 : i32
    %v = arith.select %isBad, %neg, %v1 : i32
    tensor.yield %v : i32
  } : tensor<70xi32>
  %d = tensor.cast %i : tensor<70xi32> to tensor<?xi32>
  %r = gather.gather %p[%d] : (tensor<200xf32>, tensor<?xi32>) -> tensor<?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c67 = arith.constant 67 : index
  %c69 = arith.constant 69 : index
  %e0 = tensor.extract %r[%c0] : tensor<?xf32>
  %e1 = tensor.extract %r[%c1] : tensor<?xf32>
  %e67 = tensor.extract %r[%c67] : tensor<?xf32>
  %e69 = tensor.extract %r[%c69] : tensor<?xf32>
  vector.print %e0 : f32
  vector.print %e1 : f32
  vector.print %e67 : f32
  vector.print %e69 : f32
  // CHECK: report: index -3, dimension 0 of size 200
  // CHECK-NEXT: 0
  // CHECK-NEXT: 199
  // CHECK-NEXT: 0
  // CHECK-NEXT: 69
  return
}

// A zero-sized indexed dimension and no index: nothing to report.
func.func @empty_dim() {
  %p = tensor.empty() : tensor<0x3xf32>
  %i = tensor.empty() : tensor<0xi64>
  %d = tensor.cast %i : tensor<0xi64> to tensor<?xi64>
  %r = gather.gather %p[%d] : (tensor<0x3xf32>, tensor<?xi64>) -> tensor<?x3xf32>
  %u = tensor.cast %r : tensor<?x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  // CHECK-NOT: report
  // CHECK: Unranked Memref {{.*}} sizes = [0, 3]
  return
}

// Indices read through a strided view (every other element of a buffer):
// not contiguous, checked by the scalar loop.
func.func @strided_indices() {
  %p = call @table() : () -> tensor<4x5xf32>
  %pb = bufferization.to_buffer %p read_only : tensor<4x5xf32> to memref<4x5xf32>
  %all = memref.alloca() : memref<200x2xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c200 = arith.constant 200 : index
  %c150 = arith.constant 150 : index
  scf.for %m = %c0 to %c200 step %c1 {
    %c4 = arith.constant 4 : index
    %v = arith.remui %m, %c4 : index
    %is = arith.cmpi eq, %m, %c150 : index
    %c7 = arith.constant 7 : index
    %w = arith.select %is, %c7, %v : index
    %wi = arith.index_cast %w : index to i32
    memref.store %wi, %all[%m, %c0] : memref<200x2xi32>
    memref.store %wi, %all[%m, %c1] : memref<200x2xi32>
  }
  // Column 0 of every other row: rows 0, 2, ..., 198; row 150 holds 7.
  %view = memref.subview %all[0, 0] [100, 1] [2, 1]
      : memref<200x2xi32> to memref<100xi32, strided<[4]>>
  %dyn = memref.cast %view : memref<100xi32, strided<[4]>> to memref<?xi32, strided<[?]>>
  %out = memref.alloca() : memref<100x5xf32>
  gather.gather %pb[%dyn] into %out : (memref<4x5xf32>, memref<?xi32, strided<[?]>>, memref<100x5xf32>) -> ()
  %c75 = arith.constant 75 : index
  %c76 = arith.constant 76 : index
  %bad = memref.load %out[%c75, %c1] : memref<100x5xf32>
  %next = memref.load %out[%c76, %c1] : memref<100x5xf32>
  vector.print %bad : f32
  vector.print %next : f32
  // CHECK: report: index 7, dimension 0 of size 4
  // CHECK-NEXT: 0
  // CHECK-NEXT: 1
  return
}
