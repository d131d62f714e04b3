"""Tokens of the TC op-spec language, each with its line and column.

The lexer never stops at the first defect: a stray character becomes a
diagnostic and is skipped, so one run can report every problem of a file.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError


class Tok(str, enum.Enum):
    IDENT = "identifier"
    INT = "integer"
    DOC = "doc string"
    PUNCT = "punctuation"
    EOF = "end of file"
    ERROR = "bad character"  # already reported by the lexer; the parser stays silent on it


@dataclass(frozen=True)
class Pos:
    """A 1-based line and column of the TC source."""

    line: int
    column: int


@dataclass(frozen=True)
class Token:
    kind: Tok
    text: str
    pos: Pos
    end: int  # offset just past the token, to tell glued tokens (`2xi64`) from spaced ones
    start: int

    def is_punct(self, text: str) -> bool:
        return self.kind is Tok.PUNCT and self.text == text

    def is_word(self, text: str) -> bool:
        return self.kind is Tok.IDENT and self.text == text

    def describe(self) -> str:
        """How a message names this token: `'foo'`, `'->'` or `end of file`."""
        if self.kind is Tok.EOF:
            return "end of file"
        if self.kind is Tok.DOC:
            return 'a """ doc string'
        return f"'{self.text}'"


_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_INT = re.compile(r"[0-9]+")
_PUNCT2 = ("->",)
_PUNCT1 = set("(){}<>[],:;=+-*?")
_DOC = '"""'


def normalize_newlines(text: str) -> str:
    """LF, CRLF and a lone CR all end a line (a `//` comment too), as in YAML and C++."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def decode(source: bytes | str, file: str) -> str:
    """UTF-8 text without a BOM, line ends as LF; bad bytes become a positioned diagnostic."""
    if isinstance(source, str):
        return normalize_newlines(source.removeprefix("\ufeff"))
    source = source.removeprefix(b"\xef\xbb\xbf")
    try:
        return normalize_newlines(source.decode("utf-8"))
    except UnicodeDecodeError as exc:
        bad = source[exc.start]
        head = source[: exc.start].replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        line = head.count(b"\n") + 1
        column = len(head[head.rfind(b"\n") + 1 :].decode("utf-8", errors="replace")) + 1
        raise DiagnosticError(
            Diagnostic(
                f"file is not valid UTF-8: byte 0x{bad:02x} cannot start or "
                "continue a character (TC files are UTF-8 text)",
                file,
                line,
                column,
            )
        ) from None


def _is_stray(text: str, i: int) -> bool:
    c = text[i]
    return not (
        c.isspace()
        or c in _PUNCT1
        or text.startswith(("//", _DOC), i)
        or _IDENT.match(text, i) is not None
        or c.isdigit()
    )


def tokenize(text: str, file: str) -> tuple[list[Token], list[Diagnostic]]:
    """All tokens of `text` (ending with EOF) and the lexical errors found on the way."""
    tokens: list[Token] = []
    errors: list[Diagnostic] = []
    line, line_start, i, n = 1, 0, 0, len(text)

    def pos_at(offset: int) -> Pos:
        return Pos(line, offset - line_start + 1)

    while i < n:
        c = text[i]
        if c == "\n":
            line, line_start, i = line + 1, i + 1, i + 1
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if text.startswith(_DOC, i):
            start_pos = pos_at(i)
            end = text.find(_DOC, i + 3)
            if end < 0:
                errors.append(
                    Diagnostic(
                        'unterminated doc string: no closing """ before the end of the file',
                        file,
                        start_pos.line,
                        start_pos.column,
                    )
                )
                line += text.count("\n", i)
                line_start = text.rfind("\n", 0, n) + 1 if "\n" in text[i:] else line_start
                i = n
                break
            body = text[i + 3 : end]
            tokens.append(Token(Tok.DOC, body, start_pos, end + 3, i))
            newlines = body.count("\n")
            if newlines:
                line += newlines
                line_start = i + 3 + body.rfind("\n") + 1
            i = end + 3
            continue
        m = _IDENT.match(text, i)
        if m:
            tokens.append(Token(Tok.IDENT, m.group(), pos_at(i), m.end(), i))
            i = m.end()
            continue
        m = _INT.match(text, i)
        if m:
            tokens.append(Token(Tok.INT, m.group(), pos_at(i), m.end(), i))
            i = m.end()
            continue
        two = text[i : i + 2]
        if two in _PUNCT2:
            tokens.append(Token(Tok.PUNCT, two, pos_at(i), i + 2, i))
            i += 2
            continue
        if c in _PUNCT1:
            tokens.append(Token(Tok.PUNCT, c, pos_at(i), i + 1, i))
            i += 1
            continue
        p = pos_at(i)
        shown = repr(c) if c.isprintable() else f"U+{ord(c):04X}"
        errors.append(Diagnostic(f"unexpected character {shown}", file, p.line, p.column))
        start = i
        i += 1
        while i < n and _is_stray(text, i):  # one diagnostic for a run of garbage
            i += 1
        tokens.append(Token(Tok.ERROR, text[start:i], p, i, start))
    tokens.append(Token(Tok.EOF, "", pos_at(i), i, i))
    return tokens, errors
