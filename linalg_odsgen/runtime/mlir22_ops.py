"""MLIR 22's ops whose maps come with each instance: `linalg.contract` and `linalg.elementwise`.

They have no op config (the op-config format fixes maps per op), so they are written
here against the same runtime: every backend, verification and MLIR printing work on
them as on generated ops. Their map rules were measured with `mlir-opt-22` as a black
box and are checked against it in tests/runtime/test_mlir22_ops.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from linalg_odsgen.affine import AffineMap, dim
from linalg_odsgen.model import (
    BINARY_FNS,
    TERNARY_FNS,
    UNARY_FNS,
    IteratorType,
    OperandDef,
    OperandKind,
)
from linalg_odsgen.runtime.errors import count
from linalg_odsgen.runtime.maps_policy import (
    PerInstanceMaps,
    iterators_from_output,
    plain_dims,
)
from linalg_odsgen.runtime.protocol import Shape
from linalg_odsgen.runtime.reference import run_by_maps
from linalg_odsgen.runtime.region_builder import RegionHelper
from linalg_odsgen.runtime.structured_op import StructuredOp


def _maps_of(texts: Sequence[str]) -> tuple[AffineMap, ...]:
    return tuple(AffineMap.parse(t) for t in texts)


@dataclass(frozen=True)
class ContractRule:
    """`linalg.contract`'s maps: projected permutations of one loop space where every loop
    indexes C (parallel) or both A and B (contracted), and at least one is contracted."""

    example: tuple[AffineMap, ...] | None = None  # maps of an instance that gives none
    prints_defaults = True  # the maps are the op: always printed

    def default(self, shapes: Sequence[Shape]) -> tuple[AffineMap, ...] | None:
        return self.example

    def problem(self, maps: Sequence[AffineMap], shapes: Sequence[Shape]) -> str | None:
        if len(maps) != 3:
            return f"expected 3 maps (A, B, C), got {len(maps)}"
        n = maps[0].num_dims
        dims: list[tuple[int, ...]] = []
        for name, m in zip("ABC", maps, strict=True):
            if m.num_dims != n or m.num_symbols:
                return f"every map must have {count(n, 'dim')} and no symbols; {name}'s is {m.to_mlir()}"
            d = plain_dims(m)
            if d is None:
                return f"{name}'s map {m.to_mlir()} is not a projected permutation"
            dims.append(d)
        a, b, c = (set(x) for x in dims)
        if all(i in c for i in range(n)):
            return "the maps specify no contracting dim (every loop indexes C)"
        for i in range(n):
            if i not in a | b | c:
                return f"loop d{i} indexes no operand"
            if i not in c and not (i in a and i in b):
                return (
                    f"loop d{i} is neither parallel (in C's map) nor contracted (in both A's "
                    "and B's maps)"
                )
        return None

    def iterators(self, maps: Sequence[AffineMap]) -> tuple[IteratorType, ...]:
        return iterators_from_output(maps)


@dataclass(frozen=True)
class ElementwiseRule:
    """`linalg.elementwise`'s maps: one projected permutation per operand over the output's
    loops, the output's using them all; identity maps (empty for 0-d) by default."""

    arity: int
    prints_defaults = False

    def default(self, shapes: Sequence[Shape]) -> tuple[AffineMap, ...]:
        n = len(shapes[-1])
        return tuple(
            AffineMap(n, 0, tuple(dim(i) for i in range(n))) if len(s) else AffineMap(n, 0, ())
            for s in shapes
        )

    def problem(self, maps: Sequence[AffineMap], shapes: Sequence[Shape]) -> str | None:
        if len(maps) != self.arity + 1:
            return f"expected {self.arity + 1} maps (one per operand), got {len(maps)}"
        n = len(shapes[-1])
        for i, m in enumerate(maps):
            if m.num_dims != n or m.num_symbols:
                return f"map #{i} must have {count(n, 'dim')} (the output's rank) and no symbols"
            if plain_dims(m) is None:
                return f"map #{i} {m.to_mlir()} is not a projected permutation"
        if len(plain_dims(maps[-1]) or ()) != n:
            return "the output's map must use every loop dim"
        return None

    def iterators(self, maps: Sequence[AffineMap]) -> tuple[IteratorType, ...]:
        return (IteratorType.PARALLEL,) * maps[-1].num_dims


