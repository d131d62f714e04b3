"""f16/bf16 loops carried in f32 and rounded per op: the rounding equals NumPy's and
ml_dtypes' own conversions on every kind of f32 value, and whole ops equal the loops
backend bit for bit (MLIR's order: one rounding after every multiply and every add)."""

from __future__ import annotations

from typing import Any

import ml_dtypes
import numpy as np
import pytest

from linalg_odsgen import ops
from linalg_odsgen.runtime.backends.fast import narrow

BF16 = ml_dtypes.bfloat16
RNG = np.random.default_rng(11)
NARROW = [np.float16, BF16]


def bits_of(dt: Any, n: int) -> np.ndarray:
    """Uniformly random bit patterns of `dt`: every sign, exponent, subnormal, inf and NaN."""
    width = np.dtype(dt).itemsize * 8
    raw = RNG.integers(0, 1 << width, n, dtype=np.uint64).astype(f"uint{width}")
    return raw.view(dt)


def same(a: np.ndarray, b: np.ndarray) -> bool:
    """Equal bits, every NaN equal to every NaN."""
    nan_a, nan_b = np.isnan(a.astype(np.float64)), np.isnan(b.astype(np.float64))
    u = f"uint{a.dtype.itemsize * 8}"
    return bool(
        np.array_equal(nan_a, nan_b) and np.array_equal(a.view(u)[~nan_a], b.view(u)[~nan_b])
    )


@pytest.mark.parametrize("dt", NARROW)
def test_rounding_equals_the_libraries_conversion(dt: Any) -> None:
    x = bits_of(np.float32, 1 << 18)
    # Values near the type's edges too: f16 overflow and subnormal thresholds, halfway points.
    edges = np.array(
        [65504, 65519.99, 65520, 65536, 2**-14, 2**-14 * 0.99, 2**-24, 2**-25, 2**-25 * 1.01,
         3 * 2**-26, 1 + 2**-11, 1 + 3 * 2**-11, 1 + 2**-8, 1 + 3 * 2**-8, 3.3895e38, 3.4e38],
        dtype=np.float32,
    )  # fmt: skip
    x = np.concatenate([x, edges, -edges])
    want = x.astype(dt)
    y = x.copy()
    with np.errstate(all="ignore"):
        narrow.round_to(y, np.dtype(dt))
    assert same(y.astype(dt), want)
    finite = ~np.isnan(y)
    np.testing.assert_array_equal(y[finite], want.astype(np.float32)[finite])  # stays exact


@pytest.mark.parametrize("dt", NARROW)
@pytest.mark.parametrize("name", sorted(narrow.UFUNCS))
def test_f32_op_then_rounding_is_the_narrow_ufunc(dt: Any, name: str) -> None:
    a, b = bits_of(dt, 1 << 17), bits_of(dt, 1 << 17)
    b[::3] = (a[::3].astype(np.float32) * np.float32(1.001)).astype(dt)  # near cancellations
    uf = narrow.UFUNCS[name]
    with np.errstate(all="ignore"):
        want = uf(a, b)
        got = uf(a.astype(np.float32), b.astype(np.float32))
        narrow.round_to(got, np.dtype(dt))
    assert same(got.astype(dt), want)


def specials(dt: Any, shape: tuple[int, ...]) -> np.ndarray:
    x = (RNG.standard_normal(shape) * 3).astype(np.float32)
    flat = x.reshape(-1)
    flat[::17] *= 2e4  # overflow in products and sums (f16)
    flat[::13] *= 1e-5  # subnormal products (f16)
    flat[5::101] = np.inf
    flat[7::211] = np.nan
    return x.astype(dt)


