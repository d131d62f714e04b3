"""MLIR 22's ops whose maps come with each instance: `linalg.contract` and `linalg.elementwise`.

They have no op config (the op-config format fixes maps per op), so they are written
here against the same runtime: every backend, verification and MLIR printing work on
them as on generated ops. Their map rules were measured with `mlir-opt-22` as a black
box and are checked against it in tests/runtime/test_mlir22_ops.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
from linalg_odsgen.runtime.region_builder import RegionHelper
from linalg_odsgen.runtime.structured_op import StructuredOp

P, R = IteratorType.PARALLEL, IteratorType.REDUCTION


def _plain_dims(m: AffineMap) -> tuple[int, ...] | None:
    """The dims of a projected permutation (distinct plain dims), else None."""
    positions = m.dim_positions()
    if any(p is None for p in positions) or len(set(positions)) != len(positions):
        return None
    return tuple(p for p in positions if p is not None)


class _MapsPerInstanceOp(StructuredOp):
    """An op whose indexing maps (and so loop count and iterator types) each instance gives."""

    @classmethod
    def _takes_indexing_maps(cls) -> bool:
        return True

    def _user_maps(self, value: Any) -> tuple[AffineMap, ...] | None:
        from linalg_odsgen.runtime.instance_maps import parse_maps

        try:
            maps = parse_maps(value)
        except ValueError as exc:
            raise self._error(f"attribute 'indexing_maps': {exc}") from None
        problem = self._check_maps(maps)
        if problem is not None:
            raise self._error(f"attribute 'indexing_maps': {problem}")
        return None if maps == self._default_maps() else maps  # defaults are not printed

    def _check_maps(self, maps: Sequence[AffineMap]) -> str | None:
        raise NotImplementedError

    def _default_maps(self) -> tuple[AffineMap, ...] | None:
        return None

    def _iterators(self, maps: Sequence[AffineMap]) -> tuple[IteratorType, ...]:
        raise NotImplementedError

    def run_loops(self, operands: Sequence[Any]) -> None:
        """The loop nest read from this instance's maps (no generated nest: maps vary)."""
        from linalg_odsgen.runtime.backends.loops import run_by_maps

        run_by_maps(self, operands)

    def _instantiate_maps(self) -> tuple[tuple[AffineMap, ...], tuple[IteratorType, ...]]:
        maps = self.user_indexing_maps or self._default_maps()
        if maps is None:
            raise self._error("attribute 'indexing_maps' is required (one map per operand)")
        return tuple(maps), self._iterators(maps)


def _maps_of(texts: Sequence[str]) -> tuple[AffineMap, ...]:
    return tuple(AffineMap.parse(t) for t in texts)


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

    # Maps used when an instance gives none (None: they are required, as in MLIR). Only the
    # conformance harness sets them, on a subclass; they are still printed.
    DEFAULT_INDEXING_MAPS: ClassVar[tuple[str, ...] | None] = None

    def _user_maps(self, value: Any) -> tuple[AffineMap, ...] | None:
        maps = super()._user_maps(value)
        return maps if maps is not None else self._default_maps()

    def _default_maps(self) -> tuple[AffineMap, ...] | None:
        if self.DEFAULT_INDEXING_MAPS is None:
            return None
        return _maps_of(self.DEFAULT_INDEXING_MAPS)

    def _instantiate_maps(self) -> tuple[tuple[AffineMap, ...], tuple[IteratorType, ...]]:
        if self.user_indexing_maps is None:
            self.user_indexing_maps = self._default_maps()  # contract always prints its maps
        return super()._instantiate_maps()

    def _check_maps(self, maps: Sequence[AffineMap]) -> str | None:
        if len(maps) != 3:
            return f"expected 3 maps (A, B, C), got {len(maps)}"
        n = maps[0].num_dims
        dims: list[tuple[int, ...]] = []
        for name, m in zip("ABC", maps, strict=True):
            if m.num_dims != n or m.num_symbols:
                return f"every map must have {count(n, 'dim')} and no symbols; {name}'s is {m.to_mlir()}"
            d = _plain_dims(m)
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

    def _iterators(self, maps: Sequence[AffineMap]) -> tuple[IteratorType, ...]:
        out = set(maps[2].used_dims())
        return tuple(P if i in out else R for i in range(maps[0].num_dims))

    def build_region(self, b: RegionHelper) -> None:
        lhs = b.type_fn(b.fn_attr("cast"), "U", b.arg("A"))
        rhs = b.type_fn(b.fn_attr("cast"), "U", b.arg("B"))
        b.yield_(b.binary("add", b.arg("C"), b.binary("mul", lhs, rhs)))


ELEMENTWISE_KINDS: dict[str, int] = {
    **{k: 1 for k in UNARY_FNS},
    **{k: 2 for k in BINARY_FNS},
    **{k: 3 for k in TERNARY_FNS},
}


