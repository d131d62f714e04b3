"""Affine maps: evaluation, substitution, composition and MLIR's map queries."""

from __future__ import annotations

import re

import pytest
from mlir_opt import mlir_opt
from mlir_opt import needs_mlir_opt as needs_mlir

from linalg_odsgen.affine import AffineDimExpr, AffineMap, constant, dim, sym


def test_eval_checks_arity_and_division_by_zero() -> None:
    m = AffineMap.parse("(d0)[s0] -> (d0 floordiv s0)")
    with pytest.raises(ValueError, match="takes 1 dims and 1 symbols"):
        m.eval([1])
    with pytest.raises(ZeroDivisionError):
        m.eval([1], [0])


# Maps `mlir-opt-22 --linalg-generalize-named-ops` printed for
# linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 3]>, strides = dense<[2, 1]>}.
CONV_2D_NHWC_HWCF_GENERALIZED = [
    "(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 + d5 * 3, d6)",
    "(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)",
    "(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)",
]


CONV_NHWC_HWCF = (
    "affine_map<(d0, d1, d2, d3, d4, d5, d6)[s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10] -> "
    "(d0, d1 * s2 + d4 * s4, d2 * s6 + d5 * s8, d6)>"
)


def test_replace_symbols_folds_strides_and_dilations() -> None:
    m = AffineMap.parse(CONV_NHWC_HWCF)
    values = [0, 0, 2, 0, 1, 0, 1, 0, 3, 0, 0]
    got = m.replace_symbols(values)
    assert str(got) == CONV_2D_NHWC_HWCF_GENERALIZED[0]
    assert got.num_symbols == 0
    assert str(m.replace_symbols(dict(enumerate(values)))) == CONV_2D_NHWC_HWCF_GENERALIZED[0]


def test_replace_symbols_partial_and_without_drop() -> None:
    m = AffineMap.parse("(d0)[s0, s1, s2] -> (d0 * s1 + s2 + s0)")
    assert str(m.replace_symbols({1: 1})) == "(d0)[s0, s1] -> (d0 + s1 + s0)"
    # d0 * 0 + s2 + s0: the two symbols end up in position order, as mlir-opt-22 orders them
    assert str(m.replace_symbols({1: 0}, drop=False)) == "(d0)[s0, s1, s2] -> (s0 + s2)"
    with pytest.raises(ValueError):
        m.replace_symbols({3: 1})


def test_replace_dims_and_expr_replace() -> None:
    m = AffineMap.parse("(d0, d1) -> (d0 + d1 * 2, d1)")
    r = m.replace_dims({1: dim(0) + 1})
    # MLIR does not distribute products over sums on construction
    assert str(r) == "(d0, d1) -> (d0 + (d0 + 1) * 2, d0 + 1)"
    r2 = m.replace_dims([dim(0), dim(0)], num_dims=1)
    assert str(r2) == "(d0) -> (d0 * 3, d0)"
    e = dim(0) * sym(0)
    assert str(e.replace(symbols={0: constant(3)})) == "d0 * 3"
    assert e.replace(dims={}) is e


def test_compose_feeds_other_results_into_self() -> None:
    f = AffineMap.parse("(d0, d1)[s0] -> (d0 + d1 * s0)")
    g = AffineMap.parse("(d0)[s0] -> (d0 * 2, d0 + s0)")
    h = f.compose(g)
    # by hand: (2 d0) + (d0 + s1) * s0, with f's symbol first and g's shifted after it
    assert h.num_dims == 1 and h.num_symbols == 2
    for x in range(-3, 4):
        for a in range(-2, 3):
            for b in range(-2, 3):
                assert h.eval([x], [a, b]) == (2 * x + (x + b) * a,)
    assert str(AffineMap.parse("(d0, d1) -> (d1, d0)").compose(AffineMap.identity(2))) == (
        "(d0, d1) -> (d1, d0)"
    )
    with pytest.raises(ValueError):
        f.compose(AffineMap.identity(3))


@pytest.mark.parametrize(
    ("text", "projected", "projected_zero", "permutation", "identity"),
    [
        ("(d0, d1, d2) -> (d0, d1, d2)", True, True, True, True),
        ("(d0, d1, d2) -> (d2, d0, d1)", True, True, True, False),
        ("(d0, d1, d2) -> (d2, d0)", True, True, False, False),
        ("(d0, d1, d2) -> ()", True, True, False, False),
        ("(d0, d1) -> (d0, 0)", False, True, False, False),
        ("(d0, d1) -> (d0, 1)", False, False, False, False),
        ("(d0, d1) -> (d0, d0)", False, False, False, False),
        ("(d0, d1) -> (d0 + d1)", False, False, False, False),
        ("(d0)[s0] -> (d0)", False, False, False, True),
        ("(d0) -> (d0, 0)", False, False, False, False),
    ],
)
def test_map_classification(
    text: str, projected: bool, projected_zero: bool, permutation: bool, identity: bool
) -> None:
    m = AffineMap.parse(text)
    assert m.is_projected_permutation() is projected
    assert m.is_projected_permutation(allow_zero_in_results=True) is projected_zero
    assert m.is_permutation() is permutation
    assert m.is_identity() is identity


def test_dim_positions_and_constructors() -> None:
    m = AffineMap.parse("(d0, d1, d2) -> (d2, d0 + 1, 0, d1)")
    assert m.dim_positions() == (2, None, None, 1)
    assert str(AffineMap.identity(3)) == "(d0, d1, d2) -> (d0, d1, d2)"
    assert AffineMap.identity(2).results == (AffineDimExpr(0), AffineDimExpr(1))
    assert str(AffineMap.empty(2, 1)) == "(d0, d1)[s0] -> ()"
    assert str(AffineMap.empty(0, 0)) == "() -> ()"
    with pytest.raises(ValueError):
        AffineMap(1, 0, (dim(1),))
    with pytest.raises(ValueError):
        AffineMap(1, 0, (sym(0),))


@pytest.mark.mlir
@needs_mlir
def test_replace_symbols_matches_linalg_generalize_named_ops() -> None:
    src = """
func.func @f(%a: memref<1x10x10x3xf32>, %b: memref<3x3x3x8xf32>, %c: memref<1x4x4x8xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 3]> : tensor<2xi64>,
                            strides = dense<[2, 1]> : tensor<2xi64>}
    ins(%a, %b : memref<1x10x10x3xf32>, memref<3x3x3x8xf32>)
    outs(%c : memref<1x4x4x8xf32>)
  return
}
"""
    out = mlir_opt(src, "--linalg-generalize-named-ops")
    printed = re.findall(r"^#map\d* = affine_map<(.*)>$", out, re.M)
    # strides (s2, s6) = (2, 1), dilations (s4, s8) = (1, 3)
    ours = AffineMap.parse(CONV_NHWC_HWCF).replace_symbols([0, 0, 2, 0, 1, 0, 1, 0, 3, 0, 0])
    assert str(ours) == printed[0]
