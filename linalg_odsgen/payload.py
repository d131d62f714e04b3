"""The scalar payload IR: the body (region) of a structured op, as typed SSA ops.

Each generated op's region builder produces one `Region` per instance (types
are known once operands are bound). Ops carry MLIR's names (`arith.addf`,
`arith.extsi`, `math.exp`, `linalg.index`, ...) and MLIR's semantics; this is
the single source of truth that the loop backend, the fast backend and the
MLIR printer all read. What each op name means lives in `linalg_odsgen.payloads`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from linalg_odsgen.payloads import OpCategory, field_table
from linalg_odsgen.types import INDEX, ElementType

# Every payload op the region builders may create, with its category (from the registry).
OP_CATEGORIES: dict[str, OpCategory] = field_table(lambda r: r.category)


@dataclass(frozen=True)
class Value:
    """An SSA value: block arguments are numbered first, then op results, in order."""

    id: int
    type: ElementType


@dataclass(frozen=True)
class PayloadOp:
    """One scalar op. `attrs` holds `value` for constants and `dim` for linalg.index."""

    name: str
    operands: tuple[Value, ...]
    result: Value
    attrs: tuple[tuple[str, int | float | bool], ...] = ()

    @property
    def category(self) -> OpCategory:
        return OP_CATEGORIES[self.name]

    def attr(self, key: str) -> int | float | bool:
        for k, v in self.attrs:
            if k == key:
                return v
        raise KeyError(f"{self.name} has no attribute {key!r}")


@dataclass(frozen=True)
class Region:
    """The op body: block arguments (one per tensor/scalar operand, in order), ops, yielded values.

    `yields[i]` is the value stored into the i-th output operand.
    """

    args: tuple[Value, ...]
    ops: tuple[PayloadOp, ...]
    yields: tuple[Value, ...]

    def used_args(self) -> frozenset[int]:
        """Positions of block arguments read by the payload (unread outputs need no load)."""
        used = {v.id for op in self.ops for v in op.operands} | {v.id for v in self.yields}
        return frozenset(a.id for a in self.args if a.id in used)


@dataclass
class RegionBuilder:
    """Mutable helper that appends typed ops and hands out fresh SSA values."""

    arg_types: Sequence[ElementType]
    _ops: list[PayloadOp] = field(default_factory=list)
    _next: int = 0
    args: tuple[Value, ...] = ()

    def __post_init__(self) -> None:
        self.args = tuple(Value(i, t) for i, t in enumerate(self.arg_types))
        self._next = len(self.args)

    def create(
        self,
        name: str,
        operands: Sequence[Value],
        result_type: ElementType,
        **attrs: int | float | bool,
    ) -> Value:
        """Append `name(operands)` producing a value of `result_type`."""
        if name not in OP_CATEGORIES:
            raise KeyError(f"unknown payload op {name!r}")
        result = Value(self._next, result_type)
        self._next += 1
        self._ops.append(PayloadOp(name, tuple(operands), result, tuple(sorted(attrs.items()))))
        return result

    def constant(self, value: int | float | bool, type_: ElementType) -> Value:
        return self.create("arith.constant", (), type_, value=value)

    def index(self, dim: int) -> Value:
        return self.create("linalg.index", (), INDEX, dim=dim)

    def finish(self, yields: Sequence[Value]) -> Region:
        return Region(self.args, tuple(self._ops), tuple(yields))


__all__ = [
    "OP_CATEGORIES",
    "OpCategory",
    "PayloadOp",
    "Region",
    "RegionBuilder",
    "Value",
]
