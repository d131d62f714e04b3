"""Targets a case's module can run on besides MLIR 22's runner: `iree` (IREE's whole CPU
compiler, `iree-compile` for the host, run in-process by `iree.runtime`).

MLIR 22's runner, with MLIR 22's or another version's opt tool in front of it, is
`conformance.pipeline` + `conformance.engine`; the engine picks the target from the
`Pipeline` (`target="iree"`)."""

from __future__ import annotations
