"""The compiled backend's tests need numba (the `[jit]` extra); without it they skip."""

from __future__ import annotations

import pytest

pytest.importorskip("numba")
