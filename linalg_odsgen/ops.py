"""The core named op library, ready to call: `ops.matmul(A, B, outs=[C])`.

Re-exports the module generated from `linalg_odsgen/opspecs/core_named_ops.yaml`
(`linalg_odsgen.generated.core_named_ops`): one `FooOp` class and one `foo(...)`
function per op, and `OPS` mapping op names to classes.
"""

from __future__ import annotations

from linalg_odsgen.generated import core_named_ops as _core
from linalg_odsgen.generated.core_named_ops import *  # noqa: F403
from linalg_odsgen.generated.core_named_ops import OPS as OPS

# MLIR 22's ops with per-instance maps (no op config): `ops.contract(A, B, outs=[C],
# indexing_maps=[...])`, `ops.elementwise(x, y, outs=[z], kind="add")`.
from linalg_odsgen.runtime.mlir22_ops import ContractOp as ContractOp
from linalg_odsgen.runtime.mlir22_ops import contract as contract
from linalg_odsgen.runtime.mlir22_ops import elementwise as elementwise

__all__ = [*_core.__all__, "ContractOp", "contract", "elementwise"]
