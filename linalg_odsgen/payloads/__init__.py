"""One record per payload op and per Linalg function: the single place payload knowledge lives.

`lookup("math.erf")` gives everything the project knows about `math.erf`: printing
shape and arity, result-type rule, exact scalar semantics, the NumPy vector twin, the
compiled kernels' text, the fast backend's temporary budget, whether MLIR's lowering
calls libm, and for combiners how a reduction folds them. `linalg_fn("unary", "erf")`
gives which op implements a Linalg function for each class of operand types.
Families live one per module (`arith_int`, `arith_float`, `math_fns`, `casts`,
`structural`, `functions`); docs/development.md says how to add one.
"""

from __future__ import annotations

from linalg_odsgen.payloads.record import (
    Finish,
    LinalgFn,
    NumbaText,
    OpCategory,
    Operands,
    PayloadFn,
    Reducer,
    ResultRule,
    ScalarImpl,
    VecFn,
)
from linalg_odsgen.payloads.registry import (
    by_category,
    by_family,
    cpp_statements,
    derived,
    field_table,
    linalg_fn,
    linalg_fns,
    lookup,
    records,
    registered,
)

__all__ = [
    "Finish",
    "LinalgFn",
    "NumbaText",
    "OpCategory",
    "Operands",
    "PayloadFn",
    "Reducer",
    "ResultRule",
    "ScalarImpl",
    "VecFn",
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
