"""Independent NumPy references for the core named ops, written from the ops' definitions
(names, layouts, documented semantics) — not from the runtime or the generated code.

Convolutions loop over kernel taps with strided slicing, pooling slides windows,
contractions use einsum; casts follow MLIR (sign/zero extension by `cast_unsigned`).
Each reference returns the expected output array (the new value of `outs[0]`).
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable
from typing import Any

import numpy as np

Array = np.ndarray


def cast(x: Any, dtype: np.dtype, unsigned: bool = False) -> Array:
    """MLIR's scalar conversion of array `x` to `dtype` (ints: sign/zero extension or truncation)."""
    x = np.asarray(x)
    dtype = np.dtype(dtype)
    if unsigned and x.dtype.kind == "i":
        x = x.view(f"u{x.dtype.itemsize}")
    if unsigned and x.dtype == np.bool_:
        x = x.astype(np.uint8)
    if not unsigned and x.dtype == np.bool_ and dtype.kind in "iuf":
        x = -x.astype(np.int8)  # i1 true is -1 when read as signed
    with np.errstate(over="ignore", invalid="ignore"):
        return x.astype(dtype)


# -- contractions ---------------------------------------------------------------------------

EINSUM: dict[str, str] = {
    "matmul": "mk,kn->mn",
    "batch_matmul": "bmk,bkn->bmn",
    "batch_reduce_matmul": "bmk,bkn->mn",
    "matmul_transpose_a": "km,kn->mn",
    "matmul_transpose_b": "mk,nk->mn",
    "batch_matmul_transpose_a": "bkm,bkn->bmn",
    "batch_matmul_transpose_b": "bmk,bnk->bmn",
    "matvec": "mn,n->m",
    "vecmat": "m,mn->n",
    "batch_matvec": "bmk,bk->bm",
    "batch_vecmat": "bk,bkn->bn",
    "dot": "k,k->",
    "mmt4d": "mkxz,nkyz->mnxy",
    "batch_mmt4d": "bmkxz,bnkyz->bmnxy",
    "quantized_matmul": "mk,kn->mn",
    "quantized_batch_matmul": "bmk,bkn->bmn",
}


def contraction(
    name: str,
    a: Array,
    b: Array,
    out: Array,
    unsigned: bool = False,
    zps: tuple[int, int] | None = None,
) -> Array:
    t = out.dtype
    ca, cb = cast(a, t, unsigned), cast(b, t, unsigned)
    if zps is not None:
        ca = ca - t.type(zps[0])
        cb = cb - t.type(zps[1])
    with np.errstate(over="ignore"):
        return (out + np.einsum(EINSUM[name], ca, cb).astype(t)).astype(t)


# -- convolutions ---------------------------------------------------------------------------

_SPATIAL = "dhw"


def _to_canonical(x: Array, layout: str, order: str) -> Array:
    """Transpose `x` from `layout` letters to `order` letters, inserting unit axes for
    letters `layout` lacks."""
    for letter in order:
        if letter not in layout:
            x = x[..., None]
            layout += letter
    return np.transpose(x, [layout.index(letter) for letter in order])


def _from_canonical(x: Array, order: str, layout: str) -> Array:
    extra = [i for i, letter in enumerate(order) if letter not in layout]
    x = np.squeeze(x, axis=tuple(extra)) if extra else x
    order = "".join(letter for letter in order if letter in layout)
    return np.transpose(x, [order.index(letter) for letter in layout])


def _spatial(layout: str) -> str:
    return "".join(ch for ch in layout if ch in _SPATIAL)


def _taps(kernel_sizes: tuple[int, ...]) -> itertools.product:
    return itertools.product(*(range(k) for k in kernel_sizes))


def _window(
    x: Array,
    tap: tuple[int, ...],
    out_sizes: tuple[int, ...],
    strides: tuple[int, ...],
    dilations: tuple[int, ...],
    first: int,
) -> Array:
    """x[..., tap*d : tap*d + (O-1)*s + 1 : s, ...] along the spatial axes starting at `first`."""
    index: list[Any] = [slice(None)] * x.ndim
    for i, (k, o, s, d) in enumerate(zip(tap, out_sizes, strides, dilations, strict=True)):
        start = k * d
        index[first + i] = slice(start, start + (o - 1) * s + 1, s)
    return x[tuple(index)]


