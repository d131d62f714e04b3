"""`gen-impl`: op-config YAML -> the generated Python op module."""

from __future__ import annotations

from linalg_odsgen.codegen.generator import generate_module


def generate_from_yaml(
    source: bytes | str,
    file: str,
    source_name: str | None = None,
    output_name: str = "OUT.py",
) -> str:
    """Validate `source` (YAML text of `file`) and return the generated module text
    (a convenience for YAML text in hand; commands read files with `sources.read_file`
    and call `generate_module`).

    `source_name` and `output_name` are how the header's regenerating command names
    the input (defaults to `file`) and the module, so that the output does not depend
    on where the command was run from.
    """
    from linalg_odsgen.validation import load_valid_library

    library = load_valid_library(source, file)
    return generate_module(library, source_name or file, output_name)


__all__ = [
    "generate_from_yaml",
    "generate_module",
]
