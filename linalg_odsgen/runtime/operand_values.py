"""Call-form values as operands: their types inferred, scalars normalised.

The call form takes NumPy arrays, NumPy scalars and Python scalars; an instance needs
operand types. Python scalars take their type variable's binding (from the arrays), as
MLIR constants take the type of the operand they stand for, and must fit it.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import numpy as np

from linalg_odsgen.model import OperandDef
from linalg_odsgen.payloads.canonical import from_canonical, to_canonical
from linalg_odsgen.runtime.errors import OpError, a_type
from linalg_odsgen.runtime.protocol import OperandType
from linalg_odsgen.types import FIXED_TYPES, ElementType, ShapedType, element_type_of


def is_python_scalar(v: Any) -> bool:
    return isinstance(v, (bool, int, float)) and not isinstance(v, np.generic)


def _is_masked(v: Any) -> bool:
    """A NumPy masked array (looked up lazily: importing numpy.ma costs ~10 ms, and without
    it imported no masked array can exist)."""
    ma = sys.modules.get("numpy.ma")
    return ma is not None and isinstance(v, ma.MaskedArray)


def infer_types(
    op_name: str, defs: Sequence[OperandDef], values: Sequence[Any]
) -> list[OperandType]:
    """Operand types of call-form values; Python scalars take their type variable's binding."""
    known: dict[str, ElementType] = dict(FIXED_TYPES)
    elements: list[ElementType | None] = []
    for d, v in zip(defs, values, strict=True):
        if is_python_scalar(v):
            elements.append(None)
            continue
        if _is_masked(v):
            raise OpError(
                op_name,
                f"operand {d.name!r} is a masked array, whose mask the op would ignore; pass "
                "arr.filled(value) or arr.data",
                d.name,
            )
        if not isinstance(v, (np.ndarray, np.generic)):
            try:
                np.asarray(v)
            except (ValueError, TypeError) as exc:
                raise OpError(
                    op_name, f"operand {d.name!r} is not a rectangular array: {exc}", d.name
                ) from None
        dtype = v.dtype if isinstance(v, (np.ndarray, np.generic)) else np.asarray(v).dtype
        try:
            element = element_type_of(dtype)
        except TypeError as exc:
            raise OpError(op_name, f"operand {d.name!r}: {exc}", d.name) from None
        elements.append(element)
        if d.type_var is not None:
            known.setdefault(d.type_var, element)
    types: list[OperandType] = []
    for d, v, given in zip(defs, values, elements, strict=True):
        t = given
        if t is None:
            t = known.get(d.type_var or "")
            if t is None:
                t = element_type_of(
                    np.bool_
                    if isinstance(v, bool)
                    else np.int64
                    if isinstance(v, int)
                    else np.float64
                )
            if d.type_var is not None:
                known.setdefault(d.type_var, t)
        if d.kind.is_tensor:
            shape = v.shape if isinstance(v, np.ndarray) else np.shape(v)
            types.append(ShapedType("memref", tuple(map(int, shape)), t))
        else:
            if np.ndim(v) != 0:
                raise OpError(
                    op_name,
                    f"operand {d.name!r} is a scalar; got an array of shape {np.shape(v)}",
                    d.name,
                )
            types.append(t)
    return types


def normalise(op_name: str, d: OperandDef, value: Any, t: ElementType) -> Any:
    """Arrays stay as given (outputs are written in place); scalars become NumPy scalars of `t`."""
    if isinstance(value, np.ndarray) and d.kind.is_tensor:
        return value
    if is_python_scalar(value):
        _check_representable(op_name, d, value, t)
        scalar = from_canonical(to_canonical(value, t), t)
    elif isinstance(value, (np.ndarray, np.generic)):
        scalar = np.asarray(value)[()]
    else:
        arr = np.asarray(value)
        return arr if d.kind.is_tensor else arr[()]
    return np.asarray(scalar, dtype=t.dtype) if d.kind.is_tensor else scalar


def _check_representable(op_name: str, d: OperandDef, value: Any, t: ElementType) -> None:
    if t.is_float:
        return
    if isinstance(value, float):
        if not value.is_integer():
            raise OpError(
                op_name, f"operand {d.name!r}: {value!r} is not {a_type(t)} value", d.name
            )
        value = int(value)
    lo, hi = -(1 << (t.width - 1)), (1 << t.width) - 1
    if t.is_bool:
        lo, hi = 0, 1
    if not lo <= int(value) <= hi:
        raise OpError(op_name, f"operand {d.name!r}: {value!r} does not fit in {t}", d.name)


__all__ = ["infer_types", "is_python_scalar", "normalise"]
