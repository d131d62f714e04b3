"""A legal reordering of a float reduction is never a finding: such reductions get data every
summation order agrees on, and data for which the order matters is not compared."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from linalg_odsgen.cli import main
from linalg_odsgen.conformance.data import case_data, order_problem, reduction_combiners
from linalg_odsgen.conformance.spec import CaseSpec, OpSource, instance
from linalg_odsgen.types import F32, ShapedType, parse_element_type

SPLIT_REDUCTION = """module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %fill, %split, %comb, %loop = transform.structured.tile_reduction_using_for %m by tile_sizes = [0, 0, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
"""


def _op(name: str, *shapes: tuple[int, ...], element: str = "f32"):
    t = parse_element_type(element)
    spec = CaseSpec(OpSource(name), tuple(ShapedType("tensor", s, t) for s in shapes), form="named")
    return instance(spec)


def test_a_float_sum_of_general_data_is_order_dependent_and_of_small_integers_is_not() -> None:
    op = _op("matmul", (1, 3), (3, 1), (1, 1))
    assert {k for k, _ in reduction_combiners(op).values()} == {"add"}
    out = np.zeros((1, 1), np.float32)
    # 1e8 + 1 - 1e8: 0 or 1 depending on the order
    general = [np.array([[1e8, 1.0, -1e8]], np.float32), np.ones((3, 1), np.float32), out]
    assert order_problem(op, general) is not None
    small = [np.array([[2.0, -1.0, 0.5]], np.float32), np.ones((3, 1), np.float32), out]
    assert order_problem(op, small) is None
    # NaN and infinities propagate in any order
    special = [np.array([[np.inf, 1e8, 1.0]], np.float32), np.ones((3, 1), np.float32), out]
    assert order_problem(op, special) is None


def test_max_reductions_and_integer_sums_are_never_order_dependent() -> None:
    pool = _op("pooling_nhwc_max", (1, 4, 4, 1), (2, 2), (1, 3, 3, 1))
    assert reduction_combiners(pool) == {}
    ints = _op("matmul", (2, 3), (3, 2), (2, 2), element="i32")
    assert reduction_combiners(ints) == {}


@pytest.mark.parametrize("element", ["f16", "bf16", "f32", "f64"])
def test_order_sensitive_reductions_draw_data_every_order_agrees_on(element: str) -> None:
    op = _op("matmul", (4, 5), (5, 3), (4, 3), element=element)
    agreed = sum(order_problem(op, case_data(op, seed)) is None for seed in range(20))
    assert agreed == 20


def test_a_pipeline_repeating_the_interpreter_next_to_transform_is_warned_about(
    tmp_path: Path,
) -> None:
    script = tmp_path / "split.mlir"
    script.write_text(SPLIT_REDUCTION)
    res = CliRunner().invoke(main, ["fuzz", "--transform", str(script), "--pipeline", "--transform-interpreter", "--cases", "1", "--jobs", "1", "--out", str(tmp_path / "o")])  # fmt: skip
    assert "applied twice" in res.output


@pytest.mark.slow
def test_splitting_a_float_matmul_reduction_is_not_a_miscompile(tmp_path: Path) -> None:
    script = tmp_path / "split.mlir"
    script.write_text(SPLIT_REDUCTION)
    res = CliRunner().invoke(main, ["conform", "--op", "matmul", "--instances", "40", "--transform", str(script), "--minimize-budget", "0", "--jobs", "1", "--format", "json", "--out", str(tmp_path / "o")])  # fmt: skip
    data = json.loads(res.stdout)
    assert data["findings"] == [], res.output
    assert data["kinds"].get("ok", 0) >= 30
    assert F32  # the core matmul instances include f32, f16 and bf16 ones
