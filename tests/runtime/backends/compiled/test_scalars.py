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


@njit
def _pairwise(fn_id: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    out = np.empty((a.size, b.size), a.dtype)
    for i in range(a.size):
        for j in range(b.size):
            x, y = a[i], b[j]
            if fn_id == 0:
                out[i, j] = S.maximumf(x, y)
            elif fn_id == 1:
                out[i, j] = S.minimumf(x, y)
            elif fn_id == 2:
                out[i, j] = S.maxnumf(x, y)
            else:
                out[i, j] = S.minnumf(x, y)
    return out


def _ieee_reference(fn_id: int, x: float, y: float, bx: int, by: int) -> int:
    """IEEE 754-2019 maximum/minimum (fn 0/1: NaN wins, the first one when both are) and
    754-2008 maxNum/minNum (fn 2/3: a NaN operand is ignored), on encodings."""
    if fn_id >= 2:
        if x != x:
            return by
        if y != y:
            return bx
        fn_id -= 2
    if x != x:
        return bx
    if y != y:
        return by
    if x == y:  # equal: only the zeros' signs can differ; -0 < +0
        neg_x, neg_y = math.copysign(1, x) < 0, math.copysign(1, y) < 0
        pick_x = (not neg_x or neg_y) if fn_id == 0 else (neg_x or not neg_y)
        return bx if pick_x else by
    return bx if (x > y) == (fn_id == 0) else by


@pytest.mark.parametrize(("dtype", "bits"), [(np.float32, np.uint32), (np.float64, np.uint64)])
def test_float_max_min_bits_on_zeros_infinities_and_nan_payloads(dtype, bits) -> None:
    """Every pair of special values, NaN payloads and signs included, bit for bit."""
    if dtype is np.float32:
        nans = np.array([0x7FC00000, 0xFFC00001, 0x7FC12345, 0x7F800001], np.uint32)
    else:
        nans = np.array([0x7FF8000000000000, 0xFFF8000000000007, 0x7FF0000000000001], np.uint64)
    plain = np.array([0.0, -0.0, 1.0, -1.0, 2.5, -7.0, np.inf, -np.inf, 1e-40], dtype)
    values = np.concatenate([plain, nans.view(dtype)])
    vb = values.view(bits)
    for fn_id in range(4):
        got = _pairwise(fn_id, values, values).view(bits)
        for i, x in enumerate(values):
            for j, y in enumerate(values):
                want = _ieee_reference(fn_id, float(x), float(y), int(vb[i]), int(vb[j]))
                assert int(got[i, j]) == want, (fn_id, hex(vb[i]), hex(vb[j]))


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


@njit
def _map_expf(x: np.ndarray) -> np.ndarray:
    out = np.empty_like(x)
    for i in range(x.size):
        out[i] = S.expf(x[i])
    return out


def _ordered(x: np.ndarray) -> np.ndarray:
    """float32 encodings as integers that count ulps across zero."""
    i = x.view(np.int32).astype(np.int64)
    return np.where(i < 0, -(2**31) - i, i)


def test_expf_is_within_one_ulp_of_the_float64_exp_rounded_once() -> None:
    """Random bit patterns, a dense sweep of the range where e**x is finite and nonzero
    (subnormal results included), and the overflow/underflow/NaN edges."""
    sweep = np.linspace(-110.0, 95.0, 2_000_001, dtype=np.float32)
    edges = np.float32(
        [88.72283, 88.72284, 88.7229, -103.97207, -103.9721, -87.33655, 0.0, -0.0, 1e-30]
    )
    x = np.concatenate([_f32_samples(), sweep, edges])
    got = _map_expf(x)
    with np.errstate(over="ignore", under="ignore", invalid="ignore"):
        want = np.exp(x.astype(np.float64)).astype(np.float32)
    nan = np.isnan(x)
    assert np.array_equal(got[nan].view(np.uint32), x[nan].view(np.uint32))  # NaN kept as is
    distance = np.abs(_ordered(got[~nan]) - _ordered(want[~nan]))
    assert distance.max() <= 1
    assert (distance == 0).mean() > 0.999  # correctly rounded but for near-ties
    specials = _map_expf(np.float32([np.inf, -np.inf, 89.0, -104.0, 0.0]))
    assert specials.tolist() == [np.inf, 0.0, np.inf, 0.0, 1.0]
