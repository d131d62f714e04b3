"""`StructuredOp`: the shared base of every generated op class.

A generated class only states what its op config says (operands, maps, iterator
types, region builder, loop nest). This base turns that into *instances*: an op
bound to concrete operand types (element type + shape) and resolved attributes,
checked the way MLIR's verifier checks a named op, with its indexing maps
(index-attribute symbols substituted), iteration domain and payload region.
An instance holds no data, so the MLIR printer can build one from types alone.
"""

from __future__ import annotations

import itertools
import math
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import cached_property
from typing import Any, ClassVar, TypeVar, overload

import numpy as np

from linalg_odsgen import payloads
from linalg_odsgen.affine import (
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineExprKind,
    AffineMap,
    AffineSymbolExpr,
)
from linalg_odsgen.diagnostics import DiagnosticError
from linalg_odsgen.model import FN_NAMES, IteratorType, OperandDef, OperandKind
from linalg_odsgen.payload import Region
from linalg_odsgen.runtime.backends import default_backend, get_backend, get_preparer, on_rebind
from linalg_odsgen.runtime.errors import OpError, a_type, count
from linalg_odsgen.runtime.region import RegionHelper
from linalg_odsgen.runtime.scalar_semantics import from_canonical, to_canonical
from linalg_odsgen.types import (
    FIXED_TYPES,
    ElementType,
    ShapedType,
    element_type_of,
)

OperandType = ShapedType | ElementType
Shape = tuple[int | None, ...]

