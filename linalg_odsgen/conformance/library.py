"""The conformance table: an op library against MLIR 22 (`scripts/conformance_table.py`, tests).

For every op three questions, each answered by `mlir-opt-22`/`mlir-runner-22`
as black-box oracles over many instances (element types, memref and tensor,
static and dynamic sizes, non-default attributes):

1. *named verifies*: our `linalg.<op>` text parses and verifies;
2. *generic equal*: our `linalg.generic` equals what MLIR's
   `--linalg-generalize-named-ops` makes of our named form, both passed through
   `--canonicalize --cse` and compared as printed text, function by function
   (for ops MLIR 22 does not know: our generic form verifies);
3. *execution equal*: both forms lowered by MLIR to LLVM and JIT-run on
   deterministic data give the same output bits as our `loops` backend.
   Payloads calling libm-style functions (exp, log, tanh, erf) are
   compared within `MATH_ULPS` units in the last place instead: MLIR calls the
   C library while NumPy uses its own implementations (documented in README).

Instances are batched into one module per tool invocation; a failing batch is
split per op, then per instance, to name the culprit.
"""

from __future__ import annotations

import bisect
import enum
import itertools
import math
import random
import re
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import ml_dtypes
import numpy as np

from linalg_odsgen import payloads
from linalg_odsgen.affine import AffineMap
from linalg_odsgen.conformance.compare import MATH_ULPS, compare_bits
from linalg_odsgen.mlir.execution import ExecCase, output_bits, run_cases
from linalg_odsgen.mlir.printer import Form, print_func, wrap_module
from linalg_odsgen.mlir.tools import ToolError, mlir_opt
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

# Ops of the core library that MLIR 22 no longer has (measured with mlir-opt-22:
# "custom op 'linalg.X' is unknown"); the run detects this itself and tests compare.
EXPECTED_NOT_IN_MLIR22 = frozenset(
    {
        "matmul_transpose_a",
        "matmul_transpose_b",
        "batch_matmul_transpose_a",
        "batch_matmul_transpose_b",
        "elemwise_unary",
        "elemwise_binary",
    }
)

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


class Status(enum.Enum):
    OK = "ok"
    FAIL = "FAIL"
    NA = "n/a"


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


@dataclass
class OpReport:
    """What the three checks found for one op."""

    name: str
    in_mlir: bool = True
    named: Status = Status.NA
    generic: Status = Status.NA
    execution: Status = Status.NA
    fixpoint: Status = Status.NA  # mlir-opt-22 reprints our text unchanged
    approx: bool = False
    max_ulps: int = 0  # largest distance seen where `approx` (libm functions)
    cases: int = 0
    labels: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        checks = [self.generic, self.execution, self.fixpoint]
        checks += [self.named] if self.in_mlir else []
        return all(c is Status.OK for c in checks)


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
    from linalg_odsgen.runtime.mlir22_ops import ContractOp, _ElementwiseOp

    if issubclass(cls, ContractOp) or issubclass(cls, _ElementwiseOp):
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
                maps = (rule._map(lhs), rule._map(rhs), rule._map(out))
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


def _func_name(op_name: str, i: int, kind: str) -> str:
    return f"{op_name}__{i}_{kind}"


def _split_funcs(text: str) -> dict[str, str]:
    """Printed module -> {function name: its text, from `func.func` to its closing brace}."""
    funcs: dict[str, str] = {}
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = re.match(r"(\s*)func\.func (?:private )?@([\w$.]+)", lines[i])
        if not m:
            i += 1
            continue
        indent, name = m.group(1), m.group(2)
        j = i + 1
        while j < len(lines) and lines[j] != indent + "}":
            j += 1
        funcs[name] = "\n".join(lines[i : j + 1])
        i = j + 1
    return funcs


def _first_error(stderr: str) -> str:
    for line in stderr.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()
    return stderr.strip().splitlines()[0] if stderr.strip() else "failed"


_SPLIT = "// -----\n"
_DIAG = re.compile(r"^<stdin>:(\d+):\d+: error: (.*)$")


