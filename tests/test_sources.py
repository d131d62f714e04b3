"""`sources.read`: one front-end interface for op-config YAML, TC and OpDSL files.

Each front end must give the same validated model for the same ops, choose itself by
the file's suffix, raise its errors with positions in the user's file, and return
its warnings.
"""

from __future__ import annotations

import doctest
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from linalg_odsgen import sources
from linalg_odsgen.diagnostics import DiagnosticError
from linalg_odsgen.model import OperandDef, OperandKind
from linalg_odsgen.sources import FrontEnd, front_end_of, read, read_file
from linalg_odsgen.tc import tc_to_yaml
from linalg_odsgen.yaml_io import dump_library

TC = "def scale(A: f32(M, N)) -> (B: f32(M, N)) { B(m, n) = std_mulf(A(m, n), A(m, n)); }\n"

DSL = textwrap.dedent(
    '''\
    from linalg_odsgen.dsl import *

    @linalg_structured_op
    def scale(A=TensorDef(T1, S.M, S.N), B=TensorDef(T1, S.M, S.N, output=True)):
        """Squares A."""
        B[D.m, D.n] = A[D.m, D.n] * A[D.m, D.n]
    '''
)


def test_the_suffix_picks_the_front_end() -> None:
    assert front_end_of("ops.tc") is FrontEnd.TC
    assert front_end_of("OPS.TC") is FrontEnd.TC
    assert front_end_of("ops.py") is FrontEnd.DSL
    assert front_end_of("ops.yaml") is FrontEnd.YAML
    assert front_end_of("<stdin>") is FrontEnd.YAML


def test_tc_is_lowered_to_the_model_its_from_tc_yaml_reads_as() -> None:
    lib, warnings = read(TC, "s.tc")
    yaml_text, _ = tc_to_yaml([(TC, "s.tc")])
    assert read(yaml_text, "s.yaml") == (lib, [])
    assert warnings == [] and [op.name for op in lib.ops] == ["scale"]


def test_the_dsl_front_end_runs_the_file_and_gives_the_model_its_dump_reads_as(
    tmp_path: Path,
) -> None:
    path = tmp_path / "ops.py"
    path.write_text(DSL)
    lib, _ = read(DSL, str(path))
    assert read(dump_library(lib.ops), "ops.yaml")[0] == lib
    # from a file: only when asked to run it
    assert read_file(str(path), run_python=True)[0] == lib
    with pytest.raises(DiagnosticError, match="is an OpDSL Python file, not op-config YAML"):
        read_file(str(path))


def test_errors_are_positioned_in_the_users_file_in_every_front_end(tmp_path: Path) -> None:
    with pytest.raises(DiagnosticError) as tc_err:
        read(TC.replace("std_mulf(A(m, n), A(m, n))", "std_mulf(A(m, k), A(m, n))"), "bad.tc")
    (d,) = tc_err.value.diagnostics
    assert (d.file, d.line) == ("bad.tc", 1) and d.column > 1
    yaml_text, _ = tc_to_yaml([(TC, "s.tc")])
    with pytest.raises(DiagnosticError) as yaml_err:
        read(yaml_text.replace("iterator_types:", "iterator_typos:"), "bad.yaml")
    assert all(x.file == "bad.yaml" and x.line > 0 for x in yaml_err.value.diagnostics)
    bad = DSL.replace("A[D.m, D.n] * A[D.m, D.n]", "A[D.m, D.k] * A[D.m, D.n]")
    with pytest.raises(DiagnosticError) as dsl_err:
        read(bad, str(tmp_path / "bad.py"))
    assert any(x.line == 6 for x in dsl_err.value.diagnostics), dsl_err.value.diagnostics


def test_warnings_are_returned_not_raised() -> None:
    (op,) = read(TC, "s.tc")[0].ops
    unused = OperandDef("fun", OperandKind.BINARY_FN_ATTR, default_fn="mul")
    s = replace(op.structured_op, args=(*op.structured_op.args, unused))
    lib, warnings = read(dump_library([replace(op, structured_op=s)]), "w.yaml")
    assert [o.name for o in lib.ops] == ["scale"]
    assert [(w.is_error, w.file) for w in warnings] == [(False, "w.yaml")]
    assert "function attribute 'fun' is never used" in warnings[0].message


def test_the_module_example_runs() -> None:
    result = doctest.testmod(sources)
    assert result.attempted > 0 and result.failed == 0
