"""The facade: `linalg_odsgen.read`, `generate` and `op_class` are the whole way in."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import linalg_odsgen as lo
from linalg_odsgen.diagnostics import DiagnosticError

REPO = Path(__file__).resolve().parents[1]
TC = REPO / "linalg_odsgen" / "opspecs" / "classic_ops.tc"
YAML = REPO / "linalg_odsgen" / "opspecs" / "classic_ops.yaml"
GENERATED = REPO / "linalg_odsgen" / "generated"


def test_read_picks_the_front_end_by_suffix_and_both_give_one_model() -> None:
    assert lo.read(TC) == lo.read(str(YAML))


def test_generate_writes_what_the_checked_in_files_hold() -> None:
    core = lo.read(REPO / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml")
    name = "linalg_odsgen/opspecs/core_named_ops.yaml"
    assert lo.generate(core, "td", name=name) == (
        GENERATED / "core_named_ops.yamlgen.td"
    ).read_text(encoding="utf-8")
    assert lo.generate(core, "cpp", name=name) == (
        GENERATED / "core_named_ops.yamlgen.cpp.inc"
    ).read_text(encoding="utf-8")
    yaml_text = (REPO / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml").read_text("utf-8")
    assert lo.generate(core, "yaml") == yaml_text
    module = lo.generate(core, "python", name=name)
    assert "class MatmulOp(StructuredOp):" in module
    assert f'GENERATED_BY = "{lo.__version__}"' in module
    assert "def matmul(" in lo.generate(core, "pyi", name=name)


def test_generate_refuses_an_unknown_target() -> None:
    with pytest.raises(DiagnosticError, match="unknown target 'rust'; expected one of: python"):
        lo.generate(lo.read(TC), "rust")  # type: ignore[arg-type]


def test_op_class_runs_an_op_read_from_a_file() -> None:
    library = lo.read(TC)
    matmul = lo.op_class(next(op for op in library.ops if op.name == "matmul"))
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.arange(12, dtype=np.float32).reshape(3, 4)
    out = matmul.call(a, b, outs=[np.zeros((2, 4), np.float32)], backend="loops")
    np.testing.assert_array_equal(out, a @ b)


def test_read_reports_a_bad_file_with_its_position(tmp_path: Path) -> None:
    bad = tmp_path / "bad.tc"
    bad.write_text("def f(A: f32(M)) -> (B: f32(M)) { B(m) = std_nope(A(m)); }\n")
    with pytest.raises(DiagnosticError) as info:
        lo.read(bad)
    d = info.value.diagnostics[0]
    assert d.file == str(bad) and d.line == 1 and d.column > 0


def test_importing_the_package_loads_no_back_end() -> None:
    code = (
        "import sys, linalg_odsgen\n"
        "assert callable(linalg_odsgen.read)\n"
        "print(sorted(m for m in sys.modules if m.startswith('linalg_odsgen.')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = done.stdout
    for heavy in ("linalg_odsgen.runtime", "linalg_odsgen.codegen", "linalg_odsgen.ods'"):
        assert heavy not in loaded
