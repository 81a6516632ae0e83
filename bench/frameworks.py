#!/usr/bin/python3
"""numpy and torch timings of the CPU gather benchmark's cases.

Usage: frameworks.py SPEC.json (written by run.py). Prints one JSON line per
job: {"case", "threads", "numpy", "torch"} in GB/s of output bytes.

The same timing rule as the C++ harness: one warm-up call, then `repeats`
interleaved samples (each at least `min_sample` seconds), median; the clock is
the job's ("cpu": process CPU time, "wall": wall-clock time). Arrays are numpy arrays
(numpy madvises huge pages for large ones, as the harness does); the torch
tensors share their memory (torch.from_numpy). Data are never zeros.

What each framework runs (the fastest formulation found; the output is
preallocated and passed as out=):
  rows      numpy.take(p, i, axis=0)          torch.index_select(p, 0, i)
  elements  numpy.take(p, i, axis=-1)         torch.index_select(p, -1, i)
  batch1    numpy.take(p.reshape(-1(, S)), i + arange(O)[:, None] * N)
            torch.gather(p, 1, i) (elements), else torch.index_select of the
            same flat rows
  nd        numpy.take / torch.index_select of flat rows i[:, 0] * D1 + i[:, 1]
  bag       numpy.take(p, i, axis=0) then .sum/.mean/.max(axis=1, out=)
            (numpy has no fused form: it builds the [B, K, D] rows)
            torch.nn.functional.embedding_bag(i, p, mode=...) on [B, K]
            int64 indices (no per-call out=; its result is allocated)
(the flat row numbers are computed inside the timed call; advanced indexing
p[i[:, 0], i[:, 1]] and numpy.take_along_axis were 2-10x slower). torch.gather
needs int64 indices: i32 indices are converted before timing. numpy is single-threaded: it is timed once per case
(with the first thread count) and that figure is reported for every count.
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
    rounds (as in the C++ harness, 3 samples at most for calls over 0.5 s)."""
    inner, wanted = [], []
    for fn in fns:
        t0 = now()
        fn()
        warm = max(now() - t0, 1e-9)
        inner.append(max(1, int(min_sample / warm) + 1))
        wanted.append(min(repeats, 3) if warm > 0.5 else repeats)
    samples = [[] for _ in fns]
    for r in range(repeats):
        for fn, n, w, s in zip(fns, inner, wanted, samples):
            if r >= w:
                continue
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


def zipf_indices(job, rng):
    """Zipf(1.05) ranks scattered by an odd multiplier, as the harness."""
    n = job["N"]
    cdf = np.cumsum(np.arange(1, n + 1, dtype=np.float64) ** -1.05)
    u = rng.random(job["indices_shape"]) * cdf[-1]
    rank = np.minimum(np.searchsorted(cdf, u), n - 1).astype(np.uint64)
    return ((rank * np.uint64(0x9E3779B1)) % np.uint64(n)).astype(
        NP_DTYPE[job["itype"]])


def bench_bag(job, repeats, min_sample, numpy_cache):
    rng = np.random.default_rng(42)
    dtype = NP_DTYPE[job["dtype"]]
    n = int(np.prod(job["params_shape"]))
    p = (np.arange(n, dtype=np.int64) % 97 + 1).astype(dtype).reshape(
        job["params_shape"])
    if job["dist"] == "zipf":
        i = zipf_indices(job, rng)
    else:
        i = rng.integers(0, job["N"], job["indices_shape"],
                         dtype=NP_DTYPE[job["itype"]])
    out = np.full(job["out_shape"], 3, dtype=dtype)
    red = job["reduce"]
    np_fn = lambda: getattr(np.take(p, i, axis=0), red)(  # noqa: E731
        axis=1, out=out)
    np_fn()
    r = out.copy()
    torch.set_num_threads(job["threads"])
    tp, ti = torch.from_numpy(p), torch.from_numpy(i).long()
    th_fn = lambda: torch.nn.functional.embedding_bag(  # noqa: E731
        ti, tp, mode=red)
    assert torch.allclose(th_fn(), torch.from_numpy(r)), \
        job["name"] + ": torch and numpy disagree"
    now = time.process_time if job["clock"] == "cpu" else time.perf_counter
    if job["name"] in numpy_cache:
        t_np = numpy_cache[job["name"]]
        (t_th,) = median_seconds([th_fn], repeats, min_sample, now)
    else:
        t_np, t_th = median_seconds([np_fn, th_fn], repeats, min_sample, now)
        numpy_cache[job["name"]] = t_np
    return {"case": job["name"], "threads": job["threads"],
            "numpy": job["out_bytes"] / t_np / 1e9,
            "torch": job["out_bytes"] / t_th / 1e9}


