"""`mlir-opt-22` as a black-box oracle: one way to run it and one way to skip without it."""

from __future__ import annotations

import shutil
import subprocess

import pytest

MLIR_OPT = shutil.which("mlir-opt-22")
needs_mlir_opt = pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 not installed")


def mlir_opt(src: str, *flags: str) -> str:
    """What `mlir-opt-22 <flags>` prints for `src`; a rejected input raises CalledProcessError."""
    assert MLIR_OPT is not None
    proc = subprocess.run(
        [MLIR_OPT, *flags], input=src, capture_output=True, text=True, timeout=60, check=True
    )
    return proc.stdout
