"""Random embedding bags: a gather followed by a linalg reduction over the
gathered index positions, as a user writes one, and a numpy reference.

A case gathers rows of a table (`gather.gather` axis 0, or `gather.gather_nd`
with one index component) for bags of K indices and reduces them over K:
sum, mean (the sum, then a linalg.map dividing by K), max, min, maxnum,
minnum, or a sum weighted by per-sample weights, written as `linalg.reduce`
or as a `linalg.generic` (the reduction loop outer or innermost), from a
filled init or from one the caller passes. gather-fuse-reductions rewrites
these into its bag loops (rows in registers, compare-and-select min/max on
x86) or tiles and fuses them; the reference reads the rows with tfref.gather
and applies the body one row at a time in the element type, as the op's
semantics order it.

12% of the cases are embeddings followed by a contraction over the row
instead (reduce=matmul): rows [bags..., K, D] times a matrix [D, N], by
`linalg.matmul` (no bag dimensions) or a `linalg.generic`, which
gather-fuse-reductions tiles over the rows with the gather fused in.

Values are multiples of 1/4 in [-2, 2] (weights too), so sums and weighted
sums are exact in every element type and print exactly; only a mean and a
contraction (whose order of additions is the lowering's) round.
Min/max cases, and some sums, also hold NaN, infinities and zeros of both
signs: a result must be NaN where the reference's is, and a zero must have
the reference's sign (except maxnum/minnum, whose zero sign LLVM leaves open).
"""

import dataclasses

import numpy as np

import cases as casegen
import tfref

ELEMENT_TYPES = ("f32", "f64", "f16", "i32")
NP_TYPES = {"f32": np.float32, "f64": np.float64, "f16": np.float16,
            "i32": np.int32}
INDEX_TYPES = ("i32", "i64", "index")
FLOAT_REDUCTIONS = ("sum", "mean", "max", "min", "maxnum", "minnum",
                    "weighted")
INT_REDUCTIONS = ("sum", "max", "min", "weighted")
# The body's op per reduction and element kind; weighted adds a product.
FLOAT_OPS = {"sum": "arith.addf", "mean": "arith.addf", "weighted":
             "arith.addf", "max": "arith.maximumf", "min": "arith.minimumf",
             "maxnum": "arith.maxnumf", "minnum": "arith.minnumf"}
INT_OPS = {"sum": "arith.addi", "weighted": "arith.addi",
           "max": "arith.maxsi", "min": "arith.minsi"}
# Row widths: under, at and over vector and cache-line sizes, and rows wider
# than a register block (1 KiB on Zen, 512 B elsewhere).
ROW_WIDTHS = (1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 31, 32, 33, 64, 65, 130, 272)
# Bit patterns of the special values in MLIR literals.
SPECIAL_HEX = {
    "f32": {"nan": "0x7FC00000", "inf": "0x7F800000", "-inf": "0xFF800000"},
    "f64": {"nan": "0x7FF8000000000000", "inf": "0x7FF0000000000000",
            "-inf": "0xFFF0000000000000"},
    "f16": {"nan": "0x7E00", "inf": "0x7C00", "-inf": "0xFC00"},
}


@dataclasses.dataclass
class BagCase:
    number: int
    op: str              # gather | gather_nd
    element_type: str
    index_type: str
    mode: str            # error | zero | clamp | wrap
    reduce: str
    form: str            # reduce | generic | generic_inner
    acc_first: bool      # the body reads the accumulator first
    table: np.ndarray    # [N, row...]
    indices: np.ndarray  # [bags..., K] (gather_nd: [bags..., K, 1])
    weights: np.ndarray  # [bags..., K] or None
    init: object         # a scalar filled, or an array the caller passes
    table_dynamic: tuple  # per dimension: passed as `?`
    indices_dynamic: tuple
    bad: bool = False    # error mode with an out-of-bounds index
    matrix: np.ndarray = None  # reduce=matmul: [D, N]
    matrix_dynamic: tuple = ()

    @property
    def name(self):
        return f"bag{self.number}"

    @property
    def is_float(self):
        return self.element_type != "i32"

    @property
    def bag_rank(self):
        """Dimensions of bags before the reduced K dimension."""
        return self.indices.ndim - (2 if self.op == "gather_nd" else 1)

    @property
    def row_shape(self):
        return self.table.shape[1:]

    @property
    def result_shape(self):
        if self.matrix is not None:
            return (self.indices.shape[:self.bag_rank + 1] +
                    self.matrix.shape[1:])
        return self.indices.shape[:self.bag_rank] + self.row_shape

    @property
    def init_is_array(self):
        return isinstance(self.init, np.ndarray)

    def categories(self):
        """[(category, value)] for the summary and --only."""
        return [("op", self.op), ("type", self.element_type),
                ("reduce", self.reduce), ("form", self.form),
                ("mode", self.mode),
                ("init", "arg" if self.init_is_array else "fill"),
                ("shape", "dynamic" if any(self.table_dynamic +
                                           self.indices_dynamic)
                 else "static"),
                ("expect", "error stop" if self.bad else "result")]


