"""`linalg-ods-gen gen-impl`: writes the module, --check diffs, errors write nothing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from linalg_odsgen.cli import main
from linalg_odsgen.codegen import generate_from_yaml

REPO = Path(__file__).resolve().parents[2]
CORE_YAML = REPO / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml"


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    (tmp_path / "ops.yaml").write_bytes(CORE_YAML.read_bytes())
    old = os.getcwd()
    os.chdir(tmp_path)
    yield tmp_path
    os.chdir(old)


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_writes_the_generated_module(workdir: Path) -> None:
    result = run("gen-impl", "ops.yaml", "-o", "out.py")
    assert result.exit_code == 0, result.output
    text = (workdir / "out.py").read_text()
    assert text == generate_from_yaml(CORE_YAML.read_bytes(), "ops.yaml", "ops.yaml", "out.py")
    assert text.splitlines()[2] == "#   linalg-ods-gen gen-impl ops.yaml -o out.py"


def test_dash_writes_to_stdout(workdir: Path) -> None:
    result = run("gen-impl", "ops.yaml", "-o", "-")
    assert result.exit_code == 0
    assert "class MatmulOp(StructuredOp):" in result.stdout
    assert not (workdir / "-").exists()


def test_check_passes_on_a_fresh_file_and_writes_nothing(workdir: Path) -> None:
    assert run("gen-impl", "ops.yaml", "-o", "out.py").exit_code == 0
    before = (workdir / "out.py").stat().st_mtime_ns
    result = run("gen-impl", "ops.yaml", "-o", "out.py", "--check")
    assert result.exit_code == 0 and result.stdout == ""
    assert (workdir / "out.py").stat().st_mtime_ns == before


def test_check_fails_with_a_diff_on_a_stale_file(workdir: Path) -> None:
    assert run("gen-impl", "ops.yaml", "-o", "out.py").exit_code == 0
    out = workdir / "out.py"
    stale = out.read_text().replace('OP_NAME = "matmul"', 'OP_NAME = "matmul_old"')
    out.write_text(stale)
    result = run("gen-impl", "ops.yaml", "-o", "out.py", "--check")
    assert result.exit_code == 1
    assert "--- a/out.py" in result.stdout and "+++ b/out.py" in result.stdout
    assert '-    OP_NAME = "matmul_old"' in result.stdout
    assert '+    OP_NAME = "matmul"' in result.stdout
    assert out.read_text() == stale


def test_check_reports_a_missing_output_as_stale(workdir: Path) -> None:
    result = run("gen-impl", "ops.yaml", "-o", "missing.py", "--check")
    assert result.exit_code == 1
    assert not (workdir / "missing.py").exists()


def test_invalid_yaml_prints_diagnostics_and_writes_nothing(workdir: Path) -> None:
    bad = CORE_YAML.read_text().replace("kind: output_tensor", "kind: outptu_tensor", 1)
    (workdir / "bad.yaml").write_text(bad)
    (workdir / "out.py").write_text("# old\n")
    result = run("gen-impl", "bad.yaml", "-o", "out.py")
    assert result.exit_code == 1
    assert "bad.yaml:" in result.stderr and "error:" in result.stderr
    assert "Traceback" not in result.output
    assert (workdir / "out.py").read_text() == "# old\n"


def test_unreadable_input_is_a_diagnostic(workdir: Path) -> None:
    result = run("gen-impl", "nope.yaml", "-o", "out.py")
    assert result.exit_code == 1
    assert "nope.yaml: error: cannot read file" in result.stderr
    assert not (workdir / "out.py").exists()


def test_a_directory_as_input_or_checked_output_is_a_diagnostic(workdir: Path) -> None:
    (workdir / "adir").mkdir()
    result = run("gen-impl", "adir", "-o", "out.py")
    assert result.exit_code == 1
    assert "adir: error: cannot read file" in result.stderr
    assert not (workdir / "out.py").exists()
    result = run("gen-impl", "ops.yaml", "-o", "adir", "--check")
    assert result.exit_code == 1
    assert "adir: error: cannot read file" in result.stderr


def test_hostile_file_names_give_a_module_that_imports_and_runs_nothing(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    payload = "+AAo-import os+ADs-os.system('touch PWNED')+AAo-"  # UTF-7 for a code line
    import dataclasses

    from linalg_odsgen.validation import load_valid_library
    from linalg_odsgen.yaml_io import dump_library

    ops = list(load_valid_library(CORE_YAML.read_bytes(), "core.yaml").ops)
    ops[0] = dataclasses.replace(ops[0], metadata=dataclasses.replace(ops[0].metadata, doc=payload))
    text = dump_library(ops)
    assert payload in text
    for raw in (b"coding=utf-7", b"a\nb", b'q"""q', b"back\\slash", b"cr\rx", b"\xff"):
        folder = os.path.join(os.fsencode(tmp_path), raw)
        os.makedirs(folder, exist_ok=True)
        src, out = os.path.join(folder, b"ops.yaml"), os.path.join(folder, b"mod.py")
        with open(src, "w") as fh:
            fh.write(text)
        cmd = [sys.executable, "-m", "linalg_odsgen", "gen-impl", src, "-o", out]
        assert subprocess.run(cmd, capture_output=True).returncode == 0, raw
        load = "import importlib.util as u, sys; s = u.spec_from_file_location('m', sys.argv[1]); m = u.module_from_spec(s); s.loader.exec_module(m); print(len(m.OPS))"
        done = subprocess.run([sys.executable, "-c", load, out], capture_output=True, cwd=folder)
        assert done.returncode == 0 and int(done.stdout) > 50, (raw, done.stderr)
        assert not os.path.exists(os.path.join(folder, b"PWNED"))
