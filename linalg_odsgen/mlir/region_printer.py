"""Printing a payload `Region` as the body of a `linalg.generic`.

Names follow MLIR's printer (`%in`, `%in_0`, `%out`, `%cst`, `%c42_i64`,
`%true`, numbered results) so our text reads like `mlir-opt`'s; values are
numbered from `first_result` because a generic's region shares the SSA
namespace of its function.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from linalg_odsgen.mlir.literals import format_int, format_scalar
from linalg_odsgen.payload import OpCategory, PayloadOp, Region, Value


@dataclass
class NameScope:
    """Unique SSA names within one function, suffixing clashes with `_N` from a shared counter."""

    used: set[str] = field(default_factory=set)
    next_suffix: int = 0
    next_number: int = 0

    def named(self, base: str) -> str:
        name = base
        while name in self.used:
            name = f"{base}_{self.next_suffix}"
            self.next_suffix += 1
        self.used.add(name)
        return f"%{name}"

    def numbered(self) -> str:
        name = str(self.next_number)
        self.next_number += 1
        self.used.add(name)
        return f"%{name}"


def _constant_name(op: PayloadOp) -> str:
    t = op.result.type
    value = op.attr("value")
    if t.is_float:
        return "cst"
    if t.is_bool:
        return "true" if value else "false"
    text = format_int(value, t)  # type: ignore[arg-type]
    return f"c{text}" if t.is_index else f"c{text}_{t}"


def print_payload_op(op: PayloadOp, names: dict[int, str]) -> str:
    """One payload op in MLIR syntax, operands looked up in `names` (value id -> `%name`)."""
    args = [names[v.id] for v in op.operands]
    res = names[op.result.id]
    rtype = op.result.type
    cat = op.category
    if cat in (OpCategory.UNARY, OpCategory.BINARY, OpCategory.SELECT):
        return f"{res} = {op.name} {', '.join(args)} : {rtype}"
    if cat is OpCategory.CAST:
        return f"{res} = {op.name} {args[0]} : {op.operands[0].type} to {rtype}"
    if cat is OpCategory.CONSTANT:
        return f"{res} = arith.constant {format_scalar(op.attr('value'), rtype)}"
    if cat is OpCategory.INDEX:
        return f"{res} = linalg.index {int(op.attr('dim'))} : index"
    raise ValueError(f"no MLIR syntax for payload op category {cat}")


def print_region(
    region: Region,
    num_inputs: int,
    scope: NameScope,
    indent: str = "",
) -> list[str]:
    """The region's lines: `^bb0(...)`, one line per payload op, `linalg.yield`.

    The first `num_inputs` block arguments are named `%in...`, the rest `%out...`.
    """
    names: dict[int, str] = {}
    block_args: list[str] = []
    for i, arg in enumerate(region.args):
        names[arg.id] = scope.named("in" if i < num_inputs else "out")
        block_args.append(f"{names[arg.id]}: {arg.type}")
    lines = [f"{indent}^bb0({', '.join(block_args)}):"]
    body = indent + "  "
    for op in region.ops:
        if op.category is OpCategory.CONSTANT:
            names[op.result.id] = scope.named(_constant_name(op))
        else:
            names[op.result.id] = scope.numbered()
        lines.append(body + print_payload_op(op, names))
    lines.append(body + _yield(region.yields, names))
    return lines


def _yield(values: Sequence[Value], names: dict[int, str]) -> str:
    if not values:
        return "linalg.yield"
    vals = ", ".join(names[v.id] for v in values)
    types = ", ".join(str(v.type) for v in values)
    return f"linalg.yield {vals} : {types}"


__all__ = ["NameScope", "print_payload_op", "print_region"]
