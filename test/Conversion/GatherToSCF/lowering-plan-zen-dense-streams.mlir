// On AMD Zen, prefetched rows of 4 KiB and more stream (nontemporal stores)
// only in chunks whose indices are dense (CPUTargetDescription::
// denseOnlyStreamMinBytes): random rows with streaming stores on top of
// their prefetches ran slower than with plain ones. Zen prefetches no such
// rows by itself (lowering-plan-target-cpu.mlir), so only an explicit
// prefetch-distance reaches the rule; other chips stream in every chunk.
//
// RUN: gather-opt %s --convert-gather-to-scf="print-plan prefetch-distance=2" --split-input-file -verify-diagnostics -o /dev/null

// Into a result of at least 32 MiB: dense-only streams; a smaller one does
// not stream; a dynamically sized one chooses at run time by its size.
module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5">} {
  func.func @zen(%p: tensor<4096x1024xf32>, %big: tensor<8192xi32>, %small: tensor<8191xi32>, %dyn: tensor<?xi32>) {
    // expected-remark@+1 {{slice-prefetch=2 into=l1 indices-prefetch=no vectorize=no stream-dense=only}}
    %a = gather.gather %p[%big] : (tensor<4096x1024xf32>, tensor<8192xi32>) -> tensor<8192x1024xf32>
    // expected-remark@+1 {{slice-prefetch=2 into=l1 indices-prefetch=no vectorize=no stream-dense=no}}
    %b = gather.gather %p[%small] : (tensor<4096x1024xf32>, tensor<8191xi32>) -> tensor<8191x1024xf32>
    // expected-remark@+2 {{lowering plan for results of at least 33554432 B: loops=1 copy=slice checks=per-chunk chunk=128 unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=2 into=l1 indices-prefetch=yes vectorize=no stream-dense=only}}
    // expected-remark@+1 {{lowering plan for smaller results: loops=1 copy=slice checks=per-chunk chunk=128 unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=2 into=l1 indices-prefetch=yes vectorize=no stream-dense=no}}
    %c = gather.gather %p[%dyn] : (tensor<4096x1024xf32>, tensor<?xi32>) -> tensor<?x1024xf32>
    return
  }
}

// -----

module {
  func.func @default(%p: tensor<4096x1024xf32>, %big: tensor<8192xi32>) -> tensor<8192x1024xf32> {
    // expected-remark@+1 {{slice-prefetch=2 into=l2 indices-prefetch=no vectorize=no stream-dense=no}}
    %a = gather.gather %p[%big] : (tensor<4096x1024xf32>, tensor<8192xi32>) -> tensor<8192x1024xf32>
    return %a : tensor<8192x1024xf32>
  }
}
