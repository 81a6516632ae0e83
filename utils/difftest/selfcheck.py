"""Self-check of the reference (`difftest.py --self-check`).

Every literal example of the TensorFlow pages in /work/shared/seeds (tf.gather
r2.14, tf.gather_nd r1.4 / r2.16 / its translation, the 1.x "Tensor
Transformations" guide), the out-of-bounds modes of the project's spec, and a
random cross-check of the two independent reference implementations.
"""

import numpy as np

import tfref
from tfref import OutOfBounds, gather, gather_nd

# The pages' string examples, kept as strings: the reference is dtype-agnostic.
M2 = [["a", "b"], ["c", "d"]]
P3 = [[["a0", "b0"], ["c0", "d0"]], [["a1", "b1"], ["c1", "d1"]]]
P6 = ["p0", "p1", "p2", "p3", "p4", "p5"]
F43 = [[0, 1.0, 2.0], [10.0, 11.0, 12.0], [20.0, 21.0, 22.0],
       [30.0, 31.0, 32.0]]

# (op, params, indices, attributes, expected output) from the pages.
GATHER_ND_EXAMPLES = [
    # Simple indexing into a matrix (r1.4, r2.16, 1.x guide, translation).
    (M2, [[0, 0], [1, 1]], {}, ["a", "d"]),
    # Slice indexing into a matrix.
    (M2, [[1], [0]], {}, [["c", "d"], ["a", "b"]]),
    ([["a", "b", "c"], ["d", "e", "f"]], [[1], [0]], {},
     [["d", "e", "f"], ["a", "b", "c"]]),
    # Indexing into a 3-tensor.
    (P3, [[1]], {}, [[["a1", "b1"], ["c1", "d1"]]]),
    (P3, [[0, 1], [1, 0]], {}, [["c0", "d0"], ["a1", "b1"]]),
    (P3, [[0, 0, 1], [1, 0, 1]], {}, ["b0", "b1"]),
    # Batched indexing into a matrix.
    (M2, [[[0, 0]], [[0, 1]]], {}, [["a"], ["b"]]),
    # Batched slice indexing into a matrix.
    (M2, [[[1]], [[0]]], {}, [[["c", "d"]], [["a", "b"]]]),
    # Batched indexing into a 3-tensor.
    (P3, [[[1]], [[0]]], {},
     [[[["a1", "b1"], ["c1", "d1"]]], [[["a0", "b0"], ["c0", "d0"]]]]),
    (P3, [[[0, 1], [1, 0]], [[0, 0], [1, 1]]], {},
     [[["c0", "d0"], ["a1", "b1"]], [["a0", "b0"], ["c1", "d1"]]]),
    (P3, [[[0, 0, 1], [1, 0, 1]], [[0, 1, 1], [1, 1, 0]]], {},
     [["b0", "b1"], ["d0", "c1"]]),
    # Examples with batched params and indices (r2.16, translation).
    (P3, [[1], [0]], {"batch_dims": 1}, [["c0", "d0"], ["a1", "b1"]]),
    (P3, [[[1]], [[0]]], {"batch_dims": 1}, [[["c0", "d0"]], [["a1", "b1"]]]),
    (P3, [[[1, 0]], [[0, 1]]], {"batch_dims": 1}, [["c0"], ["b1"]]),
]

GATHER_EXAMPLES = [
    # tf.gather(params, 3) == params[3].
    (P6, 3, {}, "p3"),
    (P6, [2, 0, 2, 5], {}, ["p2", "p0", "p2", "p5"]),
    (P6, [[2, 0], [2, 5]], {}, [["p2", "p0"], ["p2", "p5"]]),
    # Rows, then columns of a matrix.
    (F43, [3, 1], {}, [[30., 31., 32.], [10., 11., 12.]]),
    (F43, [2, 1], {"axis": 1}, [[2., 1.], [12., 11.], [22., 21.], [32., 31.]]),
    # Batching: batch_dims=1 is an outer loop over the first axis.
    ([[0, 0, 1, 0, 2], [3, 0, 0, 0, 4], [0, 5, 0, 6, 0]],
     [[2, 4], [0, 4], [1, 3]], {"axis": 1, "batch_dims": 1},
     [[1, 2], [3, 4], [5, 6]]),
]

