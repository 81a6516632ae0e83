#!/usr/bin/python3
"""Checks that keep params offsets in vectors: hand-written variants.

Builds hand-written kernels of `nd_full_f32_i64_l2` (gather_nd of f32
scalars, params 256 x 256, 65536 pairs of i64 indices; L2-resident params)
in which each group of G positions is checked in vectors: one load of the
group's 2G components, two shuffles, the bound tests and the params offsets
in the same vectors; the copies take each offset from the vector (no
buffer). Variants:

  groups8_pipelined   G = 8, the check of group n + 1 ahead of the copies
                      of group n (the offsets carried in the loop): what
                      the lowering emits since stop 40 on Zen
                      (CPUTargetDescription::offsetVectorPositions)
  groups16_pipelined  the same with G = 16
  groups16            G = 16, each group checked right before its copies

Each is linked into the benchmark harness in place of the generated kernel
and timed against the harness's C++ loop in the same process, alternating.
Stop 40 (Zen 5 VM): groups8_pipelined 1.00-1.04x the plain loop,
groups16_pipelined 0.97-1.07x, groups16 0.95-0.99x; stop 30's chunks of 256
through a stack buffer 0.92-0.96x. These kernels store each element with a
scalar store: their arguments are not `noalias`, which is all that keeps
LLVM's SLP vectorizer from packing the copies into a vector gather; the
lowering writes each group with one vector store instead
(docs/performance-history.md, "Stop 40").

Needs `bench/run.py --cases '^nd_full_f32_i64_l2$'` to have run once (for
build/bench/nd_full_f32_i64_l2_t1/case.h) and build/bin/gather-opt.
"""
import os
import sys

from harness_link import ROOT, link_harness, run, run_harness

CASE = os.path.join(ROOT, "build", "bench", "nd_full_f32_i64_l2_t1")
GATHER_OPT = os.path.join(ROOT, "build", "bin", "gather-opt")
M = 65536


def check(groups, lo, name):
    """The check of the group at position `lo`: %{name}offs, %{name}bad."""
    lanes = [", ".join(str(2 * p + k) for p in range(groups))
             for k in range(2)]
    vec, half = f"vector<{2 * groups}xi64>", f"vector<{groups}xi64>"
    return f"""
    %{name}base = arith.muli {lo}, %c2 : index
    %{name}v = vector.load %fi[%{name}base] : memref<{2 * M}xi64>, {vec}
    %{name}a = vector.shuffle %{name}v, %{name}v [{lanes[0]}] : {vec}, {vec}
    %{name}b = vector.shuffle %{name}v, %{name}v [{lanes[1]}] : {vec}, {vec}
    %{name}ba = arith.cmpi uge, %{name}a, %bound : {half}
    %{name}bb = arith.cmpi uge, %{name}b, %bound : {half}
    %{name}bab = arith.ori %{name}ba, %{name}bb : vector<{groups}xi1>
    %{name}bad = vector.reduction <or>, %{name}bab : vector<{groups}xi1> into i1
    %{name}as = arith.shli %{name}a, %shift : {half}
    %{name}offs = arith.addi %{name}as, %{name}b : {half}"""


def copies(groups, offsets, lo, name):
    """The copies of the group at `lo`, unless it was bad (exit(1))."""
    body = "".join(f"""
      %{name}o{p} = vector.extract {offsets}[{p}] : i64 from vector<{groups}xi64>
      %{name}x{p} = arith.index_cast %{name}o{p} : i64 to index
      %{name}e{p} = memref.load %fp[%{name}x{p}] : memref<{M}xf32>
      %{name}d{p} = arith.addi {lo}, %k{p} : index
      memref.store %{name}e{p}, %out[%{name}d{p}] : memref<{M}xf32>"""
                   for p in range(groups))
    return f"""
    scf.if %{name}isbad {{
      func.call @exit(%c1i) : (i32) -> ()
    }} else {{{body}
    }}"""


def kernel(groups, pipelined):
    consts = "".join(f"\n  %k{p} = arith.constant {p} : index"
                     for p in range(groups))
    head = f"""func.func private @exit(i32)
func.func @kernel(%p: memref<256x256xf32>, %i: memref<{M}x2xi64>,
                  %out: memref<{M}xf32>) attributes {{llvm.emit_c_interface}} {{
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1i = arith.constant 1 : i32
  %cG = arith.constant {groups} : index
  %cM = arith.constant {M} : index
  %cLast = arith.constant {M - groups} : index
  %bound = arith.constant dense<256> : vector<{groups}xi64>
  %shift = arith.constant dense<8> : vector<{groups}xi64>{consts}
  %fp = memref.collapse_shape %p [[0, 1]] : memref<256x256xf32> into memref<{M}xf32>
  %fi = memref.collapse_shape %i [[0, 1]] : memref<{M}x2xi64> into memref<{2 * M}xi64>"""
    vtype = f"vector<{groups}xi64>"
    if not pipelined:
        return head + f"""
  scf.for %lo = %c0 to %cM step %cG {{{check(groups, "%lo", "q")}
    %isbad = arith.ori %qbad, %qbad : i1{copies(groups, "%qoffs", "%lo", "")}
  }}
  return
}}
"""
    return head + check(groups, "%c0", "f") + f"""
  %r:2 = scf.for %lo = %c0 to %cLast step %cG
      iter_args(%offs = %foffs, %bad = %fbad) -> ({vtype}, i1) {{
    %next = arith.addi %lo, %cG : index{check(groups, "%next", "q")}
    %isbad = arith.ori %bad, %bad : i1{copies(groups, "%offs", "%lo", "")}
    scf.yield %qoffs, %qbad : {vtype}, i1
  }}
  %lisbad = arith.ori %r#1, %r#1 : i1{copies(groups, "%r#0", "%cLast", "l")}
  return
}}
"""


VARIANTS = {"groups8_pipelined": (8, True), "groups16_pipelined": (16, True),
            "groups16": (16, False)}


def main():
    if not os.path.exists(os.path.join(CASE, "case.h")):
        sys.exit("run bench/run.py --cases '^nd_full_f32_i64_l2$' first")
    work = os.path.join(ROOT, "build", "bench", "offset_vectors")
    os.makedirs(work, exist_ok=True)
    exes = {}
    for name, (groups, pipelined) in VARIANTS.items():
        base = os.path.join(work, name)
        with open(base + ".mlir", "w") as f:
            f.write(kernel(groups, pipelined))
        lowered = run([GATHER_OPT, base + ".mlir", "--gather-cpu-pipeline"],
                      capture_output=True).stdout
        link_harness(lowered, CASE, base)
        exes[name] = base
    for _ in range(3):
        for name, exe in exes.items():
            out = run_harness(exe)
            fields = dict(kv.split("=") for kv in out.split()[1:])
            ratio = float(fields["generated"]) / float(fields["cpp_loop"])
            print(f"{name:20s} {ratio:.3f}x the C++ loop  {out}")


if __name__ == "__main__":
    main()
