"""Element types of structured ops, spelled as MLIR spells them, with their NumPy dtypes.

Integers are signless as in MLIR: `i8` is one type whether a NumPy array holds
int8 or uint8; signedness is a property of the operation (extsi vs extui,
maxsi vs maxui), never of the type.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cached_property

import ml_dtypes
import numpy as np


class TypeKind(str, enum.Enum):
    INTEGER = "integer"
    FLOAT = "float"
    INDEX = "index"


@dataclass(frozen=True)
class ElementType:
    """A scalar MLIR type: `i1`, `i4`..`i64`, `f8E4M3FN`, `f8E5M2`, `f16`, `bf16`, `f32`,
    `f64` or `index`."""

    name: str
    kind: TypeKind
    width: int

    def __str__(self) -> str:
        return self.name

    @property
    def is_integer(self) -> bool:
        """Signless integers (not index)."""
        return self.kind is TypeKind.INTEGER

    @property
    def is_float(self) -> bool:
        return self.kind is TypeKind.FLOAT

    @property
    def is_index(self) -> bool:
        return self.kind is TypeKind.INDEX

    @property
    def is_bool(self) -> bool:
        return self.name == "i1"

    @property
    def is_int_or_index(self) -> bool:
        return self.kind is not TypeKind.FLOAT

    @cached_property
    def dtype(self) -> np.dtype:
        """The NumPy dtype that stores values of this type (signed for integers)."""
        return _DTYPES[self.name]

    @cached_property
    def unsigned_dtype(self) -> np.dtype:
        """The NumPy dtype reading the same bits as unsigned (integers only)."""
        if self.kind is TypeKind.FLOAT:
            raise TypeError(f"{self.name} has no unsigned interpretation")
        if self.width == 1:
            return np.dtype(bool)
        if self.width == 4:
            return np.dtype(ml_dtypes.uint4)
        return np.dtype(f"uint{self.width}")

    @property
    def precision(self) -> int:
        """Significant bits of a float type (the implicit bit included)."""
        return _FLOAT_PRECISION[self.name]


I1 = ElementType("i1", TypeKind.INTEGER, 1)
I4 = ElementType("i4", TypeKind.INTEGER, 4)
I8 = ElementType("i8", TypeKind.INTEGER, 8)
I16 = ElementType("i16", TypeKind.INTEGER, 16)
I32 = ElementType("i32", TypeKind.INTEGER, 32)
I64 = ElementType("i64", TypeKind.INTEGER, 64)
F16 = ElementType("f16", TypeKind.FLOAT, 16)
BF16 = ElementType("bf16", TypeKind.FLOAT, 16)
F32 = ElementType("f32", TypeKind.FLOAT, 32)
F64 = ElementType("f64", TypeKind.FLOAT, 64)
# The OCP 8-bit floats quantized work uses (MLIR spells them with capitals): E4M3FN has no
# infinities and one NaN pattern per sign, E5M2 is IEEE-like.
F8E4M3FN = ElementType("f8E4M3FN", TypeKind.FLOAT, 8)
F8E5M2 = ElementType("f8E5M2", TypeKind.FLOAT, 8)
INDEX = ElementType("index", TypeKind.INDEX, 64)

ALL_TYPES: tuple[ElementType, ...] = (
    I1,
    I4,
    I8,
    I16,
    I32,
    I64,
    F8E4M3FN,
    F8E5M2,
    F16,
    BF16,
    F32,
    F64,
    INDEX,
)
_BY_NAME: dict[str, ElementType] = {t.name: t for t in ALL_TYPES}

_DTYPES: dict[str, np.dtype] = {
    "i1": np.dtype(bool),
    "i4": np.dtype(ml_dtypes.int4),
    "f8E4M3FN": np.dtype(ml_dtypes.float8_e4m3fn),
    "f8E5M2": np.dtype(ml_dtypes.float8_e5m2),
    "i8": np.dtype(np.int8),
    "i16": np.dtype(np.int16),
    "i32": np.dtype(np.int32),
    "i64": np.dtype(np.int64),
    "f16": np.dtype(np.float16),
    "bf16": np.dtype(ml_dtypes.bfloat16),
    "f32": np.dtype(np.float32),
    "f64": np.dtype(np.float64),
    "index": np.dtype(np.int64),
}

_FLOAT_PRECISION: dict[str, int] = {
    "f8E4M3FN": 4,
    "f8E5M2": 3,
    "f16": 11,
    "bf16": 8,
    "f32": 24,
    "f64": 53,
}

# The OpDSL's fixed types (`I32 I64 F32 F64`), usable where a type variable is expected.
FIXED_TYPES: dict[str, ElementType] = {"I32": I32, "I64": I64, "F32": F32, "F64": F64}


def parse_element_type(text: str) -> ElementType:
    """`'f32'` -> F32; raises ValueError naming the supported types otherwise."""
    try:
        return _BY_NAME[text.strip()]
    except KeyError:
        supported = ", ".join(t.name for t in ALL_TYPES)
        raise ValueError(
            f"unsupported element type {text!r}; expected one of {supported}"
        ) from None


_ELEMENT_OF: dict[np.dtype, ElementType] = {}


def element_type_of(dtype: np.dtype | type) -> ElementType:
    """The element type of a NumPy dtype; unsigned dtypes map to the signless type of their width."""
    dt = dtype if isinstance(dtype, np.dtype) else np.dtype(dtype)
    hit = _ELEMENT_OF.get(dt)
    if hit is None:
        hit = _ELEMENT_OF.setdefault(dt, _element_type_of(dt))
    return hit


def _element_type_of(dt: np.dtype) -> ElementType:
    if dt == np.dtype(bool):
        return I1
    if dt == np.dtype(ml_dtypes.bfloat16):
        return BF16
    if dt in (np.dtype(ml_dtypes.int4), np.dtype(ml_dtypes.uint4)):
        return I4
    if dt == np.dtype(ml_dtypes.float8_e4m3fn):
        return F8E4M3FN
    if dt == np.dtype(ml_dtypes.float8_e5m2):
        return F8E5M2
    if dt.kind in "iu" and dt.itemsize in (1, 2, 4, 8):
        return _BY_NAME[f"i{dt.itemsize * 8}"]
    if dt.kind == "f" and dt.itemsize in (2, 4, 8):
        return _BY_NAME[f"f{dt.itemsize * 8}"]
    raise TypeError(
        f"unsupported NumPy dtype {dt}; expected bool, (u)int8-64, float16/32/64, or "
        "ml_dtypes' bfloat16, (u)int4, float8_e4m3fn or float8_e5m2"
    )


@dataclass(frozen=True)
class ShapedType:
    """A tensor or memref operand type without data: `memref<4x?xf32>` is
    `ShapedType("memref", (4, None), F32)`; `None` marks a dynamic size."""

    kind: str
    shape: tuple[int | None, ...]
    element: ElementType

    def __post_init__(self) -> None:
        if self.kind not in ("tensor", "memref"):
            raise ValueError(f"shaped type kind must be 'tensor' or 'memref', got {self.kind!r}")
        object.__setattr__(self, "shape", tuple(self.shape))

    @property
    def rank(self) -> int:
        return len(self.shape)

    def __str__(self) -> str:
        dims = "".join(("?" if d is None else str(d)) + "x" for d in self.shape)
        return f"{self.kind}<{dims}{self.element}>"


__all__ = [
    "ALL_TYPES",
    "BF16",
    "F8E4M3FN",
    "F8E5M2",
    "F16",
    "F32",
    "F64",
    "FIXED_TYPES",
    "I1",
    "I4",
    "I8",
    "I16",
    "I32",
    "I64",
    "INDEX",
    "ElementType",
    "ShapedType",
    "TypeKind",
    "element_type_of",
    "parse_element_type",
]
