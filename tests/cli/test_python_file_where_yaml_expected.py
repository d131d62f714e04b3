"""An OpDSL `.py` file given where op-config YAML is expected: pointed at dump-oplib, never run."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from linalg_odsgen.cli import main

OPS = """\
import pathlib
pathlib.Path(__file__).with_name("RAN").write_text("the file was executed")
from linalg_odsgen.dsl import *

@linalg_structured_op
def twice(I=TensorDef(T1, S.M), O=TensorDef(T1, S.M, output=True)):
    O[D.m] = I[D.m] + I[D.m]
"""

COMMANDS = {
    "validate": ["validate", "{py}"],
    "gen-impl": ["gen-impl", "{py}", "-o", "{out}/twice.py"],
    "emit --lib": ["emit", "twice", "--lib", "{py}", "--type", "memref<4xf32>",
                   "--type", "memref<4xf32>", "-o", "{out}/twice.mlir"],
    "format": ["format", "{py}", "-o", "{out}/twice.yaml"],
    "gen-ods": ["gen-ods", "{py}", "--o-ods-decl={out}/twice.td"],
    "gen-dialect": ["gen-dialect", "{py}", "--name", "twice", "-o", "{out}/dialect"],
    "from-tc": ["from-tc", "{py}", "-o", "{out}/twice.yaml"],
}  # fmt: skip


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_points_at_dump_oplib_and_neither_runs_nor_writes(tmp_path: Path, command: str) -> None:
    py = tmp_path / "my ops.py"
    py.write_text(OPS)
    out = tmp_path / "out"
    out.mkdir()
    args = [a.format(py=py, out=out) for a in COMMANDS[command]]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1
    assert f"{py}: error: is an OpDSL Python file, not op-config YAML" in result.stderr
    assert f"`linalg-ods-gen dump-oplib --file '{py}' -o '{tmp_path}/my ops.yaml'`" in result.stderr
    assert "invalid YAML" not in result.stderr and "Traceback" not in result.output
    assert not (tmp_path / "RAN").exists()
    assert list(out.iterdir()) == []


def test_the_suggested_command_then_works(tmp_path: Path) -> None:
    py = tmp_path / "ops.py"
    py.write_text(OPS)
    result = CliRunner().invoke(
        main, ["dump-oplib", "--file", str(py), "-o", str(tmp_path / "ops.yaml")]
    )
    assert result.exit_code == 0, result.output
    assert CliRunner().invoke(main, ["validate", str(tmp_path / "ops.yaml")]).exit_code == 0
