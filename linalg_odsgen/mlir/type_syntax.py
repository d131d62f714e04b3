"""MLIR spelling of operand types: `memref<4x?xf32>`, `tensor<2x3xi8>`, `tensor<f32>`, bare `i32`.

Printing takes the runtime's `ShapedType` or an `ElementType` (or the parts); parsing (for the CLI's `--type`) reports
the column of the first bad character and what was expected there.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from linalg_odsgen.types import ALL_TYPES, ElementType, ShapedType, parse_element_type

SHAPED_KINDS = ("memref", "tensor")


class TypeSyntaxError(ValueError):
    """A malformed type; `column` is 1-based within the type text."""

    def __init__(self, message: str, text: str, column: int) -> None:
        self.text = text
        self.column = column
        self.bare_message = message
        super().__init__(f"invalid type {text!r} at column {column}: {message}")


def print_shape(shape: Sequence[int | None]) -> str:
    """`(4, None)` -> `4x?x` (the dims prefix of a shaped type, empty for rank 0)."""
    return "".join(("?" if d is None else str(d)) + "x" for d in shape)


def spell_type(kind: str | None, shape: Sequence[int | None], element: ElementType) -> str:
    """`memref<4x?xf32>` from its parts; a `kind` of None spells the bare element (a scalar)."""
    if kind is None:
        return element.name
    return f"{kind}<{print_shape(shape)}{element}>"


def print_type(t: ShapedType | ElementType) -> str:
    """`memref<4x?xf32>` for a shaped type, `f32` for an element type (a scalar operand)."""
    if isinstance(t, ElementType):
        return t.name
    return spell_type(t.kind, t.shape, t.element)


def static_shape(shape: Sequence[int | None]) -> tuple[int, ...]:
    """`shape` with every size known; data (globals, random operands) needs one."""
    if any(d is None for d in shape):
        raise ValueError(
            f"shape {print_shape(shape)[:-1] or '()'} has dynamic sizes; data needs static ones"
        )
    return tuple(d for d in shape if d is not None)


_ELEMENT_NAMES = tuple(sorted((t.name for t in ALL_TYPES), key=len, reverse=True))
_DIM = re.compile(r"(\?|[0-9]+)x")


def parse_type_parts(text: str) -> tuple[str | None, tuple[int | None, ...], ElementType]:
    """Split a type into (kind or None for a scalar, shape, element type), or TypeSyntaxError."""
    src = text
    stripped = text.strip()
    lead = len(text) - len(text.lstrip())
    if not stripped:
        raise TypeSyntaxError(
            "expected a type such as memref<4x?xf32>, tensor<2xi8> or i32", src, 1
        )
    kind = None
    body = stripped
    body_col = lead + 1
    for k in SHAPED_KINDS:
        if stripped.startswith(k):
            kind = k
            rest = stripped[len(k) :]
            if not rest.startswith("<"):
                raise TypeSyntaxError(f"expected '<' after {k!r}", src, lead + len(k) + 1)
            if not rest.endswith(">"):
                raise TypeSyntaxError(
                    "expected '>' closing the shaped type", src, lead + len(stripped) + 1
                )
            body = rest[1:-1]
            body_col = lead + len(k) + 2
            break
    if kind is None:
        try:
            return None, (), parse_element_type(stripped)
        except ValueError:
            names = ", ".join(t.name for t in ALL_TYPES)
            raise TypeSyntaxError(
                f"unknown type {stripped!r}; expected memref<...>, tensor<...> or one of {names}",
                src,
                lead + 1,
            ) from None
    shape: list[int | None] = []
    pos = 0
    while True:
        m = _DIM.match(body, pos)
        if m is None:
            break
        tok = m.group(1)
        if tok != "?" and tok.startswith("0") and len(tok) > 1:
            raise TypeSyntaxError("dimension sizes have no leading zeros", src, body_col + pos)
        if tok != "?" and int(tok) >= 2**63:
            raise TypeSyntaxError(
                f"dimension size {tok} does not fit in 64 bits", src, body_col + pos
            )
        shape.append(None if tok == "?" else int(tok))
        pos = m.end()
    elem_text = body[pos:]
    if elem_text.strip() != elem_text or not elem_text:
        raise TypeSyntaxError(
            "expected an element type after the dimensions (e.g. f32, i8)", src, body_col + pos
        )
    try:
        element = parse_element_type(elem_text)
    except ValueError:
        bad_dim = re.match(r"[^x]*x", elem_text)
        if bad_dim is not None and bad_dim.group(0)[:-1] not in _ELEMENT_NAMES:
            raise TypeSyntaxError(
                f"invalid dimension {bad_dim.group(0)[:-1]!r}; expected a size or '?'",
                src,
                body_col + pos,
            ) from None
        names = ", ".join(t.name for t in ALL_TYPES)
        raise TypeSyntaxError(
            f"unknown element type {elem_text!r}; expected one of {names}", src, body_col + pos
        ) from None
    return kind, tuple(shape), element


def parse_operand_type(text: str) -> ShapedType | ElementType:
    """Parse `--type` text into the runtime's `ShapedType` or an `ElementType` (a scalar)."""
    kind, shape, element = parse_type_parts(text)
    if kind is None:
        return element
    return make_shaped_type(kind, shape, element)


def make_shaped_type(kind: str, shape: Sequence[int | None], element: ElementType) -> ShapedType:
    """The runtime's `ShapedType` (it lives in `linalg_odsgen.types`)."""
    return ShapedType(kind, tuple(shape), element)


__all__ = [
    "TypeSyntaxError",
    "make_shaped_type",
    "parse_operand_type",
    "parse_type_parts",
    "print_shape",
    "print_type",
    "spell_type",
    "static_shape",
]
