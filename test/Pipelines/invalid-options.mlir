// Every option of the pipelines and passes is checked: a value outside its
// range is an error naming the option and the range, and the run fails.
//
// RUN: not gather-opt %s --gather-cpu-pipeline="prefetch-distance=-2" 2>&1 | FileCheck %s --check-prefix=PREFETCH
// RUN: not gather-opt %s --gather-cpu-pipeline="prefetch-distance=65537" 2>&1 | FileCheck %s --check-prefix=PREFETCH-MAX
// RUN: not gather-opt %s --gather-cpu-pipeline="num-threads=1025" 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: not gather-opt %s --gather-cpu-pipeline="num-threads=2147483648" 2>&1 | FileCheck %s --check-prefix=THREADS-NEG
// RUN: not gather-opt %s --gather-cpu-pipeline="nontemporal-min-bytes=-2" 2>&1 | FileCheck %s --check-prefix=NT
// RUN: not gather-opt %s --gather-cpu-pipeline="stack-buffer-bytes=-1" 2>&1 | FileCheck %s --check-prefix=STACK
// RUN: not gather-opt %s --gather-cpu-pipeline="stack-buffer-bytes=1048577" 2>&1 | FileCheck %s --check-prefix=STACK-MAX
// RUN: not gather-opt %s --gather-promote-small-buffers="max-bytes=-5" 2>&1 | FileCheck %s --check-prefix=STACK-PASS
// RUN: not gather-opt %s --pass-pipeline="builtin.module(gather-cpu-pipeline{prefetch-distance=-7})" 2>&1 | FileCheck %s --check-prefix=TEXTUAL
// PREFETCH: error: gather-cpu-pipeline: option 'prefetch-distance' must be in [-1, 65536], got -2
// PREFETCH-MAX: error: gather-cpu-pipeline: option 'prefetch-distance' must be in [-1, 65536], got 65537
// THREADS: error: gather-cpu-pipeline: option 'num-threads' must be in [0, 1024], got 1025
// THREADS-NEG: error: gather-cpu-pipeline: option 'num-threads' must be in [0, 1024], got 2147483648
// NT: error: gather-cpu-pipeline: option 'nontemporal-min-bytes' must be at least -1, got -2
// STACK: error: gather-cpu-pipeline: option 'stack-buffer-bytes' must be in [0, 1048576], got -1
// STACK-MAX: error: gather-cpu-pipeline: option 'stack-buffer-bytes' must be in [0, 1048576], got 1048577
// STACK-PASS: error: gather-promote-small-buffers: option 'max-bytes' must be in [0, 1048576], got -5
// TEXTUAL: error: gather-cpu-pipeline: option 'prefetch-distance' must be in [-1, 65536], got -7
//
// RUN: not gather-opt %s --gather-gpu-pipeline="index-bitwidth=0" 2>&1 | FileCheck %s --check-prefix=BITS0
// RUN: not gather-opt %s --gather-gpu-pipeline="index-bitwidth=16 host-only" 2>&1 | FileCheck %s --check-prefix=BITS16
// RUN: not gather-opt %s --gather-gpu-pipeline="index-bitwidth=128" 2>&1 | FileCheck %s --check-prefix=BITS128
// RUN: not gather-opt %s --gather-gpu-pipeline="format=bogus" 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not gather-opt %s --gather-gpu-pipeline="chip=sm_bogus" 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not gather-opt %s --gather-gpu-pipeline="features=ptx80" 2>&1 | FileCheck %s --check-prefix=FEATURES
// RUN: not gather-opt %s --gather-gpu-pipeline="opt-level=4" 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: not gather-opt %s --gather-gpu-pipeline="block-size=2048" 2>&1 | FileCheck %s --check-prefix=BLOCK
// RUN: not gather-opt %s --gather-gpu-pipeline="host-only block-size=4611686018427387904" 2>&1 | FileCheck %s --check-prefix=BLOCK-HUGE
// RUN: not gather-opt %s --gather-gpu-pipeline="max-blocks=-1" 2>&1 | FileCheck %s --check-prefix=GRID
// RUN: not gather-opt %s --gather-gpu-pipeline="slices-per-thread=17" 2>&1 | FileCheck %s --check-prefix=SLICES
// RUN: not gather-opt %s --gather-gpu-pipeline="cuda-path=%t.nonexistent" 2>&1 | FileCheck %s --check-prefix=CUDA
// BITS0: error: gather-gpu-pipeline: option 'index-bitwidth' must be 32 or 64, got 0
// BITS16: error: gather-gpu-pipeline: option 'index-bitwidth' must be 32 or 64, got 16
// BITS128: error: gather-gpu-pipeline: option 'index-bitwidth' must be 32 or 64, got 128
// FORMAT: error: gather-gpu-pipeline: option 'format' must be one of isa, bin, fatbin, llvm, offloading, assembly, binary, fatbinary; got 'bogus'
// CHIP: error: gather-gpu-pipeline: option 'chip' must be an NVIDIA GPU such as sm_90 or sm_90a; got 'sm_bogus'
// FEATURES: error: gather-gpu-pipeline: option 'features' must be a comma-separated list of +ptxNN or +sm_NN; got 'ptx80'
// OPT: error: gather-gpu-pipeline: option 'opt-level' must be in [0, 3], got 4
// BLOCK: error: gather-gpu-pipeline: option 'block-size' must be in [0, 1024], got 2048
// BLOCK-HUGE: error: gather-gpu-pipeline: option 'block-size' must be in [0, 1024], got 4611686018427387904
// GRID: error: gather-gpu-pipeline: option 'max-blocks' must be in [0, 2147483647], got -1
// SLICES: error: gather-gpu-pipeline: option 'slices-per-thread' must be in [0, 16], got 17
// CUDA: error: gather-gpu-pipeline: option 'cuda-path' must be a CUDA toolkit directory (its libdevice and ptxas serialize kernels); '{{.*}}.nonexistent' is not a directory
//
// A directory that is not a CUDA toolkit passes the check; serialization
// reports the missing libdevice, which upstream's gpu-module-to-binary does
// without failing: the pipeline fails.
// RUN: not gather-opt %s --gather-gpu-pipeline="cuda-path=%S format=isa" 2>&1 | FileCheck %s --check-prefix=LIBDEVICE
// LIBDEVICE: error: LibDevice path: {{.*}} does not exist or is not a file.
//
// The passes check theirs when they start.
// RUN: not gather-opt %s --convert-gather-to-scf="prefetch-distance=-2" 2>&1 | FileCheck %s --check-prefix=SCF
// RUN: not gather-opt %s --gather-nontemporal-copies="min-bytes=-2" 2>&1 | FileCheck %s --check-prefix=NTPASS
// RUN: not gather-opt %s --convert-gather-to-scf="per-copy-check-max-copies=-2" 2>&1 | FileCheck %s --check-prefix=PERCOPY
// RUN: not gather-opt %s --gather-cpu-pipeline="per-copy-check-max-copies=-2" 2>&1 | FileCheck %s --check-prefix=PERCOPY-PIPE
// RUN: not gather-opt %s --convert-gather-to-scf="per-copy-check-max-copies=1048577" 2>&1 | FileCheck %s --check-prefix=PERCOPY-MAX
// SCF: error: convert-gather-to-scf: option 'prefetch-distance' must be in [-1, 65536], got -2
// PERCOPY: error: convert-gather-to-scf: option 'per-copy-check-max-copies' must be in [-1, 1048576], got -2
// PERCOPY-PIPE: error: gather-cpu-pipeline: option 'per-copy-check-max-copies' must be in [-1, 1048576], got -2
// PERCOPY-MAX: error: convert-gather-to-scf: option 'per-copy-check-max-copies' must be in [-1, 1048576], got 1048577
// NTPASS: error: gather-nontemporal-copies: option 'min-bytes' must be at least -1, got -2
// RUN: not gather-opt %s --convert-gather-to-scf="slice-versions-max-bytes=-1" 2>&1 | FileCheck %s --check-prefix=VERSIONS
// RUN: not gather-opt %s --gather-cpu-pipeline="slice-versions-max-bytes=4097" 2>&1 | FileCheck %s --check-prefix=VERSIONS-PIPE
// VERSIONS: error: convert-gather-to-scf: option 'slice-versions-max-bytes' must be in [0, 4096], got -1
// VERSIONS-PIPE: error: gather-cpu-pipeline: option 'slice-versions-max-bytes' must be in [0, 4096], got 4097
// RUN: not gather-opt %s --convert-gather-to-scf="nontemporal-min-bytes=-2" 2>&1 | FileCheck %s --check-prefix=NTSCF
// NTSCF: error: convert-gather-to-scf: option 'nontemporal-min-bytes' must be at least -1, got -2

func.func @g(%p: tensor<4x8xf32>, %i: tensor<3xi32>) -> tensor<3x8xf32> {
  %r = gather.gather %p[%i] mode<zero> : (tensor<4x8xf32>, tensor<3xi32>) -> tensor<3x8xf32>
  return %r : tensor<3x8xf32>
}
