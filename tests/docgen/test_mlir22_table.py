"""The checked-in table of what MLIR 22 has of each core op, measured again with the real
`mlir-opt-22`: which named forms it knows, and which attributes they take."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from linalg_odsgen.docgen.example import example, op_classes
from linalg_odsgen.docgen.mlir22 import attribute_names, mlir22_op
from linalg_odsgen.validation import load_valid_library

REPO = Path(__file__).resolve().parents[2]
MLIR_OPT = shutil.which("mlir-opt-22")
pytestmark = pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt-22 not installed")


def _props(generic_line: str) -> set[str]:
    m = re.search(r"<\{(.*?)\}>", generic_line)
    return set(re.findall(r"(\w+) = ", m.group(1))) - {"operandSegmentSizes"} if m else set()


def test_table_says_which_named_forms_mlir_opt_22_knows_and_their_attributes() -> None:
    library = load_valid_library(
        (REPO / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml").read_bytes(), "core"
    )
    classes = op_classes(library)
    measured: dict[str, bool] = {}
    for op in library.ops:
        found = example(op, classes[op.name])
        assert found is not None
        run = subprocess.run([MLIR_OPT, "--mlir-print-op-generic"], input=found.named,
                             capture_output=True, text=True, timeout=60)  # fmt: skip
        measured[op.name] = run.returncode == 0
        if run.returncode:
            assert f"'linalg.{op.name}' is unknown" in run.stderr, run.stderr
            continue
        line = next(x for x in run.stdout.splitlines() if f'"linalg.{op.name}"' in x)
        table = set(attribute_names(op, mlir22_op(op.name)))
        # every attribute MLIR prints is in the table; the table's extras MLIR also takes
        assert _props(line) <= table, op.name
        for extra in mlir22_op(op.name).extra_attributes:
            assert extra in _props(line), (op.name, extra)
    assert measured == {op.name: mlir22_op(op.name).known for op in library.ops}
