"""Payload ops that compute nothing elementwise of their own: select, constants, indices."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from linalg_odsgen.payloads.canonical import finish
from linalg_odsgen.payloads.record import (
    NumbaText,
    OpCategory,
    Operands,
    PayloadFn,
    ResultRule,
    ScalarImpl,
)


def _select(op: Any) -> ScalarImpl:
    return lambda c, a, b: a if c else b


def _vselect(op: Any, a: Sequence[np.ndarray], out: np.ndarray | None) -> np.ndarray:
    return finish(np.where(a[0], a[1], a[2]), op.result.type, out)


RECORDS: tuple[PayloadFn, ...] = (
    PayloadFn(
        name="arith.select",
        cpp_class="SelectOp",
        category=OpCategory.SELECT,
        family="structural",
        operands=Operands.ANY,
        result=ResultRule.SECOND,
        doc="b where the i1 condition a holds, else c",
        scalar=_select,
        vector=_vselect,
        numba=NumbaText("({b} if {a} != 0 else {c})"),
        temps=1,
    ),
    # The two leaves: every backend reads their attribute (`value`, `dim`) itself.
    PayloadFn(
        name="arith.constant",
        cpp_class="ConstantOp",
        category=OpCategory.CONSTANT,
        family="structural",
        operands=Operands.NONE,
        result=ResultRule.ATTRIBUTE,
        doc="a literal of the result type (attribute `value`)",
    ),
    PayloadFn(
        name="linalg.index",
        cpp_class="IndexOp",
        category=OpCategory.INDEX,
        family="structural",
        operands=Operands.NONE,
        result=ResultRule.INDEX,
        doc="the iteration index along loop dimension `dim`",
    ),
)

__all__ = ["RECORDS"]
