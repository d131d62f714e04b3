"""Moved to `linalg_odsgen.conformance.library`; this name stays for existing imports."""

from __future__ import annotations

from linalg_odsgen.conformance.compare import MATH_ULPS, compare_bits
from linalg_odsgen.conformance.library import *  # noqa: F403
from linalg_odsgen.conformance.library import (  # the private helpers tests reach for
    _copy,
    _name,
    _region_op_names,
    mlir22_cannot_lower,
)

__all__ = ["MATH_ULPS", "_copy", "_name", "_region_op_names", "compare_bits", "mlir22_cannot_lower"]
