"""The `taps` strategy (one matmul per filter tap) computes what the loop nest computes.

Convolutions of the core library in every layout it supports (channels last or first,
1-D to 3-D, quantized with zero points), with strides and dilations; the cases where it
must step aside (uneven strides, depthwise) and where it hands the call to `gemm`
(operands larger than the iteration space, integer sums f64 cannot hold exactly).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from linalg_odsgen import ops
from linalg_odsgen.runtime.backends import fast
from linalg_odsgen.runtime.backends.fast.engine import candidate_plans
from linalg_odsgen.runtime.settings import current_runtime

RNG = np.random.default_rng(37)

# The axes of each op's (input, filter, output): `shapes` sizes them from the batch, the
# spatial output extents and the window.
LAYOUTS: dict[str, tuple[str, str, str]] = {
    "conv_1d_nwc_wcf": ("nwc", "wcf", "nwf"),
    "conv_1d_ncw_fcw": ("ncw", "fcw", "nfw"),
    "conv_2d_nhwc_hwcf": ("nhwc", "hwcf", "nhwf"),
    "conv_2d_nhwc_fhwc": ("nhwc", "fhwc", "nhwf"),
    "conv_2d_nchw_fchw": ("nchw", "fchw", "nfhw"),
    "conv_3d_ndhwc_dhwcf": ("ndhwc", "dhwcf", "ndhwf"),
    "conv_2d_nhwc_hwcf_q": ("nhwc", "hwcf", "nhwf"),
    "conv_2d_nchw_fchw_q": ("nchw", "fchw", "nfhw"),
}


def shapes(
    name: str, n: int, out: tuple[int, ...], window: tuple[int, ...], stride: int, dil: tuple
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Operand shapes of a convolution with output spatial extents `out` and filter `window`."""
    c, f = 3, 4
    spatial = "dhw"[-len(out) :] if len(out) > 1 else "w"
    in_extent = {
        s: stride * (o - 1) + d * (k - 1) + 1
        for s, o, k, d in zip(spatial, out, window, dil, strict=True)
    }
    taps = dict(zip(spatial, window, strict=True))
    outs = dict(zip(spatial, out, strict=True))
    xi, wi, oi = LAYOUTS[name]
    x = tuple(n if a == "n" else c if a == "c" else in_extent[a] for a in xi)
    w = tuple(c if a == "c" else f if a == "f" else taps[a] for a in wi)
    o = tuple(n if a == "n" else f if a == "f" else outs[a] for a in oi)
    return x, w, o


def operands(name: str, x_shape: Any, w_shape: Any, o_shape: Any, dtype: Any) -> list[Any]:
    dt = np.dtype(dtype)
    if dt.kind == "i":
        x = RNG.integers(-128, 128, size=x_shape).astype(np.int8)
        w = RNG.integers(-128, 128, size=w_shape).astype(np.int8)
        o = RNG.integers(-1000, 1000, size=o_shape).astype(np.int32)
    else:
        x = RNG.standard_normal(x_shape).astype(dt)
        w = RNG.standard_normal(w_shape).astype(dt)
        o = RNG.standard_normal(o_shape).astype(dt)
    zero_points = [np.int32(3), np.int32(-5)] if name.endswith("_q") else []
    return [x, w, *zero_points, o]


def run_both(name: str, values: list[Any], attrs: dict[str, Any], strategy: str | None) -> None:
    """The op on `fast` (forcing `strategy`) and on `loops`: the same outputs."""
    cls = ops.OPS[name]
    *ins, out = values
    want = out.copy()
    cls.call(*ins, outs=[want], backend="loops", **attrs)
    got = out.copy()
    op, bound = cls.from_arrays(*ins, outs=[got], **attrs)
    fast.run(op, bound, strategy=strategy)
    if got.dtype.kind == "f":
        scale = max(1.0, float(np.abs(want).max()))
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5 * scale)
    else:
        np.testing.assert_array_equal(got, want)


CASES = [
    # (op, n, out, window, stride, dilation, dtype)
    ("conv_1d_nwc_wcf", 2, (7,), (3,), 1, (1,), np.float32),
    ("conv_1d_ncw_fcw", 1, (6,), (2,), 2, (3,), np.float64),
    ("conv_2d_nhwc_hwcf", 1, (5, 6), (3, 3), 1, (1, 1), np.float32),
    ("conv_2d_nhwc_hwcf", 2, (4, 3), (2, 3), 2, (2, 1), np.float64),
    ("conv_2d_nhwc_fhwc", 1, (5, 4), (3, 2), 1, (1, 2), np.float32),
    ("conv_2d_nchw_fchw", 2, (4, 5), (3, 3), 1, (2, 2), np.float32),
    ("conv_2d_nchw_fchw", 1, (3, 3), (2, 2), 3, (1, 1), np.float64),
    ("conv_3d_ndhwc_dhwcf", 1, (3, 4, 3), (2, 2, 3), 1, (1, 1, 1), np.float32),
    ("conv_2d_nhwc_hwcf_q", 1, (5, 6), (3, 3), 1, (1, 1), np.int32),
    ("conv_2d_nhwc_hwcf_q", 2, (3, 4), (3, 2), 2, (1, 2), np.int32),
    ("conv_2d_nchw_fchw_q", 1, (4, 4), (3, 3), 1, (1, 1), np.int32),
]


