"""Helpers shared by the CLI commands: diagnostics at the edge, atomic output, stdin/stdout."""

from __future__ import annotations

import difflib
import functools
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError, format_diagnostics

F = TypeVar("F", bound=Callable[..., Any])


def report(diags: Sequence[Diagnostic], fmt: str = "text") -> None:
    """Print diagnostics to stderr in the requested format."""
    if diags:
        click.echo(format_diagnostics(diags, fmt), err=True)


def diagnostics_to_exit(fn: F) -> F:
    """Turn a `DiagnosticError` escaping a command into printed diagnostics and exit 1."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except DiagnosticError as err:
            report(err.diagnostics)
            sys.exit(1)

    return wrapper  # type: ignore[return-value]


def read_input(path: str) -> bytes:
    """Read a file, or stdin for `-`; unreadable files become diagnostics."""
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as exc:
        raise DiagnosticError(Diagnostic(f"cannot read file: {exc.strerror}", file=path)) from None


def write_output(path: str, text: str) -> None:
    """Write `text` to `path` atomically (temp file + rename), or to stdout for `-`."""
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    directory = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=os.path.basename(path), dir=directory)
    except OSError as exc:
        raise DiagnosticError(Diagnostic(f"cannot write file: {exc.strerror}", file=path)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        if os.path.exists(path):
            os.chmod(tmp, os.stat(path).st_mode & 0o777)
        else:
            os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def unified_diff(old: str, new: str, path: str) -> str:
    """A unified diff from the file on disk to what would be written (git-style `a/`, `b/` labels)."""
    label = path.lstrip("/")
    return "".join(
        difflib.unified_diff(
            old.splitlines(keepends=True),
            new.splitlines(keepends=True),
            fromfile=f"a/{label}",
            tofile=f"b/{label}",
        )
    )