#===------------------------------------------------------------------------===#
# Drawing cases
#===------------------------------------------------------------------------===#


def _values(rng, dtype, shape, special):
    """Multiples of 1/4 in [-2, 2] (integers in [-8, 8] for i32); with
    `special`, some NaN, infinities and zeros of either sign."""
    if dtype == "i32":
        return rng.integers(-8, 9, size=shape).astype(np.int32)
    v = (rng.integers(-8, 9, size=shape) / 4.0).astype(NP_TYPES[dtype])
    if special and v.size:
        picks = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0],
                         dtype=NP_TYPES[dtype])
        where = rng.random(shape) < 0.2
        v[where] = rng.choice(picks, size=int(where.sum()))
    return v


def _identity(reduce, dtype):
    if reduce in ("max", "maxnum"):
        return -np.inf if dtype != "i32" else np.iinfo(np.int32).min
    if reduce in ("min", "minnum"):
        return np.inf if dtype != "i32" else np.iinfo(np.int32).max
    return 0


def _indices(rng, shape, n, mode, index_type):
    """Indices into `n` rows; out of bounds ones where `mode` defines them."""
    idx = rng.integers(0, max(n, 1), size=shape) if n else \
        np.zeros(shape, dtype=np.int64)
    if mode == "wrap" and n:
        flip = rng.random(shape) < 0.3
        idx = np.where(flip, idx - n, idx)
    if mode in ("zero", "clamp") and idx.size:
        oob = rng.random(shape) < 0.25
        far = rng.choice([-1, -n - 3, n, n + 5, 1000], size=shape)
        idx = np.where(oob, far, idx)
    return idx.astype(np.int32 if index_type == "i32" else np.int64)


def _dynamic(rng, rank, any_dynamic):
    """Which of `rank` dimensions a case passes as `?`."""
    return tuple(bool(any_dynamic and rng.random() < 0.4)
                 for _ in range(rank))


def _draw_mode_and_indices(rng, shape, n, index_type, op):
    """(mode, indices, bad): error mode holds a bad index in 8% of cases;
    gather_nd indices get their depth of 1."""
    mode = str(rng.choice(["error", "zero", "clamp", "wrap"],
                          p=[0.3, 0.3, 0.25, 0.15]))
    if n == 0 and mode in ("error", "wrap"):
        mode = "zero"
    indices = _indices(rng, shape, n, mode, index_type)
    bad = False
    if mode == "error" and indices.size and rng.random() < 0.08:
        flat = indices.reshape(-1)
        flat[rng.integers(0, flat.size)] = rng.choice([-1, n, n + 7])
        bad = True
    if op == "gather_nd":
        indices = indices[..., None]
    return mode, indices, bad


def _indices_dynamic(rng, indices, op, dynamic):
    # gather_nd's index depth is static (the verifier's rule).
    return _dynamic(rng, indices.ndim - (op == "gather_nd"), dynamic) + \
        (False,) * (op == "gather_nd")


