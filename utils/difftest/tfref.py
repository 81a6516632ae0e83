"""Reference semantics of tf.gather and tf.gather_nd for the differential test.

Written from the TensorFlow API pages (tf.gather r2.14, tf.gather_nd r2.16)
and the project's out-of-bounds modes, independently of the MLIR lowering.
Two implementations of each op live here: `gather`/`gather_nd` follow the
element formula of the docs with explicit loops, and `gather_batched`/
`gather_nd_batched` follow the docs' "manually batched" description (one
recursion level per batch dimension) with numpy fancy indexing. The
self-check makes them agree with each other and with every literal example
of the reference pages; the differential test uses the loop versions.

Out-of-bounds modes (an index outside [0, dim), negatives included):
  error  raise OutOfBounds naming the first bad index (row-major order of
         `indices`),
  zero   the whole selected output slice is zero,
  clamp  clamp (each component) into [0, dim - 1]; a dimension of size 0 has
         nothing to clamp into, so the slice is zero.
  wrap   an index in [-dim, 0) counts from the end (dim + index); any other
         index outside [0, dim) is an error as in error mode, named by its
         own value.
Indices are checked when they are read (docs/spec.md): a non-empty result
reads every index, an empty result reads none and never fails.
Arrays may hold any dtype, object (strings) included; "zero" is dtype(0).
"""

import numpy as np


class OutOfBounds(Exception):
    """Raised in error mode: `value` is not in [0, bound), the size of
    dimension `params_dim` of params (None where not tracked)."""

    def __init__(self, value, bound, params_dim=None):
        super().__init__(f"index {value} is out of bounds [0, {bound})")
        self.value = value
        self.bound = bound
        self.params_dim = params_dim


def normalize_gather_attrs(params_rank, indices_rank, axis, batch_dims):
    """Returns (a, b): axis and batch_dims counted from the front.

    Negative batch_dims counts from rank(indices), negative axis from
    rank(params); an absent axis is the first non-batch dimension.
    """
    b = batch_dims + indices_rank if batch_dims < 0 else batch_dims
    if axis is None:
        a = b
    else:
        a = axis + params_rank if axis < 0 else axis
    if not (0 <= b <= indices_rank and b < params_rank):
        raise ValueError(f"bad batch_dims {batch_dims}")
    if not (b <= a < params_rank):
        raise ValueError(f"bad axis {axis} for batch_dims {batch_dims}")
    return a, b


def gather_shape(params_shape, indices_shape, axis=None, batch_dims=0):
    a, b = normalize_gather_attrs(len(params_shape), len(indices_shape), axis,
                                  batch_dims)
    return (tuple(params_shape[:a]) + tuple(indices_shape[b:]) +
            tuple(params_shape[a + 1:]))


def gather_nd_shape(params_shape, indices_shape, batch_dims=0):
    depth = indices_shape[-1]
    if not (0 <= batch_dims < len(indices_shape) and
            batch_dims + depth <= len(params_shape)):
        raise ValueError("bad gather_nd shapes")
    return (tuple(params_shape[:batch_dims]) +
            tuple(indices_shape[batch_dims:-1]) +
            tuple(params_shape[batch_dims + depth:]))


def _resolve(value, dim, mode, params_dim=None):
    """Applies `mode` to one index into dimension `params_dim` of size `dim`;
    returns the index to read or None (a zero slice)."""
    if 0 <= value < dim:
        return value
    if mode == "wrap" and -dim <= value < 0:
        return value + dim
    if mode in ("error", "wrap"):
        raise OutOfBounds(value, dim, params_dim)
    if mode == "zero" or dim == 0:
        return None
    return min(max(value, 0), dim - 1)


def _zeros(shape, dtype):
    return np.full(shape, np.array(0).astype(dtype), dtype=dtype)


def _check_batch(params, indices, b):
    if params.shape[:b] != indices.shape[:b]:
        raise ValueError("batch dimensions differ")


def gather(params, indices, axis=None, batch_dims=0, mode="error"):
    """tf.gather by its element formula:

    result[p0..pa-1, i_b..i_q-1, pa+1..] =
        params[p0..pa-1, indices[p0..pb-1, i_b..i_q-1], pa+1..]
    """
    params, indices = np.asarray(params), np.asarray(indices)
    q = indices.ndim
    a, b = normalize_gather_attrs(params.ndim, q, axis, batch_dims)
    _check_batch(params, indices, b)
    dim = params.shape[a]
    out = _zeros(gather_shape(params.shape, indices.shape, axis, batch_dims),
                 params.dtype)
    if out.size == 0:  # Nothing is read.
        return out
    if mode in ("error", "wrap"):
        for k in indices.flat:
            _resolve(int(k), dim, mode, a)
    for outer in np.ndindex(*params.shape[:a]):
        for inner in np.ndindex(*indices.shape[b:]):
            k = _resolve(int(indices[outer[:b] + inner]), dim, mode)
            if k is not None:
                out[outer + inner] = params[outer + (k,)]
    return out


