"""`StructuredOp`: the shared base of every generated op class.

A generated class only states what its op config says (operands, maps, iterator
types, region builder, loop nest). This base turns that into *instances*: an op
bound to concrete operand types (element type + shape) and resolved attributes,
checked the way MLIR's verifier checks a named op, with its indexing maps
(index-attribute symbols substituted), iteration domain and payload region.
An instance holds no data, so the MLIR printer can build one from types alone.

Running instances on arrays is the call form's (`call_form`: binding arrays, caches,
aliasing rules, backend dispatch); `from_arrays`, `call` and `run` are its entry points
on the class. Backends and printers read instances through `protocol.OpInstance`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar, overload

import numpy as np

from linalg_odsgen import payloads
from linalg_odsgen.affine import AffineDimExpr, AffineExpr, AffineMap
from linalg_odsgen.affine.bounds import expr_bounds, sizes_of_used_dims
from linalg_odsgen.model import FN_NAMES, IteratorType, OperandDef, OperandKind
from linalg_odsgen.payload import Region
from linalg_odsgen.runtime import call_form
from linalg_odsgen.runtime.errors import OpError, count
from linalg_odsgen.runtime.instance_maps import parse_maps
from linalg_odsgen.runtime.maps_policy import (
    INDEXING_MAPS,
    MapsError,
    MapsPolicy,
    config_policy,
)
from linalg_odsgen.runtime.printing import print_instance
from linalg_odsgen.runtime.protocol import OperandType, Shape
from linalg_odsgen.runtime.region_builder import RegionHelper
from linalg_odsgen.runtime.settings import CURRENT_RUNTIME
from linalg_odsgen.types import FIXED_TYPES, ElementType, ShapedType


class StructuredOp:
    """Base of generated op classes; an instance is one op with concrete operand types."""

    OP_NAME: ClassVar[str] = ""
    CPP_CLASS_NAME: ClassVar[str] = ""
    DOC: ClassVar[str | None] = None
    IMPLEMENTS: ClassVar[tuple[str, ...]] = ()
    DEFINES: ClassVar[tuple[str, ...]] = ()
    OPERANDS: ClassVar[tuple[OperandDef, ...]] = ()
    STATIC_INDEXING_MAPS: ClassVar[tuple[AffineMap, ...]] = ()
    ITERATOR_TYPES: ClassVar[tuple[IteratorType, ...]] = ()
    RANK_POLYMORPHIC: ClassVar[bool] = False
    # True when the payload reads `linalg.index`: the compiled body then takes the loop indices.
    USES_INDEX: ClassVar[bool] = False
    # The size symbols' names when the class comes from the DSL (`s0` -> `M`, ...), for errors.
    SYMBOL_NAMES: ClassVar[tuple[str, ...] | None] = None
    # Where instances get their maps. A class may declare one in its body (MLIR 22's ops
    # do); otherwise it is chosen from the class's op config when the class is made.
    MAPS: ClassVar[MapsPolicy]
    _MAPS_FROM_CONFIG: ClassVar[bool] = True

    # Derived from OPERANDS once per class (asked on every call).
    _VALUE_OPERANDS: ClassVar[tuple[OperandDef, ...]] = ()
    _NUM_INPUTS: ClassVar[int] = 0
    _ALL_TENSORS: ClassVar[bool] = True  # no scalar operands (see `from_arrays`)
    _INPUTS_FIRST: ClassVar[bool] = True  # all tensors, inputs declared before outputs

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._VALUE_OPERANDS = tuple(d for d in cls.OPERANDS if d.kind.is_value)
        cls._NUM_INPUTS = sum(1 for d in cls._VALUE_OPERANDS if d.kind.is_input)
        cls._ALL_TENSORS = all(d.kind.is_tensor for d in cls._VALUE_OPERANDS)
        cls._INPUTS_FIRST = cls._ALL_TENSORS and all(
            d.kind.is_input for d in cls._VALUE_OPERANDS[: cls._NUM_INPUTS]
        )
        if "MAPS" in cls.__dict__:
            cls._MAPS_FROM_CONFIG = False  # declared: subclasses inherit it as it is
        elif cls._MAPS_FROM_CONFIG:
            cls.MAPS = config_policy(
                cls.OP_NAME,
                cls.OPERANDS,
                cls.STATIC_INDEXING_MAPS,
                cls.ITERATOR_TYPES,
                implements=cls.IMPLEMENTS,
                rank_polymorphic=cls.RANK_POLYMORPHIC,
            )

    # -- generated hooks ------------------------------------------------------------------

    def build_region(self, b: RegionHelper) -> None:
        """Generated: append the payload ops through `b` and yield the outputs."""
        raise NotImplementedError(f"{type(self).__name__} has no region builder")

    def run_loops(self, operands: Sequence[Any]) -> None:
        """Generated: the loop nest of the `loops` backend (outputs updated in place)."""
        raise NotImplementedError(f"{type(self).__name__} has no loop nest")

    def verify_op(self) -> None:
        """Generated when the op has checks of its own beyond the shared ones."""

    # -- construction ---------------------------------------------------------------------

    def __init__(self, operand_types: Sequence[OperandType], attributes: Mapping[str, Any]) -> None:
        operands = self.value_operands
        names = ", ".join(d.name for d in operands)
        if len(operand_types) != len(operands):
            raise self._error(
                f"expected {count(len(operands), 'operand')} ({names}), got {len(operand_types)}"
            )
        shapes: list[Shape] = []
        elements: list[ElementType] = []
        for d, t in zip(operands, operand_types, strict=True):
            if d.kind.is_tensor:
                if not isinstance(t, ShapedType):
                    raise self._error(f"operand {d.name!r} is a tensor; got type {t}", d.name)
                shapes.append(t.shape)
                elements.append(t.element)
            else:
                if not isinstance(t, ElementType):
                    raise self._error(f"operand {d.name!r} is a scalar; got type {t}", d.name)
                shapes.append(())
                elements.append(t)
        self.operand_types: tuple[OperandType, ...] = tuple(operand_types)
        self.shapes: tuple[Shape, ...] = tuple(shapes)
        given_maps = self._given_maps(attributes)
        self.attributes: dict[str, tuple[int, ...] | str] = self._resolve_attributes(attributes)
        self.type_bindings: dict[str, ElementType] = self._bind_types(elements)
        self.element_types: tuple[ElementType, ...] = tuple(elements)
        policy_attrs: dict[str, Any] = dict(self.attributes)
        if given_maps is not None:
            policy_attrs[INDEXING_MAPS] = given_maps
        try:
            found = self.MAPS.maps_for(policy_attrs, self.shapes)
        except MapsError as exc:
            raise self._error(exc.message, exc.operand) from None
        self.indexing_maps: tuple[AffineMap, ...] = found.maps
        self.iterator_types: tuple[IteratorType, ...] = found.iterator_types
        # The maps the named form prints as `indexing_maps` (None: the op's own).
        self.user_indexing_maps: tuple[AffineMap, ...] | None = found.given
        self._verify_ranks()
        self.verify_shapes(self.shapes)
        self.verify_op()
        # The region reads only element types (and the type bindings they give), attributes and
        # the loop count (the ranks, for rank-polymorphic ops): build it once per combination.
        ranks = tuple(len(s) for s in self.shapes)
        region_key = (type(self), self.element_types, ranks, tuple(sorted(self.attributes.items())))
        rt = CURRENT_RUNTIME.get()
        region = rt.regions.get(region_key)
        if region is None:
            helper = RegionHelper(self)
            self.build_region(helper)
            region = rt.remember(rt.regions, region_key, helper.finish())
        self.region: Region = region
        if _CONTRACTION in self.IMPLEMENTS:
            problem = _contraction_kinds(region)
            if problem is not None:
                raise self._error(problem)

    @classmethod
    def from_types(cls, types: Sequence[OperandType], /, **attrs: Any) -> StructuredOp:
        """An instance from operand types alone (one per value operand, declaration order)."""
        return cls(types, attrs)

    @classmethod
    def from_arrays(
        cls, /, *ins: Any, outs: Sequence[Any] | None = None, **attrs: Any
    ) -> tuple[StructuredOp, list[Any]]:
        """Bind NumPy operands: returns the verified instance and the normalised operands
        (arrays as given, scalars as NumPy scalars of their element type)."""
        return call_form.bind_arrays(cls, ins, outs, attrs)

    @classmethod
    def call(
        cls,
        /,
        *ins: Any,
        outs: Sequence[Any] | None = None,
        backend: str | None = None,
        **attrs: Any,
    ) -> Any:
        """The call form: run the op on arrays, update `outs` in place and return them."""
        return call_form.call(cls, ins, outs, backend, attrs)

    # -- operand facts --------------------------------------------------------------------

    @property
    def value_operands(self) -> tuple[OperandDef, ...]:
        return self._VALUE_OPERANDS

    @property
    def num_inputs(self) -> int:
        return self._NUM_INPUTS

    @property
    def num_outputs(self) -> int:
        return len(self._VALUE_OPERANDS) - self._NUM_INPUTS

    @property
    def num_loops(self) -> int:
        return len(self.iterator_types)

    def operand_index(self, name: str) -> int:
        for i, d in enumerate(self.value_operands):
            if d.name == name:
                return i
        raise KeyError(name)

    @cached_property
    def compiled_body(self) -> Callable[..., Any]:
        """The region as one Python function `body(*args[, *dims]) -> yielded value(s)`."""
        from linalg_odsgen.runtime.compile import compile_region

        return compile_region(self.region, self.num_loops if self.USES_INDEX else 0)

    # -- attributes -----------------------------------------------------------------------

    def own_attributes(self, given: dict[str, Any]) -> dict[str, str]:
        """Attributes the class reads itself, beyond its op config's (MLIR 22's elementwise
        `kind`): resolved and popped from `given`. None by default."""
        return {}

    def _given_maps(self, given: Mapping[str, Any]) -> tuple[AffineMap, ...] | None:
        """The `indexing_maps` an instance gives, parsed (None when it gives none)."""
        value = given.get(INDEXING_MAPS)
        if value is None or not self.MAPS.takes_indexing_maps():
            return None
        try:
            return parse_maps(value)
        except ValueError as exc:
            raise self._error(f"attribute {INDEXING_MAPS!r}: {exc}") from None

    def _resolve_attributes(self, given: Mapping[str, Any]) -> dict[str, tuple[int, ...] | str]:
        remaining = dict(given)
        if self.MAPS.takes_indexing_maps():
            remaining.pop(INDEXING_MAPS, None)
        own = self.own_attributes(remaining)
        out: dict[str, tuple[int, ...] | str] = {}
        for d in self.OPERANDS:
            if d.kind.is_value:
                continue
            is_index = d.kind is OperandKind.INDEX_ATTR
            value = remaining.pop(d.name, None)
            if value is None:
                value = d.default_indices if is_index else d.default_fn
                if value is None:
                    raise self._error(f"missing required attribute {d.name!r}", d.name)
            out[d.name] = self._index_attr(d, value) if is_index else self._fn_attr(d, value)
        if remaining:
            known = [d.name for d in self.OPERANDS if not d.kind.is_value]
            expected = ", ".join(known) if known else "none"
            unknown = ", ".join(repr(k) for k in remaining)
            raise self._error(f"unknown attribute {unknown}; this op takes: {expected}")
        out.update(own)
        return out

    def _index_attr(self, d: OperandDef, value: Any) -> tuple[int, ...]:
        assert d.index_attr_map is not None
        n = d.index_attr_map.num_results
        if isinstance(value, np.ndarray):
            value = value.tolist()
        if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
            value = [value]
        if not isinstance(value, (list, tuple)) or not all(
            isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_)) for v in value
        ):
            raise self._error(
                f"attribute {d.name!r} expects {count(n, 'integer')}, got {value!r}", d.name
            )
        if len(value) != n:
            raise self._error(
                f"attribute {d.name!r} expects {count(n, 'integer')}, got {len(value)}: {list(value)!r}",
                d.name,
            )
        for v in value:
            if not -(2**63) <= int(v) < 2**63:
                raise self._error(
                    f"attribute {d.name!r}: {int(v)} does not fit in 64 bits (MLIR's index "
                    "attributes are i64)",
                    d.name,
                )
        return tuple(int(v) for v in value)

    def _fn_attr(self, d: OperandDef, value: Any) -> str:
        kind = d.kind.fn_kind
        assert kind is not None
        name = _fn_name_of(value)
        allowed = FN_NAMES[kind]
        if name is None or name not in allowed:
            raise self._error(
                f"attribute {d.name!r} expects a {kind.value} function "
                f"({', '.join(allowed)}), got {value!r}",
                d.name,
            )
        return name

    # -- types ----------------------------------------------------------------------------

    def _bind_types(self, elements: Sequence[ElementType]) -> dict[str, ElementType]:
        """Each type variable bound as MLIR's region builder binds it: to the element type of
        the first operand declaring it (fixed types name themselves).

        MLIR 22 checks nothing more (mlir-opt-22 accepts a quantized_matmul with an i64 or
        f32 zero point declared I32, and operands of one variable with different types), so
        neither do we: where such operands make the payload ill-typed (`add` of f32 and f16,
        a yield of the wrong type), building the region fails, as MLIR's verifier does.
        """
        bindings: dict[str, ElementType] = dict(FIXED_TYPES)
        for d, t in zip(self.value_operands, elements, strict=True):
            if d.type_var is not None and d.type_var not in FIXED_TYPES:
                bindings.setdefault(d.type_var, t)
        return bindings

    # -- maps and domain ------------------------------------------------------------------

    def _verify_ranks(self) -> None:
        for d, m, s in zip(self.value_operands, self.indexing_maps, self.shapes, strict=True):
            if d.kind.is_tensor and len(s) != m.num_results:
                raise self._error(
                    f"operand {d.name!r} has rank {len(s)}, expected rank {m.num_results}",
                    d.name,
                )
            if not d.kind.is_tensor and m.num_results != 0:
                raise self._error(
                    f"scalar operand {d.name!r} has a non-scalar indexing map", d.name
                )

    def _range_sources(self) -> list[tuple[int, int] | None]:
        """Per loop dim: the first (operand, result) whose map result is that bare dim."""
        sources: list[tuple[int, int] | None] = [None] * self.num_loops
        for k, m in enumerate(self.indexing_maps):
            for r, pos in enumerate(m.dim_positions()):
                if pos is not None and sources[pos] is None:
                    sources[pos] = (k, r)
        return sources

    @overload
    def loop_ranges(self, shapes: Sequence[tuple[int, ...]]) -> tuple[int, ...]: ...

    @overload
    def loop_ranges(self, shapes: Sequence[Shape] | None = None) -> tuple[int | None, ...]: ...

    def loop_ranges(self, shapes: Sequence[Shape] | None = None) -> tuple[int | None, ...]:
        """The iteration domain: each loop's size from the first operand indexed by it alone
        (concrete shapes, e.g. of arrays, give concrete sizes)."""
        shapes = self.shapes if shapes is None else shapes
        ranges: list[int | None] = []
        for dim, src in enumerate(self._range_sources()):
            if src is None:
                raise self._error(
                    f"cannot derive the size of loop d{dim}: no operand is indexed by d{dim} alone"
                )
            ranges.append(shapes[src[0]][src[1]])
        return tuple(ranges)

    def verify_shapes(self, shapes: Sequence[Shape]) -> None:
        """Sizes agree along shared loops and every access stays in bounds; else OpError."""
        ranges = self.loop_ranges(shapes)
        sources = self._range_sources()
        empty = any(n == 0 for n in ranges)
        for d, m, shape in zip(self.value_operands, self.indexing_maps, shapes, strict=True):
            for r, expr in enumerate(m.results):
                extent = shape[r]
                if extent is not None and extent < 0:
                    raise self._error(f"operand {d.name!r} dim {r} has negative size", d.name)
                if isinstance(expr, AffineDimExpr):
                    size = ranges[expr.position]
                    if extent is None or size is None or extent == size:
                        continue
                    src = sources[expr.position]
                    assert src is not None
                    src_name = self.value_operands[src[0]].name
                    raise self._error(
                        f"operand {d.name!r} dim {r} has size {extent} but loop d{expr.position} "
                        f"has size {size} (from operand {src_name!r} dim {src[1]})"
                        + self._declared_shapes(shapes, (src_name, d.name)),
                        d.name,
                    )
                if empty or extent is None:
                    continue
                sizes = sizes_of_used_dims(expr, ranges)
                if sizes is None:  # a dynamic loop: checked when shapes are concrete
                    continue
                try:
                    lo, hi = expr_bounds(expr, sizes)
                except ZeroDivisionError:
                    raise self._error(
                        f"operand {d.name!r} dim {r}: the access {expr} may divide by zero",
                        d.name,
                    ) from None
                if lo < 0:
                    raise self._error(
                        f"operand {d.name!r} dim {r}: the access {expr} reaches index {lo}", d.name
                    )
                if hi >= extent:
                    raise self._error(
                        f"operand {d.name!r} dim {r} has size {extent} but the access {expr} "
                        f"reaches index {hi}" + self._declared_shapes(shapes, (d.name,)),
                        d.name,
                    )

    def _declared_shapes(self, shapes: Sequence[Shape], names: Sequence[str]) -> str:
        """`; the op declares A: (s0, s1), B: (s1, s2); given A: (5, 3), B: (4, 6)` for the
        operands `names` (shape symbols as the op config numbers them; equal symbols are
        sizes that must agree)."""
        declared: list[str] = []
        given: list[str] = []
        symbols = self.SYMBOL_NAMES

        def spelled(e: AffineExpr) -> str:
            text = str(e)
            if symbols is None:
                return text
            return re.sub(r"\bs(\d+)\b", lambda m: symbols[int(m.group(1))], text)

        for d, shape in zip(self.value_operands, shapes, strict=True):
            if d.name not in names or d.shape_map is None:
                continue
            declared.append(f"{d.name}: ({', '.join(spelled(e) for e in d.shape_map.results)})")
            given.append(f"{d.name}: ({', '.join('?' if n is None else str(n) for n in shape)})")
        if not declared:
            return ""
        return f"; the op declares {', '.join(declared)}; given {', '.join(given)}"

    # -- running --------------------------------------------------------------------------

    def run(self, operands: Sequence[Any], backend: str | None = None) -> None:
        """Execute on normalised operands (from `from_arrays`) with a backend."""
        call_form.execute(self, call_form.backend_of(self.OP_NAME, backend), list(operands))

    # -- printing -------------------------------------------------------------------------

    def to_mlir(self, form: str = "named", *, kind: str | None = None) -> str:
        """This instance as an MLIR module: `form` is "named" or "generic"; `kind` forces
        "memref" or "tensor" operands (default: the operand types' own, memref for arrays)."""
        return print_instance(self, form, kind=kind)

    # -- helpers --------------------------------------------------------------------------

    def _error(self, message: str, operand: str | None = None) -> OpError:
        return OpError(self.OP_NAME, message, operand)

    def __repr__(self) -> str:
        types = ", ".join(str(t) for t in self.operand_types)
        return f"<{type(self).__name__} {self.OP_NAME}({types}) {self.attributes}>"


# -- helpers ------------------------------------------------------------------------------


_CONTRACTION = "LinalgContractionOpInterface"
# (elementwise, reduction) op pairs MLIR 22 accepts in a contraction's body.
_CONTRACTION_PAIRS = {
    (r.reducer.contraction_with, r.name)
    for r in payloads.records()
    if r.reducer is not None and r.reducer.contraction_with is not None
}


def _contraction_kinds(region: Region) -> str | None:
    """Why MLIR would refuse this instance as a contraction although the op config has the
    right shape (`validate` checks that): its multiply and its add must be of one kind, and
    which kinds they are depends on the element types (`addf` of `muli` is refused)."""
    defs = {op.result.id: op for op in region.ops}

    def skip(v: Any) -> Any:  # through single-operand ops, as MLIR's getSourceSkipUnary
        while v.id in defs and len(defs[v.id].operands) == 1:
            v = defs[v.id].operands[0]
        return v

    if len(region.yields) != 1:
        return None
    red = defs.get(skip(region.yields[0]).id)
    if red is None or len(red.operands) != 2:
        return None
    lhs, rhs = (skip(v) for v in red.operands)
    arg_ids = {a.id for a in region.args}
    ew = defs.get(skip(rhs if lhs.id in arg_ids else lhs).id)
    if ew is None or len(ew.operands) != 2 or (ew.name, red.name) in _CONTRACTION_PAIRS:
        return None
    return (
        f"implements ContractionOpInterface, but with these element types its body is "
        f"{red.name} of {ew.name}, which MLIR refuses (a contraction is addf of mulf, addi of "
        "muli or ori of andi); convert the operands before multiplying, e.g. "
        "cast_signed(U, a) * cast_signed(U, b)"
    )


def _fn_name_of(value: Any) -> str | None:
    """A function attribute value as its name: `"mul"`, `BinaryFn.mul` or an enum member."""
    if isinstance(value, str):
        return value
    for attr in ("fn_name", "name", "value"):
        name = getattr(value, attr, None)
        if isinstance(name, str):
            return name
    return None
