#!/usr/bin/env python3
"""Inputs and numpy references of the MPI execution tests.

    mpi_cases.py prepare DIR NRANKS CASE...   write each process's input blocks
    mpi_cases.py check DIR NRANKS CASE...     compare each process's result
                                              block with numpy

A case names the function it runs (in the test's .mlir module), the grid, its
global inputs with the split of each dimension over grid axes (as in the
module's shard.sharding ops), the split of the result and the numpy
reference of the whole computation on the global arrays. mpi_driver.c reads
DIR/CASE.in<k>.<rank>.bin and writes DIR/CASE.out.<rank>.bin. A process's
grid coordinates are its rank unpacked row-major over the grid shape; a
dimension split over grid axes [a0, a1, ...] is cut into equal blocks, block
i going to the processes whose linear index over those axes is i.
"""

import sys
import zlib
from dataclasses import dataclass, field

import numpy as np

# ---------------------------------------------------------------------------
# numpy references (global semantics of docs/spec.md)
# ---------------------------------------------------------------------------


def _apply_mode(idx, n, mode):
    """Returns (index to read, valid mask) for one index component."""
    idx = idx.astype(np.int64)
    if mode == "clamp":
        return np.clip(idx, 0, max(n - 1, 0)), np.full(idx.shape, n > 0)
    if mode == "wrap":
        assert ((idx >= -n) & (idx < n)).all(), "wrap: index out of [-n, n)"
        return np.where(idx < 0, idx + n, idx), np.full(idx.shape, True)
    valid = (idx >= 0) & (idx < n)
    if mode == "error":
        assert valid.all(), "error: index out of bounds"
    return np.where(valid, idx, 0), valid


def gather(params, indices, axis=0, batch_dims=0, mode="error"):
    """tf.gather with an out-of-bounds mode."""
    if batch_dims > 0:
        return np.stack([
            gather(params[i], indices[i], axis - 1, batch_dims - 1, mode)
            for i in range(params.shape[0])
        ])
    idx, valid = _apply_mode(indices, params.shape[axis], mode)
    result = np.take(params, idx, axis=axis)
    mask = valid.reshape((1,) * axis + valid.shape + (1,) *
                         (params.ndim - axis - 1))
    return np.where(mask, result, 0).astype(params.dtype)


def gather_nd(params, indices, batch_dims=0, mode="error"):
    """tf.gather_nd with an out-of-bounds mode."""
    if batch_dims > 0:
        return np.stack([
            gather_nd(params[i], indices[i], batch_dims - 1, mode)
            for i in range(params.shape[0])
        ])
    depth = indices.shape[-1]
    comps, valid = [], np.full(indices.shape[:-1], True)
    for k in range(depth):
        idx, ok = _apply_mode(indices[..., k], params.shape[k], mode)
        comps.append(idx)
        valid &= ok
    result = params[tuple(comps)]
    mask = valid.reshape(valid.shape + (1,) * (result.ndim - valid.ndim))
    return np.where(mask, result, 0).astype(params.dtype)


# ---------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------


@dataclass
class Case:
    entry: str
    grid: tuple
    # (global array, split axes of each dimension); [] or a missing entry:
    # that dimension is replicated.
    inputs: list
    result_split: list
    # The global result, or None when the program must stop (error cases).
    expected: object = None
    repeat: int = 1
    notes: list = field(default_factory=list)


def _rng(name):
    return np.random.default_rng(zlib.crc32(name.encode()))


def _table(rng, shape, dtype=np.float32):
    # Integers and quarters: every sum the tests make is exact.
    return (rng.integers(-64, 64, size=shape) / 4).astype(dtype)


def _ids(rng, shape, lo, hi, dtype=np.int64):
    return rng.integers(lo, hi, size=shape).astype(dtype)


