"""Random gather / gather_nd cases and their MLIR test programs.

A case is drawn from its own generator, seeded by (seed, case number), so a
case does not depend on how many others are drawn or how they are batched.
Element values are exactly representable in their type and print exactly with
printMemref's six significant digits, so results compare for equality.
"""

import dataclasses

import numpy as np

import tfref

ELEMENT_TYPES = ("f32", "f64", "f16", "bf16", "i8", "i32", "i64", "i1")
INDEX_TYPES = ("i32", "i64", "index")
# Bytes of an element in memory (i1 takes a byte).
ELEMENT_BYTES = {"f32": 4, "f64": 8, "f16": 2, "bf16": 2, "i8": 1, "i32": 4,
                 "i64": 8, "i1": 1}
# What the op's `mode` is written as; None leaves it out (default: error).
MODES = (None, "error", "zero", "clamp")
MODE_WEIGHTS = (0.1, 0.2, 0.35, 0.35)

# Size budgets per case: elements of params, indices and the result.
MAX_PARAMS = 384
MAX_INDICES = 96
MAX_RESULT = 256

# How each element type is printed: (printMemref suffix, printed type, the
# extension op or None). i8 would print as characters, i1 has no printer.
PRINTERS = {
    "f32": ("F32", "f32", None),
    "f64": ("F64", "f64", None),
    "f16": ("F16", "f16", None),
    "bf16": ("BF16", "bf16", None),
    "i32": ("I32", "i32", None),
    "i64": ("I64", "i64", None),
    "i8": ("I32", "i32", "arith.extsi"),
    "i1": ("I32", "i32", "arith.extui"),
}
# Empty results print only their shape (printMemref would read past the
# buffer); printMemrefShape exists for these types only.
SHAPE_PRINTERS = {
    "f32": ("F32", "f32", None),
    "f64": ("F64", "f64", None),
    "f16": ("F32", "f32", "arith.extf"),
    "bf16": ("F32", "f32", "arith.extf"),
    "i32": ("I32", "i32", None),
    "i64": ("I64", "i64", None),
    "i8": ("I32", "i32", "arith.extsi"),
    "i1": ("I32", "i32", "arith.extui"),
}


@dataclasses.dataclass
class Case:
    """One gather or gather_nd application and its expected outcome."""
    seed: int
    number: int
    op: str  # "gather" or "gather_nd"
    element_type: str
    index_type: str
    mode: str  # as written: "default", "error", "zero", "clamp" or "wrap"
    axis: object  # int as written, or None (absent)
    batch_dims: object  # int as written, or None (absent)
    params: np.ndarray
    indices: np.ndarray  # int64
    params_type: list  # dims, None for dynamic
    indices_type: list
    result_type: list
    result_kind: str  # "inferred", "dynamic" or "static" result type
    out_of_bounds: bool  # some index is out of bounds
    expected: object = None  # np.ndarray, or tfref.OutOfBounds
    # Dynamic operand types come from a tensor.cast in the case function,
    # right before the op (canonicalization may fold it), instead of main.
    cast_in_callee: bool = False
    large: bool = False  # a dimension of 17..128
    # The last params dimension holds 64 or 128 bytes: gather slices of
    # whole cache lines (gather-nontemporal-copies streams those).
    lines: bool = False
    # params is a strided tensor.extract_slice, in the case function, of the
    # array `view[0]` passed in: view = (array, offsets, strides).
    view: object = None
    # The operands are constants in the case function, so that the op's
    # folder computes the result when it can.
    fold: bool = False
    # With difftest.py --tile: how the op is tiled first (tiling.Tiling).
    tiling: object = None

    @property
    def name(self):
        return f"case_{self.seed}_{self.number}"

    @property
    def effective_mode(self):
        return "error" if self.mode == "default" else self.mode

    @property
    def dynamic(self):
        return None in self.params_type or None in self.indices_type

    @property
    def expects_error(self):
        return isinstance(self.expected, tfref.OutOfBounds)

    def reference_kwargs(self):
        kw = {"mode": self.effective_mode,
              "batch_dims": self.batch_dims or 0}
        if self.op == "gather":
            kw["axis"] = self.axis
        return kw

    def categories(self):
        """(category, value) pairs for the summary."""
        return [
            ("op", self.op),
            ("mode", self.mode),
            ("indices", "out-of-bounds" if self.out_of_bounds else "in-range"),
            ("expect", "error stop" if self.expects_error else "result"),
            ("element", self.element_type),
            ("index type", self.index_type),
            ("shapes", "static" if not self.dynamic else
             "dynamic, cast before op" if self.cast_in_callee else
             "dynamic, cast in caller"),
            ("result type", self.result_kind),
            ("params", "strided slice" if self.view else "whole tensor"),
            ("operands", "constants (foldable)" if self.fold else
             "arguments"),
            ("params rank", str(self.params.ndim)),
            ("indices rank", str(self.indices.ndim)),
            ("sizes", "empty result" if self.expected_shape_has_zero()
             else "lines" if self.lines else "large" if self.large
             else "small"),
        ] + ([("tiling", self.tiling.category())] if self.tiling else [])

    def expected_shape_has_zero(self):
        return 0 in self.true_result_shape()

    def true_result_shape(self):
        if self.op == "gather":
            return tfref.gather_shape(self.params.shape, self.indices.shape,
                                      self.axis, self.batch_dims or 0)
        return tfref.gather_nd_shape(self.params.shape, self.indices.shape,
                                     self.batch_dims or 0)


