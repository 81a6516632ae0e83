// The lowering plan of each op (LoweringPlan.h), printed as a remark by
// print-plan: what the emitter builds and why, from the op's geometry and
// mode, the pass options and the target description.
//
// slice-versions-max-bytes=0: a dynamic slice width gets its one lowering
// here (its versions for static widths: slice-versions.mlir).
//
// RUN: gather-opt %s --convert-gather-to-scf="print-plan slice-versions-max-bytes=0" --split-input-file -verify-diagnostics -o /dev/null
// RUN: gather-opt %s --convert-gather-to-scf="print-plan parallel slice-versions-max-bytes=0" --split-input-file 2>&1 -o /dev/null | FileCheck %s --check-prefix=PAR
// RUN: gather-opt %s --convert-gather-to-scf="print-plan slice-versions-max-bytes=0" --split-input-file 2>&1 -o /dev/null | FileCheck %s --check-prefix=SEQ

// Rows of 256 B in error mode: chunks of 128 positions (1024 with threads
// and for element copies) checked before their copies; 2 KiB of rows ahead =
// 8 positions of slice prefetch; small static indices are not prefetched.
func.func @rows_error(%p: tensor<100x64xf32>, %i: tensor<200xi32>) -> tensor<200x64xf32> {
  // expected-remark@+1 {{lowering plan: loops=1 copy=slice checks=per-chunk chunk=128 unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=8 into=l1 indices-prefetch=no}}
  %r = gather.gather %p[%i] : (tensor<100x64xf32>, tensor<200xi32>) -> tensor<200x64xf32>
  return %r : tensor<200x64xf32>
}
// PAR: loops=1 copy=slice checks=per-chunk chunk=1024 {{.*}} threads=over-chunks

// -----

// A small gather (at most 64 copies, small-gathers.mlir): flagged copies,
// no slice prefetch (it cost 20 % on 16 rows of 256 B).
func.func @rows_error_small(%p: tensor<100x64xf32>, %i: tensor<20xi32>) -> tensor<20x64xf32> {
  // expected-remark@+1 {{lowering plan: loops=1 copy=slice checks=flagged unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=0 indices-prefetch=no}}
  %r = gather.gather %p[%i] : (tensor<100x64xf32>, tensor<20xi32>) -> tensor<20x64xf32>
  return %r : tensor<20x64xf32>
}
// PAR: loops=1 copy=slice checks=per-chunk chunk=1024 {{.*}} threads=over-chunks

// -----

// Elements with an outer loop and indices that stay in cache: checked once,
// up front; elements are copied as values; dynamic indices would be
// prefetched, these are static and small.
func.func @elements_outer(%p: tensor<3x100xf32>, %i: tensor<50xi32>) -> tensor<3x50xf32> {
  // expected-remark@+1 {{lowering plan: loops=2 copy=element checks=up-front chunk=1024 unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=0 indices-prefetch=no}}
  %r = gather.gather %p[%i] axis = 1 : (tensor<3x100xf32>, tensor<50xi32>) -> tensor<3x50xf32>
  return %r : tensor<3x50xf32>
}
// PAR: loops=2 copy=element checks=per-chunk chunk=1024 {{.*}} threads=over-outermost

// -----

// A copy loop of one element that LLVM does not vectorize (i8): indices
// that L1 holds (1 KiB) are checked once, up front; larger ones (64 KiB,
// under half of L2) per chunk, whose check brings them into L1 for the
// copies. f32 copies are vectorized: checked once at any size under L2/2.
func.func @scalar_loop_check(%p: tensor<4x65536xi8>, %small: tensor<256xi32>, %large: tensor<16384xi32>, %f: tensor<4x16384xf32>) -> (tensor<4x256xi8>, tensor<4x16384xi8>, tensor<4x16384xf32>) {
  // expected-remark@+1 {{copy=element checks=up-front chunk=1024}}
  %s = gather.gather %p[%small] axis = 1 : (tensor<4x65536xi8>, tensor<256xi32>) -> tensor<4x256xi8>
  // expected-remark@+1 {{copy=element checks=per-chunk chunk=1024}}
  %l = gather.gather %p[%large] axis = 1 : (tensor<4x65536xi8>, tensor<16384xi32>) -> tensor<4x16384xi8>
  // expected-remark@+1 {{copy=element checks=up-front chunk=1024}}
  %v = gather.gather %f[%large] axis = 1 : (tensor<4x16384xf32>, tensor<16384xi32>) -> tensor<4x16384xf32>
  return %s, %l, %v : tensor<4x256xi8>, tensor<4x16384xi8>, tensor<4x16384xf32>
}

