"""Single-tile contractions of plain operands run as one prepared library call
(`gemm._direct_gemm`); results are the general gemm path's, checked against NumPy
math written here and, for integers, against the loops backend bit for bit."""

from __future__ import annotations

import numpy as np
import pytest

from linalg_odsgen import ops
from linalg_odsgen.runtime.backends import fast

TRANSPOSED_A = (
    "[affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, "
    "affine_map<(d0, d1, d2) -> (d0, d1)>]"
)
RNG = np.random.default_rng(314)


def _direct(op_cls: type, ins: list[np.ndarray], out: np.ndarray, **attrs: object) -> bool:
    op, operands = op_cls.from_arrays(*ins, outs=[out], **attrs)
    plan = fast.plan(op, operands)
    return plan is not None and plan.strategy == "gemm" and "_direct_gemm" in plan.run.__qualname__


def test_matmul_batch_matmul_and_dot_take_the_prepared_call() -> None:
    a, b = RNG.standard_normal((40, 50)), RNG.standard_normal((50, 30))
    assert _direct(ops.MatmulOp, [a, b], np.zeros((40, 30)))
    x, y = RNG.standard_normal((3, 40, 50)), RNG.standard_normal((3, 50, 30))
    assert _direct(ops.BatchMatmulOp, [x, y], np.zeros((3, 40, 30)))
    v, w = RNG.standard_normal(5000), RNG.standard_normal(5000)
    assert _direct(ops.DotOp, [v, w], np.zeros(()))


@pytest.mark.parametrize(("dtype", "atol"), [(np.float32, 1e-4), (np.float64, 1e-12)])
def test_float_results_match_numpy(dtype: type, atol: float) -> None:
    a, b = RNG.standard_normal((40, 50)).astype(dtype), RNG.standard_normal((50, 30)).astype(dtype)
    c0 = RNG.standard_normal((40, 30)).astype(dtype)
    got = ops.matmul(a, b, outs=[c0.copy()], backend="fast")
    np.testing.assert_allclose(got, c0 + a @ b, rtol=1e-5, atol=atol)
    at = np.ascontiguousarray(a.T)  # A given as (k, m) through indexing_maps
    assert _direct(ops.MatmulOp, [at, b], c0.copy(), indexing_maps=TRANSPOSED_A)
    got = ops.matmul(at, b, outs=[c0.copy()], backend="fast", indexing_maps=TRANSPOSED_A)
    np.testing.assert_allclose(got, c0 + a @ b, rtol=1e-5, atol=atol)
    x, y = RNG.standard_normal((3, 40, 50)).astype(dtype), RNG.standard_normal((3, 50, 30))
    y = y.astype(dtype)
    assert _direct(ops.BatchMatmulOp, [x, y], np.ones((3, 40, 30), dtype))
    got = ops.batch_matmul(x, y, outs=[np.ones((3, 40, 30), dtype)], backend="fast")
    np.testing.assert_allclose(got, 1 + np.einsum("bmk,bkn->bmn", x, y), rtol=1e-5, atol=atol)
    v, w = RNG.standard_normal(5000).astype(dtype), RNG.standard_normal(5000).astype(dtype)
    got = ops.dot(v, w, outs=[np.array(2.0, dtype)], backend="fast")
    np.testing.assert_allclose(
        got, 2 + float(np.sum(v.astype(np.float64) * w)), rtol=1e-5, atol=atol
    )


def test_integer_matmul_wraps_like_loops() -> None:
    big = np.iinfo(np.int32).max
    a = RNG.integers(-big, big, size=(40, 50), dtype=np.int64).astype(np.int32)
    b = RNG.integers(-big, big, size=(50, 30), dtype=np.int64).astype(np.int32)
    assert _direct(ops.MatmulOp, [a, b], np.zeros((40, 30), np.int32))
    got = ops.matmul(a, b, outs=[np.zeros((40, 30), np.int32)], backend="fast")
    want = ops.matmul(a, b, outs=[np.zeros((40, 30), np.int32)], backend="loops")
    np.testing.assert_array_equal(got, want)
    exact = a.astype(object) @ b.astype(object)  # Python ints, then wrapped to 32 bits
    np.testing.assert_array_equal(got, ((exact + 2**31) % 2**32 - 2**31).astype(np.int32))


def test_non_contiguous_operands_give_the_same_result() -> None:
    a = RNG.standard_normal((80, 100))[::2, ::2]  # strided views
    b = RNG.standard_normal((50, 60))[:, ::2]
    out = np.zeros((40, 30))
    assert _direct(ops.MatmulOp, [a, b], np.zeros((40, 30)))
    got = ops.matmul(a, b, outs=[out], backend="fast")
    np.testing.assert_allclose(got, a @ b, rtol=1e-12)
