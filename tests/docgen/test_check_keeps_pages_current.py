"""`check` keeps a library's gen-doc page current when its entry names a `doc` directory,
with the same bytes `gen-doc` writes for the library's YAML."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from linalg_odsgen.cli import main

OPS = '''from linalg_odsgen.dsl import *

@linalg_structured_op
def window_sum(I=TensorDef(T1, S.N, S.OW + S.KW), K=TensorDef(T2, S.KW, index_dims=[D.kw]),
               O=TensorDef(U, S.N, S.OW, output=True)):
    """Sums windows of KW elements."""
    O[D.n, D.ow] += TypeFn.cast_signed(U, I[D.n, D.ow + D.kw])
'''
CONFIG = """[[tool.linalg-ods-gen.library]]
source = "ops/my_ops.py"
yaml = "ops/my_ops.yaml"
doc = "docs/ops"
"""


def cli(root: Path, *args: str) -> tuple[int, str, str]:
    old = os.getcwd()
    os.chdir(root)
    try:
        result = CliRunner().invoke(main, list(args))
    finally:
        os.chdir(old)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "ops").mkdir()
    (tmp_path / "ops" / "my_ops.py").write_text(OPS)
    (tmp_path / "pyproject.toml").write_text(CONFIG)
    return tmp_path


def test_check_writes_the_page_gen_doc_writes_and_then_passes(project: Path) -> None:
    code, _, err = cli(project, "check")
    assert code == 1 and "docs/ops/my_ops.md" in err + _
    assert not (project / "docs").exists()
    assert cli(project, "check", "--write")[0] == 0
    page = project / "docs" / "ops" / "my_ops.md"
    picture = project / "docs" / "ops" / "my_ops" / "window_sum.svg"
    assert "## window_sum" in page.read_text() and picture.read_text().startswith("<svg")
    assert cli(project, "check")[0] == 0
    # gen-doc of the YAML, run from the project root, agrees byte for byte
    assert cli(project, "gen-doc", "ops/my_ops.yaml", "-o", "docs/ops", "--check")[0] == 0


def test_check_reports_a_page_left_behind_by_an_edited_op(project: Path) -> None:
    assert cli(project, "check", "--write")[0] == 0
    source = project / "ops" / "my_ops.py"
    source.write_text(source.read_text().replace("Sums windows", "Adds up windows"))
    code, out, _ = cli(project, "check")
    assert code == 1
    assert "-Sums windows of KW elements." in out and "+Adds up windows of KW elements." in out
