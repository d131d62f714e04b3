"""MkDocs hooks of the docs site: the reference pages, generated from the sources at
build time so they cannot drift (mkdocs.yml lists this file under `hooks:`).

- reference/cli.md from the click commands;
- reference/op-config-format.md from linalg_odsgen/schemas/op_config.schema.json;
- reference/python-api.md from the public modules' docstrings;
- reference/ops/NAME.md (+ NAME/OP.svg) from each op library of linalg_odsgen/opspecs/ via
  gen-doc, from the source the YAML is made of (the OpDSL module, the TC file), so that
  formulas keep its names.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[1]
# (source gen-doc reads, whether the page says what MLIR 22 has of each op)
OP_LIBRARIES = (
    ("linalg_odsgen/opspecs/core_named_ops.py", True),
    ("linalg_odsgen/opspecs/classic_ops.tc", False),
)


def reference_pages() -> dict[str, str]:
    """Site path -> text of every generated page and picture."""
    from linalg_odsgen.docgen import render_library
    from linalg_odsgen.docgen.names import read_with_names
    from linalg_odsgen.docgen.reference import api_page, cli_page, schema_page

    pages = {
        "reference/cli.md": cli_page(),
        "reference/op-config-format.md": schema_page(),
        "reference/python-api.md": api_page(),
    }
    for source, mlir22 in OP_LIBRARIES:
        library, names, _ = read_with_names(str(ROOT / source), source)
        title = Path(source).stem
        for doc in render_library(library, title, source, "md", names=names, mlir22=mlir22):
            pages[f"reference/ops/{doc.path}"] = doc.text
    return pages


def on_files(files: Files, config: Any) -> Files:
    for path, text in reference_pages().items():
        files.append(File.generated(config, path, content=text))
    return files
