// Params past 2^31 and 2^32 elements (4 GiB of i8, allocated but touched
// only where markers are written and gathered: little resident memory) are
// gathered at offsets past 2^31 and 2^32 on every lowering: rows with i32
// indices (the offset is computed in 64 bits), single elements by gather_nd,
// a gather along axis 1 whose outer rows start past 2^32, and a 1-D params
// of 2^32 + 16 elements with a wrapped negative index.
//
// RUN: gather-opt %s --gather-cpu-pipeline \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=linalg" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: gather-opt %s --gather-gpu-pipeline="host-only" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN: | FileCheck %s
// RUN: %if libomp %{ gather-opt %s --gather-cpu-pipeline="num-threads=2" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils \
// RUN:     -shared-libs=%libomp | FileCheck %s %}

// n = 2^25 + 1 rows of 128 bytes: row n - 1 starts at 2^32, row 2^24 + 1 at
// 2^31 + 128. Mode zero: index n is out of bounds.
// CHECK-LABEL: rows
// CHECK-NEXT: 11
// CHECK-NEXT: 12
// CHECK-NEXT: 21
// CHECK-NEXT: 31
// CHECK-NEXT: 0
func.func @rows(%n: index, %i: tensor<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c127 = arith.constant 127 : index
  %mid = arith.constant 16777217 : index
  %last = arith.subi %n, %c1 : index
  %v11 = arith.constant 11 : i8
  %v12 = arith.constant 12 : i8
  %v21 = arith.constant 21 : i8
  %v31 = arith.constant 31 : i8
  %e = tensor.empty(%n) : tensor<?x128xi8>
  %p0 = tensor.insert %v11 into %e[%last, %c0] : tensor<?x128xi8>
  %p1 = tensor.insert %v12 into %p0[%last, %c127] : tensor<?x128xi8>
  %p2 = tensor.insert %v21 into %p1[%mid, %c5] : tensor<?x128xi8>
  %p = tensor.insert %v31 into %p2[%c0, %c0] : tensor<?x128xi8>
  %r = gather.gather %p[%i] mode<zero> : (tensor<?x128xi8>, tensor<4xi32>) -> tensor<4x128xi8>
  vector.print str "rows\n"
  %a = tensor.extract %r[%c0, %c0] : tensor<4x128xi8>
  %b = tensor.extract %r[%c0, %c127] : tensor<4x128xi8>
  %c = tensor.extract %r[%c1, %c5] : tensor<4x128xi8>
  %d = tensor.extract %r[%c2, %c0] : tensor<4x128xi8>
  %z = tensor.extract %r[%c3, %c127] : tensor<4x128xi8>
  vector.print %a : i8
  vector.print %b : i8
  vector.print %c : i8
  vector.print %d : i8
  vector.print %z : i8
  return
}

// The same params, single elements: (n - 1, 127) is at 2^32 + 127.
// CHECK-LABEL: elements
// CHECK-NEXT: ( 12, 21, 31 )
func.func @elements(%n: index, %i: tensor<3x2xi64>) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c127 = arith.constant 127 : index
  %c1 = arith.constant 1 : index
  %mid = arith.constant 16777217 : index
  %last = arith.subi %n, %c1 : index
  %v12 = arith.constant 12 : i8
  %v21 = arith.constant 21 : i8
  %v31 = arith.constant 31 : i8
  %e = tensor.empty(%n) : tensor<?x128xi8>
  %p0 = tensor.insert %v12 into %e[%last, %c127] : tensor<?x128xi8>
  %p1 = tensor.insert %v21 into %p0[%mid, %c5] : tensor<?x128xi8>
  %p = tensor.insert %v31 into %p1[%c0, %c0] : tensor<?x128xi8>
  %r = gather.gather_nd %p[%i] : (tensor<?x128xi8>, tensor<3x2xi64>) -> tensor<3xi8>
  vector.print str "elements\n"
  %pad = arith.constant 0 : i8
  %v = vector.transfer_read %r[%c0], %pad : tensor<3xi8>, vector<3xi8>
  vector.print %v : vector<3xi8>
  return
}

// 128 rows of m = 2^25 + 1 bytes along axis 1: row 127 starts past 2^32.
// Mode clamp: index m + 4 reads column m - 1.
// CHECK-LABEL: columns
// CHECK-NEXT: ( 41, 42, 43 )
func.func @columns(%m: index, %i: tensor<2xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c127 = arith.constant 127 : index
  %mid = arith.constant 16777217 : index
  %last = arith.subi %m, %c1 : index
  %v41 = arith.constant 41 : i8
  %v42 = arith.constant 42 : i8
  %v43 = arith.constant 43 : i8
  %e = tensor.empty(%m) : tensor<128x?xi8>
  %p0 = tensor.insert %v41 into %e[%c127, %last] : tensor<128x?xi8>
  %p1 = tensor.insert %v42 into %p0[%c64, %mid] : tensor<128x?xi8>
  %p = tensor.insert %v43 into %p1[%c64, %last] : tensor<128x?xi8>
  %r = gather.gather %p[%i] axis = 1 mode<clamp> : (tensor<128x?xi8>, tensor<2xindex>) -> tensor<128x2xi8>
  vector.print str "columns\n"
  %a = tensor.extract %r[%c127, %c0] : tensor<128x2xi8>
  %b = tensor.extract %r[%c64, %c1] : tensor<128x2xi8>
  %c = tensor.extract %r[%c64, %c0] : tensor<128x2xi8>
  %v0 = vector.from_elements %a, %b, %c : vector<3xi8>
  vector.print %v0 : vector<3xi8>
  return
}

// k = 2^32 + 16 elements; mode wrap: -1 is element k - 1.
// CHECK-LABEL: flat
// CHECK-NEXT: ( 51, 52, 53 )
func.func @flat(%k: index, %i: tensor<3xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %big = arith.constant 2147483649 : index
  %last = arith.subi %k, %c1 : index
  %v51 = arith.constant 51 : i8
  %v52 = arith.constant 52 : i8
  %v53 = arith.constant 53 : i8
  %e = tensor.empty(%k) : tensor<?xi8>
  %p0 = tensor.insert %v51 into %e[%last] : tensor<?xi8>
  %p1 = tensor.insert %v52 into %p0[%big] : tensor<?xi8>
  %p = tensor.insert %v53 into %p1[%c0] : tensor<?xi8>
  %r = gather.gather %p[%i] mode<wrap> : (tensor<?xi8>, tensor<3xi64>) -> tensor<3xi8>
  vector.print str "flat\n"
  %pad = arith.constant 0 : i8
  %v = vector.transfer_read %r[%c0], %pad : tensor<3xi8>, vector<3xi8>
  vector.print %v : vector<3xi8>
  return
}

func.func @main() {
  %n = arith.constant 33554433 : index
  %rows = arith.constant dense<[33554432, 16777217, 0, 33554433]> : tensor<4xi32>
  call @rows(%n, %rows) : (index, tensor<4xi32>) -> ()
  %elements = arith.constant dense<[[33554432, 127], [16777217, 5], [0, 0]]> : tensor<3x2xi64>
  call @elements(%n, %elements) : (index, tensor<3x2xi64>) -> ()
  %columns = arith.constant dense<[33554437, 16777217]> : tensor<2xindex>
  call @columns(%n, %columns) : (index, tensor<2xindex>) -> ()
  %k = arith.constant 4294967312 : index
  %flat = arith.constant dense<[-1, 2147483649, 0]> : tensor<3xi64>
  call @flat(%k, %flat) : (index, tensor<3xi64>) -> ()
  return
}
