"""`linalg-ods-gen check` and scripts/regenerate.py on a temporary copy of the repository."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from linalg_odsgen.cli import main

REPO = Path(__file__).resolve().parents[2]


def _regenerate_main():
    spec = importlib.util.spec_from_file_location("regenerate", REPO / "scripts" / "regenerate.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.main


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "linalg_odsgen" / "opspecs").mkdir(parents=True)
    (root / "linalg_odsgen" / "generated").mkdir()
    shutil.copy(REPO / "pyproject.toml", root / "pyproject.toml")
    for pattern in ("core_named_ops.*", "classic_ops.*"):
        for path in (REPO / "linalg_odsgen" / "opspecs").glob(pattern):
            shutil.copy(path, root / "linalg_odsgen" / "opspecs" / path.name)
        for path in (REPO / "linalg_odsgen" / "generated").glob(pattern):
            shutil.copy(path, root / "linalg_odsgen" / "generated" / path.name)
    return root


def check(root: Path):
    return CliRunner().invoke(main, ["check", "--root", str(root)])


def test_the_repository_itself_is_up_to_date() -> None:
    result = check(REPO)
    assert result.exit_code == 0, result.stdout + result.stderr


def test_fresh_copy_passes(checkout: Path) -> None:
    result = check(checkout)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "8 generated files up to date" in result.stdout


def test_stale_ods_pair_fails_with_a_diff(checkout: Path) -> None:
    td = checkout / "linalg_odsgen" / "generated" / "core_named_ops.yamlgen.td"
    td.write_text(td.read_text().replace("def FillOp ", "def FilOp ", 1))
    result = check(checkout)
    assert result.exit_code == 1
    assert "+def FillOp " in result.stdout
    assert "linalg_odsgen/generated/core_named_ops.yamlgen.td: stale" in result.stderr


def test_stale_generated_module_fails_until_regenerated(checkout: Path) -> None:
    module = checkout / "linalg_odsgen" / "generated" / "core_named_ops.py"
    module.write_text(module.read_text().replace('OP_NAME = "fill"', 'OP_NAME = "fil"'))
    result = check(checkout)
    assert result.exit_code == 1
    assert "--- a/linalg_odsgen/generated/core_named_ops.py" in result.stdout
    assert '+    OP_NAME = "fill"' in result.stdout
    assert "linalg_odsgen/generated/core_named_ops.py: stale" in result.stderr
    assert _regenerate_main()(["--root", str(checkout)]) == 0
    assert check(checkout).exit_code == 0


def test_dsl_change_makes_both_yaml_and_module_stale(checkout: Path) -> None:
    dsl = checkout / "linalg_odsgen" / "opspecs" / "core_named_ops.py"
    text = dsl.read_text()
    assert "def matmul(" in text
    dsl.write_text(text.replace("def matmul(", "def matmul_renamed(", 1))
    result = check(checkout)
    assert result.exit_code == 1
    assert "linalg_odsgen/opspecs/core_named_ops.yaml: stale" in result.stderr
    assert "linalg_odsgen/generated/core_named_ops.py: stale" in result.stderr
    assert "matmul_renamed" in result.stdout
    assert _regenerate_main()(["--root", str(checkout)]) == 0
    assert check(checkout).exit_code == 0
    assert (
        "matmul_renamed"
        in (checkout / "linalg_odsgen" / "generated" / "core_named_ops.py").read_text()
    )


def test_missing_generated_file_is_reported(checkout: Path) -> None:
    (checkout / "linalg_odsgen" / "generated" / "core_named_ops.py").unlink()
    result = check(checkout)
    assert result.exit_code == 1
    assert "linalg_odsgen/generated/core_named_ops.py: missing" in result.stderr


def test_a_directory_without_configuration_is_a_clear_error(tmp_path: Path) -> None:
    result = check(tmp_path)
    assert result.exit_code == 1
    assert "no pyproject.toml here: nothing is configured" in result.stderr
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "other"\n')
    result = check(tmp_path)
    assert result.exit_code == 1
    assert "no [tool.linalg-ods-gen] table: nothing is configured" in result.stderr


def test_write_says_how_many_files_it_wrote_not_that_they_were_up_to_date(
    checkout: Path,
) -> None:
    for name in ("core_named_ops.yaml", "core_named_ops.py"):
        (checkout / "linalg_odsgen" / "generated" / name).unlink(missing_ok=True)
    wrote = CliRunner().invoke(main, ["check", "--root", str(checkout), "--write"])
    assert wrote.exit_code == 0, wrote.stdout + wrote.stderr
    assert "wrote 1 of 8 generated files; all are up to date now" in wrote.stdout
    assert "rewritten" not in wrote.stdout
    again = CliRunner().invoke(main, ["check", "--root", str(checkout), "--write"])
    assert "8 generated files up to date, nothing to write" in again.stdout
