"""What the default test profile leaves out: deep loop nests run on every backend.

The loops backend walks every point in Python, and numba compiles one kernel per op, so
ops with six loops or more (2-D/3-D convolutions and poolings, 4-D matmuls) take seconds
each; they run under `pytest -m slow` (and in CI), the rest run by default.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

DEEP_NEST = 6


def deep_nests_slow(classes: Iterable[Any], key: Any = None) -> list[Any]:
    """`classes` (op classes, or items `key` maps to one) as parameters, deep nests marked slow."""
    params = []
    for item in classes:
        cls = key(item) if key else item
        if len(getattr(cls, "ITERATOR_TYPES", ())) >= DEEP_NEST:
            params.append(pytest.param(item, marks=pytest.mark.slow))
        else:
            params.append(item)
    return params
