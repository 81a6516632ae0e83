// The pipelines skip steps a module does not need through gather-run-if,
// whose condition and inner pipeline are options: the pipeline that
// -dump-pass-pipeline prints parses back and lowers the same module to the
// same output.
//
// RUN: gather-opt %s --gather-cpu-pipeline -dump-pass-pipeline -o %t.direct 2> %t.dump
// RUN: FileCheck %s --input-file=%t.dump
// RUN: bash -c 'gather-opt %s --pass-pipeline="$(tail -n +2 %t.dump | tr -d "\n")" -o %t.parsed'
// RUN: diff %t.direct %t.parsed
//
// RUN: gather-opt %s --gather-cpu-pipeline=num-threads=2 -dump-pass-pipeline -o %t.direct2 2> %t.dump2
// RUN: bash -c 'gather-opt %s --pass-pipeline="$(tail -n +2 %t.dump2 | tr -d "\n")" -o %t.parsed2'
// RUN: diff %t.direct2 %t.parsed2

// The GPU pipeline's dump names gather-fail-on-error (around
// gpu-module-to-binary), registered as well; its kernels are compiled to PTX
// here (no ptxas), with compile times among their properties, so the output
// is checked, not compared:
// RUN: gather-opt %s --gather-gpu-pipeline="format=isa chip=sm_90" -dump-pass-pipeline -o /dev/null 2> %t.dump3
// RUN: bash -c 'gather-opt %s --pass-pipeline="$(tail -n +2 %t.dump3 | tr -d "\n")"' | FileCheck %s --check-prefix=GPU
// GPU-DAG: gpu.binary @rows_kernel
// GPU-DAG: llvm.func @rows(
//
// An unknown condition is an error, not a skip:
// RUN: not gather-opt %s --pass-pipeline="builtin.module(gather-run-if{condition=sometimes pipeline={builtin.module(canonicalize)}})" 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: gather-run-if: unknown condition 'sometimes' (used or deallocation-needed)
//
// A pipeline run where the module holds a named op (func.func: the gathers
// are lowered) and skipped where it holds none (no vector op: the gathers
// stay):
// RUN: gather-opt %s --pass-pipeline="builtin.module(gather-run-if{condition=used ops={func.func} pipeline={builtin.module(convert-gather-to-scf)}})" | FileCheck %s --check-prefix=RAN
// RUN: gather-opt %s --pass-pipeline="builtin.module(gather-run-if{condition=used ops={vector} pipeline={builtin.module(convert-gather-to-scf)}})" | FileCheck %s --check-prefix=SKIPPED
// RAN-NOT: = gather.gather
// RAN: scf.for
// SKIPPED: = gather.gather

// CHECK: gather-run-if{condition=used ops={tensor.dim,memref.dim} pipeline={builtin.module(resolve-ranked-shaped-type-result-dims
// CHECK: gather-run-if{condition=deallocation-needed pipeline={builtin.module(gather-run-if{condition=used ops={memref.realloc}
// CHECK-SAME: ownership-based-buffer-deallocation
// CHECK: gather-convert-to-llvm

func.func @rows(%t: tensor<8x4xf32>, %i: tensor<3xi32>) -> tensor<3x4xf32> {
  %r = gather.gather %t[%i] : (tensor<8x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

func.func @temporary(%t: tensor<8x4xf32>, %i: tensor<3xi32>) -> f32 {
  %c1 = arith.constant 1 : index
  %r = gather.gather %t[%i] mode<zero> : (tensor<8x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  %e = tensor.extract %r[%c1, %c1] : tensor<3x4xf32>
  return %e : f32
}
