#!/usr/bin/env python3
"""Vocabulary-parallel embedding on MPI processes: bench/mpi/README.md.

For each configuration (vocabulary V, hidden size H, tokens T), one module
holds three functions of the same clamp-mode embedding gather
(tensor<VxHxf32>[tensor<Txi64>] -> tensor<TxHxf32>):

  vocab_parallel    table rows split over a grid of 2, ids replicated: each
                    process gathers from its rows, one all_reduce (sum);
  all_gather_table  the same split table first gathered whole to every
                    process (shard.all_gather), then a local gather;
  whole_table       no sharding: one process holding the whole table.

Each is lowered with gather-opt --gather-mpi-pipeline, translated, compiled
with clang -O3 with driver.c and run with mpiexec (2 processes, 1 for
whole_table), once with glibc's default malloc and once with
GLIBC_TUNABLES=glibc.malloc.hugetlb=1 (transparent huge pages for large
allocations: far fewer page faults on the buffers each call allocates).
MPI_Allreduce and MPI_Allgather rows time the library calls alone (the
communication floors of vocab_parallel and all_gather_table). Writes
bench/results/mpi.csv and bench/results/mpi.md.
"""

import argparse
import csv
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LLVM = "/usr/lib/llvm-22"

CONFIGS = [
    # (vocab, hidden, tokens)
    (32000, 64, 1024),
    (32000, 1024, 1024),
    (8192, 256, 8192),
]

FUNC = """
  func.func @{name}(%table: tensor<{v}x{h}xf32>, %ids: tensor<{t}xi64>) -> tensor<{t}x{h}xf32>
      attributes {{llvm.emit_c_interface}} {{
{body}
  }}"""

SHARDED = """    %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
    %rep = shard.sharding @grid split_axes = [[]] : !shard.sharding
    %split = shard.shard %table to %rows : tensor<{v}x{h}xf32>
{extra}    %i = shard.shard %ids to %rep : tensor<{t}xi64>
    %e = gather.gather %{src}[%i] mode<clamp> : (tensor<{v}x{h}xf32>, tensor<{t}xi64>) -> tensor<{t}x{h}xf32>
    %out = shard.shard %e to %rep : tensor<{t}x{h}xf32>
    return %out : tensor<{t}x{h}xf32>"""

WHOLE = """    %e = gather.gather %table[%ids] mode<clamp> : (tensor<{v}x{h}xf32>, tensor<{t}xi64>) -> tensor<{t}x{h}xf32>
    return %e : tensor<{t}x{h}xf32>"""


def module(v, h, t):
    gathered = ("    %whole = shard.shard %split to %rep annotate_for_users"
                f" : tensor<{v}x{h}xf32>\n")
    funcs = [
        FUNC.format(name="vocab_parallel", v=v, h=h, t=t,
                    body=SHARDED.format(v=v, h=h, t=t, extra="", src="split")),
        FUNC.format(name="all_gather_table", v=v, h=h, t=t,
                    body=SHARDED.format(v=v, h=h, t=t, extra=gathered,
                                        src="whole")),
        FUNC.format(name="whole_table", v=v, h=h, t=t,
                    body=WHOLE.format(v=v, h=h, t=t)),
    ]
    return ('module attributes {dlti.map = #dlti.map<"MPI:Implementation" = '
            '"MPICH">} {\n  shard.grid @grid(shape = 2) '
            '{sym_visibility = "private"}' + "".join(funcs) + "\n}\n")


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def build(v, h, t, work):
    os.makedirs(work, exist_ok=True)
    src = os.path.join(work, "embedding.mlir")
    open(src, "w").write(module(v, h, t))
    lowered = run([os.path.join(ROOT, "build/bin/gather-opt"), src,
                   "--gather-mpi-pipeline"]).stdout
    open(os.path.join(work, "embedding.llvm.mlir"), "w").write(lowered)
    ll = os.path.join(work, "embedding.ll")
    run([f"{LLVM}/bin/mlir-translate", "--mlir-to-llvmir", "-o", ll],
        input=lowered)
    flags = run(["mpicc", "-show"]).stdout.split()
    mpi = [f for f in flags if f.startswith(("-I", "-L", "-l"))]
    exe = os.path.join(work, "bench.exe")
    run([f"{LLVM}/bin/clang", "-O3", "-march=native", "-Wno-override-module",
         "-rdynamic", ll, os.path.join(ROOT, "bench/mpi/driver.c"), *mpi,
         f"-L{LLVM}/lib", "-lmlir_c_runner_utils", f"-Wl,-rpath,{LLVM}/lib",
         "-o", exe])
    return exe