# Accesses of non-linear expressions are enumerated up to this many points.
_MAX_ENUMERATED_POINTS = 1 << 16


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
        self.attributes: dict[str, tuple[int, ...] | str] = self._resolve_attributes(attributes)
        self.type_bindings: dict[str, ElementType] = self._bind_types(elements)
        self.element_types: tuple[ElementType, ...] = tuple(elements)
        self.indexing_maps, self.iterator_types = self._instantiate_maps()
        self._verify_ranks()
        self.verify_shapes(self.shapes)
        self.verify_op()
        # The region reads only element types (and the type bindings they give), attributes and
        # the loop count (the ranks, for rank-polymorphic ops): build it once per combination.
        ranks = tuple(len(s) for s in self.shapes)
        region_key = (type(self), self.element_types, ranks, tuple(sorted(self.attributes.items())))
        region = _REGION_CACHE.get(region_key)
        if region is None:
            helper = RegionHelper(self)
            self.build_region(helper)
            region = _remember(_REGION_CACHE, region_key, helper.finish())
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
        inputs = [d for d in cls._value_operands() if d.kind.is_input]
        outputs = [d for d in cls._value_operands() if not d.kind.is_input]
        if len(ins) != len(inputs):
            listed = ", ".join(d.name for d in inputs)
            raise OpError(
                cls.OP_NAME, f"expected {count(len(inputs), 'input')} ({listed}), got {len(ins)}"
            )
        if outs is None:
            outs = []
        if isinstance(outs, np.ndarray) or not isinstance(outs, (list, tuple)):
            raise OpError(cls.OP_NAME, "outs must be a list of arrays, e.g. outs=[C]")
        if len(outs) != len(outputs):
            listed = ", ".join(d.name for d in outputs)
            raise OpError(
                cls.OP_NAME,
                f"expected {count(len(outputs), 'output')} in outs=[...] ({listed}), got {len(outs)}",
            )
        by_def: dict[str, Any] = {}
        for d, v in zip(inputs, ins, strict=True):
            by_def[d.name] = v
        for d, v in zip(outputs, outs, strict=True):
            if not isinstance(v, np.ndarray):
                raise OpError(
                    cls.OP_NAME,
                    f"output {d.name!r} must be a NumPy array (updated in place), got {type(v).__name__}",
                    d.name,
                )
            if not v.flags.writeable:
                raise OpError(cls.OP_NAME, f"output {d.name!r} is a read-only array", d.name)
            by_def[d.name] = v
        values = [by_def[d.name] for d in cls._value_operands()]
        # Plain arrays for every (tensor) operand: the instance follows from their dtypes
        # and shapes alone, so a repeated call skips type inference and normalisation.
        plain = cls._ALL_TENSORS and all(type(v) is np.ndarray for v in values)
        if plain:
            array_key = _array_key(cls, values, attrs)
            hit = _ARRAY_CALL_CACHE.get(array_key) if array_key is not None else None
            if hit is not None:
                return hit, values
        types = _infer_types(cls, values)
        # Instances are immutable once built: one per (class, operand types, attributes)
        # serves every call with those (verification and maps are per instance, not data).
        key = _instance_key(cls, types, attrs)
        op = _INSTANCE_CACHE.get(key) if key is not None else None
        if op is None:
            op = cls(types, attrs)
            if key is not None:
                _remember(_INSTANCE_CACHE, key, op)
        operands = [
            _normalise(cls.OP_NAME, d, v, t.element if isinstance(t, ShapedType) else t)
            for d, v, t in zip(op.value_operands, values, op.operand_types, strict=True)
        ]
        if plain and array_key is not None:
            _remember(_ARRAY_CALL_CACHE, array_key, op)
        return op, operands

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
        name = default_backend() if backend is None else backend
        if type(name) is not str:  # before it is used as a cache key
            _backend_of(cls.OP_NAME, name)
        plain = _plain_call(cls, name, ins, outs, attrs)
        runner = _PREPARED.get(plain[0]) if plain is not None else None
        if plain is not None and plain[2] and runner is not None and runner(plain[1]):
            results = plain[1][cls._NUM_INPUTS :]
            return results[0] if len(results) == 1 else tuple(results)
        op, operands = cls.from_arrays(*ins, outs=outs, **attrs)
        op._execute(_backend_of(cls.OP_NAME, backend), operands)
        # Prepare once per signature: again only when a runner went stale (a setting
        # changed); a signature its backend prepares nothing for is remembered as such
        # (until a backend name is rebound), so its calls do not plan twice.
        if plain is not None and (runner is None or (plain[2] and runner is not _no_runner)):
            prepare = get_preparer(name)
            ready = prepare(op, operands) if prepare is not None else None
            if ready is None or not all(v.dtype.isnative for v in operands):
                ready = _no_runner
            _remember(_PREPARED, plain[0], ready)
        results = operands[op.num_inputs :]
        return results[0] if len(results) == 1 else tuple(results)

    def _execute(self, run: Any, operands: Sequence[Any]) -> None:
        """Run a backend with the runtime's operand rules, the same for every backend:

        - an input that shares memory with an output is read as it was before the op
          (copied first), so `add(x, x[::-1], outs=[x])` means what it would on tensors;
        - two outputs that share memory are refused (which write wins is undefined);
        - arrays in non-native byte order are computed in native order and written back.
        """
        outs = [i for i, d in enumerate(self.value_operands) if d.kind is OperandKind.OUTPUT_TENSOR]
        for a, b in itertools.combinations(outs, 2):
            if _may_overlap(operands[a], operands[b]):
                names = f"{self.value_operands[a].name!r} and {self.value_operands[b].name!r}"
                raise self._error(f"outputs {names} share memory; give separate arrays")
        prepared = list(operands)
        for i, v in enumerate(operands):
            if i not in outs and any(_may_overlap(v, operands[o]) for o in outs):
                prepared[i] = v = v.copy()
            if isinstance(v, np.ndarray) and not v.dtype.isnative:
                prepared[i] = v.astype(v.dtype.newbyteorder("="))
        run(self, prepared)
        for o in outs:
            if prepared[o] is not operands[o]:
                operands[o][...] = prepared[o]

    # -- operand facts --------------------------------------------------------------------

    @classmethod
    def _value_operands(cls) -> tuple[OperandDef, ...]:
        return cls._VALUE_OPERANDS

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

    def _resolve_attributes(self, given: Mapping[str, Any]) -> dict[str, tuple[int, ...] | str]:
        remaining = dict(given)
        self.user_indexing_maps: tuple[AffineMap, ...] | None = None
        if "indexing_maps" in remaining and self._takes_indexing_maps():
            self.user_indexing_maps = self._user_maps(remaining.pop("indexing_maps"))
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
        return out

    @classmethod
    def _takes_indexing_maps(cls) -> bool:
        """Whether instances may give their own `indexing_maps` (MLIR 22's matmul family)."""
        from linalg_odsgen.runtime.instance_maps import rule_for

        return rule_for(cls.OP_NAME, cls.STATIC_INDEXING_MAPS) is not None

    def _user_maps(self, value: Any) -> tuple[AffineMap, ...] | None:
        from linalg_odsgen.runtime.instance_maps import parse_maps, rule_for

        if value is None:
            return None
        rule = rule_for(self.OP_NAME, self.STATIC_INDEXING_MAPS)
        assert rule is not None
        try:
            maps = parse_maps(value)
        except ValueError as exc:
            raise self._error(f"attribute 'indexing_maps': {exc}") from None
        problem = rule.check(maps)
        if problem is not None:
            raise self._error(f"attribute 'indexing_maps': {problem}")
        return None if maps == tuple(rule.default_maps()) else maps

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

    @property
    def symbol_values(self) -> dict[int, int]:
        """Symbol position -> value, for the symbols index attributes bind."""
        out: dict[int, int] = {}
        for d in self.OPERANDS:
            if d.kind is OperandKind.INDEX_ATTR and d.index_attr_map is not None:
                values = self.attributes[d.name]
                if not isinstance(values, tuple):  # index attributes resolve to int tuples
                    continue
                for r, v in zip(d.index_attr_map.results, values, strict=True):
                    if isinstance(r, AffineSymbolExpr):
                        out[r.position] = v
        return out

    def _instantiate_maps(self) -> tuple[tuple[AffineMap, ...], tuple[IteratorType, ...]]:
        if self.RANK_POLYMORPHIC:
            outputs = [i for i, d in enumerate(self.value_operands) if not d.kind.is_input]
            rank = len(self.shapes[outputs[0]]) if outputs else 0
            maps = tuple(
                AffineMap.identity(rank) if len(s) > 0 else AffineMap.empty(rank)
                for s in self.shapes
            )
            return maps, (IteratorType.PARALLEL,) * rank
        if self.user_indexing_maps is not None:
            return self.user_indexing_maps, tuple(self.ITERATOR_TYPES)
        symbols = self.symbol_values
        # Substituting and simplifying maps dominates small calls: memoise per attribute values.
        key = (type(self), tuple(sorted(symbols.items())))
        cached = _MAPS_CACHE.get(key)
        if cached is None:
            cached = _remember(_MAPS_CACHE, key, self._substitute_symbols(symbols))
        return cached, tuple(self.ITERATOR_TYPES)

    def _substitute_symbols(self, symbols: dict[int, int]) -> tuple[AffineMap, ...]:
        maps = []
        for d, m in zip(self.value_operands, self.STATIC_INDEXING_MAPS, strict=True):
            try:
                maps.append(m.replace(symbols=symbols, num_symbols=0).simplify())
            except ValueError:
                raise self._error(
                    f"the indexing map of operand {d.name!r} uses symbols no index attribute binds",
                    d.name,
                ) from None
        # An attribute value can erase a loop dim from a map (a stride of 0 turns `d1 * s0`
        # into 0). A loop that then indexes nothing is meaningless, and MLIR's convolution
        # verifier refuses any input map that lost an output or window dim.
        used: set[int] = set()
        for m in maps:
            used |= m.used_dims()
        is_conv = "LinalgConvolutionOpInterface" in self.IMPLEMENTS
        for d, static, m in zip(self.value_operands, self.STATIC_INDEXING_MAPS, maps, strict=True):
            for dim in sorted(static.used_dims() - m.used_dims()):
                if dim in used and not is_conv:
                    continue
                attrs = ", ".join(
                    f"{a.name}={list(self.attributes[a.name])}"
                    for a in self.OPERANDS
                    if a.kind is OperandKind.INDEX_ATTR and a.name in self.attributes
                )
                raise self._error(
                    f"with {attrs} loop d{dim} drops out of the indexing map of operand "
                    f"{d.name!r} (a factor of 0 removes it); index attributes that scale a "
                    "loop must not be 0",
                    d.name,
                )
        return tuple(maps)

    def _verify_ranks(self) -> None:
        if self.RANK_POLYMORPHIC:
            outputs = [i for i, d in enumerate(self.value_operands) if not d.kind.is_input]
            rank = len(self.shapes[outputs[0]]) if outputs else 0
            for d, s in zip(self.value_operands, self.shapes, strict=True):
                if len(s) not in (0, rank):
                    raise self._error(
                        f"operand {d.name!r} has rank {len(s)}; this elementwise op needs "
                        f"rank {rank} (the output's) or a scalar",
                        d.name,
                    )
            return
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
                sizes = _sizes_of_used_dims(expr, ranges)
                if sizes is None:  # a dynamic loop: checked when shapes are concrete
                    continue
                try:
                    lo, hi = _expr_bounds(expr, sizes)
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
        self._execute(_backend_of(self.OP_NAME, backend), list(operands))

    # -- printing -------------------------------------------------------------------------

    def to_mlir(self, form: str = "named", *, kind: str | None = None) -> str:
        """This instance as an MLIR module: `form` is "named" or "generic"; `kind` forces
        "memref" or "tensor" operands (default: the operand types' own, memref for arrays)."""
        from linalg_odsgen.mlir.printer import print_module

        return print_module(self, form, kind=kind)

    # -- helpers --------------------------------------------------------------------------

    def _error(self, message: str, operand: str | None = None) -> OpError:
        return OpError(self.OP_NAME, message, operand)

    def __repr__(self) -> str:
        types = ", ".join(str(t) for t in self.operand_types)
        return f"<{type(self).__name__} {self.OP_NAME}({types}) {self.attributes}>"