// -----

// The L1 size comes from the module's DLTI "CPU" device spec: with 128 KiB
// of L1, 64 KiB of indices are checked once.
module attributes {dlti.target_system_spec = #dlti.target_system_spec<"CPU" = #dlti.target_device_spec<"L1_cache_size_in_bytes" = 131072 : i64>>} {
  func.func @scalar_loop_l1(%p: tensor<4x65536xi8>, %i: tensor<16384xi32>) -> tensor<4x16384xi8> {
    // expected-remark@+1 {{copy=element checks=up-front}}
    %r = gather.gather %p[%i] axis = 1 : (tensor<4x65536xi8>, tensor<16384xi32>) -> tensor<4x16384xi8>
    return %r : tensor<4x16384xi8>
  }
}

// -----

// With threads, elements of at most 8 rows (static) and a position loop of
// at least two chunks (or dynamic): the rows in sequence, each row's chunks
// over the threads. 9 rows, or a dynamic row count: the rows over the
// threads.
func.func @elements_few_rows(%p: tensor<8x100xf32>, %i: tensor<2048xi32>, %d: tensor<?xi32>, %p9: tensor<9x100xf32>, %pd: tensor<?x100xf32>) -> (tensor<8x2048xf32>, tensor<8x?xf32>, tensor<9x2048xf32>, tensor<?x2048xf32>) {
  // expected-remark@+1 {{threads=none}}
  %a = gather.gather %p[%i] axis = 1 : (tensor<8x100xf32>, tensor<2048xi32>) -> tensor<8x2048xf32>
  // expected-remark@+1 {{threads=none}}
  %b = gather.gather %p[%d] axis = 1 : (tensor<8x100xf32>, tensor<?xi32>) -> tensor<8x?xf32>
  // expected-remark@+1 {{threads=none}}
  %c = gather.gather %p9[%i] axis = 1 : (tensor<9x100xf32>, tensor<2048xi32>) -> tensor<9x2048xf32>
  // expected-remark@+1 {{threads=none}}
  %e = gather.gather %pd[%i] axis = 1 : (tensor<?x100xf32>, tensor<2048xi32>) -> tensor<?x2048xf32>
  return %a, %b, %c, %e : tensor<8x2048xf32>, tensor<8x?xf32>, tensor<9x2048xf32>, tensor<?x2048xf32>
}
// PAR: loops=2 copy=element checks=per-chunk chunk=1024 {{.*}} threads=over-chunks
// PAR: loops=2 copy=element checks=per-chunk chunk=1024 {{.*}} threads=over-chunks
// PAR: loops=2 copy=element checks=per-chunk chunk=1024 {{.*}} threads=over-outermost
// PAR: loops=2 copy=element checks=per-chunk chunk=1024 {{.*}} threads=over-outermost

// -----

