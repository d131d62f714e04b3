"""The comprehension analysis both front ends share: dim order, iterator types, index maths.

The DSL (`dsl/comprehension.py`) and the TC syntax (`tc/`) each walk their own tree,
but decide the same things the same way: loop dims are numbered in the order first
seen, a dim is a reduction exactly when the op reduces over it, and an index
expression is built from its parts by the affine operation its operator names (a
product of two dims, or a division by one, is not affine).
"""

from __future__ import annotations

from collections.abc import Container, Hashable, Iterable
from typing import TypeVar

from linalg_odsgen.affine import AffineExpr, AffineExprKind
from linalg_odsgen.model import IteratorType

_H = TypeVar("_H", bound=Hashable)


def first_seen(items: Iterable[_H]) -> list[_H]:
    """`items` in first-seen order without repeats (how loop dims and symbols are numbered).

    >>> first_seen("mnmkn")
    ['m', 'n', 'k']
    """
    seen: set[_H] = set()
    out: list[_H] = []
    for item in items:
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out


def iterator_types(dims: Iterable[_H], reduced: Container[_H]) -> tuple[IteratorType, ...]:
    """Per loop dim, in order: a reduction when the op reduces over it, else parallel."""
    return tuple(IteratorType.REDUCTION if d in reduced else IteratorType.PARALLEL for d in dims)


def not_affine(kind: AffineExprKind, lhs: AffineExpr, rhs: AffineExpr) -> str | None:
    """Why `lhs <kind> rhs` is not an affine expression (None when it is): a product needs a
    side free of dims, a division or modulo a divisor free of dims."""
    if kind is AffineExprKind.ADD:
        return None
    if kind is AffineExprKind.MUL:
        if lhs.is_symbolic_or_constant() or rhs.is_symbolic_or_constant():
            return None
        return "it multiplies two dims"
    return None if rhs.is_symbolic_or_constant() else "it divides by a dim"


def combine(kind: AffineExprKind, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    """`lhs <kind> rhs` for the binary kinds of index expressions (+, *, floordiv,
    ceildiv, mod); callers check `not_affine` first where the operands may hold dims."""
    if kind is AffineExprKind.ADD:
        return lhs + rhs
    if kind is AffineExprKind.MUL:
        return lhs * rhs
    if kind is AffineExprKind.FLOORDIV:
        return lhs.floordiv(rhs)
    if kind is AffineExprKind.CEILDIV:
        return lhs.ceildiv(rhs)
    if kind is AffineExprKind.MOD:
        return lhs.mod(rhs)
    raise ValueError(f"{kind} is not a binary index operation")


__all__ = ["combine", "first_seen", "iterator_types", "not_affine"]
