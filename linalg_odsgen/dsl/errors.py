"""DSL errors and how they find the user's line.

An op definition is ordinary Python, so the useful position of a mistake is
the line of the user's `.py` file that wrote it. Every DSL object records the
first stack frame outside this package when it is created; errors found later
(during the op analysis) point back to that recorded position.
"""

from __future__ import annotations

import functools
import linecache
import sys
from types import CodeType, FrameType

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError, SourcePos

_DSL_PACKAGE = __name__.rpartition(".")[0]


class DslError(DiagnosticError):
    """A mistake in an op definition: carries the op name (when known) and the user's position."""

    def __init__(self, message: str, pos: SourcePos | None = None, op: str | None = None) -> None:
        self.message = message
        self.pos = pos
        self.op = op
        super().__init__(Diagnostic.at(pos, message, op=op, file=pos.file if pos else "<dsl>"))

    def with_op(self, op: str) -> DslError:
        """The same error, naming `op` (errors raised before the op name is known lack it)."""
        if self.op is not None:
            return self
        return DslError(self.message, self.pos, op)

    def __reduce__(self) -> tuple[object, ...]:
        return (DslError, (self.message, self.pos, self.op))


@functools.lru_cache(maxsize=16)
def _positions(code: CodeType) -> tuple[tuple[int | None, int | None, int | None, int | None], ...]:
    """Source positions of each instruction (Python >= 3.11; empty before).

    A memo of immutable data: op modules create hundreds of DSL objects from one
    code object, and walking its position table each time is quadratic.
    """
    positions = getattr(code, "co_positions", None)
    return tuple(positions()) if positions is not None else ()


def frame_pos(frame: FrameType) -> SourcePos:
    """The file, line and (1-based) column of the instruction `frame` is executing."""
    code = frame.f_code
    line = frame.f_lineno or code.co_firstlineno
    column = 0
    positions = _positions(code)
    if frame.f_lasti >= 0 and frame.f_lasti // 2 < len(positions):
        entry = positions[frame.f_lasti // 2]
        if entry[0] == line and entry[2] is not None:
            column = entry[2] + 1
    if column == 0:
        text = linecache.getline(code.co_filename, line)
        column = len(text) - len(text.lstrip()) + 1 if text.strip() else 1
    return SourcePos(code.co_filename, line, column)


def user_pos() -> SourcePos | None:
    """The position of the innermost caller outside the DSL package (the user's op source)."""
    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        module = frame.f_globals.get("__name__", "")
        if not (module == _DSL_PACKAGE or module.startswith(_DSL_PACKAGE + ".")):
            return frame_pos(frame)
        frame = frame.f_back
    return None
