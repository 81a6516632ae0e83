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
seconds, peak RSS (from wait4), and CPU milliseconds per gather. With
--repeats R each pair of compiles runs R times, interleaved, and each form
reports its run of least CPU time (this machine's speed drifts).

Usage: bench/compile_time.py [--counts 10,100,1000] [--mode error|zero|clamp]
                             [--repeats R]
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

TABLE = "tensor<1000x64xf32>"
IDS = "tensor<16xi32>"
OUT = "tensor<16x64xf32>"


def gather_body(k, mode):
    attrs = "" if mode == "error" else f" mode<{mode}>"
    return (f"  %r{k} = gather.gather %t[%i]{attrs} : ({TABLE}, {IDS}) "
            f"-> {OUT}\n")


def linalg_body(k):
    return f"""  %e{k} = tensor.empty() : {OUT}
  %r{k} = linalg.generic {{indexing_maps = [affine_map<(m, d) -> (m)>,
      affine_map<(m, d) -> (m, d)>],
      iterator_types = ["parallel", "parallel"]}}
      ins(%i : {IDS}) outs(%e{k} : {OUT}) {{
  ^bb0(%id: i32, %o: f32):
    %row = arith.index_cast %id : i32 to index
    %col = linalg.index 1 : index
    %v = tensor.extract %t[%row, %col] : {TABLE}
    linalg.yield %v : f32
  }} -> {OUT}
"""


def module(form, shape, n, mode):
    body = (lambda k: gather_body(k, mode)) if form == "gather" \
        else linalg_body
    sig = f"%t: {TABLE}, %i: {IDS}"
    if shape == "one":
        results = ", ".join(f"%r{k}" for k in range(n))
        types = ", ".join([OUT] * n)
        return (f"func.func @f({sig}) -> ({types}) {{\n"
                + "".join(body(k) for k in range(n))
                + f"  return {results} : {types}\n}}\n")
    return "".join(f"func.func @f{k}({sig}) -> {OUT} {{\n" + body(k)
                   + f"  return %r{k} : {OUT}\n}}\n" for k in range(n))


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


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--counts", default="10,100,1000")
    ap.add_argument("--shapes", default="one,many")
    ap.add_argument("--mode", default="error",
                    choices=["error", "zero", "clamp"])
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
           "upstream_ms_per", "ratio"]
    print("  ".join(hdr), flush=True)
    for shape in args.shapes.split(","):
        for n in (int(x) for x in args.counts.split(",")):
            cmds = {}
            for form in ("gather", "linalg"):
                src = os.path.join(args.work, f"{form}_{shape}_{n}.mlir")
                with open(src, "w") as f:
                    f.write(module(form, shape, n, args.mode))
                if form == "gather":
                    cmd = [args.gather_opt, src, "--gather-cpu-pipeline"]
                else:
                    cmd = [f"{LLVM_BIN}/mlir-opt", src, UPSTREAM]
                cmds[form] = cmd + ["-o", os.devnull]
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
                   f"{gc / uc:.2f}"]
            rows.append(row)
            print("  ".join(map(str, row)), flush=True)
    with open(args.csv, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(hdr)
        w.writerows(rows)
    print(f"wrote {args.csv}")


if __name__ == "__main__":
    main()