def measure(exe, entry, processes, v, h, t, split, iterations, hugetlb):
    env = ["-genv", "GLIBC_TUNABLES", "glibc.malloc.hugetlb=1"] if hugetlb else []
    out = run(["mpiexec", "-n", str(processes), *env, exe, entry, str(v),
               str(h), str(t), str(split), str(iterations)]).stdout
    m = re.search(r"median_ms=([\d.]+) min_ms=([\d.]+) checked=(\w+)", out)
    if not m or m.group(3) != "ok":
        sys.exit(f"{entry}: {out}")
    return float(m.group(1)), float(m.group(2))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=30,
                        help="timed calls per run (after one warm-up call)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="runs of every variant; the best is kept")
    args = parser.parse_args()
    rows = []
    for v, h, t in CONFIGS:
        work = os.path.join(ROOT, "build/bench/mpi", f"v{v}_h{h}_t{t}")
        exe = build(v, h, t, work)
        table, result = v * h * 4, t * h * 4
        variants = [("whole_table", 1, 0), ("vocab_parallel", 2, 1),
                    ("all_gather_table", 2, 1), ("MPI_Allreduce", 2, 1),
                    ("MPI_Allgather", 2, 1)]
        # Rounds over all variants in turn, so that a burst of load on the
        # (shared) machine hits them alike; each variant keeps its best
        # round (lowest median).
        best = {}
        for _ in range(args.rounds):
            for entry, n, split in variants:
                for hugetlb in (False, True):
                    median, low = measure(exe, entry, n, v, h, t, split,
                                          args.iterations, hugetlb)
                    key = (entry, hugetlb)
                    if key not in best or median < best[key][0]:
                        best[key] = (median, low)
        for entry, n, split in variants:
            # Bytes each process sends (ring algorithms, n = 2): an
            # all_reduce of the result sends 2 (n - 1) / n of it; an
            # all_gather of the table sends (n - 1) / n of it.
            sent = {"whole_table": 0, "vocab_parallel": result,
                    "all_gather_table": table // 2, "MPI_Allreduce": result,
                    "MPI_Allgather": table // 2}[entry]
            rows.append(dict(vocab=v, hidden=h, tokens=t, variant=entry,
                             processes=n, table_MiB=round(table / 2**20, 2),
                             result_MiB=round(result / 2**20, 2),
                             sent_MiB_per_process=round(sent / 2**20, 2),
                             median_ms=best[(entry, False)][0],
                             min_ms=best[(entry, False)][1],
                             median_ms_hugetlb=best[(entry, True)][0]))
            print(rows[-1], flush=True)
    out = os.path.join(ROOT, "bench/results")
    with open(os.path.join(out, "mpi.csv"), "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    with open(os.path.join(out, "mpi.md"), "w") as f:
        f.write("| V x H, T | variant | processes | table MiB | result MiB "
                "| sent MiB / process | median ms | min ms "
                "| median ms, hugetlb |\n"
                "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: "
                "| ---: |\n")
        for r in rows:
            f.write(f"| {r['vocab']} x {r['hidden']}, {r['tokens']} | "
                    f"{r['variant']} | {r['processes']} | {r['table_MiB']} | "
                    f"{r['result_MiB']} | {r['sent_MiB_per_process']} | "
                    f"{r['median_ms']:.3f} | {r['min_ms']:.3f} | "
                    f"{r['median_ms_hugetlb']:.3f} |\n")


if __name__ == "__main__":
    main()