def _opt_batch(
    funcs: dict[str, str], passes: Sequence[str], *, split: bool = False
) -> tuple[dict[str, str], dict[str, str]]:
    """Run `mlir-opt-22 passes` on functions; (printed per function, error per failing function).

    First all functions in one module (fast); if that fails, or with `split`, one
    invocation with `--split-input-file` where each function is its own module, so
    one bad function hides no other; errors map back through their line numbers.
    """
    if not split:
        res = mlir_opt(wrap_module(list(funcs.values())), *passes, check=False)
        if res.returncode == 0:
            return _split_funcs(res.stdout), {}
    names = list(funcs)
    chunks = [wrap_module([funcs[n]]) for n in names]
    starts: list[int] = []
    line = 1
    for chunk in chunks:
        starts.append(line)
        line += chunk.count("\n") + 1  # the separator line
    res = mlir_opt(_SPLIT.join(chunks), "--split-input-file", *passes, check=False)
    errors: dict[str, str] = {}
    for err_line in res.stderr.splitlines():
        m = _DIAG.match(err_line)
        if m:
            k = bisect.bisect_right(starts, int(m.group(1))) - 1
            errors.setdefault(names[k], m.group(2))
    if res.returncode != 0 and not errors:
        errors = {n: _first_error(res.stderr) for n in names}
    printed: dict[str, str] = {}
    for name, out in zip(names, res.stdout.split(_SPLIT), strict=False):
        if name not in errors:
            printed.update(_split_funcs(out))
    return printed, errors


def _unknown_op(error: str, op_name: str) -> bool:
    return f"'linalg.{op_name}' is unknown" in error


@dataclass
class _Instance:
    case: Case
    index: int
    kind: str
    op: StructuredOp


def check_library(
    classes: Sequence[OpClass],
    *,
    execute: bool = True,
    progress: Callable[[str], None] | None = None,
    backend: str = "loops",
) -> list[OpReport]:
    """Run the three checks over every op class; one report per op, in the given order.
    Execution compares MLIR 22's output bits with those of `backend`."""
    say = progress or (lambda _msg: None)
    reports = {_name(cls): OpReport(_name(cls)) for cls in classes}
    instances: list[_Instance] = []
    all_cases = {_name(cls): cases_for(cls) for cls in classes}
    for cls in classes:
        cases = all_cases[_name(cls)]
        rep = reports[_name(cls)]
        rep.cases = len(cases)
        rep.labels = [c.label for c in cases]
        if not cases:
            rep.failures.append("no instance could be built")
            rep.named = rep.generic = rep.execution = Status.FAIL
            continue
        for i, case in enumerate(cases):
            for kind in ("memref", "tensor"):
                op = cls.from_types(_with_kind(case.types, kind), **case.attr_dict)
                instances.append(_Instance(case, i, kind, op))
    say(f"{len(instances)} instances of {len(classes)} ops")

    named = {
        _func_name(x.case.op_name, x.index, x.kind): print_func(
            x.op, Form.NAMED, name=_func_name(x.case.op_name, x.index, x.kind)
        )
        for x in instances
    }
    generic = {
        _func_name(x.case.op_name, x.index, x.kind): print_func(
            x.op, Form.GENERIC, name=_func_name(x.case.op_name, x.index, x.kind)
        )
        for x in instances
    }
    say("mlir-opt: which ops MLIR 22 knows")
    probes: dict[str, str] = {}
    for x in instances:
        key = _func_name(x.case.op_name, x.index, x.kind)
        if x.case.op_name not in {k.split("__")[0] for k in probes}:
            probes[key] = named[key]
    _, probe_errors = _opt_batch(probes, [], split=True)
    unknown_ops = {
        k.split("__")[0] for k, e in probe_errors.items() if _unknown_op(e, k.split("__")[0])
    }
    say("mlir-opt: named forms")
    gen_of_named, named_errors = _opt_batch(
        {k: v for k, v in named.items() if k.split("__")[0] not in unknown_ops},
        ["--linalg-generalize-named-ops", "--canonicalize", "--cse"],
    )
    say("mlir-opt: generic forms")
    ours, generic_errors = _opt_batch(generic, ["--canonicalize", "--cse"])
    say("mlir-opt: printed text round trip")
    known_named = {k: v for k, v in named.items() if k.split("__")[0] not in unknown_ops}
    reprinted = {"named": _opt_batch(known_named, [])[0], "generic": _opt_batch(generic, [])[0]}

    by_op: dict[str, list[_Instance]] = {}
    for x in instances:
        by_op.setdefault(x.case.op_name, []).append(x)
    for name, xs in by_op.items():
        rep = reports[name]
        keys = [_func_name(name, x.index, x.kind) for x in xs]
        rep.in_mlir = name not in unknown_ops
        rep.notes = sorted({x.case.divergence for x in xs if x.case.divergence})
        if rep.in_mlir:
            bad = [k for k in keys if k in named_errors]
            rep.named = Status.FAIL if bad else Status.OK
            for k in bad[:3]:
                rep.failures.append(f"named {_label(xs, keys, k)}: {named_errors[k]}")
        bad_generic = [k for k in keys if k in generic_errors]
        for k in bad_generic[:3]:
            rep.failures.append(f"generic {_label(xs, keys, k)}: {generic_errors[k]}")
        diffs = []
        if rep.in_mlir:
            diffs = [
                k
                for k, x in zip(keys, xs, strict=True)
                if k not in named_errors
                and k not in generic_errors
                and not x.case.divergence
                and (k not in gen_of_named or gen_of_named.get(k) != ours.get(k))
            ]
            for k in diffs[:3]:
                rep.failures.append(
                    f"generic {_label(xs, keys, k)} differs from MLIR's generalization:\n"
                    f"  MLIR: {gen_of_named.get(k)}\n  ours: {ours.get(k)}"
                )
        rep.generic = Status.FAIL if bad_generic or diffs else Status.OK
        # Our text is exactly mlir-opt's own printing of it (a fixpoint), both forms.
        printed_by_form = {"named": named, "generic": generic}
        changed = [
            (form, k)
            for form, texts in printed_by_form.items()
            for k in keys
            if (form == "generic" or rep.in_mlir)
            and reprinted[form].get(k) != texts[k].rstrip("\n")
        ]
        rep.fixpoint = Status.FAIL if changed else Status.OK
        for form, k in changed[:2]:
            rep.failures.append(
                f"{form} {_label(xs, keys, k)}: mlir-opt-22 prints our text differently:\n"
                f"  MLIR: {reprinted[form].get(k)}\n  ours: {printed_by_form[form][k]}"
            )
    if execute:
        _check_execution(classes, all_cases, reports, say, backend)
    return [reports[_name(cls)] for cls in classes]


