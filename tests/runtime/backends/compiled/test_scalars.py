"""The numba scalar library against independent references: NumPy's float16 and ml_dtypes'
bfloat16 conversions on every bit pattern, exact integer arithmetic in Python ints."""

from __future__ import annotations

import math

import ml_dtypes
import numpy as np
import pytest
from numba import njit

from linalg_odsgen.runtime.backends.compiled import scalars as S

RNG = np.random.default_rng(20261125)


def _f32_samples() -> np.ndarray:
    """Random f32 bit patterns plus every f16/bf16 rounding boundary neighbourhood."""
    bits = RNG.integers(0, 2**32, size=400_000, dtype=np.uint64).astype(np.uint32)
    h = np.arange(2**16, dtype=np.uint16)
    halves = h.view(np.float16).astype(np.float32)
    mids = ((halves[:-1].astype(np.float64) + halves[1:].astype(np.float64)) / 2).astype(np.float32)
    edges = np.concatenate(
        [
            halves,
            mids,
            np.nextafter(mids, np.float32(np.inf)),
            np.nextafter(mids, np.float32(-np.inf)),
        ]
    )
    b16 = (h.astype(np.uint32) << 16).view(np.float32)
    return np.concatenate(
        [
            bits.view(np.float32),
            edges,
            b16,
            b16 + 0,
            np.float32([65504, 65519.99, 65520, 1e-8, -0.0, np.inf, -np.inf]),
        ]
    )


def _same(got: np.ndarray, want: np.ndarray) -> None:
    bad = ~_equal_bits(got, want)
    assert not bad.any(), f"{int(bad.sum())} differ: {got[bad][:5]} vs {want[bad][:5]}"


def _equal_bits(got: np.ndarray, want: np.ndarray) -> np.ndarray:
    """Elementwise `bits.bits_equal` (to say where they differ)."""
    nan = np.isnan(got.astype(np.float64)) & np.isnan(want.astype(np.float64))
    return nan | (got.view(f"u{got.itemsize}") == want.view(f"u{want.itemsize}"))


@njit
def _map_f2h(x: np.ndarray, soft: bool) -> np.ndarray:
    out = np.empty(x.size, np.uint16)
    for i in range(x.size):
        out[i] = S.soft_f32_to_f16(x[i]) if soft else S.f2h(x[i])
    return out


@njit
def _map_h2f(h: np.ndarray, soft: bool) -> np.ndarray:
    out = np.empty(h.size, np.float32)
    for i in range(h.size):
        out[i] = S.soft_f16_to_f32(h[i]) if soft else S.h2f(h[i])
    return out


@njit
def _map_f2b(x: np.ndarray) -> np.ndarray:
    out = np.empty(x.size, np.uint16)
    for i in range(x.size):
        out[i] = S.f2b(x[i])
    return out


@njit
def _map_d2(x: np.ndarray, to_half: bool) -> np.ndarray:
    out = np.empty(x.size, np.float32)
    for i in range(x.size):
        out[i] = S.d2h(x[i]) if to_half else S.d2b(x[i])
    return out


@pytest.mark.parametrize("soft", [False, True], ids=["hardware", "software"])
def test_f32_to_f16_rounds_as_numpy(soft: bool) -> None:
    x = _f32_samples()
    _same(_map_f2h(x, soft).view(np.float16), x.astype(np.float16))


@pytest.mark.parametrize("soft", [False, True], ids=["hardware", "software"])
def test_f16_to_f32_is_exact_on_every_bit_pattern(soft: bool) -> None:
    h = np.arange(2**16, dtype=np.uint16)
    _same(_map_h2f(h, soft), h.view(np.float16).astype(np.float32))


@njit
def _map_rb(x: np.ndarray) -> np.ndarray:
    out = np.empty(x.size, np.float32)
    for i in range(x.size):
        out[i] = S.rb(x[i])
    return out


def test_f32_to_bf16_rounds_as_ml_dtypes() -> None:
    x = _f32_samples()
    want = x.astype(ml_dtypes.bfloat16)
    _same(_map_f2b(x).view(ml_dtypes.bfloat16), want)
    _same(_map_rb(x), want.astype(np.float32))


def test_f64_to_f16_rounds_once_and_to_bf16_through_f32() -> None:
    # doubles near rounding boundaries, where one rounding differs from two: NumPy rounds
    # f64 -> f16 once, ml_dtypes (like MLIR's lowering) f64 -> f32 -> bf16
    h = np.arange(2**16, dtype=np.uint16).view(np.float16).astype(np.float64)
    h = h[np.isfinite(h)]
    mids = (h[:-1] + h[1:]) / 2
    x = np.concatenate(
        [
            mids,
            np.nextafter(mids, np.inf),
            np.nextafter(mids, -np.inf),
            RNG.standard_normal(100_000) * 1e3,
            [1e300, -1e300, 5e-324],
        ]
    )
    _same(_map_d2(x, True).astype(np.float16), x.astype(np.float16))
    b = (np.arange(2**16, dtype=np.uint32) << 16).view(np.float32).astype(np.float64)
    b = np.sort(b[np.isfinite(b)])
    bmids = (b[:-1] + b[1:]) / 2
    y = np.concatenate([bmids, np.nextafter(bmids, np.inf), np.nextafter(bmids, -np.inf)])
    _same(_map_d2(y, False).astype(ml_dtypes.bfloat16), y.astype(ml_dtypes.bfloat16))