#===------------------------------------------------------------------------===#
# Generation
#===------------------------------------------------------------------------===#


def _sample_dim(rng):
    r = rng.random()
    if r < 0.04:
        return 0
    if r < 0.24:
        return 1
    if r < 0.72:
        return int(rng.integers(2, 4))
    if r < 0.92:
        return int(rng.integers(4, 6))
    return int(rng.integers(6, 17))


def _shrink(dims, fits):
    """Halves the largest of the mutable dims lists until `fits()` holds."""
    while not fits():
        lst, i = max(((lst, i) for lst in dims for i in range(len(lst))),
                     key=lambda li: li[0][li[1]])
        lst[i] //= 2


def _volume(shape):
    return int(np.prod([max(d, 1) for d in shape], dtype=np.int64))


def _draw_shapes(rng, op, large, line_elems=0):
    """Returns (params shape, indices shape, axis, batch_dims) normalised.

    A large case has one non-batch dimension of 17..128 and budgets 16 times
    the usual ones. With `line_elems`, the last params dimension (unless it
    is a batch dimension) has that size, the others at most 3, with the
    large budget.
    """
    if op == "gather":
        prank, irank = int(rng.integers(1, 6)), int(rng.integers(0, 6))
        b = int(rng.integers(0, min(irank, prank - 1) + 1))
        a = int(rng.integers(b, prank))
        batch = [_sample_dim(rng) for _ in range(b)]
        prest = [_sample_dim(rng) for _ in range(prank - b)]
        irest = [_sample_dim(rng) for _ in range(irank - b)]
        depth = None
    else:
        prank, irank = int(rng.integers(1, 6)), int(rng.integers(1, 6))
        # b == rank(params) leaves index depth 0 only: keep that rare.
        top = min(irank - 1, prank if rng.random() < 0.1 else prank - 1)
        b = int(rng.integers(0, top + 1))
        hi = prank - b
        depth = int(rng.integers(1, hi + 1)) if hi and rng.random() > 0.08 \
            else 0
        a = None
        batch = [_sample_dim(rng) for _ in range(b)]
        prest = [_sample_dim(rng) for _ in range(prank - b)]
        irest = [_sample_dim(rng) for _ in range(irank - 1 - b)]

    tail = []
    if line_elems and prest:
        tail, prest = [line_elems], prest[:-1]

    def shapes():
        p = tuple(batch + prest + tail)
        i = tuple(batch + irest) + (() if depth is None else (depth,))
        return p, i

    scale = 1
    rest = [(lst, k) for lst in (prest, irest) for k in range(len(lst))]
    if tail:
        scale = 16
        for lst, k in rest:
            lst[k] = min(lst[k], 3)
    if large and rest:
        scale = 16
        for lst, k in rest:
            lst[k] = min(lst[k], 3)
        lst, k = rest[int(rng.integers(0, len(rest)))]
        lst[k] = int(rng.integers(17, 129))

    def fits():
        p, i = shapes()
        r = (tfref.gather_shape(p, i, a, b) if op == "gather"
             else tfref.gather_nd_shape(p, i, b))
        return (_volume(p) <= scale * MAX_PARAMS and
                _volume(i) <= scale * MAX_INDICES and
                _volume(r) <= scale * MAX_RESULT)

    _shrink([batch, prest, irest], fits)
    p, i = shapes()
    return p, i, a, b