// With threads, any number of rows (dynamic too; batch rows too) whose
// position loop has at least 2^18 static positions: each row's chunks over
// the threads, which then share one params row. One position fewer: the
// rows over the threads.
func.func @elements_long_rows(%p: tensor<16x100xf32>, %i: tensor<262144xi32>, %pd: tensor<?x100xf32>, %ib: tensor<16x262144xi64>, %s: tensor<262143xi32>) -> (tensor<16x262144xf32>, tensor<?x262144xf32>, tensor<16x262144xf32>, tensor<16x262143xf32>) {
  // expected-remark@+1 {{threads=none}}
  %a = gather.gather %p[%i] axis = 1 : (tensor<16x100xf32>, tensor<262144xi32>) -> tensor<16x262144xf32>
  // expected-remark@+1 {{threads=none}}
  %b = gather.gather %pd[%i] axis = 1 : (tensor<?x100xf32>, tensor<262144xi32>) -> tensor<?x262144xf32>
  // expected-remark@+1 {{threads=none}}
  %c = gather.gather %p[%ib] axis = 1 batch_dims = 1 : (tensor<16x100xf32>, tensor<16x262144xi64>) -> tensor<16x262144xf32>
  // expected-remark@+1 {{threads=none}}
  %e = gather.gather %p[%s] axis = 1 : (tensor<16x100xf32>, tensor<262143xi32>) -> tensor<16x262143xf32>
  return %a, %b, %c, %e : tensor<16x262144xf32>, tensor<?x262144xf32>, tensor<16x262144xf32>, tensor<16x262143xf32>
}
// PAR: loops=2 copy=element {{.*}} threads=over-chunks
// PAR: loops=2 copy=element {{.*}} threads=over-chunks
// PAR: loops=2 copy=element {{.*}} threads=over-chunks
// PAR: loops=2 copy=element {{.*}} threads=over-outermost

// -----

// Chunks checked per visit of their indices, where the loops of outer params
// dimensions (between the batch and the gathered one) run in sequence around
// the position loop, each coordinate reading the same indices: checked only
// at outer coordinates 0, then only once a check found a bad index
// (repeated-indices=checked-once), with or without batch dimensions around
// them. Not with batch dimensions alone (each batch row has indices of its
// own), nor with the rows over the threads (no first visit comes first).
func.func @repeated_indices(%p: tensor<4x65536xi8>, %i: tensor<16384xi32>, %pb: tensor<4x3x100xf32>, %ib: tensor<4x262144xi32>, %p4: tensor<4x100xf32>, %p16: tensor<16x100xf32>, %is: tensor<262143xi32>) -> (tensor<4x16384xi8>, tensor<4x3x262144xf32>, tensor<4x262144xf32>, tensor<16x262143xf32>) {
  // SEQ: :[[@LINE+3]]:8: remark: {{.*}} threads=none {{.*}} repeated-indices=checked-once{{$}}
  // PAR: :[[@LINE+2]]:8: remark: {{.*}} threads=over-chunks {{.*}} repeated-indices=checked-once{{$}}
  // expected-remark@+1 {{threads=none slice-prefetch=0 indices-prefetch=no vectorize=no stream-dense=no repeated-indices=checked-once}}
  %a = gather.gather %p[%i] axis = 1 : (tensor<4x65536xi8>, tensor<16384xi32>) -> tensor<4x16384xi8>
  // SEQ: :[[@LINE+3]]:8: remark: {{.*}} threads=none {{.*}} repeated-indices=checked-once{{$}}
  // PAR: :[[@LINE+2]]:8: remark: {{.*}} threads=over-chunks {{.*}} repeated-indices=checked-once{{$}}
  // expected-remark@+1 {{loops=3 copy=element checks=per-chunk chunk=1024 unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=0 indices-prefetch=no vectorize=yes stream-dense=no repeated-indices=checked-once}}
  %b = gather.gather %pb[%ib] axis = 2 batch_dims = 1 : (tensor<4x3x100xf32>, tensor<4x262144xi32>) -> tensor<4x3x262144xf32>
  // SEQ: :[[@LINE+3]]:8: remark: {{.*}} threads=none {{.*}} stream-dense=no{{$}}
  // PAR: :[[@LINE+2]]:8: remark: {{.*}} threads=over-chunks {{.*}} stream-dense=no{{$}}
  // expected-remark@+1 {{loops=2 copy=element checks=per-chunk chunk=1024}}
  %c = gather.gather %p4[%ib] axis = 1 batch_dims = 1 : (tensor<4x100xf32>, tensor<4x262144xi32>) -> tensor<4x262144xf32>
  // SEQ: :[[@LINE+3]]:8: remark: {{.*}} threads=none {{.*}} repeated-indices=checked-once{{$}}
  // PAR: :[[@LINE+2]]:8: remark: {{.*}} threads=over-outermost {{.*}} stream-dense=no{{$}}
  // expected-remark@+1 {{threads=none slice-prefetch=0 indices-prefetch=no vectorize=yes stream-dense=no repeated-indices=checked-once}}
  %e = gather.gather %p16[%is] axis = 1 : (tensor<16x100xf32>, tensor<262143xi32>) -> tensor<16x262143xf32>
  return %a, %b, %c, %e : tensor<4x16384xi8>, tensor<4x3x262144xf32>, tensor<4x262144xf32>, tensor<16x262143xf32>
}