def _label(xs: Sequence[_Instance], keys: Sequence[str], key: str) -> str:
    x = xs[list(keys).index(key)]
    return f"[{x.case.label}, {x.kind}]"


@dataclass
class _Run:
    op_name: str
    label: str
    exec_case: ExecCase
    expected: list[np.ndarray]
    types: list[ElementType]
    approx: bool


def _check_execution(
    classes: Sequence[OpClass],
    all_cases: dict[str, list[Case]],
    reports: dict[str, OpReport],
    say: Callable[[str], None],
    backend: str = "loops",
) -> None:
    from linalg_odsgen.runtime import backends

    run_ours = backends.get_backend(backend)
    runs: list[_Run] = []
    for cls in classes:
        rep = reports[_name(cls)]
        for case in all_cases[_name(cls)]:
            if not case.execute:
                continue
            op = cls.from_types(list(case.types), **case.attr_dict)
            limitation = mlir22_cannot_lower(op)
            if limitation is not None:
                rep.notes = sorted({*rep.notes, limitation})
                continue
            seed = random.Random(f"{_name(cls)}/{case.label}").getrandbits(32)
            data = make_data(op, seed)
            ins = [v for d, v in zip(op.value_operands, data, strict=True) if d.kind.is_input]
            outs = [v for d, v in zip(op.value_operands, data, strict=True) if not d.kind.is_input]
            op, operands = cls.from_arrays(*_copy(ins), outs=_copy(outs), **case.attr_dict)
            initial = _copy(operands)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)  # compiled: f8 runs on loops
                run_ours(op, operands)
            expected = output_bits(op, operands)
            out_types = [
                t
                for d, t in zip(op.value_operands, op.element_types, strict=True)
                if d.kind is OperandKind.OUTPUT_TENSOR
            ]
            approx = bool(_region_op_names(op) & LIBM_OPS)
            rep.approx = rep.approx or approx
            forms = [Form.GENERIC] + ([Form.NAMED] if rep.in_mlir and not case.divergence else [])
            for form in forms:
                label = f"{case.label} [{form.value}]"
                runs.append(
                    _Run(
                        _name(cls),
                        label,
                        ExecCase(f"{_name(cls)} {label}", op, tuple(initial), form),
                        expected,
                        out_types,
                        approx,
                    )
                )
    say(f"executing {len(runs)} instances with mlir-runner")
    results = _run_batched(runs)
    for rep in reports.values():
        if rep.execution is Status.NA and any(r.op_name == rep.name for r in runs):
            rep.execution = Status.OK
    for run, got in zip(runs, results, strict=True):
        rep = reports[run.op_name]
        if isinstance(got, str):
            rep.execution = Status.FAIL
            rep.failures.append(f"execution {run.label}: {got}")
            continue
        for j, (g, e, t) in enumerate(zip(got, run.expected, run.types, strict=True)):
            ulps: list[int] = []
            problem = compare_bits(g, e, t, run.approx, ulps)
            rep.max_ulps = max([rep.max_ulps, *ulps])
            if problem:
                rep.execution = Status.FAIL
                rep.failures.append(f"execution {run.label} output {j}: {problem}")


