"""The structured-op runtime: op instances, verification, payload regions and backends.

Generated op modules subclass `StructuredOp`; see docs/RUNTIME.md for the contract.
"""

from __future__ import annotations

import importlib
import itertools
from collections.abc import Iterator
from typing import Any

from linalg_odsgen.runtime.backends import (
    available_backends,
    default_backend,
    default_backend_set_to,
    get_backend,
    register_backend,
    set_default_backend,
)
from linalg_odsgen.runtime.errors import OpError
from linalg_odsgen.runtime.region import RegionHelper, parse_constant
from linalg_odsgen.runtime.structured_op import OperandType, StructuredOp
from linalg_odsgen.types import ElementType, ShapedType


def loop_nest(*ranges: int) -> Iterator[tuple[int, ...]]:
    """All points of a rectangular domain, last dim fastest (the order of nested loops).

    Lazy in every case: `itertools.product` first copies each range into a tuple, which
    for a huge (or huge but empty) domain exhausts memory before the first point.
    """
    if any(n <= 0 for n in ranges):
        return iter(())
    if sum(ranges) <= _MATERIALIZE_LIMIT:
        return itertools.product(*(range(n) for n in ranges))
    return _lazy_nest(ranges)


_MATERIALIZE_LIMIT = 1 << 20


def _lazy_nest(ranges: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    if not ranges:
        yield ()
        return
    for i in range(ranges[0]):
        for rest in _lazy_nest(ranges[1:]):
            yield (i, *rest)


def __getattr__(name: str) -> Any:
    # `from linalg_odsgen.runtime import fast` (the spelling before backends/ existed) keeps
    # working, still without importing any backend until it is asked for.
    if name in ("loops", "fast", "compiled"):
        return importlib.import_module(f"linalg_odsgen.runtime.backends.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ElementType",
    "OpError",
    "OperandType",
    "RegionHelper",
    "ShapedType",
    "StructuredOp",
    "available_backends",
    "default_backend",
    "default_backend_set_to",
    "get_backend",
    "loop_nest",
    "parse_constant",
    "register_backend",
    "set_default_backend",
]
