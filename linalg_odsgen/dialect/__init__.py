"""gen-dialect: op libraries as out-of-tree MLIR dialects loadable into mlir-opt as plugins."""

from __future__ import annotations

from linalg_odsgen.dialect.generator import DialectFile, camel, check_names, generate_dialect

__all__ = ["DialectFile", "camel", "check_names", "generate_dialect"]
