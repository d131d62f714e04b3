"""Index and value expressions of the TC syntax tree, walked and compared as written.

Pure functions over `tc.syntax`: their leaves and calls in textual order, their
constant values, their spelling for messages, and their affine form once a leaf
function numbers names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from linalg_odsgen.affine import AffineExpr, AffineExprKind, constant
from linalg_odsgen.comprehension import combine
from linalg_odsgen.tc.lexer import Pos
from linalg_odsgen.tc.syntax import Access, Affine, AttrElem, BinOp, Call, Expr, Name, Neg, Num

IsDim = Callable[[Name], bool]
LeafFn = Callable[[Name | AttrElem], AffineExpr]


def build_affine(e: Affine, leaf: LeafFn) -> AffineExpr:
    """The affine form of an index expression, `leaf` numbering its names (callers check
    it is affine first: `Indexing.check_affine`)."""
    if isinstance(e, Num):
        return constant(e.value)
    if isinstance(e, (Name, AttrElem)):
        return leaf(e)
    if isinstance(e, Neg):
        return -build_affine(e.operand, leaf)
    lhs, rhs = build_affine(e.lhs, leaf), build_affine(e.rhs, leaf)
    if e.op == "-":
        return lhs - rhs
    return combine(AffineExprKind(e.op), lhs, rhs)


def nodes(e: Affine) -> Iterator[Affine]:
    stack = [e]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, BinOp):
            stack.extend((node.rhs, node.lhs))
        elif isinstance(node, Neg):
            stack.append(node.operand)


def leaves(e: Affine) -> Iterator[Name | AttrElem]:
    """Names and attribute elements of `e`, left to right."""
    for node in nodes(e):
        if isinstance(node, (Name, AttrElem)):
            yield node


def has_dim(e: Affine, is_dim: IsDim) -> bool:
    return any(isinstance(x, Name) and is_dim(x) for x in leaves(e))


def constant_value(e: Affine) -> int | None:
    """The value of an index expression made of integers only (None if it has a name)."""
    if isinstance(e, Num):
        return e.value
    if isinstance(e, Neg):
        inner = constant_value(e.operand)
        return None if inner is None else -inner
    if isinstance(e, BinOp) and e.op in ("+", "-", "*"):
        lhs, rhs = constant_value(e.lhs), constant_value(e.rhs)
        if lhs is None or rhs is None:
            return None
        return lhs + rhs if e.op == "+" else lhs - rhs if e.op == "-" else lhs * rhs
    return None


def spell(e: Affine) -> str:
    """An index expression written back as TC text (for messages)."""
    if isinstance(e, Num):
        return str(e.value)
    if isinstance(e, Name):
        return e.name
    if isinstance(e, AttrElem):
        return f"{e.name}[{e.index}]"
    if isinstance(e, Neg):
        return f"-{spell(e.operand)}"
    return f"({spell(e.lhs)} {e.op} {spell(e.rhs)})"


def affine_pos(e: Affine) -> Pos:
    if isinstance(e, BinOp):
        return affine_pos(e.lhs)
    return e.pos


def expr_pos(e: Expr) -> Pos:
    return e.pos


def calls_of(e: Expr, top: bool = True) -> Iterator[tuple[Call, bool]]:
    """Every call of `e` in textual order, with whether it is the outermost one."""
    if isinstance(e, Call):
        yield e, top
        for a in e.args:
            yield from calls_of(a, False)


def accesses_of(e: Expr) -> Iterator[Access]:
    """Every tensor access of `e` in textual order."""
    if isinstance(e, Access):
        yield e
    else:
        for a in e.args:
            yield from accesses_of(a)


def same_expr(a: Expr, b: Expr) -> bool:
    """Whether two expressions are written the same (positions aside)."""
    if isinstance(a, Access) and isinstance(b, Access):
        return a.tensor == b.tensor and strip_positions(a.indices) == strip_positions(b.indices)
    if isinstance(a, Call) and isinstance(b, Call):
        return (
            a.fn == b.fn
            and [n.name for n in a.reduction_dims] == [n.name for n in b.reduction_dims]
            and len(a.args) == len(b.args)
            and all(same_expr(x, y) for x, y in zip(a.args, b.args, strict=True))
        )
    return False


def same_access(e: Expr, target: Access) -> bool:
    return (
        isinstance(e, Access)
        and e.tensor == target.tensor
        and strip_positions(e.indices) == strip_positions(target.indices)
    )


def strip_positions(indices: tuple[Affine, ...]) -> tuple[object, ...]:
    """Indices without positions, to compare two accesses as written."""

    def go(e: Affine) -> object:
        if isinstance(e, Num):
            return e.value
        if isinstance(e, Name):
            return e.name
        if isinstance(e, AttrElem):
            return (e.name, e.index)
        if isinstance(e, Neg):
            return ("neg", go(e.operand))
        return (e.op, go(e.lhs), go(e.rhs))

    return tuple(go(i) for i in indices)


def show_access(a: Access) -> str:
    names = [i.name if isinstance(i, Name) else "..." for i in a.indices]
    return f"{a.tensor}({', '.join(names)})"