def _bounds(op, pshape, ishape, a, b):
    """The bound of every element of indices, as an array of ishape."""
    if op == "gather":
        return np.full(ishape, pshape[a], dtype=np.int64)
    depth = ishape[-1]
    return np.broadcast_to(np.array(pshape[b:b + depth], dtype=np.int64),
                           ishape).copy()


def _oob_value(rng, bound, index_type, wrap=False):
    """An out-of-bounds index: near the bounds, or far, or truncation bait.
    With `wrap`, out of [-bound, bound)."""
    near = [-1, -2, bound, bound + 1, bound + 7, -bound - 1]
    if wrap:
        near = [bound, bound + 1, -bound - 1, -bound - 2, -2 * bound - 1]
    if index_type == "i32":
        far = [2**31 - 1, -2**31, -2**31 + max(bound - 1, 0)]
    else:
        # 2**32 + k truncates to an in-range k; 2**31 + k wraps negative.
        k = int(rng.integers(0, max(bound, 1)))
        far = [2**32 + k, -2**32 + k, 2**31 + k, 2**40, -2**40, 2**63 - 1,
               -2**63]
    pool = near if rng.random() < 0.6 else far
    return int(pool[int(rng.integers(0, len(pool)))])


def _values(rng, element_type, n):
    """n exactly representable, mostly distinct, non-zero values."""
    def distinct(lo, hi, n):
        span = np.arange(lo, hi + 1)
        span = span[span != 0]
        return rng.choice(span, size=n, replace=n > len(span))

    if element_type in ("f32", "f64"):
        return distinct(-40000, 40000, n) / 4.0
    if element_type == "f16":
        return distinct(-2047, 2047, n) / 4.0
    if element_type == "bf16":
        return distinct(-255, 255, n) / 4.0
    if element_type == "i8":
        return distinct(-128, 127, n).astype(np.int64)
    if element_type == "i1":
        return rng.integers(0, 2, size=n).astype(np.int64)
    if element_type == "i32":
        v = distinct(-1000, 1000, n).astype(np.int64)
        extremes = [2**31 - 1, -2**31]
    else:
        v = distinct(-100000, 100000, n).astype(np.int64)
        extremes = [2**63 - 1, -2**63, 2**40 + 3, -2**33 - 5]
    for j in range(n):
        if rng.random() < 0.1:
            v[j] = extremes[int(rng.integers(0, len(extremes)))]
    return v


def _draw_types(rng, pshape, ishape, op, dynamic, result_shape):
    """Operand and result types (None for a dynamic dimension)."""
    ptype, itype = list(pshape), list(ishape)
    if dynamic:
        eligible = [(ptype, k) for k in range(len(ptype))]
        last = len(itype) - (1 if op == "gather_nd" else 0)
        eligible += [(itype, k) for k in range(last)]
        chosen = [e for e in eligible if rng.random() < 0.5]
        if not chosen:
            chosen = [eligible[int(rng.integers(0, len(eligible)))]]
        for lst, k in chosen:
            lst[k] = None
    r = rng.random()
    if r < 0.12:
        return ptype, itype, [None] * len(result_shape), "dynamic"
    if dynamic and r < 0.22:
        return ptype, itype, list(result_shape), "static"
    return ptype, itype, None, "inferred"


def _infer_result_type(op, ptype, itype, a, b):
    """The result type the op infers: a batch dim is static if either is."""
    merged = [p if p is not None else i for p, i in zip(ptype[:b], itype[:b])]
    if op == "gather":
        return merged + ptype[b:a] + itype[b:] + ptype[a + 1:]
    depth = itype[-1]
    return merged + itype[b:-1] + ptype[b + depth:]


def _draw_view(rng, params, element_type):
    """A bigger array that params is a strided slice of, with new values."""
    offsets = [int(rng.integers(0, 3)) for _ in params.shape]
    strides = [int(rng.integers(1, 3)) if d > 1 else 1 for d in params.shape]
    big = tuple(o + (d - 1) * s + 1 + int(rng.integers(0, 2)) if d else o
                for o, s, d in zip(offsets, strides, params.shape))
    array = _values(rng, element_type, int(np.prod(big))).reshape(big)
    return array, offsets, strides


def _view_slices(view, shape):
    return tuple(slice(o, o + d * s, s)
                 for o, s, d in zip(view[1], view[2], shape))


