#!/usr/bin/python3
"""Compile time of gather-opt --gather-cpu-pipeline against upstream mlir-opt
(issue 15).

For each N it writes two modules of N static gathers each
  - one function holding N gathers (`one`), and N functions of one gather
    each (`many`),
in two forms:
  - gather: `gather.gather %table[%ids]` (mode<error> by default, the op's
    default; --mode picks another), lowered with
    gather-opt --gather-cpu-pipeline;
  - linalg: the same gather as upstream writes it, a linalg.generic over the
    result whose body does tensor.extract from the table (no index check),
    lowered to LLVM with the upstream mlir-opt passes listed in UPSTREAM.
Each compile runs in its own process; the table gives wall and CPU
seconds, peak RSS (from wait4), CPU milliseconds per gather and KiB of
peak RSS per gather (above the peak of the same tool and pipeline on an
empty module: what starting the tool takes is no gather's). With
--repeats R each pair of compiles runs R times, interleaved, and each form
reports its run of least CPU time (this machine's speed drifts).

With --dynamic every dimension is dynamic (params tensor<?x?xf32>,
indices tensor<?xi32>).

Usage: bench/compile_time.py [--counts 10,100,1000] [--mode error|zero|clamp]
                             [--repeats R] [--dynamic]
                             [--csv bench/results/compile_time.csv]
"""

import argparse
import csv
import math
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LLVM_BIN = "/usr/lib/llvm-22/bin"
UPSTREAM = ("--pass-pipeline=builtin.module("
            "one-shot-bufferize{bufferize-function-boundaries},"
            "func.func(convert-linalg-to-loops),expand-strided-metadata,"
            "lower-affine,convert-scf-to-cf,finalize-memref-to-llvm,"
            "convert-arith-to-llvm,convert-index-to-llvm,convert-cf-to-llvm,"
            "convert-func-to-llvm,reconcile-unrealized-casts)")

# The operand and result types, static or (--dynamic) all dynamic.
TYPES = {
    False: ("tensor<1000x64xf32>", "tensor<16xi32>", "tensor<16x64xf32>"),
    True: ("tensor<?x?xf32>", "tensor<?xi32>", "tensor<?x?xf32>"),
}


def gather_body(k, mode, dynamic):
    table, ids, out = TYPES[dynamic]
    attrs = "" if mode == "error" else f" mode<{mode}>"
    return (f"  %r{k} = gather.gather %t[%i]{attrs} : ({table}, {ids}) "
            f"-> {out}\n")


def linalg_body(k, dynamic):
    table, ids, out = TYPES[dynamic]
    sizes = "%n, %d" if dynamic else ""
    return f"""  %e{k} = tensor.empty({sizes}) : {out}
  %r{k} = linalg.generic {{indexing_maps = [affine_map<(m, d) -> (m)>,
      affine_map<(m, d) -> (m, d)>],
      iterator_types = ["parallel", "parallel"]}}
      ins(%i : {ids}) outs(%e{k} : {out}) {{
  ^bb0(%id: i32, %o: f32):
    %row = arith.index_cast %id : i32 to index
    %col = linalg.index 1 : index
    %v = tensor.extract %t[%row, %col] : {table}
    linalg.yield %v : f32
  }} -> {out}
"""


def module(form, shape, n, mode, dynamic=False):
    table, ids, out = TYPES[dynamic]
    body = (lambda k: gather_body(k, mode, dynamic)) if form == "gather" \
        else (lambda k: linalg_body(k, dynamic))
    # The linalg form's result sizes, for tensor.empty.
    dims = ""
    if dynamic and form == "linalg":
        dims = (f"  %c0 = arith.constant 0 : index\n"
                f"  %c1 = arith.constant 1 : index\n"
                f"  %n = tensor.dim %i, %c0 : {ids}\n"
                f"  %d = tensor.dim %t, %c1 : {table}\n")
    sig = f"%t: {table}, %i: {ids}"
    if shape == "one":
        results = ", ".join(f"%r{k}" for k in range(n))
        types = ", ".join([out] * n)
        return (f"func.func @f({sig}) -> ({types}) {{\n" + dims
                + "".join(body(k) for k in range(n))
                + f"  return {results} : {types}\n}}\n")
    return "".join(f"func.func @f{k}({sig}) -> {out} {{\n" + dims + body(k)
                   + f"  return %r{k} : {out}\n}}\n" for k in range(n))


