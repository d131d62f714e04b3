"""The fast backend hands f16/bf16 sequential loops and non-linear maps to the compiled
backend when numba is installed, with the loops backend's bits; off switch kept."""

from __future__ import annotations

import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest

from linalg_odsgen import ops
from linalg_odsgen.runtime.backends import fast


def test_narrow_matmul_is_handed_to_compiled_and_equals_loops() -> None:
    pytest.importorskip("numba")
    rng = np.random.default_rng(5)
    for dt in (np.float16, ml_dtypes.bfloat16):
        a = rng.standard_normal((20, 33)).astype(dt)
        b = rng.standard_normal((33, 17)).astype(dt)
        op, operands = ops.MatmulOp.from_arrays(a, b, outs=[np.zeros((20, 17), dt)])
        assert fast.explain(op, operands) == "compiled backend (an f16/bf16 sequential loop)"
        want = ops.matmul(a, b, outs=[np.zeros((20, 17), dt)], backend="loops")
        got = ops.matmul(a, b, outs=[np.zeros((20, 17), dt)], backend="fast")
        assert got.view(np.uint16).tolist() == want.view(np.uint16).tolist()


def test_handoff_can_be_switched_off() -> None:
    a = np.ones((4, 4), np.float16)
    op, operands = ops.MatmulOp.from_arrays(a, a, outs=[np.zeros((4, 4), np.float16)])
    fast.set_handoff(False)
    try:
        assert fast.explain(op, operands).startswith("ordered")
        np.testing.assert_array_equal(ops.matmul(a, a, outs=[np.zeros((4, 4), np.float16)]), 4)
    finally:
        fast.set_handoff(None)


def test_f32_work_and_forced_strategies_stay_in_numpy() -> None:
    a = np.ones((8, 8), np.float32)
    op, operands = ops.MatmulOp.from_arrays(a, a, outs=[np.zeros((8, 8), np.float32)])
    assert not fast.explain(op, operands).startswith("compiled")
    h = np.ones((8, 8), np.float16)
    op, operands = ops.MatmulOp.from_arrays(h, h, outs=[np.zeros((8, 8), np.float16)])
    fast.run(op, operands, strategy="ordered")  # forced: the NumPy path, even with numba
    np.testing.assert_array_equal(operands[-1], 8)


def test_fast_without_a_handoff_never_imports_numba() -> None:
    code = (
        "import sys, numpy as np\nfrom linalg_odsgen import ops\n"
        "a = np.ones((64, 64), np.float32)\nops.matmul(a, a, outs=[np.zeros_like(a)])\n"
        "h = a.astype(np.float16)\nops.add(h, h, outs=[np.zeros_like(h)])\n"
        "print('numba' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_large_index_payloads_are_handed_off_small_ones_stay() -> None:
    pytest.importorskip("numba")
    from linalg_odsgen.dsl import T1, D, S, TensorDef, TypeFn, index, linalg_structured_op

    @linalg_structured_op
    def row_plus_col(O=TensorDef(T1, S.M, S.N, output=True)) -> None:  # noqa: B008
        O[D.m, D.n] = TypeFn.cast_signed(T1, index(D.m)) + TypeFn.cast_signed(T1, index(D.n))

    for n, handed in ((64, False), (1100, True)):
        out = np.zeros((n, n), np.int32)
        op, operands = row_plus_col.op_class.from_arrays(outs=[out])
        assert fast.explain(op, operands).startswith("compiled") is handed
        got = row_plus_col(outs=[np.zeros((n, n), np.int32)])
        i = np.arange(n, dtype=np.int32)
        np.testing.assert_array_equal(got, i[:, None] + i[None, :])


def test_large_sequential_loops_are_handed_off_and_equal_loops() -> None:
    pytest.importorskip("numba")
    rng = np.random.default_rng(9)
    for hw, handed in ((6, False), (40, True)):
        x = rng.standard_normal((1, hw, hw, 64)).astype(np.float32)
        w = rng.standard_normal((3, 3, 64)).astype(np.float32)
        shape = (1, hw - 2, hw - 2, 64)
        op, operands = ops.DepthwiseConv2DNhwcHwcOp.from_arrays(
            x, w, outs=[np.zeros(shape, np.float32)]
        )
        assert fast.explain(op, operands).startswith("compiled") is handed
        want = ops.depthwise_conv_2d_nhwc_hwc(
            x, w, outs=[np.zeros(shape, np.float32)], backend="loops"
        )
        got = ops.depthwise_conv_2d_nhwc_hwc(x, w, outs=[np.zeros(shape, np.float32)])
        np.testing.assert_array_equal(got, want)


def test_handoffs_run_with_parallel_loops_unless_the_setting_says_no(monkeypatch) -> None:
    """Hand-offs ask for parallel loops (the compiled backend splits large nests over the
    cores; results unchanged); an explicit compiled parallel setting wins either way."""
    pytest.importorskip("numba")
    from linalg_odsgen.runtime.backends import compiled

    seen: list[bool | None] = []
    real_run = compiled.run

    def spy(op, operands, parallel=None):
        seen.append(parallel)
        real_run(op, operands, parallel=parallel)

    monkeypatch.setattr(compiled, "run", spy)
    monkeypatch.setattr(compiled, "PARALLEL_MIN_POINTS", 0)
    rng = np.random.default_rng(9)
    a = rng.standard_normal((16, 24)).astype(np.float16)
    b = rng.standard_normal((24, 12)).astype(np.float16)
    want = ops.matmul(a, b, outs=[np.zeros((16, 12), np.float16)], backend="loops")
    got = ops.matmul(a, b, outs=[np.zeros((16, 12), np.float16)], backend="fast")
    with compiled.parallel(False):
        ops.matmul(a, b, outs=[np.zeros((16, 12), np.float16)], backend="fast")
    assert seen == [True, False]
    assert got.view(np.uint16).tolist() == want.view(np.uint16).tolist()
