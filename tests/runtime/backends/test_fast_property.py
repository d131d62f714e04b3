"""Property: for random valid op configs (`random_ops`), the fast backend computes what the
loops backend computes, with every strategy it finds applicable. Float inputs are small
integers, so sums are exact in any order unless a non-linear function makes them fractional.
"""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_ops import Drawn, assert_same, class_of, op_configs, operands_for

from linalg_odsgen.runtime.backends import fast
from linalg_odsgen.runtime.backends.fast.engine import candidate_plans


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drawn=op_configs(), seed=st.integers(0, 2**31 - 1))
def test_fast_equals_loops_on_random_generated_ops(drawn: Drawn, seed: int) -> None:
    cls = class_of(drawn.config)
    rng = np.random.default_rng(seed)
    ins, outs = operands_for(cls, drawn, rng)
    want = [o.copy() for o in outs]
    cls.call(*ins, outs=want, backend="loops", **drawn.attrs)

    got = [o.copy() for o in outs]
    cls.call(*ins, outs=got, backend="fast", **drawn.attrs)
    for g, w in zip(got, want, strict=True):
        assert_same(g, w, exact=False)

    op, operands = cls.from_arrays(*ins, outs=[o.copy() for o in outs], **drawn.attrs)
    problem = fast.make_problem(op, operands)
    if problem is None:
        return
    for strategy in candidate_plans(problem, fast.get_temp_limit()):
        got = [o.copy() for o in outs]
        op, operands = cls.from_arrays(*ins, outs=got, **drawn.attrs)
        with fast.temp_limit(64):  # force tiling too
            fast.run(op, operands, strategy=strategy)
        for g, w in zip(got, want, strict=True):
            assert_same(g, w, exact=strategy == "ordered")
