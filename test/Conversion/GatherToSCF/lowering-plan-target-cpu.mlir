// The lowering plan follows the chip of the nearest llvm.target
// (CPUTargetDescription::forCPU). AMD Zen ("znver*") leaves rows of 4 KiB
// to the hardware prefetcher from any params (Zen 4 only), streams prefetched rows of
// 4 KiB only in dense chunks (lowering-plan-zen-dense-streams.mlir), checks
// element copies in chunks of 128 positions, and prefetches the indices of
// scalar gathers from tables beyond L2 (Zen 5: of at most 4 bytes a
// position). Zen prefetches sub-line slices, but not copies LLVM may turn
// into vector gathers; Zen 5 ("znver5") 128 positions ahead (64 elsewhere)
// and from tables beyond L3 only, and rows of a line or more from params
// beyond L2 into L1 (into=l1; sub-line slices into L2), Zen 4 into L2;
// both 8 KiB ahead from params beyond L2 (2 KiB elsewhere). Any other
// chip, or none, takes the default rules.
//
// slice-versions-max-bytes=0: a dynamic slice width gets its one lowering
// here (its versions for static widths: slice-versions.mlir).
//
// RUN: gather-opt %s --convert-gather-to-scf="print-plan slice-versions-max-bytes=0" --split-input-file -verify-diagnostics -o /dev/null
// RUN: gather-opt %s --convert-gather-to-scf="print-plan parallel slice-versions-max-bytes=0" --split-input-file -o /dev/null 2>&1 \
// RUN: | FileCheck %s --check-prefix=PAR

// Sub-line slices from params beyond L2: 64 positions ahead by default, 128
// on Zen 5 from params beyond L3 too (64 MiB; none from 16 MiB), none where
// the copies may be vector gathers. f32
// elements from params of at most 32 MiB may be vectorized (into gather
// instructions) by default; on Zen only from params beyond L2 (1 MiB) and
// of at most 64 MiB.
module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">} {
  func.func @zen_sub_line(%p: tensor<4194304x4xf32>, %mid: tensor<1048576x4xf32>, %e: tensor<4194304xf32>, %i: tensor<200xi32>) -> (tensor<200x4xf32>, tensor<200x4xf32>, tensor<200xf32>) {
    // expected-remark@+1 {{slice-prefetch=128 into=l2 indices-prefetch=no}}
    %a = gather.gather %p[%i] : (tensor<4194304x4xf32>, tensor<200xi32>) -> tensor<200x4xf32>
    // expected-remark@+1 {{slice-prefetch=0 indices-prefetch=no}}
    %m = gather.gather %mid[%i] : (tensor<1048576x4xf32>, tensor<200xi32>) -> tensor<200x4xf32>
    // expected-remark@+1 {{slice-prefetch=0 indices-prefetch=no vectorize=yes}}
    %b = gather.gather %e[%i] : (tensor<4194304xf32>, tensor<200xi32>) -> tensor<200xf32>
    return %a, %m, %b : tensor<200x4xf32>, tensor<200x4xf32>, tensor<200xf32>
  }

  func.func @zen_vectorized_range(%l2: tensor<262144xf32>, %over: tensor<4194304x8xf32>, %i: tensor<200xi32>, %j: tensor<200x2xi32>) -> (tensor<200xf32>, tensor<200xf32>) {
    // Exactly L2: scalar.
    // expected-remark@+1 {{vectorize=no}}
    %a = gather.gather %l2[%i] : (tensor<262144xf32>, tensor<200xi32>) -> tensor<200xf32>
    // 128 MiB: scalar.
    // expected-remark@+1 {{vectorize=no}}
    %b = gather.gather_nd %over[%j] : (tensor<4194304x8xf32>, tensor<200x2xi32>) -> tensor<200xf32>
    return %a, %b : tensor<200xf32>, tensor<200xf32>
  }
}

// -----

// Zen 4 prefetches every sub-line slice from params beyond L2, as the
// default does, but not the copies LLVM may turn into vector gathers (f32
// elements from 16 MiB; from 128 MiB they are scalar).
module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver4">} {
  func.func @zen4_sub_line(%p: tensor<1048576x4xf32>, %e: tensor<4194304xf32>, %big: tensor<33554432xf32>, %i: tensor<200xi32>) -> (tensor<200x4xf32>, tensor<200xf32>, tensor<200xf32>) {
    // expected-remark@+1 {{slice-prefetch=64 into=l2 indices-prefetch=no vectorize=no}}
    %a = gather.gather %p[%i] : (tensor<1048576x4xf32>, tensor<200xi32>) -> tensor<200x4xf32>
    // expected-remark@+1 {{slice-prefetch=0 indices-prefetch=no vectorize=yes}}
    %b = gather.gather %e[%i] : (tensor<4194304xf32>, tensor<200xi32>) -> tensor<200xf32>
    // expected-remark@+1 {{slice-prefetch=64 into=l2 indices-prefetch=no vectorize=no}}
    %c = gather.gather %big[%i] : (tensor<33554432xf32>, tensor<200xi32>) -> tensor<200xf32>
    return %a, %b, %c : tensor<200x4xf32>, tensor<200xf32>, tensor<200xf32>
  }
}

// -----

