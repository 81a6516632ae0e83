#!/usr/bin/python3
"""Differential test of gather.gather / gather.gather_nd against TF semantics.

Draws random cases, writes them in batches as MLIR programs (one function per
case, a `main` printing every result), lowers them with gather-opt, runs them
with mlir-runner and compares the printed results with an independent numpy
reference of tf.gather / tf.gather_nd (tfref.py). Error-mode cases with an
out-of-bounds index run alone and must stop with a message naming the index.
See README.md.
"""

import argparse
import collections
import concurrent.futures
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cases as casegen  # noqa: E402
import tfref  # noqa: E402
import tiling  # noqa: E402

SRC_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
DEFAULT_LLVM = "/usr/lib/llvm-22"
# A batch holds at most this many cases and this many elements in all.
BATCH_CASES = 40
BATCH_ELEMENTS = 6000
TIMEOUT_S = 60  # per process; a batch takes a few seconds


#===------------------------------------------------------------------------===#
# Running programs
#===------------------------------------------------------------------------===#


class Tools:
    def __init__(self, args):
        self.gather_opt = args.gather_opt or _default_gather_opt()
        self.shown_gather_opt = self.gather_opt  # in commands
        self.mlir_runner = args.mlir_runner or shutil.which("mlir-runner") \
            or os.path.join(DEFAULT_LLVM, "bin", "mlir-runner")
        lib = args.llvm_lib_dir or _lib_dir_of(self.mlir_runner)
        self.runner_args = [
            "-e", "main", "-entry-point-result=void",
            "-shared-libs=" + os.path.join(lib, "libmlir_runner_utils.so"),
            "-shared-libs=" + os.path.join(lib, "libmlir_c_runner_utils.so"),
        ] + ["-shared-libs=" + extra for extra in args.shared_lib or []]
        # Ahead of time (utils/gpu-aot), for a GPU machine without LLVM:
        # --aot-build links each program into an executable and runs
        # nothing; --aot-replay reads the results that utils/gpu-aot/run.sh
        # recorded for those executables there.
        self.aot_build = args.aot_build and os.path.abspath(args.aot_build)
        self.aot_replay = args.aot_replay
        self.aot_lock = threading.Lock()

    def snapshot(self, workdir):
        """Runs a copy of gather-opt, so that a rebuild during the run (the
        checkout is shared) does not fail cases; commands show the original."""
        found = shutil.which(self.gather_opt)
        if found:
            copy = os.path.join(workdir, "gather-opt")
            shutil.copy2(found, copy)
            self.gather_opt = copy

    @staticmethod
    def _opt_args(path, schedule):
        if schedule is None:
            return path.opt_args
        return tiling.opt_args(schedule, path.opt_args)

    def command(self, path, mlir_file, schedule=None):
        """The shell command that runs `mlir_file` on `path` (after the
        transform `schedule`, if any)."""
        opt = [self.shown_gather_opt] + self._opt_args(path, schedule) + \
            [mlir_file]
        return (" ".join(shlex.quote(a) for a in opt) + " | " +
                " ".join(shlex.quote(a) for a in
                         [self.mlir_runner] + self.runner_args))

    def run(self, path, mlir_file, schedule=None):
        """Lowers (after the transform `schedule`, if any) and runs
        `mlir_file`; returns a Run."""
        name = os.path.basename(mlir_file)[:-len(".mlir")]
        if self.aot_replay:
            return self._replay(name)
        lowered = mlir_file[:-len(".mlir")] + ".ll.mlir"
        try:
            opt = _run("gather-opt", [self.gather_opt] +
                       self._opt_args(path, schedule) +
                       [mlir_file, "-o", lowered])
            if not opt.ok:
                return opt
            if self.aot_build:
                return self._link(name, lowered)
            return _run("mlir-runner",
                        [self.mlir_runner] + self.runner_args + [lowered])
        finally:
            if os.path.exists(lowered):
                os.remove(lowered)

    def _link(self, name, lowered):
        link = _run("link.sh", [os.path.join(SRC_ROOT, "utils", "gpu-aot",
                                             "link.sh"), lowered, "main",
                                os.path.join(self.aot_build, name)])
        if not link.ok:
            return link
        with self.aot_lock:
            with open(os.path.join(self.aot_build, "programs"), "a") as f:
                f.write(name + "\n")
        run = Run("link.sh", 0, "", "")
        run.pending = True
        return run

    def _replay(self, name):
        base = os.path.join(self.aot_replay, name)
        if not os.path.exists(base + ".rc"):
            return Run("replay", "no recorded run", "",
                       f"{name} was not built: a batch that failed is "
                       "bisected into programs that --aot-build did not "
                       "build; rerun those cases with mlir-runner")
        with open(base + ".rc") as f:
            rc = int(f.read().strip() or "1")
        with open(base + ".out", errors="replace") as f:
            out = f.read()
        with open(base + ".err", errors="replace") as f:
            err = f.read()
        return Run(name, rc, out, err)


