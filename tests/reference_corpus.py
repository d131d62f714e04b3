"""Where the upstream reference library (59 ops dumped by MLIR's OpDSL tool) is read from."""

from __future__ import annotations

from pathlib import Path

_NAME = "opdsl_core_named_ops.upstream.yaml"
# shared/ sits beside the checkout (CI clones elsewhere and copies shared/ next to it).
_CANDIDATES = (
    Path(__file__).resolve().parents[2] / "shared" / "reference" / _NAME,
    Path("/work/shared/reference") / _NAME,
    Path(__file__).parent / "data" / _NAME,
)
REFERENCE = next((p for p in _CANDIDATES if p.exists()), _CANDIDATES[0])
