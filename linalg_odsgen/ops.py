"""The core named op library, ready to call: `ops.matmul(A, B, outs=[C])`.

Re-exports the module generated from `opspecs/core_named_ops.yaml`
(`linalg_odsgen.generated.core_named_ops`): one `FooOp` class and one `foo(...)`
function per op, and `OPS` mapping op names to classes.
"""

from __future__ import annotations

from linalg_odsgen.generated.core_named_ops import *  # noqa: F403
from linalg_odsgen.generated.core_named_ops import OPS as OPS
