"""The `gemm` strategy: the yield is `add(out, mul(x, y))` (or `or`/`and` on i1).

`x` and `y` are evaluated over their own dims and contracted with `np.matmul` (BLAS);
single-tile contractions of plain operands run as one prepared library call.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from linalg_odsgen.payload import PayloadOp, Value
from linalg_odsgen.runtime.backends.fast.analysis import Contraction
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
    C_GATHER,
    C_MAC,
    C_MAC_SMALL_K,
    C_MAC_THIN,
    SMALL_FLOATS,
    Plan,
    Problem,
)
from linalg_odsgen.runtime.backends.fast.reduce import reduce_values
from linalg_odsgen.runtime.backends.fast.semantics import (
    VECTOR_SEMANTICS,
)
from linalg_odsgen.runtime.backends.fast.tiling import fit_tile, plain_tile, tile_space, tile_walk
from linalg_odsgen.runtime.backends.fast.views import strided_view
from linalg_odsgen.types import ElementType


def gemm_allowed(c: Contraction, p: Problem) -> bool:
    """A BLAS/NumPy matmul may reorder the sum; every reduction dim must feed a factor."""
    t = c.reduction.combiner.result.type
    if t.dtype in SMALL_FLOATS:
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
        return C_MAC_THIN + C_MAC_SMALL_K / max(k, 1)
    if t.is_bool:
        return C_MAC["bool"]
    if t.is_float:
        return C_MAC["f32" if t.width <= 32 else "f64"]
    return C_MAC["int"]


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
    xb = op_bytes(x_ops) + (0 if x_direct else isz * 2) + f64
    yb = op_bytes(y_ops) + (0 if y_direct else isz * 2) + f64

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
        n_tiles * C_CALL * (len(x_ops) + len(y_ops) + 6)
        + (p.points(xd) * len(x_ops) + p.points(yd) * len(y_ops)) * C_ELEM
        + ((0 if x_direct else p.points(xd)) + (0 if y_direct else p.points(yd))) * C_GATHER
        + macs * _mac_cost(t, msz, nsz, p.points(lay.k + lay.xr + lay.yr))
        + p.points(vd) * 2 * C_ELEM
    )
    arg_ids = {a.id for a in region.args}
    x_args = [i for i in args_read(x_ops, [c.lhs]) if i in arg_ids]
    y_args = [i for i in args_read(y_ops, [c.rhs]) if i in arg_ids]
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
        space = tile_space(dims, origin, extents)
        env: dict[int, np.ndarray] = dict(leaf_views(arrays, p.accesses, space, args))
        evaluate(ops, env, index_arrays(space))
        return np.broadcast_to(env[v.id], space.shape)

    walk = tile_walk(p.ranges, tile, plain_tile)

    def run(arrays: Sequence[np.ndarray]) -> None:
        for origin, extents in walk():
            x = factor(arrays, x_ops, c.lhs, x_args, xd, origin, extents)
            y = factor(arrays, y_ops, c.rhs, y_args, yd, origin, extents)
            r = contract(x, xd, y, yd, vd, c.reduction.combiner)
            out = strided_view(
                arrays[out_arg], p.accesses[out_arg], tile_space(vd, origin, extents)
            )
            combine_into(c.reduction.combiner, out, r)

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


__all__ = ["contract", "gemm_allowed", "plan_gemm"]
