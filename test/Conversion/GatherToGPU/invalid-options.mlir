// CUDA blocks hold at most 1024 threads (0 picks the size per gather); grids
// take at most 2^31 - 1 blocks along x. The host-only form takes the same bounds, so that
// one value means the same kernel on both.
// RUN: not gather-opt %s -convert-gather-to-gpu="block-size=2048" 2>&1 \
// RUN: | FileCheck %s --check-prefix=BLOCK
// RUN: not gather-opt %s -convert-gather-to-gpu="host-only block-size=2048" 2>&1 \
// RUN: | FileCheck %s --check-prefix=BLOCK
// RUN: not gather-opt %s -convert-gather-to-gpu="host-only block-size=4611686018427387904" 2>&1 \
// RUN: | FileCheck %s --check-prefix=HUGE
// RUN: not gather-opt %s -convert-gather-to-gpu="block-size=-1" 2>&1 \
// RUN: | FileCheck %s --check-prefix=ZERO
// RUN: not gather-opt %s -convert-gather-to-gpu="max-blocks=-1" 2>&1 \
// RUN: | FileCheck %s --check-prefix=GRID
// RUN: not gather-opt %s -convert-gather-to-gpu="max-blocks=2147483648" 2>&1 \
// RUN: | FileCheck %s --check-prefix=GRIDX
// RUN: not gather-opt %s -convert-gather-to-gpu="slices-per-thread=17" 2>&1 \
// RUN: | FileCheck %s --check-prefix=SLICES
// RUN: not gather-opt %s -convert-gather-to-gpu="host-only slices-per-thread=-1" 2>&1 \
// RUN: | FileCheck %s --check-prefix=SLICES-NEG
// RUN: gather-opt %s -convert-gather-to-gpu="host-only block-size=1024 max-blocks=2147483647 slices-per-thread=16" \
// RUN: | FileCheck %s --check-prefix=HOST

// BLOCK: error: convert-gather-to-gpu: option 'block-size' must be in [0, 1024], got 2048
// HUGE: error: convert-gather-to-gpu: option 'block-size' must be in [0, 1024], got 4611686018427387904
// ZERO: error: convert-gather-to-gpu: option 'block-size' must be in [0, 1024], got -1
// GRID: error: convert-gather-to-gpu: option 'max-blocks' must be in [0, 2147483647], got -1
// GRIDX: error: convert-gather-to-gpu: option 'max-blocks' must be in [0, 2147483647], got 2147483648
// SLICES: error: convert-gather-to-gpu: option 'slices-per-thread' must be in [0, 16], got 17
// SLICES-NEG: error: convert-gather-to-gpu: option 'slices-per-thread' must be in [0, 16], got -1
// HOST-LABEL: func.func @g(
// HOST: scf.parallel
func.func @g(%p: tensor<4x8xf32>, %i: tensor<3xi32>) -> tensor<3x8xf32> {
  %r = gather.gather %p[%i] mode<zero> : (tensor<4x8xf32>, tensor<3xi32>) -> tensor<3x8xf32>
  return %r : tensor<3x8xf32>
}
