// Copy loops that LLVM must not vectorize (LoweringPlan::vectorizeCopies:
// gathers from params past 32 MiB ran slower as vector gathers, i8 elements
// too) carry llvm.loop_annotation<vectorize = <disable = true>>, which
// scf-to-cf moves to the loop's latch branch and the translation emits as
// llvm.loop.vectorize.enable = false. Copies from small f32 params, which
// LLVM may vectorize, carry <unroll = <disable = true>> instead: a short
// static loop unrolled fully before the loop vectorizer runs would become
// SLP code that packs each address into the vector gather by itself.
//
// RUN: gather-opt %s --convert-gather-to-scf | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR

// CHECK-DAG: #[[$DISABLE:.*]] = #llvm.loop_vectorize<disable = true>
// CHECK-DAG: #[[$NOVEC:.*]] = #llvm.loop_annotation<vectorize = #[[$DISABLE]]>
// CHECK-DAG: #[[$UNROLL:.*]] = #llvm.loop_unroll<disable = true>
// CHECK-DAG: #[[$NOUNROLL:.*]] = #llvm.loop_annotation<unroll = #[[$UNROLL]]>
// CHECK-LABEL: func.func @large(
// CHECK:         scf.for
// CHECK:           tensor.extract
// CHECK:           tensor.insert
// CHECK:         } {llvm.loop_annotation = #[[$NOVEC]]}
// IR-LABEL: define {{.*}} @large(
// IR:         br label %{{.*}}, !llvm.loop ![[$LOOP:[0-9]+]]
func.func @large(%p: tensor<4x4194304xf32>, %i: tensor<50xi32>) -> tensor<4x50xf32> {
  %r = gather.gather %p[%i] axis = 1 mode<clamp> : (tensor<4x4194304xf32>, tensor<50xi32>) -> tensor<4x50xf32>
  return %r : tensor<4x50xf32>
}

// CHECK-LABEL: func.func @small(
// CHECK:         scf.for
// CHECK:           tensor.extract
// CHECK:           tensor.insert
// CHECK:         } {llvm.loop_annotation = #[[$NOUNROLL]]}
// IR-LABEL: define {{.*}} @small(
// IR:         br label %{{.*}}, !llvm.loop ![[$SMALL:[0-9]+]]
func.func @small(%p: tensor<4x1000xf32>, %i: tensor<50xi32>) -> tensor<4x50xf32> {
  %r = gather.gather %p[%i] axis = 1 mode<clamp> : (tensor<4x1000xf32>, tensor<50xi32>) -> tensor<4x50xf32>
  return %r : tensor<4x50xf32>
}
// IR-DAG: ![[$LOOP]] = distinct !{![[$LOOP]], ![[DISABLE:[0-9]+]]}
// IR-DAG: ![[DISABLE]] = !{!"llvm.loop.vectorize.enable", i1 false}
// IR-DAG: ![[$SMALL]] = distinct !{![[$SMALL]], ![[NOUNROLL:[0-9]+]]}
// IR-DAG: ![[NOUNROLL]] = !{!"llvm.loop.unroll.disable"}
