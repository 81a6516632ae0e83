// Tiled (and fused), then bufferized by the user, then lowered: the payloads
// and schedules of tiled-gather.mlir and tiled-embedding-bag.mlir go through
// transform.structured tiling and fusion, then --one-shot-bufferize (each
// tile's gather becomes the buffer form writing a tile buffer that is copied
// into its slot), then every pipeline; the values are those the two tests
// check (their CHECK lines), and an out-of-bounds index in a fused tile names
// the gather's line in the payload.
//
// RUN: split-file --leading-lines %gather_src_root/test/Integration/CPU/tiled-gather.mlir %t/gather
// RUN: split-file --leading-lines %gather_src_root/test/Integration/CPU/tiled-embedding-bag.mlir %t/bag
// DEFINE: %{bufferize} = --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --mlir-print-debuginfo
// DEFINE: %{run} = mlir-runner -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils -shared-libs=%mlir_c_runner_utils
//
// RUN: gather-opt %t/gather/payload.mlir \
// RUN:     --transform-preload-library=transform-library-paths=%t/gather/schedule.mlir \
// RUN:     --transform-interpreter %{bufferize} -o %t/gather.mlir
// RUN: FileCheck %s --check-prefix=BUF < %t/gather.mlir
// RUN: gather-opt %t/gather.mlir --gather-cpu-pipeline="lowering=scf" | %{run} -e main \
// RUN: | FileCheck %gather_src_root/test/Integration/CPU/tiled-gather.mlir
// RUN: gather-opt %t/gather.mlir --gather-cpu-pipeline="lowering=linalg" | %{run} -e main \
// RUN: | FileCheck %gather_src_root/test/Integration/CPU/tiled-gather.mlir
// RUN: gather-opt %t/gather.mlir --gather-gpu-pipeline="host-only=true" | %{run} -e main \
// RUN: | FileCheck %gather_src_root/test/Integration/CPU/tiled-gather.mlir
// RUN: %if libomp %{ gather-opt %t/gather.mlir --gather-cpu-pipeline="num-threads=2" \
// RUN: | %{run} -e main -shared-libs=%libomp \
// RUN: | FileCheck %gather_src_root/test/Integration/CPU/tiled-gather.mlir %}
//
// RUN: gather-opt %t/bag/payload.mlir \
// RUN:     --transform-preload-library=transform-library-paths=%t/bag/schedule.mlir \
// RUN:     --transform-interpreter %{bufferize} -o %t/bag.mlir
// RUN: gather-opt %t/bag.mlir --gather-cpu-pipeline="lowering=scf" | %{run} -e main \
// RUN: | FileCheck %gather_src_root/test/Integration/CPU/tiled-embedding-bag.mlir
// RUN: gather-opt %t/bag.mlir --gather-cpu-pipeline="lowering=linalg" | %{run} -e main \
// RUN: | FileCheck %gather_src_root/test/Integration/CPU/tiled-embedding-bag.mlir
// RUN: gather-opt %t/bag.mlir --gather-gpu-pipeline="host-only=true" | %{run} -e main \
// RUN: | FileCheck %gather_src_root/test/Integration/CPU/tiled-embedding-bag.mlir
// RUN: %if libomp %{ gather-opt %t/bag.mlir --gather-cpu-pipeline="num-threads=2" \
// RUN: | %{run} -e main -shared-libs=%libomp \
// RUN: | FileCheck %gather_src_root/test/Integration/CPU/tiled-embedding-bag.mlir %}
// RUN: gather-opt %t/bag.mlir --gather-cpu-pipeline | not %{run} -e bad_index 2>&1 \
// RUN: | FileCheck %gather_src_root/test/Integration/CPU/tiled-embedding-bag.mlir --check-prefix=ERR

// Every tile is a buffer form on views of params and indices, writing a tile
// buffer copied into the tile's slot; no tensor gather is left.
// BUF-NOT: = gather.
// BUF:     gather.gather %{{.*}}[%{{.*}}] into %[[A:.*]] axis = -1 batch_dims = 1
// BUF:     memref.copy %[[A]], %{{.*}} : memref<1x?x1xf32> to memref<1x?x1xf32, strided<[?, ?, 1], offset: ?>>
// BUF:     gather.gather_nd %{{.*}}[%{{.*}}] into %[[B:.*]] {forall_2x3}
// BUF:     memref.copy %[[B]], %{{.*}}
// BUF-NOT: = gather.