# -- helpers ------------------------------------------------------------------------------

# Memo tables of immutable per-(class, types, attributes) results; bounded so long-running
# processes that sweep many attribute values do not grow without limit.
_CACHE_LIMIT = 4096
_MAPS_CACHE: dict[Any, tuple[AffineMap, ...]] = {}
_INSTANCE_CACHE: dict[Any, StructuredOp] = {}


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


def _backend_of(op_name: str, backend: Any) -> Any:
    """The backend called `backend`; a bad name is an error naming the op, as every
    other runtime error does."""
    try:
        return get_backend(backend)
    except DiagnosticError as err:
        raise OpError(op_name, err.diagnostics[0].message) from None


def _array_key(
    cls: type[StructuredOp], values: Sequence[np.ndarray], attrs: Mapping[str, Any]
) -> tuple[Any, ...] | None:
    """`_instance_key` for operands that are all plain arrays, from dtypes and shapes."""
    return _instance_key(cls, [(v.dtype, v.shape) for v in values], attrs)


# (class, operand dtypes and shapes, attributes) -> verified instance, for call forms
# whose operands are all plain arrays (`from_arrays`).
_ARRAY_CALL_CACHE: dict[Any, StructuredOp] = {}


def _instance_key(
    cls: type[StructuredOp], types: Sequence[Any], attrs: Mapping[str, Any]
) -> tuple[Any, ...] | None:
    """A hashable key of an instance's inputs (None when an attribute value is unhashable)."""
    items = []
    for k in sorted(attrs):
        v = attrs[k]
        if isinstance(v, np.ndarray):
            v = ("ndarray", v.dtype.str, v.shape, v.tobytes())
        elif isinstance(v, list):
            v = ("list", *v)
        elif isinstance(v, tuple):
            v = ("tuple", *v)
        items.append((k, type(v).__name__, v))
    key = (cls, tuple(types), tuple(items))
    try:
        hash(key)
    except TypeError:
        return None
    return key


