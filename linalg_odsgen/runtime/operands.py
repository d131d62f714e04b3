"""Operand views shared by every backend."""

from __future__ import annotations

from typing import Any

import numpy as np


def signless_view(value: Any) -> Any:
    """Unsigned integer arrays viewed as the signed dtype of their width (MLIR integers are
    signless: the bits are what matter); writes through the view land in the caller's array."""
    if isinstance(value, np.ndarray) and value.dtype.kind == "u":
        return value.view(f"i{value.dtype.itemsize}")
    if isinstance(value, np.generic) and value.dtype.kind == "u":
        return np.asarray(value).view(f"i{value.dtype.itemsize}")[()]
    return value


__all__ = ["signless_view"]
