"""Comparing backend outputs: bit for bit (any NaN equals any NaN) or within an ulp or two."""

from __future__ import annotations

import numpy as np

from linalg_odsgen.types import element_type_of


def bits_equal(got: np.ndarray, want: np.ndarray) -> bool:
    """Same bits everywhere, except that any NaN equals any NaN (payloads are not compared)."""
    got, want = np.asarray(got), np.asarray(want)
    t = element_type_of(got.dtype)
    if not t.is_float:
        return bool(np.array_equal(got, want))
    nan = np.isnan(got.astype(np.float64)) & np.isnan(want.astype(np.float64))
    same = got.view(f"u{got.itemsize}") == want.view(f"u{want.itemsize}")
    return bool((nan | same).all())


def nearly_equal(got: np.ndarray, want: np.ndarray) -> bool:
    """Within about two ulps of the element type (for the C library's exp/log/tanh)."""
    got, want = np.asarray(got), np.asarray(want)
    t = element_type_of(got.dtype)
    if not t.is_float:
        return bool(np.array_equal(got, want))
    rtol = 2.0 ** (2 - t.precision)
    return bool(
        np.allclose(
            got.astype(np.float64), want.astype(np.float64), rtol=rtol, atol=1e-30, equal_nan=True
        )
    )
