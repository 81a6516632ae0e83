"""Random tilings of the difftest cases, as a transform dialect schedule.

With `difftest.py --tile`, each case's op is tiled before the pipeline runs:
a schedule (a separate module, loaded with transform-preload-library) matches
the case's function by name and tiles its gather op with
transform.structured.tile_using_for or tile_using_forall and random tile
sizes. The tile sizes of a case come from its own generator, seeded by (seed,
case number), as the case itself.
"""

import numpy as np

# How often a result dimension is left untiled (tile size 0).
UNTILED = 0.25
# How often the loops are one scf.forall instead of scf.for.
FORALL = 0.5


class Tiling:
    """How one case's op is tiled: `loop` is "for" or "forall", `sizes` one
    tile size per result dimension (0: not tiled); None where the op is not
    tiled, `why` says why."""

    def __init__(self, loop, sizes, why=None):
        self.loop, self.sizes, self.why = loop, sizes, why

    def category(self):
        if self.sizes is None:
            return f"none ({self.why})"
        return f"{self.loop}, {sum(s != 0 for s in self.sizes)} of " \
            f"{len(self.sizes)} dims"


def draw_tiling(case):
    """Draws the tiling of `case` from its own generator."""
    rng = np.random.default_rng([case.seed, case.number, 7])
    shape = case.true_result_shape()
    if not shape:
        return Tiling(None, None, "0-d result")
    # Upstream (LLVM 22) rejects a static slice offset into a dimension of
    # size 0, even for a slice of size 0; the loops' tensor.insert_slice of an
    # empty result would be such a slice once canonicalization makes the
    # size static (and upstream's own linalg tiling crashes on such shapes).
    if 0 in shape:
        return Tiling(None, None, "empty result")
    loop = "forall" if rng.random() < FORALL else "for"
    # From 1 to one past the dimension: whole, exact and partial tiles.
    sizes = [0 if rng.random() < UNTILED else int(rng.integers(1, n + 2))
             for n in shape]
    if not any(sizes):
        k = int(rng.integers(0, len(shape)))
        sizes[k] = int(rng.integers(1, shape[k] + 2))
    return Tiling(loop, sizes)


def _tile_op(case, n):
    """The transform ops that tile the op of `case` (handles suffixed `n`)."""
    t = case.tiling
    any_op = "!transform.any_op"
    op = f"gather.{case.op}"
    lines = [
        f"    %f{n} = transform.structured.match ops{{[\"func.func\"]}} "
        f"attributes {{sym_name = \"{case.name}\"}} in %root "
        f": ({any_op}) -> {any_op}",
        f"    %g{n} = transform.structured.match ops{{[\"{op}\"]}} in %f{n} "
        f": ({any_op}) -> {any_op}",
    ]
    sizes = ", ".join(str(s) for s in t.sizes)
    if t.loop == "forall":
        lines.append(
            f"    %t{n}, %l{n} = transform.structured.tile_using_forall %g{n} "
            f"tile_sizes [{sizes}] : ({any_op}) -> ({any_op}, {any_op})")
    else:
        loops = sum(s != 0 for s in t.sizes)
        results = ", ".join([any_op] * (loops + 1))
        names = f"%t{n}, %l{n}:{loops}" if loops > 1 else f"%t{n}, %l{n}"
        lines.append(
            f"    {names} = transform.structured.tile_using_for %g{n} "
            f"tile_sizes [{sizes}] : ({any_op}) -> ({results})")
    return lines


def schedule(cases):
    """The transform module tiling the op of each case (with a `tiling`)."""
    body = []
    for n, case in enumerate(cases):
        if case.tiling is not None and case.tiling.sizes is not None:
            body += _tile_op(case, n)
    return ("module attributes {transform.with_named_sequence} {\n"
            "  transform.named_sequence @__transform_main("
            "%root: !transform.any_op {transform.readonly}) {\n"
            + "".join(line + "\n" for line in body)
            + "    transform.yield\n  }\n}\n")


def opt_args(schedule_file, opt_args):
    """gather-opt arguments that run the schedule, then `opt_args` (a pass
    pipeline, given as options or as one --pass-pipeline)."""
    preload = f"transform-library-paths={schedule_file}"
    prefix = "--pass-pipeline=builtin.module("
    if len(opt_args) == 1 and opt_args[0].startswith(prefix):
        rest = opt_args[0][len(prefix):]
        return [f"{prefix}transform-preload-library{{{preload}}},"
                f"transform-interpreter,{rest}"]
    return [f"--transform-preload-library={preload}",
            "--transform-interpreter"] + list(opt_args)
