"""The `auto` policy (the default backend) hands f16/bf16 sequential loops, large
sequential loops, non-linear maps and large index payloads to the compiled backend when
numba is installed, with the loops backend's bits, and everything else to `fast`; the
off switch is kept. `fast` itself is NumPy only."""

from __future__ import annotations

import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest

from linalg_odsgen import ops
from linalg_odsgen.diagnostics import DiagnosticError
from linalg_odsgen.runtime.backends import auto, fast


def test_narrow_matmul_is_handed_to_compiled_and_equals_loops() -> None:
    pytest.importorskip("numba")
    rng = np.random.default_rng(5)
    for dt in (np.float16, ml_dtypes.bfloat16):
        a = rng.standard_normal((20, 33)).astype(dt)
        b = rng.standard_normal((33, 17)).astype(dt)
        op, operands = ops.MatmulOp.from_arrays(a, b, outs=[np.zeros((20, 17), dt)])
        assert auto.explain(op, operands) == "compiled backend (an f16/bf16 sequential loop)"
        want = ops.matmul(a, b, outs=[np.zeros((20, 17), dt)], backend="loops")
        got = ops.matmul(a, b, outs=[np.zeros((20, 17), dt)], backend="auto")
        assert got.view(np.uint16).tolist() == want.view(np.uint16).tolist()
        default = ops.matmul(a, b, outs=[np.zeros((20, 17), dt)])
        assert default.view(np.uint16).tolist() == want.view(np.uint16).tolist()


def test_handoff_can_be_switched_off() -> None:
    a = np.ones((4, 4), np.float16)
    op, operands = ops.MatmulOp.from_arrays(a, a, outs=[np.zeros((4, 4), np.float16)])
    auto.set_handoff(False)
    try:
        assert auto.explain(op, operands).startswith("ordered")
        np.testing.assert_array_equal(ops.matmul(a, a, outs=[np.zeros((4, 4), np.float16)]), 4)
    finally:
        auto.set_handoff(None)


def test_f32_work_and_forced_strategies_stay_in_numpy() -> None:
    a = np.ones((8, 8), np.float32)
    op, operands = ops.MatmulOp.from_arrays(a, a, outs=[np.zeros((8, 8), np.float32)])
    assert not auto.explain(op, operands).startswith("compiled")
    assert auto.choice(op, operands) == "fast"
    h = np.ones((8, 8), np.float16)
    op, operands = ops.MatmulOp.from_arrays(h, h, outs=[np.zeros((8, 8), np.float16)])
    fast.run(op, operands, strategy="ordered")  # forced: the NumPy path, even with numba
    np.testing.assert_array_equal(operands[-1], 8)


def test_auto_without_a_handoff_never_imports_numba() -> None:
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
        assert auto.explain(op, operands).startswith("compiled") is handed
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
        assert auto.explain(op, operands).startswith("compiled") is handed
        want = ops.depthwise_conv_2d_nhwc_hwc(
            x, w, outs=[np.zeros(shape, np.float32)], backend="loops"
        )
        got = ops.depthwise_conv_2d_nhwc_hwc(x, w, outs=[np.zeros(shape, np.float32)])
        np.testing.assert_array_equal(got, want)


def test_handoffs_run_with_parallel_loops_unless_the_setting_says_no(monkeypatch) -> None:
    """Hand-offs ask for parallel loops on nests of auto.MIN_THREADED_POINTS or more (the
    compiled backend splits them over the cores; results unchanged); an explicit
    compiled parallel setting wins either way, with the backend's own bound."""
    pytest.importorskip("numba")
    from linalg_odsgen.runtime.backends import compiled

    seen: list[tuple[bool | None, int]] = []
    real_run = compiled.run

    def spy(op, operands, parallel=None, min_parallel_points=0):
        seen.append((parallel, min_parallel_points))
        real_run(op, operands, parallel=parallel, min_parallel_points=min_parallel_points)

    monkeypatch.setattr(compiled, "run", spy)
    rng = np.random.default_rng(9)
    a = rng.standard_normal((16, 24)).astype(np.float16)
    b = rng.standard_normal((24, 12)).astype(np.float16)
    want = ops.matmul(a, b, outs=[np.zeros((16, 12), np.float16)], backend="loops")
    got = ops.matmul(a, b, outs=[np.zeros((16, 12), np.float16)], backend="auto")
    with compiled.parallel(False):
        ops.matmul(a, b, outs=[np.zeros((16, 12), np.float16)], backend="auto")
    assert seen == [(True, auto.MIN_THREADED_POINTS), (False, 0)]
    assert got.view(np.uint16).tolist() == want.view(np.uint16).tolist()


def test_auto_is_the_default_backend() -> None:
    from linalg_odsgen.runtime import available_backends, default_backend

    assert default_backend() == "auto"
    assert "auto" in available_backends()


def _depthwise(hw: int) -> tuple[np.ndarray, np.ndarray, tuple[int, ...]]:
    rng = np.random.default_rng(11)
    x = rng.standard_normal((1, hw, hw, 64)).astype(np.float32)
    w = rng.standard_normal((3, 3, 64)).astype(np.float32)
    return x, w, (1, hw - 2, hw - 2, 64)