class _MapsPerInstanceOp(StructuredOp):
    """An op whose indexing maps (and so loop count and iterator types) each instance gives:
    its loop nest is the reference runner over the instance's maps (none is generated)."""

    def run_loops(self, operands: Sequence[Any]) -> None:
        run_by_maps(self, operands)


class ContractOp(_MapsPerInstanceOp):
    """`linalg.contract`: C += cast(A) * cast(B) over the dims the maps contract."""

    OP_NAME = "contract"
    CPP_CLASS_NAME = "ContractOp"
    DOC = "Contraction given by per-instance indexing maps: C += cast(A) * cast(B)."
    IMPLEMENTS = ("LinalgContractionOpInterface",)
    OPERANDS = (
        OperandDef("A", OperandKind.INPUT_TENSOR, "T1"),
        OperandDef("B", OperandKind.INPUT_TENSOR, "T2"),
        OperandDef("C", OperandKind.OUTPUT_TENSOR, "U"),
        OperandDef("cast", OperandKind.TYPE_FN_ATTR, default_fn="cast_signed"),
    )
    MAPS = PerInstanceMaps(ContractRule())  # required, as in MLIR

    def build_region(self, b: RegionHelper) -> None:
        lhs = b.type_fn(b.fn_attr("cast"), "U", b.arg("A"))
        rhs = b.type_fn(b.fn_attr("cast"), "U", b.arg("B"))
        b.yield_(b.binary("add", b.arg("C"), b.binary("mul", lhs, rhs)))


ELEMENTWISE_KINDS: dict[str, int] = {
    **{k: 1 for k in UNARY_FNS},
    **{k: 2 for k in BINARY_FNS},
    **{k: 3 for k in TERNARY_FNS},
}


class ElementwiseOp(_MapsPerInstanceOp):
    """`linalg.elementwise kind=#linalg.elementwise_kind<K>`: O = K(inputs), element by
    element, identity maps unless the instance gives others (one subclass per arity)."""

    OP_NAME = "elementwise"
    CPP_CLASS_NAME = "ElementwiseOp"
    DOC = "Applies one function (the kind) element by element."
    ARITY: ClassVar[int] = 0
    DEFAULT_KIND: ClassVar[str | None] = None  # set on the per-kind classes of `LIBRARY_OPS`

    def own_attributes(self, given: dict[str, Any]) -> dict[str, str]:
        """`kind`: a function name of this class's arity (or its enum member)."""
        kind = given.pop("kind", self.DEFAULT_KIND)
        if kind is None:
            raise self._error(
                f"attribute 'kind' is required; one of: {', '.join(ELEMENTWISE_KINDS)}"
            )
        kind = getattr(kind, "name", kind)
        if ELEMENTWISE_KINDS.get(str(kind)) != self.ARITY:
            fits = [k for k, a in ELEMENTWISE_KINDS.items() if a == self.ARITY]
            raise self._error(
                f"kind {kind!r} does not take {self.ARITY} input(s); expected one of: "
                f"{', '.join(fits)}"
            )
        return {"kind": str(kind)}

    @property
    def kind(self) -> str:
        return str(self.attributes["kind"])

    def named_prefix(self) -> str:
        """Printed right after the op name (MLIR's custom syntax puts the kind first)."""
        return f" kind=#linalg.elementwise_kind<{self.kind}>"

    def build_region(self, b: RegionHelper) -> None:
        names = [d.name for d in self.value_operands if d.kind.is_input]
        args = [b.arg(n) for n in names]
        if self.ARITY == 1:
            b.yield_(b.unary(self.kind, args[0]))
        elif self.ARITY == 2:
            b.yield_(b.binary(self.kind, args[0], args[1]))
        else:
            b.yield_(b.ternary(self.kind, args[0], args[1], args[2]))


class ElementwiseUnaryOp(ElementwiseOp):
    ARITY = 1
    MAPS = PerInstanceMaps(ElementwiseRule(1))
    OPERANDS = (
        OperandDef("I", OperandKind.INPUT_TENSOR, "T1"),
        OperandDef("O", OperandKind.OUTPUT_TENSOR, "T1"),
    )


class ElementwiseBinaryOp(ElementwiseOp):
    ARITY = 2
    MAPS = PerInstanceMaps(ElementwiseRule(2))
    OPERANDS = (
        OperandDef("lhs", OperandKind.INPUT_TENSOR, "T1"),
        OperandDef("rhs", OperandKind.INPUT_TENSOR, "T1"),
        OperandDef("O", OperandKind.OUTPUT_TENSOR, "T1"),
    )


