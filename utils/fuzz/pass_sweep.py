#!/usr/bin/env python3
"""Every pass gather-opt registers, run alone on gather ops: no crash.

Inputs are the test suite's own gather ops: each `// -----` chunk of a test
file under test/ that holds a gather op and expects no diagnostic (tensor and
buffer forms, dynamic shapes, gather_nd, batch_dims, ops around gathers, GPU
and shard modules). Every pass and pipeline that `gather-opt --help` lists is
run alone on each chosen chunk (no options: a pass that needs one must say so
in a diagnostic), and each input once with --verify-roundtrip (which must
succeed). A run passes when gather-opt exits 0, or 1 with a diagnostic; it
fails on a signal, an assertion, "LLVM ERROR", a sanitizer report, a stack
dump or a hang. Upstream passes are not ours to fix, but they must not crash
on our ops: a failure is a bug in an interface our ops implement, or in the
op.

Usage: pass_sweep.py --gather-opt PATH [--tests DIR] [--chunks N] [--seed S]
                     [--passes REGEX] [--per-pass K] [--pre PASS] [--jobs J]
With --pre, each input is first lowered by that pass of ours (e.g.
convert-gather-to-scf): the sweep then runs upstream passes on our output.
With --per-pass K, each pass runs on K of the inputs, taken in turn, so that
every pass and every input runs at least once in about K x passes runs (the
lit test's bounded form); without it, every pass runs on every input.
Prints one line per failure (pass, input chunk, first line of the error) and
a summary; exits 1 when anything failed. Crashes of upstream passes that
upstream mlir-opt reproduces without a gather op (KNOWN_UPSTREAM) are listed
apart and do not fail. The full sweep (328 passes x 99 inputs, 37 minutes on
2 cores, 2026-11-28) and the sweeps after each lowering (--pre, 6 inputs per
pass) found no other crash.
"""

import argparse
import concurrent.futures
import os
import random
import re
import subprocess
import sys
import tempfile

GATHER_OP = re.compile(r"gather\.(gather|gather_nd)\b")
# A sanitizer report exits 1 like a diagnostic: its text tells them apart.
CRASH_MARKS = ("Stack dump", "PLEASE submit", "LLVM ERROR", "Assertion",
               "UNREACHABLE", "Sanitizer", "runtime error:")

# Crashes of upstream passes on upstream ops of a test input, each reproduced
# with upstream mlir-opt on a few lines without any gather op: (pass, input
# file, what crashes). They are reported, and do not fail the sweep.
KNOWN_UPSTREAM = [
    (r"int-range-optimizations|arith-int-range-narrowing|"
     r"arith-unsigned-when-equivalent", "Integration/CPU/outlined-gathers.mlir",
     "arith::ConstantOp::inferResultRanges on `dense<> : tensor<0xi32>` "
     "cast to tensor<?xi32> and passed to a call"),
    (r"flatten-memref", "Integration/CPU/surrounding-ops.mlir",
     "vector.transfer_read of a tensor"),
    (r"scf-forall-to-for", "Integration/CPU/bufferized.mlir",
     "an scf.forall with shared_outs: the pass leaves uses of its results "
     "without a definition (null types), and printing them crashes"),
    # Error mode's lowerings declare printf, fflush and _Exit as llvm.func.
    (r"xegpu-propagate-layout", "", "any llvm.func (setFunctionType)"),
    (r"remove-dead-values", "Integration/CPU/seed-examples.mlir",
     "after convert-gather-to-scf: the pass leaves an scf.for bound that is "
     "a null value, which its canonicalization reads (constantTripCount); "
     "mlir-opt crashes the same on the lowered file, all upstream ops"),
]


def known_upstream(pass_name, input_name):
    for passes, path, why in KNOWN_UPSTREAM:
        if re.fullmatch(passes, pass_name) and input_name.startswith(path):
            return why
    return None


def list_passes(gather_opt):
    """Pass and pipeline flags from --help (the 6-space indented ones)."""
    out = subprocess.run([gather_opt, "--help"], capture_output=True,
                         text=True, check=True).stdout
    passes, seen = [], set()
    started = False
    for line in out.splitlines():
        if line.strip() == "Passes:":
            started = True
            continue
        m = re.match(r"^      --([a-z0-9][a-z0-9-]*)\s", line)
        if started and m and m.group(1) not in seen:
            seen.add(m.group(1))
            passes.append(m.group(1))
    return passes


def gather_chunks(tests_dir):
    """(name, text) of each chunk with a gather op and no expected error."""
    chunks = []
    for root, _, files in os.walk(tests_dir):
        for f in sorted(files):
            if not f.endswith(".mlir"):
                continue
            path = os.path.join(root, f)
            with open(path) as fh:
                text = fh.read()
            for k, chunk in enumerate(re.split(r"^// -----\s*$", text,
                                               flags=re.M)):
                if GATHER_OP.search(chunk) and "expected-" not in chunk:
                    rel = os.path.relpath(path, tests_dir)
                    chunks.append((f"{rel}#{k}", chunk))
    return sorted(chunks)


