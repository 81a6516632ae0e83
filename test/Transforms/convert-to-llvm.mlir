// gather-convert-to-llvm lowers memref, arith, cf, func, ub, index and
// complex ops to LLVM in one conversion; what it leaves (vector here) stays
// for the passes after it. The output is that of the upstream passes one
// after the other, but for the reads of memref descriptor fields, which
// read the values that built the descriptor.
//
// RUN: gather-opt %s --gather-convert-to-llvm --reconcile-unrealized-casts --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: gather-opt %s --gather-convert-to-llvm --reconcile-unrealized-casts --split-input-file | FileCheck %s
// RUN: gather-opt %s --gather-convert-to-llvm --split-input-file | FileCheck %s --check-prefix=LEFT
// RUN: gather-opt %s --gather-convert-to-llvm=reconcile-casts --split-input-file | FileCheck %s
// RUN: gather-opt %s --gather-convert-to-llvm="reconcile-casts allow-pattern-rollback=false" --split-input-file | FileCheck %s

// CHECK-LABEL: llvm.func @row_sum(
// CHECK-SAME:    %[[ALLOC:[^:]*]]: !llvm.ptr, %[[ALIGNED:[^:]*]]: !llvm.ptr,
// The load in the loop reads the aligned pointer argument: no descriptor is
// built and read back.
// CHECK-NOT:     llvm.mlir.poison
// CHECK-NOT:     llvm.insertvalue
// CHECK:         llvm.br ^bb1
// CHECK-NOT:     llvm.extractvalue
// CHECK:         %[[PTR:.*]] = llvm.getelementptr inbounds|nuw %[[ALIGNED]][%{{.*}}]
// CHECK:         llvm.load %[[PTR]] : !llvm.ptr -> f32
// CHECK:         llvm.fadd
// CHECK:         llvm.return %{{.*}} : f32
// CHECK-NOT:     builtin.unrealized_conversion_cast
func.func @row_sum(%m: memref<8xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  cf.br ^loop(%c0, %zero : index, f32)
^loop(%i: index, %acc: f32):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^done
^body:
  %v = memref.load %m[%i] : memref<8xf32>
  %s = arith.addf %acc, %v : f32
  %next = arith.addi %i, %c1 : index
  cf.br ^loop(%next, %s : index, f32)
^done:
  return %acc : f32
}

// -----

// ceildivui (scf-to-openmp's chunk sizes) expands, as in
// convert-arith-to-llvm; index, ub, complex and cf.assert are lowered too.
// CHECK-LABEL: llvm.func @others(
// CHECK-NOT:     arith.
// CHECK-NOT:     index.
// CHECK-NOT:     ub.
// CHECK-NOT:     complex.
// CHECK-NOT:     cf.
// CHECK:         llvm.udiv
// CHECK:         llvm.call @abort
// CHECK:         llvm.return
func.func @others(%a: index, %b: index, %re: f32) -> (index, index, i32, f32) {
  %q = arith.ceildivui %a, %b : index
  %m = index.maxs %a, %b
  %p = ub.poison : i32
  %c = complex.create %re, %re : complex<f32>
  %r = complex.re %c : complex<f32>
  %ok = arith.cmpi ult, %a, %b : index
  cf.assert %ok, "a < b"
  return %q, %m, %p, %r : index, index, i32, f32
}

// -----

// Vector ops are not its to lower: vector-to-llvm runs before it in the
// pipeline.
// LEFT-LABEL: llvm.func @vector_left(
// LEFT:         vector.reduction <add>
func.func @vector_left(%v: vector<4xf32>) -> f32 {
  %r = vector.reduction <add>, %v : vector<4xf32> into f32
  return %r : f32
}

// -----

// A pair of casts that cancel out is left by the conversion alone, and
// folded with reconcile-casts (as by reconcile-unrealized-casts after it).
// CHECK-LABEL: llvm.func @cast_pair(
//  CHECK-SAME:     %[[X:[^:]*]]: i64)
//   CHECK-NOT:   unrealized_conversion_cast
//       CHECK:   llvm.return %[[X]] : i64
// LEFT-LABEL: llvm.func @cast_pair(
//       LEFT:   builtin.unrealized_conversion_cast
func.func @cast_pair(%x: i64) -> i64 {
  %0 = builtin.unrealized_conversion_cast %x : i64 to index
  %1 = builtin.unrealized_conversion_cast %0 : index to i64
  return %1 : i64
}

// -----

// An llvm.noalias memref argument (gather-restrict-args-noalias) puts
// llvm.noalias on the aligned pointer of its descriptor, the pointer that
// loads and stores use; arguments without it, and other types, keep none.
// CHECK-LABEL: llvm.func @noalias_args(
// CHECK-SAME:    %{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: !llvm.ptr {llvm.noalias}, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64,
// CHECK-SAME:    %{{[^:]*}}: i64, %{{[^:]*}}: i64 {llvm.noundef},
// CHECK-SAME:    %{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64,
// CHECK-SAME:    %{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: !llvm.ptr {llvm.noalias}, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64)
func.func @noalias_args(%a: memref<4x?xf32> {llvm.noalias}, %n: i64 {llvm.noundef}, %b: memref<?xf32>, %c: memref<?xf32> {llvm.noalias}) {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0, %c0] : memref<4x?xf32>
  memref.store %v, %b[%c0] : memref<?xf32>
  memref.store %v, %c[%c0] : memref<?xf32>
  return
}

// -----