# (params shape, indices shape, attributes, result shape) from the pages.
GATHER_SHAPES = [
    ([1, 2, 3], [], {"axis": 1}, [1, 3]),
    ([1, 2, 3], [7], {"axis": 1}, [1, 7, 3]),
    ([1, 2, 3], [7, 5], {"axis": 1}, [1, 7, 5, 3]),
    ([4, 3], [1, 2], {"axis": 0}, [1, 2, 3]),
    ([4, 3], [1, 2], {"axis": 1}, [4, 1, 2]),
    ([5, 6, 7, 8], [10, 11], {"axis": 2}, [5, 6, 10, 11, 8]),
    ([3, 5], [3, 2], {"axis": 1, "batch_dims": 1}, [3, 2]),
]
GATHER_ND_SHAPES = [
    ([5, 7, 3], [5, 2], {}, [5, 3]),
    ([5, 7, 3], [5, 1], {"batch_dims": 1}, [5, 3]),
]


class Checker:
    def __init__(self):
        self.passed = 0
        self.failed = []

    def expect(self, what, cond):
        if cond:
            self.passed += 1
        else:
            self.failed.append(what)

    def same(self, what, got, want):
        got, want = np.asarray(got), np.asarray(want)
        self.expect(what, got.shape == want.shape and
                    np.array_equal(got, want))

    def raises(self, what, fn, value, bound, params_dim=None):
        try:
            fn()
        except OutOfBounds as e:
            self.expect(what, (e.value, e.bound) == (value, bound) and
                        params_dim in (None, e.params_dim))
            return
        self.expect(what, False)


def _both(op, params, indices, kw):
    """Both reference implementations of `op` on the same input."""
    if op == "gather":
        return (gather(params, indices, **kw),
                tfref.gather_batched(params, indices, **kw))
    return (gather_nd(params, indices, **kw),
            tfref.gather_nd_batched(params, indices, **kw))


def check_literal_examples(c):
    for op, examples in (("gather", GATHER_EXAMPLES),
                         ("gather_nd", GATHER_ND_EXAMPLES)):
        for n, (params, indices, kw, want) in enumerate(examples):
            for impl, got in zip(("loops", "batched"),
                                 _both(op, params, indices, kw)):
                c.same(f"{op} example {n} ({impl})", got, want)
    for shapes, shape_fn in ((GATHER_SHAPES, tfref.gather_shape),
                             (GATHER_ND_SHAPES, tfref.gather_nd_shape)):
        for pshape, ishape, kw, want in shapes:
            c.expect(f"shape {pshape} {ishape} {kw}",
                     list(shape_fn(pshape, ishape, **kw)) == want)

    rng = np.random.default_rng(0)
    # result[:, :, a, b, :] == params[:, :, indices[a, b], :] for axis=2.
    params = rng.normal(size=(5, 6, 7, 8)).astype(np.float32)
    indices = rng.integers(0, 7, size=(10, 11))
    result = gather(params, indices, axis=2)
    c.expect("axis=2 slices", all(
        np.array_equal(result[:, :, a, b, :], params[:, :, indices[a, b], :])
        for a in range(10) for b in range(11)))
    # manually_batched_gather: batch_dims=1 is a loop of unbatched gathers.
    params = np.array([[0, 0, 1, 0, 2], [3, 0, 0, 0, 4], [0, 5, 0, 6, 0]])
    indices = np.array([[2, 4], [0, 4], [1, 3]])
    manual = np.stack([gather(p, i, axis=0) for p, i in zip(params, indices)])
    c.same("manually_batched_gather", gather(params, indices, 1, 1), manual)
    # top_k / argsort style: tf.gather(values, indices, batch_dims=-1).
    values = rng.permutation(24).reshape(2, 3, 4)
    order = np.argsort(values, axis=-1)
    c.same("batch_dims=-1 with argsort",
           gather(values, order, batch_dims=-1), np.sort(values, axis=-1))
    # 1.x guide: a permutation of length params.shape[0] permutes params.
    perm = rng.permutation(6)
    c.same("permutation", gather(np.array(P6), perm), np.array(P6)[perm])
    # gather_nd in batch mode equals one gather_nd per batch location.
    params = rng.integers(0, 100, size=(5, 7, 3))
    indices = np.array([[1], [0], [4], [2], [1]])
    c.same("gather_nd batch = loop of gather_nd",
           gather_nd(params, indices, batch_dims=1),
           np.stack([gather_nd(p, i) for p, i in zip(params, indices)]))
    # The same rows through explicit batch coordinates (batch_dims=0).
    explicit = np.concatenate([np.arange(5)[:, None], indices], axis=1)
    c.same("gather_nd explicit batch coordinates", gather_nd(params, explicit),
           gather_nd(params, indices, batch_dims=1))