// The L3 bound follows the target's L3 (DLTI): 16 MiB of params are beyond
// an L3 of 8 MiB.
module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">,
                   dlti.target_system_spec = #dlti.target_system_spec<"CPU" = #dlti.target_device_spec<"L3_cache_size_in_bytes" = 8388608 : i64>>} {
  func.func @zen_small_l3(%mid: tensor<1048576x4xf32>, %i: tensor<200xi32>) -> tensor<200x4xf32> {
    // expected-remark@+1 {{slice-prefetch=128 into=l2 indices-prefetch=no}}
    %m = gather.gather %mid[%i] : (tensor<1048576x4xf32>, tensor<200xi32>) -> tensor<200x4xf32>
    return %m : tensor<200x4xf32>
  }
}

// -----

// Elements under 4 bytes (i8, f16): never vector gathers; prefetched from
// params beyond L3 (64 MiB), not from 8 MiB.
module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">} {
  func.func @zen_narrow(%h: tensor<33554432xf16>, %c: tensor<67108864xi8>, %mid: tensor<8388608xi8>, %i: tensor<200xi32>) -> (tensor<200xf16>, tensor<200xi8>, tensor<200xi8>) {
    // expected-remark@+1 {{slice-prefetch=128 into=l2}}
    %a = gather.gather %h[%i] : (tensor<33554432xf16>, tensor<200xi32>) -> tensor<200xf16>
    // expected-remark@+1 {{slice-prefetch=128 into=l2}}
    %b = gather.gather %c[%i] : (tensor<67108864xi8>, tensor<200xi32>) -> tensor<200xi8>
    // expected-remark@+1 {{slice-prefetch=0 indices-prefetch=no vectorize=no}}
    %m = gather.gather %mid[%i] : (tensor<8388608xi8>, tensor<200xi32>) -> tensor<200xi8>
    return %a, %b, %m : tensor<200xf16>, tensor<200xi8>, tensor<200xi8>
  }
}

// -----

module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "sapphirerapids">} {
  func.func @intel_sub_line(%p: tensor<1048576x4xf32>, %e: tensor<4194304xf32>, %i: tensor<200xi32>) -> (tensor<200x4xf32>, tensor<200xf32>) {
    // expected-remark@+1 {{slice-prefetch=64 into=l2}}
    %a = gather.gather %p[%i] : (tensor<1048576x4xf32>, tensor<200xi32>) -> tensor<200x4xf32>
    // expected-remark@+1 {{slice-prefetch=64 into=l2 indices-prefetch=no vectorize=yes}}
    %b = gather.gather %e[%i] : (tensor<4194304xf32>, tensor<200xi32>) -> tensor<200xf32>
    return %a, %b : tensor<200x4xf32>, tensor<200xf32>
  }
}

// -----

// The nearest llvm.target counts: a function's own overrides the module's.
module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "sapphirerapids">} {
  func.func @nearest(%p: tensor<4194304x4xf32>, %i: tensor<200xi32>) -> tensor<200x4xf32> attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">} {
    // expected-remark@+1 {{slice-prefetch=128 into=l2 indices-prefetch=no}}
    %a = gather.gather %p[%i] : (tensor<4194304x4xf32>, tensor<200xi32>) -> tensor<200x4xf32>
    return %a : tensor<200x4xf32>
  }
}

// -----

// Rows of 4 KiB from params beyond L2, into a result of at least 32 MiB (or
// dynamically sized): prefetched 2 ahead into L2 by default (below) and on
// Zen 5 (into L1), also where threads split the gather (PAR), where they
// stream only in dense chunks (stream-dense=only); not prefetched on Zen 4,
// where they stream in every chunk (stream-dense=no: the dense-only rule is
// for prefetched rows); rows of 64 KiB and L2-resident params are not
// prefetched on any chip, and the rows of a smaller result do not stream.
module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">} {
  func.func @zen_rows_4k(%p: tensor<4096x1024xf32>, %huge: tensor<512x16384xf32>, %fits: tensor<64x1024xf32>,
                         %big: tensor<8192xi32>, %small: tensor<8191xi32>, %dyn: tensor<?xi32>, %few: tensor<512xi32>) {
    // PAR: :[[@LINE+2]]:10: remark: {{.*}} threads=over-chunks slice-prefetch=2 into=l1 indices-prefetch=no vectorize=no stream-dense=only
    // expected-remark@+1 {{slice-prefetch=2 into=l1 indices-prefetch=no vectorize=no stream-dense=only}}
    %a = gather.gather %p[%big] : (tensor<4096x1024xf32>, tensor<8192xi32>) -> tensor<8192x1024xf32>
    // expected-remark@+1 {{slice-prefetch=2 into=l1 indices-prefetch=no vectorize=no stream-dense=no}}
    %b = gather.gather %p[%small] : (tensor<4096x1024xf32>, tensor<8191xi32>) -> tensor<8191x1024xf32>
    // PAR: :[[@LINE+3]]:10: remark: {{.*}} threads=over-chunks slice-prefetch=2 into=l1 indices-prefetch=yes vectorize=no stream-dense=only
    // expected-remark@+2 {{lowering plan for results of at least 33554432 B: loops=1 copy=slice checks=per-chunk chunk=128 unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=2 into=l1 indices-prefetch=yes vectorize=no stream-dense=only}}
    // expected-remark@+1 {{lowering plan for smaller results: loops=1 copy=slice checks=per-chunk chunk=128 unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=2 into=l1 indices-prefetch=yes vectorize=no stream-dense=no}}
    %c = gather.gather %p[%dyn] : (tensor<4096x1024xf32>, tensor<?xi32>) -> tensor<?x1024xf32>
    // expected-remark@+1 {{slice-prefetch=0 indices-prefetch=no vectorize=no stream-dense=no}}
    %d = gather.gather %huge[%few] : (tensor<512x16384xf32>, tensor<512xi32>) -> tensor<512x16384xf32>
    // expected-remark@+1 {{slice-prefetch=0 indices-prefetch=no vectorize=no stream-dense=no}}
    %e = gather.gather %fits[%big] : (tensor<64x1024xf32>, tensor<8192xi32>) -> tensor<8192x1024xf32>
    return
  }
}

