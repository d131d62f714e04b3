"""Reading op-config sources from files: YAML as it is, TC through its front end.

The one place that picks the front end by suffix for file inputs, below every
consumer (commands, the conformance package), so none of them reaches into the CLI.
Findings are returned, not printed: the caller decides where warnings go.
"""

from __future__ import annotations

import os
import shlex
import sys

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError
from linalg_odsgen.model import OpLibrary


def read_source(path: str) -> bytes:
    """Read a file, or stdin for `-`; unreadable files become diagnostics.

    Every caller takes op configs (YAML, or TC by suffix), so an OpDSL `.py` file is
    pointed at `dump-oplib --file` instead of failing as bad YAML; it is never run
    implicitly (validating a file must not execute it).
    """
    if path == "-":
        return sys.stdin.buffer.read()
    if path.endswith(".py"):
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
    """Whether `path` is read by the TC front end (chosen by the `.tc` suffix)."""
    from linalg_odsgen.tc import is_tc_path

    return path != "-" and is_tc_path(path)


def tc_library(path: str, display: str | None = None) -> tuple[OpLibrary, list[Diagnostic]]:
    """The ops of a `.tc` file and its warnings; its errors are raised."""
    from linalg_odsgen.tc import read_tc

    result = read_tc([(read_source(path), display or path)])
    return result.library, list(result.warnings)


def op_yaml(path: str, display: str | None = None) -> tuple[bytes | str, list[Diagnostic]]:
    """The op-config YAML of an input file: the file itself, or for a `.tc` file the
    canonical YAML of its ops (what `from-tc` prints), with the TC front end's warnings."""
    if not is_tc(path):
        return read_source(path), []
    from linalg_odsgen.yaml_io import dump_library

    library, warnings = tc_library(path, display)
    return dump_library(library.ops), warnings