@pytest.mark.parametrize("dt", NARROW)
@pytest.mark.parametrize(
    "op,ins,out",
    [
        ("matmul", [(9, 14), (14, 11)], (9, 11)),
        ("batch_matmul", [(3, 5, 7), (3, 7, 4)], (3, 5, 4)),
        ("matvec", [(12, 30)], None),
        ("conv_2d_nhwc_hwcf", [(1, 7, 8, 3), (3, 2, 3, 4)], (1, 5, 7, 4)),
        ("depthwise_conv_2d_nhwc_hwc", [(1, 6, 6, 5), (3, 3, 5)], (1, 4, 4, 5)),
    ],
)
def test_contractions_equal_loops_bit_for_bit(dt: Any, op: str, ins: list, out: Any) -> None:
    if op == "matvec":
        arrays = [specials(dt, (12, 30)), specials(dt, (30,))]
        out = (12,)
    else:
        arrays = [specials(dt, s) for s in ins]
    init = specials(dt, out)
    fn = getattr(ops, op)
    with np.errstate(all="ignore"):
        fast = fn(*arrays, outs=[init.copy()], backend="fast")
        loops = fn(*arrays, outs=[init.copy()], backend="loops")
    assert same(fast, loops)


@pytest.mark.parametrize("dt", NARROW)
@pytest.mark.parametrize("exponent", [-14, -1, 0, 12])
def test_the_split_rounds_every_mantissa_to_nearest_even(dt: Any, exponent: int) -> None:
    """Veltkamp's split (the fast path of `round_to`) on every f32 mantissa of a binade,
    both signs: the library's own conversion, ties to even included."""
    m = np.arange(1 << 23, dtype=np.uint32)
    x = ((np.uint32(127 + exponent) << np.uint32(23)) | m).view(np.float32)
    for v in (x, -x):
        want = v.astype(dt).astype(np.float32)
        got = v.copy()
        assert narrow.round_split(got, np.dtype(dt), tiny_exact=True)
        assert np.array_equal(got.view(np.uint32), want.view(np.uint32))


def _finite_values(dt: Any, n: int) -> np.ndarray:
    """Finite values of `dt` below its overflow edge, every exponent, signed zeros."""
    v = bits_of(dt, 4 * n).astype(np.float32)
    v = v[np.isfinite(v) & (np.abs(v) < 30000)][:n]  # sums stay below the edge
    v[:16] = 0.0
    v[:8] = -0.0
    return v


@pytest.mark.parametrize("dt", NARROW)
@pytest.mark.parametrize("name", sorted(narrow.UFUNCS))
def test_the_split_path_gives_the_narrow_ufunc(dt: Any, name: str, monkeypatch) -> None:
    """Arrays the split path takes (finite, in range; f16 products below 2**-14 set aside
    and rounded to the subnormal step) give the narrow ufunc's bits, and the bit operations
    never run for them."""
    a, b = _finite_values(dt, 1 << 16), _finite_values(dt, 1 << 16)
    if name == "arith.mulf":  # keep products in range; many fall below f16's normals
        a, b = np.sqrt(np.abs(a)) * np.sign(a), np.sqrt(np.abs(b)) * np.sign(b)
        a[::7] *= np.float32(1e-3)
        a, b = a.astype(dt).astype(np.float32), b.astype(dt).astype(np.float32)
    uf = narrow.UFUNCS[name]
    want = uf(a.astype(dt), b.astype(dt))
    got = uf(a, b)

    def no_bits(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the bit operations ran")

    monkeypatch.setattr(narrow, "round_bits", no_bits)
    exact_tiny = name != "arith.mulf"
    if dt is BF16 and not exact_tiny:
        return  # bf16 products always take the bit operations (f32 subnormals)
    narrow.round_to(got, np.dtype(dt), tiny_exact=exact_tiny)
    assert np.array_equal(got.astype(dt).view(np.uint16), want.view(np.uint16))
    if name == "arith.mulf":
        tiny = (np.abs(got) < 2**-14) & (got != 0)
        assert tiny.sum() > 100  # the subnormal steps were exercised


def test_values_past_the_edge_or_not_finite_take_the_bit_operations() -> None:
    for bad in (np.inf, np.nan, 65504.0, -70000.0):
        x = np.ones(64, np.float32)
        x[3] = bad
        assert not narrow.round_split(x.copy(), narrow.F16, tiny_exact=True)
    big = np.full(1 << 12, 1000.0, np.float32)  # a sum of squares past the bound, each in range
    assert narrow.round_split(big, narrow.F16, tiny_exact=True)