// -----

module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver4">} {
  func.func @zen4_rows_4k(%p: tensor<4096x1024xf32>, %big: tensor<8192xi32>) -> tensor<8192x1024xf32> {
    // expected-remark@+1 {{slice-prefetch=0 indices-prefetch=no vectorize=no stream-dense=no}}
    %a = gather.gather %p[%big] : (tensor<4096x1024xf32>, tensor<8192xi32>) -> tensor<8192x1024xf32>
    return %a : tensor<8192x1024xf32>
  }
}

// -----

module {
  func.func @default_rows_4k(%p: tensor<4096x1024xf32>, %big: tensor<8192xi32>) -> tensor<8192x1024xf32> {
    // expected-remark@+1 {{slice-prefetch=2 into=l2 indices-prefetch=no vectorize=no stream-dense=no}}
    %a = gather.gather %p[%big] : (tensor<4096x1024xf32>, tensor<8192xi32>) -> tensor<8192x1024xf32>
    return %a : tensor<8192x1024xf32>
  }
}

// -----

// Rows of 256 B from dynamically sized params: into L1 on Zen 5, into L2 on
// Zen 4 (below) and by default.
module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">} {
  func.func @zen_dynamic_rows(%p: tensor<?x64xf32>, %i: tensor<4096xi32>) -> tensor<4096x64xf32> {
    // expected-remark@+1 {{slice-prefetch=32 into=l1 }}
    %a = gather.gather %p[%i] : (tensor<?x64xf32>, tensor<4096xi32>) -> tensor<4096x64xf32>
    return %a : tensor<4096x64xf32>
  }
}

// -----

// Zen prefetches rows 8 KiB ahead (32 rows of 256 B) from params beyond
// L2 or of dynamic size, 2 KiB (8 rows) from L2-resident ones; the default
// 2 KiB from any.
module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver4">} {
  func.func @zen4_dynamic_rows(%p: tensor<?x64xf32>, %i: tensor<4096xi32>) -> tensor<4096x64xf32> {
    // expected-remark@+1 {{slice-prefetch=32 into=l2 }}
    %a = gather.gather %p[%i] : (tensor<?x64xf32>, tensor<4096xi32>) -> tensor<4096x64xf32>
    return %a : tensor<4096x64xf32>
  }

  func.func @zen4_rows_ahead(%big: tensor<1048576x64xf32>, %l2: tensor<1024x64xf32>, %wide: tensor<65536x512xf32>, %i: tensor<4096xi32>) -> (tensor<4096x64xf32>, tensor<4096x64xf32>, tensor<4096x512xf32>) {
    // expected-remark@+1 {{slice-prefetch=32 into=l2 }}
    %a = gather.gather %big[%i] : (tensor<1048576x64xf32>, tensor<4096xi32>) -> tensor<4096x64xf32>
    // expected-remark@+1 {{slice-prefetch=8 into=l1 }}
    %b = gather.gather %l2[%i] : (tensor<1024x64xf32>, tensor<4096xi32>) -> tensor<4096x64xf32>
    // Rows of 2 KiB: 4 ahead.
    // expected-remark@+1 {{slice-prefetch=4 into=l2 }}
    %c = gather.gather %wide[%i] : (tensor<65536x512xf32>, tensor<4096xi32>) -> tensor<4096x512xf32>
    return %a, %b, %c : tensor<4096x64xf32>, tensor<4096x64xf32>, tensor<4096x512xf32>
  }
}

// -----

module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">} {
  func.func @zen5_rows_ahead(%big: tensor<1048576x64xf32>, %i: tensor<4096xi32>) -> tensor<4096x64xf32> {
    // expected-remark@+1 {{slice-prefetch=32 into=l1 }}
    %a = gather.gather %big[%i] : (tensor<1048576x64xf32>, tensor<4096xi32>) -> tensor<4096x64xf32>
    return %a : tensor<4096x64xf32>
  }
}

// -----

module {
  func.func @default_rows_ahead(%big: tensor<1048576x64xf32>, %p: tensor<?x64xf32>, %i: tensor<4096xi32>) -> (tensor<4096x64xf32>, tensor<4096x64xf32>) {
    // expected-remark@+1 {{slice-prefetch=8 into=l2 }}
    %a = gather.gather %big[%i] : (tensor<1048576x64xf32>, tensor<4096xi32>) -> tensor<4096x64xf32>
    // expected-remark@+1 {{slice-prefetch=8 into=l2 }}
    %b = gather.gather %p[%i] : (tensor<?x64xf32>, tensor<4096xi32>) -> tensor<4096x64xf32>
    return %a, %b : tensor<4096x64xf32>, tensor<4096x64xf32>
  }
}

