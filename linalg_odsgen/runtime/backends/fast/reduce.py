"""The `reduce` strategy: every yield is `combiner(out, expr)`.

`expr` is evaluated over the whole tile and the sequential axes are folded with the
combiner's NumPy reduction (with the signed-zero fix-up float min/max need).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from linalg_odsgen.payload import PayloadOp
from linalg_odsgen.payloads import lookup
from linalg_odsgen.runtime.backends.fast.analysis import OutputReduction
from linalg_odsgen.runtime.backends.fast.evaluate import (
    args_read,
    combine_into,
    evaluate,
    index_arrays,
    leaf_views,
    op_bytes,
)
from linalg_odsgen.runtime.backends.fast.plan import (
    C_CALL,
    C_ELEM,
    C_REDUCE,
    SMALL_FLOATS,
    Plan,
    Problem,
)
from linalg_odsgen.runtime.backends.fast.semantics import (
    signed,
    unsigned,
)
from linalg_odsgen.runtime.backends.fast.tiling import fit_tile, tile_space, tile_walk
from linalg_odsgen.runtime.backends.fast.views import Space, strided_view


def _zero_bits(combiner: PayloadOp) -> bool:
    """Whether the combiner is a float min/max fixing up signed zeros after a reduction."""
    reducer = lookup(combiner.name).reducer
    return reducer is not None and reducer.zero_bits is not None


def reduce_values(combiner: PayloadOp, x: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
    """Fold `x` over `axes` with the combiner's semantics (keepdims)."""
    reducer = lookup(combiner.name).reducer
    if reducer is None:
        raise ValueError(f"{combiner.name} is not a reduction combiner")
    plain, boolean = reducer.ufunc, reducer.bool_ufunc
    if x.dtype == np.bool_ and boolean is not None:
        return boolean.reduce(x, axis=axes, keepdims=True)
    if reducer.unsigned:
        return signed(plain.reduce(unsigned(x), axis=axes, keepdims=True))
    r = plain.reduce(x, axis=axes, keepdims=True, dtype=x.dtype)
    if reducer.zero_bits is not None:
        zero = r == 0
        if zero.any():
            ubits = np.dtype(f"uint{x.dtype.itemsize * 8}")
            bits = x.view(ubits) if x.flags.c_contiguous or x.ndim == 0 else np.array(x).view(ubits)
            if reducer.zero_bits == "and":  # the wanted zero: +0.0 (max) or -0.0 (min)
                masked = np.where(x == 0, bits, np.array(np.iinfo(ubits).max, dtype=ubits))
                fixed = np.bitwise_and.reduce(masked, axis=axes, keepdims=True)
            else:
                masked = np.where(x == 0, bits, np.zeros((), dtype=ubits))
                fixed = np.bitwise_or.reduce(masked, axis=axes, keepdims=True)
            r = np.array(r)
            np.copyto(r, fixed.view(x.dtype), where=zero)
    return r


def reduce_allowed(red: OutputReduction) -> bool:
    """Reassociation keeps results within rounding except for f16/bf16 sums and products."""
    t = red.combiner.result.type
    reducer = lookup(red.combiner.name).reducer
    return not (t.dtype in SMALL_FLOATS and reducer is not None and not reducer.exact)


def plan_reduce(p: Problem, reds: Sequence[OutputReduction], limit: int) -> Plan:
    info = p.info
    region = info.region
    values = [r.value for r in reds]
    ops = info.ops_for(values)
    per_point = op_bytes(ops) + sum(
        v.type.dtype.itemsize * (3 if _zero_bits(r.combiner) else 0)
        for v, r in zip(values, reds, strict=True)
    )
    per_vec = sum(v.type.dtype.itemsize * 2 for v in values)
    all_dims = tuple(range(p.num_dims))

    def bytes_of(tile: Sequence[int]) -> float:
        return per_point * math.prod(tile) + per_vec * math.prod(tile[d] for d in p.vector_dims)

    tile = fit_tile(p.ranges, all_dims, bytes_of, limit)
    n_tiles = math.prod(-(-r // t) for r, t in zip(p.ranges, tile, strict=True))
    cost = n_tiles * C_CALL * (len(ops) + 2 * len(reds)) + math.prod(p.ranges) * (
        len(ops) * C_ELEM + len(reds) * C_REDUCE
    )
    arg_ids = {a.id for a in region.args}
    leaf_args = [i for i in args_read(ops, values) if i in arg_ids]
    seq_axes = tuple(i for i, d in enumerate(all_dims) if d in set(p.seq_dims))

    vd = p.vector_dims

    def prepare(o: tuple[int, ...], e: tuple[int, ...]) -> tuple[Space, Space, tuple[int, ...]]:
        return tile_space(all_dims, o, e), tile_space(vd, o, e), tuple(e[d] for d in vd)

    walk = tile_walk(p.ranges, tile, prepare)

    def run(arrays: Sequence[np.ndarray]) -> None:
        for space, vspace, vshape in walk():
            env: dict[int, np.ndarray] = dict(leaf_views(arrays, p.accesses, space, leaf_args))
            evaluate(ops, env, index_arrays(space))
            results = []
            for r in reds:
                x = env[r.value.id]
                if x.shape != space.shape:
                    x = np.broadcast_to(x, space.shape)
                results.append(reduce_values(r.combiner, x, seq_axes).reshape(vshape))
            for r, folded in zip(reds, results, strict=True):
                i = info.output_args[r.output]
                out = strided_view(arrays[i], p.accesses[i], vspace)
                combine_into(r.combiner, out, folded)

    return Plan("reduce", tile, cost, int(bytes_of(tile)), run)


__all__ = ["plan_reduce", "reduce_allowed", "reduce_values"]