// -----

// A target whose L2 holds less than the indices (DLTI): checked per chunk.
module attributes {dlti.target_system_spec = #dlti.target_system_spec<"CPU" = #dlti.target_device_spec<"L2_cache_size_in_bytes" = 128 : i64>>} {
  func.func @elements_outer_small_l2(%p: tensor<3x100xf32>, %i: tensor<50xi32>) -> tensor<3x50xf32> {
    // expected-remark@+1 {{lowering plan: loops=2 copy=element checks=per-chunk}}
    %r = gather.gather %p[%i] axis = 1 : (tensor<3x100xf32>, tensor<50xi32>) -> tensor<3x50xf32>
    return %r : tensor<3x50xf32>
  }
}

// -----

// f16 elements are copied as one-element slices (in chunks of element
// copies, 1024 positions); zero mode resolves per
// chunk with a bad index; wrap mode copies good chunks wrapping negative
// indices.
func.func @modes(%p: tensor<100xf16>, %i: tensor<?xi64>) -> (tensor<?xf16>, tensor<?xf16>) {
  // expected-remark@+1 {{lowering plan: loops=1 copy=slice checks=per-chunk chunk=1024 unchecked=error resolving=zero threads=none}}
  %z = gather.gather %p[%i] mode<zero> : (tensor<100xf16>, tensor<?xi64>) -> tensor<?xf16>
  // expected-remark@+1 {{lowering plan: loops=1 copy=slice checks=per-chunk chunk=1024 unchecked=wrap resolving=wrap reported-reads-as=zero}}
  %w = gather.gather %p[%i] mode<wrap> : (tensor<100xf16>, tensor<?xi64>) -> tensor<?xf16>
  return %z, %w : tensor<?xf16>, tensor<?xf16>
}

// -----

// Complex elements (no zero attribute): a reported index reads as clamp mode.
// A single index vector (no position loop): checked up front.
func.func @complex_nd(%p: tensor<4x3xcomplex<f32>>, %i: tensor<2xi32>) -> tensor<complex<f32>> {
  // expected-remark@+1 {{lowering plan: loops=0 copy=element checks=up-front unchecked=error resolving=error reported-reads-as=clamp threads=none slice-prefetch=0}}
  %r = gather.gather_nd %p[%i] : (tensor<4x3xcomplex<f32>>, tensor<2xi32>) -> tensor<complex<f32>>
  return %r : tensor<complex<f32>>
}

// -----

// Scalar copies of elements of at least 32 bits from params of at most
// 32 MiB (static) may be vectorized by LLVM; i8 elements, larger or dynamic
// params, and slices may not.
func.func @vectorize(%small: tensor<4x1000xf32>, %bytes: tensor<4x1000xi8>, %large: tensor<4x4194304xf32>, %dyn: tensor<4x?xf32>, %rows: tensor<100x64xf32>, %i: tensor<50xi32>) -> (tensor<4x50xf32>, tensor<4x50xi8>, tensor<4x50xf32>, tensor<4x50xf32>, tensor<50x64xf32>) {
  // expected-remark@+1 {{copy=element checks=per-chunk chunk=1024 unchecked=error resolving=clamp threads=none slice-prefetch=0 indices-prefetch=no vectorize=yes}}
  %a = gather.gather %small[%i] axis = 1 mode<clamp> : (tensor<4x1000xf32>, tensor<50xi32>) -> tensor<4x50xf32>
  // expected-remark@+1 {{vectorize=no}}
  %b = gather.gather %bytes[%i] axis = 1 mode<clamp> : (tensor<4x1000xi8>, tensor<50xi32>) -> tensor<4x50xi8>
  // expected-remark@+1 {{vectorize=no}}
  %c = gather.gather %large[%i] axis = 1 mode<clamp> : (tensor<4x4194304xf32>, tensor<50xi32>) -> tensor<4x50xf32>
  // expected-remark@+1 {{vectorize=no}}
  %d = gather.gather %dyn[%i] axis = 1 mode<clamp> : (tensor<4x?xf32>, tensor<50xi32>) -> tensor<4x50xf32>
  // expected-remark@+1 {{copy=slice checks=per-copy unchecked=error resolving=clamp threads=none slice-prefetch=0 indices-prefetch=no vectorize=no}}
  %e = gather.gather %rows[%i] mode<clamp> : (tensor<100x64xf32>, tensor<50xi32>) -> tensor<50x64xf32>
  return %a, %b, %c, %d, %e : tensor<4x50xf32>, tensor<4x50xi8>, tensor<4x50xf32>, tensor<4x50xf32>, tensor<50x64xf32>
}

