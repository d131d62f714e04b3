"""Loading op libraries written in the OpDSL: from importable modules or from `.py` files.

Importing runs the user's code, so every way it can fail (missing file,
syntax error, an exception at import, a DSL mistake, two ops with one name)
becomes a `DiagnosticError` positioned in the user's file.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import linecache
import os
import sys
import traceback
from collections.abc import Sequence
from types import ModuleType

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError
from linalg_odsgen.dsl.errors import DslError
from linalg_odsgen.dsl.functions import OLD_SPELLINGS
from linalg_odsgen.dsl.op import OpDefinition, collect_ops
from linalg_odsgen.dsl.upstream_names import importing_opdsl_from_us
from linalg_odsgen.model import OpLibrary

CORE_MODULE = "linalg_odsgen.opspecs.core_named_ops"
STDIN_NAME = "<stdin>"

_DSL_DIR = os.path.dirname(os.path.abspath(__file__))
# What importing a user's file may raise that is its failure, not ours: every exception,
# and the BaseExceptions user code can raise on purpose (sys.exit, KeyboardInterrupt
# and GeneratorExit raised by hand).
_IMPORT_FAILURES = (Exception, SystemExit, KeyboardInterrupt, GeneratorExit)


def _import_failure(exc: BaseException, origin: str, user_file: str | None) -> DiagnosticError:
    """A one-line diagnostic for an exception raised while importing `origin`."""
    if isinstance(exc, DiagnosticError):
        return exc
    if isinstance(exc, SyntaxError):
        return DiagnosticError(
            Diagnostic(
                f"syntax error: {exc.msg}",
                exc.filename or user_file or origin,
                exc.lineno or 0,
                exc.offset or 0,
            )
        )
    # The innermost frame in the user's code: the given file, else outside our DSL and importlib.
    where: traceback.FrameSummary | None = None
    for frame in traceback.extract_tb(exc.__traceback__):
        filename = os.path.abspath(frame.filename) if not frame.filename.startswith("<") else ""
        if user_file is not None:
            if frame.filename == user_file or filename == os.path.abspath(user_file):
                where = frame
        elif (
            filename and not filename.startswith(_DSL_DIR) and filename != os.path.abspath(__file__)
        ):
            where = frame
    message = f"error while importing {origin}: {type(exc).__name__}: {exc}".rstrip(": ")
    missing = getattr(exc, "name", None) if isinstance(exc, NameError) else None
    old = OLD_SPELLINGS.get(missing or "")
    if old is not None:
        message += f" ({missing} is an LLVM 13/14 spelling of the OpDSL: use {old})"
    if where is None:
        return DiagnosticError(Diagnostic(message, user_file or origin))
    colno = getattr(where, "colno", None)  # Python >= 3.11
    column = colno + 1 if colno is not None else 0
    return DiagnosticError(Diagnostic(message, where.filename, where.lineno or 0, column))


def load_module(name: str) -> list[OpDefinition]:
    """Import the dotted module `name` and return its ops in definition order."""
    try:
        with contextlib.redirect_stdout(sys.stderr):
            module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (name == exc.name or name.startswith(exc.name + ".")):
            raise DiagnosticError(
                Diagnostic(f"cannot import module {name!r}: no module named {exc.name!r}", name)
            ) from None
        raise _import_failure(exc, f"module {name}", None) from None
    except _IMPORT_FAILURES as exc:
        raise _import_failure(exc, f"module {name}", None) from None
    return _ops_of(module, getattr(module, "__file__", None) or name)


def _read_source(path: str) -> tuple[bytes, str]:
    """(source, the filename its frames and diagnostics carry: absolute, or `<stdin>` for `-`)."""
    if path == "-":
        source = sys.stdin.buffer.read()
        # Register the text so DSL positions can read columns from it like from a file.
        lines = source.decode("utf-8", "replace").splitlines(keepends=True)
        linecache.cache[STDIN_NAME] = (len(source), None, lines, STDIN_NAME)
        return source, STDIN_NAME
    if os.path.isdir(path):
        raise DiagnosticError(Diagnostic("cannot read file: is a directory", path))
    try:
        with open(path, "rb") as fh:
            return fh.read(), os.path.abspath(path)
    except FileNotFoundError:
        raise DiagnosticError(Diagnostic("cannot read file: no such file", path)) from None
    except OSError as exc:
        raise DiagnosticError(Diagnostic(f"cannot read file: {exc.strerror}", path)) from None


def load_file(path: str) -> list[OpDefinition]:
    """Execute the Python file at `path` (`-`: stdin) as a fresh module and return its ops."""
    source, filename = _read_source(path)
    return _run_source(source, filename, STDIN_NAME if path == "-" else path)


def load_source(source: bytes | str, file: str) -> list[OpDefinition]:
    """Execute `source`, the text of the Python file `file`, as a fresh module; its ops.

    Diagnostics name `file`; frames carry its absolute path, whose lines (for columns)
    are the given text, not what may be on disk.
    """
    filename = os.path.abspath(file) if not file.startswith("<") else file
    text = source.decode("utf-8", "replace") if isinstance(source, bytes) else source
    lines = text.splitlines(keepends=True)
    linecache.cache[filename] = (len(text), None, lines, filename)
    return _run_source(source, filename, file)


def _run_source(source: bytes | str, filename: str, shown: str) -> list[OpDefinition]:
    digest = hashlib.sha256(filename.encode()).hexdigest()[:12]
    base = os.path.splitext(os.path.basename(shown))[0]
    stem = "".join(c if c.isalnum() else "_" for c in base)
    name = f"linalg_odsgen_user_{stem}_{digest}"
    module = ModuleType(name)
    module.__file__ = filename
    # Upstream OpDSL files run unchanged: their `mlir.dialects.linalg.opdsl` imports get us.
    module.__dict__["__builtins__"] = importing_opdsl_from_us()
    sys.modules[name] = module  # dataclasses and friends look their module up while it runs
    try:
        # User prints go to stderr: stdout may be carrying the YAML (`-o -`).
        with contextlib.redirect_stdout(sys.stderr):
            exec(compile(source, filename, "exec"), module.__dict__)
    except _IMPORT_FAILURES as exc:  # a user's sys.exit() or raise KeyboardInterrupt too
        raise _import_failure(exc, shown, filename) from None
    finally:
        sys.modules.pop(name, None)
    return _ops_of(module, shown)


def _ops_of(module: ModuleType, origin: str) -> list[OpDefinition]:
    ops = collect_ops(module)
    if not ops:
        raise DiagnosticError(
            Diagnostic("defines no op (no @linalg_structured_op function found)", origin)
        )
    return ops


def load_ops(modules: Sequence[str] = (), files: Sequence[str] = ()) -> list[OpDefinition]:
    """Ops of all `modules` then all `files`, in order; op names must be unique across them."""
    found: list[OpDefinition] = []
    for m in modules:
        found += load_module(m)
    for f in files:
        found += load_file(f)
    return _unique(found)


def _unique(found: list[OpDefinition]) -> list[OpDefinition]:
    seen: dict[str, OpDefinition] = {}
    diags = []
    for op in found:
        first = seen.setdefault(op.name, op)
        if first is not op:
            where = str(first.pos) if first.pos is not None else first.module
            diags.append(
                Diagnostic.at(op.pos, f"duplicate op name (first defined at {where})", op=op.name)
            )
    if diags:
        raise DiagnosticError(diags)
    return found


def load_dsl_library(modules: Sequence[str] = (), files: Sequence[str] = ()) -> OpLibrary:
    """The op library of `modules` and `files`; the built-in core library when both are empty.

    Each op is validated as `validate` would check its dump, so nothing is dumped that our
    own tools reject; errors point at the op's `def` line (with the field in the message).
    """
    return read_dsl_library(modules, files)[0]


def read_dsl_library(
    modules: Sequence[str] = (), files: Sequence[str] = ()
) -> tuple[OpLibrary, list[Diagnostic]]:
    """`load_dsl_library` and the warnings of its ops (defects written as upstream writes them)."""
    if not modules and not files:
        modules = (CORE_MODULE,)
    return _validated(load_ops(modules, files))


def dsl_library_of_source(source: bytes | str, file: str) -> tuple[OpLibrary, list[Diagnostic]]:
    """The validated op library of one OpDSL file's text (running it), and its warnings."""
    _, library, warnings = dsl_definitions_of_source(source, file)
    return library, warnings