// The llvm.loop_annotation that scf-to-cf copies from an scf.for onto its
// latch branch becomes the llvm.br's own loop annotation (a property, which
// the translation emits as !llvm.loop), not a discardable attribute.
// CHECK-LABEL: llvm.func @latch_annotation(
// CHECK:         llvm.br ^bb1(%{{.*}} : i64) {loop_annotation = #{{.*}}}
// GENERIC-LABEL: sym_name = "latch_annotation"
// GENERIC:       "llvm.br"(%{{.*}})[^bb1] : (i64) -> ()
// GENERIC:       "llvm.br"(%{{.*}})[^bb1] <{loop_annotation = #{{.*}}}> : (i64) -> ()
// GENERIC-NOT:   llvm.loop_annotation
func.func @latch_annotation(%n: index, %m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  cf.br ^bb1(%c0 : index)
^bb1(%i: index):
  %c = arith.cmpi slt, %i, %n : index
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  memref.store %f, %m[%i] : memref<?xf32>
  %c1 = arith.constant 1 : index
  %j = arith.addi %i, %c1 : index
  cf.br ^bb1(%j : index) {llvm.loop_annotation = #llvm.loop_annotation<vectorize = <disable = true>>}
^bb3:
  return
}

// -----

// A streaming line copy of f16 (gather-nontemporal-copies) loads and stores
// i32 vectors: x86 has no streaming store of half vectors, and LLVM selects
// a plain store for a nontemporal <32 x half>. Copies of f32, and f16 stores
// that do not stream, keep their type.
// CHECK-LABEL: llvm.func @streaming_f16(
// CHECK:         %[[L:.*]] = llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr -> vector<16xi32>
// CHECK:         llvm.store %[[L]], %{{.*}} {alignment = 64 : i64, nontemporal} : vector<16xi32>, !llvm.ptr
// CHECK:         %[[F:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<16xf32>
// CHECK:         llvm.store %[[F]], %{{.*}} {alignment = 64 : i64, nontemporal} : vector<16xf32>, !llvm.ptr
// CHECK:         %[[H:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<32xf16>
// CHECK:         llvm.store %[[H]], %{{.*}} : vector<32xf16>, !llvm.ptr
func.func @streaming_f16(%from: !llvm.ptr, %to: !llvm.ptr) {
  %h = llvm.load %from {alignment = 2 : i64} : !llvm.ptr -> vector<32xf16>
  llvm.store %h, %to {alignment = 64 : i64, nontemporal} : vector<32xf16>, !llvm.ptr
  %f = llvm.load %from : !llvm.ptr -> vector<16xf32>
  llvm.store %f, %to {alignment = 64 : i64, nontemporal} : vector<16xf32>, !llvm.ptr
  %p = llvm.load %from : !llvm.ptr -> vector<32xf16>
  llvm.store %p, %to : vector<32xf16>, !llvm.ptr
  return
}

// -----

// A descriptor that leaves the function keeps its insertvalue chain; the
// load reads the pointer that malloc returned.
// CHECK-LABEL: llvm.func @alloc_read(
// CHECK:         %[[MEM:.*]] = llvm.call @malloc(
// CHECK:         %[[DESC:.*]] = llvm.insertvalue %{{.*}}, %{{.*}}[4, 0]
// CHECK-NOT:     llvm.extractvalue
// CHECK:         %[[PTR:.*]] = llvm.getelementptr inbounds|nuw %[[MEM]][
// CHECK:         %[[V:.*]] = llvm.load %[[PTR]] : !llvm.ptr -> f32
// CHECK:         llvm.insertvalue %[[DESC]], %{{.*}}[0]
// CHECK:         llvm.insertvalue %[[V]], %{{.*}}[1]
func.func @alloc_read(%n: index) -> (memref<?xf32>, f32) {
  %a = memref.alloc(%n) : memref<?xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<?xf32>
  return %a, %v : memref<?xf32>, f32
}

// -----

// A descriptor stored whole (for memrefCopy) keeps its chain.
// CHECK-LABEL: llvm.func @strided_copy(
// CHECK:         %[[DESC:.*]] = llvm.insertvalue %{{.*}}, %{{.*}}[4, 1]
// CHECK:         %[[SRC:.*]] = llvm.insertvalue %{{.*}}, %{{.*}}[4, 1]
// CHECK:         llvm.store %[[SRC]], %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
// CHECK:         llvm.store %[[DESC]], %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>, !llvm.ptr
// CHECK:         llvm.call @memrefCopy(
func.func @strided_copy(%a: memref<4x4xf32, strided<[8, 1]>>,
                        %b: memref<4x4xf32>) {
  memref.copy %a, %b : memref<4x4xf32, strided<[8, 1]>> to memref<4x4xf32>
  return
}

// -----

// memref.dim at a constant index reads the descriptor's size (here the
// argument that built it) or is the static size, with and without pattern
// rollback: no stack array of the sizes to load from.
// CHECK-LABEL: llvm.func @dims(
// CHECK-SAME:    %{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: i64, %[[SIZE0:[^:]*]]: i64,
// CHECK-NOT:     llvm.alloca
// CHECK:         %[[FOUR:.*]] = llvm.mlir.constant(4 : index) : i64
// CHECK-NOT:     llvm.alloca
// CHECK:         llvm.insertvalue %[[SIZE0]], %{{.*}}[0]
// CHECK:         llvm.insertvalue %[[FOUR]], %{{.*}}[1]
func.func @dims(%m: memref<?x4xf32>) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %m, %c0 : memref<?x4xf32>
  %d1 = memref.dim %m, %c1 : memref<?x4xf32>
  return %d0, %d1 : index, index
}
