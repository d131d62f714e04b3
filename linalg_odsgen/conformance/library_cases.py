"""The instances the conformance table and `conform` run for an op: element-type
combinations, function-attribute alternatives, index attributes, MLIR 22's per-instance
`indexing_maps`, sizes that tile sizes seldom divide; and their deterministic data.

`library_table` checks these against MLIR 22; `conform` runs them through a pipeline.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import ml_dtypes
import numpy as np

from linalg_odsgen import payloads
from linalg_odsgen.affine import AffineMap
from linalg_odsgen.docgen.mlir22 import NOT_IN_MLIR22
from linalg_odsgen.mlir.type_syntax import static_shape
from linalg_odsgen.model import OperandKind
from linalg_odsgen.types import (
    BF16,
    F8E4M3FN,
    F8E5M2,
    F16,
    F32,
    F64,
    I1,
    I4,
    I8,
    I32,
    ElementType,
    ShapedType,
)

if TYPE_CHECKING:
    from linalg_odsgen.runtime import StructuredOp

    OpClass = type[StructuredOp]

# Ops of the core library that MLIR 22 no longer has: the table the op reference shows
# (docgen.mlir22, measured with mlir-opt-22 by its test); the run detects this itself and
# tests compare.
EXPECTED_NOT_IN_MLIR22 = frozenset(NOT_IN_MLIR22)

# Attributes MLIR 22 accepts on an op but does not honour (measured: its region is
# built as if the attribute had its default). Instances setting them are still
# printed and verified, and our generic form is executed against our loops, but
# they are not compared with MLIR's generalization or execution.
MLIR22_IGNORED_ATTRS: dict[tuple[str, str], str] = {
    ("batch_reduce_matmul", "cast"): (
        "MLIR 22 accepts `cast` on linalg.batch_reduce_matmul but builds its region with "
        "cast_signed regardless; non-default casts are checked against our loops only"
    ),
}

# Payload ops whose MLIR lowering calls the C math library (or LLVM intrinsics that do):
# compared within MATH_ULPS rather than bit for bit.
LIBM_OPS: frozenset[str] = frozenset(r.name for r in payloads.records() if r.libm)

# Element types per case, as (inputs, outputs); fixed-type operands keep theirs.
TYPE_COMBOS: tuple[tuple[str, ElementType, ElementType], ...] = (
    ("f32", F32, F32),
    ("f16", F16, F16),
    ("bf16", BF16, BF16),
    ("f64", F64, F64),
    ("f16->f32", F16, F32),
    ("i8->i32", I8, I32),
    ("i8->f32", I8, F32),
    ("i32", I32, I32),
    ("i1", I1, I1),
    ("f8E4M3FN", F8E4M3FN, F8E4M3FN),
    ("f8E5M2->f32", F8E5M2, F32),
    ("i4", I4, I4),
    ("i4->i32", I4, I32),
)

# Non-default function attribute values tried, per attribute kind.
FN_ALTERNATIVES: dict[OperandKind, tuple[str, ...]] = {
    OperandKind.UNARY_FN_ATTR: ("abs", "negf", "ceil"),
    OperandKind.BINARY_FN_ATTR: ("mul", "max_signed", "min_unsigned", "sub"),
    OperandKind.TERNARY_FN_ATTR: (),
    OperandKind.TYPE_FN_ATTR: ("cast_unsigned",),
}

# Sizes given to shape symbols (cycled); distinct sizes catch transposed maps.
_SIZES = (3, 2, 4)
_POLY_SHAPE = (3, 4)
_MAX_POINTS = 512
_SCALAR_PLACEHOLDER = object()


@dataclass(frozen=True)
class Case:
    """One instance of an op: operand types (value operands, declaration order) and attributes."""

    op_name: str
    label: str
    types: tuple[Any, ...]
    attrs: tuple[tuple[str, Any], ...] = ()
    execute: bool = True
    divergence: str | None = None  # why MLIR 22 cannot be compared (MLIR22_IGNORED_ATTRS)

    @property
    def attr_dict(self) -> dict[str, Any]:
        return dict(self.attrs)


# -- case generation ----------------------------------------------------------------------


def _loop_sizes(op: StructuredOp) -> list[int]:
    """Small distinct loop sizes (cycling 3, 2, 4), shrunk until the domain has at most
    `_MAX_POINTS` points so the reference loops stay fast."""
    sizes = [_SIZES[i % len(_SIZES)] for i in range(len(op.iterator_types))]
    while math.prod(sizes) > _MAX_POINTS:
        i = max(range(len(sizes)), key=lambda k: (sizes[k], -k))
        if sizes[i] > 2:
            sizes[i] -= 1
        else:
            sizes[sizes.index(2)] = 1
    return sizes


def _shapes(cls: OpClass, attrs: dict[str, Any]) -> list[tuple[int, ...]] | None:
    """Static shapes of the value operands (scalars: `()`), each just large enough for every
    access: sizes come from the indexing maps (of an instance with dynamic sizes) evaluated
    over the loop domain, so strided and dilated windows are exact."""
    dyn: list[Any] = []
    vdefs = [d for d in cls.OPERANDS if d.kind.is_value]
    maps_of_instance = attrs.get("indexing_maps") or cls.STATIC_INDEXING_MAPS
    for d, static_map in zip(vdefs, maps_of_instance, strict=True):
        if d.kind is OperandKind.SCALAR:
            dyn.append(_SCALAR_PLACEHOLDER)
        elif cls.RANK_POLYMORPHIC:
            dyn.append(ShapedType("memref", (None,) * len(_POLY_SHAPE), F32))
        else:
            # The indexing map, not the shape map, fixes the rank (they disagree for
            # upstream's depthwise_conv_3d_ndhwc_dhwc[m] output).
            rank = static_map.num_results
            dyn.append(ShapedType("memref", (None,) * rank, F32))
    op = _try_any(cls, dyn, attrs)
    if op is None:
        return None
    if cls.RANK_POLYMORPHIC:
        return [_POLY_SHAPE if isinstance(t, ShapedType) else () for t in op.operand_types]
    sizes = _loop_sizes(op)
    shapes: list[tuple[int, ...]] = []
    for m in op.indexing_maps:
        extents = [0] * m.num_results
        for point in itertools.product(*[range(n) for n in sizes]):
            for r, v in enumerate(m.eval(point)):
                extents[r] = max(extents[r], v + 1)
        shapes.append(tuple(extents))
    return shapes


def _types_for(
    cls: OpClass, tin: ElementType, tout: ElementType, shapes: Sequence[tuple[int, ...]]
) -> list[Any]:
    """Operand types of one combo: inputs `tin`, outputs `tout`, fixed types kept."""
    from linalg_odsgen.types import FIXED_TYPES

    types: list[Any] = []
    vdefs = [d for d in cls.OPERANDS if d.kind.is_value]
    for d, shape in zip(vdefs, shapes, strict=True):
        if d.type_var in FIXED_TYPES:
            elem = FIXED_TYPES[d.type_var]
        else:
            elem = tout if d.kind is OperandKind.OUTPUT_TENSOR else tin
        if d.kind is OperandKind.SCALAR:
            types.append(elem)
        else:
            types.append(ShapedType("memref", tuple(shape), elem))
    return types


# Contractions tried on `linalg.contract` (A, B, C), besides matmul's maps.
CONTRACT_VARIANTS: tuple[tuple[str, tuple[str, str, str]], ...] = (
    ("transposed", ("(d0, d1, d2) -> (d2, d0)", "(d0, d1, d2) -> (d1, d2)", "(d0, d1, d2) -> (d1, d0)")),
    ("batch", ("(d0, d1, d2, d3) -> (d0, d1, d3)", "(d0, d1, d2, d3) -> (d0, d3, d2)", "(d0, d1, d2, d3) -> (d0, d1, d2)")),
    ("batch-broadcast", ("(d0, d1, d2, d3) -> (d1, d3)", "(d0, d1, d2, d3) -> (d0, d3, d2)", "(d0, d1, d2, d3) -> (d0, d1, d2)")),
    ("two reductions", ("(d0, d1, d2, d3) -> (d0, d2, d3)", "(d0, d1, d2, d3) -> (d3, d2, d1)", "(d0, d1, d2, d3) -> (d0, d1)")),
    ("dot", ("(d0) -> (d0)", "(d0) -> (d0)", "(d0) -> ()")),
    ("output broadcast", ("(d0, d1, d2, d3) -> (d0, d2)", "(d0, d1, d2, d3) -> (d2, d1)", "(d0, d1, d2, d3) -> (d0, d1, d3)")),
)  # fmt: skip

# `linalg.elementwise` maps tried (2-D output), per arity: broadcast and transposed inputs.
ELEMENTWISE_VARIANTS: dict[int, tuple[tuple[str, tuple[str, ...]], ...]] = {
    1: (("transposed", ("(d0, d1) -> (d1, d0)", "(d0, d1) -> (d0, d1)")),),
    2: (
        ("broadcast", ("(d0, d1) -> (d0, d1)", "(d0, d1) -> (d1)", "(d0, d1) -> (d0, d1)")),
        ("transposed", ("(d0, d1) -> (d1, d0)", "(d0, d1) -> (d0, d1)", "(d0, d1) -> (d1, d0)")),
    ),
    3: (),
}


def _map_variants(cls: OpClass) -> list[tuple[str, dict[str, Any]]]:
    """Per-instance maps: every transposed/broadcast input map pair MLIR 22 accepts for the
    matmul family, and the variants above for `contract` and `elementwise`."""
    from linalg_odsgen.runtime.instance_maps import rule_for
    from linalg_odsgen.runtime.mlir22_ops import ContractOp, ElementwiseOp

    if issubclass(cls, ContractOp) or issubclass(cls, ElementwiseOp):
        table = (
            CONTRACT_VARIANTS if issubclass(cls, ContractOp) else ELEMENTWISE_VARIANTS[cls.ARITY]
        )
        return [
            (f"maps {label}", {"indexing_maps": tuple(AffineMap.parse(m) for m in maps)})
            for label, maps in table
        ]
    rule = rule_for(cls.OP_NAME, cls.STATIC_INDEXING_MAPS)
    if rule is None:
        return []
    variants: list[tuple[str, dict[str, Any]]] = []
    default = rule.default_maps()
    for out in (rule.out, *sorted(rule.other_outs)):
        for lhs in sorted(rule.lhs):
            for rhs in sorted(rule.rhs):
                maps = (rule.map_of(lhs), rule.map_of(rhs), rule.map_of(out))
                if maps == default or rule.check(maps) is not None:
                    continue
                label = "maps " + " ".join(
                    "(" + ",".join(f"d{p}" for p in positions) + ")"
                    for positions in (lhs, rhs, out)
                )
                variants.append((label, {"indexing_maps": maps}))
    return variants


def _attr_variants(cls: OpClass) -> list[tuple[str, dict[str, Any]]]:
    """Attribute settings tried besides the defaults: each index attribute at 2, both at 2,
    each function attribute at its alternatives, and per-instance indexing maps."""
    variants: list[tuple[str, dict[str, Any]]] = _map_variants(cls)
    index_attrs = [d for d in cls.OPERANDS if d.kind is OperandKind.INDEX_ATTR]
    for d in index_attrs:
        n = d.index_attr_map.num_results if d.index_attr_map is not None else 1
        variants.append((f"{d.name}=2", {d.name: (2,) * n}))
    if len(index_attrs) > 1:
        both = {
            d.name: (2,) * (d.index_attr_map.num_results if d.index_attr_map else 1)
            for d in index_attrs
        }
        variants.append(("all index attrs=2", both))
    for d in cls.OPERANDS:
        if d.kind.is_fn_attr:
            for alt in FN_ALTERNATIVES.get(d.kind, ()):
                if alt != d.default_fn:
                    variants.append((f"{d.name}={alt}", {d.name: alt}))
    return variants


def _try_any(cls: OpClass, types: Sequence[Any], attrs: dict[str, Any]) -> StructuredOp | None:
    """An instance with any element types that bind: every operand f32 (or i32, f64), then
    the same with one input as i1 (a condition), for when only the sizes matter."""
    for t in (F32, I32, F64):
        concrete = [
            ShapedType(x.kind, x.shape, t)
            if isinstance(x, ShapedType)
            else (_fixed_or(cls, i, t) if x is _SCALAR_PLACEHOLDER else x)
            for i, x in enumerate(types)
        ]
        op = _try(cls, concrete, attrs)
        if op is not None:
            return op
        for k, x in enumerate(concrete):
            if isinstance(x, ShapedType):
                alt = list(concrete)
                alt[k] = ShapedType(x.kind, x.shape, I1)
                op = _try(cls, alt, attrs)
                if op is not None:
                    return op
    return None


def _fixed_or(cls: OpClass, index: int, t: ElementType) -> ElementType:
    from linalg_odsgen.types import FIXED_TYPES

    d = [d for d in cls.OPERANDS if d.kind.is_value][index]
    return FIXED_TYPES.get(d.type_var or "", t)


def _try(cls: OpClass, types: Sequence[Any], attrs: dict[str, Any]) -> StructuredOp | None:
    """The instance, or None when our runtime rejects the combination (e.g. exp on i32)."""
    from linalg_odsgen.diagnostics import DiagnosticError

    try:
        return cls.from_types(list(types), **attrs)
    except (DiagnosticError, ValueError, TypeError, KeyError, NotImplementedError):
        return None


def cases_for(cls: OpClass) -> list[Case]:
    """The instances conformance checks for one op class."""
    name = _name(cls)
    cases: list[Case] = []
    base_shapes = _shapes(cls, {})
    if base_shapes is None:
        return cases
    for label, tin, tout in TYPE_COMBOS:
        types = _types_for(cls, tin, tout, base_shapes)
        if any(tuple(types) == c.types for c in cases):
            continue  # operands of fixed types: the combo changes nothing
        if _try(cls, types, {}) is not None:
            cases.append(Case(name, label, tuple(types)))
            continue
        # An input that must be a condition (select): the same combo with that input as i1.
        for k, t in enumerate(types):
            if isinstance(t, ShapedType) and k < len(types) - 1 and t.element != I1:
                alt = list(types)
                alt[k] = ShapedType(t.kind, t.shape, I1)
                if _try(cls, alt, {}) is not None:
                    cases.append(Case(name, label, tuple(alt)))
                    break
    if not cases:
        return cases
    # Attribute variants on the first two type combos that work (float, then integer).
    float_case = next((c for c in cases if c.label in ("f32", "f64", "f16")), cases[0])
    int_case = next((c for c in cases if c.label == "i8->i32"), None)
    for vlabel, attrs in _attr_variants(cls):
        shapes = _shapes(cls, attrs)
        if shapes is None:
            continue
        bases = [float_case] + ([int_case] if int_case not in (None, float_case) else [])
        if any(d.kind is OperandKind.TYPE_FN_ATTR and d.name in attrs for d in cls.OPERANDS):
            bases += [c for c in cases if c.label == "i8->f32"]  # uitofp vs sitofp
        for base in bases:
            types = [
                ShapedType(t.kind, s, t.element) if isinstance(t, ShapedType) else t
                for t, s in zip(base.types, shapes, strict=True)
            ]
            if _try(cls, types, attrs) is not None:
                ignored = [MLIR22_IGNORED_ATTRS.get((name, a)) for a in attrs]
                cases.append(
                    Case(
                        name,
                        f"{base.label} {vlabel}",
                        tuple(types),
                        tuple(attrs.items()),
                        divergence=next((x for x in ignored if x), None),
                    )
                )
    # Dynamic sizes: printing and verification only (no data to run on).
    dyn = tuple(
        ShapedType(t.kind, (None,) * len(t.shape), t.element) if isinstance(t, ShapedType) else t
        for t in float_case.types
    )
    if _try(cls, dyn, {}) is not None:
        cases.append(Case(name, f"{float_case.label} dynamic", dyn, execute=False))
    return cases


def _with_kind(types: Iterable[Any], kind: str) -> list[Any]:
    return [ShapedType(kind, t.shape, t.element) if isinstance(t, ShapedType) else t for t in types]


# -- data ---------------------------------------------------------------------------------


def _region_op_names(op: StructuredOp) -> set[str]:
    return {p.name for p in op.region.ops}


# Conversions with a float on either side (int-to-int casts lower without APFloat).
_CONVERSIONS = frozenset(
    r.name
    for r in payloads.by_category(payloads.OpCategory.CAST)
    if r.operands is payloads.Operands.FLOAT or r.mnemonic.endswith("tofp")
)


def mlir22_cannot_lower(op: StructuredOp) -> str | None:
    """Why MLIR 22's pipeline cannot run this instance (None when it can), measured:
    its APFloat lowering of 8-bit floats emits invalid IR for conversions from or to a
    64-bit type, and `math.rsqrt` widened from an 8-bit float becomes a call to `rsqrtf`,
    which no C library defines. Our runtime still computes these; they are not compared."""
    for p in op.region.ops:
        types = [v.type for v in (*p.operands, p.result) if isinstance(v.type, ElementType)]
        has_f8 = any(t.is_float and t.width == 8 for t in types)
        if not has_f8:
            continue
        if p.name in _CONVERSIONS and any(t.width == 64 for t in types):
            return "MLIR 22 cannot lower conversions between 8-bit floats and 64-bit types"
        if p.name == "math.rsqrt":
            return "MLIR 22 lowers math.rsqrt of an 8-bit float to a missing rsqrtf call"
    return None


def make_data(op: StructuredOp, seed: int) -> list[Any]:
    """Deterministic operand values (value operands, declaration order) within each op's domain.

    Floats lie in [-2, 2], or in [0.25, 2] when the payload takes logarithms, roots or
    powers or converts floats to unsigned integers; integers span their type, or
    [1, 100] when the payload divides integers (division by zero traps in LLVM).
    """
    records = [payloads.lookup(name) for name in _region_op_names(op)]
    positive = [r for r in records if r.positive_inputs]
    positive_float = any(r.operands is payloads.Operands.FLOAT for r in positive)
    positive_int = any(r.operands is payloads.Operands.INTEGER for r in positive)
    rng = np.random.default_rng(seed)
    values: list[Any] = []
    for d, t, dims in zip(op.value_operands, op.element_types, op.shapes, strict=True):
        shape = static_shape(dims)
        if t.is_float:
            lo = 0.25 if positive_float else -2.0
            arr = rng.uniform(lo, 2.0, size=shape).astype(t.dtype)
        elif t.is_bool:
            arr = rng.integers(0, 2, size=shape).astype(bool)
        elif positive_int:
            arr = rng.integers(1, min(100, (1 << (t.width - 1)) - 1) + 1, size=shape).astype(
                t.dtype
            )
        else:
            info = ml_dtypes.iinfo(t.dtype) if t.width == 4 else np.iinfo(t.dtype)
            lo, hi = (info.min, info.max) if t.width <= 8 else (-1000, 1000)
            arr = rng.integers(lo, hi, size=shape, endpoint=True).astype(t.dtype)
        values.append(arr[()] if d.kind is OperandKind.SCALAR else np.asarray(arr, dtype=t.dtype))
    return values


def _copy(values: Sequence[Any]) -> list[Any]:
    return [v.copy() if isinstance(v, np.ndarray) else v for v in values]


# -- checks -------------------------------------------------------------------------------


def _name(cls: OpClass) -> str:
    """The report name of a class (per-kind `elementwise` classes share one op name)."""
    return str(getattr(cls, "REPORT_NAME", cls.OP_NAME))


def core_classes() -> list[OpClass]:
    """The generated core library's op classes, in library order, then MLIR 22's
    `linalg.contract` and `linalg.elementwise` (one class per kind)."""
    from linalg_odsgen import ops

    return list(ops.library().values())


__all__ = [
    "CONTRACT_VARIANTS",
    "ELEMENTWISE_VARIANTS",
    "EXPECTED_NOT_IN_MLIR22",
    "FN_ALTERNATIVES",
    "LIBM_OPS",
    "MLIR22_IGNORED_ATTRS",
    "TYPE_COMBOS",
    "Case",
    "cases_for",
    "core_classes",
    "make_data",
    "mlir22_cannot_lower",
]
