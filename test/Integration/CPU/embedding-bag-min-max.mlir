// Embedding bags reduced with a float min or max (arith.maximumf,
// minimumf, maxnumf) over rows holding NaN, +0 and -0 in either order,
// infinities, and (zero mode) an out-of-bounds index read as a zero row. On
// x86 the bag loops accumulate with a compare and a select, and redo a
// block whose rows or init hold a NaN, or whose result holds a zero (+0 and
// -0 compare equal), with the op itself
// (CPUTargetDescription::bagMinMaxThroughSelects): every result must be the
// op's, a NaN where the op gives one, +0 above -0. Rows of 4 elements: one
// block, or (register-accumulator-max-bytes=8) two blocks of 2, so that
// only the block with the NaN is redone; rows of 128 elements in one block
// (=512) fold their eight lines into an ordered mask of one line, two lines
// a compare, NaNs on either side of one. The tile-and-
// fuse form (bag-loops=false), which never uses selects, prints the same.
//
// DEFINE: %{run} = mlir-runner -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils
//
// RUN: gather-opt %s --gather-cpu-pipeline | %{run} -e main | FileCheck %s
// RUN: gather-opt %s --gather-fuse-reductions="register-accumulator-max-bytes=8" \
// RUN:   --gather-cpu-pipeline | %{run} -e main | FileCheck %s
// RUN: gather-opt %s --gather-fuse-reductions="register-accumulator-max-bytes=512" \
// RUN:   --gather-cpu-pipeline | %{run} -e main | FileCheck %s
// RUN: gather-opt %s --gather-fuse-reductions="bag-loops=false" \
// RUN:   --gather-cpu-pipeline | %{run} -e main | FileCheck %s
// RUN: gather-opt %s --gather-fuse-reductions | FileCheck %s --check-prefix=IR
// RUN: gather-opt %s --gather-fuse-reductions="register-accumulator-max-bytes=512" \
// RUN:   | FileCheck %s --check-prefix=WIDE

// IR-LABEL: func.func @max(
//       IR:   %[[KEEP:.*]] = arith.cmpf ogt, %[[ACC:.*]], %[[X:.*]] : vector<4xf32>
//       IR:   %[[MAX:.*]] = arith.select %[[KEEP]], %[[ACC]], %[[X]]
//       IR:   %[[ORD:.*]] = arith.cmpf ord, %[[MAX]], %[[MAX]] : vector<4xf32>
//       IR:   arith.andi {{.*}}, %[[ORD]] : vector<4xi1>
//       IR:   scf.yield %[[MAX]]
//       IR:   vector.reduction <and>
//       IR:   arith.cmpf uno
//       IR:   arith.cmpf oeq
//       IR:   scf.if
//       IR:     arith.maximumf
// IR-LABEL: func.func @min(
//       IR:   arith.cmpf olt
//       IR:   arith.select
// IR-LABEL: func.func @maxnum(
//       IR:   arith.cmpf ogt
//       IR:     arith.maxnumf
// IR-LABEL: func.func @max_f16(
//       IR:   arith.select {{.*}} : vector<4xi1>, vector<4xf16>
//       IR:   arith.cmpf ord, {{.*}} : vector<4xf16>

// WIDE-LABEL: func.func @max_wide(
//       WIDE:   scf.for {{.*}} -> (vector<128xf32>, vector<16xi1>)
// WIDE-COUNT-4:     arith.cmpf ord, {{.*}} : vector<16xf32>
//   WIDE-NOT:     arith.cmpf ord
//       WIDE:     scf.yield

func.func private @printMemrefF32(tensor<*xf32>)

