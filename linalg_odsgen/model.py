"""Typed model of MLIR's Linalg op-config format (`--- !LinalgOpConfig` documents).

A dumb container: front ends (YAML loader, DSL) produce it, back ends (YAML
dumper, validator, code generator, MLIR printer) consume it. It knows nothing
about how the DSL is interpreted; source positions live beside it in
`yaml_io.LoadedDocument`, keyed by the YAML path of each node.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from linalg_odsgen.affine import AffineMap
from linalg_odsgen.payloads import derived, linalg_fns
from linalg_odsgen.types import FIXED_TYPES


class OperandKind(str, enum.Enum):
    """The `kind:` of a `!LinalgOperandDefConfig`."""

    INPUT_TENSOR = "input_tensor"
    OUTPUT_TENSOR = "output_tensor"
    SCALAR = "scalar"
    INDEX_ATTR = "index_attr"
    UNARY_FN_ATTR = "unary_fn_attr"
    BINARY_FN_ATTR = "binary_fn_attr"
    TERNARY_FN_ATTR = "ternary_fn_attr"
    TYPE_FN_ATTR = "type_fn_attr"

    @property
    def is_tensor(self) -> bool:
        return self in (OperandKind.INPUT_TENSOR, OperandKind.OUTPUT_TENSOR)

    @property
    def is_value(self) -> bool:
        """Operands passed at run time (tensors and scalars), each with an indexing map."""
        return self in (OperandKind.INPUT_TENSOR, OperandKind.OUTPUT_TENSOR, OperandKind.SCALAR)

    @property
    def is_input(self) -> bool:
        return self in (OperandKind.INPUT_TENSOR, OperandKind.SCALAR)

    @property
    def is_fn_attr(self) -> bool:
        return self.fn_kind is not None

    @property
    def fn_kind(self) -> FnKind | None:
        """The function kind a function attribute holds (None for other operands)."""
        return _ATTR_FN_KIND.get(self)


class FnKind(str, enum.Enum):
    """The `kind:` of a `scalar_fn`."""

    UNARY = "unary"
    BINARY = "binary"
    TERNARY = "ternary"
    TYPE = "type"

    @property
    def arity(self) -> int:
        """Operands a function of this kind takes (a type function: the value to convert)."""
        return _FN_ARITY[self]

    @property
    def attr_kind(self) -> OperandKind:
        """The operand kind of a function attribute holding a function of this kind."""
        return _FN_ATTR_KIND[self]


_ATTR_FN_KIND: dict[OperandKind, FnKind] = {
    OperandKind.UNARY_FN_ATTR: FnKind.UNARY,
    OperandKind.BINARY_FN_ATTR: FnKind.BINARY,
    OperandKind.TERNARY_FN_ATTR: FnKind.TERNARY,
    OperandKind.TYPE_FN_ATTR: FnKind.TYPE,
}
_FN_ATTR_KIND: dict[FnKind, OperandKind] = {v: k for k, v in _ATTR_FN_KIND.items()}
_FN_ARITY: dict[FnKind, int] = {
    FnKind.UNARY: 1,
    FnKind.BINARY: 2,
    FnKind.TERNARY: 3,
    FnKind.TYPE: 1,
}


class IteratorType(str, enum.Enum):
    PARALLEL = "parallel"
    REDUCTION = "reduction"


# The function names each kind admits, as MLIR 22's Linalg enums define them
# (UnaryFn, BinaryFn, TernaryFn, TypeFn); the records live in `linalg_odsgen.payloads`.
UNARY_FNS: tuple[str, ...] = tuple(f.name for f in linalg_fns("unary"))
BINARY_FNS: tuple[str, ...] = tuple(f.name for f in linalg_fns("binary"))
TERNARY_FNS: tuple[str, ...] = tuple(f.name for f in linalg_fns("ternary"))
TYPE_FNS: tuple[str, ...] = tuple(f.name for f in linalg_fns("type"))

FN_NAMES: dict[FnKind, tuple[str, ...]] = derived(
    lambda: {k: tuple(f.name for f in linalg_fns(k.value)) for k in FnKind}
)

# Type variables that name a fixed type rather than a variable bound from operands
# (`FIXED_TYPES` of types.py, re-exported: its keys are those names).


@dataclass(frozen=True)
class OpMetadata:
    """`metadata: !LinalgOpMetadata`."""

    name: str
    cpp_class_name: str
    doc: str | None = None
    implements: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    # The file wrote `doc: null` (upstream's OpDSL's spelling of "no docstring"), which
    # mlir-linalg-ods-yaml-gen prints as the summary `null`: kept so rewriting keeps it.
    null_doc: bool = False


@dataclass(frozen=True)
class OperandDef:
    """`!LinalgOperandDefConfig`: one operand or attribute of the op, in declaration order."""

    name: str
    kind: OperandKind
    type_var: str | None = None
    shape_map: AffineMap | None = None
    index_attr_map: AffineMap | None = None
    default_indices: tuple[int, ...] | None = None
    default_fn: str | None = None


@dataclass(frozen=True)
class ScalarArg:
    """`scalar_arg: NAME` — the current element of a tensor operand, or a scalar operand."""

    arg: str


@dataclass(frozen=True)
class ScalarConst:
    """`scalar_const: 'TEXT'` — an MLIR attribute literal such as `'42 : i64'`."""

    value: str


@dataclass(frozen=True)
class ScalarIndex:
    """`scalar_index: N` — the iteration index along loop dim N (`linalg.index N`)."""

    dim: int


@dataclass(frozen=True)
class ScalarFn:
    """`scalar_fn:` — a function applied to operands; named directly or through an attribute."""

    kind: FnKind
    operands: tuple[ScalarExpr, ...]
    fn_name: str | None = None
    attr_name: str | None = None
    type_var: str | None = None


ScalarExpr = ScalarArg | ScalarConst | ScalarIndex | ScalarFn


@dataclass(frozen=True)
class ScalarAssign:
    """`!ScalarAssign`: output `arg` receives `value` at each point of the iteration space."""

    arg: str
    value: ScalarExpr


@dataclass(frozen=True)
class StructuredOpConfig:
    """`structured_op: !LinalgStructuredOpConfig`."""

    args: tuple[OperandDef, ...]
    indexing_maps: tuple[AffineMap, ...]
    iterator_types: tuple[IteratorType, ...]
    assignments: tuple[ScalarAssign, ...]

    def arg(self, name: str) -> OperandDef | None:
        for a in self.args:
            if a.name == name:
                return a
        return None

    @property
    def value_args(self) -> tuple[OperandDef, ...]:
        """Tensors and scalars in declaration order: the operands that have indexing maps."""
        return tuple(a for a in self.args if a.kind.is_value)


@dataclass(frozen=True)
class OpConfig:
    """One `--- !LinalgOpConfig` document."""

    metadata: OpMetadata
    structured_op: StructuredOpConfig

    @property
    def name(self) -> str:
        return self.metadata.name


@dataclass(frozen=True)
class OpLibrary:
    """An ordered list of op configs, as one YAML stream holds them."""

    ops: tuple[OpConfig, ...] = field(default_factory=tuple)

    def by_name(self) -> dict[str, OpConfig]:
        return {op.name: op for op in self.ops}


__all__ = [
    "BINARY_FNS",
    "FIXED_TYPES",
    "FN_NAMES",
    "TERNARY_FNS",
    "TYPE_FNS",
    "UNARY_FNS",
    "FnKind",
    "IteratorType",
    "OpConfig",
    "OpLibrary",
    "OpMetadata",
    "OperandDef",
    "OperandKind",
    "ScalarArg",
    "ScalarAssign",
    "ScalarConst",
    "ScalarFn",
    "ScalarIndex",
    "StructuredOpConfig",
]
