"""The front ends behind one interface: op-config YAML, TC and OpDSL files -> `OpLibrary`.

`read(source, file)` is how every consumer gets ops from a file's text; the front end
is chosen here, and only here, by the file's suffix (`.tc`: TC, `.py`: OpDSL, else
op-config YAML). Every front end produces the same typed, validated model, so back
ends (code generators, printers, the runtime's class factory, conformance) take an
`OpLibrary` and never parse text of their own. Errors are raised as one
`DiagnosticError` listing them all (positions in the user's file); warnings are
returned, and the caller decides where they go.

>>> lib, warnings = read("def neg(A: f32(N)) -> (B: f32(N)) { B(n) = std_subf(A(n), A(n)); }", "n.tc")
>>> [op.name for op in lib.ops], warnings
(['neg'], [])
"""

from __future__ import annotations

import enum
import os
import shlex
import sys

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError
from linalg_odsgen.model import OpLibrary

STDIN = "-"
STDIN_NAME = "<stdin>"


class FrontEnd(enum.Enum):
    """The language of an op file."""

    YAML = "yaml"
    TC = "tc"
    DSL = "dsl"


def front_end_of(file: str) -> FrontEnd:
    """The front end reading `file` (by suffix; stdin and unknown suffixes are YAML)."""
    lower = file.lower()
    if lower.endswith(".tc"):
        return FrontEnd.TC
    if lower.endswith(".py"):
        return FrontEnd.DSL
    return FrontEnd.YAML


def read(source: bytes | str, file: str) -> tuple[OpLibrary, list[Diagnostic]]:
    """The validated op library of `source`, the text of `file`, and the front end's warnings.

    An OpDSL (`.py`) source is executed: give it only for files the user asked to run.
    """
    return _read(source, file, front_end_of(file))


def read_file(
    path: str, display: str | None = None, *, run_python: bool = False
) -> tuple[OpLibrary, list[Diagnostic]]:
    """`read` of the file at `path` (`-`: stdin, read as YAML), named `display` in diagnostics.

    OpDSL files run only with `run_python`: commands that take op configs never execute
    a file implicitly, and point at `dump-oplib` instead.
    """
    kind = FrontEnd.YAML if path == STDIN else front_end_of(path)
    name = display or (STDIN_NAME if path == STDIN else path)
    return _read(read_source(path, allow_python=run_python), name, kind)


def _read(source: bytes | str, file: str, kind: FrontEnd) -> tuple[OpLibrary, list[Diagnostic]]:
    if kind is FrontEnd.TC:
        from linalg_odsgen.tc import read_tc

        result = read_tc([(source, file)])
        return result.library, list(result.warnings)
    if kind is FrontEnd.DSL:
        from linalg_odsgen.dsl.library import dsl_library_of_source

        return dsl_library_of_source(source, file)
    from linalg_odsgen.validation import read_valid_library

    return read_valid_library(source, file)


def read_source(path: str, *, allow_python: bool = False) -> bytes:
    """Read a file, or stdin for `-`; unreadable files become diagnostics.

    Unless `allow_python`, an OpDSL `.py` file is pointed at `dump-oplib --file`
    instead of failing as bad YAML; it is never run implicitly (validating a file
    must not execute it).
    """
    if path == STDIN:
        return sys.stdin.buffer.read()
    if front_end_of(path) is FrontEnd.DSL and not allow_python:
        stem = os.path.splitext(path)[0]
        dump = f"--file {shlex.quote(path)} -o {shlex.quote(stem + '.yaml')}"
        raise DiagnosticError(
            Diagnostic(
                "is an OpDSL Python file, not op-config YAML; dump its ops first with "
                f"`linalg-ods-gen dump-oplib {dump}` and give the YAML",
                file=path,
            )
        )
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as exc:
        raise DiagnosticError(Diagnostic(f"cannot read file: {exc.strerror}", file=path)) from None


def is_tc(path: str) -> bool:
    """Whether `path` is read by the TC front end."""
    return path != STDIN and front_end_of(path) is FrontEnd.TC


__all__ = ["FrontEnd", "front_end_of", "is_tc", "read", "read_file", "read_source"]