def _ref_divsi(a: int, b: int, w: int) -> int:
    if b == 0:
        return 0
    q = abs(a) // abs(b)
    q = q if (a < 0) == (b < 0) else -q
    return ((q + (1 << (w - 1))) % (1 << w)) - (1 << (w - 1))


EDGE64 = [0, 1, -1, 2, -2, 7, -7, 2**31 - 1, -(2**31), 2**63 - 1, -(2**63), 2**62, -(2**62) - 3]


def test_integer_division_and_unsigned_compare_match_python_ints() -> None:
    for a in EDGE64:
        for b in EDGE64:
            assert S.divsi(a, b) == _ref_divsi(a, b, 64), (a, b)
            ua, ub = a % 2**64, b % 2**64
            want = 0 if ub == 0 else (ua // ub)
            want = want - 2**64 if want >= 2**63 else want
            assert S.divui(a, b, 64) == want, (a, b)
            assert S.maxui(a, b, 64) == (a if ua >= ub else b)
            assert S.minui(a, b, 64) == (a if ua <= ub else b)
    for w in (8, 16, 32):
        lo, hi = -(2 ** (w - 1)), 2 ** (w - 1) - 1
        for a in (lo, hi, 0, 1, -1, 5, -5):
            for b in (lo, hi, 0, 1, -1, 3, -3):
                assert S.wrap(S.divsi(a, b), w) == _ref_divsi(a, b, w)
                ua, ub = a % 2**w, b % 2**w
                want = 0 if ub == 0 else ua // ub
                assert S.divui(a, b, w) == (want - 2**w if want > hi else want)
                assert S.wrap(a + b, w) == ((a + b - lo) % 2**w) + lo


def test_float_to_int_saturates_and_maps_nan_to_zero() -> None:
    for w in (8, 16, 32, 64):
        lo, hi = -(2 ** (w - 1)), 2 ** (w - 1) - 1
        for x in (
            math.nan,
            math.inf,
            -math.inf,
            1e30,
            -1e30,
            2.0 ** (w - 1),
            -(2.0 ** (w - 1)),
            3.99,
            -3.99,
            -0.5,
        ):
            want = (
                0
                if x != x
                else min(max(math.trunc(x), lo), hi)
                if math.isfinite(x)
                else (hi if x > 0 else lo)
            )
            assert S.fptosi(x, w) == want, (x, w)
            uwant = (
                0
                if x != x or x <= 0
                else min(math.trunc(x), 2**w - 1)
                if math.isfinite(x)
                else 2**w - 1
            )
            uwant = uwant - 2**w if uwant >= 2 ** (w - 1) else uwant
            assert S.fptoui(x, w) == uwant, (x, w)


def test_ieee_maximum_and_minimum() -> None:
    nan = math.nan
    assert math.isnan(S.maximumf(nan, 1.0)) and math.isnan(S.minimumf(1.0, nan))
    assert (
        math.copysign(1, S.maximumf(-0.0, 0.0)) == 1
        and math.copysign(1, S.minimumf(0.0, -0.0)) == -1
    )
    assert S.maxnumf(nan, 2.0) == 2.0 and S.minnumf(3.0, nan) == 3.0
    assert S.round_half_away(2.5) == 3.0 and S.round_half_away(-2.5) == -3.0


@njit
def _map_f8(x: np.ndarray, values: np.ndarray, pos: np.ndarray, nxt: float, ovf: int) -> np.ndarray:
    out = np.empty(x.size, np.uint8)
    for i in range(x.size):
        out[i] = S.f8_code(x[i], pos, nxt, ovf)
    return out


@pytest.mark.parametrize("name", ["E4M3FN", "E5M2"])
def test_f8_rounding_matches_ml_dtypes_from_f32_and_f64(name: str) -> None:
    dt = {"E4M3FN": ml_dtypes.float8_e4m3fn, "E5M2": ml_dtypes.float8_e5m2}[name]
    args = (
        getattr(S, f"{name}_VALUES"),
        getattr(S, f"{name}_POS"),
        getattr(S, f"{name}_NEXT"),
        getattr(S, f"{name}_OVERFLOW"),
    )
    x = _f32_samples()
    codes = np.arange(256, dtype=np.uint8).view(dt).astype(np.float64)
    fin = np.sort(codes[np.isfinite(codes)])
    mids = (fin[:-1] + fin[1:]) / 2
    near = np.concatenate(
        [fin, mids, np.nextafter(mids, np.inf), np.nextafter(mids, -np.inf)]
    ).astype(np.float32)
    x = np.concatenate([x, near, np.float32([1e9, -1e9, 480, 464, 61440, 57344])])
    _same(_map_f8(x, *args).view(dt), x.astype(dt))  # f32 -> f8: one rounding
    # f64 -> f8: ml_dtypes' scalar conversion rounds once (its f64 array cast goes through f32)
    y = np.concatenate(
        [mids - mids * 2.0**-40, mids + mids * 2.0**-40, RNG.standard_normal(2000) * 300]
    )
    want = np.array([dt(float(v)) for v in y])
    _same(_map_f8(y, *args).view(dt), want)