func.func @print(%t: tensor<?x4xf32>) {
  %u = tensor.cast %t : tensor<?x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @table() -> tensor<6x4xf32> {
  %t = arith.constant dense<[
    [1.0, 2.0, -1.0, -5.0],
    [5.0, 0x7FC00000, -0.0, 3.0],
    [-2.0, 7.0, 0.0, 4.0],
    [3.0, 1.0, -3.0, 0xFF800000],
    [-0.0, -4.0, -0.0, 2.0],
    [0.5, 2.0, 0.0, 0x7F800000]]> : tensor<6x4xf32>
  return %t : tensor<6x4xf32>
}

func.func @max(%table: tensor<6x4xf32>, %indices: tensor<?x3xi64>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %indices, %c0 : tensor<?x3xi64>
  %rows = gather.gather %table[%indices] mode<zero> : (tensor<6x4xf32>, tensor<?x3xi64>) -> tensor<?x3x4xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  %r = linalg.reduce ins(%rows : tensor<?x3x4xf32>) outs(%init : tensor<?x4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %m = arith.maximumf %x, %acc : f32
      linalg.yield %m : f32
    }
  return %r : tensor<?x4xf32>
}

// The accumulator first.
func.func @min(%table: tensor<6x4xf32>, %indices: tensor<?x3xi64>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %indices, %c0 : tensor<?x3xi64>
  %rows = gather.gather %table[%indices] mode<zero> : (tensor<6x4xf32>, tensor<?x3xi64>) -> tensor<?x3x4xf32>
  %inf = arith.constant 0x7F800000 : f32
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %init = linalg.fill ins(%inf : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  %r = linalg.reduce ins(%rows : tensor<?x3x4xf32>) outs(%init : tensor<?x4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %m = arith.minimumf %acc, %x : f32
      linalg.yield %m : f32
    }
  return %r : tensor<?x4xf32>
}

func.func @maxnum(%table: tensor<6x4xf32>, %indices: tensor<?x3xi64>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %indices, %c0 : tensor<?x3xi64>
  %rows = gather.gather %table[%indices] mode<zero> : (tensor<6x4xf32>, tensor<?x3xi64>) -> tensor<?x3x4xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  %r = linalg.reduce ins(%rows : tensor<?x3x4xf32>) outs(%init : tensor<?x4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %m = arith.maxnumf %x, %acc : f32
      linalg.yield %m : f32
    }
  return %r : tensor<?x4xf32>
}

// From the caller's init, which holds a NaN and zeros.
func.func @max_init(%table: tensor<6x4xf32>, %indices: tensor<?x3xi64>, %init: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %rows = gather.gather %table[%indices] mode<zero> : (tensor<6x4xf32>, tensor<?x3xi64>) -> tensor<?x3x4xf32>
  %r = linalg.reduce ins(%rows : tensor<?x3x4xf32>) outs(%init : tensor<?x4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %m = arith.maximumf %x, %acc : f32
      linalg.yield %m : f32
    }
  return %r : tensor<?x4xf32>
}

// The max of f16 rows, widened to f32 to print (-0, NaN and infinities
// survive both conversions).
func.func @max_f16(%table32: tensor<6x4xf32>, %indices: tensor<?x3xi64>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %indices, %c0 : tensor<?x3xi64>
  %e16 = tensor.empty() : tensor<6x4xf16>
  %table = linalg.map { arith.truncf } ins(%table32 : tensor<6x4xf32>) outs(%e16 : tensor<6x4xf16>)
  %rows = gather.gather %table[%indices] mode<zero> : (tensor<6x4xf16>, tensor<?x3xi64>) -> tensor<?x3x4xf16>
  %ninf = arith.constant 0xFC00 : f16
  %e = tensor.empty(%n) : tensor<?x4xf16>
  %init = linalg.fill ins(%ninf : f16) outs(%e : tensor<?x4xf16>) -> tensor<?x4xf16>
  %r = linalg.reduce ins(%rows : tensor<?x3x4xf16>) outs(%init : tensor<?x4xf16>) dimensions = [1]
    (%x: f16, %acc: f16) {
      %m = arith.maximumf %x, %acc : f16
      linalg.yield %m : f16
    }
  %e32 = tensor.empty(%n) : tensor<?x4xf32>
  %r32 = linalg.map { arith.extf } ins(%r : tensor<?x4xf16>) outs(%e32 : tensor<?x4xf32>)
  return %r32 : tensor<?x4xf32>
}

// table[i, j] = 1000 i + j, 3 x 128, but a NaN at [1, 100].
func.func @max_wide(%indices: tensor<?x2xi64>) -> tensor<?x4xf32> {
  %t = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c1000 = arith.constant 1000 : index
    %a = arith.muli %i, %c1000 : index
    %v = arith.addi %a, %j : index
    %vi = arith.index_cast %v : index to i64
    %vf = arith.sitofp %vi : i64 to f32
    tensor.yield %vf : f32
  } : tensor<3x128xf32>
  %nan = arith.constant 0x7FC00000 : f32
  // NaNs in line 6 of row 1 and line 7 of row 2: the two sides of a compare.
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c111 = arith.constant 111 : index
  %c112 = arith.constant 112 : index
  %t1 = tensor.insert %nan into %t[%c1, %c111] : tensor<3x128xf32>
  %table = tensor.insert %nan into %t1[%c2, %c112] : tensor<3x128xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %indices, %c0 : tensor<?x2xi64>
  %rows = gather.gather %table[%indices] : (tensor<3x128xf32>, tensor<?x2xi64>) -> tensor<?x2x128xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty(%n) : tensor<?x128xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<?x128xf32>) -> tensor<?x128xf32>
  %r = linalg.reduce ins(%rows : tensor<?x2x128xf32>) outs(%init : tensor<?x128xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %m = arith.maximumf %x, %acc : f32
      linalg.yield %m : f32
    }
  %cols = tensor.extract_slice %r[0, 110] [%n, 4] [1, 1] : tensor<?x128xf32> to tensor<?x4xf32>
  return %cols : tensor<?x4xf32>
}

