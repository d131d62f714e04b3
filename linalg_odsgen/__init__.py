"""linalg-ods-gen: author, validate, generate and run MLIR Linalg named structured ops in Python.

`from linalg_odsgen import ops` gives the generated core op library.
"""

from __future__ import annotations

import importlib
import os
from typing import Any

__version__ = "0.1.0"


def _serve_checkout_folders() -> None:
    """Make `opspecs/`, `generated/` and `schemas/` importable as subpackages from a source
    checkout, as the wheel installs them, so running from the repository root works too."""
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    if os.path.isdir(os.path.join(here, "generated")):  # installed layout: nothing to do
        return
    if all(os.path.isfile(os.path.join(root, d, "__init__.py")) for d in _MAPPED_FOLDERS):
        __path__.append(root)


_MAPPED_FOLDERS = ("opspecs", "generated", "schemas")
_serve_checkout_folders()


def __getattr__(name: str) -> Any:
    # `ops` is imported lazily so the CLI does not pay for the whole op library.
    if name == "ops":
        module = importlib.import_module("linalg_odsgen.ops")
        globals()["ops"] = module
        return module
    raise AttributeError(f"module 'linalg_odsgen' has no attribute {name!r}")
