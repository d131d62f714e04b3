"""Property: for random valid op configs (`random_ops`) and values over each type's whole
range (NaN, inf, subnormals, integer extremes), the compiled backend writes the loops
backend's output bits, with and without parallel outer loops.

exp, log and tanh are the one place the two backends use different code (loops: NumPy's;
kernels: `scalars.expf`, the C library's logf/tanhf/log/tanh/exp). Within an ulp or two
alone, they drift further once a payload composes them (exp of exp, sums), so here the
loops backend computes them with the kernels' functions and every output is compared bit
for bit. Their own accuracy is tested in test_scalars.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from bits import bits_equal
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_ops import Drawn, class_of, op_configs, operands_for, wide_values

from linalg_odsgen.payload import PayloadOp
from linalg_odsgen.payloads.libm import c_function
from linalg_odsgen.runtime import scalar_semantics
from linalg_odsgen.runtime.backends import compiled
from linalg_odsgen.runtime.backends.compiled import scalars as S
from linalg_odsgen.runtime.backends.compiled.expressions import APPROXIMATE_OPS


def _as_kernels_compute(name: str) -> Callable[[PayloadOp], Callable[[Any], Any]]:
    """The loops backend's scalar function for `name`, computed as a kernel does: f64 by
    the C library's double function, every narrower type in f32 and rounded once."""
    short = name.removeprefix("math.")
    wide = c_function(short, ctypes.c_double)
    narrow = S.expf if short == "exp" else c_function(short + "f", ctypes.c_float)

    def make(op: PayloadOp) -> Callable[[Any], Any]:
        t = op.result.type.dtype.type
        if op.result.type.name == "f64":
            return lambda a: t(wide(float(a)))
        return lambda a: t(np.float32(narrow(np.float32(a))))

    return make


@pytest.fixture(autouse=True)
def _loops_with_the_kernels_functions(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in APPROXIMATE_OPS:
        monkeypatch.setitem(scalar_semantics.SCALAR_OPS, name, _as_kernels_compute(name))


@pytest.mark.slow
@settings(
    max_examples=120,
    deadline=None,
    # the autouse fixture patches a table once; it holds for every example alike
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(drawn=op_configs(), seed=st.integers(0, 2**31 - 1), parallel=st.booleans())
def test_compiled_equals_loops_bit_for_bit(drawn: Drawn, seed: int, parallel: bool) -> None:
    cls = class_of(drawn.config)
    rng = np.random.default_rng(seed)
    ins, outs = operands_for(cls, drawn, rng, fill=wide_values)
    want = [o.copy() for o in outs]
    with np.errstate(all="ignore"):
        cls.call(*ins, outs=want, backend="loops", **drawn.attrs)
    got = [o.copy() for o in outs]
    with compiled.parallel(parallel):
        op, operands = cls.from_arrays(*ins, outs=got, **drawn.attrs)
        compiled.run(op, operands)
    for g, w in zip(got, want, strict=True):
        assert bits_equal(g, w), f"{g} != {w} ({[p.name for p in op.region.ops]})"
