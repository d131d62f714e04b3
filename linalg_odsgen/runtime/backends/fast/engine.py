"""Strategies of the fast backend, the cost model that picks one, and tiling.

Loop dims split in two sets, read off the output maps: *vector* dims (those
every output is indexed by) and *sequential* dims (reductions, and parallel
dims an output ignores). Three strategies execute an op:

- `ordered`: vectorise over the vector dims and loop over the sequential dims in
  iteration order, evaluating the whole payload on strided views each step.
  Works for every payload (several outputs, `linalg.index`, outputs read in any
  way) and gives exactly the loops backend's float results.
- `reduce`: every yield is `combiner(out, expr)`; evaluate `expr` over the whole
  tile and reduce the sequential axes with the combiner's NumPy reduction.
- `gemm`: the yield is `add(out, mul(x, y))` (or `or`/`and` on i1); evaluate `x`
  and `y` over their own dims and contract them with `np.matmul`.

Every strategy runs tile by tile so that temporaries stay under the limit.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

import ml_dtypes
import numpy as np

from linalg_odsgen.payload import OpCategory, PayloadOp, Value
from linalg_odsgen.payloads import field_table, lookup
from linalg_odsgen.runtime.backends.fast import narrow
from linalg_odsgen.runtime.backends.fast.analysis import Contraction, OutputReduction, RegionInfo
from linalg_odsgen.runtime.backends.fast.semantics import (
    MINMAX_UFUNCS,
    VECTOR_SEMANTICS,
    constant_array,
    signed,
    unsigned,
)
from linalg_odsgen.runtime.backends.fast.views import LinearAccess, Space, strided_view
from linalg_odsgen.runtime.settings import CURRENT_RUNTIME
from linalg_odsgen.types import ElementType

_T = TypeVar("_T")

STRATEGIES: tuple[str, ...] = ("ordered", "reduce", "gemm")

# Cost model, in nanoseconds, calibrated with scripts/bench.py on a 2-core x86 VM.
_C_CALL = 4000.0  # one NumPy call plus the Python around it, per loop step
_C_ELEM = 0.7  # one element through one elementwise op on views
_C_REDUCE = 2.5  # one element folded by a multi-axis NumPy reduction of a strided view
_C_GATHER = 1.5  # one element copied when a factor is rearranged for matmul
_C_MAC = {"f32": 0.2, "f64": 0.4, "int": 0.5, "bool": 1.5}
_C_MAC_THIN = 0.5  # matrix-vector shapes are memory bound ...
_C_MAC_SMALL_K = 25.0  # ... and short contractions pay per output element

_SMALL_FLOATS = (np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16))

# Temporaries some semantics allocate beyond their result, in units of the widest of the
# result and the operands (8 bytes for ops whose semantics compute through f64 arrays:
# casts, erf). Both come from the payload records.
_F64_WORK: dict[str, bool] = field_table(lambda r: r.f64_work or None)
_EXTRA_TEMPS: dict[str, float] = field_table(lambda r: r.temps or None)
# Payload ops that are leaves (constants, indices): no vector semantics of their own.
_LEAVES = frozenset((OpCategory.CONSTANT, OpCategory.INDEX))


@dataclass(frozen=True)
class Problem:
    """One op instance bound to arrays, as the strategies see it."""

    info: RegionInfo
    accesses: tuple[LinearAccess, ...]
    arrays: tuple[np.ndarray, ...]  # canonical dtypes, outputs are views of the callers' arrays
    ranges: tuple[int, ...]
    vector_dims: tuple[int, ...]
    seq_dims: tuple[int, ...]
    outputs_exact: bool  # every output is indexed by exactly the vector dims

    @property
    def num_dims(self) -> int:
        return len(self.ranges)

    def points(self, dims: Sequence[int]) -> int:
        return math.prod(self.ranges[d] for d in dims)


@dataclass
class Plan:
    """A chosen strategy, its tile sizes and its estimated cost (for `explain`)."""

    strategy: str
    tile: tuple[int, ...]
    cost_ns: float
    temp_bytes: int
    # Runs the plan on arrays laid out as the problem's (the plan depends on shapes,
    # dtypes and the limit, never on the data or strides: it is cached and reused).
    run: Callable[[Sequence[np.ndarray]], None] = field(repr=False)

    def describe(self) -> str:
        return (
            f"{self.strategy}: tile {list(self.tile)}, est. {self.cost_ns / 1e6:.3f} ms, "
            f"temporaries <= {self.temp_bytes} bytes"
        )


# ----------------------------------------------------------------------------- evaluation


def _op_bytes(ops: Sequence[PayloadOp]) -> float:
    """Bytes of temporaries per vector element for evaluating `ops`."""
    total = 0.0
    for op in ops:
        if op.category in _LEAVES:
            continue
        size = op.result.type.dtype.itemsize
        # Temporaries are as wide as the widest operand, or f64 for conversions through it.
        unit = max(
            [size, *(v.type.dtype.itemsize for v in op.operands)]
            + ([8] if op.name in _F64_WORK else [])
        )
        total += size + unit * _EXTRA_TEMPS.get(op.name, 0)
    return total


def evaluate(
    ops: Sequence[PayloadOp],
    env: dict[int, np.ndarray],
    index_of: Callable[[int], np.ndarray],
    direct: dict[int, np.ndarray] | None = None,
    zero_free: frozenset[int] = frozenset(),
) -> None:
    """Evaluate `ops` in order on arrays, adding results to `env`.

    `direct` maps a value id to an array its producer writes into (the output);
    `zero_free` holds ids of float values known to hold no zeros, which lets
    float min/max skip the signed-zero check.
    """
    for op in ops:
        rid = op.result.id
        out = direct.get(rid) if direct else None
        if op.category in _LEAVES:
            if op.category is OpCategory.CONSTANT:
                value = constant_array(op.attr("value"), op.result.type)
            else:
                value = index_of(int(op.attr("dim")))
            if out is not None:  # a leaf yielded straight into the output: store it there
                np.copyto(out, value, casting="unsafe")
                value = out
            env[rid] = value
        else:
            args = [env[v.id] for v in op.operands]
            ufunc = MINMAX_UFUNCS.get(op.name)
            if ufunc is not None and any(v.id in zero_free for v in op.operands):
                env[rid] = ufunc(*args) if out is None else ufunc(*args, out=out)
            else:
                env[rid] = VECTOR_SEMANTICS[op.name](op, args, out)


def _index_arrays(space: Space) -> Callable[[int], np.ndarray]:
    """`linalg.index d` over `space`: an arange along d's axis, or d's fixed index."""
    cache: dict[int, np.ndarray] = {}

    def index_of(d: int) -> np.ndarray:
        if d not in cache:
            if d in space.axes:
                ax = space.axes.index(d)
                shape = [1] * len(space.axes)
                shape[ax] = space.sizes[ax]
                start = space.origin[d]
                cache[d] = np.arange(start, start + space.sizes[ax], dtype=np.int64).reshape(shape)
            else:
                cache[d] = np.array(space.origin[d], dtype=np.int64)
        return cache[d]

    return index_of


def _leaf_views(
    arrays: Sequence[np.ndarray],
    accesses: Sequence[LinearAccess],
    space: Space,
    args: Sequence[int],
) -> dict[int, np.ndarray]:
    return {i: strided_view(arrays[i], accesses[i], space) for i in args}


def _arg_ids(ops: Sequence[PayloadOp], extra: Sequence[Value] = ()) -> list[int]:
    """Block arguments read by `ops` (and the values in `extra`)."""
    ids = {v.id for op in ops for v in op.operands} | {v.id for v in extra}
    return sorted(ids)


# ----------------------------------------------------------------------------- tiling


def _narrow_dtype(loop_ops: Sequence[PayloadOp]) -> np.dtype | None:
    """The f16/bf16 dtype when every loop op is an add/sub/mul of values of that one type
    (computed in f32 and rounded by `narrow.round_to`, bit for bit the narrow ufuncs)."""
    dtypes = {op.result.type.dtype for op in loop_ops} | {
        v.type.dtype for op in loop_ops for v in op.operands
    }
    if len(dtypes) != 1 or not all(op.name in narrow.UFUNCS for op in loop_ops):
        return None
    (dt,) = dtypes
    return dt if dt in _SMALL_FLOATS else None


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
            or op.category in _LEAVES
            or not isinstance(r, np.ndarray)
            or not (r.flags.owndata and r.flags.writeable and r.ndim)
            or r.dtype != op.result.type.dtype
            or any(v is r for k, v in env.items() if k != rid)
        ):
            continue
        fresh[rid] = r
    return fresh


def fit_tile(
    ranges: Sequence[int],
    order: Sequence[int],
    bytes_of: Callable[[Sequence[int]], float],
    limit: int,
) -> tuple[int, ...]:
    """Shrink the extents of `order`'s dims (first first) until `bytes_of(tile) <= limit`."""
    tile = list(ranges)
    for d in order:
        if bytes_of(tile) <= limit:
            break
        lo, hi = 1, tile[d]
        while lo < hi:  # largest extent that fits
            mid = (lo + hi + 1) // 2
            tile[d] = mid
            if bytes_of(tile) <= limit:
                lo = mid
            else:
                hi = mid - 1
        tile[d] = lo
    return tuple(tile)


