#!/usr/bin/python3
"""Differential test of fused embedding bags against numpy.

Draws random embedding bags (a gather, then a linalg reduction over the
gathered index positions: utils/difftest/bags.py), writes them in batches as
MLIR programs, lowers each batch on several paths (the CPU pipeline tuned for
several chips, the tile-and-fuse form instead of the bag loops, narrow
register blocks, no prefetch, ...), runs them with mlir-runner and compares
every printed result with the numpy reference. Error-mode cases with an
out-of-bounds index run alone and must stop naming it. See README.md.
"""

import argparse
import os
import random
import re
import shlex
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bags  # noqa: E402
import difftest  # noqa: E402

BATCH_CASES = 30
BATCH_ELEMENTS = 8000

# name: gather-opt arguments. Each lowers the same programs another way.
DEFAULT_PATHS = {
    "default": ["--gather-cpu-pipeline"],
    "linalg": ["--gather-cpu-pipeline=lowering=linalg"],
    "znver4": ["--gather-cpu-pipeline=target-cpu=znver4"],
    "znver5": ["--gather-cpu-pipeline=target-cpu=znver5"],
    "skylake": ["--gather-cpu-pipeline=target-cpu=skylake-avx512"],
    "tile-and-fuse": ["--gather-fuse-reductions=bag-loops=false",
                      "--gather-cpu-pipeline"],
    "narrow-blocks": [
        "--gather-fuse-reductions=register-accumulator-max-bytes=8",
        "--gather-cpu-pipeline"],
    "no-prefetch": ["--gather-cpu-pipeline=prefetch-distance=0"],
}


class Outcome:
    def __init__(self, case, path, problem=None, program=None):
        self.case, self.path = case, path
        self.problem, self.program = problem, program


class Tester:
    def __init__(self, tools, workdir, fault):
        self.tools, self.workdir, self.fault = tools, workdir, fault

    def _write(self, name, cases):
        text, op_lines = bags.program(cases)
        if self.fault:
            # The injected fault: max and min trade places in the program,
            # and weights and matrices are added instead of multiplied.
            text = text.replace("arith.maximumf", "arith.tmp").replace(
                "arith.minimumf", "arith.maximumf").replace(
                "arith.tmp", "arith.minimumf").replace(
                "arith.mulf %x, %w", "arith.addf %x, %w")
        file = os.path.join(self.workdir, name + ".mlir")
        with open(file, "w") as f:
            f.write(text)
        return file, text, op_lines

    def run_single(self, case, path):
        file, text, op_lines = self._write(f"{case.name}.{path.name}",
                                           [case])
        run = self.tools.run(path, file)
        if case.bad:
            problem = check_error_run(case, run, op_lines[case.number])
        elif not run.ok:
            problem = run.describe()
        else:
            printed = difftest.parse_output(run.stdout)
            problem = (_compare(case, printed[0]) if len(printed) == 1
                       else f"printed {len(printed)} results, expected 1:\n"
                       + run.describe())
        return Outcome(case, path, problem, text)

    def run_batch(self, batch, path):
        """Runs a batch; a failing batch is bisected down to its culprits."""
        name = f"batch_{batch[0].number}_{len(batch)}.{path.name}"
        file, _, _ = self._write(name, batch)
        run = self.tools.run(path, file)
        printed = difftest.parse_output(run.stdout) if run.ok else []
        if not run.ok or len(printed) != len(batch):
            if len(batch) == 1:
                return [self.run_single(batch[0], path)]
            half = len(batch) // 2
            return (self.run_batch(batch[:half], path) +
                    self.run_batch(batch[half:], path))
        return [Outcome(c, path) if _compare(c, p) is None
                else self.run_single(c, path)
                for c, p in zip(batch, printed)]


def _compare(case, printed):
    shape, tokens = printed
    want = case.expected
    if shape != want.shape:
        return f"result shape {list(shape)}, expected {list(want.shape)}"
    return bags.compare(case, want, tokens)


def check_error_run(case, run, op_line):
    """A bad index in error mode: the program stops before printing, with
    a message naming the index, its bound and the gather's line."""
    err = case.expected
    text = run.stderr + run.stdout
    if run.tool == "gather-opt":
        return "gather-opt failed:\n" + run.describe()
    if run.rc == 0 or "Unranked Memref" in run.stdout:
        return ("the program did not stop before printing; expected an "
                f"error for index {err.value}:\n" + run.describe())
    named = re.search(r"index (-?\d+) is out of bounds \[0, (\d+)\)", text)
    if not named or (int(named.group(1)), int(named.group(2))) != \
            (err.value, err.bound):
        return (f"the error does not name index {err.value} and bound "
                f"{err.bound}:\n" + run.describe())
    if not re.search(rf":{op_line}:", text):
        return f"the error does not name line {op_line}:\n" + run.describe()
    return None


