"""The `ordered` strategy: vectorise over the vector dims, loop over the sequential dims.

Each step evaluates the whole payload on strided views in iteration order, so it works
for every payload (several outputs, `linalg.index`, outputs read in any way) and gives
exactly the loops backend's float results. An f16/bf16 add/sub/mul payload may run on
f32 arrays rounded to the narrow type after every op (`narrow`), bit for bit the narrow
ufuncs.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from linalg_odsgen.payload import PayloadOp
from linalg_odsgen.payloads import lookup
from linalg_odsgen.runtime.backends.fast import narrow
from linalg_odsgen.runtime.backends.fast.evaluate import (
    LEAVES,
    args_read,
    evaluate,
    index_arrays,
    leaf_views,
    op_bytes,
)
from linalg_odsgen.runtime.backends.fast.plan import C_CALL, C_ELEM, SMALL_FLOATS, Plan, Problem
from linalg_odsgen.runtime.backends.fast.semantics import (
    MINMAX_UFUNCS,
)
from linalg_odsgen.runtime.backends.fast.tiling import fit_tile, plain_tile, tile_walk
from linalg_odsgen.runtime.backends.fast.views import Space


def plan_ordered(p: Problem, limit: int) -> Plan:
    info = p.info
    region = info.region
    seq = set(p.seq_dims)
    all_ops = info.ops_for(region.yields)
    # Loop-invariant ops run once per tile (only worth it when there is a loop).
    hoisted = [
        op
        for op in all_ops
        if p.points(p.seq_dims) > 1
        and not (info.dims[op.result.id] & seq)
        and not info.reads_output[op.result.id]
    ]
    hoisted_ids = {op.result.id for op in hoisted}
    loop_ops = [op for op in all_ops if op.result.id not in hoisted_ids]
    single = len(info.output_args) == 1
    direct_id: int | None = None
    if single and loop_ops:
        last = loop_ops[-1]
        if last.result.id == region.yields[0].id and info.uses.get(last.result.id, 0) == 1:
            direct_id = last.result.id
    # The op writing straight into the output still allocates its semantics' temporaries
    # (and, for the non-ufunc ones, its result before the copy): counted in full.
    per_point = op_bytes(hoisted) + op_bytes(loop_ops)
    per_point += sum(v.type.dtype.itemsize for v in region.yields)  # stored values before copy
    # (Only with a sequential loop: converting to f32 and back costs more than it saves on
    # one elementwise pass.)
    narrow_dt = (
        _narrow_dtype(loop_ops)
        if direct_id is not None and p.outputs_exact and p.points(p.seq_dims) > 1
        else None
    )
    if narrow_dt is not None:
        # f32 accumulator and one f32 result per op, the rounding's scratch and masks.
        per_point += 4 + 4 * len(loop_ops) + 4 + 2

    def bytes_of(tile: Sequence[int]) -> float:
        return per_point * math.prod(tile[d] for d in p.vector_dims)

    tile = fit_tile(p.ranges, p.vector_dims, bytes_of, limit)
    n_tiles = math.prod(-(-r // t) for r, t in zip(p.ranges, tile, strict=True) if r)
    iters = p.points(p.seq_dims)
    vpoints = p.points(p.vector_dims)
    n_loop = len(loop_ops) + len(region.yields)
    cost = iters * n_loop * (C_CALL * n_tiles + vpoints * C_ELEM) + C_CALL * n_tiles * len(hoisted)

    all_dims = tuple(range(p.num_dims))
    used_args = args_read(all_ops, region.yields)
    arg_ids = [a.id for a in region.args]
    leaf_args = [i for i in used_args if i in arg_ids]
    out_args = list(info.output_args)
    seq_dims = p.seq_dims

    seq_ranges = [range(p.ranges[d]) for d in seq_dims]

    # Inputs read directly by float min/max: one zero check of the whole array per
    # run replaces a check per loop step (a sufficient condition, never wrong).
    minmax_inputs = sorted(
        {
            v.id
            for op in loop_ops
            if op.name in MINMAX_UFUNCS
            for v in op.operands
            if v.id in leaf_args and v.id not in out_args
        }
    )

    def run_tile(
        arrays: Sequence[np.ndarray],
        zero_free: frozenset[int],
        origin: Sequence[int],
        extents: Sequence[int],
    ) -> None:
        full = Space(
            all_dims,
            tuple(0 if d in seq else origin[d] for d in all_dims),
            tuple(p.ranges[d] if d in seq else extents[d] for d in all_dims),
        )
        views = leaf_views(arrays, p.accesses, full, sorted(set(leaf_args) | set(out_args)))
        vindex = index_arrays(
            Space(p.vector_dims, full.origin, tuple(extents[d] for d in p.vector_dims))
        )
        point: dict[int, int] = dict.fromkeys(seq_dims, 0)
        # Per view: an index template (slices along vector dims, 0 along sequential
        # dims) and the template slots the current sequential point fills in.
        keys: dict[int, list[Any]] = {}
        slots: dict[int, list[tuple[int, int]]] = {}
        for i in views:
            deps = p.accesses[i].used_dims
            keys[i] = [0 if d in seq else slice(None) for d in all_dims] + [Ellipsis]
            slots[i] = [(pos, d) for pos, d in enumerate(all_dims) if d in seq and d in deps]

        def at(i: int) -> np.ndarray:
            """View `i` at the current sequential point (a 0-d view, never a scalar copy)."""
            key = keys[i]
            for pos, d in slots[i]:
                key[pos] = point[d]
            return views[i][tuple(key)]

        def index_of(d: int) -> np.ndarray:
            return np.array(point[d], dtype=np.int64) if d in seq else vindex(d)

        env: dict[int, np.ndarray] = {i: at(i) for i in leaf_args}
        evaluate(hoisted, env, vindex)
        varying = [i for i in leaf_args if slots[i]]
        outs = [at(i) for i in out_args]
        if narrow_dt is not None:
            _narrow_steps(
                loop_ops, env, varying, at, point, seq_ranges, outs[0], out_args[0], narrow_dt
            )
            return
        varying_outs = any(slots[i] for i in out_args)
        # Results of loop ops have the same shape at every step: the arrays the first step
        # allocates are reused as the next steps' outputs (no allocation per step).
        scratch: dict[int, np.ndarray] = {}
        first = True
        for spoint in itertools.product(*seq_ranges):
            point.update(zip(seq_dims, spoint, strict=True))
            step_env = dict(env)
            for i in varying:
                step_env[i] = at(i)
            if varying_outs:
                outs = [at(i) for i in out_args]
            targets = dict(scratch)
            if direct_id is not None:
                targets[direct_id] = outs[0]
            evaluate(loop_ops, step_env, index_of, targets, zero_free)
            if first:
                first = False
                scratch = _reusable(loop_ops, step_env, direct_id)
            if direct_id is not None:
                continue
            values = [step_env[v.id] for v in region.yields]
            for out, val in zip(outs, values, strict=True):
                np.copyto(out, val, casting="unsafe")

    walk = tile_walk(p.ranges, tile, plain_tile)

    def run(arrays: Sequence[np.ndarray]) -> None:
        zero_free = frozenset(i for i in minmax_inputs if not np.any(arrays[i] == 0))
        for origin, extents in walk():
            run_tile(arrays, zero_free, origin, extents)

    return Plan("ordered", tile, cost, int(bytes_of(tile)), run)


def _narrow_dtype(loop_ops: Sequence[PayloadOp]) -> np.dtype | None:
    """The f16/bf16 dtype when every loop op is an add/sub/mul of values of that one type
    (computed in f32 and rounded by `narrow.round_to`, bit for bit the narrow ufuncs)."""
    dtypes = {op.result.type.dtype for op in loop_ops} | {
        v.type.dtype for op in loop_ops for v in op.operands
    }
    if len(dtypes) != 1 or not all(op.name in narrow.UFUNCS for op in loop_ops):
        return None
    (dt,) = dtypes
    return dt if dt in SMALL_FLOATS else None


def _narrow_steps(
    loop_ops: Sequence[PayloadOp],
    env: dict[int, np.ndarray],
    varying: Sequence[int],
    at: Callable[[int], np.ndarray],
    point: dict[int, int],
    seq_ranges: Sequence[range],
    out: np.ndarray,
    out_arg: int,
    dt: np.dtype,
) -> None:
    """The sequential loop of an f16/bf16 payload on f32 arrays: the output accumulates in
    f32 (its values stay representable in `dt`) and every op's result is rounded to `dt`."""
    acc = out.astype(np.float32, order="C")  # (round_to works on contiguous arrays)

    def wide(v: np.ndarray) -> np.ndarray:
        return v.astype(np.float32) if v.dtype == dt else v

    base = {k: wide(v) for k, v in env.items()}
    base[out_arg] = acc
    varying = [i for i in varying if i != out_arg]
    direct = loop_ops[-1].result.id
    results: dict[int, np.ndarray] = {}
    seq_dims = list(point)
    for spoint in itertools.product(*seq_ranges):
        point.update(zip(seq_dims, spoint, strict=True))
        step = dict(base)
        for i in varying:
            step[i] = wide(at(i))
        for op in loop_ops:
            a, b = (step[v.id] for v in op.operands)
            rid = op.result.id
            target = acc if rid == direct else results.get(rid)
            if target is None:
                target = results[rid] = np.empty(np.broadcast_shapes(a.shape, b.shape), np.float32)
            narrow.UFUNCS[op.name](a, b, out=target)
            # (a sum or difference of two narrow values is exact below the smallest normal)
            narrow.round_to(target, dt, tiny_exact=lookup(op.name).narrow_tiny_exact)
            step[rid] = target
    np.copyto(out, acc.astype(dt))


def _reusable(
    ops: Sequence[PayloadOp], env: dict[int, np.ndarray], skip: int | None
) -> dict[int, np.ndarray]:
    """Results of `ops` that are fresh arrays of their own (not a view, not a value reused
    from another op or operand), so a later step may write the op's result into them."""
    fresh: dict[int, np.ndarray] = {}
    for op in ops:
        rid = op.result.id
        r = env.get(rid)
        if (
            rid == skip
            or op.category in LEAVES
            or not isinstance(r, np.ndarray)
            or not (r.flags.owndata and r.flags.writeable and r.ndim)
            or r.dtype != op.result.type.dtype
            or any(v is r for k, v in env.items() if k != rid)
        ):
            continue
        fresh[rid] = r
    return fresh


__all__ = ["plan_ordered"]
