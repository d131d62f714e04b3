"""The structured-op runtime: op instances, verification, payload regions and backends.

Generated op modules subclass `StructuredOp`; see docs/RUNTIME.md for the contract.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from linalg_odsgen.runtime.backends import (
    available_backends,
    default_backend,
    get_backend,
    register_backend,
)
from linalg_odsgen.runtime.errors import OpError
from linalg_odsgen.runtime.region import RegionHelper, parse_constant
from linalg_odsgen.runtime.structured_op import OperandType, StructuredOp
from linalg_odsgen.types import ElementType, ShapedType


def loop_nest(*ranges: int) -> Iterator[tuple[int, ...]]:
    """All points of a rectangular domain, last dim fastest (the order of nested loops)."""
    return itertools.product(*(range(n) for n in ranges))


__all__ = [
    "ElementType",
    "OpError",
    "OperandType",
    "RegionHelper",
    "ShapedType",
    "StructuredOp",
    "available_backends",
    "default_backend",
    "get_backend",
    "loop_nest",
    "parse_constant",
    "register_backend",
]