def generate_case(seed, number):
    """Draws case `number` of `seed`."""
    rng = np.random.default_rng([seed, number])
    op = "gather" if rng.random() < 0.5 else "gather_nd"
    element_type = ELEMENT_TYPES[int(rng.integers(0, len(ELEMENT_TYPES)))]
    index_type = INDEX_TYPES[int(rng.integers(0, len(INDEX_TYPES)))]
    mode = MODES[int(rng.choice(len(MODES), p=MODE_WEIGHTS))]
    mode = mode or "default"
    # wrap takes part of the explicit error cases, from a stream of its own
    # so that the other cases of a seed stay what they were.
    if mode == "error" and \
            np.random.default_rng([seed, number, 3]).random() < 0.5:
        mode = "wrap"
    effective = "error" if mode == "default" else mode
    reports = effective in ("error", "wrap")
    # Out-of-bounds indices: often for zero/clamp; rarely for error, where
    # the case then runs alone and must stop with a message.
    want_oob = rng.random() < (0.12 if reports else 0.5)

    # Draws added later come from a second stream, so that earlier cases of
    # a seed stay what they were.
    extra = np.random.default_rng([seed, number, 1])
    large = extra.random() < 0.05
    # A third stream, for the same reason.
    lines = np.random.default_rng([seed, number, 2]).random() < 0.1
    line_elems = 0
    if lines:
        line_bytes = ELEMENT_BYTES[element_type]
        line_elems = 64 * int(rng.integers(1, 3)) // line_bytes
    for _ in range(1000):
        pshape, ishape, a, b = _draw_shapes(rng, op, large, line_elems)
        bounds = _bounds(op, pshape, ishape, a, b)
        indices = np.zeros(ishape, dtype=np.int64)
        flat_b, flat_i = bounds.reshape(-1), indices.reshape(-1)
        for j, bound in enumerate(flat_b):
            if bound > 0:
                # wrap: negative indices count from the end.
                lo = -bound if effective == "wrap" else 0
                flat_i[j] = rng.integers(lo, bound)
        result_shape = (tfref.gather_shape(pshape, ishape, a, b)
                        if op == "gather"
                        else tfref.gather_nd_shape(pshape, ishape, b))
        if reports and 0 not in result_shape:
            # A non-empty result reads every index.
            if (flat_b == 0).any():
                continue
            if want_oob:
                # Exactly one bad index: the message must name it.
                if flat_b.size == 0:
                    continue
                j = int(rng.integers(0, flat_b.size))
                flat_i[j] = _oob_value(rng, int(flat_b[j]), index_type,
                                       effective == "wrap")
        else:
            # zero, clamp, or an empty result, which reads no index (error
            # mode then must not stop: give it bad indices).
            bad = want_oob or reports
            for j, bound in enumerate(flat_b):
                if bound == 0 or (bad and rng.random() < 0.35):
                    flat_i[j] = _oob_value(rng, int(bound), index_type,
                                           effective == "wrap")
        break
    else:
        raise RuntimeError(f"no valid case for seed {seed} number {number}")

    if index_type == "i32":
        assert np.all((flat_i >= -2**31) & (flat_i < 2**31))
    params = _values(rng, element_type, int(np.prod(pshape, dtype=np.int64)))
    params = params.reshape(pshape)

    # Attributes as written: negative forms and absent defaults.
    prank, irank = len(pshape), len(ishape)
    if op == "gather":
        if a == b and rng.random() < 0.4:
            axis = None
        else:
            axis = a - prank if rng.random() < 0.4 else a
        if b < irank and rng.random() < 0.4:
            batch_dims = b - irank
        elif b == 0 and rng.random() < 0.5:
            batch_dims = None
        else:
            batch_dims = b
    else:
        axis = None
        batch_dims = None if b == 0 and rng.random() < 0.5 else b

    dynamic = rng.random() < 0.5
    ptype, itype, rtype, result_kind = _draw_types(
        rng, pshape, ishape, op, dynamic, result_shape)
    if rtype is None:
        rtype = _infer_result_type(op, ptype, itype, a, b)

    case = Case(seed=seed, number=number, op=op, element_type=element_type,
                index_type=index_type, mode=mode, axis=axis,
                batch_dims=batch_dims, params=params, indices=indices,
                params_type=ptype, indices_type=itype, result_type=rtype,
                result_kind=result_kind,
                out_of_bounds=bool(((indices < 0) | (indices >= bounds)).any()))
    case.cast_in_callee = dynamic and extra.random() < 0.3
    case.large = large
    case.lines = lines and pshape[-1] == line_elems
    if params.size and extra.random() < 0.15:
        case.view = _draw_view(extra, params, element_type)
        case.params = params = case.view[0][_view_slices(case.view,
                                                        params.shape)]
        case.cast_in_callee = True
    if extra.random() < 0.1:
        case.fold = case.cast_in_callee = True
    fn = tfref.gather if op == "gather" else tfref.gather_nd
    try:
        case.expected = fn(params, indices, **case.reference_kwargs())
    except tfref.OutOfBounds as e:
        case.expected = e
    return case