def _cases():
    cases = {}

    def add(name, case):
        cases[name] = case

    # Vocabulary-parallel rows over a grid of 2: the gathered axis is split.
    for mode, lo, hi in [("zero", -3, 40), ("clamp", -3, 40),
                         ("error", 0, 32), ("wrap", -32, 32)]:
        rng = _rng("rows_" + mode)
        t, i = _table(rng, (32, 6)), _ids(rng, (5, 3), lo, hi)
        add(f"rows_{mode}", Case(f"rows_{mode}", (2,), [(t, [[0]]), (i, [])],
                                 [], gather(t, i, 0, 0, mode)))
    rng = _rng("rows_error_oob")
    t, i = _table(rng, (32, 6)), _ids(rng, (5, 3), 0, 32)
    i[3, 1] = 40
    add("rows_error_oob", Case("rows_error", (2,), [(t, [[0]]), (i, [])], []))
    i = i.copy()
    i[3, 1] = -33
    add("rows_wrap_oob", Case("rows_wrap", (2,), [(t, [[0]]), (i, [])], []))

    # Dynamic sizes (the function takes tensor<?x6xf32>, tensor<?xi32>).
    rng = _rng("rows_dynamic")
    t, i = _table(rng, (32, 6)), _ids(rng, (9,), -4, 36, np.int32)
    add("rows_dynamic", Case("rows_dynamic", (2,), [(t, [[0]]), (i, [])], [],
                             gather(t, i, 0, 0, "clamp")))

    # The gathered axis is 1, split; i32 indices.
    rng = _rng("axis1_zero")
    t, i = _table(rng, (6, 32)), _ids(rng, (7,), -5, 40, np.int32)
    add("axis1_zero", Case("axis1_zero", (2,), [(t, [[], [0]]), (i, [])], [],
                           gather(t, i, 1, 0, "zero")))

    # batch_dims = 1: params and indices split on the batch dimension (no
    # communication), then params split on the gathered axis.
    rng = _rng("batch_split")
    t, i = _table(rng, (4, 16, 3)), _ids(rng, (4, 5), 0, 16)
    add("batch_split", Case("batch_split", (2,), [(t, [[0]]), (i, [[0]])],
                            [[0]], gather(t, i, 1, 1, "error")))
    rng = _rng("batch_axis_clamp")
    t, i = _table(rng, (4, 16, 3)), _ids(rng, (4, 5), -2, 20)
    add("batch_axis_clamp", Case("batch_axis_clamp", (2,),
                                 [(t, [[], [0]]), (i, [])], [],
                                 gather(t, i, 1, 1, "clamp")))

    # Data parallel: the indices (and the result) split, params replicated.
    rng = _rng("ids_split")
    t, i = _table(rng, (16, 4)), _ids(rng, (6, 3), 0, 16)
    add("ids_split", Case("ids_split", (2,), [(t, []), (i, [[0]])], [[0]],
                          gather(t, i, 0, 0, "error")))

    # Tensor parallel: params split on the hidden (slice) dimension.
    rng = _rng("hidden_split")
    t, i = _table(rng, (16, 8)), _ids(rng, (5,), 0, 16)
    add("hidden_split", Case("hidden_split", (2,), [(t, [[], [0]]), (i, [])],
                             [[], [0]], gather(t, i, 0, 0, "error")))

    # gather_nd split on the first indexed dimension.
    for mode, lo, hi in [("zero", -1, 9), ("clamp", -2, 10),
                         ("error", 0, 6), ("wrap", -6, 6)]:
        rng = _rng("nd_" + mode)
        t, i = _table(rng, (8, 6, 4)), _ids(rng, (5, 2), lo, hi)
        add(f"nd_{mode}", Case(f"nd_{mode}", (2,), [(t, [[0]]), (i, [])], [],
                               gather_nd(t, i, 0, mode)))
    rng = _rng("nd_error_oob")
    t, i = _table(rng, (8, 6, 4)), _ids(rng, (5, 2), 0, 6)
    i[2, 1] = 6
    add("nd_error_oob", Case("nd_error", (2,), [(t, [[0]]), (i, [])], []))
    # gather_nd with batch_dims = 1, its first indexed dimension split.
    rng = _rng("nd_batch_clamp")
    t, i = _table(rng, (2, 8, 3)), _ids(rng, (2, 4, 1), -2, 10)
    add("nd_batch_clamp", Case("nd_batch_clamp", (2,),
                               [(t, [[], [0]]), (i, [])], [],
                               gather_nd(t, i, 1, "clamp")))

    # An embedding (rows split) followed by a projection whose columns are
    # split: the embedding is all-reduced, the matmul is local.
    rng = _rng("embed_matmul")
    t, i, w = (_table(rng, (16, 8)), _ids(rng, (6,), -1, 18),
               _table(rng, (8, 10)))
    add("embed_matmul", Case("embed_matmul", (2,),
                             [(t, [[0]]), (i, []), (w, [[], [0]])], [[], [0]],
                             gather(t, i, 0, 0, "clamp") @ w))

    # The table gathered to every process first (an all_gather of its rows),
    # then a local gather: what a vocabulary-parallel embedding avoids.
    rng = _rng("table_all_gather")
    t, i = _table(rng, (32, 6)), _ids(rng, (5, 3), 0, 32)
    add("table_all_gather", Case("table_all_gather", (2,),
                                 [(t, [[0]]), (i, [])], [],
                                 gather(t, i, 0, 0, "error")))

    # Four processes.
    rng = _rng("rows4_clamp")
    t, i = _table(rng, (64, 6)), _ids(rng, (4, 5), -4, 70)
    add("rows4_clamp", Case("rows4_clamp", (4,), [(t, [[0]]), (i, [])], [],
                            gather(t, i, 0, 0, "clamp")))
    rng = _rng("nd4_zero")
    t, i = _table(rng, (8, 6, 4)), _ids(rng, (5, 2), -1, 9)
    add("nd4_zero", Case("nd4_zero", (4,), [(t, [[0]]), (i, [])], [],
                         gather_nd(t, i, 0, "zero")))
    rng = _rng("embed4_matmul")
    t, i, w = (_table(rng, (32, 8)), _ids(rng, (6,), 0, 32),
               _table(rng, (8, 12)))
    add("embed4_matmul", Case("embed4_matmul", (4,),
                              [(t, [[0]]), (i, []), (w, [[], [0]])], [[], [0]],
                              gather(t, i, 0, 0, "error") @ w))
    # An all_gather along dimension 1 (columns) over four processes.
    rng = _rng("cols4_all_gather")
    t, i = _table(rng, (8, 12)), _ids(rng, (5,), 0, 8)
    add("cols4_all_gather", Case("cols4_all_gather", (4,),
                                 [(t, [[], [0]]), (i, [])], [],
                                 gather(t, i, 0, 0, "error")))
    # A 2x2 grid: table rows over grid axis 0, tokens over grid axis 1; the
    # all_reduce is over grid axis 0 only. Repeated past MPICH's limit of
    # about 2045 communicators: the split communicator is cached.
    rng = _rng("grid2x2")
    t, i = _table(rng, (32, 6)), _ids(rng, (8, 3), -2, 34)
    expected = gather(t, i, 0, 0, "zero")
    add("grid2x2", Case("grid2x2", (2, 2), [(t, [[0]]), (i, [[1]])], [[1]],
                        expected))
    add("grid2x2_repeat", Case("grid2x2", (2, 2), [(t, [[0]]), (i, [[1]])],
                               [[1]], expected, repeat=3000))
    return cases