def tiles(
    ranges: Sequence[int], tile: Sequence[int]
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """(origin, extents) of every tile, in iteration order."""
    starts = [range(0, r, max(t, 1)) for r, t in zip(ranges, tile, strict=True)]
    for origin in itertools.product(*starts):
        yield origin, tuple(min(t, r - o) for o, t, r in zip(origin, tile, ranges, strict=True))


def _plain(o: tuple[int, ...], e: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return o, e


def tile_walk(
    ranges: Sequence[int],
    tile: Sequence[int],
    prepare: Callable[[tuple[int, ...], tuple[int, ...]], _T],
) -> Callable[[], Iterable[_T]]:
    """`tiles` as a reusable walk of `prepare(origin, extents)`; when there are few tiles
    they are listed and prepared once, at plan time."""
    if math.prod(-(-r // max(t, 1)) for r, t in zip(ranges, tile, strict=True)) <= 64:
        fixed = tuple(prepare(o, e) for o, e in tiles(ranges, tile))
        return lambda: fixed
    return lambda: (prepare(o, e) for o, e in tiles(ranges, tile))


def _space(dims: Sequence[int], origin: Sequence[int], extents: Sequence[int]) -> Space:
    return Space(tuple(dims), tuple(origin), tuple(extents[d] for d in dims))


# ----------------------------------------------------------------------------- ordered


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
    per_point = _op_bytes(hoisted) + _op_bytes(loop_ops)
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
    cost = iters * n_loop * (_C_CALL * n_tiles + vpoints * _C_ELEM) + _C_CALL * n_tiles * len(
        hoisted
    )

    all_dims = tuple(range(p.num_dims))
    used_args = _arg_ids(all_ops, region.yields)
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
        views = _leaf_views(arrays, p.accesses, full, sorted(set(leaf_args) | set(out_args)))
        vindex = _index_arrays(
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

    walk = tile_walk(p.ranges, tile, _plain)

    def run(arrays: Sequence[np.ndarray]) -> None:
        zero_free = frozenset(i for i in minmax_inputs if not np.any(arrays[i] == 0))
        for origin, extents in walk():
            run_tile(arrays, zero_free, origin, extents)

    return Plan("ordered", tile, cost, int(bytes_of(tile)), run)


# ----------------------------------------------------------------------------- reduce


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
    return not (t.dtype in _SMALL_FLOATS and reducer is not None and not reducer.exact)


def plan_reduce(p: Problem, reds: Sequence[OutputReduction], limit: int) -> Plan:
    info = p.info
    region = info.region
    values = [r.value for r in reds]
    ops = info.ops_for(values)
    per_point = _op_bytes(ops) + sum(
        v.type.dtype.itemsize * (3 if _zero_bits(r.combiner) else 0)
        for v, r in zip(values, reds, strict=True)
    )
    per_vec = sum(v.type.dtype.itemsize * 2 for v in values)
    all_dims = tuple(range(p.num_dims))

    def bytes_of(tile: Sequence[int]) -> float:
        return per_point * math.prod(tile) + per_vec * math.prod(tile[d] for d in p.vector_dims)

    tile = fit_tile(p.ranges, all_dims, bytes_of, limit)
    n_tiles = math.prod(-(-r // t) for r, t in zip(p.ranges, tile, strict=True))
    cost = n_tiles * _C_CALL * (len(ops) + 2 * len(reds)) + math.prod(p.ranges) * (
        len(ops) * _C_ELEM + len(reds) * _C_REDUCE
    )
    arg_ids = {a.id for a in region.args}
    leaf_args = [i for i in _arg_ids(ops, values) if i in arg_ids]
    seq_axes = tuple(i for i, d in enumerate(all_dims) if d in set(p.seq_dims))

    vd = p.vector_dims

    def prepare(o: tuple[int, ...], e: tuple[int, ...]) -> tuple[Space, Space, tuple[int, ...]]:
        return _space(all_dims, o, e), _space(vd, o, e), tuple(e[d] for d in vd)

    walk = tile_walk(p.ranges, tile, prepare)

    def run(arrays: Sequence[np.ndarray]) -> None:
        for space, vspace, vshape in walk():
            env: dict[int, np.ndarray] = dict(_leaf_views(arrays, p.accesses, space, leaf_args))
            evaluate(ops, env, _index_arrays(space))
            results = []
            for r in reds:
                x = env[r.value.id]
                if x.shape != space.shape:
                    x = np.broadcast_to(x, space.shape)
                results.append(reduce_values(r.combiner, x, seq_axes).reshape(vshape))
            for r, folded in zip(reds, results, strict=True):
                i = info.output_args[r.output]
                out = strided_view(arrays[i], p.accesses[i], vspace)
                _combine_into(r.combiner, out, folded)

    return Plan("reduce", tile, cost, int(bytes_of(tile)), run)


def _combine_into(combiner: PayloadOp, out: np.ndarray, value: np.ndarray) -> None:
    """out = combiner(out, value), in place."""
    VECTOR_SEMANTICS[combiner.name](combiner, [out, value], out)


def _align(x: np.ndarray, dims: Sequence[int], target: Sequence[int]) -> np.ndarray:
    """Arrange an array over `dims` as an array over `target` (size-1 axes for missing dims)."""
    present = [d for d in target if d in dims]
    x = (
        np.transpose(x, [list(dims).index(d) for d in present])
        if list(present) != list(dims)
        else x
    )
    shape = [x.shape[present.index(d)] if d in present else 1 for d in target]
    return x.reshape(shape)


# ----------------------------------------------------------------------------- gemm


def gemm_allowed(c: Contraction, p: Problem) -> bool:
    """A BLAS/NumPy matmul may reorder the sum; every reduction dim must feed a factor."""
    t = c.reduction.combiner.result.type
    if t.dtype in _SMALL_FLOATS:
        return False  # MLIR rounds f16/bf16 sums every step; `ordered` reproduces that exactly
    used = p.info.dims[c.lhs.id] | p.info.dims[c.rhs.id]
    return set(p.seq_dims) <= used


@dataclass(frozen=True)
class _Layout:
    batch: tuple[int, ...]
    m: tuple[int, ...]
    n: tuple[int, ...]
    k: tuple[int, ...]
    xr: tuple[int, ...]  # summed in x alone
    yr: tuple[int, ...]


def _layout(xd: Sequence[int], yd: Sequence[int], vd: Sequence[int]) -> _Layout:
    xs, ys, vs = set(xd), set(yd), set(vd)
    return _Layout(
        batch=tuple(d for d in vd if d in xs and d in ys),
        m=tuple(d for d in vd if d in xs and d not in ys),
        n=tuple(d for d in vd if d in ys and d not in xs),
        k=tuple(d for d in xd if d in ys and d not in vs),
        xr=tuple(d for d in xd if d not in ys and d not in vs),
        yr=tuple(d for d in yd if d not in xs and d not in vs),
    )


def _mac_cost(t: ElementType, m: int, n: int, k: int) -> float:
    if m == 1 or n == 1:
        return _C_MAC_THIN + _C_MAC_SMALL_K / max(k, 1)
    if t.is_bool:
        return _C_MAC["bool"]
    if t.is_float:
        return _C_MAC["f32" if t.width <= 32 else "f64"]
    return _C_MAC["int"]


def contract(
    x: np.ndarray,
    xd: Sequence[int],
    y: np.ndarray,
    yd: Sequence[int],
    vd: Sequence[int],
    combiner: PayloadOp,
) -> np.ndarray:
    """sum over non-output dims of x*y (in the semiring of `combiner`), over `vd` (size-1 for absent dims)."""
    lay = _layout(xd, yd, vd)
    if lay.xr:
        x = reduce_values(combiner, x, tuple(list(xd).index(d) for d in lay.xr))
        x = x.reshape([s for d, s in zip(xd, x.shape, strict=True) if d not in lay.xr])
        xd = [d for d in xd if d not in lay.xr]
    if lay.yr:
        y = reduce_values(combiner, y, tuple(list(yd).index(d) for d in lay.yr))
        y = y.reshape([s for d, s in zip(yd, y.shape, strict=True) if d not in lay.yr])
        yd = [d for d in yd if d not in lay.yr]
    xd, yd = list(xd), list(yd)
    size = dict(zip(xd, x.shape, strict=True)) | dict(zip(yd, y.shape, strict=True))
    bsz = math.prod(size[d] for d in lay.batch)
    msz = math.prod(size[d] for d in lay.m)
    nsz = math.prod(size[d] for d in lay.n)
    ksz = math.prod(size[d] for d in lay.k)
    xm = np.transpose(x, [xd.index(d) for d in lay.batch + lay.m + lay.k]).reshape(bsz, msz, ksz)
    ym = np.transpose(y, [yd.index(d) for d in lay.batch + lay.k + lay.n]).reshape(bsz, ksz, nsz)
    r = _matmul(xm, ym, ksz)
    rd = list(lay.batch + lay.m + lay.n)
    r = r.reshape([size[d] for d in rd])
    return _align(r, rd, vd)


def _int_bound(a: np.ndarray) -> int:
    if a.size == 0:
        return 0
    return max(abs(int(a.min())), abs(int(a.max())))


def _matmul(x: np.ndarray, y: np.ndarray, k: int) -> np.ndarray:
    """Batched matmul in the accumulator dtype; integers go through f64 BLAS when provably exact."""
    dt = x.dtype
    if x.shape[:2] == (1, 1) and y.shape[2] == 1 and dt.kind == "f":
        # A dot product: NumPy's 1-D dot is BLAS's, without the batched-matmul set-up.
        return np.asarray(np.dot(x.reshape(-1), y.reshape(-1))).reshape(1, 1, 1)
    if dt.kind == "i":
        # Every partial sum fits in 53 bits: f64 arithmetic is exact, so the
        # wrapped integer result is the same as MLIR's wrapping integer loop.
        if _int_bound(x) * _int_bound(y) * max(k, 1) < 2**53:
            r = np.matmul(x.astype(np.float64), y.astype(np.float64))
            return r.astype(np.int64).astype(dt)
        return np.matmul(x, y)
    return np.matmul(x, y)


def _in_place(p: Problem, v: Value, ops: Sequence[PayloadOp], order: tuple[int, ...]) -> bool:
    """Whether a factor is an operand read in matmul order already (no copy to rearrange it)."""
    if ops:
        return False
    ids = [a.id for a in p.info.region.args]
    if v.id not in ids:
        return False
    return p.accesses[ids.index(v.id)].pure_dims() == order


def plan_gemm(p: Problem, c: Contraction, limit: int) -> Plan:
    info = p.info
    region = info.region
    xd = tuple(sorted(info.dims[c.lhs.id]))
    yd = tuple(sorted(info.dims[c.rhs.id]))
    vd = p.vector_dims
    lay = _layout(xd, yd, vd)
    x_ops = info.ops_for([c.lhs])
    y_ops = info.ops_for([c.rhs])
    t = c.reduction.combiner.result.type
    isz = t.dtype.itemsize
    f64 = 8 if (t.is_integer and not t.is_bool) or t.is_index else 0
    x_direct = _in_place(p, c.lhs, x_ops, lay.batch + lay.m + lay.k)
    y_direct = _in_place(p, c.rhs, y_ops, lay.batch + lay.k + lay.n)
    xb = _op_bytes(x_ops) + (0 if x_direct else isz * 2) + f64
    yb = _op_bytes(y_ops) + (0 if y_direct else isz * 2) + f64

    def bytes_of(tile: Sequence[int]) -> float:
        return (
            xb * math.prod(tile[d] for d in xd)
            + yb * math.prod(tile[d] for d in yd)
            + (isz + f64) * 2 * math.prod(tile[d] for d in vd)
        )

    order = lay.m + lay.batch + lay.n + lay.k + lay.xr + lay.yr
    tile = fit_tile(p.ranges, order, bytes_of, limit)
    n_tiles = math.prod(-(-r // s) for r, s in zip(p.ranges, tile, strict=True))
    msz = p.points(lay.m)
    nsz = p.points(lay.n)
    macs = p.points(lay.batch + lay.m + lay.n + lay.k)
    cost = (
        n_tiles * _C_CALL * (len(x_ops) + len(y_ops) + 6)
        + (p.points(xd) * len(x_ops) + p.points(yd) * len(y_ops)) * _C_ELEM
        + ((0 if x_direct else p.points(xd)) + (0 if y_direct else p.points(yd))) * _C_GATHER
        + macs * _mac_cost(t, msz, nsz, p.points(lay.k + lay.xr + lay.yr))
        + p.points(vd) * 2 * _C_ELEM
    )
    arg_ids = {a.id for a in region.args}
    x_args = [i for i in _arg_ids(x_ops, [c.lhs]) if i in arg_ids]
    y_args = [i for i in _arg_ids(y_ops, [c.rhs]) if i in arg_ids]
    out_arg = info.output_args[0]

    def factor(
        arrays: Sequence[np.ndarray],
        ops: list[PayloadOp],
        v: Value,
        args: list[int],
        dims: tuple[int, ...],
        origin: Sequence[int],
        extents: Sequence[int],
    ) -> np.ndarray:
        space = _space(dims, origin, extents)
        env: dict[int, np.ndarray] = dict(_leaf_views(arrays, p.accesses, space, args))
        evaluate(ops, env, _index_arrays(space))
        return np.broadcast_to(env[v.id], space.shape)

    walk = tile_walk(p.ranges, tile, _plain)

    def run(arrays: Sequence[np.ndarray]) -> None:
        for origin, extents in walk():
            x = factor(arrays, x_ops, c.lhs, x_args, xd, origin, extents)
            y = factor(arrays, y_ops, c.rhs, y_args, yd, origin, extents)
            r = contract(x, xd, y, yd, vd, c.reduction.combiner)
            out = strided_view(arrays[out_arg], p.accesses[out_arg], _space(vd, origin, extents))
            _combine_into(c.reduction.combiner, out, r)

    if n_tiles == 1 and not x_ops and not y_ops:
        direct = _direct_gemm(p, c, lay, (x_args[0], xd), (y_args[0], yd), out_arg, run)
        if direct is not None:
            return Plan("gemm", tile, cost, int(bytes_of(tile)), direct)
    return Plan("gemm", tile, cost, int(bytes_of(tile)), run)


def _direct_gemm(
    p: Problem,
    c: Contraction,
    lay: _Layout,
    x: tuple[int, tuple[int, ...]],
    y: tuple[int, tuple[int, ...]],
    out_arg: int,
    general: Callable[[Sequence[np.ndarray]], None],
) -> Callable[[Sequence[np.ndarray]], None] | None:
    """The whole contraction as one library call on the operands themselves, everything
    but the call worked out here: for a single tile whose factors and output are read
    through projected permutations covering their arrays (matmul, batch matmul, dot,
    transposed operands through `indexing_maps`). The general path does the same work with
    ~3x the Python per call, which shows on calls that stream tens of MB (caches cold)."""
    if lay.xr or lay.yr:
        return None
    size = dict(enumerate(p.ranges))

    def arrangement(arg: int, order: tuple[int, ...]) -> tuple[int, ...] | None:
        """The transpose taking the array's axes to `order`, when it reads them all."""
        pure = p.accesses[arg].pure_dims()
        if pure is None or sorted(pure) != sorted(order):
            return None
        return tuple(pure.index(d) for d in order)

    def expected(arg: int) -> tuple[int, ...]:
        """The array shape the arrangement assumes (each axis spans its loop dim)."""
        return tuple(size[d] for d in p.accesses[arg].pure_dims() or ())

    bsz = math.prod(size[d] for d in lay.batch)
    msz = math.prod(size[d] for d in lay.m)
    nsz = math.prod(size[d] for d in lay.n)
    ksz = math.prod(size[d] for d in lay.k)
    x_perm = arrangement(x[0], lay.batch + lay.m + lay.k)
    y_perm = arrangement(y[0], lay.batch + lay.k + lay.n)
    result_dims = lay.batch + lay.m + lay.n
    out_pure = p.accesses[out_arg].pure_dims()
    out_perm = arrangement(out_arg, result_dims)
    if x_perm is None or y_perm is None or out_perm is None or out_pure is None:
        return None
    x_shape, y_shape = (bsz, msz, ksz), (bsz, ksz, nsz)
    r_shape = tuple(size[d] for d in result_dims)
    # the result over `result_dims`, transposed to the output array's axis order
    to_out = tuple(result_dims.index(d) for d in out_pure)
    combine = VECTOR_SEMANTICS[c.reduction.combiner.name]
    combiner = c.reduction.combiner
    xi, yi = x[0], y[0]
    shapes = (expected(xi), expected(yi), expected(out_arg))

    if bsz == msz == nsz == 1 and len(x_perm) == len(y_perm) == 1 and c.lhs.type.is_float:
        # A dot product: BLAS's 1-D dot, nothing to arrange.
        def run_dot(arrays: Sequence[np.ndarray]) -> None:
            xa, ya, out = arrays[xi], arrays[yi], arrays[out_arg]
            if (xa.shape, ya.shape, out.shape) != shapes:
                general(arrays)
                return
            combine(combiner, [out, np.dot(xa, ya)], out)

        return run_dot

    def run(arrays: Sequence[np.ndarray]) -> None:
        xa, ya, out = arrays[xi], arrays[yi], arrays[out_arg]
        if (xa.shape, ya.shape, out.shape) != shapes:  # an operand larger than the space
            general(arrays)
            return
        xm = xa.transpose(x_perm).reshape(x_shape)
        ym = ya.transpose(y_perm).reshape(y_shape)
        r = _matmul(xm, ym, ksz).reshape(r_shape).transpose(to_out)
        combine(combiner, [out, r], out)

    return run


# ----------------------------------------------------------------------------- choice


def _builders(p: Problem, limit: int) -> dict[str, Callable[[], Plan]]:
    """How to plan every strategy that applies to the problem (not planned yet)."""
    builders: dict[str, Callable[[], Plan]] = {"ordered": lambda: plan_ordered(p, limit)}
    if p.seq_dims and p.outputs_exact:
        reds = p.info.reductions()
        if reds is not None and all(reduce_allowed(r) for r in reds):
            builders["reduce"] = lambda: plan_reduce(p, reds, limit)
        c = p.info.contraction()
        if c is not None and gemm_allowed(c, p):
            builders["gemm"] = lambda: plan_gemm(p, c, limit)
    return builders


def candidate_plans(p: Problem, limit: int) -> dict[str, Plan]:
    """Every strategy that applies to the problem, planned."""
    return {name: build() for name, build in _builders(p, limit).items()}


# Plans per (analysis, ranges, dtypes, limit) and forced strategy are kept in the current
# `Runtime` (`plans`): a plan holds no arrays (it is built from the problem without them),
# so later calls only run it.


def choose(p: Problem, limit: int, strategy: str | None = None, key: Any = None) -> Plan:
    """The cheapest applicable plan, or the forced `strategy` (ValueError if it does not apply).

    `key` (hashable, identifying the problem up to its data) memoises the plan.
    """
    plans = None
    if key is not None:
        rt = CURRENT_RUNTIME.get()
        plans = rt.plans
        cached = plans.get((key, strategy))
        if cached is not None:
            return cached
        p = replace(p, arrays=())  # the cached plan must not keep the caller's arrays alive
    builders = _builders(p, limit)
    if strategy is not None:
        if strategy not in builders:
            raise ValueError(
                f"strategy {strategy!r} does not apply; applicable: {', '.join(builders)}"
            )
        best = builders[strategy]()
    else:
        best = min((build() for build in builders.values()), key=lambda pl: pl.cost_ns)
    if plans is not None:
        rt.remember(plans, (key, strategy), best)
    return best


__all__ = ["STRATEGIES", "Plan", "Problem", "choose", "contract", "evaluate", "fit_tile", "tiles"]
