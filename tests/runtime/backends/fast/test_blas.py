"""BLAS's accumulating gemm: `c = a @ b` or `c += a @ b` in place, or None where it cannot."""

from __future__ import annotations

import numpy as np
import pytest

from linalg_odsgen import ops
from linalg_odsgen.runtime.backends import fast
from linalg_odsgen.runtime.backends.fast import blas
from linalg_odsgen.runtime.settings import current_runtime

needs_scipy = pytest.mark.skipif(not blas.available(), reason="SciPy (the blas extra) missing")
RNG = np.random.default_rng(5)


@needs_scipy
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_gemm_overwrites_then_accumulates_in_place(dtype: type) -> None:
    a = RNG.standard_normal((37, 11)).astype(dtype)
    b = RNG.standard_normal((11, 5)).astype(dtype)
    store = RNG.standard_normal((40, 5)).astype(dtype)  # rows past 37 are left alone
    below = store[37:].copy()
    c = store[:37]
    gemm = blas.accumulating_gemm(np.dtype(dtype))
    assert gemm is not None
    want = np.einsum("ik,kj->ij", a.astype(np.float64), b.astype(np.float64))
    gemm(c, a, b, False)
    np.testing.assert_allclose(c, want, rtol=1e-5, atol=1e-5)
    gemm(c, a, b, True)
    np.testing.assert_allclose(c, 2 * want, rtol=1e-5, atol=1e-5)
    assert np.array_equal(store[37:], below)


def test_no_gemm_for_integers_or_when_switched_off() -> None:
    assert blas.accumulating_gemm(np.dtype(np.int32)) is None
    assert blas.accumulating_gemm(np.dtype(np.float16)) is None
    with current_runtime().changed(fast_blas_accumulate=False):
        assert blas.accumulating_gemm(np.dtype(np.float32)) is None


@needs_scipy
def test_the_tap_loop_gives_the_same_bits_either_way_on_exact_sums() -> None:
    """Small integers in f32: every partial sum is exact, so the order of the adds cannot
    matter and both ways of adding the taps must agree bit for bit (and with einsum)."""
    x = RNG.integers(-8, 8, (2, 9, 10, 6)).astype(np.float32)
    w = RNG.integers(-8, 8, (3, 2, 6, 7)).astype(np.float32)
    o = RNG.integers(-8, 8, (2, 7, 9, 7)).astype(np.float32)
    results = []
    for on in (True, False):
        got = o.copy()
        with current_runtime().changed(fast_blas_accumulate=on):
            op, bound = ops.Conv2DNhwcHwcfOp.from_arrays(x, w, outs=[got])
            fast.run(op, bound, strategy="taps")
        results.append(got)
    win = np.lib.stride_tricks.sliding_window_view(x, (3, 2), axis=(1, 2))  # n,h,w,c,kh,kw
    want = o + np.einsum("nhwcij,ijcf->nhwf", win, w)
    assert np.array_equal(results[0], want) and np.array_equal(results[1], want)
