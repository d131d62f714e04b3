"""Diagnostics as values: every user-facing error carries a position.

Deep code builds `Diagnostic`s and raises `DiagnosticError`; only the CLI edge
formats them (GNU style or JSON) and picks the exit code.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace


class Severity(str, enum.Enum):
    """How bad a diagnostic is; only errors make a command fail."""

    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@dataclass(frozen=True)
class SourcePos:
    """A 1-based line and column in a named file."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Diagnostic:
    """One finding about user input: where, which op, which field, what is wrong."""

    message: str
    file: str = "<input>"
    line: int = 0
    column: int = 0
    severity: Severity = Severity.ERROR
    op: str | None = None
    path: str | None = None

    @classmethod
    def at(
        cls,
        pos: SourcePos | None,
        message: str,
        *,
        severity: Severity = Severity.ERROR,
        op: str | None = None,
        path: str | None = None,
        file: str = "<input>",
    ) -> Diagnostic:
        """Build a diagnostic at `pos` (or at the start of `file` when unknown)."""
        if pos is None:
            return cls(message, file, 0, 0, severity, op, path)
        return cls(message, pos.file, pos.line, pos.column, severity, op, path)

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def with_file(self, file: str) -> Diagnostic:
        return replace(self, file=file)

    def format_gnu(self) -> str:
        """`FILE:LINE:COL: severity: [op NAME] message` (line/col omitted when unknown)."""
        where = self.file
        if self.line > 0:
            where += f":{self.line}"
            if self.column > 0:
                where += f":{self.column}"
        op = f"[op {self.op}] " if self.op else ""
        return f"{where}: {self.severity.value}: {op}{self.message}"

    def to_json(self) -> dict[str, object]:
        data = asdict(self)
        data["severity"] = self.severity.value
        return {k: data[k] for k in ("file", "line", "column", "severity", "op", "path", "message")}

    def __str__(self) -> str:
        return self.format_gnu()


@dataclass
class DiagnosticError(Exception):
    """Raised with one or more diagnostics; the CLI prints them and exits 1."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def __init__(self, diagnostics: Diagnostic | Iterable[Diagnostic]) -> None:
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.format_gnu() for d in self.diagnostics))

    @classmethod
    def single(cls, message: str, pos: SourcePos | None = None, **kw: object) -> DiagnosticError:
        return cls(Diagnostic.at(pos, message, **kw))  # type: ignore[arg-type]


def has_errors(diags: Sequence[Diagnostic]) -> bool:
    return any(d.is_error for d in diags)


def format_diagnostics(diags: Sequence[Diagnostic], fmt: str = "text") -> str:
    """Render diagnostics for a terminal (`text`) or for tools (`json`)."""
    if fmt == "json":
        return json.dumps([d.to_json() for d in diags], indent=2)
    return "\n".join(d.format_gnu() for d in diags)


__all__ = [
    "Diagnostic",
    "DiagnosticError",
    "Severity",
    "SourcePos",
    "format_diagnostics",
    "has_errors",
]
