"""The op-config corpus that format, loader, schema and parity tests read.

A clone has nothing beside it, so tests never look outside the repository on their own:
the corpus is the checked-in core library (``linalg_odsgen/opspecs/core_named_ops.yaml``, 59 ops in
upstream's canonical layout). Upstream's own dump of the same library is an optional
oracle: set ``LINALG_ODSGEN_UPSTREAM_REFERENCE`` to its path (CI does) and the tests that
compare against upstream's bytes run on it too; without it they skip.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

_ROOT = Path(__file__).resolve().parents[1]
CORE = _ROOT / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml"

_env = os.environ.get("LINALG_ODSGEN_UPSTREAM_REFERENCE", "")
UPSTREAM: Path | None = Path(_env) if _env and Path(_env).is_file() else None

# Upstream's dump when given, else ours: both are 59 ops in the same canonical layout.
REFERENCE: Path = UPSTREAM or CORE


def upstream_reference() -> Path:
    """Upstream's dump, or skip the calling test when it was not provided."""
    if UPSTREAM is None:
        pytest.skip("set LINALG_ODSGEN_UPSTREAM_REFERENCE to upstream's core library dump")
    return UPSTREAM


# What each corpus holds: upstream's 59 core ops, or ours (the same 59 first, then our own).
REFERENCE_OP_COUNT = 59 if UPSTREAM else 90
REFERENCE_LAST_OP = "fill_rng_2d" if UPSTREAM else "elemwise_binary"
