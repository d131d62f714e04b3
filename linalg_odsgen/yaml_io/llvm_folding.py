"""Folded block scalars (`>`) as LLVM's YAML reader folds them.

The YAML spec keeps the line breaks around "more-indented" lines of a folded
scalar (lines starting with a space or tab after the block indentation); LLVM's
reader folds those too: every single line break between content becomes a
space and each empty line one newline. A line break is LF, CRLF or a lone CR,
as in both readers. `gen-ods` must read docs as
`mlir-linalg-ods-yaml-gen` does, so it refolds `>` scalars from their source.
"""

from __future__ import annotations

import re

_HEADER = re.compile(r">([+-]?)([1-9]?)([+-]?)")
_BREAK = re.compile(r"\r\n|\r|\n")


def llvm_folded_scalar(raw: str, parsed: str) -> str:
    """The value LLVM gives the folded block scalar whose source text is `raw`.

    `parsed` (PyYAML's value) is returned unchanged when the header carries an
    indentation indicator, which LLVM's reader does not accept at all.
    """
    header, *rest = _BREAK.split(raw, maxsplit=1)
    body = rest[0] if rest else ""
    m = _HEADER.match(header.strip())
    if m is None or m.group(2):
        return parsed
    chomp = m.group(1) or m.group(3)
    lines = _BREAK.split(body)
    content = [ln for ln in lines if ln.strip(" ")]
    if not content:
        return parsed
    indent = len(content[0]) - len(content[0].lstrip(" "))
    # Drop the lines after the last content line: they are the scalar's trailing breaks.
    last = max(i for i, ln in enumerate(lines) if ln.strip(" "))
    trailing_breaks = (
        sum(1 for ln in lines[last + 1 :] if not ln.strip(" ")) if len(lines) > last + 1 else 0
    )
    out: list[str] = []
    blank_run = 0
    started = False
    for ln in lines[: last + 1]:
        if not ln.strip(" "):
            blank_run += 1
            continue
        text = ln[indent:]
        if not started:
            out.append("\n" * blank_run)
            started = True
        elif blank_run:
            out.append("\n" * blank_run)
        else:
            out.append(" ")
        out.append(text)
        blank_run = 0
    folded = "".join(out)
    if chomp == "-":
        return folded
    if chomp == "+":
        return folded + "\n" + "\n" * trailing_breaks
    return folded + "\n"
