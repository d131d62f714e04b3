"""The comprehension analysis both front ends share (dim order, iterator types, index maths)."""

from __future__ import annotations

import pytest

from linalg_odsgen.affine import AffineExprKind, AffineMap, constant, dim, sym
from linalg_odsgen.comprehension import combine, first_seen, iterator_types, not_affine
from linalg_odsgen.model import IteratorType

P, R = IteratorType.PARALLEL, IteratorType.REDUCTION


def test_dims_are_numbered_in_first_seen_order() -> None:
    assert first_seen(["n", "m", "n", "k", "m"]) == ["n", "m", "k"]
    assert first_seen([]) == []


def test_a_dim_is_a_reduction_exactly_when_it_is_reduced() -> None:
    assert iterator_types(["m", "n", "k"], reduced={"k"}) == (P, P, R)
    assert iterator_types(["k", "m"], reduced={"k", "x"}) == (R, P)


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        (AffineExprKind.ADD, "d0 + s0"),
        (AffineExprKind.MUL, "d0 * s0"),
        (AffineExprKind.FLOORDIV, "d0 floordiv s0"),
        (AffineExprKind.CEILDIV, "d0 ceildiv s0"),
        (AffineExprKind.MOD, "d0 mod s0"),
    ],
)
def test_combine_builds_the_expression_the_operator_names(kind: AffineExprKind, text: str) -> None:
    want = AffineMap.parse(f"(d0)[s0] -> ({text})").results[0]
    assert combine(kind, dim(0), sym(0)) == want
    assert not_affine(kind, dim(0), sym(0)) is None


def test_products_of_dims_and_divisions_by_dims_are_not_affine() -> None:
    assert not_affine(AffineExprKind.MUL, dim(0), dim(1)) == "it multiplies two dims"
    assert not_affine(AffineExprKind.MUL, dim(0), constant(3)) is None
    for kind in (AffineExprKind.FLOORDIV, AffineExprKind.CEILDIV, AffineExprKind.MOD):
        assert not_affine(kind, sym(0), dim(1)) == "it divides by a dim"
    assert not_affine(AffineExprKind.ADD, dim(0), dim(1)) is None