def make_batches(cases):
    batches, current, elements = [], [], 0
    for c in cases:
        size = c.table.size + c.indices.size + 2 * c.expected.size
        if current and (len(current) == BATCH_CASES or
                        elements + size > BATCH_ELEMENTS):
            batches.append(current)
            current, elements = [], 0
        current.append(c)
        elements += size
    return batches + ([current] if current else [])


def draw_cases(seed, count, only):
    filters = [tuple(f.split("=", 1)) for f in only or []]
    cases, n = [], 0
    while len(cases) < count and n < max(count, 1) * 1000:
        c = bags.generate_case(seed, n)
        if all(f in c.categories() for f in filters):
            c.expected = bags.expected(c)
            cases.append(c)
        n += 1
    return cases


def report(outcome, tools, keep):
    c = outcome.case
    file = os.path.join(keep, f"repro_{c.name}.{outcome.path.name}.mlir")
    with open(file, "w") as f:
        f.write(outcome.program)
    print(f"\n===== MISMATCH: {c.name} on path {outcome.path.name} =====")
    print(f"gather.{c.op} mode={c.mode}, {c.reduce} as {c.form}, table "
          f"{c.element_type} {list(c.table.shape)}, indices {c.index_type} "
          f"{list(c.indices.shape)}")
    print(f"----- reproducer ({file}) -----")
    print(outcome.program, end="")
    print(f"----- command -----\n{tools.command(outcome.path, file)}")
    if c.bad:
        print(f"----- expected -----\nthe program stops: index "
              f"{c.expected.value} is out of bounds [0, {c.expected.bound})")
    else:
        print(f"----- expected (shape {list(c.expected.shape)}) -----\n"
              f"{np.array2string(c.expected, threshold=200)}")
    print(f"----- actual -----\n{outcome.problem}")


def paths_from(specs):
    if not specs:
        return [difftest.Path(n, a) for n, a in DEFAULT_PATHS.items()]
    paths = []
    for spec in specs:
        name, _, args = spec.partition("=")
        paths.append(difftest.Path(name, shlex.split(args)
                                   if args else DEFAULT_PATHS[name]))
    return paths


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", default="random",
                    help="an integer, or 'random' (default)")
    ap.add_argument("--count", type=int, default=100, help="number of cases")
    ap.add_argument("--path", action="append", metavar="NAME[=ARGS]",
                    help="a lowering path: one of " +
                    ", ".join(DEFAULT_PATHS) + ", or a new name and its "
                    "gather-opt arguments (repeatable; default: all named)")
    ap.add_argument("--only", action="append", metavar="CATEGORY=VALUE",
                    help="only cases in this class of the summary, e.g. "
                    "'reduce=max' (repeatable)")
    ap.add_argument("--gather-opt", help="default: build/bin/gather-opt")
    ap.add_argument("--mlir-runner", help="default: mlir-runner on PATH")
    ap.add_argument("--llvm-lib-dir", help="where the runner utils live")
    ap.add_argument("--shared-lib", action="append", metavar="PATH",
                    help="one more -shared-libs for mlir-runner (libomp)")
    ap.add_argument("--keep", help="write programs and reproducers here")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--max-reports", type=int, default=3)
    ap.add_argument("--inject-fault", action="store_true",
                    help="swap maximumf and minimumf, and add instead of "
                    "multiplying weights and matrices, in the programs; "
                    "exits 0 only if that is caught")
    args = ap.parse_args(argv)
    args.aot_build = args.aot_replay = None

    seed = random.SystemRandom().randrange(2**31) if args.seed == "random" \
        else int(args.seed)
    start = time.time()
    tools = difftest.Tools(args)
    paths = paths_from(args.path)
    cases = draw_cases(seed, args.count, args.only)
    keep = args.keep or tempfile.mkdtemp(prefix="bagtest.")
    os.makedirs(keep, exist_ok=True)
    tools.snapshot(keep)
    tester = Tester(tools, keep, args.inject_fault)
    singles = [c for c in cases if c.bad]
    batches = make_batches([c for c in cases if not c.bad])
    outcomes = difftest.run_all(tester, paths, batches, singles, args.j)
    failures = difftest.print_failures(outcomes, args.max_reports,
                                       lambda o: report(o, tools, keep))
    difftest.summarize(outcomes, time.time() - start, seed, paths,
                       tool="bagtest")
    return difftest.exit_status(failures, args, seed, keep, "injected fault")


if __name__ == "__main__":
    sys.exit(main())
