"""Where an op instance's indexing maps come from: the one maps policy each op class declares.

Most ops state their maps in their op config (`StaticMaps`: index-attribute symbols
substituted per instance); rank-polymorphic elementwise ops take identity maps of the
output's rank (`RankPolymorphicMaps`); MLIR 22's `linalg.contract`, `linalg.elementwise`
and the matmul family's `indexing_maps` let each instance give its own
(`PerInstanceMaps` with a `MapsRule` saying which maps are accepted).
`StructuredOp` asks its class's policy once per instance, `maps_for(attrs, shapes)`;
nothing else in the runtime, the printers or the CLI looks at an op's name to learn
this. Adding an MLIR op whose maps vary per instance is writing one `MapsRule`
(docs/development.md shows one).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from linalg_odsgen.affine import AffineMap, AffineSymbolExpr
from linalg_odsgen.model import IteratorType, OperandDef, OperandKind
from linalg_odsgen.runtime.protocol import Shape
from linalg_odsgen.runtime.settings import CURRENT_RUNTIME

# The attribute an instance gives its own maps in (MLIR 22's spelling).
INDEXING_MAPS = "indexing_maps"


class MapsError(ValueError):
    """Why an instance's maps cannot be made; the op turns it into its `OpError`."""

    def __init__(self, message: str, operand: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.operand = operand


@dataclass(frozen=True)
class InstanceMaps:
    """The maps of one instance, its iterator types, and the maps it prints as its
    `indexing_maps` attribute (None: the op's own, which the named form leaves out)."""

    maps: tuple[AffineMap, ...]
    iterator_types: tuple[IteratorType, ...]
    given: tuple[AffineMap, ...] | None = None


class MapsPolicy(ABC):
    """How a class's instances get their maps (one policy per class, chosen when it is made)."""

    def takes_indexing_maps(self) -> bool:
        """Whether an instance may give `indexing_maps` (the call form and `emit --attr`)."""
        return False

    @abstractmethod
    def maps_for(self, attrs: Mapping[str, Any], shapes: Sequence[Shape]) -> InstanceMaps:
        """The instance's maps from its resolved attributes (with `indexing_maps` as parsed
        maps when it gave them) and its operand shapes; `MapsError` when there are none."""


@dataclass(frozen=True, eq=False, repr=False)  # compared and hashed by identity: a cache key
class StaticMaps(MapsPolicy):
    """The op config's maps, with the symbols index attributes bind (strides, dilations)
    replaced by the instance's values."""

    operands: tuple[OperandDef, ...]  # every operand, attributes included
    maps: tuple[AffineMap, ...]  # one per value operand
    iterator_types: tuple[IteratorType, ...]
    is_convolution: bool = False

    def __repr__(self) -> str:
        return f"StaticMaps({', '.join(m.to_mlir() for m in self.maps)})"

    def symbol_values(self, attrs: Mapping[str, Any]) -> dict[int, int]:
        """Symbol position -> value, for the symbols index attributes bind."""
        out: dict[int, int] = {}
        for d in self.operands:
            if d.kind is not OperandKind.INDEX_ATTR or d.index_attr_map is None:
                continue
            values = attrs.get(d.name)
            if not isinstance(values, tuple):  # index attributes resolve to int tuples
                continue
            for r, v in zip(d.index_attr_map.results, values, strict=True):
                if isinstance(r, AffineSymbolExpr):
                    out[r.position] = v
        return out

    def maps_for(self, attrs: Mapping[str, Any], shapes: Sequence[Shape]) -> InstanceMaps:
        symbols = self.symbol_values(attrs)
        # Substituting and simplifying maps dominates small calls: memoise per attribute values.
        key = (self, tuple(sorted(symbols.items())))
        rt = CURRENT_RUNTIME.get()
        maps = rt.maps.get(key)
        if maps is None:
            maps = rt.remember(rt.maps, key, self._substitute(symbols, attrs))
        return InstanceMaps(maps, self.iterator_types)

    def _substitute(
        self, symbols: dict[int, int], attrs: Mapping[str, Any]
    ) -> tuple[AffineMap, ...]:
        values = [d for d in self.operands if d.kind.is_value]
        maps = []
        for d, m in zip(values, self.maps, strict=True):
            try:
                maps.append(m.replace(symbols=symbols, num_symbols=0).simplify())
            except ValueError:
                raise MapsError(
                    f"the indexing map of operand {d.name!r} uses symbols no index attribute binds",
                    d.name,
                ) from None
        # An attribute value can erase a loop dim from a map (a stride of 0 turns `d1 * s0`
        # into 0). A loop that then indexes nothing is meaningless, and MLIR's convolution
        # verifier refuses any input map that lost an output or window dim.
        used: set[int] = set()
        for m in maps:
            used |= m.used_dims()
        for d, static, m in zip(values, self.maps, maps, strict=True):
            for dim in sorted(static.used_dims() - m.used_dims()):
                if dim in used and not self.is_convolution:
                    continue
                given = ", ".join(
                    f"{a.name}={list(attrs[a.name])}"
                    for a in self.operands
                    if a.kind is OperandKind.INDEX_ATTR and a.name in attrs
                )
                raise MapsError(
                    f"with {given} loop d{dim} drops out of the indexing map of operand "
                    f"{d.name!r} (a factor of 0 removes it); index attributes that scale a "
                    "loop must not be 0",
                    d.name,
                )
        return tuple(maps)


@dataclass(frozen=True, eq=False, repr=False)
class RankPolymorphicMaps(MapsPolicy):
    """Elementwise ops written for any rank (`O[None]`): one parallel loop per output dim,
    identity maps for tensors of that rank, empty maps for scalars and 0-d tensors."""

    operands: tuple[OperandDef, ...]  # the value operands

    def __repr__(self) -> str:
        return f"RankPolymorphicMaps({', '.join(d.name for d in self.operands)})"

    def maps_for(self, attrs: Mapping[str, Any], shapes: Sequence[Shape]) -> InstanceMaps:
        outputs = [i for i, d in enumerate(self.operands) if not d.kind.is_input]
        rank = len(shapes[outputs[0]]) if outputs else 0
        for d, s in zip(self.operands, shapes, strict=True):
            if len(s) not in (0, rank):
                raise MapsError(
                    f"operand {d.name!r} has rank {len(s)}; this elementwise op needs "
                    f"rank {rank} (the output's) or a scalar",
                    d.name,
                )
        maps = tuple(
            AffineMap.identity(rank) if len(s) > 0 else AffineMap.empty(rank) for s in shapes
        )
        return InstanceMaps(maps, (IteratorType.PARALLEL,) * rank)


class MapsRule(Protocol):
    """What an op with per-instance maps accepts: the part a new op of this kind writes."""

    # Whether maps equal to the default are printed anyway (`linalg.contract` always has them).
    prints_defaults: bool

    def default(self, shapes: Sequence[Shape]) -> tuple[AffineMap, ...] | None:
        """The maps of an instance that gives none (None: it must give them)."""
        ...

    def problem(self, maps: Sequence[AffineMap], shapes: Sequence[Shape]) -> str | None:
        """Why MLIR refuses `maps` for an instance with these shapes (None: accepted)."""
        ...

    def iterators(self, maps: Sequence[AffineMap]) -> tuple[IteratorType, ...]:
        """The iterator types accepted maps imply."""
        ...


@dataclass(frozen=True, eq=False, repr=False)
class PerInstanceMaps(MapsPolicy):
    """Maps each instance may give (`indexing_maps`), checked by `rule`; without them the
    rule's defaults, or `otherwise`'s maps (the matmul family's op config) when set."""

    rule: MapsRule
    otherwise: MapsPolicy | None = None

    def __repr__(self) -> str:
        otherwise = "" if self.otherwise is None else f", otherwise={self.otherwise!r}"
        return f"PerInstanceMaps({type(self.rule).__name__}{otherwise})"

    def takes_indexing_maps(self) -> bool:
        return True

    def maps_for(self, attrs: Mapping[str, Any], shapes: Sequence[Shape]) -> InstanceMaps:
        given = attrs.get(INDEXING_MAPS)
        if given is None:
            if self.otherwise is not None:
                return self.otherwise.maps_for(attrs, shapes)
            default = self.rule.default(shapes)
            if default is None:
                raise MapsError(f"attribute {INDEXING_MAPS!r} is required (one map per operand)")
            return InstanceMaps(
                default,
                self.rule.iterators(default),
                default if self.rule.prints_defaults else None,
            )
        maps = tuple(given)
        problem = self.rule.problem(maps, shapes)
        if problem is not None:
            raise MapsError(f"attribute {INDEXING_MAPS!r}: {problem}")
        # MLIR's printer leaves default maps out (but `linalg.contract` always prints them).
        is_default = not self.rule.prints_defaults and maps == self.rule.default(shapes)
        return InstanceMaps(maps, self.rule.iterators(maps), None if is_default else maps)


def config_policy(
    op_name: str,
    operands: Sequence[OperandDef],
    maps: Sequence[AffineMap],
    iterator_types: Sequence[IteratorType],
    *,
    implements: Sequence[str] = (),
    rank_polymorphic: bool = False,
) -> MapsPolicy:
    """The policy an op config's maps imply, chosen once when its class is made: rank
    polymorphic, MLIR 22's matmul family (per-instance maps, the config's otherwise; a
    user op that only shares the name keeps its own), or static."""
    from linalg_odsgen.runtime.instance_maps import rule_for

    values = tuple(d for d in operands if d.kind.is_value)
    if rank_polymorphic:
        return RankPolymorphicMaps(values)
    static = StaticMaps(
        tuple(operands),
        tuple(maps),
        tuple(iterator_types),
        is_convolution="LinalgConvolutionOpInterface" in implements,
    )
    rule = rule_for(op_name, maps)
    return static if rule is None else PerInstanceMaps(rule, otherwise=static)


def plain_dims(m: AffineMap) -> tuple[int, ...] | None:
    """The dims of a projected permutation (distinct plain dims), else None."""
    positions = m.dim_positions()
    if any(p is None for p in positions) or len(set(positions)) != len(positions):
        return None
    return tuple(p for p in positions if p is not None)


def iterators_from_output(maps: Sequence[AffineMap]) -> tuple[IteratorType, ...]:
    """Loops the output's map uses are parallel, the others reductions."""
    out = maps[-1].used_dims()
    return tuple(
        IteratorType.PARALLEL if i in out else IteratorType.REDUCTION
        for i in range(maps[-1].num_dims)
    )


__all__ = [
    "INDEXING_MAPS",
    "InstanceMaps",
    "MapsError",
    "MapsPolicy",
    "MapsRule",
    "PerInstanceMaps",
    "RankPolymorphicMaps",
    "StaticMaps",
    "config_policy",
    "iterators_from_output",
    "plain_dims",
]
