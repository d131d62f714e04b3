"""`linalg-ods-gen gen-ods`: flags, stdin, --check, and nothing written on error."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from linalg_odsgen.cli import main
from linalg_odsgen.ods import generate
from linalg_odsgen.ods.reading import read_library

ROOT = Path(__file__).resolve().parents[2]
LIB = ROOT / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml"


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def expected() -> tuple[str, str]:
    out = generate(read_library(LIB.read_bytes(), str(LIB))[0])
    return out.decl, out.impl


def test_writes_both_files_with_upstream_flag_spellings(tmp_path: Path) -> None:
    td, inc = tmp_path / "ops.td", tmp_path / "ops.cpp.inc"
    code, _, err = run("gen-ods", str(LIB), f"--o-ods-decl={td}", "-o-impl", str(inc))
    assert code == 0, err
    assert (td.read_text(), inc.read_text()) == expected()


def test_reads_stdin_without_a_file_and_writes_stdout_for_dash() -> None:
    code, out, _ = run("gen-ods", "--o-ods-decl=-", input=LIB.read_text())
    assert code == 0
    assert out == expected()[0]


def test_no_output_flag_is_an_error_like_upstream() -> None:
    code, _, err = run("gen-ods", str(LIB))
    assert code == 1
    assert "no output files specified" in err


def test_check_passes_when_current_and_diffs_when_stale(tmp_path: Path) -> None:
    td = tmp_path / "ops.td"
    td.write_text(expected()[0])
    assert run("gen-ods", str(LIB), f"--o-ods-decl={td}", "--check")[0] == 0
    td.write_text(expected()[0].replace("def MatvecOp", "def MatVecOp", 1))
    code, out, err = run("gen-ods", str(LIB), f"--o-ods-decl={td}", "--check")
    assert code == 1
    assert out.startswith("--- a/") and "-def MatVecOp" in out and "+def MatvecOp" in out
    assert "stale" in err
    assert "MatVecOp" in td.read_text()  # --check writes nothing


def test_errors_are_positioned_and_leave_outputs_untouched(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(LIB.read_text().replace("  - parallel\n", "  - window\n", 1))
    td = tmp_path / "ops.td"
    td.write_text("old\n")
    code, _, err = run("gen-ods", str(bad), f"--o-ods-decl={td}")
    assert code == 1
    line = next(i for i, text in enumerate(bad.read_text().splitlines(), 1) if text == "  - window")
    assert f"{bad}:{line}:" in err and "Traceback" not in err
    assert td.read_text() == "old\n"


def test_output_that_cannot_compile_is_written_with_a_warning(tmp_path: Path) -> None:
    text = LIB.read_text().replace("name: strides", "name: my_strides")
    src = tmp_path / "ops.yaml"
    src.write_text(text)
    inc = tmp_path / "ops.cpp.inc"
    code, _, err = run("gen-ods", str(src), f"--o-impl={inc}")
    assert code == 0
    assert "getMy_strides()" in inc.read_text()
    assert "warning:" in err and "getMyStrides()" in err


def test_every_warning_names_the_line_it_is_about(tmp_path: Path) -> None:
    text = (ROOT / "tests" / "data" / "ods_variants" / "rich_op.yaml").read_text()
    quirks = {
        "    default_fn: mul\n": "",  # a function attribute without default
        "name: strides": "name: my_strides",  # an accessor upstream misspells
        "  doc": "  defines: [hasFooBar]\n  doc",  # not a field of Op
        "(d0, d1)[s0, s1, s2, s3] -> (d0)>\n  iterator": "(d0, d1)[s0, s1, s2, s3] -> (d1)>\n  iterator",
    }
    for old, new in quirks.items():
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path / "quirks.yaml"
    path.write_text(text)
    code, _, err = run("gen-ods", str(path), f"--o-impl={tmp_path / 'o.inc'}")
    assert code == 0, err
    lines = err.strip().splitlines()
    assert len(lines) >= len(quirks)
    lines_of = {int(ln.split(":")[1]) for ln in lines}
    assert all(ln.startswith(f"{path}:") and ": warning: [op rich_op] " in ln for ln in lines)
    # the default, the accessor, the define and the output map each at their line
    # (a doc holding `}]` is refused, not warned about: see tests/safety)
    source = text.splitlines()
    want = {
        next(i for i, s in enumerate(source, 1) if "kind: binary_fn_attr" in s) - 2,
        next(i for i, s in enumerate(source, 1) if "name: my_strides" in s) - 1,
        next(i for i, s in enumerate(source, 1) if "defines:" in s),
        next(i for i, s in enumerate(source, 1) if "iterator_types:" in s) - 1,  # the output map
    }
    assert want <= lines_of, (want, lines)


NO_MAPS = """\
--- !LinalgOpConfig
metadata: !LinalgOpMetadata
  name: no_maps
  cpp_class_name: NoMapsOp
  doc: An op whose indexing maps are missing.
structured_op: !LinalgStructuredOpConfig
  args:
  - !LinalgOperandDefConfig
    name: I
    kind: input_tensor
    type_var: T
    shape_map: affine_map<()[s0] -> (s0)>
  - !LinalgOperandDefConfig
    name: O
    kind: output_tensor
    type_var: T
    shape_map: affine_map<()[s0] -> (s0)>
  indexing_maps: !LinalgIndexingMapsConfig
    static_indexing_maps: []
  iterator_types:
  - parallel
  assignments:
  - !ScalarAssign
    arg: O
    value: !ScalarExpression
      scalar_arg: I
"""


def test_empty_static_indexing_maps_are_refused_as_upstream_refuses_them(tmp_path: Path) -> None:
    src = tmp_path / "no_maps.yaml"
    src.write_text(NO_MAPS)
    td, inc = tmp_path / "ops.td", tmp_path / "ops.cpp.inc"
    code, _, err = run("gen-ods", str(src), f"--o-ods-decl={td}", f"--o-impl={inc}")
    assert code == 1
    assert err.startswith(f"{src}:19:27: error: [op no_maps] op has no indexing maps"), err
    assert "Traceback" not in err and err.count("\n") == 1  # one finding: the cause
    assert not td.exists() and not inc.exists()


def test_real_generator_refuses_empty_static_indexing_maps_too(tmp_path: Path) -> None:
    tool = shutil.which("mlir-linalg-ods-yaml-gen-22")
    if tool is None:
        pytest.skip("mlir-linalg-ods-yaml-gen-22 missing")
    src = tmp_path / "no_maps.yaml"
    src.write_text(NO_MAPS)
    done = subprocess.run(
        [tool, str(src), f"--o-ods-decl={tmp_path / 'u.td'}", f"--o-impl={tmp_path / 'u.inc'}"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0 and "op has no indexing maps" in done.stderr
