"""Plans are cached per (op, shapes, dtypes, limit) and reused: they must hold no data,
must not depend on strides, and the view shortcuts they use must equal the general path."""

from __future__ import annotations

import gc
import weakref

import numpy as np
import pytest

from linalg_odsgen import ops
from linalg_odsgen.affine import AffineMap
from linalg_odsgen.generated.core_named_ops import DotOp, MatmulOp
from linalg_odsgen.runtime.backends import fast
from linalg_odsgen.runtime.backends.fast.views import (
    Space,
    linear_access,
    strided_view,
)

RNG = np.random.default_rng(7)


def test_reused_plan_follows_each_calls_strides() -> None:
    """Same shapes and dtypes (one cached plan) but contiguous, transposed and sliced data."""
    a = RNG.standard_normal((6, 5)).astype(np.float32)
    b = RNG.standard_normal((5, 4)).astype(np.float32)
    big = RNG.standard_normal((12, 12)).astype(np.float32)
    variants = [
        (a, b),
        (np.ascontiguousarray(a.T).T, b),  # Fortran order
        (big[::2, 1:11:2], big[:5, ::3]),  # strided slices
    ]
    for x, y in variants:
        c = np.zeros((6, 4), np.float32)
        ops.matmul(x, y, outs=[c], backend="fast")
        want = x.astype(np.float64) @ y.astype(np.float64)
        np.testing.assert_allclose(c, want, rtol=1e-5, atol=1e-5)


@pytest.mark.slow
def test_cached_plan_keeps_no_operand_alive() -> None:
    a = RNG.standard_normal((3, 3)).astype(np.float32)
    c = np.zeros((3, 3), np.float32)
    ops.matmul(a, a.copy(), outs=[c], backend="fast")
    ref = weakref.ref(a)
    del a
    gc.collect()
    assert ref() is None


def test_plan_is_planned_once_per_instance() -> None:
    a = RNG.standard_normal((2, 7)).astype(np.float32)
    b = RNG.standard_normal((7, 3)).astype(np.float32)
    op, operands = MatmulOp.from_arrays(a, b, outs=[np.zeros((2, 3), np.float32)])
    first = fast.plan(op, operands)
    op2, operands2 = MatmulOp.from_arrays(a * 2, b, outs=[np.ones((2, 3), np.float32)])
    assert fast.plan(op2, operands2) is first
    with fast.temp_limit(64):  # a different limit is a different plan
        assert fast.plan(op2, operands2) is not first


@pytest.mark.parametrize(
    "text,space",
    [
        ("affine_map<(d0, d1, d2) -> (d0, d2)>", Space((0, 1, 2), (1, 0, 2), (3, 4, 2))),
        ("affine_map<(d0, d1, d2) -> (d2, d0)>", Space((0, 1, 2), (0, 1, 1), (2, 3, 4))),
        ("affine_map<(d0, d1, d2) -> (d1)>", Space((0, 2), (1, 2, 0), (3, 4))),
        ("affine_map<(d0, d1, d2) -> (d2, d1, d0)>", Space((2, 0), (1, 3, 0), (2, 2))),
    ],
)
def test_permutation_views_equal_the_strided_path(text: str, space: Space) -> None:
    access = linear_access(AffineMap.parse(text))
    assert access is not None and access.pure_dims() is not None
    array = RNG.standard_normal((6, 6, 6)[: len(access.coeffs)]).astype(np.float32)
    got = strided_view(array, access, space)
    # The general path, element by element: the array read at every point of the space.
    want = np.empty(got.shape, np.float32)
    for idx in np.ndindex(*space.sizes):
        point = list(space.origin)
        for ax, d in enumerate(space.axes):
            point[d] += idx[ax]
        src = access.element(point)
        want[tuple(i if got.shape[ax] > 1 else 0 for ax, i in enumerate(idx))] = array[src]
    np.testing.assert_array_equal(got, want)
    assert np.shares_memory(got, array)


def test_dot_runs_as_one_blas_call_on_large_vectors() -> None:
    x = RNG.standard_normal(1 << 16).astype(np.float32)
    y = RNG.standard_normal(1 << 16).astype(np.float32)
    out = np.zeros((), np.float32)
    op, operands = DotOp.from_arrays(x, y, outs=[out])
    assert fast.explain(op, operands).startswith("gemm")
    ops.dot(x, y, outs=[out], backend="fast")
    want = float(np.dot(x.astype(np.float64), y.astype(np.float64)))
    assert abs(float(out) - want) <= 1e-4 * float(np.sum(np.abs(x * y)))
