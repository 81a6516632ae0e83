"""Benchmark cases of the CPU gather benchmark (shared by run.py and
frameworks.py).

A case is one gather with static shapes (`dynamic`: its gathered
dimensions are dynamic in the kernel; the harness is the same). Every kind has the same shape of
work: the output is O x M blocks of S contiguous elements, and block (o, m)
copies one block of params chosen by the indices:

  rows      gather axis = 0:     params [N, S],    indices [M]    -> [M, S]
  elements  gather axis = -1:    params [O, N],    indices [M]    -> [O, M]
  batch1    gather axis = 1, batch_dims = 1 (top-k style):
                                 params [O, N(, S)], indices [O, M] -> [O, M(, S)]
  nd        gather_nd, depth 2:  params [N, D1(, S)], indices [M, 2] -> [M(, S)]
            (nd_full: scalars, S = 1; nd_slice: slices of S elements)

and the embedding bag (issue 15), a gather followed by a reduction:

  bag       gather axis = 0 then a reduction (sum, mean or max) over the K
            rows of each of the M bags: params [N, S], indices [M, K]
            -> gathered [M, K, S] -> [M, S]; indices uniform or Zipf-skewed
            (dist); bytes counted as M * K * S * element size (the rows read).
"""

from dataclasses import dataclass, field

MiB = 1 << 20
KiB = 1 << 10

DTYPE_BYTES = {"f32": 4, "f16": 2, "i8": 1}
CXX_TYPE = {"f32": "float", "f16": "_Float16", "i8": "int8_t",
            "i32": "int32_t", "i64": "int64_t"}


@dataclass
class Case:
    name: str
    kind: str  # rows | elements | batch1 | nd
    dtype: str
    itype: str
    sorted: bool
    O: int
    M: int
    S: int
    N: int
    D1: int = 1
    large: bool = True
    threads: list = field(default_factory=lambda: [1])
    K: int = 1            # bag: rows per bag
    dist: str = "uniform"  # bag: uniform | zipf
    reduce: str = "sum"    # bag: sum | mean | max
    dynamic: bool = False  # the kernel's gathered dimensions are dynamic

    @property
    def out_bytes(self):
        """Bytes counted for GB/s: the output (for a bag, the rows read)."""
        return self.O * self.M * self.K * self.S * DTYPE_BYTES[self.dtype]

    @property
    def params_shape(self):
        s = [self.S] if self.S > 1 else []
        if self.kind in ("rows", "bag"):
            return [self.N, self.S]
        if self.kind == "elements":
            return [self.O, self.N]
        if self.kind == "batch1":
            return [self.O, self.N] + s
        return [self.N, self.D1] + s

    @property
    def indices_shape(self):
        if self.kind in ("rows", "elements"):
            return [self.M]
        if self.kind == "bag":
            return [self.M, self.K]
        if self.kind == "batch1":
            return [self.O, self.M]
        return [self.M, 2]

    @property
    def out_shape(self):
        s = [self.S] if self.S > 1 else []
        if self.kind in ("rows", "bag"):
            return [self.M, self.S]
        if self.kind == "elements":
            return [self.O, self.M]
        if self.kind == "batch1":
            return [self.O, self.M] + s
        return [self.M] + s

    def to_dict(self):
        d = dict(self.__dict__)
        d.update(params_shape=self.params_shape,
                 indices_shape=self.indices_shape, out_shape=self.out_shape,
                 out_bytes=self.out_bytes)
        return d


def _size_name(nbytes):
    return f"{nbytes // KiB}KiB" if nbytes >= KiB else f"{nbytes}B"


