"""The whole core library (90 ops) as a dialect plugin: every op's named form round-trips and
generalizes to what `emit --generic` prints (slow: one ~30 s C++ build)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from dialect_build import HAVE_TOOLS, build_plugin
from dialect_build import opt as _opt

from linalg_odsgen import ops
from linalg_odsgen.conformance.library import cases_for
from linalg_odsgen.mlir import Form, print_module

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [
    pytest.mark.skipif(not HAVE_TOOLS, reason="MLIR 22 dev files, cmake, ninja or g++ missing"),
    pytest.mark.slow,
    pytest.mark.mlir,
]


@pytest.fixture(scope="module")
def core_plugin(tmp_path_factory: pytest.TempPathFactory) -> str:
    src = str(ROOT / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml")
    return build_plugin([src], "corelib", tmp_path_factory.mktemp("core") / "proj")


@pytest.mark.parametrize("name", sorted(ops.OPS))
def test_every_core_op_round_trips_and_generalizes_like_emit_generic(core_plugin, name):
    cls = ops.OPS[name]
    cases = cases_for(cls)[:2]
    assert cases
    for case in cases:
        op = cls.from_types(list(case.types), **case.attr_dict)
        named = re.sub(rf"\blinalg\.{name}\b", f"corelib.{name}", print_module(op, Form.NAMED))
        first = _opt(core_plugin, named)
        assert first.returncode == 0, (case.label, first.stderr)
        assert _opt(core_plugin, first.stdout).stdout == first.stdout, case.label
        theirs = _opt(core_plugin, named, "--linalg-generalize-named-ops", "--canonicalize")
        mine = _opt(core_plugin, print_module(op, Form.GENERIC), "--canonicalize")
        assert theirs.returncode == 0 and theirs.stdout == mine.stdout, case.label
