"""The `taps` strategy: a window contraction (convolution) as one BLAS matmul per filter tap.

`gemm` gathers the input windows into an im2col matrix (kernel-taps times the input)
before one big matmul. Here the input factor is evaluated once over the input array
itself; its window axes (`s*o + t*k + c`, the same stride `s` on every one) are merged
into one flat axis, so for a fixed tap `k` the rows the output positions read are the
flat axis sliced from a constant offset with step `s`, a view BLAS reads in place.
Every tap is then `acc[p] += X[offset + s*p] @ W[tap]` over *padded* positions `p`
(output positions laid out with the input's row widths; the few positions past an
output row's end are computed and dropped), and the padded accumulator is added to
the output once. Integers go through f64 BLAS when the whole sum is provably exact.
Where the tap views are contiguous (channels last, stride 1) and SciPy is installed,
BLAS's gemm adds each tap into the accumulator itself (`blas.py`): no add pass per tap.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from linalg_odsgen.payload import OpCategory, PayloadOp, Value
from linalg_odsgen.runtime.backends.fast.analysis import Contraction
from linalg_odsgen.runtime.backends.fast.blas import accumulating_gemm
from linalg_odsgen.runtime.backends.fast.evaluate import (
    args_read,
    combine_into,
    evaluate,
    index_arrays,
    leaf_views,
)
from linalg_odsgen.runtime.backends.fast.gemm import plan_gemm
from linalg_odsgen.runtime.backends.fast.plan import C_CALL, C_ELEM, C_MAC, Plan, Problem
from linalg_odsgen.runtime.backends.fast.tiling import tile_space
from linalg_odsgen.runtime.backends.fast.views import Space, strided_view

_F64_EXACT = 2**53


@dataclass(frozen=True)
class Window:
    """How a contraction reads its input: the layout the tap loop needs, worked out once."""

    arg: int  # the block argument (operand) read through the window map
    scalars: tuple[int, ...]  # other operands the input factor reads (rank-0 accesses)
    shape: tuple[int, ...]  # the input array's shape the plan assumes
    m_dims: tuple[int, ...]  # leading input axes: output dims the filter does not read
    k_dims: tuple[int, ...]  # input axes summed with the filter (channels)
    k_first: bool  # the channel axes come before the window axes (NCHW) or after (NHWC)
    out_dims: tuple[int, ...]  # per window axis: its output dim
    tap_dims: tuple[int, ...]  # per window axis: its filter dim
    dilations: tuple[int, ...]
    offsets: tuple[int, ...]
    stride: int  # the output dims' coefficient, the same on every window axis
    n_dims: tuple[int, ...]  # output dims only the filter reads (output channels)


def _window(p: Problem, x: Value, y: Value, x_ops: list[PayloadOp]) -> Window | None:
    """The window layout when `x` is a convolution input of a `y` filter, else None."""
    info = p.info
    arg_ids = [a.id for a in info.region.args]
    if any(op.category is OpCategory.INDEX for op in x_ops):
        return None
    read = [i for i in args_read(x_ops, [x]) if i in arg_ids]
    windowed = [i for i in read if p.accesses[arg_ids.index(i)].used_dims]
    if len(windowed) != 1:
        return None
    arg = arg_ids.index(windowed[0])
    scalars = tuple(arg_ids.index(i) for i in read if i != windowed[0])
    acc = p.accesses[arg]
    out = set(p.vector_dims)
    ydims = info.dims[y.id]
    if info.dims[x.id] != acc.used_dims or info.output_args[0] in read:
        return None
    kinds: list[str] = []
    m_dims: list[int] = []
    k_dims: list[int] = []
    out_dims: list[int] = []
    tap_dims: list[int] = []
    dilations: list[int] = []
    offsets: list[int] = []
    strides: set[int] = set()
    for row, const in zip(acc.coeffs, acc.consts, strict=True):
        nz = [(d, c) for d, c in enumerate(row) if c != 0]
        if len(nz) == 1 and nz[0][1] == 1 and const == 0:
            d = nz[0][0]
            if d in out and d not in ydims:
                kinds.append("m")
                m_dims.append(d)
            elif d in ydims and d not in out:
                kinds.append("k")
                k_dims.append(d)
            else:
                return None
        elif len(nz) == 2 and const >= 0:
            (o, s), (t, dil) = nz if nz[0][0] in out else nz[::-1]
            if o not in out or o in ydims or t in out or t not in ydims or s < 1 or dil < 1:
                return None
            kinds.append("w")
            out_dims.append(o)
            tap_dims.append(t)
            dilations.append(dil)
            offsets.append(const)
            strides.add(s)
        else:
            return None
    layout = "".join(kinds).lstrip("m")  # m axes lead; then channels and windows, in blocks
    channels, windows = "k" * len(k_dims), "w" * len(out_dims)
    if len(strides) != 1 or not k_dims or layout not in (channels + windows, windows + channels):
        return None
    used = m_dims + k_dims + out_dims + tap_dims
    if len(set(used)) != len(used):
        return None
    n_dims = tuple(d for d in p.vector_dims if d in ydims)
    if set(ydims) != set(tap_dims) | set(k_dims) | set(n_dims):
        return None
    if set(range(p.num_dims)) != set(used) | set(n_dims):
        return None
    shape = tuple(
        max(
            sum(c * (p.ranges[d] - 1) for d, c in enumerate(row) if c > 0) + k + 1,
            1,
        )
        for row, k in zip(acc.coeffs, acc.consts, strict=True)
    )
    return Window(
        arg,
        scalars,
        shape,
        tuple(m_dims),
        tuple(k_dims),
        layout.startswith("k"),
        tuple(out_dims),
        tuple(tap_dims),
        tuple(dilations),
        tuple(offsets),
        strides.pop(),
        n_dims,
    )


def _no_index(d: int) -> np.ndarray:
    raise AssertionError(f"the input factor of a tap loop reads no loop index (dim {d})")


def plan_taps(p: Problem, c: Contraction, limit: int) -> Plan | None:
    """The tap loop for a convolution-shaped contraction, or None when it does not apply
    (or its temporaries exceed `limit`)."""
    info = p.info
    t = c.reduction.combiner.result.type
    if t.is_bool or t.dtype.kind not in "fi":
        return None
    found = None
    for x, y in ((c.lhs, c.rhs), (c.rhs, c.lhs)):
        x_ops = info.ops_for([x])
        w = _window(p, x, y, x_ops)
        if w is not None:
            found = (x, y, x_ops, w)
            break
    if found is None:
        return None
    x, y, x_ops, w = found
    y_ops = info.ops_for([y])
    size = p.ranges
    m_size = math.prod(size[d] for d in w.m_dims)
    k_size = math.prod(size[d] for d in w.k_dims)
    n_size = math.prod(size[d] for d in w.n_dims)
    taps = math.prod(size[d] for d in w.tap_dims)
    first_w = len(w.m_dims) + (len(w.k_dims) if w.k_first else 0)
    heights = w.shape[first_w : first_w + len(w.out_dims)]
    flat = math.prod(heights)
    steps = [math.prod(heights[j + 1 :]) for j in range(len(heights))]
    rows = sum((size[o] - 1) * st for o, st in zip(w.out_dims, steps, strict=True)) + 1
    padded = size[w.out_dims[0]] * steps[0]
    exact_int = t.dtype.kind == "i"
    acc_dtype = np.dtype(np.float64) if exact_int else t.dtype
    unit = acc_dtype.itemsize
    temps = (
        math.prod(w.shape) * unit  # the input factor
        + taps * k_size * n_size * unit  # the filter, one matrix per tap
        + m_size * (rows + padded) * n_size * unit  # one tap's product and the accumulator
        + p.points(p.vector_dims) * unit
    )
    if temps > limit:
        return None
    mac = C_MAC["int" if exact_int else ("f32" if t.dtype.itemsize <= 4 else "f64")]
    # The useful multiply-adds are `gemm`'s too; what differs is the gather `gemm` pays
    # (C_GATHER per window element) against the padded rows and one add per tap here.
    # Calibrated with scripts/bench.py: a tap (matmul + add on views) costs about half a
    # C_CALL, and the tap loop beat the gather on every size measured (16x16x8 up).
    cost = (
        C_CALL * (2 + taps / 2)
        + math.prod(w.shape) * (len(x_ops) + 1) * C_ELEM
        + p.points(range(p.num_dims)) * mac
        + taps * m_size * (rows - p.points(w.out_dims)) * n_size * k_size * mac
        + taps * m_size * rows * n_size * C_ELEM
        + p.points(p.vector_dims) * 2 * C_ELEM
    )
    # Offsets of every tap along the flat axis, taps in the filter's (tap dims) order.
    tap_ranges = [range(size[d]) for d in w.tap_dims]
    offsets = []
    for index in np.ndindex(*(len(r) for r in tap_ranges)):
        offsets.append(
            sum(
                (dil * v + k) * st
                for dil, v, k, st in zip(w.dilations, index, w.offsets, steps, strict=True)
            )
        )
    y_axes = w.tap_dims + w.k_dims + w.n_dims
    y_space = tile_space(y_axes, (0,) * p.num_dims, size)
    y_args = [i for i in args_read(y_ops, [y]) if i in {a.id for a in info.region.args}]
    arg_ids = [a.id for a in info.region.args]
    no_axes = Space((), (0,) * p.num_dims, ())
    out_arg = arg_ids.index(info.output_args[0])
    out_pure = p.accesses[out_arg].pure_dims()
    result_dims = w.m_dims + w.out_dims + w.n_dims
    if out_pure is None:
        return None
    to_out = tuple(result_dims.index(d) for d in out_pure)
    out_shape = tuple(size[d] for d in out_pure)
    grid = (
        *(size[d] for d in w.m_dims),
        size[w.out_dims[0]],
        *heights[1:],
        *(size[d] for d in w.n_dims),
    )
    keep = (
        (slice(None),) * (len(w.m_dims) + 1)
        + tuple(slice(0, size[d]) for d in w.out_dims[1:])
        + (slice(None),) * len(w.n_dims)
    )
    s = w.stride
    lead = (m_size,) if m_size > 1 else ()  # NumPy's 2-D matmul is BLAS's, with no batch loop
    combiner = c.reduction.combiner
    general: list[Plan] = []

    def inputs(arrays: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray] | None:
        """The input factor as (m, flat rows, k) and the filter as (taps, k, n) matrices."""
        env: dict[int, np.ndarray] = {arg_ids[w.arg]: arrays[w.arg]}
        for i in w.scalars:
            env[arg_ids[i]] = strided_view(arrays[i], p.accesses[i], no_axes)
        evaluate(x_ops, env, _no_index)
        xa = np.broadcast_to(env[x.id], w.shape)
        y_env = dict(leaf_views(arrays, p.accesses, y_space, y_args))
        evaluate(y_ops, y_env, index_arrays(y_space))
        ya = np.broadcast_to(y_env[y.id], y_space.shape)
        if exact_int:
            bound = _bound(xa) * _bound(ya) * k_size * taps
            if bound >= _F64_EXACT:
                return None
        xm = np.ascontiguousarray(xa, dtype=acc_dtype)
        xm = xm.reshape(lead + ((k_size, flat) if w.k_first else (flat, k_size)))
        ym = np.ascontiguousarray(ya, dtype=acc_dtype).reshape(taps, k_size, n_size)
        return xm, ym

    def _general(arrays: Sequence[np.ndarray]) -> None:
        """What `gemm` runs (planned on first need): for operands this plan does not fit."""
        if not general:
            general.append(plan_gemm(p, c, limit))
        general[0].run(arrays)

    def run(arrays: Sequence[np.ndarray]) -> None:
        out = arrays[out_arg]
        if arrays[w.arg].shape != w.shape or out.shape != out_shape:
            _general(arrays)  # an operand larger than the iteration space reads
            return
        pair = inputs(arrays)
        if pair is None:
            _general(arrays)  # integer sums that f64 cannot hold exactly
            return
        xm, ym = pair
        acc = np.empty((*lead, padded, n_size), acc_dtype)
        gemm = None if w.k_first or s != 1 else accumulating_gemm(acc_dtype)
        if gemm is not None:  # BLAS adds each tap in place: no temporary, no add pass
            xs = xm.reshape(m_size, flat, k_size)
            heads = acc.reshape(m_size, padded, n_size)[:, :rows]
            for tap, start in enumerate(offsets):
                for i in range(m_size):
                    gemm(heads[i], xs[i, start : start + rows], ym[tap], tap > 0)
            finish(acc, out)
            return
        part = np.empty((*lead, rows, n_size), acc_dtype)
        head = acc[..., :rows, :]
        span = s * (rows - 1) + 1
        for tap, start in enumerate(offsets):
            if w.k_first:
                xt = np.swapaxes(xm[..., start : start + span : s], -1, -2)
            else:
                xt = xm[..., start : start + span : s, :]
            if tap == 0:
                np.matmul(xt, ym[0], out=head)
            else:
                np.matmul(xt, ym[tap], out=part)
                head += part
        finish(acc, out)

    def finish(acc: np.ndarray, out: np.ndarray) -> None:
        """The padded accumulator's output positions, combined into the output."""
        r = acc.reshape(grid)[keep].transpose(to_out)
        if exact_int:
            r = r.astype(np.int64).astype(t.dtype)
        combine_into(combiner, out, r)

    return Plan("taps", tuple(size), cost, int(temps), run)


def _bound(a: np.ndarray) -> int:
    if a.size == 0:
        return 0
    return max(abs(int(a.min())), abs(int(a.max())))


__all__ = ["Window", "plan_taps"]
