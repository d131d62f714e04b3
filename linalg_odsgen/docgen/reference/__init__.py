"""Reference pages of this project generated from its sources, so they cannot drift:
the command line from click, the op-config format from the JSON Schema, the Python API
from docstrings. The docs site's build hook writes them (with `gen-doc`'s op pages)."""

from __future__ import annotations

from linalg_odsgen.docgen.reference.api import api_page
from linalg_odsgen.docgen.reference.cli import cli_page
from linalg_odsgen.docgen.reference.schema import schema_page

__all__ = ["api_page", "cli_page", "schema_page"]
