"""The structured-op runtime: op instances, verification, payload regions and backends.

Generated op modules subclass `StructuredOp`; see docs/RUNTIME.md for the contract.
"""

from __future__ import annotations

from linalg_odsgen.runtime.backends import (
    available_backends,
    default_backend,
    default_backend_set_to,
    get_backend,
    register_backend,
    set_default_backend,
)
from linalg_odsgen.runtime.errors import OpError
from linalg_odsgen.runtime.protocol import OperandType, OpInstance
from linalg_odsgen.runtime.reference import loop_nest
from linalg_odsgen.runtime.region_builder import RegionHelper, parse_constant
from linalg_odsgen.runtime.settings import DEFAULT_RUNTIME, Runtime, current_runtime
from linalg_odsgen.runtime.structured_op import StructuredOp
from linalg_odsgen.types import ElementType, ShapedType

__all__ = [
    "DEFAULT_RUNTIME",
    "ElementType",
    "OpError",
    "OpInstance",
    "OperandType",
    "RegionHelper",
    "Runtime",
    "ShapedType",
    "StructuredOp",
    "available_backends",
    "current_runtime",
    "default_backend",
    "default_backend_set_to",
    "get_backend",
    "loop_nest",
    "parse_constant",
    "register_backend",
    "set_default_backend",
]
