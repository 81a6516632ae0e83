// Mode error: the first out-of-bounds index stops the program with a message
// naming the op's location, the index and its bound; results printed before
// it are kept. One entry point per case, each run through both lowerings.
//
// (`not` is only found after a pipe: the lowered module comes on stdin.)
// DEFINE: %{scf} = gather-opt %s --gather-cpu-pipeline="lowering=scf"
// DEFINE: %{linalg} = gather-opt %s --gather-cpu-pipeline="lowering=linalg"
// DEFINE: %{run} = mlir-runner -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils
//
// RUN: %{scf} | not %{run} -e too_large 2>&1 | FileCheck %s --check-prefix=LARGE
// RUN: %{linalg} | not %{run} -e too_large 2>&1 | FileCheck %s --check-prefix=LARGE
// RUN: %{scf} | not %{run} -e negative 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: %{linalg} | not %{run} -e negative 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: %{scf} | not %{run} -e nd_component 2>&1 | FileCheck %s --check-prefix=ND
// RUN: %{linalg} | not %{run} -e nd_component 2>&1 | FileCheck %s --check-prefix=ND
// RUN: %{scf} | not %{run} -e dynamic 2>&1 | FileCheck %s --check-prefix=DYN
// RUN: %{linalg} | not %{run} -e dynamic 2>&1 | FileCheck %s --check-prefix=DYN
// RUN: %{scf} | not %{run} -e empty_axis 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: %{linalg} | not %{run} -e empty_axis 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: %{scf} | %{run} -e in_bounds | FileCheck %s --check-prefix=OK
// RUN: %{linalg} | %{run} -e in_bounds | FileCheck %s --check-prefix=OK

func.func private @printMemrefF32(tensor<*xf32>)