def bench(job, repeats, min_sample, numpy_cache):
    if job["kind"] == "bag":
        return bench_bag(job, repeats, min_sample, numpy_cache)
    rng = np.random.default_rng(42)
    dtype = NP_DTYPE[job["dtype"]]
    n = int(np.prod(job["params_shape"]))
    p = (np.arange(n, dtype=np.int64) % 97 + 1).astype(dtype).reshape(
        job["params_shape"])
    i = make_indices(job, rng)
    out = np.full(job["out_shape"], 3, dtype=dtype)
    kind, sliced = job["kind"], job["S"] > 1

    # batch1 slices and gather_nd: one take/index_select of flat row numbers
    # (computed in the timed call), faster than advanced indexing in both.
    if kind == "batch1":
        offsets = (np.arange(job["O"]) * job["N"]).astype(i.dtype)[:, None]
        flat_np = lambda: i + offsets  # noqa: E731
    elif kind == "nd":
        d1 = i.dtype.type(job["D1"])
        flat_np = lambda: i[:, 0] * d1 + i[:, 1]  # noqa: E731
    rows_view = p.reshape(-1, job["S"]) if sliced else p.reshape(-1)

    if kind == "rows":
        np_fn = lambda: np.take(p, i, axis=0, out=out)  # noqa: E731
    elif kind == "elements":
        np_fn = lambda: np.take(p, i, axis=-1, out=out)  # noqa: E731
    else:
        out_rows = out.reshape(-1, job["S"]) if sliced else out.reshape(-1)
        np_fn = lambda: np.take(rows_view, flat_np().reshape(-1),  # noqa
                                axis=0, out=out_rows)
    # The check: a result of the right shape with no zero (params has none),
    # which torch must reproduce exactly.
    np_fn()
    r = out.copy()
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
    else:
        trows = torch.from_numpy(rows_view)
        tout_rows = tout.view(-1, job["S"]) if sliced else tout.view(-1)
        if kind == "batch1":
            toffsets = torch.from_numpy(offsets)
            tflat = lambda: (ti + toffsets).view(-1)  # noqa: E731
        else:
            t0, t1 = ti[:, 0].contiguous(), ti[:, 1].contiguous()
            tflat = lambda: t0 * job["D1"] + t1  # noqa: E731
        th_fn = lambda: torch.index_select(trows, 0, tflat(),  # noqa
                                           out=tout_rows)
    tout.fill_(3)
    th_fn()
    assert torch.equal(tout, torch.from_numpy(r)), \
        job["name"] + ": torch and numpy disagree"
    now = time.process_time if job["clock"] == "cpu" else time.perf_counter
    # numpy is single-threaded: time it once per case, at the first thread
    # count (one thread), and report that for every thread count.
    if job["name"] in numpy_cache:
        t_np = numpy_cache[job["name"]]
        (t_th,) = median_seconds([th_fn], repeats, min_sample, now)
    else:
        t_np, t_th = median_seconds([np_fn, th_fn], repeats, min_sample, now)
        numpy_cache[job["name"]] = t_np
    return {"case": job["name"], "threads": job["threads"],
            "numpy": job["out_bytes"] / t_np / 1e9,
            "torch": job["out_bytes"] / t_th / 1e9}


def main():
    with open(sys.argv[1]) as f:
        spec = json.load(f)
    numpy_cache = {}
    for job in spec["jobs"]:
        try:
            res = bench(job, spec["repeats"], spec["min_sample"], numpy_cache)
        except Exception as e:  # report, and go on with the other cases
            print(f"{job['name']} t={job['threads']}: {e!r}", file=sys.stderr)
            continue
        print(json.dumps(res), flush=True)


if __name__ == "__main__":
    main()
