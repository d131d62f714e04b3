"""The registry: every payload op and Linalg function record, and tables derived from them.

Backends, printers and generators never list payload names themselves: they ask
`lookup(name)` or keep a `derived(...)` table (a plain dict, fast to index in inner
loops) that the registry refreshes in place whenever a record is added or removed
(`registered(...)`, used by tests to add a function for a while).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from linalg_odsgen.payloads import arith_float, arith_int, casts, functions, math_fns, structural
from linalg_odsgen.payloads.record import LinalgFn, OpCategory, PayloadFn

_T = TypeVar("_T")

_OPS: dict[str, PayloadFn] = {}
_FNS: dict[tuple[str, str], LinalgFn] = {}
# (dict, how to refill it): every derived table, refreshed in place on each change
_DERIVED: list[tuple[dict[Any, Any], Callable[[], dict[Any, Any]]]] = []


def _add(record: PayloadFn) -> None:
    if record.name in _OPS:
        raise ValueError(f"payload op {record.name!r} is registered twice")
    _OPS[record.name] = record


for _family in (arith_int, arith_float, math_fns, casts, structural):
    for _r in _family.RECORDS:
        _add(_r)
for _f in functions.FUNCTIONS:
    _FNS[(_f.kind, _f.name)] = _f


def lookup(name: str) -> PayloadFn:
    """The record of payload op `name` (KeyError naming it when there is none)."""
    try:
        return _OPS[name]
    except KeyError:
        raise KeyError(f"unknown payload op {name!r}") from None


def records() -> tuple[PayloadFn, ...]:
    """Every payload op record, in registration order (families, then their order)."""
    return tuple(_OPS.values())


def by_category(category: OpCategory) -> tuple[PayloadFn, ...]:
    return tuple(r for r in _OPS.values() if r.category is category)


def by_family(family: str) -> tuple[PayloadFn, ...]:
    return tuple(r for r in _OPS.values() if r.family == family)


def linalg_fn(kind: str, name: str) -> LinalgFn:
    """The record of Linalg function `name` of `kind` ("unary", "binary", ...)."""
    try:
        return _FNS[(str(kind), name)]
    except KeyError:
        raise KeyError(f"unknown {kind} function {name!r}") from None


def linalg_fns(kind: str | None = None) -> tuple[LinalgFn, ...]:
    """The Linalg function records (of one kind), in the enums' order."""
    return tuple(f for f in _FNS.values() if kind is None or f.kind == str(kind))


def cpp_statements(fn: LinalgFn) -> tuple[str, ...]:
    """The C++ statements of `fn`'s case in a generated region builder: its own `cpp`, or
    made from the C++ classes of the op it creates (`x` the operand, `one` the constant 1)."""
    if fn.cpp:
        return fn.cpp
    if fn.composite is not None:
        op_name, spelled = fn.composite
    else:
        op_name = fn.op_for("float") or ""
        spelled = ("x",)
    record = lookup(op_name)
    lines = []
    if "1.0" in spelled:
        constant = lookup("arith.constant").cpp
        lines.append(
            f"Value one = builder.create<{constant}>(builder.getFloatAttr(x.getType(), 1.0));"
        )
    args = ", ".join("one" if a == "1.0" else a for a in spelled)
    lines.append(f"return builder.create<{record.cpp}>({args});")
    return tuple(lines)


def derived(build: Callable[[], dict[Any, _T]]) -> dict[Any, _T]:
    """A table computed from the records by `build`, kept current as records change."""
    table = build()
    _DERIVED.append((table, build))
    return table


def field_table(get: Callable[[PayloadFn], _T | None]) -> dict[str, _T]:
    """`{name: get(record)}` for every record where `get` gives something (not None/False)."""
    return derived(
        lambda: {r.name: v for r in _OPS.values() if (v := get(r)) is not None and v is not False}
    )


def _refresh() -> None:
    for table, build in _DERIVED:
        table.clear()
        table.update(build())


@contextmanager
def registered(*items: PayloadFn | LinalgFn) -> Iterator[None]:
    """Add payload op and Linalg function records for the duration of a `with` block."""
    added_ops: list[str] = []
    added_fns: list[tuple[str, str]] = []
    try:
        for item in items:
            if isinstance(item, PayloadFn):
                _add(item)
                added_ops.append(item.name)
            else:
                key = (item.kind, item.name)
                if key in _FNS:
                    raise ValueError(f"{item.kind} function {item.name!r} is registered twice")
                _FNS[key] = item
                added_fns.append(key)
        _refresh()
        yield
    finally:
        for name in added_ops:
            del _OPS[name]
        for key in added_fns:
            del _FNS[key]
        _refresh()


__all__ = [
    "by_category",
    "by_family",
    "cpp_statements",
    "derived",
    "field_table",
    "linalg_fn",
    "linalg_fns",
    "lookup",
    "records",
    "registered",
]
