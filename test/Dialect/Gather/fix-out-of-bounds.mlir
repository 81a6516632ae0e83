// RUN: gather-opt %s --split-input-file | gather-opt --split-input-file \
// RUN: | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: gather-opt %s --split-input-file \
// RUN:     --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN: | FileCheck %s
// RUN: gather-opt %s --split-input-file \
// RUN:     --one-shot-bufferize="bufferize-function-boundaries test-analysis-only" \
// RUN: | FileCheck %s --check-prefix=ANALYSIS

// gather.fix_out_of_bounds, the CPU lowering's fix-up of a small gather's
// flagged copies (docs/spec.md): it bufferizes in place into a call of its
// function, guarded by `bad`, with every tensor as a fully dynamic memref.

func.func private @fix(memref<?x?xf32, strided<[?, ?], offset: ?>>,
                       memref<?xi32, strided<[?], offset: ?>>, index, !llvm.ptr)

// ROUNDTRIP-LABEL: func.func @in_place
//       ROUNDTRIP:   gather.fix_out_of_bounds @fix(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) if %{{.*}} : tensor<16x64xf32>, tensor<16xi32>, index, !llvm.ptr

// The result is the buffer of dest, written in place (no allocation, no
// copy); indices are only read.
// CHECK-LABEL: func.func @in_place
//  CHECK-SAME:   (%[[D:.*]]: memref<16x64xf32>, %[[I:.*]]: memref<16xi32>, %[[B:.*]]: i1, %[[P:.*]]: !llvm.ptr)
//   CHECK-NOT:   memref.alloc
//   CHECK-NOT:   memref.copy
//   CHECK-DAG:   %[[DC:.*]] = memref.cast %[[D]] : memref<16x64xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
//   CHECK-DAG:   %[[IC:.*]] = memref.cast %[[I]] : memref<16xi32> to memref<?xi32, strided<[?], offset: ?>>
//       CHECK:   scf.if %[[B]] {
//  CHECK-NEXT:     func.call @fix(%[[DC]], %[[IC]], %{{.*}}, %[[P]])
//       CHECK:   return %[[D]] : memref<16x64xf32>

// ANALYSIS-LABEL: func.func @in_place
//       ANALYSIS:   gather.fix_out_of_bounds
//  ANALYSIS-SAME:     __inplace_operands_attr__ = ["true", "true", "none", "none", "none"]
func.func @in_place(%dest: tensor<16x64xf32>, %indices: tensor<16xi32>,
                    %bad: i1, %description: !llvm.ptr) -> tensor<16x64xf32> {
  %c1000 = arith.constant 1000 : index
  %fixed = gather.fix_out_of_bounds @fix(%dest, %indices, %c1000, %description) if %bad
      : tensor<16x64xf32>, tensor<16xi32>, index, !llvm.ptr
  return %fixed : tensor<16x64xf32>
}

// -----

func.func private @fix(memref<?x?xf32, strided<[?, ?], offset: ?>>,
                       memref<?xi32, strided<[?], offset: ?>>, index)

// dest is read after the op: it is copied first, and the op writes the
// copy.
// CHECK-LABEL: func.func @dest_read_after
//       CHECK:   %[[A:.*]] = memref.alloc() {{.*}} : memref<16x64xf32>
//       CHECK:   memref.copy %{{.*}}, %[[A]]
//       CHECK:   %[[AC:.*]] = memref.cast %[[A]]
//       CHECK:   scf.if
//  CHECK-NEXT:     func.call @fix(%[[AC]],
// ANALYSIS-LABEL: func.func @dest_read_after
//       ANALYSIS:   gather.fix_out_of_bounds
//  ANALYSIS-SAME:     __inplace_operands_attr__ = ["false", "true", "none", "none"]
func.func @dest_read_after(%dest: tensor<16x64xf32>, %indices: tensor<16xi32>,
                           %bad: i1) -> (tensor<16x64xf32>, tensor<16x64xf32>) {
  %c1000 = arith.constant 1000 : index
  %fixed = gather.fix_out_of_bounds @fix(%dest, %indices, %c1000) if %bad
      : tensor<16x64xf32>, tensor<16xi32>, index
  return %fixed, %dest : tensor<16x64xf32>, tensor<16x64xf32>
}
