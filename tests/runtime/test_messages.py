"""What the runtime says when a call is wrong: the op's name, grammar, the declared shapes,
bad backend names, and the loops backend's refusal of a domain it would take days on."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from linalg_odsgen import ops
from linalg_odsgen.runtime import OpError
from linalg_odsgen.runtime.backends import loops

F32 = np.float32


def message(fn) -> str:
    with pytest.raises(OpError) as err:
        fn()
    return str(err.value)


def test_counts_agree_with_their_nouns() -> None:
    x, w, o = np.ones((1, 8, 2), F32), np.ones((2, 2, 3), F32), np.zeros((1, 7, 3), F32)
    text = message(lambda: ops.conv_1d_nwc_wcf(x, w, outs=[o], strides=[1, 1]))
    assert "attribute 'strides' expects 1 integer, got 2: [1, 1]" in text
    text = message(lambda: ops.conv_2d_nhwc_hwcf(np.ones((1, 5, 5, 1), F32), np.ones((2, 2, 1, 1), F32),
                                                 outs=[np.zeros((1, 4, 4, 1), F32)], strides=[1]))  # fmt: skip
    assert "attribute 'strides' expects 2 integers, got 1: [1]" in text
    text = message(lambda: ops.fill(F32(1), F32(2), outs=[np.zeros(3, F32)]))
    assert text == "fill: expected 1 input (value), got 2"
    text = message(
        lambda: ops.matmul(np.ones((2, 2)), np.ones((2, 2)), outs=[np.zeros((2, 2))] * 2)
    )
    assert text == "matmul: expected 1 output in outs=[...] (C), got 2"


@pytest.mark.parametrize(("dtype", "article"), [(np.int32, "an i32"), (np.int8, "an i8")])
def test_articles_read_as_spoken(dtype: type, article: str) -> None:
    text = message(lambda: ops.fill(2.5, outs=[np.zeros(3, dtype)]))
    assert f"operand 'value': 2.5 is not {article} value" in text


def test_shape_mismatch_names_the_declared_shapes() -> None:
    a, b, c = np.ones((5, 3), F32), np.ones((4, 6), F32), np.zeros((5, 6), F32)
    text = message(lambda: ops.matmul(a, b, outs=[c]))
    assert text.startswith("matmul: operand 'B' dim 0 has size 4 but loop d2 has size 3")
    # the op config numbers its size symbols: s1 is the K that A and B share
    assert text.endswith("the op declares A: (s0, s1), B: (s1, s2); given A: (5, 3), B: (4, 6)")


def test_out_of_bounds_access_names_the_declared_shape() -> None:
    x, w, o = np.ones((1, 5, 5, 1), F32), np.ones((2, 2, 1, 1), F32), np.zeros((1, 3, 2, 1), F32)
    text = message(lambda: ops.conv_2d_nhwc_hwcf(x, w, outs=[o], strides=[2, 2]))
    assert "the access d1 * 2 + d4 reaches index 5" in text
    assert (
        "the op declares I: (s0, s1 * s2 + s3 * s4, s5 * s6 + s7 * s8, s9); given I: (1, 5, 5, 1)"
        in text
    )


def test_dsl_ops_spell_their_symbols_by_name(tmp_path: Path) -> None:
    from linalg_odsgen.dsl import T1, D, S, TensorDef, TypeFn, U, linalg_structured_op

    @linalg_structured_op
    def qk(
        Q=TensorDef(T1, S.M, S.K),  # noqa: B008
        Kt=TensorDef(T1, S.N, S.K),  # noqa: B008
        O=TensorDef(U, S.M, S.N, output=True),  # noqa: B008
    ):
        O[D.m, D.n] += TypeFn.cast_signed(U, Q[D.m, D.k]) * TypeFn.cast_signed(U, Kt[D.n, D.k])

    text = message(
        lambda: qk(np.ones((2, 3), F32), np.ones((4, 5), F32), outs=[np.zeros((2, 4), F32)])
    )
    assert text.endswith("the op declares Q: (M, K), Kt: (N, K); given Q: (2, 3), Kt: (4, 5)")


@pytest.mark.parametrize(
    ("backend", "expected"),
    [
        ("nope", "matmul: unknown backend 'nope'; available: "),
        (["loops"], "matmul: backend must be a name such as 'fast' or 'loops', got ['loops']"),
        (3, "matmul: backend must be a name such as 'fast' or 'loops', got 3"),
    ],
)
def test_bad_backend_names_the_op(backend: object, expected: str) -> None:
    a = np.ones((2, 2), F32)
    assert message(
        lambda: ops.matmul(a, a, outs=[np.zeros((2, 2), F32)], backend=backend)
    ).startswith(expected)
    op, operands = ops.MatmulOp.from_arrays(a, a, outs=[np.zeros((2, 2), F32)])
    assert message(lambda: op.run(operands, backend=backend)).startswith(expected)


def test_loops_refuses_a_huge_broadcast_domain_before_running() -> None:
    a = np.broadcast_to(F32(1), (1 << 14, 1 << 13))
    b = np.broadcast_to(F32(1), (1 << 13, 1 << 13))
    c = np.zeros((1 << 14, 1 << 13), F32)
    text = message(lambda: ops.matmul(a, b, outs=[c], backend="loops"))
    assert text.startswith(
        "matmul: the loops backend would visit 1,099,511,627,776 loop points (16384 x 8192 x 8192)"
    )
    assert "backend='fast' or backend='compiled'" in text
    assert not c.any()


def test_the_limit_is_configurable_and_restored() -> None:
    x = np.arange(12, dtype=F32)
    with loops.max_points_set_to(11):
        assert "would visit 12 loop points (12), beyond its limit of 11" in message(
            lambda: ops.add(x, x, outs=[np.zeros(12, F32)], backend="loops")
        )
        np.testing.assert_array_equal(
            ops.add(x[:11], x[:11], outs=[np.zeros(11, F32)], backend="loops"), 2 * x[:11]
        )
    assert loops.max_points() == loops.DEFAULT_MAX_POINTS
    np.testing.assert_array_equal(ops.add(x, x, outs=[np.zeros(12, F32)], backend="loops"), 2 * x)
    with pytest.raises(ValueError):
        loops.set_max_points(-1)


def test_the_limit_reads_the_environment() -> None:
    script = textwrap.dedent(
        """\
        import numpy as np
        from linalg_odsgen import ops
        from linalg_odsgen.runtime import OpError
        try:
            ops.add(np.ones(6), np.ones(6), outs=[np.zeros(6)], backend="loops")
        except OpError as e:
            print(e)
        """
    )
    env = {**os.environ, loops.MAX_POINTS_ENV_VAR: "5"}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                         timeout=120, check=True).stdout  # fmt: skip
    assert "add: the loops backend would visit 6 loop points (6), beyond its limit of 5" in out