def generate_contraction(seed, number):
    """An embedding times a matrix: [bags..., K] indices into [n, D] rows,
    contracted over D with a [D, N] matrix."""
    rng = np.random.default_rng([seed, number, 1])
    dtype = str(rng.choice(("f32", "f64", "f16"), p=[0.6, 0.2, 0.2]))
    op = "gather_nd" if rng.random() < 0.15 else "gather"
    index_type = str(rng.choice(INDEX_TYPES, p=[0.4, 0.45, 0.15]))
    d, cols = int(rng.choice(ROW_WIDTHS[:14])), int(rng.integers(1, 18))
    n = int(rng.integers(1, 12))
    # Past rows-per-tile (32) sometimes.
    k = int(rng.integers(1, 12)) if rng.random() < 0.8 else \
        int(rng.integers(30, 70))
    bags = () if rng.random() < 0.5 else (int(rng.integers(1, 5)),)
    mode, indices, bad = _draw_mode_and_indices(rng, bags + (k,), n,
                                                index_type, op)
    result = bags + (k, cols)
    dynamic = rng.random() < 0.6
    return BagCase(
        number=number, op=op, element_type=dtype, index_type=index_type,
        mode=mode, reduce="matmul",
        form="matmul" if not bags and rng.random() < 0.6 else "generic",
        acc_first=bool(rng.random() < 0.3),
        table=_values(rng, dtype, (n, d), False), indices=indices,
        weights=None,
        init=_values(rng, dtype, result, False) if rng.random() < 0.4
        else 0.0,
        table_dynamic=_dynamic(rng, 2, dynamic),
        indices_dynamic=_indices_dynamic(rng, indices, op, dynamic),
        bad=bad, matrix=_values(rng, dtype, (d, cols), False),
        matrix_dynamic=_dynamic(rng, 2, dynamic))


