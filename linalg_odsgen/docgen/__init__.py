"""`gen-doc`: an op library -> a reference page a person reads instead of the YAML."""

from __future__ import annotations

from linalg_odsgen.docgen.page import FORMATS, DocFile, page_title, render_library

__all__ = ["FORMATS", "DocFile", "page_title", "render_library"]