def conv(
    name: str,
    x: Array,
    w: Array,
    out: Array,
    strides: tuple[int, ...],
    dilations: tuple[int, ...],
    zps: tuple[int, int] | None = None,
) -> Array:
    """`conv_Nd_<in>_<ker>[_q]`: out[n, g, f, o] += x[n, g, c, o*s + k*d] * w[g, f, c, k]."""
    m = re.fullmatch(r"conv_(\d)d_([a-z]+)_([a-z]+)(_q)?", name)
    assert m, name
    in_layout, ker_layout = m.group(2), m.group(3)
    out_layout = in_layout.replace("c", "f")
    sp = _spatial(in_layout)
    t = out.dtype
    xc = _to_canonical(cast(x, t), in_layout, "ngc" + sp)
    wc = _to_canonical(cast(w, t), ker_layout, "gfc" + sp)
    if zps is not None:
        xc, wc = xc - t.type(zps[0]), wc - t.type(zps[1])
    oc = _to_canonical(out.copy(), out_layout, "ngf" + sp).copy()
    ksizes = wc.shape[3:]
    osizes = oc.shape[3:]
    with np.errstate(over="ignore"):
        for tap in _taps(ksizes):
            xs = _window(xc, tap, osizes, strides, dilations, first=3)
            wk = wc[(slice(None),) * 3 + tap]
            oc = (oc + np.einsum("ngc...,gfc->ngf...", xs, wk).astype(t)).astype(t)
    return _from_canonical(oc, "ngf" + sp, out_layout)


def conv_plain(x: Array, w: Array, out: Array) -> Array:
    """`conv_1d/2d/3d`: out[o] += x[o + k] * w[k] (no batch, channels, strides)."""
    t = out.dtype
    xc, wc = cast(x, t), cast(w, t)
    result = out.copy()
    with np.errstate(over="ignore"):
        for tap in _taps(w.shape):
            xs = _window(xc, tap, out.shape, (1,) * out.ndim, (1,) * out.ndim, first=0)
            result = (result + xs * wc[tap]).astype(t)
    return result


def depthwise(
    name: str,
    x: Array,
    w: Array,
    out: Array,
    strides: tuple[int, ...],
    dilations: tuple[int, ...],
    zps: tuple[int, int] | None = None,
) -> Array:
    """`depthwise_conv_Nd_<in>_<ker>[_q]`: out[n, c, m, o] += x[n, c, o*s + k*d] * w[c, m, k]."""
    m = re.fullmatch(r"depthwise_conv_(\d)d_([a-z]+)_([a-z]+)(_q)?", name)
    assert m, name
    in_layout, ker_layout = m.group(2), m.group(3)
    out_layout = in_layout + ("m" if "m" in ker_layout else "")
    sp = _spatial(in_layout)
    t = out.dtype
    xc = _to_canonical(cast(x, t), in_layout, "nc" + sp)
    wc = _to_canonical(cast(w, t), ker_layout, "cm" + sp)
    if zps is not None:
        xc, wc = xc - t.type(zps[0]), wc - t.type(zps[1])
    oc = _to_canonical(out.copy(), out_layout, "ncm" + sp).copy()
    with np.errstate(over="ignore"):
        for tap in _taps(wc.shape[2:]):
            xs = _window(xc, tap, oc.shape[3:], strides, dilations, first=2)
            wk = wc[(slice(None),) * 2 + tap]
            oc = (
                oc + (xs[:, :, None] * wk[(None, slice(None), slice(None)) + (None,) * len(sp)])
            ).astype(t)
    return _from_canonical(oc, "ncm" + sp, out_layout)


