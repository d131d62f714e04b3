"""The core named op library, ready to call: `ops.matmul(A, B, outs=[C])`.

Re-exports the module generated from `linalg_odsgen/opspecs/core_named_ops.yaml`
(`linalg_odsgen.generated.core_named_ops`): one `FooOp` class and one `foo(...)`
function per op, and `OPS` mapping op names to classes. MLIR 22's ops with
per-instance maps, which have no op config, come beside them:
`ops.contract(A, B, outs=[C], indexing_maps=[...])` and
`ops.elementwise(x, y, outs=[z], kind="add")`. `library()` lists every class.
"""

from __future__ import annotations

from linalg_odsgen.generated import core_named_ops as _core
from linalg_odsgen.generated.core_named_ops import *  # noqa: F403
from linalg_odsgen.generated.core_named_ops import OPS as OPS
from linalg_odsgen.runtime.mlir22_ops import LIBRARY_OPS as _MLIR22_OPS
from linalg_odsgen.runtime.mlir22_ops import ContractOp as ContractOp
from linalg_odsgen.runtime.mlir22_ops import ElementwiseOp as ElementwiseOp
from linalg_odsgen.runtime.mlir22_ops import contract as contract
from linalg_odsgen.runtime.mlir22_ops import elementwise as elementwise
from linalg_odsgen.runtime.structured_op import StructuredOp


def library() -> dict[str, type[StructuredOp]]:
    """Every op class this package runs by name, in order: the core library (`OPS`), then
    MLIR 22's `contract` (whose instances take matmul's maps when they give none) and one
    `elementwise_<kind>` class per kind. `emit`, `conform` and the tests read this one list."""
    return {**OPS, **_MLIR22_OPS}


__all__ = [*_core.__all__, "ContractOp", "ElementwiseOp", "contract", "elementwise", "library"]
