"""Tiles of the iteration space: sizes that keep temporaries under the limit, and walks over them.

Every strategy runs tile by tile; a tile is an origin and extents per loop dim.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TypeVar

from linalg_odsgen.runtime.backends.fast.views import Space

_T = TypeVar("_T")


def fit_tile(
    ranges: Sequence[int],
    order: Sequence[int],
    bytes_of: Callable[[Sequence[int]], float],
    limit: int,
) -> tuple[int, ...]:
    """Shrink the extents of `order`'s dims (first first) until `bytes_of(tile) <= limit`."""
    tile = list(ranges)
    for d in order:
        if bytes_of(tile) <= limit:
            break
        lo, hi = 1, tile[d]
        while lo < hi:  # largest extent that fits
            mid = (lo + hi + 1) // 2
            tile[d] = mid
            if bytes_of(tile) <= limit:
                lo = mid
            else:
                hi = mid - 1
        tile[d] = lo
    return tuple(tile)


def tiles(
    ranges: Sequence[int], tile: Sequence[int]
) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """(origin, extents) of every tile, in iteration order."""
    starts = [range(0, r, max(t, 1)) for r, t in zip(ranges, tile, strict=True)]
    for origin in itertools.product(*starts):
        yield origin, tuple(min(t, r - o) for o, t, r in zip(origin, tile, ranges, strict=True))


def plain_tile(o: tuple[int, ...], e: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return o, e


def tile_walk(
    ranges: Sequence[int],
    tile: Sequence[int],
    prepare: Callable[[tuple[int, ...], tuple[int, ...]], _T],
) -> Callable[[], Iterable[_T]]:
    """`tiles` as a reusable walk of `prepare(origin, extents)`; when there are few tiles
    they are listed and prepared once, at plan time."""
    if math.prod(-(-r // max(t, 1)) for r, t in zip(ranges, tile, strict=True)) <= 64:
        fixed = tuple(prepare(o, e) for o, e in tiles(ranges, tile))
        return lambda: fixed
    return lambda: (prepare(o, e) for o, e in tiles(ranges, tile))


def tile_space(dims: Sequence[int], origin: Sequence[int], extents: Sequence[int]) -> Space:
    return Space(tuple(dims), tuple(origin), tuple(extents[d] for d in dims))


__all__ = ["fit_tile", "plain_tile", "tile_space", "tile_walk", "tiles"]
