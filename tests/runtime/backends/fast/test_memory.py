"""Temporaries stay under the configured bound whatever the problem size (tracemalloc peak)."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from linalg_odsgen import ops
from linalg_odsgen.runtime.backends import fast

LIMIT = 256 << 10
SLACK = 96 << 10  # index arrays, NumPy iterator buffers, Python objects


def peak_of(fn: Callable[[], Any]) -> int:
    tracemalloc.start()
    try:
        base, _ = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        fn()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak - base


def cases() -> list[
    tuple[str, Callable[[], tuple[Callable[..., Any], list[Any], list[np.ndarray], dict]]]
]:
    rng = np.random.default_rng(5)

    def f32(*shape: int) -> np.ndarray:
        return rng.standard_normal(shape).astype(np.float32)

    return [
        (
            "matmul",
            lambda: (
                ops.matmul,
                [f32(192, 160), f32(160, 176)],
                [np.zeros((192, 176), np.float32)],
                {},
            ),
        ),
        (
            "conv",
            lambda: (
                ops.conv_2d_nhwc_hwcf,
                [f32(1, 34, 34, 16), f32(3, 3, 16, 8)],
                [np.zeros((1, 32, 32, 8), np.float32)],
                {},
            ),
        ),
        ("exp", lambda: (ops.exp, [f32(1 << 19)], [np.zeros(1 << 19, np.float32)], {})),
        (
            "pool_sum",
            lambda: (
                ops.pooling_nhwc_sum,
                [f32(1, 66, 66, 16), np.zeros((3, 3), np.float32)],
                [np.zeros((1, 64, 64, 16), np.float32)],
                {},
            ),
        ),
        *(
            (
                name,
                lambda name=name, dt=dt, arity=arity: (
                    getattr(ops, name),
                    [f32(1 << 18).astype(dt)] * arity,
                    [np.zeros(1 << 18, dt)],
                    {},
                ),
            )
            for name, dt, arity in (
                ("erf", np.float32, 1),
                ("erf", np.float64, 1),
                ("round", np.float32, 1),
                ("rsqrt", np.float32, 1),
                ("tanh", np.float64, 1),
            )
        ),
        (
            "div_unsigned",
            lambda: (
                ops.div_unsigned,
                [
                    rng.integers(-(2**31), 2**31, 1 << 18).astype(np.int32),
                    rng.integers(1, 2**31, 1 << 18).astype(np.int32),
                ],
                [np.zeros(1 << 18, np.int32)],
                {},
            ),
        ),
        (
            "cast_f64_to_i32",
            lambda: (
                ops.copy,
                [f32(1 << 18).astype(np.float64) * 1e3],
                [np.zeros(1 << 18, np.int32)],
                {},
            ),
        ),
        (
            "cast_i64_to_f32_unsigned",
            lambda: (
                ops.copy,
                [rng.integers(-(2**62), 2**62, 1 << 18)],
                [np.zeros(1 << 18, np.float32)],
                {"cast": "cast_unsigned"},
            ),
        ),
        (
            "qmatmul",
            lambda: (
                ops.quantized_matmul,
                [
                    rng.integers(-9, 9, (128, 96)).astype(np.int8),
                    rng.integers(-9, 9, (96, 160)).astype(np.int8),
                    np.int32(1),
                    np.int32(2),
                ],
                [np.zeros((128, 160), np.int32)],
                {},
            ),
        ),
    ]


@pytest.mark.parametrize(("name", "make"), cases(), ids=[c[0] for c in cases()])
def test_peak_temporaries_respect_the_limit_and_results_match(name: str, make: Any) -> None:
    fn, ins, outs, attrs = make()
    want = [o.copy() for o in outs]
    with fast.temp_limit(64 << 20):
        fn(*ins, outs=want, backend="fast", **attrs)  # untiled reference
    got = [o.copy() for o in outs]
    with fast.temp_limit(LIMIT):
        op, operands = ops.OPS[fn.__name__].from_arrays(*ins, outs=got, **attrs)
        peak = peak_of(lambda: fast.run(op, operands))
    assert peak <= LIMIT + SLACK, f"{name}: peak {peak} bytes over limit {LIMIT}"
    for g, w in zip(got, want, strict=True):
        np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-4)


def test_limit_env_var_sets_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    from linalg_odsgen.runtime.settings import Runtime

    monkeypatch.setenv("LINALG_ODSGEN_FAST_TEMP_LIMIT", "123456")
    assert Runtime.from_env().fast_temp_limit == 123456
    monkeypatch.setenv("LINALG_ODSGEN_FAST_TEMP_LIMIT", "garbage")
    assert Runtime.from_env().fast_temp_limit == 64 << 20