def _run_batched(runs: Sequence[_Run]) -> list[list[np.ndarray] | str]:
    """Execute all runs in one JIT module; on failure per op, then per run, to isolate errors."""
    try:
        return list(run_cases([r.exec_case for r in runs]))
    except (ToolError, RuntimeError):
        pass
    groups: dict[str, list[int]] = {}
    for i, r in enumerate(runs):
        groups.setdefault(r.op_name, []).append(i)
    slots: dict[int, list[np.ndarray] | str] = {}
    for idxs in groups.values():
        try:
            for i, res in zip(idxs, run_cases([runs[i].exec_case for i in idxs]), strict=True):
                slots[i] = res
            continue
        except (ToolError, RuntimeError):
            pass
        for i in idxs:
            try:
                slots[i] = run_cases([runs[i].exec_case])[0]
            except (ToolError, RuntimeError) as exc:
                slots[i] = _first_error(str(exc))
    return [slots[i] for i in range(len(runs))]


def core_classes() -> list[OpClass]:
    """The generated core library's op classes, in library order, then MLIR 22's
    `linalg.contract` and `linalg.elementwise` (one class per kind)."""
    from linalg_odsgen import ops

    return list(ops.library().values())


# -- table --------------------------------------------------------------------------------


def _cell(status: Status, ok_text: str) -> str:
    return {Status.OK: ok_text, Status.FAIL: "FAIL", Status.NA: "n/a"}[status]


def format_table(reports: Sequence[OpReport]) -> str:
    """A Markdown table (op | named verifies | generic equal | execution equal | printed as
    MLIR | instances), followed by the numbered notes its cells refer to. "printed as MLIR":
    mlir-opt-22 reprints our text of both forms byte for byte."""
    notes = sorted({n for r in reports for n in r.notes})
    rows = [
        ("op", "named verifies", "generic equal", "execution equal", "printed as MLIR", "instances")
    ]
    for r in reports:
        exact = f"yes (libm: max {r.max_ulps} ulp, ≤{MATH_ULPS})" if r.approx else "yes"
        if r.in_mlir:
            named = _cell(r.named, "yes")
            generic = _cell(r.generic, "yes")
            exe = _cell(r.execution, exact)
        else:
            named = "n/a — not in MLIR 22"
            generic = _cell(r.generic, "n/a — not in MLIR 22 (generic verifies)")
            exe = _cell(r.execution, f"generic form: {exact}")
        marks = "".join(f" [{notes.index(n) + 1}]" for n in r.notes)
        rows.append((r.name + marks, named, generic, exe, _cell(r.fixpoint, "yes"), str(r.cases)))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for n, row in enumerate(rows):
        lines.append("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |")
        if n == 0:
            lines.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for i, note in enumerate(notes, start=1):
        lines.append(f"\n[{i}] {note}")
    return "\n".join(lines)


__all__ = [
    "EXPECTED_NOT_IN_MLIR22",
    "LIBM_OPS",
    "MATH_ULPS",
    "Case",
    "OpReport",
    "Status",
    "cases_for",
    "check_library",
    "compare_bits",
    "core_classes",
    "format_table",
    "make_data",
]
