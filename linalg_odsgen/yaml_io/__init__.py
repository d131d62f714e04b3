"""YAML front and back end of the op-config model: safe loading, conversion, canonical dumping."""

from __future__ import annotations

from linalg_odsgen.yaml_io.convert import load_library, to_model
from linalg_odsgen.yaml_io.dumper import dump_library, dump_op
from linalg_odsgen.yaml_io.loader import LoadedDocument, NodePath, format_path, load_documents

__all__ = [
    "LoadedDocument",
    "NodePath",
    "dump_library",
    "dump_op",
    "format_path",
    "load_documents",
    "load_library",
    "to_model",
]
