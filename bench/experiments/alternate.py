"""Compares kernels of one bench/run.py case in alternating rounds.

Whole runs of bench/run.py move with this VM's neighbours by more than the
changes they are meant to judge (a case's ratio to the plain C++ loop moved
0.87-1.01x between processes of one run). Each variant here is its own
harness executable (its kernel, its own C++ loops on the same buffers), and
the variants run one after the other, round after round, so that a phase of
the machine hits them all. Each round prints generated / plain loop and
generated / prefetching loop; the last lines give the medians.

    bench/experiments/alternate.py rows_4KiB_random_f32_i32_l2_t1 \\
        --variant old=/tmp/gather-opt-old: --variant new=build/bin/gather-opt: \\
        --variant nopf=build/bin/gather-opt:prefetch-distance=0 --rounds 5

A variant is NAME=GATHER_OPT:PIPELINE_OPTIONS (options added to
`gather-cpu-pipeline=target-cpu=host`, the bench's own). The case's
kernel.mlir and case.h come from build/bench/<case> (run bench/run.py
once, e.g. with --cases, to create them); sorted cases and thread counts
follow the case name, as bench/run.py runs them.
"""
import argparse
import os
import statistics
import subprocess

from harness_link import ROOT, link_harness, run


def build(case_dir, name, gather_opt, options, work):
    """Lowers the case's kernel with `gather_opt` and links its harness."""
    threads = case_dir.rsplit("_t", 1)[1]
    pipeline = "target-cpu=host " + options
    if threads != "1":
        pipeline += f" num-threads={threads}"
    lowered = run([gather_opt, os.path.join(case_dir, "kernel.mlir"),
                   f"--gather-cpu-pipeline={pipeline}"],
                  capture_output=True).stdout
    return link_harness(lowered, case_dir, os.path.join(work, name))


def measure(exe, case):
    """One harness run of `case`: (generated / loop, generated / prefetch)."""
    threads = case.rsplit("_t", 1)[1]
    sorted_indices = "1" if "_sorted_" in case else "0"
    clock = "cpu" if threads == "1" else "wall"
    out = run([exe, threads, "5", "0.05", sorted_indices, clock],
              capture_output=True).stdout
    fields = dict(kv.split("=") for kv in out.split("RESULT ")[1].split())
    gen = float(fields["generated"])
    return (gen / float(fields["cpp_loop"]),
            gen / float(fields["cpp_prefetch"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("case", help="a directory name under build/bench")
    ap.add_argument("--variant", action="append", required=True,
                    help="NAME=GATHER_OPT:PIPELINE_OPTIONS (repeatable)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--work", default="/tmp/gather-alternate")
    args = ap.parse_args()
    case_dir = os.path.join(ROOT, "build", "bench", args.case)
    os.makedirs(args.work, exist_ok=True)
    exes = {}
    for spec in args.variant:
        name, rest = spec.split("=", 1)
        gather_opt, options = rest.split(":", 1)
        exes[name] = build(case_dir, name, gather_opt, options, args.work)
    ratios = {name: [] for name in exes}
    for round_ in range(args.rounds):
        for name, exe in exes.items():
            ratios[name].append(measure(exe, args.case))
            loop, pref = ratios[name][-1]
            print(f"round {round_} {name}: gen/loop {loop:.3f} "
                  f"gen/pref {pref:.3f}", flush=True)
    for name, values in ratios.items():
        print(f"median {name}: gen/loop "
              f"{statistics.median(v[0] for v in values):.3f} gen/pref "
              f"{statistics.median(v[1] for v in values):.3f}")


if __name__ == "__main__":
    main()