_REGION_CACHE: dict[Any, Region] = {}

# (class, backend, operand dtypes/shapes/strides, attributes) -> a backend's prepared
# runner: a repeated call on plain arrays skips binding, type inference and planning.
_PREPARED: dict[Any, Callable[[list[np.ndarray]], bool]] = {}


def _no_runner(values: list[np.ndarray]) -> bool:
    """The `_PREPARED` entry of a signature its backend prepares no runner for."""
    return False


def forget_prepared_calls() -> None:
    """Drop every prepared runner (the registry calls this when a backend name is rebound)."""
    _PREPARED.clear()


on_rebind(forget_prepared_calls)


def _plain_call(
    cls: type[StructuredOp], backend: str, ins: tuple[Any, ...], outs: Any, attrs: Mapping[str, Any]
) -> tuple[tuple[Any, ...], list[np.ndarray], bool] | None:
    """For a call whose operands are all plain arrays given in declaration order (inputs,
    then outputs): its `_PREPARED` key, the operands, and whether a prepared runner may
    take them as they are — outputs writable and sharing memory with no other operand
    (else the full path runs, which copies such inputs or reports the problem). None for
    any other call."""
    if not cls._INPUTS_FIRST or type(outs) not in (list, tuple) or type(backend) is not str:
        return None
    values = [*ins, *outs]
    if len(ins) != cls._NUM_INPUTS or len(values) != len(cls._VALUE_OPERANDS):
        return None
    signature = []
    for v in values:
        if type(v) is not np.ndarray:
            return None
        signature.append((v.dtype, v.shape, v.strides))
    if not attrs:
        key: tuple[Any, ...] = (cls, backend, tuple(signature))
    else:
        instance = _instance_key(cls, (), attrs)
        if instance is None:
            return None
        key = (cls, backend, tuple(signature), instance[2])
    fits = True
    for j in range(cls._NUM_INPUTS, len(values)):
        out = values[j]
        if not out.flags.writeable or any(
            i != j and np.may_share_memory(v, out) for i, v in enumerate(values)
        ):
            fits = False
    return key, values, fits