def rows(row_bytes, order, dtype, itype, out_bytes, params_bytes,
         suffix=None, **kw):
    """Row gather (axis 0) of rows of row_bytes bytes; `suffix` names the
    case where the default (_l2 for cache-resident ones) would repeat a
    name."""
    es = DTYPE_BYTES[dtype]
    if suffix is None:
        suffix = "" if kw.get("large", True) else "_l2"
    return Case(f"rows_{_size_name(row_bytes)}_{order}_{dtype}_{itype}{suffix}",
                "rows", dtype, itype, order == "sorted", 1,
                out_bytes // row_bytes, row_bytes // es,
                max(1, params_bytes // row_bytes), **kw)


def elements(dtype, itype, out_bytes, params_bytes, O=4, suffix=None, **kw):
    """Element gather (axis -1, one element per index) from O rows."""
    es = DTYPE_BYTES[dtype]
    if suffix is None:
        suffix = "" if kw.get("large", True) else "_l2"
    return Case(f"elements_{dtype}_{itype}{suffix}", "elements", dtype, itype,
                False, O, out_bytes // es // O, 1, params_bytes // es // O,
                **kw)


def batch1(block_bytes, dtype, itype, out_bytes, params_bytes, O=16, **kw):
    """batch_dims = 1 gather of elements (top-k style) or of rows."""
    es = DTYPE_BYTES[dtype]
    what = "elements" if block_bytes == es else _size_name(block_bytes)
    suffix = "" if kw.get("large", True) else "_l2"
    return Case(f"batch1_{what}_{dtype}_{itype}{suffix}", "batch1", dtype,
                itype, False, O, out_bytes // block_bytes // O,
                block_bytes // es, params_bytes // block_bytes // O, **kw)


def nd(block_bytes, dtype, itype, out_bytes, params_bytes, suffix=None,
       **kw):
    """gather_nd of depth 2: scalars (full depth) or slices (partial)."""
    es = DTYPE_BYTES[dtype]
    if suffix is None:
        suffix = "" if kw.get("large", True) else "_l2"
    name = ("nd_full" if block_bytes == es
            else f"nd_slice_{_size_name(block_bytes)}")
    blocks = params_bytes // block_bytes
    d1 = 1 << ((blocks.bit_length() - 1) // 2)
    return Case(f"{name}_{dtype}_{itype}{suffix}", "nd", dtype, itype, False,
                1, out_bytes // block_bytes, block_bytes // es, blocks // d1,
                d1, **kw)


def bag(dim, k, dist, reduce, bags, rows, dtype="f32", itype="i64",
        threads=(1, 2)):
    """Embedding bag: `bags` bags of `k` rows of a `rows` x `dim` table,
    reduced with `reduce`."""
    return Case(f"bag_D{dim}_K{k}_{dist}_{reduce}", "bag", dtype, itype,
                False, 1, bags, dim, rows, threads=list(threads), K=k,
                dist=dist, reduce=reduce)


def bag_cases(bags, rows, extra=True):
    """D 64 and 256, K 32, sum for both distributions (1 and 2 threads);
    with `extra`, mean and max (D 64, uniform, 1 thread) and max of D 256
    (its accumulator is sixteen zmm registers on Zen)."""
    cases = [bag(d, 32, dist, "sum", bags, rows)
             for d in (64, 256) for dist in ("uniform", "zipf")]
    if extra:
        cases += [bag(64, 32, "uniform", r, bags, rows, threads=(1,))
                  for r in ("mean", "max")]
        cases.append(bag(256, 32, "uniform", "max", bags, rows, threads=(1,)))
    return cases


def small_rows():
    """16 rows of 256 B from an L2-resident table per call: the small-gather
    plans (at most 64 static copies, LoweringPlan::Checks::Flagged), where
    the call's fixed costs weigh as much as the copies."""
    return rows(256, "random", "f32", "i32", 4 * KiB, 256 * KiB,
                suffix="_16rows", large=False)


def dynamic_rows():
    """Random rows of 256 B (the big case) with the kernel's table, index
    and result rows dynamic (`?x64xf32`, `?xi32`): the shapes a model with a
    dynamic batch or vocabulary gives."""
    return rows(256, "random", "f32", "i32", 256 * MiB, 256 * MiB,
                suffix="_dynamic", threads=[1, 2], dynamic=True)


def full_cases():
    big = dict(out_bytes=256 * MiB, params_bytes=256 * MiB, threads=[1, 2])
    l2 = dict(out_bytes=256 * KiB, params_bytes=256 * KiB, large=False)
    cases = []
    for order in ("random", "sorted"):
        for rb in (16, 256, 4 * KiB, 64 * KiB):
            cases.append(rows(rb, order, "f32", "i32", **big))
    cases += [
        rows(256, "random", "f16", "i64", **big),
        rows(16, "random", "i8", "i64", **big),
        elements("f32", "i32", **big),
        elements("f32", "i64", **big),
        # f16/i8 elements: 64 MiB of output (256 MiB would take 0.5-2 GiB of
        # indices and minutes); the working set is still the 256 MiB table.
        elements("f16", "i32", 64 * MiB, 256 * MiB, threads=[1, 2]),
        elements("i8", "i64", 64 * MiB, 256 * MiB, threads=[1, 2]),
        batch1(4, "f32", "i64", **big),
        batch1(256, "f32", "i32", **big),
        nd(4, "f32", "i32", **big),
        nd(256, "f32", "i64", **big),
        nd(256, "f16", "i32", **big),
    ]
    for rb in (16, 256, 4 * KiB, 64 * KiB):
        cases.append(rows(rb, "random", "f32", "i32", **l2))
    cases.append(small_rows())
    cases.append(dynamic_rows())
    cases += [
        rows(256, "sorted", "f32", "i32", **l2),
        elements("f32", "i32", **l2),
        elements("i8", "i32", **l2),
        batch1(4, "f32", "i32", **l2),
        nd(4, "f32", "i64", **l2),
        nd(256, "f32", "i32", **l2),
    ]
    # A table between L2 and L3 (8 MiB; the others are within L2 or far
    # beyond L3), 64 MiB of index pairs: stop 34's indices prefetch.
    cases.append(nd(4, "f32", "i64", 16 * MiB, 8 * MiB, suffix="_l3",
                    large=False))
    # Elements from one such table: scalar copies (i8) and vector gathers
    # (f32); stop 45's sub-line prefetch rule.
    for dtype in ("f32", "i8"):
        cases.append(elements(dtype, "i32", 16 * MiB, 8 * MiB, O=1,
                              suffix="_l3", large=False))
    # The shapes: tables of 1M rows, 16384 bags of 32 indices.
    cases += bag_cases(16384, 1 << 20)
    return cases


def quick_cases():
    small = dict(out_bytes=16 * MiB, params_bytes=16 * MiB)
    return [
        rows(256, "random", "f32", "i32", threads=[1, 2], **small),
        rows(4 * KiB, "sorted", "f32", "i32", **small),
        rows(16, "random", "i8", "i64", **small),
        elements("f32", "i32", **small),
        batch1(2, "f16", "i64", **small),
        nd(4, "f32", "i32", **small),
        nd(256, "f32", "i64", **small),
        rows(256, "random", "f32", "i32", 256 * KiB, 256 * KiB, large=False),
        small_rows(),
    ] + bag_cases(4096, 1 << 18)
