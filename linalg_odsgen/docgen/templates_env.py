"""The jinja2 environment of every page gen-doc and the reference generators write."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import jinja2

from linalg_odsgen.docgen.cells import cell, code_html


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
    env.filters["cell"] = cell
    env.filters["code_cell"] = code_html
    return env


def render(template: str, **context: Any) -> str:
    return environment().get_template(template).render(**context)
