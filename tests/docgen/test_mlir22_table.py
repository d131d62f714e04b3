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
    named = []
    for op in library.ops:
        found = example(op, classes[op.name])
        assert found is not None
        named.append(found.named)
    # one mlir-opt run, one chunk per op: unknown ops fail their chunk only
    run = subprocess.run([MLIR_OPT, "--split-input-file", "--mlir-print-op-generic"],
                         input="// -----\n".join(named), capture_output=True, text=True,
                         timeout=120)  # fmt: skip
    unknown = set(re.findall(r"custom op 'linalg\.(\w+)' is unknown", run.stderr))
    assert unknown == {op.name for op in library.ops if not mlir22_op(op.name).known}
    printed = {
        m.group(1): _props(line)
        for line in run.stdout.splitlines()
        if (m := re.search(r'"linalg\.(\w+)"', line)) and m.group(1) not in ("yield", "index")
    }
    assert set(printed) == {op.name for op in library.ops} - unknown
    for op in library.ops:
        if op.name in unknown:
            continue
        table = set(attribute_names(op, mlir22_op(op.name)))
        # every attribute MLIR prints is in the table; the table's extras MLIR also takes
        assert printed[op.name] <= table, op.name
        for extra in mlir22_op(op.name).extra_attributes:
            assert extra in printed[op.name], (op.name, extra)