def pooling(
    name: str,
    x: Array,
    window: tuple[int, ...],
    out: Array,
    strides: tuple[int, ...],
    dilations: tuple[int, ...],
) -> Array:
    """`pooling_<layout>_<sum|max|min>[_unsigned]`: reduce each window into the output."""
    m = re.fullmatch(r"pooling_([a-z]+)_(sum|max|min)(_unsigned)?", name)
    assert m, name
    layout, kind, unsigned = m.group(1), m.group(2), m.group(3) is not None
    sp = _spatial(layout)
    t = out.dtype
    xc = _to_canonical(cast(x, t, unsigned), layout, "nc" + sp)
    oc = _to_canonical(out.copy(), layout, "nc" + sp).copy()
    for tap in _taps(window):
        xs = _window(xc, tap, oc.shape[2:], strides, dilations, first=2)
        with np.errstate(over="ignore"):
            if kind == "sum":
                oc = (oc + xs).astype(t)
            elif unsigned:
                u = f"u{t.itemsize}"
                pick = np.maximum if kind == "max" else np.minimum
                oc = pick(oc.view(u), xs.view(u)).view(t)
            else:
                oc = (np.maximum if kind == "max" else np.minimum)(oc, xs)
    return _from_canonical(oc, "nc" + sp, layout)


# -- elementwise ----------------------------------------------------------------------------


def round_half_away(x: Array) -> Array:
    return (np.sign(x) * np.floor(np.abs(x) + x.dtype.type(0.5))).astype(x.dtype)


def erf(x: Array) -> Array:
    return np.vectorize(lambda v: math.erf(float(v)), otypes=[np.float64])(x).astype(x.dtype)


UNARY: dict[str, Callable[[Array], Array]] = {
    "exp": np.exp,
    "log": np.log,
    "abs": np.abs,
    "ceil": np.ceil,
    "floor": np.floor,
    "negf": np.negative,
    "reciprocal": lambda x: (x.dtype.type(1) / x).astype(x.dtype),
    "round": round_half_away,
    "sqrt": np.sqrt,
    "rsqrt": lambda x: (x.dtype.type(1) / np.sqrt(x)).astype(x.dtype),
    "square": lambda x: (x * x).astype(x.dtype),
    "tanh": np.tanh,
    "erf": erf,
}


def int_div_signed(a: Array, b: Array) -> Array:
    """Truncating division (C semantics) on signed ints."""
    q = np.abs(a.astype(np.int64)) // np.abs(b.astype(np.int64))
    return np.where((a < 0) != (b < 0), -q, q).astype(a.dtype)


def binary(fn: str, a: Array, b: Array) -> Array:
    t = a.dtype
    is_float = t.kind == "f" or t == np.dtype("bfloat16")
    u = None if is_float or t == np.bool_ else f"u{t.itemsize}"
    with np.errstate(over="ignore"):
        if fn == "add":
            return (a | b) if t == np.bool_ else (a + b).astype(t)
        if fn == "sub":
            return (a - b).astype(t)
        if fn == "mul":
            return (a & b) if t == np.bool_ else (a * b).astype(t)
        if fn == "div":
            return (a / b).astype(t) if is_float else int_div_signed(a, b)
        if fn == "div_unsigned":
            return (a.view(u) // b.view(u)).view(t)
        if fn in ("max", "max_signed"):
            return np.maximum(a, b)
        if fn in ("min", "min_signed"):
            return np.minimum(a, b)
        if fn == "max_unsigned":
            return np.maximum(a.view(u), b.view(u)).view(t)
        if fn == "min_unsigned":
            return np.minimum(a.view(u), b.view(u)).view(t)
        if fn == "powf":
            return np.power(a, b).astype(t)
    raise KeyError(fn)


def fill_rng_2d(lo: float, hi: float, seed: int, shape: tuple[int, int], dtype: Any) -> Array:
    """The documented LCG, one generator per element seeded by (seed, i, j), in 32-bit math."""

    def i32(v: int) -> int:
        v &= 0xFFFFFFFF
        return v - (1 << 32) if v >= 1 << 31 else v

    mult, inc = 1103515245, 12345
    out = np.empty(shape, dtype=dtype)
    scale = (hi - lo) * 2.3283063999999999e-10
    for i in range(shape[0]):
        r_i = i32(i32(i32(i + seed) * mult) + inc)
        for j in range(shape[1]):
            r = i32(i32(i32(j + r_i) * mult) + inc)
            out[i, j] = (2147483647.0 + float(r)) * scale + lo
    return out