CASES = _cases()

# ---------------------------------------------------------------------------
# Blocks and files
# ---------------------------------------------------------------------------


def block(array, split, grid, rank):
    """The block of `array` that process `rank` holds."""
    coords = np.unravel_index(rank, grid)
    slices = []
    for dim in range(array.ndim):
        axes = split[dim] if dim < len(split) else []
        if not axes:
            slices.append(slice(None))
            continue
        count, position = 1, 0
        for axis in axes:
            count *= grid[axis]
            position = position * grid[axis] + coords[axis]
        assert array.shape[dim] % count == 0, "uneven split"
        size = array.shape[dim] // count
        slices.append(slice(position * size, (position + 1) * size))
    return np.ascontiguousarray(array[tuple(slices)])


def write_block(path, array):
    header = np.array([array.dtype.itemsize, array.ndim, *array.shape],
                      dtype=np.int64)
    with open(path, "wb") as f:
        f.write(header.tobytes())
        f.write(np.ascontiguousarray(array).tobytes())


def read_block(path, dtype):
    data = open(path, "rb").read()
    item, rank = np.frombuffer(data[:16], dtype=np.int64)
    shape = tuple(np.frombuffer(data[16:16 + 8 * rank], dtype=np.int64))
    assert item == np.dtype(dtype).itemsize
    return np.frombuffer(data[16 + 8 * rank:], dtype=dtype).reshape(shape)


def prepare(directory, nranks, name):
    case = CASES[name]
    assert int(np.prod(case.grid)) == nranks, f"{name}: grid {case.grid}"
    for rank in range(nranks):
        for k, (array, split) in enumerate(case.inputs):
            write_block(f"{directory}/{name}.in{k}.{rank}.bin",
                        block(array, split, case.grid, rank))


def check(directory, nranks, name):
    case = CASES[name]
    for rank in range(nranks):
        want = block(case.expected, case.result_split, case.grid, rank)
        got = read_block(f"{directory}/{name}.out.{rank}.bin", want.dtype)
        if got.shape != want.shape or not np.array_equal(got, want):
            print(f"{name}: rank {rank} differs from numpy\n got {got.shape}:\n"
                  f"{got}\n want {want.shape}:\n{want}")
            return False
    print(f"{name}: {nranks} ranks match numpy")
    return True


def main(argv):
    command, directory, nranks, names = argv[1], argv[2], int(argv[3]), argv[4:]
    ok = True
    for name in names:
        if command == "prepare":
            prepare(directory, nranks, name)
        elif command == "check":
            ok &= check(directory, nranks, name)
        elif command == "args":
            case = CASES[name]
            print(case.entry, len(case.inputs), case.expected.ndim
                  if case.expected is not None else 0, case.repeat)
        else:
            raise SystemExit(f"unknown command {command}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
