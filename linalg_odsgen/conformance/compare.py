"""Comparing output bits of MLIR 22 with our runtime's, by the rules conformance uses.

Integers compare exactly. Floats compare bit for bit except that any NaN equals
any NaN, bf16 may be flushed to zero by the host's conversion instruction, and
payloads calling libm-style functions compare within `MATH_ULPS` units in the
last place (MLIR calls the C library, NumPy its own implementations).
"""

from __future__ import annotations

import numpy as np

from linalg_odsgen.types import ElementType

MATH_ULPS = 4


def _ulp_distance(a: np.ndarray, b: np.ndarray, t: ElementType) -> np.ndarray:
    """|a - b| in units in the last place, from bit patterns (sign-magnitude to a line)."""
    sign = 1 << (t.width - 1)

    def ordered(x: int) -> int:
        return -(x & (sign - 1)) if x & sign else x

    return np.array([abs(ordered(int(x)) - ordered(int(y))) for x, y in zip(a, b, strict=True)])


def _is_nan_bits(x: np.ndarray, t: ElementType) -> np.ndarray:
    vals = x.astype(np.dtype(f"uint{t.width}")).view(t.dtype)
    return np.isnan(vals.astype(np.float64))


def _bf16_flushed(got: np.ndarray, expected: np.ndarray) -> np.ndarray:
    """Where MLIR's bf16 is a signed zero and ours the subnormal of the same sign.

    MLIR rounds f32 to bf16 with the host's instruction where there is one; x86's
    AVX512-BF16 `vcvtneps2bf16` flushes subnormals to zero, elsewhere they are kept.
    Both results are MLIR's own on some CPU, so the oracle accepts either (README).
    """
    g = got.astype(np.uint64)
    e = expected.astype(np.uint64)
    same_sign = (g & 0x8000) == (e & 0x8000)
    return ((g & 0x7FFF) == 0) & ((e & 0x7F80) == 0) & ((e & 0x7F) != 0) & same_sign


def _both_tiny(got: np.ndarray, expected: np.ndarray, t: ElementType) -> np.ndarray:
    """Where both are zero or subnormal (exponent field zero) with the same sign: what a
    target flushing subnormals to zero (IREE's CPU code does, by design) makes of ours."""
    g = got.astype(np.uint64)
    e = expected.astype(np.uint64)
    sign = np.uint64(1 << (t.width - 1))
    exponent = np.uint64(((1 << (t.width - 1)) - 1) & ~((1 << (t.precision - 1)) - 1))
    return ((g & exponent) == 0) & ((e & exponent) == 0) & ((g & sign) == (e & sign))


def _plain(x: object) -> str:
    """A NumPy (or ml_dtypes) float as a plain number, `1.783` not `np.float16(1.783)`:
    `str` gives the shortest text that reads back in the value's own type."""
    return str(x)


def compare_bits(
    got: np.ndarray,
    expected: np.ndarray,
    t: ElementType,
    approx: bool,
    stats: list[int] | None = None,
    who: str = "MLIR",
    flushes_subnormals: bool = False,
) -> str:
    """Empty when equal: bit for bit (any NaN equals any NaN), or within MATH_ULPS if `approx`
    (the largest distance seen is appended to `stats`); `who` names the side that ran.
    `flushes_subnormals`: a subnormal of ours may be a zero (or another subnormal) of the
    same sign there."""
    if got.shape != expected.shape:
        return f"{who} printed {got.size} elements, expected {expected.size}"
    if not t.is_float:
        bad = np.nonzero(got != expected)[0]
        if bad.size:
            i = int(bad[0])
            return f"{bad.size} elements differ; first at {i}: {who} {got[i]} vs ours {expected[i]}"
        return ""
    # Elements equal whatever their bits: two NaNs, and bf16's host-dependent flush.
    same = _is_nan_bits(got, t) & _is_nan_bits(expected, t)
    if t.name == "bf16":
        same |= _bf16_flushed(got, expected)
    if flushes_subnormals:
        same |= _both_tiny(got, expected, t)
    if approx:
        dist = np.where(same, 0, _ulp_distance(got, expected, t))
        if stats is not None and dist.size:
            stats.append(int(dist.max()))
        bad = np.nonzero(dist > MATH_ULPS)[0]
    else:
        bad = np.nonzero((got != expected) & ~same)[0]
    if bad.size:
        i = int(bad[0])
        dt = np.dtype(f"uint{t.width}")
        g = got[i : i + 1].astype(dt).view(t.dtype)[0]
        e = expected[i : i + 1].astype(dt).view(t.dtype)[0]
        return (
            f"{bad.size} elements differ; first at {i}: {who} {_plain(g)} (0x{int(got[i]):X}) "
            f"vs ours {_plain(e)} (0x{int(expected[i]):X})"
        )
    return ""


__all__ = ["MATH_ULPS", "compare_bits"]
