"""The vectorised erf: its f64 fit is far inside the acceptance bound, and its rounded
results equal `T(math.erf(x))` (what the loops backend computes) bit for bit, also when
the fit is made worse on purpose (the near-boundary recomputation must catch it)."""

from __future__ import annotations

import math
from typing import Any

import ml_dtypes
import numpy as np
import pytest

from linalg_odsgen import ops
from linalg_odsgen.runtime.backends.fast import erf

RNG = np.random.default_rng(23)
TYPES = [np.float32, np.float16, ml_dtypes.bfloat16]


def samples() -> np.ndarray:
    edges = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 0.5, 6.0, -6.0, 5.999, 1e-30, 1e-45])
    return np.concatenate(
        [
            edges,
            RNG.standard_normal(40_000) * 2,
            RNG.uniform(-7, 7, 40_000),
            np.linspace(-6.5, 6.5, 20_001),
            RNG.standard_normal(2_000) * 1e-20,
        ]
    )


def exact(x: np.ndarray, dt: Any) -> np.ndarray:
    t = np.dtype(dt).type
    flat = x.astype(np.float64).reshape(-1)
    out = np.array([t(v if v != v else math.erf(v)) for v in flat], dtype=dt)
    return out.reshape(x.shape)


def same(a: np.ndarray, b: np.ndarray) -> bool:
    u = f"uint{a.dtype.itemsize * 8}"
    nan = np.isnan(a.astype(np.float64))
    return bool(
        np.array_equal(nan, np.isnan(b.astype(np.float64)))
        and np.array_equal(a.view(u)[~nan], b.view(u)[~nan])
    )


def test_f64_fit_is_far_inside_the_acceptance_bound() -> None:
    x = samples()
    x = x[np.isfinite(x)]
    y = erf.erf_f64(x)
    ref = np.array([math.erf(v) for v in x])
    nz = ref != 0
    rel = np.abs(y - ref)[nz] / np.abs(ref[nz])
    assert rel.max() < 2.0**-44 < erf.REL_BOUND
    assert np.array_equal(np.signbit(y), np.signbit(ref))  # erf(-0.0) is -0.0


@pytest.mark.parametrize("dt", TYPES)
def test_rounded_erf_is_the_c_librarys_rounded_once(dt: Any) -> None:
    x = samples().astype(dt)
    assert same(erf.erf_rounded(x, np.dtype(dt)), exact(x, dt))


def test_results_near_a_rounding_boundary_are_recomputed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fit off by 2**-40 (inside the bound) would round some f32 values wrongly without
    the recomputation; with it every value is still exact."""
    dt = np.float32
    good = erf.erf_f64
    monkeypatch.setattr(erf, "erf_f64", lambda x: good(x) * (1 + 2.0**-40))
    x = RNG.uniform(-3, 3, 200_000).astype(dt)
    naive = (good(x.astype(np.float64)) * (1 + 2.0**-40)).astype(dt)
    want = exact(x, dt)
    assert not same(naive, want)  # the perturbation does change some roundings
    assert same(erf.erf_rounded(x, np.dtype(dt)), want)


@pytest.mark.parametrize("backend", ["fast", "loops"])
def test_erf_op_uses_it_on_both_backends_alike(backend: str) -> None:
    x = (RNG.standard_normal((64, 33)) * 2).astype(np.float32)[:, ::2]  # a strided view
    got = ops.erf(x, outs=[np.zeros(x.shape, np.float32)], backend=backend)
    assert same(got, exact(x, np.float32))
