"""Affine expressions and maps in plain Python, printed exactly as MLIR prints them.

Op configs carry indexing maps as MLIR text (`affine_map<(d0)[s0] -> (d0 + s0)>`).
Every back end needs them as values: to evaluate accesses, derive the iteration
domain, fold index-attribute symbols and print MLIR that `mlir-opt` reads back.
Expressions are immutable trees built through simplifying constructors that
follow MLIR's construction-time rules, so substituting symbols or parsing text
yields the same structure (and the same printed text) as MLIR.

>>> m = AffineMap.parse("affine_map<(d0, d1)[s0] -> (d0 * s0 + d1, d1 - 2)>")
>>> str(m)
'(d0, d1)[s0] -> (d0 * s0 + d1, d1 - 2)'
>>> m.eval([3, 4], [2])
(10, 2)
>>> str(m.replace_symbols([1]))
'(d0, d1) -> (d0 + d1, d1 - 2)'
>>> e = dim(0) * 2 + 3 + dim(1)
>>> str(e), e.linear_form(2)
('d0 * 2 + d1 + 3', ((2, 1), 3))

The package, one idea per module (each imports only the ones listed before it):

- `arith`: the integer semantics of the operators (int64, rounding of divisions);
- `expr`: the expression tree, its simplifying constructors, evaluation and printing;
- `simplify`: MLIR's flattening simplifier (`simplify_expr`, `AffineMap.simplify`);
- `parser`: map text to dims, symbols and result expressions, with offsets in errors;
- `map`: `AffineMap`, substitution, composition and MLIR's map queries;
- `bounds`: sound integer bounds of an expression over a box of loop indices.
"""

from __future__ import annotations

from linalg_odsgen.affine.arith import AffineExprKind
from linalg_odsgen.affine.expr import (
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineSymbolExpr,
    constant,
    dim,
    sym,
)
from linalg_odsgen.affine.map import AffineMap
from linalg_odsgen.affine.parser import MAX_NESTING_DEPTH, MAX_TEXT_LENGTH, AffineParseError
from linalg_odsgen.affine.simplify import simplify_expr

__all__ = [
    "MAX_NESTING_DEPTH",
    "MAX_TEXT_LENGTH",
    "AffineBinaryExpr",
    "AffineConstantExpr",
    "AffineDimExpr",
    "AffineExpr",
    "AffineExprKind",
    "AffineMap",
    "AffineParseError",
    "AffineSymbolExpr",
    "constant",
    "dim",
    "simplify_expr",
    "sym",
]
