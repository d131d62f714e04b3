"""Per-instance indexing maps of MLIR 22's matmul family (`linalg.matmul indexing_maps = [...]`).

MLIR 22 lets `matmul`, `batch_matmul` and `batch_reduce_matmul` take their operands
transposed or broadcast through an optional `indexing_maps` attribute. Which maps it
accepts was measured with `mlir-opt-22` as a black box over every map of distinct
dims (tests/runtime/test_instance_maps.py keeps checking it): the sets below are
exactly the input maps it accepts with the default output map (and, for `matmul`,
with a transposed output). MLIR 22's verifier also lets through output maps that
index the output by the reduction dim (e.g. `(d0, d2)`); those make no sense for
these ops and are refused here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from linalg_odsgen.affine import AffineMap, AffineParseError, dim
from linalg_odsgen.model import IteratorType
from linalg_odsgen.runtime.errors import count
from linalg_odsgen.runtime.protocol import Shape


@dataclass(frozen=True)
class MapRule:
    """What one op accepts: allowed input maps (by dim positions) and the output map (a
    `maps_policy.MapsRule`; without `indexing_maps` an instance has its op config's maps)."""

    num_dims: int
    lhs_default: tuple[int, ...]
    rhs_default: tuple[int, ...]
    lhs: frozenset[tuple[int, ...]]
    rhs: frozenset[tuple[int, ...]]
    out: tuple[int, ...]
    needs_batch: int | None = None  # a dim one of the inputs must index (None: no rule)
    other_outs: frozenset[tuple[int, ...]] = frozenset()  # accepted besides `out`
    prints_defaults = False  # `indexing_maps` equal to the defaults are not printed (MLIR)

    def default_maps(self) -> tuple[AffineMap, ...]:
        return tuple(self.map_of(r) for r in (self.lhs_default, self.rhs_default, self.out))

    def map_of(self, positions: tuple[int, ...]) -> AffineMap:
        """The map of this op's loops whose results are the dims at `positions`."""
        return AffineMap(self.num_dims, 0, tuple(dim(p) for p in positions))

    def default(self, shapes: Sequence[Shape]) -> tuple[AffineMap, ...]:
        return self.default_maps()

    def problem(self, maps: Sequence[AffineMap], shapes: Sequence[Shape]) -> str | None:
        return self.check(maps)

    def iterators(self, maps: Sequence[AffineMap]) -> tuple[IteratorType, ...]:
        """The output map's loops are parallel, the others (k, and a reduced batch) reductions."""
        out = maps[-1].used_dims()
        return tuple(
            IteratorType.PARALLEL if i in out else IteratorType.REDUCTION
            for i in range(self.num_dims)
        )

    def check(self, maps: Sequence[AffineMap]) -> str | None:
        """Why MLIR 22 refuses `maps` for this op (None when it accepts them)."""
        if len(maps) != 3:
            return f"expected 3 indexing maps (lhs, rhs, output), got {len(maps)}"
        names = ("lhs", "rhs", "output")
        got: list[tuple[int, ...]] = []
        for name, m in zip(names, maps, strict=True):
            if m.num_dims != self.num_dims or m.num_symbols:
                return (
                    f"the {name} map must have {count(self.num_dims, 'dim')} and no symbols, got "
                    f"{m.to_mlir()}"
                )
            positions = m.dim_positions()
            if any(p is None for p in positions):
                return f"the {name} map must have plain dims as results, got {m.to_mlir()}"
            got.append(tuple(p for p in positions if p is not None))
        lhs, rhs, out = got
        if out != self.out and out not in self.other_outs:
            outs = [self.map_of(o).to_mlir() for o in (self.out, *sorted(self.other_outs))]
            return (
                f"the output map must be {' or '.join(outs)} (the other output maps MLIR "
                f"22 lets through index the output by the reduction dim), got {maps[2].to_mlir()}"
            )
        for name, have, options in (("lhs", lhs, self.lhs), ("rhs", rhs, self.rhs)):
            if have not in options:
                choices = ", ".join(self.map_of(a).to_mlir() for a in sorted(options, key=len))
                shown = maps[names.index(name)].to_mlir()
                return (
                    f"the {name} map {shown} is not one MLIR 22 accepts; expected one of: {choices}"
                )
        if self.needs_batch is not None and self.needs_batch not in lhs + rhs:
            return f"lhs or rhs must index the batch dim d{self.needs_batch}"
        return None


# d0 = m, d1 = n, d2 = k
_MATMUL = MapRule(
    3,
    (0, 2),
    (2, 1),
    lhs=frozenset({(0, 2), (2, 0), (2,)}),
    rhs=frozenset({(2, 1), (1, 2), (2,)}),
    out=(0, 1),
    other_outs=frozenset({(1, 0)}),  # a transposed output
)
# d0 = batch, d1 = m, d2 = n, d3 = k
_BATCH_LHS = frozenset({(0, 1, 3), (0, 3, 1), (0, 3), (1, 3), (3,)})
_BATCH_RHS = frozenset({(0, 3, 2), (0, 2, 3), (0, 3), (3, 2), (3,)})
_BATCH_MATMUL = MapRule(4, (0, 1, 3), (0, 3, 2), _BATCH_LHS, _BATCH_RHS, out=(0, 1, 2))
_BATCH_REDUCE_MATMUL = MapRule(
    4, (0, 1, 3), (0, 3, 2), _BATCH_LHS, _BATCH_RHS, out=(1, 2), needs_batch=0
)

RULES: dict[str, MapRule] = {
    "matmul": _MATMUL,
    "batch_matmul": _BATCH_MATMUL,
    "batch_reduce_matmul": _BATCH_REDUCE_MATMUL,
}


def rule_for(op_name: str, static_maps: Sequence[AffineMap]) -> MapRule | None:
    """The rule of an op that takes `indexing_maps`: one of MLIR 22's names whose own maps
    are MLIR's defaults (a user op that merely shares the name does not qualify). Asked once
    per class, when its maps policy is chosen, and by the stub generator."""
    rule = RULES.get(op_name)
    if rule is None:
        return None
    shapes = [(m.num_dims, m.results) for m in static_maps]  # symbols (shape sizes) aside
    if shapes != [(m.num_dims, m.results) for m in rule.default_maps()]:
        return None
    return rule


def parse_maps(value: object) -> tuple[AffineMap, ...]:
    """A list of maps given as `AffineMap`s or their text (`affine_map<...>` or bare)."""
    if isinstance(value, str):
        text = value.strip()
        if not (text.startswith("[") and text.endswith("]")):
            raise ValueError("expected a list [map, map, map]")
        value = _split_top_level(text[1:-1])
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"expected a list of affine maps, got {value!r}")
    out = []
    for v in value:
        if isinstance(v, AffineMap):
            out.append(v)
            continue
        try:
            out.append(AffineMap.parse(str(v).strip()))
        except AffineParseError as exc:
            raise ValueError(f"{str(v).strip()!r} is not an affine map: {exc}") from None
    return tuple(out)


def _split_top_level(text: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "<([":
            depth += 1
        elif ch in ">)]" and not (ch == ">" and text[i - 1 : i] == "-"):  # `->` is no bracket
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    if text[start:].strip():
        parts.append(text[start:])
    return parts
