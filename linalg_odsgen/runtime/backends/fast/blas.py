"""BLAS's gemm with accumulation (`c += a @ b`), through SciPy's BLAS wrappers when installed.

NumPy's matmul always overwrites its output, so a sum of matrix products (a convolution's
tap loop) pays one more pass over the result per term: a temporary and an add. BLAS's
gemm takes `beta = 1` and adds inside its kernel, while the result block is in registers.
SciPy is optional (the `blas` extra); without it, or with `Runtime.fast_blas_accumulate`
off, callers keep NumPy's matmul and an add.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np

from linalg_odsgen.runtime.settings import current_runtime


@functools.cache
def _gemms() -> dict[np.dtype, Callable[..., Any]]:
    """dtype -> SciPy's gemm of that dtype (empty: SciPy is not installed)."""
    try:
        from scipy.linalg import blas
    except ImportError:  # the `blas` extra is not installed
        return {}
    return {np.dtype(np.float32): blas.sgemm, np.dtype(np.float64): blas.dgemm}


def available() -> bool:
    """Whether SciPy's BLAS wrappers can be imported (the `blas` extra)."""
    return bool(_gemms())


Gemm = Callable[[np.ndarray, np.ndarray, np.ndarray, bool], None]


def accumulating_gemm(dtype: np.dtype) -> Gemm | None:
    """`gemm(c, a, b, accumulate)`: `c = a @ b`, or `c += a @ b` when `accumulate`, in
    place; None when SciPy is missing, `dtype` is not f32/f64, or the current runtime's
    `fast_blas_accumulate` is off.

    `c`, `a` and `b` must be C-contiguous 2-D arrays: BLAS then reads and writes them
    where they are (its column-major view of `c.T = b.T @ a.T`; SciPy would copy others).
    """
    if not current_runtime().fast_blas_accumulate:
        return None
    fn = _gemms().get(np.dtype(dtype))
    if fn is None:
        return None

    def gemm(c: np.ndarray, a: np.ndarray, b: np.ndarray, accumulate: bool) -> None:
        ct = c.T
        got = fn(1.0, b.T, a.T, 1.0 if accumulate else 0.0, ct, overwrite_c=1)
        if got is not ct:  # (cannot happen for contiguous operands: SciPy copied `c`)
            raise AssertionError("BLAS gemm did not write its result in place")

    return gemm


__all__ = ["Gemm", "accumulating_gemm", "available"]
