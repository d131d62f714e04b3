"""Affine maps: `(d0, ..)[s0, ..] -> (results)`, how loop indices and symbols address an operand.

An immutable value with MLIR's queries (projected permutation, identity, ...) and
transformations (substitution of dims and symbols, composition, simplification).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from linalg_odsgen.affine.expr import (
    AffineDimExpr,
    AffineExpr,
    AffineSymbolExpr,
    ExprLike,
    as_expr,
    constant_value,
    print_expr,
)
from linalg_odsgen.affine.parser import parse_map
from linalg_odsgen.affine.simplify import simplify_expr


@dataclass(frozen=True)
class AffineMap:
    """`(d0, ..)[s0, ..] -> (results)`: how loop indices (and symbols) address an operand."""

    num_dims: int
    num_symbols: int
    results: tuple[AffineExpr, ...]
    _used_dims: frozenset[int] = field(init=False, repr=False, compare=False, hash=False)
    _used_symbols: frozenset[int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.num_dims < 0 or self.num_symbols < 0:
            raise ValueError("negative number of dims or symbols")
        object.__setattr__(self, "results", tuple(self.results))
        dims: set[int] = set()
        syms: set[int] = set()
        for r in self.results:
            for e in r.walk():
                if isinstance(e, AffineDimExpr):
                    dims.add(e.position)
                elif isinstance(e, AffineSymbolExpr):
                    syms.add(e.position)
        if dims and not (min(dims) >= 0 and max(dims) < self.num_dims):
            bad = min(dims) if min(dims) < 0 else max(dims)
            raise ValueError(f"d{bad} out of range in a map with {self.num_dims} dims")
        if syms and not (min(syms) >= 0 and max(syms) < self.num_symbols):
            bad = min(syms) if min(syms) < 0 else max(syms)
            raise ValueError(f"s{bad} out of range in a map with {self.num_symbols} symbols")
        object.__setattr__(self, "_used_dims", frozenset(dims))
        object.__setattr__(self, "_used_symbols", frozenset(syms))

    # -- construction -------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> AffineMap:
        """Parse `affine_map<...>` or the bare `(..)[..] -> (..)` form; AffineParseError if bad."""
        if len(text) <= _PARSE_CACHE_TEXT_LIMIT:
            return _parse_cached(text)
        return cls(*parse_map(text))

    @classmethod
    def empty(cls, num_dims: int = 0, num_symbols: int = 0) -> AffineMap:
        return cls(num_dims, num_symbols, ())

    @classmethod
    def identity(cls, n: int) -> AffineMap:
        return cls(n, 0, tuple(AffineDimExpr(i) for i in range(n)))

    # -- printing -----------------------------------------------------------------------

    def __str__(self) -> str:
        dims = ", ".join(f"d{i}" for i in range(self.num_dims))
        syms = ", ".join(f"s{i}" for i in range(self.num_symbols))
        head = f"({dims})" + (f"[{syms}]" if self.num_symbols else "")
        return f"{head} -> ({', '.join(print_expr(r) for r in self.results)})"

    def to_mlir(self) -> str:
        return f"affine_map<{self}>"

    # -- queries ------------------------------------------------------------------------

    @property
    def num_results(self) -> int:
        return len(self.results)

    def eval(self, dims: Sequence[int], symbols: Sequence[int] = ()) -> tuple[int, ...]:
        """Results at a point; `symbols` may be omitted when no result uses a symbol."""
        if len(dims) != self.num_dims or (
            len(symbols) != self.num_symbols and (symbols or self._used_symbols)
        ):
            raise ValueError(
                f"map {self} takes {self.num_dims} dims and {self.num_symbols} symbols, "
                f"got {len(dims)} and {len(symbols)}"
            )
        return tuple(r.eval(dims, symbols) for r in self.results)

    def used_dims(self) -> frozenset[int]:
        return self._used_dims

    def used_symbols(self) -> frozenset[int]:
        return self._used_symbols

    def dim_positions(self) -> tuple[int | None, ...]:
        """Per result: its dim position when the result is a bare dim, else None."""
        return tuple(r.position if isinstance(r, AffineDimExpr) else None for r in self.results)

    def is_projected_permutation(self, allow_zero_in_results: bool = False) -> bool:
        """Each result a distinct dim (or 0 if allowed), no symbols (MLIR's definition)."""
        if self.num_symbols > 0 or self.num_results > self.num_dims:
            return False
        seen: set[int] = set()
        for r in self.results:
            if isinstance(r, AffineDimExpr):
                if r.position in seen:
                    return False
                seen.add(r.position)
            elif not (allow_zero_in_results and constant_value(r) == 0):
                return False
        return True

    def is_permutation(self) -> bool:
        return self.num_dims == self.num_results and self.is_projected_permutation()

    def is_identity(self) -> bool:
        return self.num_dims == self.num_results and all(
            isinstance(r, AffineDimExpr) and r.position == i for i, r in enumerate(self.results)
        )

    def is_pure_affine(self) -> bool:
        return all(r.is_pure_affine() for r in self.results)

    # -- transformations ----------------------------------------------------------------

    def replace(
        self,
        dims: Mapping[int, ExprLike] | Sequence[ExprLike] | None = None,
        symbols: Mapping[int, ExprLike] | Sequence[ExprLike] | None = None,
        *,
        num_dims: int | None = None,
        num_symbols: int | None = None,
    ) -> AffineMap:
        """Substitute dims/symbols (MLIR's replaceDimsAndSymbols); counts default to unchanged."""
        dmap = _as_mapping(dims)
        smap = _as_mapping(symbols)
        results = tuple(r.replace(dmap, smap) for r in self.results)
        return AffineMap(
            self.num_dims if num_dims is None else num_dims,
            self.num_symbols if num_symbols is None else num_symbols,
            results,
        )

    def replace_dims(
        self,
        values: Mapping[int, ExprLike] | Sequence[ExprLike],
        *,
        num_dims: int | None = None,
    ) -> AffineMap:
        return self.replace(dims=values, num_dims=num_dims)

    def replace_symbols(
        self, values: Sequence[int] | Mapping[int, int], *, drop: bool = True
    ) -> AffineMap:
        """Substitute symbols by constants; with `drop`, the substituted symbols leave the map
        (the rest are renumbered in order), so binding all of them yields a symbol-free map."""
        given = _as_mapping(values)
        for k in given:
            if not 0 <= k < self.num_symbols:
                raise ValueError(f"symbol s{k} out of range for {self.num_symbols} symbols")
        smap: dict[int, ExprLike] = dict(given)
        num_symbols = self.num_symbols
        if drop:
            remaining = [s for s in range(self.num_symbols) if s not in given]
            for new, old in enumerate(remaining):
                smap[old] = AffineSymbolExpr(new)
            num_symbols = len(remaining)
        return self.replace(symbols=smap, num_symbols=num_symbols)

    def compose(self, other: AffineMap) -> AffineMap:
        """`self ∘ other` (MLIR's AffineMap::compose): other's results feed self's dims.

        The result has other's dims and self's symbols followed by other's.
        """
        if self.num_dims != other.num_results:
            raise ValueError(
                f"cannot compose: {self} takes {self.num_dims} dims, "
                f"{other} has {other.num_results} results"
            )
        shifted = other.replace(
            symbols={i: AffineSymbolExpr(self.num_symbols + i) for i in range(other.num_symbols)},
            num_symbols=self.num_symbols + other.num_symbols,
        )
        dims = dict(enumerate(shifted.results))
        return AffineMap(
            other.num_dims,
            self.num_symbols + other.num_symbols,
            tuple(r.replace(dims) for r in self.results),
        )

    def simplify(self) -> AffineMap:
        """Each result through `AffineExpr.simplify` (MLIR's simplifyAffineMap)."""
        return AffineMap(
            self.num_dims,
            self.num_symbols,
            tuple(simplify_expr(r, self.num_dims, self.num_symbols) for r in self.results),
        )


# Maps are immutable and op libraries repeat the same few texts many times.
_PARSE_CACHE_TEXT_LIMIT = 4096


@functools.lru_cache(maxsize=4096)
def _parse_cached(text: str) -> AffineMap:
    return AffineMap(*parse_map(text))


def _as_mapping(
    values: Mapping[int, ExprLike] | Sequence[ExprLike] | None,
) -> dict[int, AffineExpr]:
    if values is None:
        return {}
    items = values.items() if isinstance(values, Mapping) else enumerate(values)
    return {int(k): as_expr(v) for k, v in items}
