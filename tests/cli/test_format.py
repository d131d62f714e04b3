"""`linalg-ods-gen format`: canonical output, --check, atomic -o, clean failures."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from reference_corpus import REFERENCE

from linalg_odsgen.cli import main


def run(*args: str, stdin: bytes | None = None):
    return CliRunner().invoke(main, ["format", *args], input=stdin, catch_exceptions=False)


@pytest.fixture
def ref(tmp_path: Path) -> Path:
    path = tmp_path / "ops.yaml"
    shutil.copyfile(REFERENCE, path)
    return path


@pytest.fixture
def messy(tmp_path: Path) -> Path:
    """The reference with layout noise a person might add: same ops, not canonical."""
    text = REFERENCE.read_text()
    text = text.replace("  name: copy\n", "  name:    copy   # the first op\n", 1)
    text = text.replace("  iterator_types: []\n", "  iterator_types: [ ]\n", 1)
    path = tmp_path / "messy.yaml"
    path.write_text(text)
    return path


@pytest.fixture
def bad(tmp_path: Path) -> Path:
    path = tmp_path / "bad.yaml"
    path.write_text("--- !LinalgOpConfig\nmetadata: [\n")
    return path


def test_reference_is_reproduced_on_stdout(ref: Path) -> None:
    result = run(str(ref))
    assert result.exit_code == 0
    assert result.stdout_bytes == REFERENCE.read_bytes()


def test_output_file_gets_the_canonical_text(messy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.yaml"
    result = run(str(messy), "-o", str(out))
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    assert out.read_bytes() == REFERENCE.read_bytes()


def test_in_place_format_rewrites_the_file(messy: Path) -> None:
    result = run(str(messy), "-o", str(messy))
    assert result.exit_code == 0
    assert messy.read_bytes() == REFERENCE.read_bytes()


def test_stdin_and_stdout_dash(ref: Path) -> None:
    result = run("-", stdin=REFERENCE.read_bytes())
    assert result.exit_code == 0
    assert result.stdout_bytes == REFERENCE.read_bytes()


def test_check_passes_silently_on_canonical_file(ref: Path) -> None:
    before = ref.stat().st_mtime_ns
    result = run(str(ref), "--check")
    assert result.exit_code == 0
    assert result.stdout == "" and result.stderr == ""
    assert ref.stat().st_mtime_ns == before


def test_check_fails_with_a_diff_and_writes_nothing(messy: Path) -> None:
    before = messy.read_bytes()
    result = run(str(messy), "--check")
    assert result.exit_code == 1
    assert "-  name:    copy   # the first op\n+  name: copy\n" in result.stdout
    assert "-  iterator_types: [ ]\n+  iterator_types: []\n" in result.stdout
    assert "not in canonical form" in result.stderr
    assert messy.read_bytes() == before
    assert sorted(p.name for p in messy.parent.iterdir()) == ["messy.yaml"]


def test_check_notices_a_byte_order_mark(ref: Path) -> None:
    ref.write_bytes(b"\xef\xbb\xbf" + REFERENCE.read_bytes())
    result = run(str(ref), "--check")
    assert result.exit_code == 1
    assert "-\ufeff--- !LinalgOpConfig\n+--- !LinalgOpConfig\n" in result.stdout


def test_check_cannot_be_combined_with_output(ref: Path, tmp_path: Path) -> None:
    result = run(str(ref), "--check", "-o", str(tmp_path / "x.yaml"))
    assert result.exit_code == 2
    assert not (tmp_path / "x.yaml").exists()


def test_bad_input_leaves_existing_output_untouched(bad: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.yaml"
    out.write_text("precious\n")
    os.utime(out, ns=(1_000_000_000, 1_000_000_000))
    result = run(str(bad), "-o", str(out))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith(f"{bad}:3:1: error: invalid YAML")
    assert "Traceback" not in result.stderr
    assert out.read_text() == "precious\n"
    assert out.stat().st_mtime_ns == 1_000_000_000
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.yaml", "out.yaml"]


def test_bad_input_creates_no_output(bad: Path, tmp_path: Path) -> None:
    out = tmp_path / "new.yaml"
    result = run(str(bad), "-o", str(out))
    assert result.exit_code == 1
    assert not out.exists()


def test_model_errors_name_the_op_and_position(tmp_path: Path) -> None:
    text = REFERENCE.read_text().replace("kind: input_tensor", "kind: input_tensr", 1)
    path = tmp_path / "ops.yaml"
    path.write_text(text)
    result = run(str(path))
    assert result.exit_code == 1
    line = text[: text.index("input_tensr")].count("\n") + 1
    assert result.stderr.startswith(f"{path}:{line}:11: error: [op copy] 'input_tensr' is not a")
    assert result.stdout == ""


def test_python_tags_are_refused_and_not_run(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    path = tmp_path / "evil.yaml"
    path.write_text(f"--- !!python/object/apply:os.system ['touch {marker}']\n")
    result = run(str(path))
    assert result.exit_code == 1
    assert "!!python/object/apply:os.system is refused" in result.stderr
    assert not marker.exists()


def test_missing_file_is_a_diagnostic(tmp_path: Path) -> None:
    result = run(str(tmp_path / "nope.yaml"))
    assert result.exit_code == 1
    assert "cannot read file" in result.stderr


def test_empty_file_is_reported_not_formatted(tmp_path: Path) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text("")
    for args in ((str(path),), (str(path), "--check")):
        result = run(*args)
        assert result.exit_code == 1 and result.stdout == ""
        assert "no op-config documents" in result.stderr


def test_an_invalid_document_is_reported_not_repaired(tmp_path: Path) -> None:
    text = REFERENCE.read_text().replace("scalar_arg: I\n", "scalar_arg: nope\n", 1)
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    out = tmp_path / "out.yaml"
    result = run(str(path), "-o", str(out))
    assert result.exit_code == 1 and "unknown operand 'nope'" in result.stderr
    assert not out.exists()
    assert run(str(path), "-i").exit_code == 1 and path.read_text() == text


def test_help_documents_every_option() -> None:
    result = run("--help")
    assert result.exit_code == 0
    for option in ("-o, --output OUT", "--check", "FILE"):
        assert option in result.stdout


def test_console_script_exit_codes_and_no_traceback(bad: Path, ref: Path) -> None:
    exe = shutil.which("linalg-ods-gen")
    cmd = [exe] if exe else [sys.executable, "-m", "linalg_odsgen"]
    ok = subprocess.run([*cmd, "format", str(ref), "--check"], capture_output=True)
    assert ok.returncode == 0
    fail = subprocess.run([*cmd, "format", str(bad)], capture_output=True, text=True)
    assert fail.returncode == 1
    assert "Traceback" not in fail.stderr and "error:" in fail.stderr


def test_a_directory_as_input_is_a_diagnostic_not_a_usage_error(tmp_path: Path) -> None:
    result = run(str(tmp_path))
    assert result.exit_code == 1
    assert f"{tmp_path}: error: cannot read file" in result.stderr


def test_check_of_many_files_lists_every_stale_one(ref: Path, messy: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.yaml"
    other.write_text(messy.read_text())
    result = run(str(ref), str(messy), str(other), "--check")
    assert result.exit_code == 1
    assert f"--- a/{str(messy).lstrip('/')}" in result.stdout
    assert f"--- a/{str(other).lstrip('/')}" in result.stdout
    stale = [line.split(":")[0] for line in result.stderr.splitlines()]
    assert stale == [str(messy), str(other)]
    assert messy.read_text() == other.read_text() != REFERENCE.read_text()


def test_in_place_rewrites_only_stale_files(ref: Path, messy: Path) -> None:
    os.utime(ref, ns=(1_000_000_000, 1_000_000_000))
    result = run(str(ref), str(messy), "-i")
    assert result.exit_code == 0
    assert messy.read_bytes() == REFERENCE.read_bytes()
    assert ref.stat().st_mtime_ns == 1_000_000_000  # canonical: untouched
    assert result.stderr == f"reformatted {messy}\n"


def test_a_bad_file_among_many_fails_but_the_others_are_checked(
    ref: Path, messy: Path, bad: Path
) -> None:
    result = run(str(bad), str(messy), str(ref), "--check")
    assert result.exit_code == 1
    assert f"{bad}:3:1: error" in result.stderr
    assert f"{messy}: not in canonical form" in result.stderr


def test_many_files_need_in_place_or_check(ref: Path, messy: Path) -> None:
    result = run(str(ref), str(messy))
    assert result.exit_code == 2
    assert "--in-place" in result.stderr


def test_format_keeps_doc_null_which_gen_ods_prints_as_a_summary(tmp_path: Path) -> None:
    """`doc: null` (upstream's OpDSL's op without docstring) and a missing `doc` give
    different ODS (`summary = [{null}]` or none), so formatting must not turn one into
    the other; a file that was canonical before stays canonical."""
    source = tmp_path / "nodoc.py"
    source.write_text(
        "from linalg_odsgen.dsl import *\n\n@linalg_structured_op\n"
        "def cp(I=TensorDef(T1, S.M), O=TensorDef(T1, S.M, output=True)):\n"
        "    O[D.m] = I[D.m]\n"
    )
    dumped = tmp_path / "nodoc.yaml"
    assert (
        CliRunner().invoke(main, ["dump-oplib", "--file", str(source), "-o", str(dumped)]).exit_code
        == 0
    )
    assert "  doc: null\n" in dumped.read_text()
    assert run(str(dumped), "--check").exit_code == 0
    formatted = run(str(dumped)).output
    assert formatted == dumped.read_text()
    without = tmp_path / "without.yaml"
    without.write_text(formatted.replace("  doc: null\n", ""))
    assert "doc:" not in run(str(without)).output  # and a missing doc stays missing

    def ods(path: Path) -> str:
        out = tmp_path / f"{path.stem}.td"
        done = CliRunner().invoke(
            main, ["gen-ods", str(path), f"--o-ods-decl={out}", f"--o-impl={tmp_path / 'x.cpp'}"]
        )
        assert done.exit_code == 0, done.output
        return out.read_text()

    assert "let summary = [{null}];" in ods(dumped)
    assert "let summary" not in ods(without)