def gather_nd(params, indices, batch_dims=0, mode="error"):
    """tf.gather_nd by its element formula:

    result[p0..pb-1, i_b..i_q-2, s..] =
        params[p0..pb-1, indices[p0..pb-1, i_b..i_q-2, 0..N-1], s..]
    """
    params, indices = np.asarray(params), np.asarray(indices)
    b = batch_dims
    depth = indices.shape[-1]
    out_shape = gather_nd_shape(params.shape, indices.shape, b)
    _check_batch(params, indices, b)
    bounds = params.shape[b:b + depth]
    out = _zeros(out_shape, params.dtype)
    if out.size == 0:  # Nothing is read.
        return out
    if mode in ("error", "wrap"):
        for vec in indices.reshape(-1, depth) if depth else []:
            for k, (v, dim) in enumerate(zip(vec, bounds)):
                _resolve(int(v), dim, mode, b + k)
    for pos in np.ndindex(*indices.shape[:-1]):
        comps = [_resolve(int(v), dim, mode)
                 for v, dim in zip(indices[pos], bounds)]
        if None not in comps:
            out[pos] = params[pos[:b] + tuple(comps)]
    return out


# The docs' second description: batch_dims = M means M nested loops over the
# leading axes, each an unbatched gather; the unbatched case is numpy's
# fancy indexing (np.take / tuple-of-arrays indexing) with the mode applied
# to the index arrays first.


def _fix_indices(indices, dim, mode):
    """Returns (in-range index array, mask of slices to zero)."""
    indices = np.asarray(indices).astype(np.int64)
    if mode == "wrap":
        indices = np.where((indices < 0) & (indices >= -dim), indices + dim,
                           indices)
    bad = (indices < 0) | (indices >= dim)
    if mode in ("error", "wrap") and bad.any():
        first = indices[bad].flat[0]
        raise OutOfBounds(int(first), dim)
    if mode == "clamp" and dim > 0:
        return np.clip(indices, 0, dim - 1), np.zeros_like(bad)
    return np.where(bad, 0, indices), bad


def gather_batched(params, indices, axis=None, batch_dims=0, mode="error"):
    params, indices = np.asarray(params), np.asarray(indices)
    a, b = normalize_gather_attrs(params.ndim, indices.ndim, axis, batch_dims)
    out_shape = gather_shape(params.shape, indices.shape, a, b)
    if 0 in out_shape:  # Nothing is read.
        return _zeros(out_shape, params.dtype)
    if b > 0:
        _check_batch(params, indices, 1)
        parts = [gather_batched(p, i, a - 1, b - 1, mode)
                 for p, i in zip(params, indices)]
        return np.stack(parts)
    dim = params.shape[a]
    fixed, bad = _fix_indices(indices, dim, mode)
    if dim == 0:
        return _zeros(out_shape, params.dtype)
    out = np.take(params, fixed, axis=a)
    # Zero the slices of out-of-bounds indices: the axes [a, a + q) of out.
    mask = bad.reshape((1,) * a + bad.shape + (1,) * (params.ndim - a - 1))
    return np.where(mask, np.array(0).astype(params.dtype), out)


def gather_nd_batched(params, indices, batch_dims=0, mode="error"):
    params, indices = np.asarray(params), np.asarray(indices)
    depth = indices.shape[-1]
    out_shape = gather_nd_shape(params.shape, indices.shape, batch_dims)
    if 0 in out_shape:  # Nothing is read.
        return _zeros(out_shape, params.dtype)
    if batch_dims > 0:
        _check_batch(params, indices, 1)
        parts = [gather_nd_batched(p, i, batch_dims - 1, mode)
                 for p, i in zip(params, indices)]
        return np.stack(parts)
    outer = indices.shape[:-1]
    bad = np.zeros(outer, dtype=bool)
    comps = []
    for k in range(depth):
        dim = params.shape[k]
        fixed, bad_k = _fix_indices(indices[..., k], dim, mode)
        bad |= bad_k | (dim == 0)
        comps.append(np.where(bad_k | (dim == 0), 0, fixed))
    if params.size == 0 or bad.all():
        return _zeros(out_shape, params.dtype)
    if depth == 0:
        out = np.broadcast_to(params, out_shape).copy()
    else:
        safe = [np.where(bad, 0, c) for c in comps]
        out = params[tuple(safe)]
    mask = bad.reshape(bad.shape + (1,) * (params.ndim - depth))
    return np.where(mask, np.array(0).astype(params.dtype), out)