// -----

// Slices are prefetched into L1 (locality 3) from static params that fit in
// L2 (1 MiB by default), into L2 only (locality 2) from larger or
// dynamically sized params (CPUTargetDescription::getRowPrefetchLocality).
func.func @prefetch_level(%fits: tensor<4096x64xf32>, %large: tensor<4097x64xf32>, %dyn: tensor<?x64xf32>, %i: tensor<200xi32>) -> (tensor<200x64xf32>, tensor<200x64xf32>, tensor<200x64xf32>) {
  // expected-remark@+1 {{threads=none slice-prefetch=8 into=l1 indices-prefetch=no}}
  %a = gather.gather %fits[%i] : (tensor<4096x64xf32>, tensor<200xi32>) -> tensor<200x64xf32>
  // expected-remark@+1 {{threads=none slice-prefetch=8 into=l2 indices-prefetch=no}}
  %b = gather.gather %large[%i] : (tensor<4097x64xf32>, tensor<200xi32>) -> tensor<200x64xf32>
  // expected-remark@+1 {{threads=none slice-prefetch=8 into=l2 indices-prefetch=no}}
  %c = gather.gather %dyn[%i] : (tensor<?x64xf32>, tensor<200xi32>) -> tensor<200x64xf32>
  return %a, %b, %c : tensor<200x64xf32>, tensor<200x64xf32>, tensor<200x64xf32>
}

// -----

// The bound follows the target's L2 (DLTI): 4 MiB of params fit in an L2 of
// 8 MiB.
module attributes {dlti.target_system_spec = #dlti.target_system_spec<"CPU" = #dlti.target_device_spec<"L2_cache_size_in_bytes" = 8388608 : i64>>} {
  func.func @prefetch_level_large_l2(%p: tensor<16384x64xf32>, %i: tensor<200xi32>) -> tensor<200x64xf32> {
    // expected-remark@+1 {{slice-prefetch=8 into=l1}}
    %r = gather.gather %p[%i] : (tensor<16384x64xf32>, tensor<200xi32>) -> tensor<200x64xf32>
    return %r : tensor<200x64xf32>
  }
}

// -----

// Slices under a cache line (elements, rows of 16 B) are prefetched 64
// positions ahead, into L2, from static params larger than L2; not from
// params that fit in L2, nor from dynamically sized ones.
func.func @sub_line_prefetch(%big: tensor<4x1048576xf32>, %rows: tensor<100000x4xf32>, %small: tensor<4x1000xf32>, %dyn: tensor<4x?xf32>, %i: tensor<200xi32>) -> (tensor<4x200xf32>, tensor<200x4xf32>, tensor<4x200xf32>, tensor<4x200xf32>) {
  // expected-remark@+1 {{copy=element checks=up-front chunk=1024 unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=64 into=l2 indices-prefetch=no}}
  %a = gather.gather %big[%i] axis = 1 : (tensor<4x1048576xf32>, tensor<200xi32>) -> tensor<4x200xf32>
  // expected-remark@+1 {{copy=slice checks=per-chunk chunk=128 unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=64 into=l2}}
  %b = gather.gather %rows[%i] : (tensor<100000x4xf32>, tensor<200xi32>) -> tensor<200x4xf32>
  // expected-remark@+1 {{threads=none slice-prefetch=0 indices-prefetch=no}}
  %c = gather.gather %small[%i] axis = 1 : (tensor<4x1000xf32>, tensor<200xi32>) -> tensor<4x200xf32>
  // expected-remark@+1 {{threads=none slice-prefetch=0 indices-prefetch=no}}
  %d = gather.gather %dyn[%i] axis = 1 : (tensor<4x?xf32>, tensor<200xi32>) -> tensor<4x200xf32>
  return %a, %b, %c, %d : tensor<4x200xf32>, tensor<200x4xf32>, tensor<4x200xf32>, tensor<4x200xf32>
}

