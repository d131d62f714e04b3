"""The validator never crashes: every damaged variant of a file yields diagnostics, not exceptions."""

from __future__ import annotations

from pathlib import Path

from linalg_odsgen.diagnostics import Diagnostic
from linalg_odsgen.validation import validate_source

# Two complete ops (a matmul and a strided pool) in one file; its one defect is the duplicate name.
SOURCE = (
    Path(__file__).resolve().parent.parent / "data" / "invalid" / "name_duplicate_op.yaml"
).read_text()


def _variants(text: str) -> list[str]:
    lines = text.splitlines(keepends=True)
    out = []
    for i in range(len(lines)):
        out.append("".join(lines[:i] + lines[i + 1 :]))  # line deleted
        out.append("".join([*lines[:i], lines[i].replace(": ", ": x", 1), *lines[i + 1 :]]))
    return out


def test_no_single_line_damage_crashes_the_validator() -> None:
    for variant in _variants(SOURCE):
        diags = validate_source(variant, "v.yaml")
        assert all(isinstance(d, Diagnostic) for d in diags)


def test_truncated_files_never_crash() -> None:
    for cut in range(0, len(SOURCE), 97):
        validate_source(SOURCE[:cut], "t.yaml")