_V = TypeVar("_V")


def _remember(cache: dict[Any, _V], key: Any, value: _V) -> _V:
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value


def _fn_name_of(value: Any) -> str | None:
    """A function attribute value as its name: `"mul"`, `BinaryFn.mul` or an enum member."""
    if isinstance(value, str):
        return value
    for attr in ("fn_name", "name", "value"):
        name = getattr(value, attr, None)
        if isinstance(name, str):
            return name
    return None


def _sizes_of_used_dims(expr: AffineExpr, ranges: Sequence[int | None]) -> list[int] | None:
    """Loop sizes for bounding `expr`: None when a loop it uses is dynamic; loops it does
    not use count as size 1 (they cannot move it)."""
    used = expr.used_dims()
    sizes: list[int] = []
    for p, n in enumerate(ranges):
        if p not in used:
            sizes.append(1)
        elif n is None:
            return None
        else:
            sizes.append(n)
    return sizes


def _expr_bounds(expr: AffineExpr, ranges: Sequence[int]) -> tuple[int, int]:
    """Bounds of `expr` over the (non-empty) iteration domain, never narrower than the truth.

    In-bounds verification is what keeps NumPy from wrapping a negative index or the
    loops from reading past an operand, so the bounds must be sound: exact for linear
    expressions and for small domains (enumerated), interval arithmetic otherwise.
    """
    form = expr.linear_form(len(ranges))
    if form is not None:
        return _linear_bounds(form, ranges)
    used = sorted(expr.used_dims())
    if math.prod(ranges[p] for p in used) > _MAX_ENUMERATED_POINTS:
        return _interval_bounds(expr, ranges)
    dims = [0] * len(ranges)
    values = []
    for point in itertools.product(*(range(ranges[p]) for p in used)):
        for p, v in zip(used, point, strict=True):
            dims[p] = v
        values.append(expr.eval(dims))
    return min(values), max(values)


def _linear_bounds(form: tuple[tuple[int, ...], int], ranges: Sequence[int]) -> tuple[int, int]:
    """Exact bounds of `sum(coeffs[i] * d_i) + c`: each term is extreme at an end of its loop."""
    coeffs, c = form
    lo = hi = c
    for a, n in zip(coeffs, ranges, strict=True):
        lo += min(0, a * (n - 1))
        hi += max(0, a * (n - 1))
    return lo, hi


# A value as `sum(coeff * var) + const` over loop dims (variables 0..n-1) and fresh
# variables standing for remainders; each variable has a known integer range.
_Form = tuple[dict[int, Fraction], Fraction]