// -----

module {
  func.func @default_dynamic_rows(%p: tensor<?x64xf32>, %i: tensor<4096xi32>) -> tensor<4096x64xf32> {
    // expected-remark@+1 {{slice-prefetch=8 into=l2 }}
    %a = gather.gather %p[%i] : (tensor<?x64xf32>, tensor<4096xi32>) -> tensor<4096x64xf32>
    return %a : tensor<4096x64xf32>
  }
}

// -----

// Element copies on one thread check chunks of at most 128 positions and
// 512 bytes of indices on Zen (the random reads of 1024 positions would
// evict the chunk's index lines from its 48 KiB L1 before the copies read
// them again, and the copies wait for the check's index loads): 128
// positions of i32 indices, 64 of i64 or index (8 bytes) or of i32 pairs,
// 32 of i64 pairs; 1024 by default. Slice copies check 128 positions, and
// slices under a cache line at most 512 bytes of indices as well; slices of
// a line up to 1 KiB check their own indices (flagged, next case).
module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">} {
  func.func @zen_element_chunks(%e: tensor<4194304xf32>, %i: tensor<4096xi32>, %j: tensor<4096xi64>, %k: tensor<4096xindex>,
                                %p: tensor<2048x2048xf32>, %m: tensor<4096x2xi32>, %n: tensor<4096x2xi64>) {
    // expected-remark@+1 {{copy=element checks=per-chunk chunk=128 }}
    %a = gather.gather %e[%i] : (tensor<4194304xf32>, tensor<4096xi32>) -> tensor<4096xf32>
    // expected-remark@+1 {{copy=element checks=per-chunk chunk=64 }}
    %b = gather.gather %e[%j] : (tensor<4194304xf32>, tensor<4096xi64>) -> tensor<4096xf32>
    // expected-remark@+1 {{copy=element checks=per-chunk chunk=64 }}
    %c = gather.gather %e[%k] : (tensor<4194304xf32>, tensor<4096xindex>) -> tensor<4096xf32>
    // expected-remark@+1 {{copy=element checks=per-chunk chunk=64 }}
    %d = gather.gather_nd %p[%m] : (tensor<2048x2048xf32>, tensor<4096x2xi32>) -> tensor<4096xf32>
    // expected-remark@+1 {{copy=element checks=per-chunk chunk=32 }}
    %f = gather.gather_nd %p[%n] : (tensor<2048x2048xf32>, tensor<4096x2xi64>) -> tensor<4096xf32>
    return
  }

  func.func @zen_slice_chunks(%r16: tensor<4194304x4xf32>, %r256: tensor<65536x64xf32>, %i: tensor<4096xi32>, %j: tensor<4096xi64>) {
    // expected-remark@+1 {{copy=slice checks=per-chunk chunk=128 }}
    %a = gather.gather %r16[%i] : (tensor<4194304x4xf32>, tensor<4096xi32>) -> tensor<4096x4xf32>
    // expected-remark@+1 {{copy=slice checks=per-chunk chunk=64 }}
    %b = gather.gather %r16[%j] : (tensor<4194304x4xf32>, tensor<4096xi64>) -> tensor<4096x4xf32>
    // expected-remark@+1 {{copy=slice checks=flagged unchecked=error }}
    %c = gather.gather %r256[%j] : (tensor<65536x64xf32>, tensor<4096xi64>) -> tensor<4096x64xf32>
    return
  }
}

// -----

// On one thread on Zen, in error, wrap and zero mode, copies of static
// slices from a cache line to under 1 KiB check their own indices however
// many there are (flagged), keeping their slice prefetches (8 KiB ahead,
// at most 64 positions): not slices under a line (dense-chunk streaming),
// nor of 1 KiB (memcpy calls), nor of a dynamic size, nor in clamp mode,
// nor with threads (PAR), nor by default.
module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">} {
  func.func @zen_flagged_slices(%r64: tensor<65536x16xf32>, %r32: tensor<65536x8xf32>, %r1k: tensor<65536x256xf32>,
                                %rd: tensor<65536x?xf32>, %i: tensor<4096xi32>) {
    // PAR: :[[@LINE+2]]:10: remark: {{.*}} copy=slice checks=per-chunk chunk=1024 {{.*}} threads=over-chunks
    // expected-remark@+1 {{copy=slice checks=flagged unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=64 into=l1 }}
    %a = gather.gather %r64[%i] : (tensor<65536x16xf32>, tensor<4096xi32>) -> tensor<4096x16xf32>
    // expected-remark@+1 {{copy=slice checks=flagged unchecked=wrap }}
    %b = gather.gather %r64[%i] mode<wrap> : (tensor<65536x16xf32>, tensor<4096xi32>) -> tensor<4096x16xf32>
    // expected-remark@+1 {{copy=slice checks=flagged unchecked=error resolving=zero }}
    %c = gather.gather %r64[%i] mode<zero> : (tensor<65536x16xf32>, tensor<4096xi32>) -> tensor<4096x16xf32>
    // expected-remark@+1 {{copy=slice checks=per-chunk chunk=128 unchecked=error resolving=clamp }}
    %d = gather.gather %r64[%i] mode<clamp> : (tensor<65536x16xf32>, tensor<4096xi32>) -> tensor<4096x16xf32>
    // expected-remark@+1 {{copy=slice checks=per-chunk chunk=128 }}
    %e = gather.gather %r32[%i] : (tensor<65536x8xf32>, tensor<4096xi32>) -> tensor<4096x8xf32>
    // expected-remark@+1 {{copy=slice checks=per-chunk chunk=128 }}
    %f = gather.gather %r1k[%i] : (tensor<65536x256xf32>, tensor<4096xi32>) -> tensor<4096x256xf32>
    // expected-remark@+1 {{copy=slice checks=per-chunk chunk=128 }}
    %g = gather.gather %rd[%i] : (tensor<65536x?xf32>, tensor<4096xi32>) -> tensor<4096x?xf32>
    return
  }
}

