#!/usr/bin/python3
"""numpy and torch timings of the CPU gather benchmark's cases.

Usage: frameworks.py SPEC.json (written by run.py). Prints one JSON line per
job: {"case", "threads", "numpy", "torch"} in GB/s of output bytes.

The same timing rule as the C++ harness: one warm-up call, then `repeats`
interleaved samples (each at least `min_sample` seconds), median; the clock is
the job's ("cpu": process CPU time, "wall": wall-clock time). Arrays are numpy arrays
(numpy madvises huge pages for large ones, as the harness does); the torch
tensors share their memory (torch.from_numpy). Data are never zeros.

What each framework runs (its natural API for the kind; where it takes an
output argument, the output is preallocated):
  rows      numpy.take(p, i, axis=0, out=)    torch.index_select(p, 0, i, out=)
  elements  numpy.take(p, i, axis=-1, out=)   torch.index_select(p, -1, i, out=)
  batch1    numpy.take_along_axis             torch.gather(p, 1, i, out=)
            (slices: p[arange(O)[:, None], i] in both)
  nd        p[i[:, 0], i[:, 1]] in both (advanced indexing)
torch needs int64 indices for gather and advanced indexing: i32 indices are
converted before timing.
"""

import json
import sys
import time

import numpy as np
import torch

NP_DTYPE = {"f32": np.float32, "f16": np.float16, "i8": np.int8,
            "i32": np.int32, "i64": np.int64}


def median_seconds(fns, repeats, min_sample, now):
    """Median seconds per call of each of fns: warm-up, then interleaved
    rounds (as in the C++ harness)."""
    inner = []
    for fn in fns:
        t0 = now()
        fn()
        inner.append(max(1, int(min_sample / max(now() - t0, 1e-9)) + 1))
    samples = [[] for _ in fns]
    for _ in range(repeats):
        for fn, n, s in zip(fns, inner, samples):
            t = now()
            for _ in range(n):
                fn()
            s.append((now() - t) / n)
    return [sorted(s)[len(s) // 2] for s in samples]


def make_indices(job, rng):
    """Uniform random indices in [0, N) (sorted per list when asked);
    gather_nd pairs in [0, N) x [0, D1)."""
    itype = NP_DTYPE[job["itype"]]
    shape = job["indices_shape"]
    if job["kind"] == "nd":
        i = np.empty(shape, dtype=itype)
        i[:, 0] = rng.integers(0, job["N"], shape[0])
        i[:, 1] = rng.integers(0, job["D1"], shape[0])
        return i
    i = rng.integers(0, job["N"], shape, dtype=itype)
    if job["sorted"]:
        i.sort(axis=-1)
    return i


def bench(job, repeats, min_sample):
    rng = np.random.default_rng(42)
    dtype = NP_DTYPE[job["dtype"]]
    n = int(np.prod(job["params_shape"]))
    p = (np.arange(n, dtype=np.int64) % 97 + 1).astype(dtype).reshape(
        job["params_shape"])
    i = make_indices(job, rng)
    out = np.full(job["out_shape"], 3, dtype=dtype)
    kind, sliced = job["kind"], job["S"] > 1

    if kind == "rows":
        np_fn = lambda: np.take(p, i, axis=0, out=out)  # noqa: E731
    elif kind == "elements":
        np_fn = lambda: np.take(p, i, axis=-1, out=out)  # noqa: E731
    elif kind == "batch1" and not sliced:
        np_fn = lambda: np.take_along_axis(p, i, axis=1)  # noqa: E731
    elif kind == "batch1":
        rows = np.arange(job["O"])[:, None]
        np_fn = lambda: p[rows, i]  # noqa: E731
    else:
        np_fn = lambda: p[i[:, 0], i[:, 1]]  # noqa: E731
    # The check: a result of the right shape with no zero (params has none),
    # which torch must reproduce exactly.
    r = np_fn()
    r = (out if r is None else r).copy()
    assert r.shape == tuple(job["out_shape"]) and r.all(), job["name"]

    torch.set_num_threads(job["threads"])
    tp, tout = torch.from_numpy(p), torch.from_numpy(out)
    ti = torch.from_numpy(i)
    if kind in ("rows", "elements"):
        dim = 0 if kind == "rows" else -1
        th_fn = lambda: torch.index_select(tp, dim, ti, out=tout)  # noqa
    elif kind == "batch1" and not sliced:
        ti = ti.long()
        th_fn = lambda: torch.gather(tp, 1, ti, out=tout)  # noqa: E731
    elif kind == "batch1":
        ti, trows = ti.long(), torch.arange(job["O"])[:, None]
        th_fn = lambda: tp[trows, ti]  # noqa: E731
    else:
        ti = ti.long()
        t0, t1 = ti[:, 0].contiguous(), ti[:, 1].contiguous()
        th_fn = lambda: tp[t0, t1]  # noqa: E731
    tr = th_fn()
    assert torch.equal(tr, torch.from_numpy(np.ascontiguousarray(r))), \
        job["name"] + ": torch and numpy disagree"
    now = time.process_time if job["clock"] == "cpu" else time.perf_counter
    t_np, t_th = median_seconds([np_fn, th_fn], repeats, min_sample, now)
    return {"case": job["name"], "threads": job["threads"],
            "numpy": job["out_bytes"] / t_np / 1e9,
            "torch": job["out_bytes"] / t_th / 1e9}


def main():
    with open(sys.argv[1]) as f:
        spec = json.load(f)
    for job in spec["jobs"]:
        try:
            res = bench(job, spec["repeats"], spec["min_sample"])
        except Exception as e:  # report, and go on with the other cases
            print(f"{job['name']} t={job['threads']}: {e!r}", file=sys.stderr)
            continue
        print(json.dumps(res), flush=True)


if __name__ == "__main__":
    main()
