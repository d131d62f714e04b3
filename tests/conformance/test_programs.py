"""`fuzz --ops N`: programs of several ops joined producer to consumer, run in order by the
oracle, clean under a correct fusion pass, shrunk by dropping ops."""

from __future__ import annotations

import json
import random
from pathlib import Path

from click.testing import CliRunner

from linalg_odsgen.cli import main
from linalg_odsgen.conformance.engine import NotRunnable, prepare
from linalg_odsgen.conformance.fuzz import draw_case
from linalg_odsgen.conformance.program import (
    SHAPES,
    ProgramSpec,
    draw_program,
    program_candidates,
)
from linalg_odsgen.conformance.spec import instance
from linalg_odsgen.model import OperandKind


def _written(spec: ProgramSpec, upto: int) -> set[int]:
    out: set[int] = set()
    for s in spec.steps[:upto]:
        op = instance(s.spec())
        out |= {k for k, d in zip(s.slots, op.value_operands, strict=True) if d.kind is OperandKind.OUTPUT_TENSOR}  # fmt: skip
    return out


def test_programs_cover_every_shape_and_join_their_ops_producer_to_consumer() -> None:
    shapes = set()
    for i in range(60):
        spec = draw_program(random.Random(i), i, f"case {i}", 4)
        shapes.add(spec.shape)
        assert 2 <= len(spec.steps) <= 4
        for j in range(1, len(spec.steps)):
            # every op after the first reads something an earlier op wrote
            assert set(spec.steps[j].slots) & _written(spec, j), spec.describe()
    assert shapes == set(SHAPES)


def test_the_oracle_runs_the_ops_of_a_program_in_order() -> None:
    spec = next(
        s
        for i in range(40)
        if (s := draw_program(random.Random(i), i, "p", 2)).shape == "contraction-elementwise"
    )
    p = prepare(spec)
    # the printed result is the elementwise op's output, computed from the matmul's
    assert len(p.expected) == len(spec.results) == 1


def test_most_programs_run_and_order_dependent_ones_are_skipped_not_compared() -> None:
    ran = 0
    for i in range(40):
        try:
            prepare(draw_program(random.Random(i), i, "p", 3))
            ran += 1
        except NotRunnable as exc:
            assert "order" in str(exc) or "cannot" in str(exc)
    assert ran >= 32


def test_fuzz_ops_draws_programs_only_when_asked() -> None:
    assert not any(isinstance(draw_case(0, i), ProgramSpec) for i in range(12))
    assert sum(isinstance(draw_case(0, i, 3), ProgramSpec) for i in range(12)) == 6


def test_a_program_shrinks_by_dropping_its_last_op() -> None:
    spec = next(
        s for i in range(60) if len((s := draw_program(random.Random(i), i, "p", 4)).steps) >= 3
    )
    smaller = next(program_candidates(spec))
    assert len(smaller.steps) == len(spec.steps) - 1
    prepare(smaller)  # still a runnable program


def test_programs_are_clean_under_elementwise_fusion(tmp_path: Path) -> None:
    res = CliRunner().invoke(main, ["fuzz", "--ops", "3", "--pipeline", "--linalg-fuse-elementwise-ops", "--cases", "30", "--seed", "5", "--jobs", "1", "--format", "json", "--out", str(tmp_path)])  # fmt: skip
    data = json.loads(res.stdout)
    assert data["findings"] == [], res.output
    programs = {k: v for k, v in data["per_op"].items() if k.startswith("program:")}
    assert sum(v.get("ok", 0) for v in programs.values()) >= 12