def check_modes(c):
    """The out-of-bounds modes of the project's spec."""
    m = np.arange(1, 13).reshape(3, 4)
    # Columns with a negative axis; out-of-bounds columns give zeros.
    idx = [3, -1, 4, 0, 1 << 40]
    want_zero = np.array([[4, 0, 0, 1, 0], [8, 0, 0, 5, 0], [12, 0, 0, 9, 0]])
    want_clamp = np.array([[4, 1, 4, 1, 4], [8, 5, 8, 5, 8],
                           [12, 9, 12, 9, 12]])
    for mode, want in (("zero", want_zero), ("clamp", want_clamp)):
        for impl, got in zip(("loops", "batched"), _both(
                "gather", m, idx, {"axis": -1, "mode": mode})):
            c.same(f"gather {mode} ({impl})", got, want)
    c.raises("gather error", lambda: gather(m, idx, axis=-1), -1, 4, 1)
    c.raises("gather error", lambda: gather(m, [[0], [3]]), 3, 3)
    # gather_nd: zero zeroes the whole slice, clamp clamps each component.
    p = np.arange(1, 13).reshape(2, 2, 3)
    want = {"zero": [[4, 5, 6], [0, 0, 0]], "clamp": [[4, 5, 6], [10, 11, 12]]}
    for mode in ("zero", "clamp"):
        for impl, got in zip(("loops", "batched"), _both(
                "gather_nd", p, [[1], [7]], {"batch_dims": 1, "mode": mode})):
            c.same(f"gather_nd {mode} ({impl})", got, want[mode])
        for impl, got in zip(("loops", "batched"), _both(
                "gather_nd", p, [[-5, 1], [1, 9]], {"mode": mode})):
            c.same(f"gather_nd {mode} components ({impl})", got,
                   [[0, 0, 0], [0, 0, 0]] if mode == "zero"
                   else [[4, 5, 6], [10, 11, 12]])
    c.raises("gather_nd error", lambda: gather_nd(p, [[0, 1], [1, 2]]), 2, 2,
             1)
    # A dimension of size 0: nothing to clamp into, the slice is zero.
    empty = np.zeros((2, 0, 3), dtype=np.int64)
    for mode in ("zero", "clamp"):
        for impl, got in zip(("loops", "batched"), _both(
                "gather", empty, [0, 5], {"axis": 1, "mode": mode})):
            c.same(f"gather dim 0 {mode} ({impl})", got,
                   np.zeros((2, 2, 3), np.int64))
        for impl, got in zip(("loops", "batched"), _both(
                "gather_nd", empty, [[1, 0]], {"mode": mode})):
            c.same(f"gather_nd dim 0 {mode} ({impl})", got,
                   np.zeros((1, 3), np.int64))
    # Indices are checked when read: an empty result reads none.
    for impl, got in zip(("loops", "batched"), _both(
            "gather", np.zeros((2, 0)), [[5]], {})):
        c.same(f"gather error empty result ({impl})", got, np.zeros((1, 1, 0)))
    for impl, got in zip(("loops", "batched"), _both(
            "gather_nd", np.zeros((2, 0)), [[-1]], {})):
        c.same(f"gather_nd error empty result ({impl})", got, np.zeros((1, 0)))
    c.raises("gather_nd error empty params", lambda: gather_nd(
        np.zeros((0, 3)), [[0]]), 0, 0)
    # Index depth 0 selects whole slices.
    c.same("gather_nd depth 0", gather_nd(p, np.zeros((3, 0), np.int64)),
           np.stack([p] * 3))


