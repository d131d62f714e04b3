"""User text in generated TableGen and C++: what would escape its context, and inert forms.

An op's doc is written by gen-ods into a TableGen code block (`[{...}]`), and
mlir-tblgen copies its summary and description into `///` comments of the C++
it generates. A `scalar_const` is written into a C++ string literal. Input
paths and the command line land in `//` and `#` comments and in a TableGen
string. Each of these contexts has characters that end it early, after which
the rest of the user's text would be read as TableGen or compiled as C++:

- `}]` ends a TableGen code block;
- a carriage return ends a `//` comment for GCC and Clang (a lone CR is a line
  break to them), and so does any line break in a string literal;
- a backslash at the end of the doc's last line (whitespace after it does not
  matter to GCC) splices the next line of generated code into the comment;
- NUL and other C0 control characters are read differently by each tool.

gen-ods must write upstream's bytes, so it refuses text holding any of these
(`doc_hazards`, `const_hazard`); gen-dialect writes its own copy and makes the
text inert instead (`inert_doc`, `inert_const`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# The characters LLVM's StringRef::trim() strips (what upstream trims from doc halves).
_LLVM_WHITESPACE = " \t\n\v\f\r"
# A line whose end splices the next line into it: a backslash (or its trigraph `??/`,
# which compilers in pre-C++17 modes still read) followed only by horizontal whitespace.
_SPLICE = re.compile(r"(\\|\?\?/)[ \t\f\v]*$", re.MULTILINE)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")


@dataclass(frozen=True)
class Hazard:
    """Why a piece of user text is unsafe where it lands, and where in the text (0-based)."""

    offset: int
    reason: str

    def line_in(self, text: str) -> int:
        """The 1-based line of the text the hazard is on."""
        return text.count("\n", 0, self.offset) + 1


def _char_name(ch: str) -> str:
    return f"U+{ord(ch):04X}"


def doc_hazards(doc: str) -> list[Hazard]:
    """Every place where `doc`, written as upstream writes it, would stop being a doc.

    Only the part upstream writes counts: the summary and description trimmed of
    edge whitespace (a trailing CR or backslash-free whitespace never reaches the
    output).
    """
    found: list[Hazard] = []
    for part_start, part in _doc_parts(doc):
        for m in re.finditer(r"\}\]", part):
            found.append(
                Hazard(
                    part_start + m.start(),
                    "`}]` ends the TableGen code block the doc is written into: the text "
                    "after it would be read as TableGen (an op field, C++ code)",
                )
            )
        for m in re.finditer("\r", part):
            found.append(
                Hazard(
                    part_start + m.start(),
                    "a carriage return: mlir-tblgen copies the doc into `///` comments of "
                    "the generated C++ and compilers end a comment at a lone CR, so the "
                    "text after it would be compiled (use \\n line breaks)",
                )
            )
        # mlir-tblgen writes generated code right after the last line of each part
        last_line = part.rsplit("\n", 1)[-1]
        last = _SPLICE.search(last_line)
        if last:
            found.append(
                Hazard(
                    part_start + len(part) - len(last_line) + last.start(),
                    "its last line ends in a backslash: in the `///` comment mlir-tblgen "
                    "writes, that continues the comment over the next line of generated C++",
                )
            )
        for m in _CONTROL.finditer(part):
            if m.group() == "\r":
                continue
            found.append(
                Hazard(
                    part_start + m.start(),
                    f"control character {_char_name(m.group())}: not text a .td file or "
                    "C++ comment can hold safely",
                )
            )
        for m in _SURROGATE.finditer(part):
            found.append(
                Hazard(
                    part_start + m.start(),
                    f"{_char_name(m.group())} is a lone surrogate, not a character: it "
                    "cannot be written as UTF-8",
                )
            )
    found.sort(key=lambda h: h.offset)
    return found


def _doc_parts(doc: str) -> list[tuple[int, str]]:
    """Summary and description as upstream splits and trims them, with their offsets in `doc`."""
    cut = doc.find("\n\n")
    halves = [(0, doc)] if cut < 0 else [(0, doc[:cut]), (cut + 2, doc[cut + 2 :])]
    parts = []
    for start, half in halves:
        stripped = half.lstrip(_LLVM_WHITESPACE)
        start += len(half) - len(stripped)
        parts.append((start, stripped.rstrip(_LLVM_WHITESPACE)))
    return parts


def inert_doc(doc: str) -> str:
    """`doc` with every hazard of `doc_hazards` removed, its wording otherwise kept.

    CR and CRLF become LF, `}]` becomes `} ]`, a line ending in a backslash gets a
    `.` after it, control characters become spaces and lone surrogates U+FFFD.
    """
    text = doc.replace("\r\n", "\n").replace("\r", "\n")
    text = _SURROGATE.sub("\ufffd", text)
    text = _CONTROL.sub(" ", text)
    text = text.replace("}]", "} ]")
    return _SPLICE.sub(lambda m: m.group(1) + ".", text)


def const_hazard(text: str) -> Hazard | None:
    """Why a `scalar_const` cannot be written into the C++ string literal upstream writes."""
    for i, ch in enumerate(text):
        if not " " <= ch <= "~":
            return Hazard(
                i,
                f"scalar_const holds {_char_name(ch)}: gen-ods writes the literal into a C++ "
                'string (`helper.constant("...")`) where only printable ASCII is safe; '
                "write it on one line with spaces",
            )
        if ch in '"\\':
            return Hazard(i, f"scalar_const holds {ch!r}, which would end the C++ string literal")
    return None


def inert_const(text: str) -> str:
    """A `scalar_const` with its whitespace runs as single spaces: the same MLIR literal."""
    return " ".join(text.split())


def tablegen_string(text: str) -> str:
    """`text` as the body of a TableGen `"..."` string (printable ASCII in; escapes `\\`, `"`)."""
    if not all(" " <= ch <= "~" for ch in text):
        raise ValueError(f"not printable ASCII: {text!r}")
    return text.replace("\\", "\\\\").replace('"', '\\"')


def comment_safe(text: str) -> str:
    """`text` unchanged, after checking that it can be one `//` or `#` comment line.

    Used on the command lines put in generated files' headers (already quoted for a
    shell, in printable ASCII): a line break or a trailing backslash there would be a
    bug of ours, not of the input.
    """
    if not all(" " <= ch <= "~" for ch in text) or _SPLICE.search(text):
        raise ValueError(f"unsafe in a comment: {text!r}")
    return text