def generate_case(seed, number):
    if np.random.default_rng([seed, number, 2]).random() < 0.12:
        return generate_contraction(seed, number)
    rng = np.random.default_rng([seed, number])
    dtype = str(rng.choice(ELEMENT_TYPES, p=[0.45, 0.2, 0.2, 0.15]))
    reduce = str(rng.choice(FLOAT_REDUCTIONS if dtype != "i32"
                            else INT_REDUCTIONS))
    op = "gather_nd" if rng.random() < 0.15 else "gather"
    index_type = str(rng.choice(INDEX_TYPES, p=[0.4, 0.45, 0.15]))
    # Rows: one dimension mostly, two sometimes (the bag loops take one).
    row = (int(rng.choice(ROW_WIDTHS)),)
    if rng.random() < 0.12:
        row = (int(rng.integers(1, 4)), int(rng.choice(ROW_WIDTHS[:10])))
    n = int(rng.integers(1, 12)) if rng.random() > 0.05 else 0
    k = int(rng.integers(0, 9)) if rng.random() < 0.1 else \
        int(rng.integers(1, 9))
    if rng.random() < 0.15:  # past the prefetch distance of short rows
        k = int(rng.integers(9, 41))
    bags = (int(rng.integers(0, 9)),)
    r = rng.random()
    if r < 0.1:
        bags = ()
    elif r < 0.2:
        bags = (int(rng.integers(1, 4)), int(rng.integers(1, 4)))
    if dtype == "f16" and (0 in bags or 0 in row):
        bags = tuple(max(b, 1) for b in bags)  # printMemrefShape has no F16
    # Keep a case's constants small: the batch budget counts elements.
    while np.prod(bags + (k,) + row) > 1500 and row[-1] > 8:
        row = row[:-1] + (row[-1] // 2,)
    special = dtype != "i32" and (
        rng.random() < (0.5 if reduce not in ("sum", "weighted") else 0.15))
    table = _values(rng, dtype, (n,) + row, special)
    mode, indices, bad = _draw_mode_and_indices(rng, bags + (k,), n,
                                                index_type, op)
    weights = _values(rng, dtype, bags + (k,), False) \
        if reduce == "weighted" else None
    result = bags + row
    if rng.random() < 0.35:
        init = _values(rng, dtype, result, special)
    elif rng.random() < 0.7:
        init = _identity(reduce, dtype)
    else:
        init = float(_values(rng, dtype, (), False))
    dynamic = rng.random() < 0.6
    forms = ["reduce", "generic", "generic_inner"]
    form = "generic" if reduce == "weighted" and rng.random() < 0.5 else \
        str(rng.choice(forms if reduce != "weighted" else forms[1:]))
    if not bags and form == "generic_inner":
        form = "generic"
    return BagCase(
        number=number, op=op, element_type=dtype, index_type=index_type,
        mode=mode, reduce=reduce, form=form,
        acc_first=bool(rng.random() < 0.3), table=table, indices=indices,
        weights=weights, init=init,
        table_dynamic=_dynamic(rng, table.ndim, dynamic),
        indices_dynamic=_indices_dynamic(rng, indices, op, dynamic),
        bad=bad)


#===------------------------------------------------------------------------===#
# The reference
#===------------------------------------------------------------------------===#


def _nan_either(x, a):
    return np.isnan(x) | np.isnan(a)


def _max(x, a):
    """arith.maximumf: NaN wins, +0 above -0."""
    r = np.where(x > a, x, a)
    r = np.where((x == a) & np.signbit(a), x, r)
    return np.where(_nan_either(x, a), np.nan, r).astype(x.dtype)


def _min(x, a):
    r = np.where(x < a, x, a)
    r = np.where((x == a) & np.signbit(x), x, r)
    return np.where(_nan_either(x, a), np.nan, r).astype(x.dtype)


def _num(op):
    """maxnumf / minnumf: a NaN operand yields the other."""
    def apply(x, a):
        r = op(x, a)
        r = np.where(np.isnan(x), a, r)
        return np.where(np.isnan(a), x, r).astype(x.dtype)
    return apply


def _combine(case):
    if not case.is_float:
        return {"max": np.maximum, "min": np.minimum}.get(
            case.reduce, lambda x, a: (x + a).astype(np.int32))
    return {"max": _max, "min": _min, "maxnum": _num(_max),
            "minnum": _num(_min)}.get(case.reduce, lambda x, a: x + a)


def expected(case):
    """The result, or a tfref.OutOfBounds for a bad index in error mode."""
    dt = NP_TYPES[case.element_type]
    try:
        if case.op == "gather":
            rows = tfref.gather(case.table, case.indices, axis=0,
                                mode=case.mode)
        else:
            rows = tfref.gather_nd(case.table, case.indices, mode=case.mode)
    except tfref.OutOfBounds as e:
        return e
    rows = rows.astype(dt)
    acc = np.array(np.broadcast_to(np.asarray(case.init, dtype=dt),
                                   case.result_shape))
    if case.matrix is not None:
        return _contract(case, rows, acc)
    combine, b = _combine(case), case.bag_rank
    with np.errstate(all="ignore"):
        for k in range(rows.shape[b]):
            x = rows[(slice(None),) * b + (k,)]
            if case.weights is not None:
                w = case.weights[..., k].reshape(
                    case.weights.shape[:b] + (1,) * len(case.row_shape))
                x = (x * w).astype(dt)
            acc = combine(x, acc).astype(dt)
        if case.reduce == "mean":
            acc = (acc / dt(rows.shape[b])).astype(dt)
    return acc


def _contract(case, rows, init):
    """init + rows @ matrix, in f64; sets case.slack, the rounding each
    element may take: (D + 1) steps of the element type's epsilon times
    the sum of the magnitudes added, plus printing's six digits."""
    rows64, m64 = rows.astype(np.float64), case.matrix.astype(np.float64)
    init64 = init.astype(np.float64)
    exact = init64 + rows64 @ m64
    magnitude = np.abs(init64) + np.abs(rows64) @ np.abs(m64)
    eps = np.finfo(NP_TYPES[case.element_type]).eps
    case.slack = (m64.shape[0] + 1) * eps * magnitude + 1e-5 * np.abs(exact)
    return exact.astype(NP_TYPES[case.element_type])


def compare(case, want, tokens):
    """None if the printed `tokens` are the result `want`, else a message."""
    if want.size == 0:
        return None
    if tokens is None or len(tokens) != want.size:
        return f"printed {len(tokens or [])} elements, expected {want.size}"
    got = np.array([float(t) for t in tokens]).reshape(want.shape)
    ref = want.astype(np.float64)
    same = (got == ref) | (np.isnan(got) & np.isnan(ref))
    if case.reduce == "mean":
        with np.errstate(invalid="ignore"):  # inf - inf
            same |= np.abs(got - ref) <= 1e-5 * np.abs(ref)
    if case.matrix is not None:
        same = np.abs(got - ref) <= case.slack
    if case.is_float and case.reduce not in ("maxnum", "minnum", "matmul"):
        same &= ~((ref == 0) & (np.signbit(got) != np.signbit(ref)))
    bad = [i for i in np.ndindex(*want.shape) if not same[i]]
    if not bad:
        return None
    lines = [f"{len(bad)} of {want.size} elements differ; first ones:"]
    lines += [f"  at {list(i)}: expected {ref[i]!r}, got {got[i]!r}"
              for i in bad[:8]]
    return "\n".join(lines)


#===------------------------------------------------------------------------===#
# MLIR emission
#===------------------------------------------------------------------------===#


def _literal(value, dtype):
    if not dtype.startswith("f"):
        return str(int(value))
    v = float(value)
    if np.isnan(v):
        return SPECIAL_HEX[dtype]["nan"]
    if np.isinf(v):
        return SPECIAL_HEX[dtype]["inf" if v > 0 else "-inf"]
    return repr(v)


def _type(shape, dtype, dynamic=None):
    dims = [None if dynamic and dynamic[i] else d
            for i, d in enumerate(shape)]
    return casegen.tensor_type(dims, dtype)


class _Types:
    """The case function's operand and result types (dynamic dimensions as
    the case draws them; the result's follow its operands')."""

    def __init__(self, c):
        et, b = c.element_type, c.bag_rank
        self.table = _type(c.table.shape, et, c.table_dynamic)
        self.indices = _type(c.indices.shape, c.index_type,
                             c.indices_dynamic)
        dyn = c.indices_dynamic[:b] + c.table_dynamic[1:]
        if c.matrix is not None:
            self.matrix = _type(c.matrix.shape, et, c.matrix_dynamic)
            dyn = c.indices_dynamic[:b + 1] + c.matrix_dynamic[1:]
        self.result = _type(c.result_shape, et, dyn)
        k_dyn = c.indices_dynamic[b]
        self.gathered = _type(c.indices.shape[:b + 1] + c.row_shape, et,
                              c.indices_dynamic[:b] + (k_dyn,) +
                              c.table_dynamic[1:])
        self.weights = _type(c.indices.shape[:b + 1], et,
                             c.indices_dynamic[:b + 1])
        self.result_dynamic = dyn


def _dims(value, vtype, dynamic, name):
    """tensor.dim lines for the dimensions of `value` flagged `dynamic`;
    returns (lines, SSA names)."""
    lines, names = [], []
    for pos, dyn in enumerate(dynamic):
        if dyn:
            lines.append(f"  %{name}{pos}c = arith.constant {pos} : index")
            lines.append(f"  %{name}{pos} = tensor.dim {value}, "
                         f"%{name}{pos}c : {vtype}")
            names.append(f"%{name}{pos}")
    return lines, names


def _result_dims(c, t, tag):
    """The dynamic result sizes, read from the indices and the table (SSA
    names prefixed `tag`)."""
    b = c.bag_rank
    if c.matrix is not None:
        lines, names = _dims("%indices", t.indices,
                             c.indices_dynamic[:b + 1], tag + "b")
        ml, mn = _dims("%matrix", t.matrix, (False,) + c.matrix_dynamic[1:],
                       tag + "m")
        return lines + ml, names + mn
    lines, names = _dims("%indices", t.indices, c.indices_dynamic[:b],
                         tag + "b")
    tl, tn = _dims("%table", t.table, (False,) + c.table_dynamic[1:],
                   tag + "r")
    return lines + tl, names + tn


def _body(c, args, et):
    """The reduction body on block arguments `args` (x[, w], acc)."""
    x, acc = args[0], args[-1]
    lines = []
    if c.weights is not None:
        mul = "arith.mulf" if c.is_float else "arith.muli"
        lines.append(f"    %p = {mul} {x}, {args[1]} : {et}")
        x = "%p"
    op = (FLOAT_OPS if c.is_float else INT_OPS)[c.reduce]
    a, b = (acc, x) if c.acc_first else (x, acc)
    lines += [f"    %s = {op} {a}, {b} : {et}", f"    linalg.yield %s : {et}"]
    return lines


def _maps(c):
    """(indexing maps of rows[, weights], acc; iterator types) of the
    generic form: loops over bags, K, row dims (K last for generic_inner)."""
    b, r = c.bag_rank, len(c.row_shape)
    bags = [f"b{i}" for i in range(b)]
    rows = [f"r{i}" for i in range(r)]
    loops = bags + (rows + ["k"] if c.form == "generic_inner"
                    else ["k"] + rows)
    iters = ['"reduction"' if d == "k" else '"parallel"' for d in loops]
    dims = ", ".join(loops)

    def amap(results):
        return f"affine_map<({dims}) -> ({', '.join(results)})>"

    maps = [amap(bags + ["k"] + rows)]
    if c.weights is not None:
        maps.append(amap(bags + ["k"]))
    maps.append(amap(bags + rows))
    return maps, iters


def _contraction(c, t):
    """rows [bags..., K, D] times matrix [D, N] into init [bags..., K, N]:
    linalg.matmul, or a linalg.generic with the loop over D last."""
    et, b = c.element_type, c.bag_rank
    ins = f"ins(%rows, %matrix : {t.gathered}, {t.matrix})"
    if c.form == "matmul":
        return [f"  %r = linalg.matmul {ins} outs(%init : {t.result}) -> "
                f"{t.result}"]
    outer = [f"b{i}" for i in range(b)] + ["k"]
    dims = ", ".join(outer + ["j", "d"])
    maps = [f"affine_map<({dims}) -> ({', '.join(r)})>"
            for r in (outer + ["d"], ["d", "j"], outer + ["j"])]
    iters = ", ".join(['"parallel"'] * (b + 2) + ['"reduction"'])
    a, p = ("%a", "%p") if c.acc_first else ("%p", "%a")
    return [f"  %r = linalg.generic {{indexing_maps = [{', '.join(maps)}], "
            f"iterator_types = [{iters}]}}",
            f"      {ins} outs(%init : {t.result}) {{",
            f"  ^bb0(%x: {et}, %w: {et}, %a: {et}):",
            f"    %p = arith.mulf %x, %w : {et}",
            f"    %s = arith.addf {a}, {p} : {et}",
            f"    linalg.yield %s : {et}",
            f"  }} -> {t.result}"]


def _reduction(c, t):
    if c.matrix is not None:
        return _contraction(c, t)
    et, b = c.element_type, c.bag_rank
    ins = [("%rows", t.gathered)]
    if c.weights is not None:
        ins.append(("%weights", t.weights))
    ins_text = ", ".join(v for v, _ in ins) + " : " + \
        ", ".join(ty for _, ty in ins)
    if c.form == "reduce":
        head = [f"  %r = linalg.reduce ins({ins_text}) outs(%init : "
                f"{t.result}) dimensions = [{b}]",
                f"    (%x: {et}, %a: {et}) {{"]
        return head + _body(c, ["%x", "%a"], et) + ["  }"]
    maps, iters = _maps(c)
    args = ["%x"] + (["%w"] if c.weights is not None else []) + ["%a"]
    head = [f"  %r = linalg.generic {{indexing_maps = [{', '.join(maps)}], "
            f"iterator_types = [{', '.join(iters)}]}}",
            f"      ins({ins_text}) outs(%init : {t.result}) {{",
            "  ^bb0(" + ", ".join(f"{a}: {et}" for a in args) + "):"]
    return head + _body(c, args, et) + [f"  }} -> {t.result}"]


def _mean(c, t):
    """A linalg.map dividing the sums by K (read from the indices)."""
    et, b = c.element_type, c.bag_rank
    lines, names = _result_dims(c, t, "m")
    return lines + [
        f"  %ck = arith.constant {b} : index",
        f"  %kk = tensor.dim %indices, %ck : {t.indices}",
        "  %ki = arith.index_cast %kk : index to i64",
        f"  %k = arith.uitofp %ki : i64 to {et}",
        f"  %e2 = tensor.empty({', '.join(names)}) : {t.result}",
        f"  %m = linalg.map ins(%r : {t.result}) outs(%e2 : {t.result})",
        f"    (%v: {et}, %o: {et}) {{",
        f"      %q = arith.divf %v, %k : {et}",
        f"      linalg.yield %q : {et}",
        "    }",
    ]


def case_function(c):
    """The function under test; returns (text, line of the gather in it)."""
    t, et = _Types(c), c.element_type
    params = [f"%table: {t.table}", f"%indices: {t.indices}"]
    if c.weights is not None:
        params.append(f"%weights: {t.weights}")
    if c.matrix is not None:
        params.append(f"%matrix: {t.matrix}")
    if c.init_is_array:
        params.append(f"%init: {t.result}")
    lines = [f"func.func @{c.name}({', '.join(params)}) -> {t.result} {{"]
    mode = "" if c.mode == "error" and c.number % 2 else f" mode<{c.mode}>"
    attrs = " axis = 0" if c.op == "gather" else ""
    lines.append(f"  %rows = gather.{c.op} %table[%indices]{attrs}{mode} : "
                 f"({t.table}, {t.indices}) -> {t.gathered}")
    op_line = len(lines)
    if not c.init_is_array:
        dims, names = _result_dims(c, t, "f")
        lines += dims + [
            f"  %fill = arith.constant {_literal(c.init, et)} : {et}",
            f"  %empty = tensor.empty({', '.join(names)}) : {t.result}",
            f"  %init = linalg.fill ins(%fill : {et}) outs(%empty : "
            f"{t.result}) -> {t.result}"]
    lines += _reduction(c, t)
    out = "%r"
    if c.reduce == "mean":
        lines += _mean(c, t)
        out = "%m"
    lines += [f"  return {out} : {t.result}", "}"]
    return "\n".join(lines) + "\n", op_line


def _printer(c):
    et = c.element_type
    if np.prod(c.result_shape) == 0:
        return "printMemrefShape" + et.upper()
    return "printMemref" + et.upper()


def _call(c):
    """Lines of main that pass the case its operands and print its result."""
    t, et, n = _Types(c), c.element_type, c.number
    operands = [(c.table, et, t.table), (c.indices, c.index_type,
                                         t.indices)]
    if c.weights is not None:
        operands.append((c.weights, et, t.weights))
    if c.matrix is not None:
        operands.append((c.matrix, et, t.matrix))
    if c.init_is_array:
        operands.append((c.init, et, t.result))
    lines, args = [f"  // {c.name}"], []
    for pos, (array, el, dyn_type) in enumerate(operands):
        static = _type(array.shape, el)
        v = f"%v{n}_{pos}"
        value = casegen.dense(array, el, _literal)
        lines.append(f"  {v} = arith.constant {value} : {static}")
        if static != dyn_type:
            lines.append(f"  {v}c = tensor.cast {v} : {static} to {dyn_type}")
            v += "c"
        args.append(v)
    types = ", ".join(ty for _, _, ty in operands)
    fn = _printer(c)
    lines += [
        f"  %r{n} = func.call @{c.name}({', '.join(args)}) {{no_inline}} : "
        f"({types}) -> {t.result}",
        f"  %u{n} = tensor.cast %r{n} : {t.result} to tensor<*x{et}>",
        f"  call @{fn}(%u{n}) : (tensor<*x{et}>) -> ()"]
    return lines, fn


def program(cases):
    """A module with one function per case and a `main` printing each result
    (operands are constants in main, passed through non-inlined calls).
    Returns (text, {case number: line of its gather})."""
    decls, funcs, body, op_lines = set(), [], [], {}
    for c in cases:
        lines, fn = _call(c)
        body += lines
        decls.add(fn)
    # The printers' element types are their suffixes: printMemrefF32...
    decl_text = "".join(f"func.func private @{fn}(tensor<*x{fn[-3:].lower()}>"
                        f") attributes {{llvm.emit_c_interface}}\n"
                        for fn in sorted(decls))
    line = decl_text.count("\n") + 1
    for c in cases:
        text, op_line = case_function(c)
        op_lines[c.number] = line + op_line - 1
        funcs.append(text)
        line += text.count("\n")
    return (decl_text + "".join(funcs) + "func.func @main() {\n" +
            "\n".join(body) + "\n  return\n}\n"), op_lines
