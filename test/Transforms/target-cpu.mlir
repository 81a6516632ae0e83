// gather-target-cpu records the CPU as the module's llvm.target chip: the
// named one, or this machine's for host; an llvm.target's triple and
// features are kept; a name LLVM does not know for an x86 triple is an error.
//
// RUN: gather-opt %s --gather-target-cpu=cpu=znver5 --split-input-file | FileCheck %s
// RUN: gather-opt %s --gather-target-cpu --split-input-file | FileCheck %s --check-prefix=HOST
// RUN: gather-opt %s --gather-target-cpu=cpu=no-such-cpu --split-input-file -verify-diagnostics -o /dev/null
// RUN: gather-opt %s --gather-cpu-pipeline=target-cpu=sapphirerapids --split-input-file | FileCheck %s --check-prefix=PIPE
// RUN: not gather-opt %s --gather-cpu-pipeline=target-cpu=bogus --split-input-file 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: gather-target-cpu: 'bogus' is not a CPU that LLVM knows for

// CHECK: module attributes {llvm.target = #llvm.target<triple = "{{.+}}", chip = "znver5">}
// HOST: module attributes {llvm.target = #llvm.target<triple = "{{.+}}", chip = "{{.+}}">}
// PIPE: module attributes {llvm.target = #llvm.target<triple = "{{.+}}", chip = "sapphirerapids">}
// expected-error@+1 {{gather-target-cpu: 'no-such-cpu' is not a CPU that LLVM knows for}}
module {
  func.func @f() {
    return
  }
}

// -----

// CHECK: module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "znver5", features = <["+avx2"]>>}
// HOST: module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "{{.+}}", features = <["+avx2"]>>}
// expected-error@+1 {{gather-target-cpu: 'no-such-cpu' is not a CPU that LLVM knows for x86_64-unknown-linux-gnu}}
module attributes {llvm.target = #llvm.target<triple = "x86_64-unknown-linux-gnu", chip = "skylake", features = #llvm.target_features<["+avx2"]>>} {
  func.func @g() {
    return
  }
}

// -----

// Other architectures take any name (no parser to check it with here).
// CHECK: module attributes {llvm.target = #llvm.target<triple = "aarch64-unknown-linux-gnu", chip = "znver5">}
module attributes {llvm.target = #llvm.target<triple = "aarch64-unknown-linux-gnu", chip = "neoverse-v2">} {
  func.func @h() {
    return
  }
}
