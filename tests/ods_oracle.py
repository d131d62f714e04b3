"""`mlir-linalg-ods-yaml-gen-22` as a black-box oracle for gen-ods tests (skip when absent)."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError
from linalg_odsgen.ods import generate
from linalg_odsgen.ods.reading import read_library

YAML_GEN = shutil.which("mlir-linalg-ods-yaml-gen-22")
needs_yaml_gen = pytest.mark.skipif(YAML_GEN is None, reason="mlir-linalg-ods-yaml-gen-22 absent")


@dataclass(frozen=True)
class Outcome:
    """What one generator made of a file: both outputs, or nothing and why."""

    accepted: bool
    td: bytes = b""
    inc: bytes = b""
    messages: str = ""
    warnings: tuple[Diagnostic, ...] = ()


def upstream(path: Path, tmp: Path) -> Outcome | None:
    """Upstream's outcome for `path`; None when it crashed (its own bug, nothing to compare)."""
    assert YAML_GEN is not None
    td, inc = tmp / "upstream.td", tmp / "upstream.cpp.inc"
    td.unlink(missing_ok=True)
    inc.unlink(missing_ok=True)
    proc = subprocess.run(
        [YAML_GEN, str(path), f"--o-ods-decl={td}", f"--o-impl={inc}"],
        capture_output=True,
        timeout=60,
    )
    if proc.returncode < 0:
        return None
    stderr = proc.stderr.decode(errors="replace")
    # upstream prints some errors and still exits 0
    if proc.returncode != 0 or "error" in stderr:
        return Outcome(False, messages=stderr)
    return Outcome(True, td.read_bytes(), inc.read_bytes(), stderr)


def ours(path: Path) -> Outcome:
    try:
        library, warnings = read_library(path.read_bytes(), str(path))
        out = generate(library, str(path))
    except DiagnosticError as err:
        return Outcome(False, messages="\n".join(d.format_gnu() for d in err.diagnostics))
    return Outcome(True, out.decl.encode(), out.impl.encode(), warnings=(*warnings, *out.warnings))


def assert_parity(path: Path, tmp: Path) -> Outcome | None:
    """Same acceptance as upstream and, where accepted, the same bytes; returns our outcome."""
    want = upstream(path, tmp)
    if want is None:
        return None
    got = ours(path)
    assert got.accepted == want.accepted, (got.messages, want.messages)
    assert got.td == want.td
    assert got.inc == want.inc
    return got
