#!/usr/bin/python3
"""Peak memory of a gather from params past 2 GiB, on each lowering
(issue 15: "peak memory of a gather is params + indices + result").

The module fills a [rows, 64] f32 table (3.2 GB by default) in @main and
passes it to a function that gathers `--gathered-rows` rows of it (4 by
default; the table as a function argument, as a user's model passes its
embedding table), then prints one gathered value (exact: rows < 2^24). The indices are built in
@main too (row i * 7919 mod rows, and the last row). Each pipeline's output
runs in mlir-runner; the table gives the peak RSS (wait4), the params size,
their ratio (1.0x: no copy of params was made) and the peak over params +
indices + result (the bound the issue asks for; the rest is mlir-runner
itself, about 100 MiB).

Usage: bench/peak_memory.py [--rows 12500000] [--gathered-rows 4]
                            [--csv bench/results/peak_memory.csv]
"""

import argparse
import csv
import os
import subprocess
import sys
import tempfile
import time

from compile_time import ROOT, LLVM_BIN


def run(cmd):
    """Wall seconds, stdout and peak RSS (MiB, from wait4) of cmd; exits
    on failure."""
    with tempfile.TemporaryFile("w+") as out, \
            tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        sec = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"FAILED: {' '.join(cmd)}\n{err.read()[:2000]}")
        return sec, out.read(), usage.ru_maxrss / 1024.0


PIPELINES = [
    ("scf", "--gather-cpu-pipeline"),
    ("scf-2-threads", "--gather-cpu-pipeline=num-threads=2"),
    ("linalg", "--gather-cpu-pipeline=lowering=linalg"),
    ("gpu-host-only", "--gather-gpu-pipeline=host-only"),
]


def module(rows, gathered):
    return f"""
func.func @g(%p: tensor<?x64xf32>, %i: tensor<{gathered}xi32>) -> tensor<{gathered}x64xf32> {{
  %r = gather.gather %p[%i] : (tensor<?x64xf32>, tensor<{gathered}xi32>) -> tensor<{gathered}x64xf32>
  return %r : tensor<{gathered}x64xf32>
}}
func.func @main() {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant {rows} : index
  %e = tensor.empty(%n) : tensor<?x64xf32>
  %p = linalg.generic {{indexing_maps = [affine_map<(a, b) -> (a, b)>],
                        iterator_types = ["parallel", "parallel"]}}
      outs(%e : tensor<?x64xf32>) {{
  ^bb0(%o: f32):
    %a = linalg.index 0 : index
    %ai = arith.index_cast %a : index to i32
    %af = arith.sitofp %ai : i32 to f32
    linalg.yield %af : f32
  }} -> tensor<?x64xf32>
  %ie = tensor.empty() : tensor<{gathered}xi32>
  %i = linalg.generic {{indexing_maps = [affine_map<(a) -> (a)>],
                        iterator_types = ["parallel"]}}
      outs(%ie : tensor<{gathered}xi32>) {{
  ^bb0(%o: i32):
    %a = linalg.index 0 : index
    %last = arith.constant {gathered - 1} : index
    %m = arith.constant 7919 : index
    %rm1 = arith.constant {rows - 1} : index
    %am = arith.muli %a, %m : index
    %row = arith.remui %am, %n : index
    %isLast = arith.cmpi eq, %a, %last : index
    %pick = arith.select %isLast, %rm1, %row : index
    %pi = arith.index_cast %pick : index to i32
    linalg.yield %pi : i32
  }} -> tensor<{gathered}xi32>
  %r = func.call @g(%p, %i) : (tensor<?x64xf32>, tensor<{gathered}xi32>) -> tensor<{gathered}x64xf32>
  %last = arith.constant {gathered - 1} : index
  %x = tensor.extract %r[%last, %c0] : tensor<{gathered}x64xf32>
  %xi = arith.fptosi %x : f32 to i64
  vector.print %xi : i64
  return
}}
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=12_500_000)
    ap.add_argument("--gathered-rows", type=int, default=4)
    ap.add_argument("--gather-opt",
                    default=os.path.join(ROOT, "build", "bin", "gather-opt"))
    ap.add_argument("--csv", default=os.path.join(ROOT, "bench", "results",
                                                  "peak_memory.csv"))
    args = ap.parse_args()
    params_mib = args.rows * 64 * 4 / 2**20
    result_mib = args.gathered_rows * 64 * 4 / 2**20
    indices_mib = args.gathered_rows * 4 / 2**20
    inputs_mib = params_mib + result_mib + indices_mib
    libs = ",".join(os.path.join(os.path.dirname(LLVM_BIN), "lib", lib)
                    for lib in ("libmlir_runner_utils.so",
                                "libmlir_c_runner_utils.so", "libomp.so"))
    rows = []
    with tempfile.TemporaryDirectory() as work:
        src = os.path.join(work, "peak.mlir")
        with open(src, "w") as f:
            f.write(module(args.rows, args.gathered_rows))
        for name, pipeline in PIPELINES:
            lowered = os.path.join(work, f"{name}.mlir")
            subprocess.run([args.gather_opt, src, pipeline, "-o", lowered],
                           check=True)
            sec, out, mib = run([os.path.join(LLVM_BIN, "mlir-runner"),
                                 lowered, "-e", "main",
                                 "-entry-point-result=void",
                                 f"-shared-libs={libs}"])
            # The last index is the table's last row, whose values are its
            # row number: a wrong gather does not pass unseen.
            if int(out.split()[-1]) != args.rows - 1:
                sys.exit(f"{name}: printed {out.split()[-1]}, "
                         f"expected {args.rows - 1}")
            rows.append([name, f"{params_mib:.0f}", f"{mib:.0f}",
                         f"{mib / params_mib:.3f}", f"{sec:.2f}",
                         f"{result_mib:.1f}", f"{mib / inputs_mib:.3f}"])
    header = ["pipeline", "params_MiB", "peak_MiB", "peak_over_params",
              "seconds", "result_MiB", "peak_over_params_indices_result"]
    os.makedirs(os.path.dirname(args.csv), exist_ok=True)
    with open(args.csv, "w", newline="") as f:
        csv.writer(f).writerows([header] + rows)
    for row in [header] + rows:
        print("  ".join(row))
    print(f"wrote {args.csv}")


if __name__ == "__main__":
    sys.exit(main())
