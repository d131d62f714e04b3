"""Semantic checks of an op's affine maps: indexing, shape and index-attribute maps.

Maps must agree with the iterators and with each other, bind every symbol they
use, give every loop dim a range and keep reductions out of outputs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from linalg_odsgen.affine import (
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineExprKind,
    AffineMap,
    AffineSymbolExpr,
)
from linalg_odsgen.model import IteratorType, OperandKind
from linalg_odsgen.validation.checker import (
    BREAKS_MLIR,
    BREAKS_RUNTIME,
    ITERATORS,
    MAPS,
    Checker,
    NodePath,
    arg_path,
)

_INT64_MIN, _INT64_MAX = -(2**63), 2**63 - 1
_DIVISIONS = (AffineExprKind.FLOORDIV, AffineExprKind.CEILDIV, AffineExprKind.MOD)


def _map_sources(c: Checker) -> Iterator[tuple[NodePath, AffineMap, str]]:
    """Every affine map of the op with its path and a description."""
    so = c.op.structured_op
    for i, a in enumerate(so.args):
        if a.shape_map is not None:
            yield arg_path(i, "shape_map"), a.shape_map, f"shape_map of '{a.name}'"
        if a.index_attr_map is not None:
            yield arg_path(i, "index_attr_map"), a.index_attr_map, f"index_attr_map of '{a.name}'"
    values = so.value_args
    for i, m in enumerate(so.indexing_maps):
        owner = f" of '{values[i].name}'" if i < len(values) else ""
        yield (*MAPS, i), m, f"indexing map {i}{owner}"


def check_maps(c: Checker) -> None:
    so = c.op.structured_op
    n_loops = len(so.iterator_types)
    values = so.value_args
    maps = so.indexing_maps

    # One indexing map per tensor and scalar operand, in declaration order.
    if len(maps) < len(values):
        missing = ", ".join(f"'{a.name}'" for a in values[len(maps) :])
        c.report(
            MAPS,
            f"{len(values)} tensor/scalar operands need {len(values)} indexing maps, "
            f"found {len(maps)} (no map for {missing})",
            runtime_rule=BREAKS_MLIR,
        )
    for i in range(len(values), len(maps)):
        c.report(
            (*MAPS, i),
            f"indexing map {i} has no operand: the op has only {len(values)} tensor/scalar operands",
            runtime_rule=BREAKS_MLIR,
        )

    # Dims of every indexing map = number of iterators.
    for i, m in enumerate(maps):
        if m.num_dims != n_loops:
            owner = f" of '{values[i].name}'" if i < len(values) else ""
            c.report(
                (*MAPS, i),
                f"indexing map {i}{owner} has {m.num_dims} dims but the op has {n_loops} "
                "iterator types; every indexing map must have one dim per loop",
                runtime_rule=BREAKS_MLIR,
            )

    # A consistent symbol count over all maps.
    sources = list(_map_sources(c))
    if sources:
        counts = Counter(m.num_symbols for _, m, _ in sources)
        top = max(counts.values())
        expected = next(m.num_symbols for _, m, _ in sources if counts[m.num_symbols] == top)
        for path, m, what in sources:
            if m.num_symbols != expected:
                c.report(
                    path,
                    f"{what} has {m.num_symbols} symbols but the op's other maps have "
                    f"{expected}; all maps of an op share one symbol list",
                    runtime_rule=BREAKS_MLIR,
                )

    _check_shape_and_attr_maps(c)

    # Indexing maps: symbols must be bound by a shape_map or an index_attr_map.
    defined: set[int] = set()
    for a in so.args:
        for binder in (a.shape_map, a.index_attr_map):
            if binder is not None:
                defined |= binder.used_symbols()
    attr_bound: set[int] = set()
    for a in so.args:
        if a.index_attr_map is not None:
            attr_bound |= a.index_attr_map.used_symbols()
    for i, m in enumerate(maps):
        for s in sorted(m.used_symbols() - defined):
            c.report(
                (*MAPS, i),
                f"symbol s{s} of indexing map {i} is not defined by any shape_map or "
                "index_attr_map",
                runtime_rule=BREAKS_MLIR,
            )
        for s in sorted((m.used_symbols() & defined) - attr_bound):
            c.report(
                (*MAPS, i),
                f"symbol s{s} of indexing map {i} is a size symbol (bound only by a "
                "shape_map); an op instance knows only index attributes, so indexing maps "
                "may use only symbols of an index_attr_map",
                runtime_rule=BREAKS_RUNTIME,
            )

    # Integers: every constant of every map and every default index fits in int64 (MLIR's
    # affine constants and index attributes are 64-bit).
    for path, m, what in _map_sources(c):
        for r in m.results:
            for e in r.walk():
                if isinstance(e, AffineConstantExpr) and not _INT64_MIN <= e.value <= _INT64_MAX:
                    c.report(
                        path,
                        f"constant {e.value} in {what} does not fit in 64 bits",
                        runtime_rule=BREAKS_MLIR,
                    )
                if (
                    isinstance(e, AffineBinaryExpr)
                    and e.kind in _DIVISIONS
                    and isinstance(e.rhs, AffineConstantExpr)
                    and e.rhs.value <= 0
                ):
                    c.report(
                        path,
                        f"'{e}' in {what} divides by {e.rhs.value}; affine floordiv, ceildiv "
                        "and mod need a positive divisor",
                        runtime_rule=BREAKS_MLIR,
                    )
    for i, a in enumerate(so.args):
        for v in a.default_indices or ():
            if not _INT64_MIN <= v <= _INT64_MAX:
                c.report(
                    arg_path(i, "default_indices"),
                    f"default index {v} of '{a.name}' does not fit in 64 bits",
                )

    # Loop ranges: each dim must be a bare result of some tensor operand's map.
    derivable: set[int] = set()
    for i, m in enumerate(maps):
        if i < len(values) and values[i].kind.is_tensor:
            derivable |= {p for p in m.dim_positions() if p is not None}
    for d in range(n_loops):
        if d not in derivable:
            c.report(
                (*ITERATORS, d),
                f"the range of loop dim d{d} cannot be derived: no tensor operand's indexing "
                f"map has d{d} as a plain result",
                runtime_rule=BREAKS_MLIR,
            )

    # Reduction dims never index an output.
    reductions = {d for d, it in enumerate(so.iterator_types) if it is IteratorType.REDUCTION}
    for i, m in enumerate(maps):
        if i < len(values) and values[i].kind is OperandKind.OUTPUT_TENSOR:
            for d in sorted(m.used_dims() & reductions):
                c.report(
                    (*MAPS, i),
                    f"reduction dim d{d} appears in the indexing map of output "
                    f"'{values[i].name}'; outputs may only be indexed by parallel dims",
                    runtime_rule=BREAKS_RUNTIME,
                )


def _check_shape_and_attr_maps(c: Checker) -> None:
    so = c.op.structured_op
    values = so.value_args
    value_index = {a.name: i for i, a in enumerate(values)}
    attr_symbols: dict[int, int] = {}  # symbol -> arg index of the index attr binding it
    for i, a in enumerate(so.args):
        if a.index_attr_map is None:
            continue
        m = a.index_attr_map
        path = arg_path(i, "index_attr_map")
        if m.num_dims:
            c.report(
                path,
                f"index_attr_map of '{a.name}' must not have dims, found {m.num_dims}",
                runtime_rule=BREAKS_MLIR,
            )
        for r in m.results:
            if not isinstance(r, AffineSymbolExpr):
                c.report(
                    path,
                    f"index_attr_map of '{a.name}' must have plain symbols as results, found '{r}'",
                    runtime_rule=BREAKS_MLIR,
                )
                continue
            if r.position in attr_symbols:
                other = so.args[attr_symbols[r.position]].name
                c.report(
                    path,
                    f"symbol s{r.position} is bound by both '{other}' and '{a.name}'",
                    runtime_rule=BREAKS_MLIR,
                )
            else:
                attr_symbols[r.position] = i
        if a.default_indices is not None and len(a.default_indices) != m.num_results:
            c.report(
                arg_path(i, "default_indices"),
                f"'{a.name}' has {len(a.default_indices)} default indices but its "
                f"index_attr_map has {m.num_results} results",
                runtime_rule=BREAKS_MLIR,
            )

    for i, a in enumerate(so.args):
        if a.shape_map is None:
            continue
        m = a.shape_map
        path = arg_path(i, "shape_map")
        if m.num_dims:
            c.report(
                path,
                f"shape_map of '{a.name}' must not have dims (shapes depend on symbols only), "
                f"found {m.num_dims}",
                runtime_rule=BREAKS_RUNTIME,
            )
        for r in m.results:
            if isinstance(r, AffineSymbolExpr) and r.position in attr_symbols:
                attr = so.args[attr_symbols[r.position]].name
                c.report(
                    path,
                    f"symbol s{r.position} is a dimension of '{a.name}' in its shape_map but "
                    f"is bound by index attribute '{attr}'; a symbol is either a shape "
                    "size or an attribute",
                    runtime_rule=BREAKS_RUNTIME,
                )
        j = value_index.get(a.name)
        if j is not None and j < len(so.indexing_maps):
            rank = so.indexing_maps[j].num_results
            if m.num_results != rank:
                c.warn(
                    path,
                    f"shape_map of '{a.name}' has {m.num_results} results but its indexing "
                    f"map has {rank}; the operand's rank is ambiguous",
                )
