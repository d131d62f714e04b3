"""ODS/C++ back end (`gen-ods`): the `.td` and `.cpp.inc` files MLIR's Linalg build includes."""

from __future__ import annotations

from linalg_odsgen.ods.generator import OdsOutput, generate, getter_name, split_doc

__all__ = ["OdsOutput", "generate", "getter_name", "split_doc"]