// -----

// What L2 must hold is the table that one position loop reads (params from
// the gathered dimension on), not all of params: with outer or batch
// dimensions, each loop over the positions reads one table in turn. 16 MiB
// of params in tables of 256 KiB get no sub-line prefetch, and rows from a
// table of 1 MiB in 64 MiB of params are prefetched into L1; tables beyond
// L2 keep the prefetches into L2.
func.func @prefetch_per_table(%outer: tensor<64x65536xf32>, %batch: tensor<4x1048576xf32>, %rows: tensor<64x4096x64xf32>, %big_rows: tensor<4x4097x64xf32>, %i: tensor<200xi32>, %bi: tensor<64x200xi32>, %bi4: tensor<4x200xi32>) {
  // expected-remark@+1 {{threads=none slice-prefetch=0 indices-prefetch=no}}
  %a = gather.gather %outer[%i] axis = 1 : (tensor<64x65536xf32>, tensor<200xi32>) -> tensor<64x200xf32>
  // expected-remark@+1 {{threads=none slice-prefetch=0 indices-prefetch=no}}
  %b = gather.gather %outer[%bi] axis = 1 batch_dims = 1 : (tensor<64x65536xf32>, tensor<64x200xi32>) -> tensor<64x200xf32>
  // expected-remark@+1 {{threads=none slice-prefetch=64 into=l2 indices-prefetch=no}}
  %c = gather.gather %batch[%bi4] axis = 1 batch_dims = 1 : (tensor<4x1048576xf32>, tensor<4x200xi32>) -> tensor<4x200xf32>
  // expected-remark@+1 {{threads=none slice-prefetch=8 into=l1 indices-prefetch=no}}
  %d = gather.gather %rows[%bi] axis = 1 batch_dims = 1 : (tensor<64x4096x64xf32>, tensor<64x200xi32>) -> tensor<64x200x64xf32>
  // expected-remark@+1 {{threads=none slice-prefetch=8 into=l2 indices-prefetch=no}}
  %e = gather.gather %big_rows[%bi4] axis = 1 batch_dims = 1 : (tensor<4x4097x64xf32>, tensor<4x200xi32>) -> tensor<4x200x64xf32>
  return
}

// -----

