"""Bit-exact MLIR arithmetic on the loops backend (and the default backend where it applies):
wrap-around, sign vs zero extension, per-step rounding, bool add/mul, signed vs unsigned ops,
and the documented choices for MLIR's undefined cases."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from linalg_odsgen import ops
from linalg_odsgen.payloads.canonical import unsigned, wrap
from linalg_odsgen.runtime import available_backends

BACKENDS = [b for b in ("loops", "fast", "compiled") if b in available_backends()]


def test_wrap_and_unsigned_read_the_low_bits() -> None:
    assert wrap(128, 8) == -128
    assert wrap(255, 8) == -1
    assert wrap(1, 1) == -1
    assert wrap(-129, 8) == 127
    assert unsigned(-1, 8) == 255
    assert unsigned(-1, 1) == 1


@pytest.mark.parametrize("backend", BACKENDS)
def test_i8_addition_wraps_around(backend: str) -> None:
    a = np.array([100, -100, 127], np.int8)
    b = np.array([100, -100, 1], np.int8)
    out = np.zeros(3, np.int8)
    # 200 - 256 = -56, -200 + 256 = 56, 128 - 256 = -128
    np.testing.assert_array_equal(ops.add(a, b, outs=[out], backend=backend), [-56, 56, -128])


@pytest.mark.parametrize("backend", BACKENDS)
def test_i8_matmul_accumulator_wraps_around(backend: str) -> None:
    a = np.full((1, 3), 100, np.int8)
    b = np.full((3, 1), 2, np.int8)
    c = np.zeros((1, 1), np.int8)
    # 3 * 200 = 600 = 2 * 256 + 88
    assert ops.matmul(a, b, outs=[c], backend=backend)[0, 0] == 88


@pytest.mark.parametrize("backend", BACKENDS)
def test_cast_signed_sign_extends_and_cast_unsigned_zero_extends(backend: str) -> None:
    x = np.array([-1, -128, 5], np.int8)
    signed = ops.copy(x, outs=[np.zeros(3, np.int32)], backend=backend)
    zero_ext = ops.copy(x, outs=[np.zeros(3, np.int32)], cast="cast_unsigned", backend=backend)
    np.testing.assert_array_equal(signed, [-1, -128, 5])
    np.testing.assert_array_equal(zero_ext, [255, 128, 5])


@pytest.mark.parametrize("backend", BACKENDS)
def test_uint8_arrays_are_signless_i8(backend: str) -> None:
    x = np.array([255, 1], np.uint8)
    out = np.zeros(2, np.int16)
    np.testing.assert_array_equal(ops.copy(x, outs=[out], backend=backend), [-1, 1])


@pytest.mark.parametrize("backend", BACKENDS)
def test_i1_true_is_minus_one_when_cast_signed(backend: str) -> None:
    x = np.array([True, False])
    f = ops.copy(x, outs=[np.zeros(2, np.float32)], backend=backend)
    u = ops.copy(x, outs=[np.zeros(2, np.float32)], cast="cast_unsigned", backend=backend)
    np.testing.assert_array_equal(f, [-1.0, 0.0])
    np.testing.assert_array_equal(u, [1.0, 0.0])


def test_f16_accumulation_rounds_at_every_step() -> None:
    # 1 + 2**-11 is a tie in f16 and rounds back to 1 (even), at each of the two steps;
    # summing in f32 and rounding once would give 1 + 2**-10 instead.
    a = np.array([1.0, 2.0**-11, 2.0**-11], np.float16)
    b = np.ones(3, np.float16)
    out = np.zeros((), np.float16)
    assert ops.dot(a, b, outs=[out], backend="loops")[()] == np.float16(1.0)
    assert np.float16(np.float32(1.0) + np.float32(2.0**-10)) != np.float16(1.0)


def test_bf16_product_rounds_to_bf16() -> None:
    import ml_dtypes

    bf16 = ml_dtypes.bfloat16
    a = np.array([1.0 + 2.0**-7], bf16)  # exactly representable in bf16
    out = np.zeros(1, bf16)
    got = ops.mul(a, a, outs=[out], backend="loops")[0]
    # (1 + 2**-7)**2 = 1 + 2**-6 + 2**-14: the 2**-14 term is below bf16 precision near 1.
    assert float(got) == 1.0 + 2.0**-6


@pytest.mark.parametrize("backend", BACKENDS)
def test_bool_add_is_or_and_mul_is_and(backend: str) -> None:
    a = np.array([True, True, False, False])
    b = np.array([True, False, True, False])
    np.testing.assert_array_equal(
        ops.add(a, b, outs=[np.zeros(4, bool)], backend=backend), [True, True, True, False]
    )
    np.testing.assert_array_equal(
        ops.mul(a, b, outs=[np.zeros(4, bool)], backend=backend), [True, False, False, False]
    )
    # a boolean matmul is an or of ands (1 + 1 would wrap to 0 in i1 arithmetic)
    m = np.ones((1, 2), bool)
    c = np.zeros((1, 1), bool)
    assert ops.matmul(m, m.T.copy(), outs=[c], backend=backend)[0, 0]


@pytest.mark.parametrize("backend", BACKENDS)
def test_max_signed_and_max_unsigned_differ_on_negative_ints(backend: str) -> None:
    a = np.array([-1, 3], np.int8)
    b = np.array([1, -3], np.int8)
    signed = ops.max(a, b, outs=[np.zeros(2, np.int8)], backend=backend)
    unsigned_ = ops.elemwise_binary(
        a, b, outs=[np.zeros(2, np.int8)], fun="max_unsigned", backend=backend
    )
    np.testing.assert_array_equal(signed, [1, 3])
    np.testing.assert_array_equal(unsigned_, [-1, -3])  # 0xFF > 0x01, 0xFD > 0x03


@pytest.mark.parametrize("backend", BACKENDS)
def test_unsigned_pooling_compares_bits_as_unsigned(backend: str) -> None:
    x = np.array([[[1], [-2], [3]]], np.int8)  # NWC, W = 3
    out = np.full((1, 2, 1), 0, np.int8)
    window = np.empty((2,), np.int8)
    got = ops.pooling_nwc_max_unsigned(x, window, outs=[out], backend=backend)
    np.testing.assert_array_equal(got[0, :, 0], [-2, -2])
    got = ops.pooling_nwc_max(x, window, outs=[np.zeros((1, 2, 1), np.int8)], backend=backend)
    np.testing.assert_array_equal(got[0, :, 0], [1, 3])


@pytest.mark.parametrize("backend", BACKENDS)
def test_signed_division_truncates_toward_zero(backend: str) -> None:
    a = np.array([-7, 7, -7], np.int32)
    b = np.array([2, -2, -2], np.int32)
    np.testing.assert_array_equal(
        ops.div(a, b, outs=[np.zeros(3, np.int32)], backend=backend), [-3, -3, 3]
    )
    np.testing.assert_array_equal(
        ops.div_unsigned(a, b, outs=[np.zeros(3, np.int32)], backend=backend),
        [(2**32 - 7) // 2, 7 // (2**32 - 2), (2**32 - 7) // (2**32 - 2)],
    )


def test_integer_division_by_zero_yields_zero_on_loops() -> None:
    # MLIR leaves it undefined; the runtime documents 0 (and INT_MIN / -1 wraps).
    a = np.array([5, -128], np.int8)
    b = np.array([0, -1], np.int8)
    got = ops.div(a, b, outs=[np.ones(2, np.int8)], backend="loops")
    np.testing.assert_array_equal(got, [0, -128])


def test_float_to_int_saturates_and_nan_gives_zero_on_loops() -> None:
    x = np.array([1e10, -1e10, np.nan, 3.7, -3.7, np.inf], np.float32)
    got = ops.copy(x, outs=[np.zeros(6, np.int32)], backend="loops")
    np.testing.assert_array_equal(got, [2**31 - 1, -(2**31), 0, 3, -3, 2**31 - 1])
    got = ops.copy(x, outs=[np.zeros(6, np.int8)], cast="cast_unsigned", backend="loops")
    np.testing.assert_array_equal(got.view(np.uint8), [255, 0, 0, 3, 0, 255])


@pytest.mark.parametrize("backend", BACKENDS)
def test_float_max_min_propagate_nan_and_order_signed_zeros(backend: str) -> None:
    a = np.array([np.nan, -0.0, 0.0, 1.0], np.float32)
    b = np.array([1.0, 0.0, -0.0, np.nan], np.float32)
    hi = ops.max(a, b, outs=[np.zeros(4, np.float32)], backend=backend)
    lo = ops.min(a, b, outs=[np.zeros(4, np.float32)], backend=backend)
    assert np.isnan(hi[0]) and np.isnan(hi[3]) and np.isnan(lo[0]) and np.isnan(lo[3])
    assert hi[1] == 0 and not np.signbit(hi[1]) and not np.signbit(hi[2])
    assert lo[1] == 0 and np.signbit(lo[1]) and np.signbit(lo[2])


@pytest.mark.parametrize("backend", BACKENDS)
def test_round_goes_half_away_from_zero(backend: str) -> None:
    x = np.array([0.5, 1.5, 2.5, -0.5, -2.5, 0.49999997], np.float32)
    got = ops.round(x, outs=[np.zeros(6, np.float32)], backend=backend)
    np.testing.assert_array_equal(got, [1, 2, 3, -1, -3, 0])


# -- number conversions and pow: one rounding where IEEE/LLVM round once ----------------------
# Expectations below come from the formats' definitions (bits of precision, ties to even),
# worked out by hand in the comments; the MLIR 22 oracle tests further down confirm them.

BF16 = np.dtype(ml_dtypes.bfloat16)


def _convert(x: np.ndarray, dtype: object, backend: str, unsigned_: bool = False) -> np.ndarray:
    cast = "cast_unsigned" if unsigned_ else "cast_signed"
    return ops.copy(x, outs=[np.zeros(x.shape, dtype)], cast=cast, backend=backend)


@pytest.mark.parametrize("backend", BACKENDS)
def test_i64_to_f32_rounds_once_to_nearest_even(backend: str) -> None:
    # f32 keeps 24 bits: near 2**60 its spacing is 2**37, so 2**36 is the midpoint.
    x = np.array([2**60 + 2**36 + 1, 2**60 + 2**36, 2**60 + 3 * 2**36, 2**53 + 1], np.int64)
    want = [2.0**60 + 2**37, 2.0**60, 2.0**60 + 2**38, 2.0**53]
    # Through f64 first, 2**60 + 2**36 + 1 would lose its +1 and tie down to 2**60.
    assert _convert(x, np.float32, backend).tolist() == want
    assert _convert(-x, np.float32, backend).tolist() == [-w for w in want]
    assert _convert(x, np.float32, backend, unsigned_=True).tolist() == want


@pytest.mark.parametrize("backend", BACKENDS)
def test_u64_max_converts_to_two_to_the_64(backend: str) -> None:
    x = np.array([-1, -(2**63)], np.int64)  # bits of 2**64 - 1 and 2**63
    for dtype in (np.float32, np.float64, BF16):
        got = _convert(x, dtype, backend, unsigned_=True).astype(np.float64).tolist()
        assert got == [2.0**64, 2.0**63], dtype
    assert _convert(x, np.float16, backend, unsigned_=True).tolist() == [np.inf, np.inf]


@pytest.mark.parametrize("backend", BACKENDS)
def test_ints_beyond_f16_range_round_to_inf_at_the_midpoint(backend: str) -> None:
    # f16's largest finite value is 65504 = 2047 * 2**5; 65520 is the midpoint to 2**16.
    x = np.array([65504, 65519, 65520, 2**30, -65520, -65519], np.int64)
    want = [65504.0, 65504.0, np.inf, np.inf, -np.inf, -65504.0]
    assert _convert(x, np.float16, backend).tolist() == want
    assert _convert(x.astype(np.int32), np.float16, backend).tolist() == want


@pytest.mark.parametrize("backend", BACKENDS)
def test_int_to_bf16_rounds_through_f32_as_mlir_lowers_it(backend: str) -> None:
    # bf16 keeps 8 bits. 2**24 + 2**16 + 1 is just above a bf16 midpoint, but f32 (spacing 2
    # there) first ties it to 2**24 + 2**16, which then ties to even 2**24 in bf16.
    x32 = np.array([2**24 + 2**16 + 1, 257, 259], np.int32)
    assert _convert(x32, BF16, backend).astype(np.float64).tolist() == [2.0**24, 256.0, 260.0]
    # i64 -> f32 rounds once (2**60 + 2**52 + 2**37), then bf16 rounds up past the midpoint
    # 2**60 + 2**52; via f64 the +1 is lost, f32 ties to 2**60 + 2**52, bf16 ties to 2**60.
    x64 = np.array([2**60 + 2**52 + 2**36 + 1], np.int64)
    assert _convert(x64, BF16, backend).astype(np.float64).tolist() == [2.0**60 + 2**53]
    # Unsigned, above 2**63: f32 spacing 2**40, bf16 spacing 2**56.
    u = np.array([2**63 + 2**55 + 2**39 + 1], np.uint64).view(np.int64)
    got = _convert(u, BF16, backend, unsigned_=True).astype(np.float64).tolist()
    assert got == [2.0**63 + 2**56]


@pytest.mark.parametrize("backend", BACKENDS)
def test_f64_to_bf16_rounds_through_f32_and_to_f16_once(backend: str) -> None:
    # 1 + 2**-8 is the bf16 midpoint between 1 and 1 + 2**-7; the 2**-40 above it is lost
    # in f32, and the tie then goes to even (1.0). MLIR 22's lowering does the same.
    x = np.array([1 + 2**-8 + 2**-40, 1 + 2**-8 - 2**-40, 1 + 3 * 2**-8], np.float64)
    assert _convert(x, BF16, backend).astype(np.float64).tolist() == [1.0, 1.0, 1 + 2**-6]
    # f16 (11 bits) from f64 rounds once: 1 + 2**-11 + 2**-40 is above the midpoint.
    y = np.array([1 + 2**-11 + 2**-40, 1 + 2**-11, 65519.99, 65520.0], np.float64)
    assert _convert(y, np.float16, backend).tolist() == [1 + 2**-10, 1.0, 65504.0, np.inf]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16, BF16], ids=str)
def test_powf_follows_c_pow_special_cases(backend: str, dtype: object) -> None:
    # C99 Annex F: pow(-inf, y>0 not odd) = +inf, pow(-0, y>0 not odd) = +0, negative
    # base with a non-integer exponent is nan, pow(x, +-0) = 1 even for nan, pow(+1, y) = 1.
    pairs = [
        (-np.inf, 0.5, np.inf),
        (-0.0, 0.5, 0.0),
        (-2.0, 0.5, np.nan),
        (-8.0, 1 / 3, np.nan),
        (np.nan, 0.0, 1.0),
        (-np.inf, 0.0, 1.0),
        (1.0, np.nan, 1.0),
        (-1.0, np.inf, 1.0),
        (-2.0, 3.0, -8.0),
        (-np.inf, -3.0, -0.0),
        (-0.0, -1.0, -np.inf),
        (0.5, -np.inf, np.inf),
    ]
    a = np.array([p[0] for p in pairs]).astype(dtype)
    b = np.array([p[1] for p in pairs]).astype(dtype)
    got = ops.powf(a, b, outs=[np.zeros(len(pairs), dtype)], backend=backend).astype(np.float64)
    want = np.array([p[2] for p in pairs])
    np.testing.assert_array_equal(got, want)
    signed = ~np.isnan(want)  # a nan's sign is not specified
    np.testing.assert_array_equal(np.signbit(got)[signed], np.signbit(want)[signed])


@pytest.mark.parametrize("backend", BACKENDS)
def test_in_range_float_to_int_truncates_toward_zero(backend: str) -> None:
    x = np.array([-0.5, -0.9, 0.5, 2**31 - 1, -(2**31), 2**31 - 0.5], np.float64)
    assert _convert(x, np.int32, backend).tolist() == [0, 0, 0, 2**31 - 1, -(2**31), 2**31 - 1]
    h = np.array([127.5, -128.5, -0.5, 100.75, -100.75], np.float16)
    assert _convert(h, np.int8, backend).tolist() == [127, -128, 0, 100, -100]
    u = np.array([255.5, 128.0, -0.5, 0.75], np.float16)
    assert _convert(u, np.int8, backend, unsigned_=True).view(np.uint8).tolist() == [255, 128, 0, 0]
    big = np.array([2.0**64 - 2048, 2.0**63], np.float64)  # exact in f64, above i64's range
    got = _convert(big, np.int64, backend, unsigned_=True).view(np.uint64).tolist()
    assert got == [2**64 - 2048, 2**63]


# -- the same conversions and pow against MLIR 22 itself (lowered by mlir-opt-22, JIT-run by
# mlir-runner-22, outputs read back as bit patterns) -------------------------------------------


def _have_runner() -> bool:
    from linalg_odsgen.mlir.tools import have_runner

    return have_runner()


def _near_midpoints(width: int, seed: int) -> np.ndarray:
    """`width`-bit integers at, above and below the rounding midpoints of 8/11/24/53-bit
    formats for every bit length (random leading bits), plus random ones."""
    rng = np.random.default_rng(seed)
    vals: list[int] = []
    for length in range(2, width + 1):
        for kept in (8, 11, 24, 53):
            drop = length - kept
            if drop >= 1:
                top = (1 << (length - 1)) | (int(rng.integers(0, 1 << min(kept - 1, 62))) << drop)
                tie = top | (1 << (drop - 1))
                vals += [tie, tie + 1, tie - 1, top | ((1 << drop) - 1)]
        if length > 25:  # on a bf16 midpoint and just above an f32 one: 1 vs 2 roundings differ
            top = (1 << (length - 1)) | (int(rng.integers(0, 1 << 7)) << (length - 8))
            vals.append(top | (1 << (length - 9)) | (1 << (length - 25)) | 1)
    vals += rng.integers(0, 2**63, 48, dtype=np.uint64).tolist()
    mask = (1 << width) - 1
    raw = np.array([v & mask for v in vals], np.dtype(f"uint{width}"))
    x = raw.view(np.dtype(f"int{width}"))
    return np.concatenate([x, -x])


def _float_midpoints(src: np.dtype, dst: np.dtype, seed: int) -> np.ndarray:
    """`src` floats on `dst`'s rounding midpoints, a hair above and below them, and random
    bit patterns (NaN, inf, subnormals included)."""
    rng = np.random.default_rng(seed)
    dbits = dst.itemsize * 8
    ubits = rng.integers(0, 2**dbits - 1, 200, dtype=np.uint64).astype(f"uint{dbits}")
    v = ubits.view(dst).astype(np.float64)
    v = v[np.isfinite(v)]
    up = np.nextafter(v.astype(dst), np.array(np.inf, dst)).astype(np.float64)
    mid = (v + up) / 2  # exact in f64 for 16- and 32-bit formats
    eps = np.abs(mid) * 2.0**-40
    cand = np.concatenate([mid, mid + eps, mid - eps, v])
    rand = rng.integers(0, 2 ** (src.itemsize * 8) - 1, 200, dtype=np.uint64)
    rand = rand.astype(f"uint{src.itemsize * 8}").view(src)
    with np.errstate(all="ignore"):
        return np.concatenate([cand.astype(src), rand])


def _oracle_cases() -> dict[str, tuple[str, tuple[np.ndarray, ...], np.dtype, str]]:
    """label -> (op name, inputs, output dtype, cast attribute)."""
    f16, f32, f64 = np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64)
    floats = {"f16": f16, "bf16": BF16, "f32": f32, "f64": f64}
    ints = {"i1": np.dtype(bool), "i8": np.dtype(np.int8), "i16": np.dtype(np.int16)}
    ints |= {"i32": np.dtype(np.int32), "i64": np.dtype(np.int64)}
    cases: dict[str, tuple[str, tuple[np.ndarray, ...], np.dtype, str]] = {}
    int_inputs = {
        "i1": np.array([True, False]),
        "i8": np.arange(-128, 128, dtype=np.int8),
        "i16": np.arange(-32768, 32768, 97, dtype=np.int16),
        "i32": _near_midpoints(32, 1),
        "i64": _near_midpoints(64, 2),
    }
    for sname, x in int_inputs.items():
        for fname, fdt in floats.items():
            for cast in ("cast_signed", "cast_unsigned"):
                cases[f"{sname}->{fname}:{cast}"] = ("copy", (x,), fdt, cast)
    for sname, sdt in floats.items():
        for fname, fdt in floats.items():
            if fdt.itemsize < sdt.itemsize:
                x = _float_midpoints(sdt, fdt, sdt.itemsize * 10 + fdt.itemsize)
                cases[f"{sname}->{fname}:truncf"] = ("copy", (x,), fdt, "cast_signed")
    rng = np.random.default_rng(3)
    for sname, sdt in floats.items():
        for iname, idt in ints.items():
            for cast in ("cast_signed", "cast_unsigned"):
                # In range only (MLIR makes the rest poison; the runtime saturates).
                w = 1 if idt == np.bool_ else idt.itemsize * 8
                lo, hi = (
                    (0, 2**w - 1)
                    if cast == "cast_unsigned"
                    else (-(2 ** (w - 1)), 2 ** (w - 1) - 1)
                )
                if w == 1:
                    lo, hi = (0, 1) if cast == "cast_unsigned" else (-1, 0)
                edges = [lo, hi, lo - 0.5, hi + 0.5, -0.5, -0.9, 0.5, -0.0]
                edges += rng.uniform(max(lo, -1e6), min(hi, 1e6), 40).tolist()
                with np.errstate(all="ignore"):
                    x = np.array(edges, np.float64).astype(sdt)
                x = x[np.isfinite(x.astype(np.float64))]
                exact = [int(v) for v in np.trunc(x.astype(np.float64))]  # compare as ints
                x = x[np.array([lo <= v <= hi for v in exact], dtype=bool)]
                cases[f"{sname}->{iname}:{cast}"] = ("copy", (x,), idt, cast)
    inf, nan = np.inf, np.nan
    special = [(-inf, 0.5), (-0.0, 0.5), (-2.0, 0.5), (-8.0, 1 / 3), (nan, 0.0), (1.0, nan)]
    special += [(-inf, -3.0), (-0.0, -1.0), (0.5, -inf), (-1.0, inf), (-2.0, 3.0), (0.0, 0.0)]
    for fname, fdt in floats.items():
        base = np.concatenate([[p[0] for p in special], rng.uniform(0, 30, 120)])
        expo = np.concatenate([[p[1] for p in special], np.repeat([0.5, 2.0, -1.0, 1.5], 30)])
        with np.errstate(all="ignore"):
            cases[f"powf:{fname}"] = ("powf", (base.astype(fdt), expo.astype(fdt)), fdt, "")
    return cases


ORACLE_CASES = _oracle_cases()


@pytest.fixture(scope="module")
def mlir_results() -> dict[str, np.ndarray]:
    """Every oracle case through MLIR 22 in one module (one lowering, one JIT run)."""
    from linalg_odsgen.mlir.execution import ExecCase, run_cases
    from linalg_odsgen.mlir.printer import Form

    labels, cases = [], []
    for label, (name, inputs, dtype, cast) in ORACLE_CASES.items():
        attrs = {"cast": cast} if cast else {}
        outs = [np.zeros(inputs[0].shape, dtype)]
        op, operands = ops.OPS[name].from_arrays(*inputs, outs=outs, **attrs)
        labels.append(label)
        cases.append(ExecCase(label, op, tuple(operands), Form.GENERIC))
    with np.errstate(all="ignore"):
        results = run_cases(cases)
    return {label: r[0] for label, r in zip(labels, results, strict=True)}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("label", list(ORACLE_CASES))
@pytest.mark.mlir
@pytest.mark.skipif(not _have_runner(), reason="mlir-runner-22 not installed")
def test_conversions_and_pow_match_mlir_bit_for_bit(
    label: str, backend: str, mlir_results: dict[str, np.ndarray]
) -> None:
    from linalg_odsgen.conformance.compare import compare_bits
    from linalg_odsgen.mlir.execution import to_bits
    from linalg_odsgen.types import element_type_of

    name, inputs, dtype, cast = ORACLE_CASES[label]
    attrs = {"cast": cast} if cast else {}
    out = np.zeros(inputs[0].shape, dtype)
    got = getattr(ops, name)(*inputs, outs=[out], backend=backend, **attrs)
    t = element_type_of(dtype)
    problem = compare_bits(mlir_results[label], to_bits(got, t).reshape(-1), t, approx=False)
    assert problem == "", f"{label}: {problem}"
