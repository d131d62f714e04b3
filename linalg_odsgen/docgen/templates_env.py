"""The jinja2 environment of every page gen-doc and the reference generators write."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import jinja2


def _md_cell(text: str) -> str:
    """Text inside a Markdown table cell (a `|` would end the cell)."""
    return text.replace("|", "\\|").replace("\n", " ")


def _md_code_cell(text: str) -> str:
    """Code inside a Markdown table cell: an HTML `<code>` element, because a `\\|` in a
    backtick span would be shown with its backslash; `|` is written as `&#124;`."""
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return "<code>" + escaped.replace("|", "&#124;").replace("\n", " ") + "</code>"


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("linalg_odsgen.docgen", "templates"),
        autoescape=jinja2.select_autoescape(["html.j2"]),
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["cell"] = _md_cell
    env.filters["code_cell"] = _md_code_cell
    return env


def render(template: str, **context: Any) -> str:
    return environment().get_template(template).render(**context)
