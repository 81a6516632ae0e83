#!/usr/bin/python3
"""Peak memory of a gather from params past 2 GiB, on each lowering
(issue 15: "peak memory of a gather is params + indices + result").

The module fills a [rows, 64] f32 table (3.2 GB by default) in @main and
passes it to a function that gathers 4 rows of it (the table as a function
argument, as a user's model passes its embedding table), then prints one
gathered value. Each pipeline's output runs in mlir-runner; the table gives
the peak RSS (wait4), the params size and their ratio: 1.0x means no copy
of params was made.

Usage: bench/peak_memory.py [--rows 12500000] [--csv bench/results/peak_memory.csv]
"""

import argparse
import csv
import os
import subprocess
import sys
import tempfile

from compile_time import ROOT, LLVM_BIN, run

PIPELINES = [
    ("scf", "--gather-cpu-pipeline"),
    ("scf-2-threads", "--gather-cpu-pipeline=num-threads=2"),
    ("linalg", "--gather-cpu-pipeline=lowering=linalg"),
    ("gpu-host-only", "--gather-gpu-pipeline=host-only"),
]


def module(rows):
    return f"""
func.func @g(%p: tensor<?x64xf32>, %i: tensor<4xi32>) -> tensor<4x64xf32> {{
  %r = gather.gather %p[%i] : (tensor<?x64xf32>, tensor<4xi32>) -> tensor<4x64xf32>
  return %r : tensor<4x64xf32>
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
  %i = arith.constant dense<[0, {rows - 1}, 7, 3]> : tensor<4xi32>
  %r = func.call @g(%p, %i) : (tensor<?x64xf32>, tensor<4xi32>) -> tensor<4x64xf32>
  %x = tensor.extract %r[%c1, %c0] : tensor<4x64xf32>
  vector.print %x : f32
  return
}}
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=12_500_000)
    ap.add_argument("--gather-opt",
                    default=os.path.join(ROOT, "build", "bin", "gather-opt"))
    ap.add_argument("--csv", default=os.path.join(ROOT, "bench", "results",
                                                  "peak_memory.csv"))
    args = ap.parse_args()
    params_mib = args.rows * 64 * 4 / 2**20
    libs = ",".join(os.path.join(os.path.dirname(LLVM_BIN), "lib", lib)
                    for lib in ("libmlir_runner_utils.so",
                                "libmlir_c_runner_utils.so", "libomp.so"))
    rows = []
    with tempfile.TemporaryDirectory() as work:
        src = os.path.join(work, "peak.mlir")
        with open(src, "w") as f:
            f.write(module(args.rows))
        for name, pipeline in PIPELINES:
            lowered = os.path.join(work, f"{name}.mlir")
            subprocess.run([args.gather_opt, src, pipeline, "-o", lowered],
                           check=True)
            sec, _, mib = run([os.path.join(LLVM_BIN, "mlir-runner"), lowered,
                            "-e", "main", "-entry-point-result=void",
                            f"-shared-libs={libs}"])
            rows.append([name, f"{params_mib:.0f}", f"{mib:.0f}",
                         f"{mib / params_mib:.3f}", f"{sec:.2f}"])
    header = ["pipeline", "params_MiB", "peak_MiB", "peak_over_params",
              "seconds"]
    os.makedirs(os.path.dirname(args.csv), exist_ok=True)
    with open(args.csv, "w", newline="") as f:
        csv.writer(f).writerows([header] + rows)
    for row in [header] + rows:
        print("  ".join(row))
    print(f"wrote {args.csv}")


if __name__ == "__main__":
    sys.exit(main())
