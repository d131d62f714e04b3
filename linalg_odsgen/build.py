"""The composition root: where a lower layer's product is handed to a higher layer.

The OpDSL (a front end) makes op configs; running one needs the runtime, a layer
above it. Rather than importing the runtime, the DSL asks this module, which sits
outside the layers (like the package itself) and wires the two together. Nothing
here decides anything: each function forwards to the layer that owns the work.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from linalg_odsgen.model import OpConfig
    from linalg_odsgen.runtime.structured_op import StructuredOp


def op_class(
    config: OpConfig, *, symbol_names: tuple[str, ...] | None = None, module: str | None = None
) -> type[StructuredOp]:
    """The runnable class of an op config, built in memory (`runtime.opclass.op_class`)."""
    from linalg_odsgen.runtime import opclass

    return opclass.op_class(config, symbol_names=symbol_names, module=module or opclass.__name__)


__all__ = ["op_class"]