#===------------------------------------------------------------------------===#
# MLIR emission
#===------------------------------------------------------------------------===#


def tensor_type(dims, element_type):
    shape = "".join(("?" if d is None else str(d)) + "x" for d in dims)
    return f"tensor<{shape}{element_type}>"


def _literal(value, element_type):
    if element_type == "i1":
        return "true" if value else "false"
    if element_type in ("f32", "f64", "f16", "bf16"):
        return repr(float(value))
    return str(int(value))


def dense(array, element_type, literal=None):
    """The dense<...> attribute of `array`, each element written by
    `literal(value, element_type)` (default: exact decimal)."""
    literal = literal or _literal
    if array.size == 0:
        return "dense<>"

    def nested(a):
        if a.ndim == 0:
            return literal(a[()], element_type)
        return "[" + ", ".join(nested(x) for x in a) + "]"

    return f"dense<{nested(array)}>"


def _op_text(case, params, indices):
    attrs = []
    if case.axis is not None:
        attrs.append(f"axis = {case.axis}")
    if case.batch_dims is not None:
        attrs.append(f"batch_dims = {case.batch_dims}")
    if case.mode != "default":
        attrs.append(f"mode<{case.mode}>")
    ptype = tensor_type(case.params_type, case.element_type)
    itype = tensor_type(case.indices_type, case.index_type)
    rtype = tensor_type(case.result_type, case.element_type)
    return (f"gather.{case.op} {params}[{indices}]"
            + "".join(" " + a for a in attrs)
            + f" : ({ptype}, {itype}) -> {rtype}")


def _operand_types(case):
    """(static operand types, operand types of the op)."""
    return ((tensor_type(case.params.shape, case.element_type),
             tensor_type(case.indices.shape, case.index_type)),
            (tensor_type(case.params_type, case.element_type),
             tensor_type(case.indices_type, case.index_type)))


def _passed_params(case):
    """The params array main passes, and the case function's type for it."""
    if case.view is not None:
        array = case.view[0]
        return array, tensor_type(array.shape, case.element_type)
    dims = case.params.shape if case.cast_in_callee else case.params_type
    return case.params, tensor_type(dims, case.element_type)


def _casts(values, types, new_types):
    """tensor.casts of `values` where their type changes: (lines, values)."""
    lines, out = [], []
    for value, old, new in zip(values, types, new_types):
        if old != new:
            lines.append(f"  {value}_dyn = tensor.cast {value} : {old} to "
                         f"{new}")
            value += "_dyn"
        out.append(value)
    return lines, out


def _constants(case, params, indices):
    """Lines defining the operands main passes as constants."""
    passed = _passed_params(case)[0]
    return [f"  {params} = arith.constant {dense(passed, case.element_type)}"
            f" : {tensor_type(passed.shape, case.element_type)}",
            f"  {indices} = arith.constant "
            f"{dense(case.indices, case.index_type)} : "
            f"{tensor_type(case.indices.shape, case.index_type)}"]


def case_function(case):
    """The function under test; returns (text, line of the op within it)."""
    rtype = tensor_type(case.result_type, case.element_type)
    static, dynamic = _operand_types(case)
    # The operands' types before the casts to the op's types, and what the
    # function receives: the same, but a bigger array to slice for a view.
    current = static if case.cast_in_callee else dynamic
    received = (_passed_params(case)[1], current[1])
    if case.fold:
        lines = [f"func.func @{case.name}() -> {rtype} {{"]
        lines += _constants(case, "%params", "%indices")
    else:
        lines = [f"func.func @{case.name}(%params: {received[0]}, "
                 f"%indices: {received[1]}) -> {rtype} {{"]
    values = ["%params", "%indices"]
    if case.view:
        _, offsets, strides = case.view
        lines.append(f"  %params_view = tensor.extract_slice %params"
                     f"{offsets} {list(case.params.shape)} {strides} : "
                     f"{received[0]} to {current[0]}")
        values[0] = "%params_view"
    casts, operands = _casts(values, current, dynamic)
    lines += casts + [f"  %result = {_op_text(case, *operands)}",
                      f"  return %result : {rtype}", "}"]
    return "\n".join(lines) + "\n", len(lines) - 2


