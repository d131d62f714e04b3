"""The compiled backend's tests need numba (the `[jit]` extra); without it they skip."""

from __future__ import annotations

import pytest

pytest.importorskip("numba")


@pytest.fixture(autouse=True)
def _threads_on_small_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """Parallel nests here are small: split them anyway, so the threaded paths run."""
    from linalg_odsgen.runtime.backends import compiled

    monkeypatch.setattr(compiled, "PARALLEL_MIN_POINTS", 0)
