"""An op library against MLIR 22: the instances (`library_cases`) and the conformance
table that checks them (`library_table`), under the one name scripts and tests import.

`core_classes` stays importable here; the engineer replacing it by a runtime
`library()` keeps this name pointing at whatever lists the core library's classes.
"""

from __future__ import annotations

from linalg_odsgen.conformance.compare import MATH_ULPS, compare_bits
from linalg_odsgen.conformance.library_cases import (
    CONTRACT_VARIANTS,
    ELEMENTWISE_VARIANTS,
    EXPECTED_NOT_IN_MLIR22,
    FN_ALTERNATIVES,
    LIBM_OPS,
    MLIR22_IGNORED_ATTRS,
    TYPE_COMBOS,
    Case,
    _copy,
    _name,
    _region_op_names,
    _shapes,
    _types_for,
    cases_for,
    core_classes,
    make_data,
    mlir22_cannot_lower,
)
from linalg_odsgen.conformance.library_table import OpReport, Status, check_library, format_table

__all__ = [
    "CONTRACT_VARIANTS",
    "ELEMENTWISE_VARIANTS",
    "EXPECTED_NOT_IN_MLIR22",
    "FN_ALTERNATIVES",
    "LIBM_OPS",
    "MATH_ULPS",
    "MLIR22_IGNORED_ATTRS",
    "TYPE_COMBOS",
    "Case",
    "OpReport",
    "Status",
    "_copy",
    "_name",
    "_region_op_names",
    "_shapes",
    "_types_for",
    "cases_for",
    "check_library",
    "compare_bits",
    "core_classes",
    "format_table",
    "make_data",
    "mlir22_cannot_lower",
]
