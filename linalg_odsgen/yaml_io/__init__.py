"""YAML front and back end of the op-config model: safe loading, conversion, canonical dumping."""

from __future__ import annotations

from linalg_odsgen.yaml_io.loader import LoadedDocument, Path, load_documents

__all__ = ["LoadedDocument", "Path", "load_documents"]
