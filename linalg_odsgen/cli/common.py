"""Helpers shared by the CLI commands: diagnostics at the edge, atomic output, stdin/stdout."""

from __future__ import annotations

import contextlib
import difflib
import functools
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from typing import ParamSpec, TypeVar

import click

from linalg_odsgen import sources
from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError, format_diagnostics
from linalg_odsgen.model import OpLibrary
from linalg_odsgen.sources import is_tc as is_tc

P = ParamSpec("P")
R = TypeVar("R")


def report(diags: Sequence[Diagnostic], fmt: str = "text") -> None:
    """Print diagnostics to stderr in the requested format."""
    if diags:
        click.echo(format_diagnostics(diags, fmt), err=True)


def diagnostics_to_exit(fn: Callable[P, R]) -> Callable[P, R]:
    """Turn a `DiagnosticError` escaping a command into printed diagnostics and exit 1.

    Only user mistakes arrive as `DiagnosticError`, so only they are caught: an
    interrupt is left to click (it prints "Aborted!" and exits 1) and any other
    exception is an internal bug whose traceback belongs in the bug report.
    """

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except DiagnosticError as err:
            report(err.diagnostics)
            sys.exit(1)

    return wrapper


def read_existing(path: str) -> str | None:
    """The text of an output file for `--check` (None when it does not exist yet)."""
    try:
        with open(path, encoding="utf-8", newline="") as fh:
            return fh.read()
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise DiagnosticError(Diagnostic(f"cannot read file: {reason}", file=path)) from None


def report_if_stale(path: str, text: str, command: str, label: str | None = None) -> bool:
    """`--check` of one output: print a diff to stdout and a note to stderr when `path`
    (missing counts) differs from `text`; True when stale. Writes nothing."""
    old = read_existing(path)
    if old == text:
        return False
    click.echo(unified_diff(old or "", text, label or path), nl=False)
    click.echo(f"{path}: stale (regenerate with `linalg-ods-gen {command}`)", err=True)
    return True


def write_output(path: str, text: str) -> None:
    """Write `text` to `path` atomically (temp file + rename), or to stdout for `-`."""
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    if os.path.isdir(path):
        raise DiagnosticError(Diagnostic("cannot write file: is a directory", file=path))
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
    except BaseException as exc:
        if os.path.exists(tmp):
            os.unlink(tmp)
        if isinstance(exc, OSError):  # e.g. disk full, or `path` turned into a directory
            raise DiagnosticError(
                Diagnostic(f"cannot write file: {exc.strerror or exc}", file=path)
            ) from None
        raise


def write_outputs(files: Sequence[tuple[str, str]]) -> None:
    """Write several files as one change: all of them or none.

    Missing parent directories are created. Every file is first written to a temp
    file beside its target; only when all are written are they renamed into place.
    A failure before that removes the temp files and the directories made for them;
    a failed rename (rare: the temp file is already in the target's directory) puts
    the files already replaced back to their old text.
    """
    made_dirs: list[str] = []
    temps: list[tuple[str, str, str | None]] = []  # (temp, target, old text or None)

    def undo_temps() -> None:
        for tmp, _, _ in temps:
            if os.path.exists(tmp):
                os.unlink(tmp)
        for d in reversed(made_dirs):
            with contextlib.suppress(OSError):  # not empty: something else wrote there
                os.rmdir(d)

    try:
        for path, text in files:
            if os.path.isdir(path):
                raise DiagnosticError(Diagnostic("cannot write file: is a directory", file=path))
            directory = os.path.dirname(os.path.abspath(path))
            missing: list[str] = []
            d = directory
            while not os.path.exists(d):
                missing.append(d)
                d = os.path.dirname(d)
            for m in reversed(missing):
                try:
                    os.mkdir(m)
                except OSError as exc:
                    raise DiagnosticError(
                        Diagnostic(f"cannot create directory: {exc.strerror}", file=m)
                    ) from None
                made_dirs.append(m)
            try:
                fd, tmp = tempfile.mkstemp(
                    prefix=".tmp-", suffix=os.path.basename(path), dir=directory
                )
            except OSError as exc:
                raise DiagnosticError(
                    Diagnostic(f"cannot write file: {exc.strerror}", file=path)
                ) from None
            old = read_existing(path)
            temps.append((tmp, path, old))
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
            mode = os.stat(path).st_mode & 0o777 if os.path.exists(path) else 0o644
            os.chmod(tmp, mode)
    except BaseException as exc:
        undo_temps()
        if isinstance(exc, OSError):
            raise DiagnosticError(
                Diagnostic(f"cannot write file: {exc.strerror or exc}", file=temps[-1][1])
            ) from None
        raise
    done: list[tuple[str, str | None]] = []
    for i, (tmp, path, old) in enumerate(temps):
        try:
            os.replace(tmp, path)
        except OSError as exc:
            for later, _, _ in temps[i:]:
                if os.path.exists(later):
                    os.unlink(later)
            for back, old_text in done:
                if old_text is None:
                    os.unlink(back)
                else:
                    write_output(back, old_text)
            raise DiagnosticError(
                Diagnostic(f"cannot write file: {exc.strerror or exc}", file=path)
            ) from None
        done.append((path, old))


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


# A file or stdin for `-`, as every command reads its op configs (see `sources`).
read_input = sources.read_source


def read_op_file(path: str, display: str | None = None) -> OpLibrary:
    """The op library of a command's input file through its front end (`sources.read_file`:
    YAML, or TC by suffix; DSL files are refused); the front end's warnings go to stderr.
    (`ods.reading.read_library` is the other reader: a YAML file as upstream's generator
    reads it, for gen-ods.)"""
    library, warnings = sources.read_file(path, display)
    report(warnings)
    return library