// Chunks of rows of 16 or 32 B test whether their indices are dense (and
// then stream their stores, stream-dense-chunks.mlir) where the result is at
// least 32 MiB (a dynamically sized result chooses between the two plans
// at run time by its size); not for smaller results, rows of 64 B
// (whole lines stream anyway), rows of 8 B, or gather_nd's index vectors.
// Rows prefetched from params beyond L2 are not prefetched in a dense chunk.
func.func @stream_dense(%p: tensor<1000x4xf32>, %p8: tensor<1000x8xf32>,
                        %p16: tensor<1000x16xf32>, %p2: tensor<1000x2xf32>,
                        %pnd: tensor<10x100x4xf32>,
                        %pbig: tensor<16777216x4xf32>,
                        %big: tensor<2097152xi32>, %small: tensor<2097151xi32>,
                        %dyn: tensor<?xi32>, %ind: tensor<2097152x2xi32>) {
  // expected-remark@+1 {{stream-dense=yes}}
  %a = gather.gather %p[%big] : (tensor<1000x4xf32>, tensor<2097152xi32>) -> tensor<2097152x4xf32>
  // expected-remark@+1 {{stream-dense=no}}
  %b = gather.gather %p[%small] : (tensor<1000x4xf32>, tensor<2097151xi32>) -> tensor<2097151x4xf32>
  // expected-remark@+2 {{lowering plan for results of at least 33554432 B: loops=1 copy=slice checks=per-chunk chunk=128 unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=0 indices-prefetch=yes vectorize=no stream-dense=yes}}
  // expected-remark@+1 {{lowering plan for smaller results: loops=1 copy=slice checks=per-chunk chunk=128 unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=0 indices-prefetch=yes vectorize=no stream-dense=no}}
  %c = gather.gather %p[%dyn] : (tensor<1000x4xf32>, tensor<?xi32>) -> tensor<?x4xf32>
  // expected-remark@+1 {{stream-dense=yes}}
  %d = gather.gather %p8[%big] : (tensor<1000x8xf32>, tensor<2097152xi32>) -> tensor<2097152x8xf32>
  // expected-remark@+1 {{stream-dense=no}}
  %e = gather.gather %p16[%big] : (tensor<1000x16xf32>, tensor<2097152xi32>) -> tensor<2097152x16xf32>
  // expected-remark@+1 {{stream-dense=no}}
  %f = gather.gather %p2[%big] : (tensor<1000x2xf32>, tensor<2097152xi32>) -> tensor<2097152x2xf32>
  // expected-remark@+1 {{stream-dense=no}}
  %g = gather.gather_nd %pnd[%ind] : (tensor<10x100x4xf32>, tensor<2097152x2xi32>) -> tensor<2097152x4xf32>
  // expected-remark@+2 {{lowering plan for results of at least 33554432 B: loops=1 copy=slice checks=per-chunk chunk=128 unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=64 into=l2 indices-prefetch=yes vectorize=no stream-dense=yes dense-prefetch=no}}
  // expected-remark@+1 {{lowering plan for smaller results: loops=1 copy=slice checks=per-chunk chunk=128 unchecked=error resolving=error reported-reads-as=zero threads=none slice-prefetch=64 into=l2 indices-prefetch=yes vectorize=no stream-dense=no}}
  %h = gather.gather %pbig[%dyn] : (tensor<16777216x4xf32>, tensor<?xi32>) -> tensor<?x4xf32>
  return
}
// PAR-LABEL: stream-dense=yes

// -----

// Slices of 4 KiB and more: prefetched (their first 4 KiB, 2 positions
// ahead) from params beyond L2 while under 64 KiB; not from L2-resident
// params (1 MiB by default) nor at 64 KiB, which the hardware prefetcher
// follows. A slice of dynamic size has its distance computed at run time.
func.func @prefetch_large_slices(%fits: tensor<64x1024xf32>, %large: tensor<1024x1024xf32>, %huge: tensor<64x16384xf32>, %dyn: tensor<?x?xf32>, %i: tensor<200xi32>) -> (tensor<200x1024xf32>, tensor<200x1024xf32>, tensor<200x16384xf32>, tensor<200x?xf32>) {
  // expected-remark@+1 {{threads=none slice-prefetch=0 indices-prefetch=no}}
  %a = gather.gather %fits[%i] : (tensor<64x1024xf32>, tensor<200xi32>) -> tensor<200x1024xf32>
  // expected-remark@+1 {{threads=none slice-prefetch=2 into=l2 indices-prefetch=no}}
  %b = gather.gather %large[%i] : (tensor<1024x1024xf32>, tensor<200xi32>) -> tensor<200x1024xf32>
  // expected-remark@+1 {{threads=none slice-prefetch=0 indices-prefetch=no}}
  %c = gather.gather %huge[%i] : (tensor<64x16384xf32>, tensor<200xi32>) -> tensor<200x16384xf32>
  // expected-remark@+1 {{threads=none slice-prefetch=run-time into=l2 indices-prefetch=no}}
  %d = gather.gather %dyn[%i] : (tensor<?x?xf32>, tensor<200xi32>) -> tensor<200x?xf32>
  return %a, %b, %c, %d : tensor<200x1024xf32>, tensor<200x1024xf32>, tensor<200x16384xf32>, tensor<200x?xf32>
}