// -----

module {
  func.func @default_slices(%r64: tensor<65536x16xf32>, %i: tensor<4096xi32>) -> tensor<4096x16xf32> {
    // expected-remark@+1 {{copy=slice checks=per-chunk chunk=128 }}
    %a = gather.gather %r64[%i] : (tensor<65536x16xf32>, tensor<4096xi32>) -> tensor<4096x16xf32>
    return %a : tensor<4096x16xf32>
  }
}

// -----

// With threads, each forall iteration (a chunk of 1024 positions, one flag)
// checks and copies its chunk in the pieces one thread's chunks would be:
// on Zen element copies and slices under a line in sub-chunks of 128
// positions of i32 indices, 64 of i64 or of i32 pairs (two threads,
// alternating rounds, generated / plain C++ loop: f32 elements with i32
// indices 0.95-0.97 -> 0.97-1.04x, batch_dims elements with i64 0.93-0.98
// -> 0.98-1.02x, rows of 16 B with i64 indices 0.94-0.97 -> 0.96-1.02x),
// other slices in 128 as on any chip; by default element copies in one
// piece. (The remarks without threads: one thread's plans.)
module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">} {
  func.func @zen_thread_sub_chunks(%e: tensor<4x1048576xf32>, %i: tensor<4096xi32>, %j: tensor<4096xi64>,
                                   %p: tensor<2048x2048xf32>, %m: tensor<4096x2xi32>, %r16: tensor<4194304x4xf32>,
                                   %r256: tensor<65536x64xf32>) {
    // PAR: :[[@LINE+2]]:10: remark: {{.*}} copy=element checks=per-chunk chunk=1024 sub-chunk=128 {{.*}} threads=over-chunks
    // expected-remark@+1 {{copy=element checks=up-front chunk=128 }}
    %a = gather.gather %e[%i] axis = 1 : (tensor<4x1048576xf32>, tensor<4096xi32>) -> tensor<4x4096xf32>
    // PAR: :[[@LINE+2]]:10: remark: {{.*}} copy=element checks=per-chunk chunk=1024 sub-chunk=64 {{.*}} threads=over-chunks
    // expected-remark@+1 {{copy=element checks=up-front chunk=64 }}
    %b = gather.gather %e[%j] axis = 1 : (tensor<4x1048576xf32>, tensor<4096xi64>) -> tensor<4x4096xf32>
    // PAR: :[[@LINE+2]]:10: remark: {{.*}} copy=element checks=per-chunk chunk=1024 sub-chunk=64 {{.*}} threads=over-chunks
    // expected-remark@+1 {{copy=element checks=per-chunk chunk=64 }}
    %d = gather.gather_nd %p[%m] : (tensor<2048x2048xf32>, tensor<4096x2xi32>) -> tensor<4096xf32>
    // PAR: :[[@LINE+2]]:10: remark: {{.*}} copy=slice checks=per-chunk chunk=1024 sub-chunk=64 {{.*}} threads=over-chunks
    // expected-remark@+1 {{copy=slice checks=per-chunk chunk=64 }}
    %f = gather.gather %r16[%j] : (tensor<4194304x4xf32>, tensor<4096xi64>) -> tensor<4096x4xf32>
    // PAR: :[[@LINE+2]]:10: remark: {{.*}} copy=slice checks=per-chunk chunk=1024 sub-chunk=128 {{.*}} threads=over-chunks
    // expected-remark@+1 {{copy=slice checks=flagged }}
    %g = gather.gather %r256[%j] : (tensor<65536x64xf32>, tensor<4096xi64>) -> tensor<4096x64xf32>
    return
  }
}

// -----

module {
  func.func @default_thread_sub_chunks(%e: tensor<4x1048576xf32>, %i: tensor<4096xi32>) -> tensor<4x4096xf32> {
    // PAR: :[[@LINE+2]]:10: remark: {{.*}} copy=element checks=per-chunk chunk=1024 unchecked={{.*}} threads=over-chunks
    // expected-remark@+1 {{copy=element checks=up-front chunk=1024 }}
    %a = gather.gather %e[%i] axis = 1 : (tensor<4x1048576xf32>, tensor<4096xi32>) -> tensor<4x4096xf32>
    return %a : tensor<4x4096xf32>
  }
}

// -----