class _ElementwiseOp(_MapsPerInstanceOp):
    """`linalg.elementwise kind=#linalg.elementwise_kind<K>`: O = K(inputs), element by
    element, identity maps unless the instance gives others."""

    OP_NAME = "elementwise"
    CPP_CLASS_NAME = "ElementwiseOp"
    DOC = "Applies one function (the kind) element by element."
    ARITY: ClassVar[int] = 0
    DEFAULT_KIND: ClassVar[str | None] = None  # set on the per-kind classes of the harness

    def _resolve_attributes(self, given: Mapping[str, Any]) -> dict[str, tuple[int, ...] | str]:
        remaining = dict(given)
        kind = remaining.pop("kind", self.DEFAULT_KIND)
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
        out = super()._resolve_attributes(remaining)
        out["kind"] = str(kind)
        return out

    @property
    def kind(self) -> str:
        return str(self.attributes["kind"])

    def named_prefix(self) -> str:
        """Printed right after the op name (MLIR's custom syntax puts the kind first)."""
        return f" kind=#linalg.elementwise_kind<{self.kind}>"

    def _rank(self) -> int:
        return len(self.shapes[-1])

    def _default_maps(self) -> tuple[AffineMap, ...]:
        n = self._rank()
        return tuple(
            AffineMap(n, 0, tuple(dim(i) for i in range(n))) if len(s) else AffineMap(n, 0, ())
            for s in self.shapes
        )

    def _check_maps(self, maps: Sequence[AffineMap]) -> str | None:
        if len(maps) != self.ARITY + 1:
            return f"expected {self.ARITY + 1} maps (one per operand), got {len(maps)}"
        n = len(self.shapes[-1])
        for i, m in enumerate(maps):
            if m.num_dims != n or m.num_symbols:
                return f"map #{i} must have {count(n, 'dim')} (the output's rank) and no symbols"
            if _plain_dims(m) is None:
                return f"map #{i} {m.to_mlir()} is not a projected permutation"
        if len(_plain_dims(maps[-1]) or ()) != n:
            return "the output's map must use every loop dim"
        return None

    def _iterators(self, maps: Sequence[AffineMap]) -> tuple[IteratorType, ...]:
        return (P,) * maps[-1].num_dims

    def build_region(self, b: RegionHelper) -> None:
        names = [d.name for d in self.value_operands if d.kind.is_input]
        args = [b.arg(n) for n in names]
        if self.ARITY == 1:
            b.yield_(b.unary(self.kind, args[0]))
        elif self.ARITY == 2:
            b.yield_(b.binary(self.kind, args[0], args[1]))
        else:
            b.yield_(b.ternary(self.kind, args[0], args[1], args[2]))


class ElementwiseUnaryOp(_ElementwiseOp):
    ARITY = 1
    OPERANDS = (
        OperandDef("I", OperandKind.INPUT_TENSOR, "T1"),
        OperandDef("O", OperandKind.OUTPUT_TENSOR, "T1"),
    )


class ElementwiseBinaryOp(_ElementwiseOp):
    ARITY = 2
    OPERANDS = (
        OperandDef("lhs", OperandKind.INPUT_TENSOR, "T1"),
        OperandDef("rhs", OperandKind.INPUT_TENSOR, "T1"),
        OperandDef("O", OperandKind.OUTPUT_TENSOR, "T1"),
    )


class ElementwiseTernaryOp(_ElementwiseOp):
    ARITY = 3
    OPERANDS = (
        OperandDef("cond", OperandKind.INPUT_TENSOR, "T0"),
        OperandDef("lhs", OperandKind.INPUT_TENSOR, "T1"),
        OperandDef("rhs", OperandKind.INPUT_TENSOR, "T1"),
        OperandDef("O", OperandKind.OUTPUT_TENSOR, "T1"),
    )


ELEMENTWISE_CLASSES: dict[int, type[_ElementwiseOp]] = {
    1: ElementwiseUnaryOp,
    2: ElementwiseBinaryOp,
    3: ElementwiseTernaryOp,
}


def elementwise_class(kind: str) -> type[_ElementwiseOp]:
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


def conformance_classes() -> list[type[StructuredOp]]:
    """Classes the MLIR conformance harness checks: `contract` with matmul's maps when none
    are given, and one `elementwise` class per kind (its cases then vary maps and types)."""
    classes: list[type[StructuredOp]] = [
        type(
            "ContractConformanceOp",
            (ContractOp,),
            {
                "DEFAULT_INDEXING_MAPS": (
                    "affine_map<(d0, d1, d2) -> (d0, d2)>",
                    "affine_map<(d0, d1, d2) -> (d2, d1)>",
                    "affine_map<(d0, d1, d2) -> (d0, d1)>",
                ),
                "STATIC_INDEXING_MAPS": _maps_of(
                    (
                        "affine_map<(d0, d1, d2) -> (d0, d2)>",
                        "affine_map<(d0, d1, d2) -> (d2, d1)>",
                        "affine_map<(d0, d1, d2) -> (d0, d1)>",
                    )
                ),
                "REPORT_NAME": "contract",
            },
        )
    ]
    for kind, arity in ELEMENTWISE_KINDS.items():
        base = ELEMENTWISE_CLASSES[arity]
        classes.append(
            type(
                f"Elementwise_{kind}",
                (base,),
                {
                    "DEFAULT_KIND": kind,
                    "REPORT_NAME": f"elementwise_{kind}",
                    "STATIC_INDEXING_MAPS": (_identity(2, 2),) * (arity + 1),
                },
            )
        )
    return classes


def contract(*ins: Any, outs: Any = None, **attrs: Any) -> Any:
    """Run `linalg.contract` on arrays: `contract(A, B, outs=[C], indexing_maps=[...])`."""
    return ContractOp.call(*ins, outs=outs, **attrs)


def elementwise(*ins: Any, outs: Any = None, kind: str, **attrs: Any) -> Any:
    """Run `linalg.elementwise` on arrays: `elementwise(x, y, outs=[z], kind="add")`."""
    return elementwise_class(kind).call(*ins, outs=outs, kind=kind, **attrs)


__all__ = [
    "ELEMENTWISE_KINDS",
    "ContractOp",
    "ElementwiseBinaryOp",
    "ElementwiseTernaryOp",
    "ElementwiseUnaryOp",
    "contract",
    "elementwise",
    "elementwise_class",
]
