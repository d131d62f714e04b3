"""Writing a set of generated files all or nothing, and only inside the output directory.

Every file is first written to a temporary file beside its target; only when all
of them are written are they renamed into place. A failure while renaming puts
back the files already replaced and removes the directories created, so a run
either updates every file or leaves the old ones as they were. Below an output
directory no symbolic link is followed: a link planted at `DIR/include` could
otherwise redirect the writes anywhere on the disk.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError


@dataclass(frozen=True)
class _Old:
    """What a target was before the run: absent, a file (bytes, mode) or a symlink."""

    kind: str  # "absent" | "file" | "link"
    data: bytes = b""
    mode: int = 0o644
    link: str = ""


def _refuse(path: str, message: str) -> DiagnosticError:
    return DiagnosticError(Diagnostic(message, file=path))


def _check_dirs(root: str, relative: str) -> list[str]:
    """The directories to create for `root/relative` (outermost first); refuses links and
    non-directories on the way."""
    parts = relative.split("/")
    if os.path.isabs(relative) or any(p in ("", ".", "..") for p in parts):
        raise ValueError(f"not a relative path inside the output: {relative!r}")
    missing = []
    current = root
    for part in parts[:-1]:
        current = os.path.join(current, part)
        try:
            info = os.lstat(current)
        except FileNotFoundError:
            missing.append(current)
            continue
        except OSError as exc:
            raise _refuse(current, f"cannot write the project: {exc.strerror}") from None
        if stat.S_ISLNK(info.st_mode):
            raise _refuse(
                current,
                "is a symbolic link inside the output directory: refusing to write through "
                "it (remove it, or choose another -o)",
            )
        if not stat.S_ISDIR(info.st_mode):
            raise _refuse(current, "cannot write the project: not a directory")
    return missing


def _missing_root(root: str) -> list[str]:
    """`root` and those of its parents that do not exist yet, outermost first."""
    missing = []
    current = os.path.abspath(root)
    while not os.path.lexists(current):
        missing.append(current)
        parent = os.path.dirname(current)
        if parent == current:
            break
        current = parent
    if not os.path.isdir(current):
        raise _refuse(root, "cannot write the project: not a directory")
    return missing[::-1]


def _old_state(path: str) -> _Old:
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return _Old("absent")
    if stat.S_ISLNK(info.st_mode):
        return _Old("link", link=os.readlink(path))
    if stat.S_ISDIR(info.st_mode):
        raise _refuse(path, "cannot write file: is a directory")
    with open(path, "rb") as fh:
        return _Old("file", data=fh.read(), mode=stat.S_IMODE(info.st_mode))


def _restore(path: str, old: _Old) -> None:
    if os.path.lexists(path):
        os.unlink(path)
    if old.kind == "link":
        os.symlink(old.link, path)
    elif old.kind == "file":
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, old.mode)
        with os.fdopen(fd, "wb") as fh:
            fh.write(old.data)


def write_files(files: Sequence[tuple[str, str]], root: str | None = None) -> None:
    """Write each `(path, text)` as UTF-8, all or none.

    With `root`, paths are relative to it and must stay inside it without passing a
    symbolic link; without, they are ordinary paths (each file's directory must exist).
    """
    targets: list[str] = []
    to_create: list[str] = [] if root is None else _missing_root(root)
    for path, _ in files:
        if root is None:
            targets.append(path)
            continue
        for d in _check_dirs(root, path):
            if d not in to_create:
                to_create.append(d)
        targets.append(os.path.join(root, path))
    try:
        olds = [_old_state(t) for t in targets]
    except OSError as exc:
        raise _refuse(exc.filename or "<output>", f"cannot read file: {exc.strerror}") from None
    created: list[str] = []
    staged: list[str] = []
    replaced: list[int] = []
    where = root or (targets[0] if targets else "<output>")
    try:
        for d in to_create:
            where = d
            os.mkdir(d)
            created.append(d)
        for target, (_, text), old in zip(targets, files, olds, strict=True):
            where = target
            directory = os.path.dirname(os.path.abspath(target))
            fd, tmp = tempfile.mkstemp(
                prefix=".tmp-", suffix="-" + os.path.basename(target), dir=directory
            )
            staged.append(tmp)
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
            os.chmod(tmp, old.mode if old.kind == "file" else 0o644)
        for i, (tmp, target) in enumerate(zip(staged, targets, strict=True)):
            where = target
            os.replace(tmp, target)
            replaced.append(i)
    except (OSError, UnicodeError) as exc:
        _roll_back(targets, olds, staged, replaced, created)
        reason = getattr(exc, "strerror", None) or str(exc)
        raise _refuse(where, f"cannot write file: {reason} (nothing was written)") from None
    except BaseException:
        _roll_back(targets, olds, staged, replaced, created)
        raise


def _roll_back(
    targets: list[str], olds: list[_Old], staged: list[str], replaced: list[int], created: list[str]
) -> None:
    """Best effort: put back replaced files, drop temporaries and created directories."""
    done = set(replaced)
    for i in replaced:
        with contextlib.suppress(OSError):
            _restore(targets[i], olds[i])
    for i, tmp in enumerate(staged):
        if i not in done and os.path.lexists(tmp):
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    for d in reversed(created):
        with contextlib.suppress(OSError):
            os.rmdir(d)
