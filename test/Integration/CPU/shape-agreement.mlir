// Run-time shape agreement (docs/spec.md, "Shape agreement"): dynamic sizes
// that must agree (a batch dimension of params and indices; a static result
// dimension and the dynamic indices it comes from) are checked before
// anything is read, in every mode, and a mismatch is reported to the
// out-of-bounds handler like an index (with -1 - the result dimension as the
// dimension). The default handler prints it and exits; a handler that
// returns gets a zero result.
//
// DEFINE: %{run} = mlir-runner -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils
//
// RUN: gather-opt %s --gather-cpu-pipeline \
// RUN: | not %{run} -e batch 2>&1 | FileCheck %s --check-prefix=BATCH
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=linalg" \
// RUN: | not %{run} -e batch 2>&1 | FileCheck %s --check-prefix=BATCH
// RUN: gather-opt %s --gather-cpu-pipeline \
// RUN: | not %{run} -e static_result 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: gather-opt %s --gather-cpu-pipeline="out-of-bounds-handler=count_reports" \
// RUN: | %{run} -e returns | FileCheck %s --check-prefix=RETURNS
// RUN: gather-opt %s --gather-cpu-pipeline="lowering=linalg out-of-bounds-handler=count_reports" \
// RUN: | %{run} -e returns | FileCheck %s --check-prefix=RETURNS
// The GPU lowering checks on the host before anything is copied or
// launched (here its host-only form, which runs the same host code).
// RUN: gather-opt %s --gather-gpu-pipeline="host-only" \
// RUN: | not %{run} -e batch 2>&1 | FileCheck %s --check-prefix=BATCH
// RUN: gather-opt %s --gather-gpu-pipeline="host-only" \
// RUN: | not %{run} -e static_result 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: gather-opt %s --gather-gpu-pipeline="host-only out-of-bounds-handler=count_reports" \
// RUN: | %{run} -e returns | FileCheck %s --check-prefix=RETURNS

func.func private @printMemrefF32(tensor<*xf32>)

func.func @count_reports(%op: !llvm.ptr, %location: !llvm.ptr, %index: i64,
                         %dim: i64, %dim_size: i64) {
  vector.print str "report: "
  vector.print %index : i64 punctuation <no_punctuation>
  vector.print str " "
  vector.print %dim : i64 punctuation <no_punctuation>
  vector.print str " "
  vector.print %dim_size : i64
  return
}

func.func @batched(%p: tensor<?x4xf32>, %i: tensor<?x2xi32>) -> tensor<?x2xf32> {
  %r = gather.gather %p[%i] batch_dims = 1 mode<zero> : (tensor<?x4xf32>, tensor<?x2xi32>) -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}

// Params with a batch of 3, indices with a batch of 2.
func.func @batch() {
  %p = arith.constant dense<1.0> : tensor<3x4xf32>
  %i = arith.constant dense<0> : tensor<2x2xi32>
  %pd = tensor.cast %p : tensor<3x4xf32> to tensor<?x4xf32>
  %id = tensor.cast %i : tensor<2x2xi32> to tensor<?x2xi32>
  // BATCH: gather.gather at loc("{{.*}}shape-agreement.mlir":[[@LINE-10]]:8): size 2 does not match size 3 of result dimension 0
  %r = call @batched(%pd, %id) : (tensor<?x4xf32>, tensor<?x2xi32>) -> tensor<?x2xf32>
  return
}

func.func @static_from_dynamic(%p: tensor<4xf32>, %i: tensor<?xi32>) -> tensor<3xf32> {
  %r = gather.gather %p[%i] : (tensor<4xf32>, tensor<?xi32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// A static result of 3 from indices of 2.
func.func @static_result() {
  %p = arith.constant dense<1.0> : tensor<4xf32>
  %i = arith.constant dense<0> : tensor<2xi32>
  %id = tensor.cast %i : tensor<2xi32> to tensor<?xi32>
  // STATIC: size 3 does not match size 2 of result dimension 0
  %r = call @static_from_dynamic(%p, %id) : (tensor<4xf32>, tensor<?xi32>) -> tensor<3xf32>
  return
}

func.func @returns() {
  %p = arith.constant dense<1.0> : tensor<4xf32>
  %i = arith.constant dense<[3, 1]> : tensor<2xi32>
  %id = tensor.cast %i : tensor<2xi32> to tensor<?xi32>
  // RETURNS: report: 3 -1 2
  %r = call @static_from_dynamic(%p, %id) : (tensor<4xf32>, tensor<?xi32>) -> tensor<3xf32>
  %u = tensor.cast %r : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  // RETURNS: [0,  0,  0]
  return
}
