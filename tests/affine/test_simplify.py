"""MLIR's flattening simplifier: mlir-opt-22's --canonicalize forms, values unchanged."""

from __future__ import annotations

import pytest
from affine_exprs import EXPRS, NUM_DIMS, NUM_SYMS, POINTS, eval_or_none
from hypothesis import given, settings
from hypothesis import strategies as st

from linalg_odsgen.affine import AffineExpr, AffineMap, simplify_expr


def test_simplify_orders_linear_sums_like_mlir() -> None:
    m = AffineMap.parse("(d0, d1)[s0] -> (s0 + d1 * 2 + d0 + 3 - d1, d0 floordiv 2)")
    assert str(m.simplify()) == "(d0, d1)[s0] -> (d0 + d1 + s0 + 3, d0 floordiv 2)"


# (results of a 2-d map, what mlir-opt-22 --canonicalize printed for an affine.apply of that
# map on two affine.for induction variables: simplifyAffineMap's flattened form).
SIMPLIFY_GOLDEN = [
    ("d1 + d0 mod 4", "d0 + d1 - (d0 floordiv 4) * 4"),
    ("d0 floordiv 2 + d1", "d1 + d0 floordiv 2"),
    ("(d1 * 3 + d0 * 6) floordiv 4", "(d0 * 6 + d1 * 3) floordiv 4"),
    ("(d1 * 3 + d0) ceildiv 4 + d1", "d1 + (d0 + d1 * 3) ceildiv 4"),
    ("(d1 + d0) mod 4 + (d0 + d1) floordiv 4", "d0 + d1 - ((d0 + d1) floordiv 4) * 3"),
    ("d0 floordiv -2 + d1", "d0 floordiv -2 + d1"),
    ("d0 mod -2 + d1", "d0 mod -2 + d1"),
    ("d0 floordiv 0 + d1", "d0 floordiv 0 + d1"),
    ("(d0 * 2 + 2) mod 4 + d1", "d0 * 2 + d1 - ((d0 + 1) floordiv 2) * 4 + 2"),
    ("((d0 * 2 + 2) floordiv 4) * 3 + d1", "d1 + ((d0 + 1) floordiv 2) * 3"),
    ("d1 * 2 + d0", "d0 + d1 * 2"),
    ("d0 - d1", "d0 - d1"),
    ("(d0 floordiv 2) floordiv 3 + d1", "d1 + (d0 floordiv 2) floordiv 3"),
    ("d1 + d0 mod 4 + 7", "d0 + d1 - (d0 floordiv 4) * 4 + 7"),
]


@pytest.mark.parametrize(("results", "expected"), SIMPLIFY_GOLDEN)
def test_simplify_matches_mlir_flattening(results: str, expected: str) -> None:
    m = AffineMap.parse(f"(d0, d1) -> ({results})")
    assert str(m.simplify()) == f"(d0, d1) -> ({expected})"


def test_simplify_leaves_semi_affine_results_alone() -> None:
    m = AffineMap.parse("(d0, d1)[s0] -> (d1 * s0 + d0, d0 floordiv s0)")
    assert m.simplify() == m


@settings(max_examples=300, deadline=None)
@given(EXPRS, st.lists(POINTS, min_size=1, max_size=5))
def test_simplify_preserves_value(e: AffineExpr, points: list[tuple[list[int], list[int]]]) -> None:
    simplified = simplify_expr(e, NUM_DIMS, NUM_SYMS)
    for p in points:
        assert eval_or_none(simplified, p) == eval_or_none(e, p)