def run(cmd):
    """Wall seconds, CPU seconds (user + system: what a noisy machine
    disturbs least) and peak RSS (MiB) of cmd, its output discarded."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    sec = time.perf_counter() - start
    err = proc.stderr.read().decode()
    proc.stderr.close()
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        print(f"FAILED: {' '.join(cmd)}\n{err[:2000]}", file=sys.stderr)
        return float("nan"), float("nan"), float("nan")
    return sec, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0


def commands(form, src, gather_opt):
    """The compile of `src` in `form`, its output discarded."""
    if form == "gather":
        cmd = [gather_opt, src, "--gather-cpu-pipeline"]
    else:
        cmd = [f"{LLVM_BIN}/mlir-opt", src, UPSTREAM]
    return cmd + ["-o", os.devnull]


def empty_module_peaks(args):
    """Peak RSS (MiB) of each form's compile of an empty module, the least
    of five runs: the memory the tool takes to start and build its
    pipeline."""
    src = os.path.join(args.work, "empty.mlir")
    with open(src, "w") as f:
        f.write("module {}\n")
    peak = lambda form: run(commands(form, src, args.gather_opt))[2]  # noqa
    return {form: min(peak(form) for _ in range(5))
            for form in ("gather", "linalg")}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--counts", default="10,100,1000")
    ap.add_argument("--shapes", default="one,many")
    ap.add_argument("--mode", default="error",
                    choices=["error", "zero", "clamp"])
    ap.add_argument("--dynamic", action="store_true",
                    help="every dimension dynamic: tensor<?x?xf32> params, "
                    "tensor<?xi32> indices")
    ap.add_argument("--repeats", type=int, default=1,
                    help="compiles per form, interleaved; the least CPU "
                    "time is reported")
    ap.add_argument("--gather-opt",
                    default=os.path.join(ROOT, "build", "bin", "gather-opt"))
    ap.add_argument("--work", default=os.path.join(ROOT, "build",
                                                   "compile_time"))
    ap.add_argument("--csv", default=os.path.join(HERE, "results",
                                                  "compile_time.csv"))
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    os.makedirs(os.path.dirname(args.csv), exist_ok=True)
    rows = []
    hdr = ["shape", "n", "gather_s", "gather_cpu_s", "gather_MiB",
           "upstream_s", "upstream_cpu_s", "upstream_MiB", "gather_ms_per",
           "upstream_ms_per", "ratio", "gather_KiB_per", "upstream_KiB_per"]
    base = empty_module_peaks(args)
    print("  ".join(hdr), flush=True)
    for shape in args.shapes.split(","):
        for n in (int(x) for x in args.counts.split(",")):
            cmds = {}
            for form in ("gather", "linalg"):
                kind = "dynamic" if args.dynamic else "static"
                src = os.path.join(args.work,
                                   f"{form}_{kind}_{shape}_{n}.mlir")
                with open(src, "w") as f:
                    f.write(module(form, shape, n, args.mode, args.dynamic))
                cmds[form] = commands(form, src, args.gather_opt)
            runs = {form: [] for form in cmds}
            for _ in range(max(args.repeats, 1)):
                for form, cmd in cmds.items():
                    runs[form].append(run(cmd))
            # The run of least CPU time (nan, a failed run, never wins).
            best = {form: min(r, key=lambda x: (math.isnan(x[1]), x[1]))
                    for form, r in runs.items()}
            (gs, gc, gm), (us, uc, um) = best["gather"], best["linalg"]
            # Per gather and the ratio from CPU seconds.
            row = [shape, n, f"{gs:.3f}", f"{gc:.3f}", f"{gm:.0f}",
                   f"{us:.3f}", f"{uc:.3f}", f"{um:.0f}",
                   f"{1e3 * gc / n:.2f}", f"{1e3 * uc / n:.2f}",
                   f"{gc / uc:.2f}",
                   f"{1024 * max(gm - base['gather'], 0) / n:.1f}",
                   f"{1024 * max(um - base['linalg'], 0) / n:.1f}"]
            rows.append(row)
            print("  ".join(map(str, row)), flush=True)
    with open(args.csv, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(hdr)
        w.writerows(rows)
    print(f"wrote {args.csv}")


if __name__ == "__main__":
    main()