def _printer(case):
    """(printMemref function, printed element type, extension op or None)."""
    if case.expected_shape_has_zero():
        suffix, ptype_el, ext = SHAPE_PRINTERS[case.element_type]
        return "printMemrefShape" + suffix, ptype_el, ext
    suffix, ptype_el, ext = PRINTERS[case.element_type]
    return "printMemref" + suffix, ptype_el, ext


def _print_call(case, result, rtype, tag):
    """Converts `result` to a printable type and prints it."""
    fn, ptype_el, ext = _printer(case)
    rank = len(case.result_type)
    lines = []
    value, vtype = result, rtype
    if ext:
        dims = [f"%{tag}_d{k}" for k, d in enumerate(case.result_type)
                if d is None]
        for k, d in enumerate(case.result_type):
            if d is None:
                lines.append(f"  %{tag}_d{k} = tensor.dim {result}, "
                             f"%c{k} : {rtype}")
        vtype = tensor_type(case.result_type, ptype_el)
        ids = ", ".join(f"d{k}" for k in range(rank))
        amap = f"affine_map<({ids}) -> ({ids})>"
        iters = ", ".join(['"parallel"'] * rank)
        lines += [
            f"  %{tag}_init = tensor.empty({', '.join(dims)}) : {vtype}",
            f"  %{tag}_wide = linalg.generic {{indexing_maps = [{amap}, "
            f"{amap}], iterator_types = [{iters}]}} ins({result} : {rtype}) "
            f"outs(%{tag}_init : {vtype}) {{",
            f"  ^bb0(%in: {case.element_type}, %out: {ptype_el}):",
            f"    %w = {ext} %in : {case.element_type} to {ptype_el}",
            f"    linalg.yield %w : {ptype_el}",
            f"  }} -> {vtype}",
        ]
        value = f"%{tag}_wide"
    lines += [
        f"  %{tag}_u = tensor.cast {value} : {vtype} to tensor<*x{ptype_el}>",
        f"  call @{fn}(%{tag}_u) : (tensor<*x{ptype_el}>) -> ()",
    ]
    return lines, fn, ptype_el


def program(cases):
    """A module with one function per case and a `main` printing each result.

    Operands are constants in `main`, cast to the case's (possibly dynamic)
    operand types there and passed through a non-inlined call, so neither the
    folder nor canonicalization sees constant or static operands. Returns
    (text, {case number: line of its gather op}).
    """
    funcs, body, declared, op_lines = [], [], {}, {}
    line = 1
    for case in cases:
        text, op_line = case_function(case)
        op_lines[case.number] = line + op_line - 1
        funcs.append(text)
        line += text.count("\n")
    # The dimension numbers that printing converted dynamic results needs.
    dims = sorted({k for c in cases if _printer(c)[2]
                   for k, d in enumerate(c.result_type) if d is None})
    body += [f"  %c{k} = arith.constant {k} : index" for k in dims]
    for case in cases:
        t = f"r{case.number}"
        static, dynamic = _operand_types(case)
        passed, passed_type = _passed_params(case)
        arg_types = (passed_type,
                     (static if case.cast_in_callee else dynamic)[1])
        static = (tensor_type(passed.shape, case.element_type), static[1])
        rtype = tensor_type(case.result_type, case.element_type)
        body.append(f"  // {case.name}")
        args = []
        if not case.fold:
            body += _constants(case, f"%{t}_p", f"%{t}_i")
            casts, args = _casts([f"%{t}_p", f"%{t}_i"], static, arg_types)
            body += casts
        body.append(f"  %{t} = func.call @{case.name}({', '.join(args)}) "
                    f"{{no_inline}} : ({', '.join(arg_types[:len(args)])}) "
                    f"-> {rtype}")
        lines, fn, ptype_el = _print_call(case, f"%{t}", rtype, t)
        body += lines
        declared[fn] = ptype_el
    decls = [f"func.func private @{fn}(tensor<*x{el}>) "
             f"attributes {{llvm.emit_c_interface}}\n"
             for fn, el in sorted(declared.items())]
    # Declarations come first: shift the op lines.
    op_lines = {k: v + len(decls) for k, v in op_lines.items()}
    text = ("".join(decls) + "".join(funcs) + "func.func @main() {\n"
            + "\n".join(body) + "\n  return\n}\n")
    return text, op_lines