func.func @main() {
  %table = call @table() : () -> tensor<6x4xf32>
  %idx = arith.constant dense<[[0, 3, 5], [2, 4, 0], [4, 4, 4], [4, 2, 4],
                               [1, 2, 3], [0, 99, 3], [2, 4, 2]]> : tensor<7x3xi64>
  %idxd = tensor.cast %idx : tensor<7x3xi64> to tensor<?x3xi64>

  %max = call @max(%table, %idxd) : (tensor<6x4xf32>, tensor<?x3xi64>) -> tensor<?x4xf32>
  call @print(%max) : (tensor<?x4xf32>) -> ()
  // CHECK:      sizes = [7, 4]
  // CHECK-NEXT: [3,   2,   0,   inf],
  // CHECK-NEXT: [1,   7,   0,   4],
  // CHECK-NEXT: [-0,   -4,   -0,   2],
  // CHECK-NEXT: [-0,   7,   0,   4],
  // CHECK-NEXT: [5,   nan,   0,   4],
  // CHECK-NEXT: [3,   2,   0,   0],
  // CHECK-NEXT: [-0,   7,   0,   4]]

  %min = call @min(%table, %idxd) : (tensor<6x4xf32>, tensor<?x3xi64>) -> tensor<?x4xf32>
  call @print(%min) : (tensor<?x4xf32>) -> ()
  // CHECK:      sizes = [7, 4]
  // CHECK-NEXT: [0.5,   1,   -3,   -inf],
  // CHECK-NEXT: [-2,   -4,   -1,   -5],
  // CHECK-NEXT: [-0,   -4,   -0,   2],
  // CHECK-NEXT: [-2,   -4,   -0,   2],
  // CHECK-NEXT: [-2,   nan,   -3,   -inf],
  // CHECK-NEXT: [0,   0,   -3,   -inf],
  // CHECK-NEXT: [-2,   -4,   -0,   2]]

  %max16 = call @max_f16(%table, %idxd) : (tensor<6x4xf32>, tensor<?x3xi64>) -> tensor<?x4xf32>
  call @print(%max16) : (tensor<?x4xf32>) -> ()
  // CHECK:      sizes = [7, 4]
  // CHECK-NEXT: [3,   2,   0,   inf],
  // CHECK-NEXT: [1,   7,   0,   4],
  // CHECK-NEXT: [-0,   -4,   -0,   2],
  // CHECK-NEXT: [-0,   7,   0,   4],
  // CHECK-NEXT: [5,   nan,   0,   4],
  // CHECK-NEXT: [3,   2,   0,   0],
  // CHECK-NEXT: [-0,   7,   0,   4]]

  // maxnumf ignores the NaN; bags without both zeros (either may come out).
  %idxn = arith.constant dense<[[0, 3, 4], [1, 3, 4]]> : tensor<2x3xi64>
  %idxnd = tensor.cast %idxn : tensor<2x3xi64> to tensor<?x3xi64>
  %maxnum = call @maxnum(%table, %idxnd) : (tensor<6x4xf32>, tensor<?x3xi64>) -> tensor<?x4xf32>
  call @print(%maxnum) : (tensor<?x4xf32>) -> ()
  // CHECK:      sizes = [2, 4]
  // CHECK-NEXT: [3,   2,   -0,   2],
  // CHECK-NEXT: [5,   1,   -0,   3]]

  %init = arith.constant dense<[[0x7FC00000, 0.0, -0.0, 1.0],
                                [0.0, 0xFF800000, 0.0, 0xFF800000]]> : tensor<2x4xf32>
  %initd = tensor.cast %init : tensor<2x4xf32> to tensor<?x4xf32>
  %idxi = arith.constant dense<[[0, 3, 4], [0, 3, 4]]> : tensor<2x3xi64>
  %idxid = tensor.cast %idxi : tensor<2x3xi64> to tensor<?x3xi64>
  %maxi = call @max_init(%table, %idxid, %initd) : (tensor<6x4xf32>, tensor<?x3xi64>, tensor<?x4xf32>) -> tensor<?x4xf32>
  call @print(%maxi) : (tensor<?x4xf32>) -> ()
  // CHECK:      sizes = [2, 4]
  // CHECK-NEXT: [nan,   2,   -0,   2],
  // CHECK-NEXT: [3,   2,   0,   2]]

  %idxw = arith.constant dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>
  %idxwd = tensor.cast %idxw : tensor<2x2xi64> to tensor<?x2xi64>
  %wide = call @max_wide(%idxwd) : (tensor<?x2xi64>) -> tensor<?x4xf32>
  call @print(%wide) : (tensor<?x4xf32>) -> ()
  // CHECK:      sizes = [2, 4]
  // CHECK-NEXT: [1110,   nan,   1112,   1113],
  // CHECK-NEXT: [2110,   2111,   nan,   2113]]
  return
}