def attrs_of(out: tuple[int, ...], stride: Any, dil: tuple[int, ...]) -> dict[str, Any]:
    strides = list(stride) if isinstance(stride, tuple) else [stride] * len(out)
    return {"strides": strides, "dilations": list(dil)}


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-n{c[1]}-s{c[4]}")
def test_taps_applies_to_convolutions_and_matches_loops(case: tuple) -> None:
    name, n, out, window, stride, dil, dtype = case
    values = operands(name, *shapes(name, n, out, window, stride, dil), dtype)
    attrs = attrs_of(out, stride, dil)
    op, bound = ops.OPS[name].from_arrays(*values[:-1], outs=[values[-1].copy()], **attrs)
    problem = fast.make_problem(op, bound)
    assert problem is not None
    assert "taps" in candidate_plans(problem, fast.get_temp_limit())
    run_both(name, values, attrs, "taps")


def test_uneven_strides_leave_the_convolution_to_gemm() -> None:
    # The flat rows of the input only line up when every window axis steps alike.
    name = "conv_2d_nhwc_hwcf"
    values = operands(name, (1, 9, 7, 3), (3, 3, 3, 4), (1, 4, 5, 4), np.float32)
    attrs = {"strides": [2, 1], "dilations": [1, 1]}
    op, bound = ops.OPS[name].from_arrays(*values[:-1], outs=[values[-1]], **attrs)
    problem = fast.make_problem(op, bound)
    assert problem is not None
    plans = candidate_plans(problem, fast.get_temp_limit())
    assert "gemm" in plans and "taps" not in plans


def test_depthwise_convolutions_are_not_tap_loops() -> None:
    # No channel is summed (each output channel reads its own): nothing for BLAS to do.
    x = RNG.standard_normal((1, 6, 6, 3)).astype(np.float32)
    w = RNG.standard_normal((3, 3, 3)).astype(np.float32)
    o = np.zeros((1, 4, 4, 3), np.float32)
    op, bound = ops.OPS["depthwise_conv_2d_nhwc_hwc"].from_arrays(x, w, outs=[o])
    problem = fast.make_problem(op, bound)
    assert problem is not None
    assert "taps" not in candidate_plans(problem, fast.get_temp_limit())


def test_a_large_convolution_runs_as_a_tap_loop() -> None:
    x = np.zeros((1, 58, 58, 64), np.float32)
    w = np.zeros((3, 3, 64, 64), np.float32)
    o = np.zeros((1, 56, 56, 64), np.float32)
    op, bound = ops.OPS["conv_2d_nhwc_hwcf"].from_arrays(x, w, outs=[o])
    plan = fast.plan(op, bound)
    assert plan is not None and plan.strategy == "taps"


def test_an_input_larger_than_the_windows_read_is_handed_to_gemm() -> None:
    # Two extra columns no window reaches: the plan's flat layout does not fit; the call
    # still computes the convolution.
    name = "conv_2d_nhwc_hwcf"
    values = operands(name, (1, 7, 9, 3), (3, 3, 3, 4), (1, 5, 5, 4), np.float32)
    run_both(name, values, {}, "taps")


def test_integer_sums_too_large_for_f64_fall_back_and_wrap_like_mlir() -> None:
    name = "conv_2d_nhwc_hwcf_q"
    values = operands(name, (1, 5, 5, 3), (3, 3, 3, 4), (1, 3, 3, 4), np.int32)
    x, w, _, _, o = values
    # i32 inputs near the type's limits: products of 2**61 summed over 27 terms wrap i32.
    big_x = np.full(x.shape, 2**30 + 7, np.int32)
    big_w = np.full(w.shape, -(2**30) + 3, np.int32)
    run_both(name, [big_x, big_w, np.int32(0), np.int32(0), o], {}, "taps")


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-n{c[1]}-s{c[4]}")
def test_taps_adding_each_tap_with_numpy_matches_loops(case: tuple) -> None:
    """The same cases with BLAS's accumulating gemm switched off: matmul and an add."""
    name, n, out, window, stride, dil, dtype = case
    values = operands(name, *shapes(name, n, out, window, stride, dil), dtype)
    with current_runtime().changed(fast_blas_accumulate=False):
        run_both(name, values, attrs_of(out, stride, dil), "taps")
