// The pipelines lower the module they run on. A nested module still holding
// ops outside the LLVM dialect is an error, on every lowering (it used to be
// half lowered: an error on scf, linalg ops left on linalg); lowered on its
// own first, it is kept as it is.
//
// RUN: not gather-opt %s --gather-cpu-pipeline 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not gather-opt %s --gather-cpu-pipeline="lowering=linalg" 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not gather-opt %s --gather-cpu-pipeline="num-threads=2" 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not gather-opt %s --gather-gpu-pipeline="host-only" 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: error: nested 'builtin.module' holds 'gather.gather', which the pipeline does not lower in nested modules; lower that module on its own first
//
// RUN: gather-opt %s --pass-pipeline="builtin.module(builtin.module(gather-cpu-pipeline{lowering=linalg}))" \
// RUN: | gather-opt --gather-cpu-pipeline | FileCheck %s
// CHECK:      module {
// CHECK:        module @inner {
// CHECK:          llvm.func @g(
// CHECK:        }
// CHECK:        llvm.func @f(
module {
  module @inner {
    func.func @g(%p: tensor<4x8xf32>, %i: tensor<3xi32>) -> tensor<3x8xf32> {
      %r = gather.gather %p[%i] mode<zero> : (tensor<4x8xf32>, tensor<3xi32>) -> tensor<3x8xf32>
      return %r : tensor<3x8xf32>
    }
  }
  func.func @f(%x: f32) -> f32 {
    return %x : f32
  }
}
