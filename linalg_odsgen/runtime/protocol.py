"""What an op instance offers to the code that reads it: backends, the region helper and
the MLIR printer.

They depend on this protocol, never on the `StructuredOp` class, so the class (which
dispatches to the backends) and the backends (which read instances) do not import each
other. An instance is an op bound to concrete operand types and resolved attributes; it
holds no data.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, overload, runtime_checkable

from linalg_odsgen.affine import AffineMap
from linalg_odsgen.model import IteratorType, OperandDef
from linalg_odsgen.payload import Region
from linalg_odsgen.types import ElementType, ShapedType

OperandType = ShapedType | ElementType
Shape = tuple[int | None, ...]


@runtime_checkable
class OpInstance(Protocol):
    """One op with concrete operand types: its maps, domain and payload region."""

    @property
    def OP_NAME(self) -> str: ...

    @property
    def OPERANDS(self) -> tuple[OperandDef, ...]: ...

    @property
    def IMPLEMENTS(self) -> tuple[str, ...]: ...

    # True when the payload reads `linalg.index`: compiled bodies then take the loop indices.
    @property
    def USES_INDEX(self) -> bool: ...

    @property
    def operand_types(self) -> tuple[OperandType, ...]: ...

    @property
    def shapes(self) -> tuple[Shape, ...]: ...

    @property
    def element_types(self) -> tuple[ElementType, ...]: ...

    @property
    def attributes(self) -> dict[str, tuple[int, ...] | str]: ...

    @property
    def type_bindings(self) -> dict[str, ElementType]: ...

    @property
    def indexing_maps(self) -> tuple[AffineMap, ...]: ...

    @property
    def iterator_types(self) -> tuple[IteratorType, ...]: ...

    # The maps the named form prints as `indexing_maps` (from the class's maps policy:
    # MLIR 22's contract, elementwise, the matmul family), None for the op's own.
    @property
    def user_indexing_maps(self) -> tuple[AffineMap, ...] | None: ...

    @property
    def region(self) -> Region: ...

    @property
    def value_operands(self) -> tuple[OperandDef, ...]: ...

    @property
    def num_inputs(self) -> int: ...

    @property
    def num_outputs(self) -> int: ...

    @property
    def num_loops(self) -> int: ...

    @property
    def compiled_body(self) -> Callable[..., Any]: ...

    @overload
    def loop_ranges(self, shapes: Sequence[tuple[int, ...]]) -> tuple[int, ...]: ...

    @overload
    def loop_ranges(self, shapes: Sequence[Shape] | None = None) -> tuple[int | None, ...]: ...

    def loop_ranges(self, shapes: Sequence[Shape] | None = None) -> tuple[int | None, ...]: ...

    def run_loops(self, operands: Sequence[Any]) -> None: ...


# A backend: run an instance on normalised operands, outputs written in place.
Backend = Callable[[OpInstance, list[Any]], None]
# A prepared runner: runs later operands of the same dtypes, shapes and strides; False when
# a setting it was prepared under changed (it then ran nothing).
Runner = Callable[[list[Any]], bool]
Preparer = Callable[[OpInstance, list[Any]], Runner | None]

__all__ = ["Backend", "OpInstance", "OperandType", "Preparer", "Runner", "Shape"]
