"""Where `StructuredOp.to_mlir` finds the MLIR printer: a plug-in point.

The printer lives above the runtime (`linalg_odsgen.mlir`) and reads instances through
`runtime.protocol`; the runtime must not import it. The mlir package registers its
printer here when it is imported; a `to_mlir` call before that loads the plug-in
module named by `PRINTER_MODULE` (by name, as the backend registry loads backends),
which registers itself.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from linalg_odsgen.runtime.protocol import OpInstance

# The module that registers the default printer when imported.
PRINTER_MODULE = "linalg_odsgen.mlir"


class ModulePrinter(Protocol):
    def __call__(self, op: OpInstance, form: Any = ..., *, kind: str | None = None) -> str: ...


_printer: ModulePrinter | None = None


def register_printer(printer: ModulePrinter | None) -> ModulePrinter | None:
    """Make `printer(op, form, kind=...)` what `to_mlir` calls (the last one wins; None:
    the next call loads `PRINTER_MODULE` again); returns the printer it replaces."""
    global _printer
    previous, _printer = _printer, printer
    return previous


def print_instance(op: OpInstance, form: str = "named", *, kind: str | None = None) -> str:
    """`op` as an MLIR module through the registered printer."""
    printer = _printer
    if printer is None:
        importlib.import_module(PRINTER_MODULE)
        printer = _printer
    if printer is None:
        raise RuntimeError(f"{PRINTER_MODULE} registered no MLIR printer")
    return printer(op, form, kind=kind)


__all__ = ["PRINTER_MODULE", "ModulePrinter", "print_instance", "register_printer"]