def _interval_bounds(expr: AffineExpr, ranges: Sequence[int]) -> tuple[int, int]:
    """Sound bounds of a non-linear `expr` over the box `0 <= d_i < ranges[i]`.

    Interval arithmetic alone loses too much on MLIR's simplified forms: `d0 mod 3` is
    printed as `d0 - (d0 floordiv 3) * 3`, whose terms are correlated. So each division by
    a constant `c` is written exactly with a fresh remainder variable `r` (`L floordiv c`
    is `(L - r) / c`, `L ceildiv c` is `(L + r) / c`, `L mod c` is `r`, `r` in the range
    of `mod c`) and the result, linear in dims and remainders, is bounded term by term.
    Every real point maps into that box, so the bounds are never too narrow.
    """
    var_ranges: list[tuple[int, int]] = [(0, n - 1) for n in ranges]

    def bounds(form: _Form) -> tuple[Fraction, Fraction]:
        coeffs, lo = form
        hi = lo
        for v, a in coeffs.items():
            v_lo, v_hi = var_ranges[v]
            lo += min(a * v_lo, a * v_hi)
            hi += max(a * v_lo, a * v_hi)
        return lo, hi

    def fresh(lo: int, hi: int) -> _Form:
        var_ranges.append((lo, hi))
        return {len(var_ranges) - 1: Fraction(1)}, Fraction(0)

    def scaled(form: _Form, k: Fraction) -> _Form:
        return {v: a * k for v, a in form[0].items()}, form[1] * k

    def added(a: _Form, b: _Form) -> _Form:
        coeffs = dict(a[0])
        for v, k in b[0].items():
            coeffs[v] = coeffs.get(v, Fraction(0)) + k
        return coeffs, a[1] + b[1]

    def int_bounds(form: _Form) -> tuple[int, int]:
        lo, hi = bounds(form)
        return math.ceil(lo), math.floor(hi)  # the value is an integer

    def leaf(e: AffineExpr) -> _Form:
        if isinstance(e, AffineDimExpr):
            return {e.position: Fraction(1)}, Fraction(0)
        if isinstance(e, AffineConstantExpr):
            return {}, Fraction(e.value)
        raise ValueError(f"cannot bound {e}: symbols must be substituted first")

    def combine(e: AffineBinaryExpr, lhs: _Form, rhs: _Form) -> _Form:
        kind = e.kind
        if kind is AffineExprKind.ADD:
            return added(lhs, rhs)
        if kind is AffineExprKind.MUL:
            if not rhs[0]:
                return scaled(lhs, rhs[1])
            if not lhs[0]:
                return scaled(rhs, lhs[1])
            (a_lo, a_hi), (b_lo, b_hi) = int_bounds(lhs), int_bounds(rhs)
            products = [a * b for a in (a_lo, a_hi) for b in (b_lo, b_hi)]
            return fresh(min(products), max(products))
        c_lo, c_hi = int_bounds(rhs)
        if c_lo <= 0 <= c_hi:
            raise ZeroDivisionError(f"affine {kind.value} by a divisor that can be zero in {e}")
        if rhs[0]:  # a divisor that varies: of one sign, so corners are extreme
            a_lo, a_hi = int_bounds(lhs)
            pairs = [(a, c) for a in (a_lo, a_hi) for c in (c_lo, c_hi)]
            if kind is AffineExprKind.MOD:
                return fresh(0, c_hi - 1) if c_lo > 0 else fresh(c_lo + 1, 0)
            values = [_apply_division(kind, a, c) for a, c in pairs]
            return fresh(min(values), max(values))
        c = c_lo
        a_lo, a_hi = int_bounds(lhs)
        if a_lo // c == a_hi // c and kind is not AffineExprKind.CEILDIV:
            # one period of `mod c`: the quotient is constant, the remainder is a shift of L
            q = Fraction(a_lo // c)
            return ({}, q) if kind is AffineExprKind.FLOORDIV else added(lhs, ({}, -c * q))
        r = fresh(0, c - 1) if c > 0 else fresh(c + 1, 0)
        if kind is AffineExprKind.MOD:
            return r
        sign = -1 if kind is AffineExprKind.FLOORDIV else 1
        return scaled(added(lhs, scaled(r, Fraction(sign))), Fraction(1, c))

    return int_bounds(_fold_expr(expr, leaf, combine))


def _apply_division(kind: AffineExprKind, a: int, c: int) -> int:
    return a // c if kind is AffineExprKind.FLOORDIV else -(-a // c)


_T = TypeVar("_T")


def _fold_expr(
    expr: AffineExpr,
    leaf: Callable[[AffineExpr], _T],
    combine: Callable[[AffineBinaryExpr, _T, _T], _T],
) -> _T:
    """Bottom-up over the tree with an explicit stack (maps may nest deeply)."""
    done: list[_T] = []
    stack: list[tuple[AffineExpr, bool]] = [(expr, False)]
    while stack:
        node, ready = stack.pop()
        if not isinstance(node, AffineBinaryExpr):
            done.append(leaf(node))
        elif ready:
            rhs = done.pop()
            lhs = done.pop()
            done.append(combine(node, lhs, rhs))
        else:
            stack += [(node, True), (node.rhs, False), (node.lhs, False)]
    return done[0]


def _is_python_scalar(v: Any) -> bool:
    return isinstance(v, (bool, int, float)) and not isinstance(v, np.generic)


def _is_masked(v: Any) -> bool:
    """A NumPy masked array (looked up lazily: importing numpy.ma costs ~10 ms, and without
    it imported no masked array can exist)."""
    ma = sys.modules.get("numpy.ma")
    return ma is not None and isinstance(v, ma.MaskedArray)


def _infer_types(cls: type[StructuredOp], values: Sequence[Any]) -> list[OperandType]:
    """Operand types of call-form values; Python scalars take their type variable's binding."""
    defs = cls._value_operands()
    known: dict[str, ElementType] = dict(FIXED_TYPES)
    elements: list[ElementType | None] = []
    for d, v in zip(defs, values, strict=True):
        if _is_python_scalar(v):
            elements.append(None)
            continue
        if _is_masked(v):
            raise OpError(
                cls.OP_NAME,
                f"operand {d.name!r} is a masked array, whose mask the op would ignore; pass "
                "arr.filled(value) or arr.data",
                d.name,
            )
        if not isinstance(v, (np.ndarray, np.generic)):
            try:
                np.asarray(v)
            except (ValueError, TypeError) as exc:
                raise OpError(
                    cls.OP_NAME, f"operand {d.name!r} is not a rectangular array: {exc}", d.name
                ) from None
        dtype = v.dtype if isinstance(v, (np.ndarray, np.generic)) else np.asarray(v).dtype
        try:
            element = element_type_of(dtype)
        except TypeError as exc:
            raise OpError(cls.OP_NAME, f"operand {d.name!r}: {exc}", d.name) from None
        elements.append(element)
        if d.type_var is not None:
            known.setdefault(d.type_var, element)
    types: list[OperandType] = []
    for d, v, given in zip(defs, values, elements, strict=True):
        t = given
        if t is None:
            t = known.get(d.type_var or "")
            if t is None:
                t = element_type_of(
                    np.bool_
                    if isinstance(v, bool)
                    else np.int64
                    if isinstance(v, int)
                    else np.float64
                )
            if d.type_var is not None:
                known.setdefault(d.type_var, t)
        if d.kind.is_tensor:
            shape = v.shape if isinstance(v, np.ndarray) else np.shape(v)
            types.append(ShapedType("memref", tuple(map(int, shape)), t))
        else:
            if np.ndim(v) != 0:
                raise OpError(
                    cls.OP_NAME,
                    f"operand {d.name!r} is a scalar; got an array of shape {np.shape(v)}",
                    d.name,
                )
            types.append(t)
    return types


def _may_overlap(a: Any, b: Any) -> bool:
    """Whether two operands share memory (when that is too costly to decide: assume so)."""
    if not (isinstance(a, np.ndarray) and isinstance(b, np.ndarray)):
        return False
    if not np.may_share_memory(a, b):
        return False
    try:
        # (NumPy accepts any work bound; its stubs list only -1 and 0)
        return bool(np.shares_memory(a, b, max_work=10_000))  # type: ignore[arg-type]
    except np.exceptions.TooHardError:
        return True


def _normalise(op_name: str, d: OperandDef, value: Any, t: ElementType) -> Any:
    """Arrays stay as given (outputs are written in place); scalars become NumPy scalars of `t`."""
    if isinstance(value, np.ndarray) and d.kind.is_tensor:
        return value
    if _is_python_scalar(value):
        _check_representable(op_name, d, value, t)
        scalar = from_canonical(to_canonical(value, t), t)
    elif isinstance(value, (np.ndarray, np.generic)):
        scalar = np.asarray(value)[()]
    else:
        arr = np.asarray(value)
        return arr if d.kind.is_tensor else arr[()]
    return np.asarray(scalar, dtype=t.dtype) if d.kind.is_tensor else scalar


def _check_representable(op_name: str, d: OperandDef, value: Any, t: ElementType) -> None:
    if t.is_float:
        return
    if isinstance(value, float):
        if not value.is_integer():
            raise OpError(
                op_name, f"operand {d.name!r}: {value!r} is not {a_type(t)} value", d.name
            )
        value = int(value)
    lo, hi = -(1 << (t.width - 1)), (1 << t.width) - 1
    if t.is_bool:
        lo, hi = 0, 1
    if not lo <= int(value) <= hi:
        raise OpError(op_name, f"operand {d.name!r}: {value!r} does not fit in {t}", d.name)