def dsl_definitions_of_source(
    source: bytes | str, file: str
) -> tuple[list[OpDefinition], OpLibrary, list[Diagnostic]]:
    """As `dsl_library_of_source`, with the definitions too (their source names, for
    gen-doc), running the file once."""
    definitions = _unique(load_source(source, file))
    library, warnings = _validated(definitions)
    return definitions, library, warnings


def _validated(ops: list[OpDefinition]) -> tuple[OpLibrary, list[Diagnostic]]:
    found = {op.name: _validate(op) for op in ops}
    errors = [d for diags in found.values() for d in diags if d.is_error]
    if errors:
        raise DiagnosticError(errors)
    warnings = [w for op in ops for w in (*op.warnings, *found[op.name]) if not w.is_error]
    return OpLibrary(tuple(op.config for op in ops)), warnings


def _validate(op: OpDefinition) -> list[Diagnostic]:
    from linalg_odsgen.validation.semantic import validate_op
    from linalg_odsgen.yaml_io import dump_op, load_documents

    # Read as gen-ods reads: what upstream's generator accepts but our runtime rules (or
    # MLIR's verifiers) do not is written as upstream's OpDSL writes it, with a warning.
    found = validate_op(op.config, as_upstream=True)
    # What the YAML round trip checks beyond the model (e.g. text a YAML file cannot hold).
    try:
        load_documents(dump_op(op.config, null_doc=True), f"<dump of {op.name}>")
    except DiagnosticError as err:
        found += err.diagnostics
    from linalg_odsgen.validation.semantic import UPSTREAM_ACCEPTS

    # Of the validator's warnings, only those of rules upstream lacks: the DSL's own
    # warnings already name the defects it writes (such as a rank mismatch).
    found = [d for d in found if d.is_error or UPSTREAM_ACCEPTS in d.message]
    out = []
    for d in found:
        where = f" (in {d.path})" if d.path else ""
        out.append(Diagnostic.at(op.pos, d.message + where, severity=d.severity, op=op.name))
    return out


__all__ = [
    "CORE_MODULE",
    "DslError",
    "dsl_library_of_source",
    "load_dsl_library",
    "load_file",
    "load_module",
    "load_ops",
    "load_source",
    "read_dsl_library",
]
