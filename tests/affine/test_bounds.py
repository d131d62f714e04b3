"""Bounds of an access expression over the iteration box: never narrower than the values it
takes (checked by enumerating every point), exact where the module says so."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linalg_odsgen.affine import AffineExpr, AffineMap, dim
from linalg_odsgen.affine.bounds import (
    expr_bounds,
    interval_bounds,
    linear_bounds,
    sizes_of_used_dims,
)

_SMALL_EXPRS = st.recursive(
    st.sampled_from(["d0", "d1", "3", "-2"]),
    lambda sub: st.one_of(
        st.tuples(sub, sub).map(lambda t: f"({t[0]} + {t[1]})"),
        st.tuples(sub, st.integers(-3, 3)).map(lambda t: f"({t[0]} * {t[1]})"),
        st.tuples(
            sub,
            st.sampled_from(["floordiv", "ceildiv", "mod"]),
            st.integers(-4, 5).filter(lambda c: c != 0),
        ).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
    ),
    max_leaves=6,
)


def _values(text: str, n0: int, n1: int) -> tuple[AffineExpr, list[int]]:
    expr = AffineMap.parse(f"(d0, d1) -> ({text})").results[0]
    return expr, [expr.eval([i, j]) for i in range(n0) for j in range(n1)]


@settings(max_examples=150, deadline=None)
@given(_SMALL_EXPRS, st.integers(1, 12), st.integers(1, 12))
def test_interval_bounds_contain_every_value(text: str, n0: int, n1: int) -> None:
    expr, values = _values(text, n0, n1)
    lo, hi = interval_bounds(expr, [n0, n1])
    assert lo <= min(values) and max(values) <= hi


@settings(max_examples=150, deadline=None)
@given(_SMALL_EXPRS, st.integers(1, 12), st.integers(1, 12))
def test_expr_bounds_are_exact_on_small_domains(text: str, n0: int, n1: int) -> None:
    # linear: exact by the corners; otherwise the domain is small enough to enumerate
    expr, values = _values(text, n0, n1)
    assert expr_bounds(expr, [n0, n1]) == (min(values), max(values))


def test_linear_bounds_take_each_term_at_an_end_of_its_loop() -> None:
    # 2*d0 - 3*d1 + 5 over d0 < 4, d1 < 3: min at (0, 2), max at (3, 0)
    assert linear_bounds(((2, -3), 5), [4, 3]) == (5 - 6, 5 + 6)


def test_big_non_linear_domains_fall_back_to_sound_intervals() -> None:
    expr = AffineMap.parse("(d0, d1) -> (d0 mod 7 + d1 floordiv 3)").results[0]
    lo, hi = expr_bounds(expr, [1000, 1000])  # 10^6 points: not enumerated
    assert lo <= 0 and hi >= 6 + 333


def test_symbols_must_be_substituted_first() -> None:
    expr = AffineMap.parse("(d0)[s0] -> ((d0 + s0) mod 2)").results[0]
    with pytest.raises(ValueError, match="symbols must be substituted"):
        interval_bounds(expr, [4])


def test_a_divisor_that_can_be_zero_is_reported() -> None:
    expr = dim(0).floordiv(dim(1) - 1)
    with pytest.raises(ZeroDivisionError):
        interval_bounds(expr, [4, 3])


def test_sizes_of_used_dims_ignore_unused_loops_and_stop_at_dynamic_ones() -> None:
    expr = dim(0) + dim(2)
    assert sizes_of_used_dims(expr, [4, None, 5]) == [4, 1, 5]
    assert sizes_of_used_dims(expr, [4, 7, None]) is None
