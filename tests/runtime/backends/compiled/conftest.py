"""The compiled backend's tests need numba (the `[jit]` extra); without it they skip."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from linalg_odsgen.runtime.settings import Runtime, current_runtime

pytest.importorskip("numba")


@pytest.fixture(autouse=True)
def compiled_runtime() -> Iterator[Runtime]:
    """The current runtime, its parallel nests split however small (the nests here are
    small, and the threaded paths should run); a test may change its settings further,
    and every compiled setting is restored afterwards."""
    rt = current_runtime()
    with rt.changed(
        compiled_parallel_min_points=0,
        compiled_tiles=rt.compiled_tiles,
        compiled_short_rounding=rt.compiled_short_rounding,
        compiled_parallel=rt.compiled_parallel,
    ):
        yield rt
