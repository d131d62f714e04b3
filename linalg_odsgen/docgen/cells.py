"""Text inside Markdown: stray HTML escaped, and table cells whose code spans hold a `|`.

Every page gen-doc and the reference generators write goes through these, so that a
browser shows exactly the text: no swallowed `<stdin>`, no backslash before a `|`.
"""

from __future__ import annotations

import re

_CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)


def escape_html(text: str) -> str:
    """`<` outside code spans as `&lt;`: `<stdin>` or `affine_map<...>` in prose is text,
    not an HTML tag a browser would swallow."""
    out, last = [], 0
    for m in _CODE_SPAN.finditer(text):
        out.append(text[last : m.start()].replace("<", "&lt;"))
        out.append(m.group(0))
        last = m.end()
    out.append(text[last:].replace("<", "&lt;"))
    return "".join(out)


def code_html(code: str) -> str:
    """Code inside a Markdown table cell, as an HTML `<code>` element: Markdown would show
    the backslash of a `\\|` inside a backtick span, so `|` is written `&#124;`."""
    escaped = code.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return "<code>" + escaped.replace("|", "&#124;").replace("\n", " ") + "</code>"


def cell(text: str) -> str:
    """Text inside a Markdown table cell: `|` escaped in prose, code spans holding one
    written as `<code>` (see `code_html`)."""
    text = text.replace("\n", " ")
    out, last = [], 0
    for m in _CODE_SPAN.finditer(text):
        out.append(escape_html(text[last : m.start()]).replace("|", "\\|"))
        out.append(code_html(m.group(2)) if "|" in m.group(2) else m.group(0))
        last = m.end()
    out.append(escape_html(text[last:]).replace("|", "\\|"))
    return "".join(out)
