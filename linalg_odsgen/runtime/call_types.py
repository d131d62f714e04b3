"""The types of the call form's arguments, for typed op signatures (`gen-impl --stub`).

Generated op functions take `(*ins, outs=[...], **attrs)` at run time (the runtime
checks and reports every argument itself); their `.pyi` stubs state the same
signature per op with these types, so a type checker sees
`matmul(A: Tensor, B: Tensor, /, *, outs: Outputs, cast: FnAttr = "cast_signed",
backend: str | None = None) -> Array`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeAlias

import numpy as np
from numpy.typing import ArrayLike, NDArray

from linalg_odsgen.affine import AffineMap

#: A tensor input: an array, or anything NumPy makes one of (nested lists, scalars).
Tensor: TypeAlias = ArrayLike
#: A scalar input: a Python or NumPy scalar (or a 0-d array).
Scalar: TypeAlias = bool | int | float | np.generic | NDArray[Any]
#: What the call form returns: the output array (a tuple of them for several outputs).
Array: TypeAlias = NDArray[Any]
#: `outs=[...]`: the output arrays, updated in place.
Outputs: TypeAlias = Sequence[NDArray[Any]]
#: An index attribute (`strides=[2, 2]`; one int for a single-value attribute).
IndexAttr: TypeAlias = int | Sequence[int] | NDArray[np.integer[Any]]


class NamedFn(Protocol):
    """A function given by an object carrying its name (`BinaryFn.mul`, an enum member)."""

    @property
    def name(self) -> str: ...


#: A function attribute: its name (`"mul"`) or an object naming it.
FnAttr: TypeAlias = str | NamedFn
#: `indexing_maps=[...]` of MLIR 22's matmul family: maps or their text, or the list's text.
IndexingMaps: TypeAlias = str | Sequence[AffineMap | str]

__all__ = [
    "Array",
    "FnAttr",
    "IndexAttr",
    "IndexingMaps",
    "NamedFn",
    "Outputs",
    "Scalar",
    "Tensor",
]