def choose(chunks, count, rng):
    """At least one chunk per test file, then random ones up to count."""
    by_file = {}
    for name, text in chunks:
        by_file.setdefault(name.split("#")[0], []).append((name, text))
    chosen = [rng.choice(v) for v in by_file.values()]
    rest = [c for c in chunks if c not in chosen]
    rng.shuffle(rest)
    chosen += rest[:max(0, count - len(chosen))]
    return chosen


# Not a pass: every input must print and parse back, in the custom and the
# generic form, to the same IR (a diagnostic here is a failure too).
ROUNDTRIP = "verify-roundtrip"


def run_one(gather_opt, pass_name, path, timeout):
    extra = ["--allow-unregistered-dialect"] if pass_name == ROUNDTRIP else []
    try:
        p = subprocess.run([gather_opt, f"--{pass_name}", path, "-o",
                            os.devnull] + extra, capture_output=True,
                           text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "hang"
    ok = (0,) if pass_name == ROUNDTRIP else (0, 1)
    crashed = p.returncode not in ok or any(
        m in p.stderr for m in CRASH_MARKS)
    if not crashed:
        return None
    for line in p.stderr.splitlines():
        if any(m in line for m in CRASH_MARKS) or "error" in line:
            return f"rc {p.returncode}: {line.strip()[:160]}"
    return f"rc {p.returncode}"


def lower_first(args, inputs, paths):
    """The inputs after `gather-opt --<pre>` (--pre): what upstream passes
    meet after one of our lowerings. Inputs the lowering rejects are left
    out (their diagnostics are the lowering's tests' business)."""
    kept, kept_paths, failures = [], [], []
    for (name, _), path in zip(inputs, paths):
        lowered = path + ".lowered.mlir"
        p = subprocess.run([args.gather_opt, f"--{args.pre}", path, "-o",
                            lowered], capture_output=True, text=True,
                           timeout=args.timeout)
        if p.returncode == 0:
            kept.append((f"{name} after --{args.pre}", ""))
            kept_paths.append(lowered)
        elif p.returncode != 1 or any(m in p.stderr for m in CRASH_MARKS):
            failures.append((args.pre, name, f"rc {p.returncode}"))
    return kept, kept_paths, failures


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gather-opt", required=True)
    ap.add_argument("--tests", default=os.path.join(
        os.path.dirname(__file__), "..", "..", "test"))
    ap.add_argument("--chunks", type=int, default=0,
                    help="inputs (0: one per test file)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--passes", default="", help="regex selecting passes")
    ap.add_argument("--per-pass", type=int, default=0,
                    help="inputs per pass, in turn (0: all)")
    ap.add_argument("--pre", default="",
                    help="a gather-opt pass flag without its dashes, run on "
                    "each input first (convert-gather-to-scf, "
                    "'gather-cpu-pipeline=num-threads=2', ...)")
    ap.add_argument("--verbose", action="store_true",
                    help="print each failure as it happens")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=float, default=60)
    args = ap.parse_args()

    passes = [p for p in list_passes(args.gather_opt)
              if re.search(args.passes, p)]
    inputs = choose(gather_chunks(args.tests), args.chunks,
                    random.Random(args.seed))
    failures = []
    with tempfile.TemporaryDirectory() as tmp, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        paths = []
        for k, (name, text) in enumerate(inputs):
            paths.append(os.path.join(tmp, f"in{k}.mlir"))
            with open(paths[-1], "w") as fh:
                fh.write(text)
        if args.pre:
            inputs, paths, failures = lower_first(args, inputs, paths)
        runs = [(p, k) for p in passes for k in range(len(inputs))]
        if args.per_pass:
            per = max(args.per_pass, -(-len(inputs) // max(1, len(passes))))
            runs = [(p, (n * per + j) % len(inputs))
                    for n, p in enumerate(passes) for j in range(per)]
        runs += [(ROUNDTRIP, k) for k in range(len(inputs))]
        jobs = {}
        for p, k in runs:
            fut = pool.submit(run_one, args.gather_opt, p, paths[k],
                              args.timeout)
            jobs[fut] = (p, inputs[k][0])
        for fut in concurrent.futures.as_completed(jobs):
            if fut.result():
                failures.append((*jobs[fut], fut.result()))
                if args.verbose:
                    print("failed: --%s on %s: %s" % failures[-1], flush=True)
    upstream = [f for f in failures if known_upstream(f[0], f[1])]
    failures = [f for f in failures if f not in upstream]
    for p, name, why in sorted(upstream):
        print(f"UPSTREAM --{p} on {name}: {known_upstream(p, name)}")
    for p, name, why in sorted(failures):
        print(f"FAIL --{p} on {name}: {why}")
    print(f"{len(passes)} passes, {len(inputs)} inputs, {len(runs)} runs, "
          f"{len(upstream)} known upstream crashes, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