def _run(tool, argv):
    try:
        p = subprocess.run(argv, capture_output=True, text=True,
                           errors="replace", timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return Run(tool, f"a timeout ({TIMEOUT_S} s)", "", "")
    except OSError as e:
        return Run(tool, "an error", "", str(e))
    return Run(tool, p.returncode, p.stdout, p.stderr)


def _default_gather_opt():
    built = os.path.join(SRC_ROOT, "build", "bin", "gather-opt")
    return built if os.path.exists(built) else "gather-opt"


def _lib_dir_of(runner):
    real = os.path.realpath(shutil.which(runner) or runner)
    lib = os.path.join(os.path.dirname(os.path.dirname(real)), "lib")
    if os.path.exists(os.path.join(lib, "libmlir_runner_utils.so")):
        return lib
    return os.path.join(DEFAULT_LLVM, "lib")


class Path:
    """A lowering path: a name and the gather-opt arguments that select it."""

    def __init__(self, name, opt_args):
        self.name, self.opt_args = name, opt_args


def paths_from(args):
    if args.pipeline:
        p = args.pipeline.strip()
        if p.startswith("-"):
            return [Path("pipeline", shlex.split(p))]
        if not p.startswith("builtin.module("):
            p = f"builtin.module({p})"
        return [Path("pipeline", ["--pass-pipeline=" + p])]
    names = ["linalg", "scf"] if args.lowering == "both" else [args.lowering]
    return [Path(n, [f"--gather-cpu-pipeline=lowering={n}"]) for n in names]


class Run:
    def __init__(self, tool, rc, stdout, stderr):
        self.tool, self.rc, self.stdout, self.stderr = tool, rc, stdout, stderr
        self.pending = False  # built ahead of time, not run (--aot-build)

    @property
    def ok(self):
        return self.rc == 0

    def describe(self):
        text = (self.stderr + self.stdout).strip()
        lines = text.splitlines()
        if len(lines) > 30:
            lines = lines[:30] + [f"... ({len(lines) - 30} more lines)"]
        return f"{self.tool} exited with {self.rc}:\n" + "\n".join(lines)


#===------------------------------------------------------------------------===#
# Parsing and comparing
#===------------------------------------------------------------------------===#

_HEADER = re.compile(
    r"Unranked Memref base@ = \S+ rank = (\d+) offset = \d+ "
    r"sizes = \[([^\]]*)\] strides = \[[^\]]*\]( data =)?")


def parse_output(text):
    """Returns [(shape, tokens or None)] for each printed memref."""
    found = list(_HEADER.finditer(text))
    results = []
    for n, m in enumerate(found):
        shape = tuple(int(s) for s in m.group(2).split(",") if s.strip())
        tokens = None
        if m.group(3):
            end = found[n + 1].start() if n + 1 < len(found) else len(text)
            tokens = re.findall(r"[^\s\[\],]+", text[m.end():end])
        results.append((shape, tokens))
    return results


def _format(array):
    return np.array2string(np.asarray(array), threshold=200,
                           max_line_width=100)


def compare(case, printed):
    """Returns None if `printed` (shape, tokens) matches, else a message."""
    want = case.expected
    shape, tokens = printed
    if shape != want.shape:
        return f"result shape {list(shape)}, expected {list(want.shape)}"
    if want.size == 0:
        return None
    if tokens is None or len(tokens) != want.size:
        return f"printed {len(tokens or [])} elements, expected {want.size}"
    try:
        if case.element_type.startswith(("f", "bf")):
            got = np.array([float(t) for t in tokens]).reshape(want.shape)
        else:
            got = np.array([int(t) for t in tokens], dtype=object)
            got = got.reshape(want.shape)
    except ValueError as e:
        return f"unparsable output: {e}"
    exp = want.astype(object) if got.dtype == object else want
    diff = [idx for idx in np.ndindex(*want.shape) if got[idx] != exp[idx]]
    if not diff:
        return None
    lines = [f"{len(diff)} of {want.size} elements differ; first ones:"]
    lines += [f"  at {list(idx)}: expected {exp[idx]}, got {got[idx]}"
              for idx in diff[:8]]
    lines.append(f"actual:\n{_format(got)}")
    return "\n".join(lines)


def _has_number(text, value):
    return re.search(rf"(?<![\w-]){re.escape(str(value))}(?!\w)", text)


def _bad_indices(case):
    """{(value, bound)} of every out-of-bounds index component of `case`
    (the ops' row-major order decides which one an untiled op names first;
    a tiled one may come to another first)."""
    p, i = case.params.shape, case.indices
    low = (lambda n: -n) if case.effective_mode == "wrap" else (lambda n: 0)
    if case.op == "gather":
        b = case.batch_dims or 0
        b = b + i.ndim if b < 0 else b
        a = b if case.axis is None else case.axis
        a = a + len(p) if a < 0 else a
        return {(int(v), p[a]) for v in i.flat if not low(p[a]) <= v < p[a]}
    b = case.batch_dims or 0
    return {(int(v), p[b + k]) for k in range(i.shape[-1])
            for v in i[..., k].flat if not low(p[b + k]) <= v < p[b + k]}


def check_error_run(case, run, op_line):
    """An out-of-bounds index in error mode: the program must stop with a
    message naming the op's line, the index and the bound (of the first bad
    index; of any bad index if the op was tiled)."""
    err = case.expected
    if case.tiling is not None:
        named = re.search(r"index (-?\d+) is out of bounds \[0, (\d+)\)",
                          run.stderr + run.stdout)
        if named and (int(named.group(1)), int(named.group(2))) in \
                _bad_indices(case):
            err = tfref.OutOfBounds(int(named.group(1)),
                                    int(named.group(2)), None)
    if run.tool == "gather-opt":
        return "gather-opt failed:\n" + run.describe()
    if run.rc == 0:
        return ("the program did not stop (exit status 0); expected an error "
                f"for index {err.value} (bound {err.bound}); output:\n"
                + run.describe())
    if "Unranked Memref" in run.stdout:
        return "the program printed a result before stopping:\n" + \
            run.describe()
    text = run.stderr + run.stdout
    missing = [what for what, ok in (
        (f"the index {err.value}", _has_number(text, err.value)),
        (f"the bound {err.bound}", _has_number(text, err.bound)),
        (f"the op's line {op_line}", re.search(rf":{op_line}:", text)),
    ) if not ok]
    if missing:
        return ("the error message does not name " + ", ".join(missing)
                + ":\n" + run.describe())
    # Optional detail; if the message names the dimension, it must be right.
    named = re.search(r"params dimension (\d+)", text)
    if named and err.params_dim is not None and \
            int(named.group(1)) != err.params_dim:
        return (f"the error message names params dimension {named.group(1)}"
                f", expected {err.params_dim}:\n" + run.describe())
    return None


#===------------------------------------------------------------------------===#
# The test
#===------------------------------------------------------------------------===#


class Outcome:
    """A case on a path: `problem` is None if it passed; `program` is the
    case's own module when it ran alone."""

    def __init__(self, case, path, problem=None, program=None,
                 schedule=None):
        self.case, self.path = case, path
        self.problem, self.program = problem, program
        self.schedule = schedule  # the transform schedule's file (--tile)


class Tester:
    def __init__(self, tools, workdir, fault, tile):
        self.tools, self.workdir, self.fault = tools, workdir, fault
        self.tile = tile

    def _write(self, name, cases):
        """Writes the program of `cases` and, with --tile, its schedule;
        returns (program file, text, op lines, schedule file or None)."""
        text, op_lines = casegen.program(cases)
        if self.fault == "program":
            text = _swap_modes(text)
        file = os.path.join(self.workdir, name + ".mlir")
        with open(file, "w") as f:
            f.write(text)
        schedule = None
        if self.tile:
            schedule = os.path.join(self.workdir, name + ".schedule.mlir")
            with open(schedule, "w") as f:
                f.write(tiling.schedule(cases))
        return file, text, op_lines, schedule

    def run_single(self, case, path):
        file, text, op_lines, schedule = self._write(
            f"{case.name}.{path.name}", [case])
        run = self.tools.run(path, file, schedule)
        if run.pending:
            return Outcome(case, path)
        if case.expects_error:
            problem = check_error_run(case, run, op_lines[case.number])
        elif not run.ok:
            problem = run.describe()
        else:
            printed = parse_output(run.stdout)
            problem = (compare(case, printed[0]) if len(printed) == 1 else
                       f"printed {len(printed)} results, expected 1:\n"
                       + run.describe())
        return Outcome(case, path, problem, text, schedule)

    def run_batch(self, batch, path):
        """Runs a batch; a failing batch is bisected down to its culprits."""
        name = f"batch_{batch[0].seed}_{batch[0].number}_{len(batch)}"
        file, _, _, schedule = self._write(f"{name}.{path.name}", batch)
        run = self.tools.run(path, file, schedule)
        if run.pending:
            return [Outcome(case, path) for case in batch]
        printed = parse_output(run.stdout) if run.ok else []
        if not run.ok or len(printed) != len(batch):
            if len(batch) == 1:
                return [self.run_single(batch[0], path)]
            half = len(batch) // 2
            return (self.run_batch(batch[:half], path) +
                    self.run_batch(batch[half:], path))
        outcomes = []
        for case, result in zip(batch, printed):
            if compare(case, result) is None:
                outcomes.append(Outcome(case, path))
            else:
                outcomes.append(self.run_single(case, path))
        return outcomes


def _swap_modes(text):
    """The injected lowering fault: clamp and zero trade places."""
    return text.replace("mode<clamp>", "mode<tmp>").replace(
        "mode<zero>", "mode<clamp>").replace("mode<tmp>", "mode<zero>")


def make_batches(cases):
    batches, current, elements = [], [], 0
    for case in cases:
        size = case.params.size + case.indices.size + case.expected.size
        if current and (len(current) == BATCH_CASES or
                        elements + size > BATCH_ELEMENTS):
            batches.append(current)
            current, elements = [], 0
        current.append(case)
        elements += size
    if current:
        batches.append(current)
    return batches


def apply_reference_fault(case):
    """The injected reference fault: clamp mode computed as zero mode."""
    if case.effective_mode == "clamp":
        fn = tfref.gather if case.op == "gather" else tfref.gather_nd
        kw = dict(case.reference_kwargs(), mode="zero")
        case.expected = fn(case.params, case.indices, **kw)


def draw_cases(seed, count, only):
    """Cases 0.. of `seed`; with `only` (["category=value"]), the first
    `count` whose categories match every filter."""
    filters = [tuple(f.split("=", 1)) for f in only or []]
    cases, n = [], 0
    while len(cases) < count and n < max(count, 1) * 1000:
        case = casegen.generate_case(seed, n)
        if all(f in case.categories() for f in filters):
            cases.append(case)
        n += 1
    return cases


def run_all(tester, paths, batches, singles, processes):
    """Runs each batch and each single case on each path, `processes` at a
    time; returns the outcomes by case and path."""
    with concurrent.futures.ThreadPoolExecutor(max(processes, 1)) as pool:
        jobs = [pool.submit(tester.run_batch, b, p)
                for p in paths for b in batches]
        jobs += [pool.submit(lambda c, p: [tester.run_single(c, p)], c, p)
                 for p in paths for c in singles]
        outcomes = [o for j in jobs for o in j.result()]
    outcomes.sort(key=lambda o: (o.case.number, o.path.name))
    return outcomes


def print_failures(outcomes, max_reports, report_one):
    """Reports the first `max_reports` failing outcomes in full and names the
    others; returns the failing outcomes."""
    failures = [o for o in outcomes if o.problem is not None]
    for o in failures[:max_reports]:
        report_one(o)
    if len(failures) > max_reports:
        print(f"\n... and {len(failures) - max_reports} more failures: "
              + ", ".join(f"{o.case.name}/{o.path.name}"
                          for o in failures[max_reports:]))
    if failures:
        print()
    return failures


def exit_status(failures, args, seed, keep, fault_label, rerun_flags=""):
    """The exit status of a run: with --inject-fault, 0 only if the fault
    was caught (printed under `fault_label`); else 1 on failures, naming
    the rerun, and 0 after removing a temporary work folder."""
    if args.inject_fault:
        print(f"{fault_label} "
              + ("detected" if failures else "NOT DETECTED"))
        return 0 if failures else 1
    if failures:
        only = "".join(f" --only {shlex.quote(f)}" for f in args.only or [])
        print(f"FAILED: rerun with --seed {seed} --count {args.count}{only}"
              f"{rerun_flags}; files in {keep}")
        return 1
    if not args.keep:
        shutil.rmtree(keep, ignore_errors=True)
    return 0


def summarize(outcomes, elapsed, seed, paths, tool="difftest"):
    total = collections.Counter()
    failed = collections.Counter()
    order = []
    for o in outcomes:
        for key in o.case.categories() + [("path", o.path.name)]:
            if key[0] not in order:
                order.append(key[0])
            total[key] += 1
            failed[key] += o.problem is not None
    bad = sum(o.problem is not None for o in outcomes)
    print(f"{tool}: seed {seed}, {len(outcomes)} runs "
          f"({len(outcomes) // len(paths)} cases x {len(paths)} path"
          f"{'s' if len(paths) > 1 else ''}), {bad} failed, "
          f"{elapsed:.1f} s")
    for cat in order:
        items = sorted((k[1], n) for k, n in total.items() if k[0] == cat)
        text = "  ".join(f"{v}={n}" + (f" (FAILED {failed[(cat, v)]})"
                                       if failed[(cat, v)] else "")
                         for v, n in items)
        print(f"  {cat + ':':14} {text}")


def report(outcome, tools, keep):
    c = outcome.case
    file = os.path.join(keep, f"repro_{c.name}.{outcome.path.name}.mlir")
    with open(file, "w") as f:
        f.write(outcome.program)
    schedule = None
    if outcome.schedule:
        schedule = file[:-len(".mlir")] + ".schedule.mlir"
        shutil.copyfile(outcome.schedule, schedule)
    command = tools.command(outcome.path, file, schedule)
    attrs = f"batch_dims={c.batch_dims} mode={c.mode}"
    if c.op == "gather":
        attrs = f"axis={c.axis} " + attrs
    ptype = casegen.tensor_type(c.params_type, c.element_type)
    itype = casegen.tensor_type(c.indices_type, c.index_type)
    print(f"\n===== MISMATCH: {c.name} on path {outcome.path.name} =====")
    print(f"gather.{c.op} {attrs}; params {c.element_type} "
          f"{list(c.params.shape)} as {ptype}, indices {c.index_type} "
          f"{list(c.indices.shape)} as {itype}")
    print(f"----- reproducer ({file}) -----")
    print(outcome.program, end="")
    if schedule:
        print(f"----- tiled first by ({schedule}) -----")
        with open(schedule) as f:
            print(f.read(), end="")
    print(f"----- command -----\n{command}")
    if c.expects_error:
        print(f"----- expected -----\nthe program stops: index "
              f"{c.expected.value} is out of bounds [0, {c.expected.bound})")
    else:
        print(f"----- expected (shape {list(c.expected.shape)}) -----\n"
              f"{_format(c.expected)}")
    print(f"----- actual -----\n{outcome.problem}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", default="random",
                    help="an integer, or 'random' (default)")
    ap.add_argument("--count", type=int, default=100, help="number of cases")
    ap.add_argument("--lowering", choices=("linalg", "scf", "both"),
                    default="both", help="gather-cpu-pipeline lowering")
    ap.add_argument("--pipeline", help="a gather-opt pass pipeline to use "
                    "instead of gather-cpu-pipeline (wrapped in "
                    "builtin.module(...) unless it is; raw gather-opt "
                    "options if it starts with '-': write --pipeline=-...)")
    ap.add_argument("--tile", action="store_true",
                    help="tile each case's op first (transform dialect "
                    "schedule: tile_using_for or tile_using_forall with "
                    "random tile sizes)")
    ap.add_argument("--gather-opt", help="default: build/bin/gather-opt")
    ap.add_argument("--mlir-runner", help="default: mlir-runner on PATH")
    ap.add_argument("--llvm-lib-dir", help="where the runner utils live "
                    "(default: lib next to mlir-runner)")
    ap.add_argument("--shared-lib", action="append", metavar="PATH",
                    help="one more -shared-libs for mlir-runner, e.g. "
                    "libomp.so for num-threads (repeatable)")
    ap.add_argument("--only", action="append", metavar="CATEGORY=VALUE",
                    help="only cases in this class of the summary, e.g. "
                    "'op=gather_nd' or 'expect=error stop' (repeatable)")
    ap.add_argument("--aot-build", metavar="DIR",
                    help="link each program into an executable in DIR "
                    "(utils/gpu-aot) and run nothing: for a GPU machine "
                    "without LLVM, where DIR/run.sh DIR RESULTS runs them")
    ap.add_argument("--aot-replay", metavar="RESULTS",
                    help="compare the results that run.sh recorded in "
                    "RESULTS (same --seed, --count and --pipeline as the "
                    "build)")
    ap.add_argument("--keep", help="write programs and reproducers here")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1,
                    help="parallel processes")
    ap.add_argument("--max-reports", type=int, default=5,
                    help="reproducers printed in full")
    ap.add_argument("--self-check", action="store_true",
                    help="check the reference on the TF pages' examples")
    ap.add_argument("--inject-fault", choices=("reference", "program"),
                    help="break the reference (clamp as zero) or the program "
                    "(clamp and zero swapped) to show the test can fail; "
                    "exits 0 only if that is caught")
    args = ap.parse_args(argv)

    if args.self_check:
        import selfcheck
        return 0 if selfcheck.run() else 1

    seed = random.SystemRandom().randrange(2**31) if args.seed == "random" \
        else int(args.seed)
    start = time.time()
    tools = Tools(args)
    paths = paths_from(args)
    cases = draw_cases(seed, args.count, args.only)
    if args.inject_fault == "reference":
        for case in cases:
            apply_reference_fault(case)
    if args.tile:
        for case in cases:
            case.tiling = tiling.draw_tiling(case)
    singles = [c for c in cases if c.expects_error]
    batches = make_batches([c for c in cases if not c.expects_error])

    keep = args.keep or tempfile.mkdtemp(prefix="difftest.")
    os.makedirs(keep, exist_ok=True)
    tools.snapshot(keep)
    if tools.aot_build:
        chip = re.search(r"chip=(\w+)", args.pipeline or "")
        subprocess.run([os.path.join(SRC_ROOT, "utils", "gpu-aot", "build.sh"),
                        tools.aot_build, chip.group(1) if chip else "sm_90",
                        "libraries-only"], check=True)
        open(os.path.join(tools.aot_build, "programs"), "w").close()
    tester = Tester(tools, keep, args.inject_fault, args.tile)
    outcomes = run_all(tester, paths, batches, singles, args.j)

    if tools.aot_build:
        with open(os.path.join(tools.aot_build, "programs")) as f:
            built = len(f.read().split())
        failures = [o for o in outcomes if o.problem is not None]
        for o in failures[:args.max_reports]:
            report(o, tools, keep)
        print(f"difftest: seed {seed}, built {built} programs in "
              f"{tools.aot_build}, {len(failures)} failed to build")
        return 1 if failures else 0
    failures = print_failures(outcomes, args.max_reports,
                              lambda o: report(o, tools, keep))
    summarize(outcomes, time.time() - start, seed, paths)
    return exit_status(failures, args, seed, keep,
                       f"injected fault ({args.inject_fault})",
                       " --tile" if args.tile else "")


if __name__ == "__main__":
    sys.exit(main())