module {
  func.func @default_element_chunks(%e: tensor<4194304xf32>, %i: tensor<4096xi32>) -> tensor<4096xf32> {
    // expected-remark@+1 {{copy=element checks=per-chunk chunk=1024 }}
    %a = gather.gather %e[%i] : (tensor<4194304xf32>, tensor<4096xi32>) -> tensor<4096xf32>
    return %a : tensor<4096xf32>
  }
}

// -----

// gather_nd of scalars on one thread on Zen 4: each group of 8 positions is
// checked in vectors that also hold every position's params offset, and
// the copies load through the offsets (through-offsets), in error and zero
// mode, from static params that L2 holds, inside parallel loops too. Not
// with index vectors of one component, not in wrap mode (its check tests
// wrapped indices), not with `index` components (no vector check), not
// from params beyond L2 or of dynamic size, not by default. (Zen 5 branches
// on each index there instead: the next case.)
module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver4">} {
  func.func @zen_through_offsets(%p: tensor<256x256xf32>, %i: tensor<4096x2xi64>, %j: tensor<4096x1xi32>, %q: tensor<8x64x64xf32>, %k: tensor<8x512x2xi32>) -> (tensor<4096xf32>, tensor<4096xf32>, tensor<4096x256xf32>, tensor<4096xf32>, tensor<8x512xf32>) {
    // expected-remark@+1 {{chunk=8 unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=0 indices-prefetch=no vectorize=no stream-dense=no through-offsets}}
    %a = gather.gather_nd %p[%i] : (tensor<256x256xf32>, tensor<4096x2xi64>) -> tensor<4096xf32>
    // expected-remark@+1 {{chunk=8 unchecked=error resolving=zero threads=none slice-prefetch=0 indices-prefetch=no vectorize=no stream-dense=no through-offsets}}
    %b = gather.gather_nd %p[%i] mode<zero> : (tensor<256x256xf32>, tensor<4096x2xi64>) -> tensor<4096xf32>
    // expected-remark-re@+1 {{stream-dense=no unroll=no{{$}}}}
    %c = gather.gather_nd %p[%j] : (tensor<256x256xf32>, tensor<4096x1xi32>) -> tensor<4096x256xf32>
    // expected-remark-re@+1 {{chunk=32 unchecked=wrap resolving=wrap reported-reads-as=zero threads=none slice-prefetch=0 indices-prefetch=no vectorize=no stream-dense=no{{$}}}}
    %d = gather.gather_nd %p[%i] mode<wrap> : (tensor<256x256xf32>, tensor<4096x2xi64>) -> tensor<4096xf32>
    // batch_dims = 1: the batch coordinate's offset joins each group's.
    // expected-remark@+1 {{through-offsets}}
    %e = gather.gather_nd %q[%k] batch_dims = 1 : (tensor<8x64x64xf32>, tensor<8x512x2xi32>) -> tensor<8x512xf32>
    return %a, %b, %c, %d, %e : tensor<4096xf32>, tensor<4096xf32>, tensor<4096x256xf32>, tensor<4096xf32>, tensor<8x512xf32>
  }

  func.func @zen_beyond_l2(%big: tensor<1024x1024xf32>, %dyn: tensor<?x256xf32>, %i: tensor<4096x2xi64>) -> (tensor<4096xf32>, tensor<4096xf32>) {
    // expected-remark-re@+1 {{chunk=32 unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=0 indices-prefetch=no vectorize=yes stream-dense=no{{$}}}}
    %a = gather.gather_nd %big[%i] : (tensor<1024x1024xf32>, tensor<4096x2xi64>) -> tensor<4096xf32>
    // expected-remark-re@+1 {{chunk=32 unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=0 indices-prefetch=no vectorize=no stream-dense=no{{$}}}}
    %b = gather.gather_nd %dyn[%i] : (tensor<?x256xf32>, tensor<4096x2xi64>) -> tensor<4096xf32>
    return %a, %b : tensor<4096xf32>, tensor<4096xf32>
  }

  func.func @zen_in_forall(%p: tensor<256x256xf32>, %i: tensor<4096x2xi64>, %out: tensor<4x4096xf32>) -> tensor<4x4096xf32> {
    %r = scf.forall (%t) in (4) shared_outs(%o = %out) -> (tensor<4x4096xf32>) {
      // expected-remark-re@+1 {{chunk=8 {{.*}} through-offsets}}
      %a = gather.gather_nd %p[%i] : (tensor<256x256xf32>, tensor<4096x2xi64>) -> tensor<4096xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %a into %o[%t, 0] [1, 4096] [1, 1] : tensor<4096xf32> into tensor<4x4096xf32>
      }
    }
    return %r : tensor<4x4096xf32>
  }

  func.func @zen_index_components(%p: tensor<256x256xf32>, %i: tensor<4096x2xindex>) -> tensor<4096xf32> {
    // expected-remark-re@+1 {{stream-dense=no{{$}}}}
    %a = gather.gather_nd %p[%i] : (tensor<256x256xf32>, tensor<4096x2xindex>) -> tensor<4096xf32>
    return %a : tensor<4096xf32>
  }

  // Elements a vector cannot hold (complex numbers, vectors) or that are not
  // whole bytes (i1) are copied one by one, checked in chunks.
  func.func @zen_element_types(%c: tensor<4x4xcomplex<f32>>, %v: tensor<4x4xvector<4xf32>>, %b: tensor<4x4xi1>, %i: tensor<4096x2xi64>) -> (tensor<4096xcomplex<f32>>, tensor<4096xvector<4xf32>>, tensor<4096xi1>) {
    // expected-remark-re@+1 {{stream-dense=no{{$}}}}
    %a = gather.gather_nd %c[%i] : (tensor<4x4xcomplex<f32>>, tensor<4096x2xi64>) -> tensor<4096xcomplex<f32>>
    // expected-remark-re@+1 {{stream-dense=no{{$}}}}
    %w = gather.gather_nd %v[%i] : (tensor<4x4xvector<4xf32>>, tensor<4096x2xi64>) -> tensor<4096xvector<4xf32>>
    // expected-remark-re@+1 {{stream-dense=no{{$}}}}
    %t = gather.gather_nd %b[%i] : (tensor<4x4xi1>, tensor<4096x2xi64>) -> tensor<4096xi1>
    return %a, %w, %t : tensor<4096xcomplex<f32>>, tensor<4096xvector<4xf32>>, tensor<4096xi1>
  }
}

