"""Docstrings and help texts as Markdown: literal blocks kept, stray HTML escaped."""

from __future__ import annotations

import re

from linalg_odsgen.docgen.cells import cell, code_html, escape_html

__all__ = ["cell", "code_html", "escape_html", "markdown_of_help"]


def markdown_of_help(text: str) -> str:
    """A click help text or docstring as Markdown paragraphs.

    A paragraph click keeps as written (`\\b` first), a doctest (`>>>` first) and
    a paragraph indented deeper than the text around it become literal blocks; a
    list keeps one line per bullet; other paragraphs are prose with their lines
    joined.
    """
    paragraphs = re.split(r"\n\s*\n", text.strip("\n"))
    out = []
    for para in paragraphs:
        lines = para.splitlines()
        if lines and lines[0].lstrip().startswith(">>>"):
            out.append(f"```pycon\n{_dedent(para)}\n```")
        elif lines and lines[0].strip() == "\b":
            body = "\n".join(lines[1:])
            out.append(f"```text\n{_dedent(body)}\n```")
        elif lines and lines[0].lstrip().startswith(("- ", "* ")):
            out.append("\n".join(escape_html(item) for item in _items(lines)))
        elif lines and all(ln.startswith("    ") or not ln.strip() for ln in lines):
            out.append(f"```text\n{_dedent(para)}\n```")
        else:
            out.append(escape_html(" ".join(ln.strip() for ln in lines)))
    return "\n\n".join(out)


def _items(lines: list[str]) -> list[str]:
    """The bullets of a list paragraph, each with its continuation lines joined."""
    items: list[str] = []
    for ln in lines:
        text = ln.strip()
        if text.startswith(("- ", "* ")) or not items:
            items.append(text)
        else:
            items[-1] += " " + text
    return items


def _dedent(text: str) -> str:
    lines = text.splitlines()
    indent = min((len(ln) - len(ln.lstrip()) for ln in lines if ln.strip()), default=0)
    return "\n".join(ln[indent:] for ln in lines)
