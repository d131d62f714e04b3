"""`StructuredOp.to_mlir` prints through the printer the mlir package registers: the
runtime never imports the printer, yet `to_mlir` works before anything imported it."""

from __future__ import annotations

import subprocess
import sys

import numpy as np

from linalg_odsgen import ops
from linalg_odsgen.runtime import printing


def test_to_mlir_loads_the_registered_printer_on_first_use() -> None:
    code = (
        "import sys\nfrom linalg_odsgen import ops\nfrom linalg_odsgen.runtime import ShapedType\n"
        "from linalg_odsgen.types import F32\n"
        "before = 'linalg_odsgen.mlir' in sys.modules\n"
        "op = ops.FillOp.from_types([F32, ShapedType('tensor', (2, 3), F32)])\n"
        "text = op.to_mlir('generic')\n"
        "print(before, 'linalg_odsgen.mlir' in sys.modules, 'linalg.generic' in text)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True", "True"]


def test_a_registered_printer_is_what_to_mlir_calls() -> None:
    from linalg_odsgen.mlir import print_module

    seen = []

    def printer(op, form="named", *, kind=None):  # type: ignore[no-untyped-def]
        seen.append((op.OP_NAME, form, kind))
        return print_module(op, form, kind=kind)

    op, _ = ops.MatmulOp.from_arrays(
        np.ones((2, 3), np.float32),
        np.ones((3, 4), np.float32),
        outs=[np.zeros((2, 4), np.float32)],
    )
    previous = printing.register_printer(printer)
    try:
        assert op.to_mlir(kind="tensor") == print_module(op, "named", kind="tensor")
    finally:
        printing.register_printer(previous)
    assert seen == [("matmul", "named", "tensor")]