class ElementwiseTernaryOp(ElementwiseOp):
    ARITY = 3
    MAPS = PerInstanceMaps(ElementwiseRule(3))
    OPERANDS = (
        OperandDef("cond", OperandKind.INPUT_TENSOR, "T0"),
        OperandDef("lhs", OperandKind.INPUT_TENSOR, "T1"),
        OperandDef("rhs", OperandKind.INPUT_TENSOR, "T1"),
        OperandDef("O", OperandKind.OUTPUT_TENSOR, "T1"),
    )


ELEMENTWISE_CLASSES: dict[int, type[ElementwiseOp]] = {
    1: ElementwiseUnaryOp,
    2: ElementwiseBinaryOp,
    3: ElementwiseTernaryOp,
}


def elementwise_class(kind: str) -> type[ElementwiseOp]:
    """The class of `linalg.elementwise` for a kind (its arity fixes the inputs)."""
    arity = ELEMENTWISE_KINDS.get(kind)
    if arity is None:
        from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError

        raise DiagnosticError(
            Diagnostic(
                f"unknown elementwise kind {kind!r}; expected one of: {', '.join(ELEMENTWISE_KINDS)}",
                file="<runtime>",
            )
        )
    return ELEMENTWISE_CLASSES[arity]


def _identity(n: int, rank: int) -> AffineMap:
    return AffineMap(n, 0, tuple(dim(i) for i in range(rank)))


MATMUL_MAPS = _maps_of(
    (
        "affine_map<(d0, d1, d2) -> (d0, d2)>",
        "affine_map<(d0, d1, d2) -> (d2, d1)>",
        "affine_map<(d0, d1, d2) -> (d0, d1)>",
    )
)


def _library_ops() -> dict[str, type[StructuredOp]]:
    """MLIR 22's per-instance-maps ops as `linalg_odsgen.ops.library()` lists them: `contract`
    (an instance without `indexing_maps` takes matmul's, so every tool can make a default
    one) and one `elementwise_<kind>` class per kind, with that kind as its default."""
    ops: dict[str, type[StructuredOp]] = {
        "contract": type(
            "ContractOrMatmulOp",
            (ContractOp,),
            {
                "__doc__": "`linalg.contract`, with matmul's maps when an instance gives none.",
                "__module__": __name__,
                "MAPS": PerInstanceMaps(ContractRule(example=MATMUL_MAPS)),
                "STATIC_INDEXING_MAPS": MATMUL_MAPS,
                "REPORT_NAME": "contract",
            },
        )
    }
    for kind, arity in ELEMENTWISE_KINDS.items():
        ops[f"elementwise_{kind}"] = type(
            f"Elementwise_{kind}",
            (ELEMENTWISE_CLASSES[arity],),
            {
                "__doc__": f"`linalg.elementwise` of kind `{kind}`.",
                "__module__": __name__,
                "DEFAULT_KIND": kind,
                "REPORT_NAME": f"elementwise_{kind}",
                "STATIC_INDEXING_MAPS": (_identity(2, 2),) * (arity + 1),
            },
        )
    return ops


# Made once: instances are cached per class.
LIBRARY_OPS: dict[str, type[StructuredOp]] = _library_ops()


def contract(*ins: Any, outs: Any = None, **attrs: Any) -> Any:
    """Run `linalg.contract` on arrays: `contract(A, B, outs=[C], indexing_maps=[...])`."""
    return ContractOp.call(*ins, outs=outs, **attrs)


def elementwise(*ins: Any, outs: Any = None, kind: str, **attrs: Any) -> Any:
    """Run `linalg.elementwise` on arrays: `elementwise(x, y, outs=[z], kind="add")`."""
    return elementwise_class(kind).call(*ins, outs=outs, kind=kind, **attrs)


__all__ = [
    "ELEMENTWISE_KINDS",
    "LIBRARY_OPS",
    "MATMUL_MAPS",
    "ContractOp",
    "ContractRule",
    "ElementwiseBinaryOp",
    "ElementwiseOp",
    "ElementwiseRule",
    "ElementwiseTernaryOp",
    "ElementwiseUnaryOp",
    "contract",
    "elementwise",
    "elementwise_class",
]
