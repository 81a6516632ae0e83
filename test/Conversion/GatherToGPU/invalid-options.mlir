// CUDA blocks hold at most 1024 threads; grids need at least one block.
// RUN: cat %s | not gather-opt -convert-gather-to-gpu="block-size=2048" 2>&1 \
// RUN: | FileCheck %s --check-prefix=BLOCK
// RUN: cat %s | not gather-opt -convert-gather-to-gpu="max-blocks=0" 2>&1 \
// RUN: | FileCheck %s --check-prefix=GRID
// The CPU-executable form has no such limit.
// RUN: gather-opt %s -convert-gather-to-gpu="host-only block-size=2048" \
// RUN: | FileCheck %s --check-prefix=HOST

// BLOCK: error: convert-gather-to-gpu: block-size must be in [1, 1024] and max-blocks positive, got 2048 and 8192
// GRID: error: convert-gather-to-gpu: block-size must be in [1, 1024] and max-blocks positive, got 256 and 0
// HOST-LABEL: func.func @g(
// HOST: scf.parallel
func.func @g(%p: tensor<4x8xf32>, %i: tensor<3xi32>) -> tensor<3x8xf32> {
  %r = gather.gather %p[%i] mode<zero> : (tensor<4x8xf32>, tensor<3xi32>) -> tensor<3x8xf32>
  return %r : tensor<3x8xf32>
}
