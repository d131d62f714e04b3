"""Vectorised erf for f32/f16/bf16 results, equal to `T(math.erf(x))` bit for bit.

NumPy has no erf ufunc. The loops backend (and MLIR's libm call) computes erf in
double precision and rounds once to the element type. Here a piecewise polynomial
fitted to `math.erf` when first needed gives erf in f64 to far better than the
element type's precision; every result whose rounding could depend on the last
~2**-36 of relative error (an f64 value that close to a rounding boundary of the
type: about one element in 10**4 for f32) is recomputed with `math.erf`, so the
result is always the C library's erf rounded once, as the loops backend gives it.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

_WIDTH = 0.5  # interval width on |x| in [0.5, 6)
_LAST = 12  # |x| >= 6: erf is +-1 in f64 (erfc(6) < 2**-55)
_INNER_DEG = 8  # erf(x) / x as a polynomial in x*x on [0, 0.5]
_OUTER_DEG = 12  # erf on each [k/2, (k+1)/2] as a polynomial in u = 4|x| - (2k+1)
# Relative error bound used to accept a rounding. The fit's measured error is ~1e-15;
# the bound leaves a margin of about 10**3 (tests pin the fit under 2**-44).
REL_BOUND = 2.0**-36


def erf_value(x: float) -> float:
    """erf in double precision as the C library computes it (a NaN is returned as it is)."""
    return x if x != x else math.erf(x)


@lru_cache(maxsize=1)
def _tables() -> tuple[np.ndarray, list[np.ndarray]]:
    """Power-basis coefficients (lowest first): the inner fit, and one per outer interval."""
    cheb = np.polynomial.chebyshev
    nodes = np.cos(np.pi * (np.arange(96) + 0.5) / 96)  # Chebyshev points on [-1, 1]
    t = (nodes + 1) * 0.125  # x*x in [0, 0.25]
    g = [math.erf(math.sqrt(v)) / math.sqrt(v) if v > 0 else 2 / math.sqrt(math.pi) for v in t]
    inner = cheb.cheb2poly(cheb.chebfit(nodes, g, _INNER_DEG))
    # Re-express the inner polynomial in t itself: s = 8t - 1 maps [0, 0.25] to [-1, 1].
    inner_t = np.polynomial.Polynomial(inner)(np.polynomial.Polynomial([-1.0, 8.0])).coef
    outer = []
    for k in range(1, _LAST):
        xs = (2 * k + 1 + nodes) / 4
        vals = [math.erf(v) for v in xs]
        outer.append(cheb.cheb2poly(cheb.chebfit(nodes, vals, _OUTER_DEG)))
    return inner_t, outer


def _horner(coef: np.ndarray, u: np.ndarray) -> np.ndarray:
    acc = np.full(u.shape, coef[-1])
    for c in coef[-2::-1]:
        acc *= u
        acc += c
    return acc


def erf_f64(x: np.ndarray) -> np.ndarray:
    """erf of finite or infinite f64 values to ~1e-15 relative (NaN stays NaN)."""
    inner, outer = _tables()
    shape = x.shape
    x = np.ravel(x)
    ax = np.abs(x)
    k = np.minimum(ax * (1 / _WIDTH), _LAST)
    k = np.nan_to_num(k, nan=_LAST).astype(np.intp)
    y = np.ones_like(ax)
    sel = np.flatnonzero(k == 0)
    if sel.size:
        xs = ax[sel]
        y[sel] = xs * _horner(inner, xs * xs)
    for j in range(1, _LAST):
        sel = np.flatnonzero(k == j)
        if sel.size:
            y[sel] = _horner(outer[j - 1], ax[sel] * 4 - (2 * j + 1))
    y = np.copysign(y, x)
    y[np.isnan(x)] = np.nan
    return y.reshape(shape)


def erf_rounded(x: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """`dtype(math.erf(float(v)))` for every element of `x` (NaNs returned as they are)."""
    x64 = np.asarray(x, dtype=np.float64)
    y = erf_f64(x64)
    r = y.astype(dtype)
    margin = np.abs(y) * REL_BOUND
    sure = ((y - margin).astype(dtype) == r) & ((y + margin).astype(dtype) == r)
    redo = np.flatnonzero(~sure)  # near a rounding boundary, or NaN
    if redo.size:
        flat_x = x64.reshape(-1)
        flat_r = r.reshape(-1)
        t = np.dtype(dtype).type
        for i in redo.tolist():
            flat_r[i] = t(erf_value(float(flat_x[i])))
    return r


__all__ = ["REL_BOUND", "erf_f64", "erf_rounded", "erf_value"]