func.func @print(%t: tensor<?x?xf32>) {
  %u = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @gather_rows(%params: tensor<4x2xf32>, %indices: tensor<3xi32>) -> tensor<3x2xf32> {
  %r = gather.gather %params[%indices] : (tensor<4x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

func.func @params() -> tensor<4x2xf32> {
  %p = arith.constant dense<[[0.0, 1.0], [10.0, 11.0], [20.0, 21.0], [30.0, 31.0]]> : tensor<4x2xf32>
  return %p : tensor<4x2xf32>
}

// A valid gather prints before the bad one stops the program.
func.func @too_large() {
  %p = call @params() : () -> tensor<4x2xf32>
  %ok = arith.constant dense<[3, 0, 1]> : tensor<3xi32>
  %r = call @gather_rows(%p, %ok) : (tensor<4x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  %d = tensor.cast %r : tensor<3x2xf32> to tensor<?x?xf32>
  call @print(%d) : (tensor<?x?xf32>) -> ()
  // LARGE: [30, 31]
  // LARGE-NEXT: [0, 1]
  // LARGE-NEXT: [10, 11]
  %bad = arith.constant dense<[1, 7, 9]> : tensor<3xi32>
  // LARGE: gather.gather at loc("{{.*}}out-of-bounds-error.mlir":[[@LINE+1]]:8): index 7 is out of bounds [0, 4) in params dimension 0
  %s = gather.gather %p[%bad] : (tensor<4x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  %e = tensor.cast %s : tensor<3x2xf32> to tensor<?x?xf32>
  call @print(%e) : (tensor<?x?xf32>) -> ()
  // LARGE-NOT: rank =
  return
}

// Negative indices are out of bounds (no Python-style wrap-around).
func.func @negative() {
  %p = call @params() : () -> tensor<4x2xf32>
  %bad = arith.constant dense<[0, -2, 1]> : tensor<3xi32>
  // NEG: gather.gather at loc("{{.*}}out-of-bounds-error.mlir":[[@LINE+1]]:8): index -2 is out of bounds [0, 4) in params dimension 0
  %s = gather.gather %p[%bad] : (tensor<4x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  %e = tensor.cast %s : tensor<3x2xf32> to tensor<?x?xf32>
  call @print(%e) : (tensor<?x?xf32>) -> ()
  // NEG-NOT: rank =
  return
}

// gather_nd checks each component against its own dimension: component 1
// of [1, 3] exceeds dimension 1 (size 2) though 3 < 4.
func.func @nd_component() {
  %p = call @params() : () -> tensor<4x2xf32>
  %i = arith.constant dense<[[0, 1], [1, 3]]> : tensor<2x2xi64>
  // ND: gather.gather_nd at loc("{{.*}}out-of-bounds-error.mlir":[[@LINE+1]]:8): index 3 is out of bounds [0, 2) in params dimension 1
  %r = gather.gather_nd %p[%i] : (tensor<4x2xf32>, tensor<2x2xi64>) -> tensor<2xf32>
  %u = tensor.cast %r : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  // ND-NOT: rank =
  return
}

// Dynamic shapes: the bound is read at run time.
func.func @dynamic() {
  %p = call @params() : () -> tensor<4x2xf32>
  %pd = tensor.cast %p : tensor<4x2xf32> to tensor<?x?xf32>
  %i = arith.constant dense<[1, 2]> : tensor<2xindex>
  %id = tensor.cast %i : tensor<2xindex> to tensor<?xindex>
  // DYN: gather.gather at loc("{{.*}}out-of-bounds-error.mlir":[[@LINE+1]]:8): index 2 is out of bounds [0, 2) in params dimension 1
  %r = gather.gather %pd[%id] axis = 1 : (tensor<?x?xf32>, tensor<?xindex>) -> tensor<?x?xf32>
  call @print(%r) : (tensor<?x?xf32>) -> ()
  // DYN-NOT: rank =
  return
}

// An empty axis has no valid index at all.
func.func @empty_axis() {
  %p = tensor.empty() : tensor<0x3xf32>
  %i = arith.constant dense<[0]> : tensor<1xi32>
  // EMPTY: gather.gather at loc("{{.*}}out-of-bounds-error.mlir":[[@LINE+1]]:8): index 0 is out of bounds [0, 0) in params dimension 0
  %r = gather.gather %p[%i] : (tensor<0x3xf32>, tensor<1xi32>) -> tensor<1x3xf32>
  %u = tensor.cast %r : tensor<1x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  // EMPTY-NOT: rank =
  return
}

// The last valid index, and an empty indices tensor on an empty axis, run.
func.func @in_bounds() {
  %p = call @params() : () -> tensor<4x2xf32>
  %i = arith.constant dense<[3, 3, 0]> : tensor<3xi32>
  %r = call @gather_rows(%p, %i) : (tensor<4x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  %d = tensor.cast %r : tensor<3x2xf32> to tensor<?x?xf32>
  call @print(%d) : (tensor<?x?xf32>) -> ()
  // OK: [30, 31]
  // OK-NEXT: [30, 31]
  // OK-NEXT: [0, 1]
  %e = tensor.empty() : tensor<0x3xf32>
  %n = tensor.empty() : tensor<0xi32>
  %s = gather.gather %e[%n] : (tensor<0x3xf32>, tensor<0xi32>) -> tensor<0x3xf32>
  // printMemref would read the data of an empty memref: print its sizes.
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s0 = tensor.dim %s, %c0 : tensor<0x3xf32>
  %s1 = tensor.dim %s, %c1 : tensor<0x3xf32>
  vector.print str "empty: "
  vector.print %s0 : index punctuation <comma>
  vector.print %s1 : index
  // OK: empty: 0, 3
  // An empty result reads no index, so an out-of-bounds one does not stop
  // the program (docs/spec.md); here the slice is empty at run time.
  %q = tensor.empty() : tensor<3x0xf32>
  %qd = tensor.cast %q : tensor<3x0xf32> to tensor<?x?xf32>
  %five = arith.constant dense<[5]> : tensor<1xi32>
  %t = gather.gather %qd[%five] : (tensor<?x?xf32>, tensor<1xi32>) -> tensor<1x?xf32>
  %t1 = tensor.dim %t, %c1 : tensor<1x?xf32>
  vector.print str "empty result: 1, "
  vector.print %t1 : index
  // OK: empty result: 1, 0
  return
}
