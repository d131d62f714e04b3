"""Property: for random valid op configs (`random_ops`) and values over each type's whole
range (NaN, inf, subnormals, integer extremes), the compiled backend writes the loops
backend's output bits, with and without parallel outer loops.

Only exp, log and tanh may differ (by an ulp or so): the compiled kernel calls the C
library's functions, as MLIR's compiled code does, the loops backend NumPy's own.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from bits import bits_equal, nearly_equal
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_ops import Drawn, import_generated, op_configs, operands_for, wide_values

from linalg_odsgen.runtime.backends import compiled
from linalg_odsgen.runtime.backends.compiled.kernel import APPROXIMATE_OPS


def _uses_libm(op: Any) -> bool:
    return any(p.name in APPROXIMATE_OPS for p in op.region.ops)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drawn=op_configs(), seed=st.integers(0, 2**31 - 1), parallel=st.booleans())
def test_compiled_equals_loops_bit_for_bit(drawn: Drawn, seed: int, parallel: bool) -> None:
    cls = import_generated(drawn.config)
    rng = np.random.default_rng(seed)
    ins, outs = operands_for(cls, drawn, rng, fill=wide_values)
    want = [o.copy() for o in outs]
    with np.errstate(all="ignore"):
        cls.call(*ins, outs=want, backend="loops", **drawn.attrs)
    got = [o.copy() for o in outs]
    with compiled.parallel(parallel):
        op, operands = cls.from_arrays(*ins, outs=got, **drawn.attrs)
        compiled.run(op, operands)
    same = nearly_equal if _uses_libm(op) else bits_equal
    for g, w in zip(got, want, strict=True):
        assert same(g, w), f"{g} != {w}"