// -----

// Element copies on one thread on Zen 5 (branchingElementChecks), in error
// mode, from a static table that L2 holds: each copy tests its index and
// branches (checks=branching): gather_nd scalars (also with `index`
// components and batch_dims = 1), elements with an outer params dimension
// (a revisit of indices none of which was bad copies unchecked), and inside
// parallel loops. Not in zero, wrap or clamp mode, not from a table beyond
// L2 or of dynamic size, not with threads, not for slices, not for a small
// gather (flagged), not on Zen 4 (the case above).
module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">} {
  func.func @zen5_branching(%p: tensor<256x256xf32>, %i: tensor<4096x2xi64>, %x: tensor<4096x2xindex>, %q: tensor<8x64x64xf32>, %k: tensor<8x512x2xi32>, %r: tensor<4x16384xi8>, %j: tensor<16384xi32>) -> (tensor<4096xf32>, tensor<4096xf32>, tensor<4096xf32>, tensor<8x512xf32>, tensor<4x16384xi8>) {
    // expected-remark-re@+1 {{checks=branching unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=0 indices-prefetch=no vectorize=no stream-dense=no{{$}}}}
    %a = gather.gather_nd %p[%i] : (tensor<256x256xf32>, tensor<4096x2xi64>) -> tensor<4096xf32>
    // Zero mode keeps its checked groups (through offsets, as on Zen 4).
    // expected-remark-re@+1 {{checks=per-chunk chunk=8 unchecked=error resolving=zero {{.*}} through-offsets{{$}}}}
    %b = gather.gather_nd %p[%i] mode<zero> : (tensor<256x256xf32>, tensor<4096x2xi64>) -> tensor<4096xf32>
    // expected-remark@+1 {{checks=branching}}
    %c = gather.gather_nd %p[%x] : (tensor<256x256xf32>, tensor<4096x2xindex>) -> tensor<4096xf32>
    // expected-remark@+1 {{loops=2 copy=element checks=branching}}
    %d = gather.gather_nd %q[%k] batch_dims = 1 : (tensor<8x64x64xf32>, tensor<8x512x2xi32>) -> tensor<8x512xf32>
    // expected-remark-re@+1 {{loops=2 copy=element checks=branching {{.*}} stream-dense=no repeated-indices=checked-once{{$}}}}
    %e = gather.gather %r[%j] axis = 1 : (tensor<4x16384xi8>, tensor<16384xi32>) -> tensor<4x16384xi8>
    return %a, %b, %c, %d, %e : tensor<4096xf32>, tensor<4096xf32>, tensor<4096xf32>, tensor<8x512xf32>, tensor<4x16384xi8>
  }

  func.func @zen5_not_branching(%p: tensor<256x256xf32>, %i: tensor<4096x2xi64>, %big: tensor<1024x1024xf32>, %dyn: tensor<?x256xf32>, %j: tensor<4096x1xi32>, %s: tensor<4x2xi64>) -> (tensor<4096xf32>, tensor<4096xf32>, tensor<4096xf32>, tensor<4096xf32>, tensor<4096x256xf32>, tensor<4xf32>) {
    // expected-remark@+1 {{checks=per-chunk chunk=32 unchecked=wrap}}
    %a = gather.gather_nd %p[%i] mode<wrap> : (tensor<256x256xf32>, tensor<4096x2xi64>) -> tensor<4096xf32>
    // expected-remark-re@+1 {{checks=per-chunk chunk=8 unchecked=error resolving=clamp {{.*}} through-offsets}}
    %b = gather.gather_nd %p[%i] mode<clamp> : (tensor<256x256xf32>, tensor<4096x2xi64>) -> tensor<4096xf32>
    // expected-remark@+1 {{checks=per-chunk chunk=32}}
    %c = gather.gather_nd %big[%i] : (tensor<1024x1024xf32>, tensor<4096x2xi64>) -> tensor<4096xf32>
    // expected-remark@+1 {{checks=per-chunk chunk=32}}
    %d = gather.gather_nd %dyn[%i] : (tensor<?x256xf32>, tensor<4096x2xi64>) -> tensor<4096xf32>
    // expected-remark@+1 {{copy=slice checks=per-chunk}}
    %e = gather.gather_nd %p[%j] : (tensor<256x256xf32>, tensor<4096x1xi32>) -> tensor<4096x256xf32>
    // expected-remark@+1 {{checks=flagged}}
    %f = gather.gather_nd %p[%s] : (tensor<256x256xf32>, tensor<4x2xi64>) -> tensor<4xf32>
    return %a, %b, %c, %d, %e, %f : tensor<4096xf32>, tensor<4096xf32>, tensor<4096xf32>, tensor<4096xf32>, tensor<4096x256xf32>, tensor<4xf32>
  }

  func.func @zen5_in_forall(%p: tensor<256x256xf32>, %i: tensor<4096x2xi64>, %out: tensor<4x4096xf32>) -> tensor<4x4096xf32> {
    %r = scf.forall (%t) in (4) shared_outs(%o = %out) -> (tensor<4x4096xf32>) {
      // expected-remark@+1 {{checks=branching}}
      %a = gather.gather_nd %p[%i] : (tensor<256x256xf32>, tensor<4096x2xi64>) -> tensor<4096xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %a into %o[%t, 0] [1, 4096] [1, 1] : tensor<4096xf32> into tensor<4x4096xf32>
      }
    }
    return %r : tensor<4x4096xf32>
  }
}

