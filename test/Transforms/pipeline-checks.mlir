// RUN: gather-opt %s -split-input-file -verify-diagnostics \
// RUN:   --gather-reject-nested-modules --gather-verify-lowered="allow=omp,gpu.binary pipeline=the-pipeline"

// Lowered: the LLVM dialect, nested modules of it, and what `allow` names.
module {
  module @lowered {
    llvm.func @f() {
      llvm.return
    }
  }
  gpu.binary @kernels [#gpu.object<#nvvm.target, "">]
  llvm.func @g() {
    omp.barrier
    llvm.return
  }
}

// -----

// A nested module the pipeline would half lower.
module {
  // expected-error@+1 {{nested 'builtin.module' holds 'func.return', which the pipeline does not lower in nested modules; lower that module on its own first}}
  module @inner {
    func.func @g() {
      // expected-note@+1 {{the op is here}}
      return
    }
  }
}

// -----

// Each op name left is named once, at its first occurrence.
// expected-error@+1 {{'func.func' on '(tf32, tf32) -> tf32' is left after the-pipeline: it is not in the LLVM dialect and the pipeline has no lowering for it here}}
func.func @g(%x: tf32, %y: tf32) -> tf32 {
  // expected-error@+1 {{'arith.addf' on 'tf32' is left after the-pipeline}}
  %r = arith.addf %x, %y : tf32
  %s = arith.addf %r, %y : tf32
  // expected-error@+1 {{'func.return' on 'tf32' is left after the-pipeline}}
  return %s : tf32
}
