"""The syntax of a `scalar_const`: an MLIR literal `<int or float> : <type>` that fits its type.

Kept apart from the op checks because the DSL and the runtime ask the same
question of a single literal.
"""

from __future__ import annotations

import re

_INT_TYPES = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "index": 64}
_FLOAT_TYPES = ("f16", "bf16", "f32", "f64")
_FLOAT_WIDTHS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}
_CONST_RE = re.compile(
    r"\s*(?P<lit>0[xX][0-9a-fA-F]+|[-+]?[0-9][0-9.eE+-]*|[-+]?\.[0-9][0-9eE+-]*|true|false)"
    r"\s*:\s*(?P<type>[A-Za-z_][A-Za-z0-9_]*)\s*\Z"
)
_INT_LIT = re.compile(r"[-+]?[0-9]+\Z")
_FLOAT_LIT = re.compile(
    r"[-+]?([0-9]+\.[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?\Z|[-+]?[0-9]+[eE][-+]?[0-9]+\Z"
)


def check_scalar_const(text: str) -> str | None:
    """Why `text` is not an MLIR literal `<int or float> : <type>` (None when it is)."""
    m = _CONST_RE.match(text)
    if m is None:
        return (
            f"scalar_const '{text}' is not a literal of the form '<number> : <type>' "
            "(e.g. '42 : i64', '1.0 : f32')"
        )
    lit, ty = m.group("lit"), m.group("type")
    if ty not in _INT_TYPES and ty not in _FLOAT_TYPES:
        return (
            f"scalar_const type '{ty}' is not supported; expected one of: "
            f"{', '.join([*_INT_TYPES, *_FLOAT_TYPES])}"
        )
    if lit in ("true", "false"):
        return None if ty == "i1" else f"boolean literal '{lit}' needs type i1, not {ty}"
    if lit[:2] in ("0x", "0X"):  # MLIR's hex literal: an integer, or a float's bit pattern
        width = _INT_TYPES.get(ty) or _FLOAT_WIDTHS[ty]
        if int(lit, 16) >= 2**width:
            return f"hexadecimal literal {lit} has more than the {width} bits of {ty}"
        return None
    if _INT_LIT.match(lit):
        if ty in _FLOAT_TYPES:
            return f"integer literal '{lit}' cannot have float type {ty}; write '{lit}.0 : {ty}'"
        width = _INT_TYPES[ty]
        value = int(lit)
        if not -(2 ** (width - 1)) <= value < 2**width:
            return f"integer literal {lit} does not fit in {ty}"
        return None
    if _FLOAT_LIT.match(lit):
        if ty in _INT_TYPES:
            return f"float literal '{lit}' cannot have integer type {ty}"
        return None
    return f"'{lit}' in scalar_const '{text}' is not a valid number"
