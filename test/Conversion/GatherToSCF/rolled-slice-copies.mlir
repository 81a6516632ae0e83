// Loops of slice copies that are libc memcpy calls (slices of at least
// CPUTargetDescription::rolledSliceCopyMinBytes, 1 KiB, or of a size known
// only at run time) carry llvm.loop_annotation<unroll = <disable = true>>:
// unrolled around calls, a loop keeps more live values than the callee-saved
// registers hold and gains nothing (64 rows of 4 KiB in L2, Zen 5: 0.975x
// the plain C++ loop unrolled, 1.03x rolled). Loops of smaller slices, which
// LLVM copies inline, are left to LLVM's unroller.
//
// slice-versions-max-bytes=0: a dynamic slice width gets its one lowering
// here (its versions for static widths: slice-versions.mlir).
//
// RUN: gather-opt %s --convert-gather-to-scf="print-plan slice-versions-max-bytes=0" -verify-diagnostics | FileCheck %s
// RUN: gather-opt %s --gather-cpu-pipeline | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR

// CHECK-DAG: #[[$UNROLL:.*]] = #llvm.loop_unroll<disable = true>
// CHECK-DAG: #[[$ROLLED:.*]] = #llvm.loop_annotation<unroll = #[[$UNROLL]]>

// A small gather (flagged checks): its copy loop and its report loop.
// CHECK-LABEL: func.func @rows_4KiB(
// CHECK:         scf.for
// CHECK:           tensor.insert_slice
// CHECK:         } {llvm.loop_annotation = #[[$ROLLED]]}
// CHECK:         scf.for
// CHECK:         } {llvm.loop_annotation = #[[$ROLLED]]}
// CHECK:         return
// IR-LABEL: define {{.*}} @rows_4KiB(
// IR:         call void @llvm.memcpy
// IR:         br label %{{.*}}, !llvm.loop ![[$LOOP:[0-9]+]]
func.func @rows_4KiB(%p: tensor<64x1024xf32>, %i: tensor<64xi32>) -> tensor<64x1024xf32> {
  // expected-remark@+1 {{checks=flagged}}
  %r = gather.gather %p[%i] axis = 0 : (tensor<64x1024xf32>, tensor<64xi32>) -> tensor<64x1024xf32>
  return %r : tensor<64x1024xf32>
}

// Chunked copies of rows of 1 KiB: the unchecked and the resolving loop.
// CHECK-LABEL: func.func @rows_1KiB(
// CHECK-COUNT-2: } {llvm.loop_annotation = #[[$ROLLED]]}
// CHECK-NOT:     llvm.loop_annotation
// CHECK:         return
func.func @rows_1KiB(%p: tensor<4096x256xf32>, %i: tensor<4096xi32>) -> tensor<4096x256xf32> {
  // expected-remark-re@+1 {{checks=per-chunk {{.*}} unroll=no{{$}}}}
  %r = gather.gather %p[%i] axis = 0 : (tensor<4096x256xf32>, tensor<4096xi32>) -> tensor<4096x256xf32>
  return %r : tensor<4096x256xf32>
}

// CHECK-LABEL: func.func @rows_dynamic(
// CHECK:         llvm.loop_annotation = #[[$ROLLED]]
func.func @rows_dynamic(%p: tensor<?x?xf32>, %i: tensor<?xi32>) -> tensor<?x?xf32> {
  // expected-remark-re@+1 {{slice-prefetch=run-time {{.*}} unroll=no{{$}}}}
  %r = gather.gather %p[%i] axis = 0 : (tensor<?x?xf32>, tensor<?xi32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// Rows of 512 B: LLVM's x86 backend copies them with vector loads and
// stores.
// CHECK-LABEL: func.func @rows_512B(
// CHECK-NOT:     llvm.loop_annotation
// CHECK:         return
// IR-LABEL: define {{.*}} @rows_512B(
// IR-NOT:     !llvm.loop
// IR:         ret
func.func @rows_512B(%p: tensor<4096x128xf32>, %i: tensor<4096xi32>) -> tensor<4096x128xf32> {
  // expected-remark-re@+1 {{stream-dense=no{{$}}}}
  %r = gather.gather %p[%i] axis = 0 : (tensor<4096x128xf32>, tensor<4096xi32>) -> tensor<4096x128xf32>
  return %r : tensor<4096x128xf32>
}
// IR-DAG: ![[$LOOP]] = distinct !{![[$LOOP]], ![[NOUNROLL:[0-9]+]]}
// IR-DAG: ![[NOUNROLL]] = !{!"llvm.loop.unroll.disable"}