def check_random(c, count):
    """The loop and the batched implementations agree on random cases."""
    import cases
    for n in range(count):
        case = cases.generate_case(12345, n)
        kw = case.reference_kwargs()
        outcome = []
        for fn in ((gather, tfref.gather_batched) if case.op == "gather"
                   else (gather_nd, tfref.gather_nd_batched)):
            try:
                outcome.append(fn(case.params, case.indices, **kw))
            except OutOfBounds as e:
                outcome.append(("error", e.bound))
        if isinstance(outcome[0], tuple) or isinstance(outcome[1], tuple):
            c.expect(f"random case {n} error", isinstance(outcome[0], tuple)
                     and isinstance(outcome[1], tuple))
        else:
            c.same(f"random case {n}", outcome[0], outcome[1])


def check_harness(c):
    """The output parser, the comparison and the error-mode check."""
    import cases
    import difftest
    text = ("Unranked Memref base@ = 0x1 rank = 2 offset = 0 sizes = [2, 1] "
            "strides = [1, 1] data = \n[[1.5], \n [-0.25]]\n"
            "Unranked Memref base@ = 0x2 rank = 1 offset = 0 sizes = [0] "
            "strides = [1]\n")
    printed = difftest.parse_output(text)
    c.expect("parse", printed == [((2, 1), ["1.5", "-0.25"]), ((0,), None)])
    case = cases.generate_case(1, 0)
    case.element_type, case.expected = "f32", np.array([[1.5], [-0.25]])
    c.expect("compare equal", difftest.compare(case, printed[0]) is None)
    case.expected = np.array([[1.5], [0.25]])
    c.expect("compare differ", "1 of 2 elements differ" in
             (difftest.compare(case, printed[0]) or ""))
    c.expect("compare shape", "shape" in (difftest.compare(
        case, ((1, 2), ["1.5", "0.25"])) or ""))
    case.expected = OutOfBounds(7, 4, 1)
    msg = ('gather.gather at loc("f.mlir":3:8): index 7 is out of bounds '
           '[0, 4) in params dimension 1')
    run = difftest.Run
    c.expect("error ok", difftest.check_error_run(
        case, run("mlir-runner", 1, msg, ""), 3) is None)
    for what, r, line in (
            ("no stop", run("mlir-runner", 0, msg, ""), 3),
            ("wrong line", run("mlir-runner", 1, msg, ""), 4),
            ("wrong index", run("mlir-runner", 1, msg.replace("7", "17"), ""),
             3),
            ("printed", run("mlir-runner", 1, "Unranked Memref" + msg, ""), 3),
            ("wrong dim", run("mlir-runner", 1, msg.replace("dimension 1",
                                                            "dimension 0"),
                              ""), 3)):
        c.expect(f"error check: {what}",
                 difftest.check_error_run(case, r, line) is not None)


def run(random_count=500):
    c = Checker()
    check_literal_examples(c)
    check_modes(c)
    check_random(c, random_count)
    check_harness(c)
    for what in c.failed:
        print(f"self-check FAILED: {what}")
    print(f"self-check: {c.passed} checks passed, {len(c.failed)} failed "
          f"(literal examples of the TF pages, modes, {random_count} random "
          f"cross-checks of two reference implementations, output parsing)")
    return not c.failed