def test_auto_picks_compiled_exactly_where_the_policy_says(monkeypatch) -> None:
    """With numba: a large depthwise convolution (a sequential loop) and an f16 matmul go
    to `compiled`, an f32 matmul and a small depthwise convolution to `fast`; every call
    runs the backend `choice` names (spied), never both."""
    pytest.importorskip("numba")
    from linalg_odsgen.runtime.backends import compiled

    ran: list[str] = []
    real_compiled, real_execute = compiled.run, fast.execute
    monkeypatch.setattr(
        compiled,
        "run",
        lambda op, v, parallel=None, min_parallel_points=0: (
            ran.append("compiled"),
            real_compiled(op, v),
        ),
    )
    monkeypatch.setattr(
        fast, "execute", lambda plan, p: (ran.append("fast"), real_execute(plan, p))
    )
    h = np.ones((8, 8), np.float16)
    f = np.ones((8, 8), np.float32)
    cases = [
        ((*_depthwise(40)[:2],), _depthwise(40)[2], ops.DepthwiseConv2DNhwcHwcOp, "compiled"),
        ((*_depthwise(6)[:2],), _depthwise(6)[2], ops.DepthwiseConv2DNhwcHwcOp, "fast"),
        ((h, h), (8, 8), ops.MatmulOp, "compiled"),
        ((f, f), (8, 8), ops.MatmulOp, "fast"),
    ]
    for ins, shape, cls, expected in cases:
        out = np.zeros(shape, ins[0].dtype)
        op, operands = cls.from_arrays(*ins, outs=[out])
        assert auto.choice(op, operands) == expected
        ran.clear()
        auto.run(op, operands)
        assert ran == [expected]


def test_without_numba_auto_is_fast(monkeypatch) -> None:
    """When numba is missing (`numba_installed` says so), `auto` runs everything on
    `fast`, with the same bits as `backend="fast"`."""
    monkeypatch.setattr(auto, "numba_installed", lambda: False)
    x, w, shape = _depthwise(40)
    op, operands = ops.DepthwiseConv2DNhwcHwcOp.from_arrays(
        x, w, outs=[np.zeros(shape, np.float32)]
    )
    assert auto.choice(op, operands) == "fast"
    a = ops.depthwise_conv_2d_nhwc_hwc(x, w, outs=[np.zeros(shape, np.float32)], backend="auto")
    b = ops.depthwise_conv_2d_nhwc_hwc(x, w, outs=[np.zeros(shape, np.float32)], backend="fast")
    assert a.tobytes() == b.tobytes()


def test_fast_never_runs_compiled_code(monkeypatch) -> None:
    """`backend="fast"` is NumPy only: with the compiled backend made to fail if called,
    work `auto` would hand off (f16 matmul, a large depthwise convolution, a non-linear
    map) still runs on `fast`, with the loops backend's bits where those are exact."""

    def refuse(*args, **kwargs):
        raise AssertionError("the fast backend called the compiled backend")

    monkeypatch.setattr(auto, "run_compiled", refuse)
    try:
        from linalg_odsgen.runtime.backends import compiled
    except DiagnosticError:  # no numba: nothing compiled could run anyway
        pass
    else:
        monkeypatch.setattr(compiled, "run", refuse)
    rng = np.random.default_rng(3)
    a = rng.standard_normal((20, 33)).astype(np.float16)
    b = rng.standard_normal((33, 17)).astype(np.float16)
    got = ops.matmul(a, b, outs=[np.zeros((20, 17), np.float16)], backend="fast")
    want = ops.matmul(a, b, outs=[np.zeros((20, 17), np.float16)], backend="loops")
    assert got.view(np.uint16).tolist() == want.view(np.uint16).tolist()
    x, w, shape = _depthwise(40)
    got = ops.depthwise_conv_2d_nhwc_hwc(x, w, outs=[np.zeros(shape, np.float32)], backend="fast")
    want = ops.depthwise_conv_2d_nhwc_hwc(x, w, outs=[np.zeros(shape, np.float32)], backend="loops")
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_fast_imports_no_other_backend_and_never_numba() -> None:
    """In a fresh process, running f16 matmuls and a large depthwise convolution on
    `fast` (the work `auto` would hand to numba) imports neither numba nor the compiled,
    loops or auto modules."""
    code = (
        "import sys, numpy as np\nfrom linalg_odsgen import ops\n"
        "h = np.ones((64, 64), np.float16)\n"
        "ops.matmul(h, h, outs=[np.zeros_like(h)], backend='fast')\n"
        "x = np.ones((1, 40, 40, 64), np.float32)\nw = np.ones((3, 3, 64), np.float32)\n"
        "ops.depthwise_conv_2d_nhwc_hwc(x, w, outs=[np.zeros((1, 38, 38, 64), np.float32)],"
        " backend='fast')\n"
        "mods = ['numba', 'linalg_odsgen.runtime.backends.compiled',"
        " 'linalg_odsgen.runtime.backends.loops', 'linalg_odsgen.runtime.backends.auto']\n"
        "print([m for m in mods if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
