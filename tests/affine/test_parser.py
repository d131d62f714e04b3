"""Parsing map text: the trees it builds, MLIR's errors with offsets, bounded input."""

from __future__ import annotations

import pytest
from affine_exprs import EXPRS, as_map
from hypothesis import given, settings

from linalg_odsgen import affine
from linalg_odsgen.affine import (
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineExpr,
    AffineExprKind,
    AffineMap,
    AffineParseError,
    AffineSymbolExpr,
    constant,
    dim,
    sym,
)


def test_reference_maps_keep_printed_structure() -> None:
    m = AffineMap.parse(
        "affine_map<(d0, d1, d2, d3, d4)[s0, s1, s2, s3, s4] -> (d1 * s2 + d4 * s4)>"
    )
    (r,) = m.results
    assert r == AffineBinaryExpr(
        AffineExprKind.ADD,
        AffineBinaryExpr(AffineExprKind.MUL, dim(1), sym(2)),
        AffineBinaryExpr(AffineExprKind.MUL, dim(4), sym(4)),
    )


def test_parse_builds_expected_trees() -> None:
    m = AffineMap.parse("(d0, d1)[s0] -> (d0 * -1, -2, d0 - d1 floordiv 2 * 3, -(d1), s0)")
    assert m.num_dims == 2 and m.num_symbols == 1 and m.num_results == 5
    mul = AffineExprKind.MUL
    assert m.results[0] == AffineBinaryExpr(mul, dim(0), constant(-1))
    assert m.results[1] == AffineConstantExpr(-2)
    # `*`/floordiv bind tighter than `-` and associate to the left: (d1 floordiv 2) * 3.
    fd = AffineBinaryExpr(AffineExprKind.FLOORDIV, dim(1), constant(2))
    assert m.results[2] == AffineBinaryExpr(
        AffineExprKind.ADD, dim(0), AffineBinaryExpr(mul, fd, constant(-3))
    )
    assert m.results[3] == AffineBinaryExpr(mul, dim(1), constant(-1))
    assert m.results[4] == AffineSymbolExpr(0)


def test_parse_accepts_whitespace_newlines_and_custom_names() -> None:
    m = AffineMap.parse("affine_map< ( x ,\n y ) [ N ]\n->\t( x + N , y ) >")
    assert str(m) == "(d0, d1)[s0] -> (d0 + s0, d1)"


def test_parse_nested_parentheses_and_unary_minus() -> None:
    m = AffineMap.parse("(d0, d1) -> (((d0)) - -(-(d1 * 2)), -(-(-3)))")
    assert str(m) == "(d0, d1) -> (d0 - d1 * 2, -3)"


@pytest.mark.parametrize(
    ("text", "offset", "fragment"),
    [
        ("(d0) -> (d0 +)", 13, "missing right operand"),
        ("(d0) -> (* d0)", 9, "missing left operand"),
        ("(d0) -> (floordiv 2)", 9, "missing left operand"),
        ("(d0) -> (d0 d0)", 12, "expected ',' or ')'"),
        ("(d0) -> (d1)", 9, "undeclared identifier 'd1'"),
        ("(d0, d0) -> (d0)", 5, "redefinition of identifier 'd0'"),
        ("(d0)[d0] -> (d0)", 5, "redefinition of identifier 'd0'"),
        ("(d0) -> (d0))", 12, "unexpected text"),
        ("(d0) -> ((d0 + 1", 9, "unbalanced '('"),
        ("(d0) -> ((d0, 1))", 12, "expected ')'"),
        ("(d0) -> (d0 * d0)", 12, "non-affine expression"),
        ("(d0)[s0] -> (s0 mod d0)", 16, "right operand of mod"),
        ("(d0) -> (-)", 10, "missing operand of negation"),
        ("(d0) -> (99999999999999999999)", 9, "constant too large"),
        ("affine_map<(d0) -> (d0)", 23, "'>'"),
        ("(d0) (d0)", 5, "'->'"),
        ("(d0) -> (d0 @ 1)", 12, "unexpected character '@'"),
        ("", 0, "dimension list"),
        ("(d0)[s0 -> (d0)", 8, "symbol list"),
        ("(d0 d1) -> (d0)", 4, "dimension list"),
    ],
)
def test_parse_errors_carry_offsets(text: str, offset: int, fragment: str) -> None:
    with pytest.raises(AffineParseError) as info:
        AffineMap.parse(text)
    assert info.value.offset == offset
    assert fragment in info.value.message


@pytest.mark.parametrize(
    "text",
    [
        "(d0) -> (" + "(" * 5000 + "d0" + ")" * 5000 + ")",
        "(d0) -> (" + "-" * 5000 + "d0)",
        "(d0) -> (" + "-(" * 2500 + "d0" + ")" * 2500 + ")",
        "(d0, d1) -> (" + " + ".join(["d0", "d1"] * 2000) + ")",
        "(d0) -> (" + " floordiv ".join(["d0"] + ["2"] * 3000) + ")",
    ],
)
def test_deep_nesting_raises_parse_error_quickly(text: str) -> None:
    with pytest.raises(AffineParseError) as info:
        AffineMap.parse(text)
    assert "nested too deeply" in info.value.message


def test_nesting_at_the_limit_is_accepted() -> None:
    depth = affine.MAX_NESTING_DEPTH
    m = AffineMap.parse("(d0) -> (" + "(" * depth + "d0" + ")" * depth + ")")
    assert str(m) == "(d0) -> (d0)"


def test_overflowing_literal_in_printed_form_is_rejected_like_mlir() -> None:
    with pytest.raises(AffineParseError, match="constant too large"):
        AffineMap.parse("(d0) -> (d0 - -9223372036854775808)")


def test_oversized_text_is_rejected() -> None:
    with pytest.raises(AffineParseError, match="too long"):
        AffineMap.parse("(d0) -> (d0" + " " * affine.MAX_TEXT_LENGTH + ")")


@settings(max_examples=300, deadline=None)
@given(EXPRS)
def test_print_parse_print_is_stable(e: AffineExpr) -> None:
    once = str(AffineMap.parse(str(as_map(e))))
    assert str(AffineMap.parse(once)) == once
