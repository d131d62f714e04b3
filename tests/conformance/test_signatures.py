"""Findings are deduplicated by root cause: the pipeline and what it changes in the kernel
(op names removed and added), not by op family or element type."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from linalg_odsgen.cli import main
from linalg_odsgen.conformance.findings import ir_change, kernel_ops

EXTUI_TO_EXTSI = "out = re.sub(r'arith\\.extui (%in\\w*)', r'arith.extsi \\1', out)"

BEFORE = """module {
  func.func @t_k0(%a: tensor<2xf32>, %o: tensor<2xf32>) -> tensor<2xf32> {
    %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<2xf32>) outs(%o : tensor<2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %1 = math.sqrt %in : f32
      %2 = arith.addf %out, %1 : f32
      linalg.yield %2 : f32
    } -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
  func.func @t_run0() {
    %c = arith.constant dense<1.0> : tensor<2xf32>
    %r = func.call @t_k0(%c, %c) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    return
  }
}
"""
AFTER = BEFORE.replace("%1 = math.sqrt %in : f32\n      ", "").replace("%out, %1", "%out, %in")


def test_kernel_ops_are_those_of_the_kernels_not_of_the_runner() -> None:
    ops = set(kernel_ops(BEFORE))
    assert {"linalg.generic", "math.sqrt", "arith.addf", "linalg.yield"} <= ops
    assert "func.call" not in ops and "arith.constant" not in ops


def test_ir_change_names_the_ops_a_pipeline_removed_and_added() -> None:
    assert ir_change(BEFORE, AFTER) == "-math.sqrt"
    assert ir_change(AFTER, BEFORE) == "+math.sqrt"
    assert ir_change(BEFORE, BEFORE) == "(same ops)"


@pytest.mark.slow
def test_one_wrong_rewrite_on_many_ops_is_one_finding(tmp_path: Path, make_wrapper) -> None:
    opt = make_wrapper("extsi", EXTUI_TO_EXTSI)
    res = CliRunner().invoke(main, ["fuzz", "--mlir-opt", opt, "--cases", "80", "--seed", "3", "--minimize-budget", "0", "--jobs", "1", "--format", "json", "--out", str(tmp_path)])  # fmt: skip
    data = json.loads(res.stdout)
    found = json.loads((tmp_path / "findings.json").read_text())
    miscompiles = [f for f in found if f["kind"] == "miscompile"]
    # several cases of different ops and element types miscompile, all by extui -> extsi
    assert data["kinds"]["miscompile"] >= 2, data["kinds"]
    assert len(miscompiles) == 1 and data["duplicates"] >= 1
    assert all(f["tool_version"] == "" or "version" in f["tool_version"] for f in found)
