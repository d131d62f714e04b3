"""Where the upstream reference library (59 ops dumped by MLIR's OpDSL tool) is read from."""

from __future__ import annotations

from pathlib import Path

REFERENCE = Path("/work/shared/reference/opdsl_core_named_ops.upstream.yaml")
if not REFERENCE.exists():  # the repo copy, when the shared folder is not mounted
    REFERENCE = Path(__file__).parent / "data" / "opdsl_core_named_ops.upstream.yaml"
