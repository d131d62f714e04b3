"""Zero-copy strided views of operands over (a box of) the iteration space.

An operand whose indexing-map results are linear in the loop dims,
`r_j = sum_i c_ji * d_i + k_j`, is read at loop point `d` at byte offset
`sum_j r_j * stride_j`; that is itself linear in `d`, so the operand seen over
the iteration space is an `as_strided` view with stride `sum_j c_ji * stride_j`
along loop dim `i` (0 where the operand does not depend on `d_i`: broadcast).
This is how convolutions, pooling windows, strided and dilated accesses become
plain array views without gathering.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

import numpy as np

from linalg_odsgen.affine import AffineMap


@dataclass(frozen=True)
class LinearAccess:
    """An indexing map whose results are affine-linear in the loop dims."""

    coeffs: tuple[tuple[int, ...], ...]  # coeffs[j][i]: coefficient of loop dim i in result j
    consts: tuple[int, ...]
    num_dims: int

    @cached_property
    def columns(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Per loop dim: the (result, coefficient) pairs with a nonzero coefficient."""
        return tuple(
            tuple((j, row[d]) for j, row in enumerate(self.coeffs) if row[d] != 0)
            for d in range(self.num_dims)
        )

    @cached_property
    def used_dims(self) -> frozenset[int]:
        """Loop dims the access depends on."""
        return frozenset(i for row in self.coeffs for i, c in enumerate(row) if c != 0)

    def pure_dims(self) -> tuple[int, ...] | None:
        """The dim of each result when the map is a projected permutation, else None."""
        return self._pure

    @cached_property
    def _pure(self) -> tuple[int, ...] | None:
        dims: list[int] = []
        for row, k in zip(self.coeffs, self.consts, strict=True):
            nz = [i for i, c in enumerate(row) if c != 0]
            if k != 0 or len(nz) != 1 or row[nz[0]] != 1 or nz[0] in dims:
                return None
            dims.append(nz[0])
        return tuple(dims)

    def element(self, point: Sequence[int]) -> tuple[int, ...]:
        """The element index read at loop point `point`."""
        return tuple(
            sum(map(operator.mul, row, point)) + k
            for row, k in zip(self.coeffs, self.consts, strict=True)
        )


def linear_access(amap: AffineMap) -> LinearAccess | None:
    """The linear form of a symbol-free map, or None when a result uses floordiv/mod/symbols."""
    coeffs: list[tuple[int, ...]] = []
    consts: list[int] = []
    for r in amap.results:
        form = r.linear_form(amap.num_dims)
        if form is None:
            return None
        coeffs.append(tuple(form[0]))
        consts.append(form[1])
    return LinearAccess(tuple(coeffs), tuple(consts), amap.num_dims)


@dataclass(frozen=True)
class Space:
    """A box of the iteration space seen as an array.

    `axes` are the loop dims that become array axes (in this order) with extents
    `sizes`; `origin[d]` is the first index along loop dim `d` (for axes) or the
    fixed index (for the other dims).
    """

    axes: tuple[int, ...]
    origin: tuple[int, ...]
    sizes: tuple[int, ...]

    @property
    def shape(self) -> tuple[int, ...]:
        return self.sizes

    def size_of(self, d: int) -> int:
        return self.sizes[self.axes.index(d)] if d in self.axes else 1

    def restrict(self, dims: Sequence[int]) -> Space:
        """The sub-space whose axes are `dims` (kept in this space's axis order)."""
        keep = [i for i, d in enumerate(self.axes) if d in set(dims)]
        return Space(
            tuple(self.axes[i] for i in keep), self.origin, tuple(self.sizes[i] for i in keep)
        )

    @property
    def points(self) -> int:
        n = 1
        for s in self.sizes:
            n *= s
        return n


def strided_view(array: np.ndarray, access: LinearAccess, space: Space) -> np.ndarray:
    """`array` seen over `space`: extent 1 (stride 0) along axes the access ignores.

    Every access inside `space` must be in bounds (the runtime verified the whole
    iteration space); nothing is copied, and the view is writable when `array` is.
    """
    pure = access.pure_dims()
    if pure is not None and array.ndim:
        return _permuted_view(array, pure, space)
    byte_strides = array.strides
    columns = access.columns
    shape: list[int] = []
    strides: list[int] = []
    for ax, d in enumerate(space.axes):
        col = columns[d]
        if col:
            shape.append(space.sizes[ax])
            strides.append(sum(c * byte_strides[j] for j, c in col))
        else:
            shape.append(1)
            strides.append(0)
    if array.ndim == 0:
        return _as_strided(array, tuple(shape), (0,) * len(shape))
    if 0 in shape:
        return np.empty(tuple(shape), dtype=array.dtype)
    first = access.element(space.origin)
    base = array[tuple(slice(e, e + 1) for e in first)]
    return _as_strided(base, tuple(shape), tuple(strides))


def _permuted_view(array: np.ndarray, pure: tuple[int, ...], space: Space) -> np.ndarray:
    """`strided_view` of a projected-permutation access with NumPy's own indexing (slices,
    transpose, new axes: C-level and several times cheaper than `as_strided` on small calls)."""
    axes = space.axes
    order, expand = _arrangement(pure, axes)
    key: list[Any] = []
    for d in pure:
        if d in axes:
            start = space.origin[d]
            key.append(slice(start, start + space.sizes[axes.index(d)]))
        else:
            key.append(space.origin[d])
    sub = array[(*key, Ellipsis)]  # the Ellipsis keeps an all-integer key a view
    if order is not None:
        sub = sub.transpose(order)
    return sub[expand]


@lru_cache(maxsize=4096)
def _arrangement(
    pure: tuple[int, ...], axes: tuple[int, ...]
) -> tuple[tuple[int, ...] | None, tuple[slice | None, ...]]:
    """How the kept array axes are transposed (None: in order) and expanded to `axes`."""
    kept = [d for d in pure if d in axes]
    order = tuple(sorted(range(len(kept)), key=lambda ax: axes.index(kept[ax])))
    expand = tuple(slice(None) if d in kept else None for d in axes)
    return (None if order == tuple(range(len(kept))) else order), expand


def _as_strided(base: np.ndarray, shape: tuple[int, ...], strides: tuple[int, ...]) -> np.ndarray:
    """`as_strided` for every dtype: ml_dtypes' 1-byte types (float8, int4) have no array
    interface type string, so their bytes are strided as uint8 and viewed back."""
    if base.dtype.itemsize == 1 and base.dtype.kind not in "biu":
        raw = np.lib.stride_tricks.as_strided(base.view(np.uint8), shape, strides)
        return raw.view(base.dtype)
    return np.lib.stride_tricks.as_strided(base, shape, strides)


__all__ = ["LinearAccess", "Space", "linear_access", "strided_view"]
