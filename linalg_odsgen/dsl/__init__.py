"""The OpDSL: define Linalg structured ops as decorated Python functions.

>>> from linalg_odsgen.dsl import *
>>> @linalg_structured_op
... def scale(val=ScalarDef(T), I=TensorDef(T, S.M), O=TensorDef(T, S.M, output=True)):
...     O[D.m] = I[D.m] * val
>>> str(scale.config.structured_op.indexing_maps[1])
'(d0)[s0] -> (d0)'

`from linalg_odsgen.dsl import *` brings in exactly the names an op author writes
(those of upstream's `lang` an op file uses, plus `T1`/`T2`); the tooling's names
(`OpDefinition`, `collect_ops`, `cpp_class_name`, `DslError`, ...) are imported by name.
"""

from __future__ import annotations

from linalg_odsgen.dsl.context import (
    Canonicalizer,
    ContractionOpInterface,
    ConvolutionOpInterface,
    FillOpInterface,
    OpDefinitionMarker,  # noqa: F401  (importable by name, not star-exported)
    OpInterface,  # noqa: F401
    defines,
    domain,
    implements,
)
from linalg_odsgen.dsl.defs import (
    BinaryFnAttrDef,
    IndexAttrDef,
    ScalarDef,
    TensorDef,
    TernaryFnAttrDef,
    TypeFnAttrDef,
    UnaryFnAttrDef,
)
from linalg_odsgen.dsl.errors import DslError  # noqa: F401
from linalg_odsgen.dsl.expressions import const, index
from linalg_odsgen.dsl.functions import BinaryFn, ReduceFn, TernaryFn, TypeFn, UnaryFn
from linalg_odsgen.dsl.op import (  # noqa: F401  (the tooling's names: imported by name)
    OpDefinition,
    collect_ops,
    cpp_class_name,
    linalg_structured_op,
)
from linalg_odsgen.dsl.symbols import F32, F64, I32, I64, TV, D, DimDef, S, SymbolDef, TypeVar

# The type variables op authors use most, as module-level names.
T = TV.T
T1 = TV.T1
T2 = TV.T2
U = TV.U
V = TV.V

__all__ = [
    "F32",
    "F64",
    "I32",
    "I64",
    "T1",
    "T2",
    "TV",
    "BinaryFn",
    "BinaryFnAttrDef",
    "Canonicalizer",
    "ContractionOpInterface",
    "ConvolutionOpInterface",
    "D",
    "DimDef",
    "FillOpInterface",
    "IndexAttrDef",
    "ReduceFn",
    "S",
    "ScalarDef",
    "SymbolDef",
    "T",
    "TensorDef",
    "TernaryFn",
    "TernaryFnAttrDef",
    "TypeFn",
    "TypeFnAttrDef",
    "TypeVar",
    "U",
    "UnaryFn",
    "UnaryFnAttrDef",
    "V",
    "const",
    "defines",
    "domain",
    "implements",
    "index",
    "linalg_structured_op",
]
