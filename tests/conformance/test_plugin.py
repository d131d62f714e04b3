"""`conform --plugin`: a gen-dialect plugin's ops run in their named form (its dialect)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from dialect_build import build_plugin, needs_build

from linalg_odsgen.cli import main
from linalg_odsgen.validation import load_valid_library
from linalg_odsgen.yaml_io import dump_library

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@needs_build
def test_conform_runs_a_plugins_named_ops_through_the_pipeline(tmp_path: Path) -> None:
    core = load_valid_library((ROOT / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml").read_bytes(), "core")  # fmt: skip
    by_name = {op.name: op for op in core.ops}
    lib = tmp_path / "plug_ops.yaml"
    lib.write_text(dump_library([by_name["matmul"], by_name["elemwise_unary"]]))
    plugin = build_plugin([str(lib)], "plug_ops", tmp_path / "proj")

    def conform(flags: str, out: str) -> tuple[int, dict]:
        res = CliRunner().invoke(main, ["conform", str(lib), "--plugin", plugin, "--pipeline", flags, "--instances", "6", "--jobs", "1", "--minimize-budget", "0", "--format", "json", "--out", str(tmp_path / out)])  # fmt: skip
        return res.exit_code, json.loads(res.stdout)

    code, data = conform("--linalg-generalize-named-ops", "clean")
    assert code == 0 and data["findings"] == []
    # both forms of both ops ran (elemwise_unary is not in MLIR 22: only the plugin has it,
    # so its named form runs only when printed in the plugin's dialect)
    assert data["per_op"]["elemwise_unary"] == {"ok": 12}
    # (named forms of instances with MLIR 22's per-instance indexing_maps are left out)
    assert data["per_op"]["matmul"] == {"ok": 10}
    code, data = conform("--linalg-specialize-generic-ops", "spec")
    assert code == 1
    assert any("cast=cast_unsigned" in f["case"] and "[generic" in f["case"] for f in data["findings"])  # fmt: skip
