"""linalg-ods-gen: author, validate, generate and run MLIR Linalg named structured ops in Python.

`from linalg_odsgen import ops` gives the generated core op library.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    # `ops` is imported lazily so the CLI does not pay for the whole op library.
    if name == "ops":
        module = importlib.import_module("linalg_odsgen.ops")
        globals()["ops"] = module
        return module
    raise AttributeError(f"module 'linalg_odsgen' has no attribute {name!r}")