// -----

module {
  func.func @default_no_offsets(%p: tensor<256x256xf32>, %i: tensor<4096x2xi64>) -> tensor<4096xf32> {
    // expected-remark-re@+1 {{chunk=1024 unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=0 indices-prefetch=no vectorize=yes stream-dense=no{{$}}}}
    %a = gather.gather_nd %p[%i] : (tensor<256x256xf32>, tensor<4096x2xi64>) -> tensor<4096xf32>
    return %a : tensor<4096xf32>
  }
}

// -----

// Scalar gathers on Zen prefetch the next chunk's indices, as slice gathers
// do, where the table (params from the gathered dimension on) is beyond L2
// and the indices are at least L2 (1 MiB): the check of a chunk would wait
// on its indices while the copies' random reads hold the miss buffers. Not
// for fewer indices, an L2-resident or dynamic table, nor by default; on
// Zen 5 only for indices of at most 4 bytes a position (below).
module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver4">} {
  func.func @zen_scalar_indices(%big: tensor<2048x1024xf32>, %fits: tensor<256x256xf32>, %dyn: tensor<?x1024xf32>, %rows: tensor<4x1048576xf32>, %i: tensor<131072x2xi32>, %few: tensor<4096x2xi32>, %j: tensor<262144xi32>) {
    // expected-remark@+1 {{copy=element checks=per-chunk chunk=64 unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=0 indices-prefetch=yes}}
    %a = gather.gather_nd %big[%i] : (tensor<2048x1024xf32>, tensor<131072x2xi32>) -> tensor<131072xf32>
    // expected-remark@+1 {{indices-prefetch=no}}
    %b = gather.gather_nd %big[%few] : (tensor<2048x1024xf32>, tensor<4096x2xi32>) -> tensor<4096xf32>
    // expected-remark@+1 {{indices-prefetch=no}}
    %c = gather.gather_nd %fits[%i] : (tensor<256x256xf32>, tensor<131072x2xi32>) -> tensor<131072xf32>
    // expected-remark@+1 {{indices-prefetch=no}}
    %d = gather.gather_nd %dyn[%i] : (tensor<?x1024xf32>, tensor<131072x2xi32>) -> tensor<131072xf32>
    // Elements: each table is a row of 4 MiB.
    // expected-remark@+1 {{copy=element checks=per-chunk chunk=128 unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=0 indices-prefetch=yes}}
    %e = gather.gather %rows[%j] axis = 1 : (tensor<4x1048576xf32>, tensor<262144xi32>) -> tensor<4x262144xf32>
    return
  }
}

// -----

module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">} {
  func.func @zen5_scalar_indices(%big: tensor<2048x1024xf32>, %rows: tensor<4x1048576xf32>, %i: tensor<131072x2xi32>, %j: tensor<262144xi32>, %k: tensor<262144xi64>) {
    // Pairs of i32: 8 bytes a position.
    // expected-remark@+1 {{indices-prefetch=no}}
    %a = gather.gather_nd %big[%i] : (tensor<2048x1024xf32>, tensor<131072x2xi32>) -> tensor<131072xf32>
    // expected-remark@+1 {{indices-prefetch=yes}}
    %e = gather.gather %rows[%j] axis = 1 : (tensor<4x1048576xf32>, tensor<262144xi32>) -> tensor<4x262144xf32>
    // expected-remark@+1 {{indices-prefetch=no}}
    %f = gather.gather %rows[%k] axis = 1 : (tensor<4x1048576xf32>, tensor<262144xi64>) -> tensor<4x262144xf32>
    return
  }
}

// -----

module {
  func.func @default_scalar_indices(%big: tensor<2048x1024xf32>, %i: tensor<131072x2xi32>) -> tensor<131072xf32> {
    // expected-remark@+1 {{indices-prefetch=no}}
    %a = gather.gather_nd %big[%i] : (tensor<2048x1024xf32>, tensor<131072x2xi32>) -> tensor<131072xf32>
    return %a : tensor<131072xf32>
  }
}
