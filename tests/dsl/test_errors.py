"""Each DSL mistake raises `DslError` naming the op and the line of this file that made it.

The offending line of each case carries a marker comment (`# E:name`); the
expected line number is looked up from the marker, never hard-coded.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from linalg_odsgen.diagnostics import DiagnosticError
from linalg_odsgen.dsl import *
from linalg_odsgen.dsl.errors import DslError

_SOURCE = Path(__file__).read_text().splitlines()


def line_of(marker: str) -> int:
    hits = [i for i, text in enumerate(_SOURCE, 1) if text.rstrip().endswith(f"# E:{marker}")]
    assert len(hits) == 1, marker
    return hits[0]


def expect_error(build: Callable[[], object], marker: str, *fragments: str, op: str | None = "bad"):
    with pytest.raises(DslError) as info:
        build()
    err = info.value
    assert isinstance(err, DiagnosticError)
    assert err.op == op
    assert err.pos is not None and err.pos.file == __file__
    assert err.pos.line == line_of(marker), err.message
    for fragment in fragments:
        assert fragment in err.message
    diag = err.diagnostics[0]
    assert diag.format_gnu().startswith(f"{__file__}:{line_of(marker)}:")
    if op is not None:
        assert f"[op {op}]" in diag.format_gnu()
    return err


def test_dim_missing_from_domain():
    def build():
        @linalg_structured_op
        def bad(I=TensorDef(T, S.M, S.K), O=TensorDef(T, S.M, output=True)):
            domain(D.m)
            O[D.m] += I[D.m, D.k]  # E:domain

    expect_error(build, "domain", "D.k", "domain(D.m)")


def test_domain_dim_that_nothing_uses():
    def build():
        @linalg_structured_op
        def bad(I=TensorDef(T, S.M), O=TensorDef(T, S.M, output=True)):
            domain(D.m, D.unused)  # E:unused
            O[D.m] = I[D.m]

    expect_error(build, "unused", "D.unused")


def test_symbol_in_index_that_no_shape_or_attribute_defines():
    def build():
        @linalg_structured_op
        def bad(I=TensorDef(T, S.M), O=TensorDef(T, S.M, output=True)):
            O[D.m] = I[D.m * S.STRIDE]  # E:symbol

    expect_error(build, "symbol", "S.STRIDE", "not defined")


def test_assigning_to_an_input():
    def build():
        @linalg_structured_op
        def bad(I=TensorDef(T, S.M), O=TensorDef(T, S.M, output=True)):
            O[D.m] = I[D.m]
            I[D.m] = O[D.m]  # E:input

    expect_error(build, "input", "cannot assign to I", "input")


def test_reduction_over_a_dim_of_the_output():
    def build():
        @linalg_structured_op
        def bad(I=TensorDef(T, S.M, S.K), O=TensorDef(T, S.M, output=True)):
            O[D.m] = ReduceFn.max_signed[D.m, D.k](I[D.m, D.k])  # E:lhsreduce

    expect_error(build, "lhsreduce", "D.m", "also indexes the output O")


def test_mixing_plus_equals_with_another_reduction():
    def build():
        @linalg_structured_op
        def bad(I=TensorDef(T, S.M, S.K), O=TensorDef(T, S.M, output=True)):
            O[D.m] += ReduceFn.max_signed[D.k](I[D.m, D.k])  # E:mix

    expect_error(build, "mix", "cannot mix reductions", "max_signed")


def test_reduction_that_is_not_outermost():
    def build():
        @linalg_structured_op
        def bad(I=TensorDef(T, S.M, S.K), O=TensorDef(T, S.M, output=True)):
            O[D.m] = UnaryFn.exp(ReduceFn.add[D.k](I[D.m, D.k]))  # E:nested

    expect_error(build, "nested", "outermost")


def test_type_variable_bound_to_two_fixed_types():
    def build():
        @linalg_structured_op
        def bad(
            A=TensorDef(T, S.M),
            X=TensorDef(I32, S.M, output=True),
            Y=TensorDef(F32, S.M, output=True),
        ):
            X[D.m] = A[D.m] + TypeFn.cast_signed(I32, A[D.m])
            Y[D.m] = A[D.m]  # E:types

    err = expect_error(build, "types", "type conflict", "F32", "I32")
    assert "T" in err.message


def test_binary_function_on_two_different_fixed_types():
    def build():
        @linalg_structured_op
        def bad(O=TensorDef(F64, output=True)):
            O[None] = TypeFn.cast_signed(F64, const(1) + const(2.0))  # E:consttypes

    expect_error(build, "consttypes", "BinaryFn.add", "I64", "F64")


def test_output_never_written():
    def build():
        @linalg_structured_op
        def bad(
            I=TensorDef(T, S.M),
            O=TensorDef(T, S.M, output=True),
            P=TensorDef(T, S.M, output=True),  # E:unwritten
        ):
            O[D.m] = I[D.m]

    expect_error(build, "unwritten", "output P is never written")


def test_output_written_twice():
    def build():
        @linalg_structured_op
        def bad(I=TensorDef(T, S.M), O=TensorDef(T, S.M, output=True)):
            O[D.m] = I[D.m]
            O[D.m] = I[D.m]  # E:twice

    expect_error(build, "twice", "written twice")


def test_index_attribute_with_wrong_default_count():
    def build():
        @linalg_structured_op
        def bad(
            I=TensorDef(T, S.M),
            O=TensorDef(T, S.M, output=True),
            strides=IndexAttrDef(S.SH, S.SW, default=[1]),  # E:defaults
        ):
            O[D.m] = I[D.m * S.SH]

    expect_error(build, "defaults", "2 symbols but 1 default value")


def test_calling_an_index_attribute():
    def build():
        @linalg_structured_op
        def bad(
            I=TensorDef(T, S.M),
            O=TensorDef(T, S.M, output=True),
            strides=IndexAttrDef(S.SM, default=[1]),
        ):
            O[D.m] = strides(I[D.m])  # E:callattr

    expect_error(build, "callattr", "strides", "S.SM")


def test_function_attribute_with_wrong_arity():
    def build():
        @linalg_structured_op
        def bad(
            I=TensorDef(T),
            O=TensorDef(T, output=True),
            fun=UnaryFnAttrDef(default=UnaryFn.exp),
        ):
            O[None] = fun(I[None], I[None])  # E:arity

    expect_error(build, "arity", "fun takes 1 operand")


def test_unindexed_tensor_in_an_expression():
    def build():
        @linalg_structured_op
        def bad(I=TensorDef(T, S.M), O=TensorDef(T, S.M, output=True)):
            O[D.m] = I + O[D.m]  # E:unindexed

    expect_error(build, "unindexed", "must be indexed")


def test_python_number_in_an_expression():
    def build():
        @linalg_structured_op
        def bad(I=TensorDef(T, S.M), O=TensorDef(T, S.M, output=True)):
            O[D.m] = I[D.m] * 2  # E:number

    expect_error(build, "number", "const(")


def test_rank_mismatch_is_written_as_upstream_writes_it_with_a_warning_at_the_access():
    @linalg_structured_op
    def bad(I=TensorDef(T, S.M, S.N), O=TensorDef(T, S.M, output=True)):
        O[D.m] = I[D.m]  # E:rank

    (warning,) = bad.warnings
    assert warning.severity.value == "warning" and warning.op == "bad"
    assert (warning.file, warning.line) == (__file__, line_of("rank"))
    assert "I[D.m] uses 1 indices but I has rank 2" in warning.message
    args = bad.config.structured_op.args
    assert str(args[0].shape_map) == "()[s0, s1] -> (s0, s1)"
    assert str(bad.config.structured_op.indexing_maps[0]) == "(d0)[s0, s1] -> (d0)"


def test_tensor_read_with_two_different_index_lists():
    def build():
        @linalg_structured_op
        def bad(I=TensorDef(T, S.M, S.M), O=TensorDef(T, S.M, output=True)):
            O[D.m] = I[D.m, D.m] + I[D.m, D.m + 1]  # E:twomaps

    expect_error(build, "twomaps", "single indexing map")


def test_input_never_read():
    def build():
        @linalg_structured_op
        def bad(
            I=TensorDef(T, S.M),
            J=TensorDef(T, S.M),  # E:unread
            O=TensorDef(T, S.M, output=True),
        ):
            O[D.m] = I[D.m]

    expect_error(build, "unread", "input J is never read", "index_dims")


def test_non_affine_index():
    def build():
        @linalg_structured_op
        def bad(I=TensorDef(T, S.M), O=TensorDef(T, S.M, S.N, output=True)):
            O[D.m, D.n] = I[D.m * D.n]  # E:affine

    expect_error(build, "affine", "not affine")


def test_dim_in_a_shape():
    def build():
        @linalg_structured_op
        def bad(
            I=TensorDef(T, D.m),  # E:dimshape
            O=TensorDef(T, S.M, output=True),
        ):
            O[D.m] = I[D.m]

    expect_error(build, "dimshape", "uses a dim")


def test_parameter_without_declaration():
    def build():
        @linalg_structured_op
        def bad(I, O=TensorDef(T, output=True)):  # E:nodecl
            O[None] = I[None]

    expect_error(build, "nodecl", "parameter I")


def test_type_function_without_type_variable():
    def build():
        @linalg_structured_op
        def bad(I=TensorDef(T), O=TensorDef(U, output=True)):
            O[None] = TypeFn.cast_signed(I[None])  # E:castarg

    expect_error(build, "castarg", "type variable")


def test_shape_only_tensor_that_is_read():
    def build():
        @linalg_structured_op
        def bad(
            I=TensorDef(T, S.M),
            K=TensorDef(T, S.K, index_dims=[D.k]),
            O=TensorDef(T, S.M, output=True),
        ):
            O[D.m] += I[D.m] * K[D.k]  # E:shapeonly

    expect_error(build, "shapeonly", "shape-only")


def test_unknown_function_name_has_no_op_yet():
    # Raised while the body runs: the decorator adds the op name.
    def build():
        @linalg_structured_op
        def bad(I=TensorDef(T), O=TensorDef(T, output=True)):
            O[None] = UnaryFn.cube(I[None])  # E:unknownfn

    expect_error(build, "unknownfn", "cube", "exp")


def test_domain_outside_an_op_body():
    with pytest.raises(DslError) as info:
        domain(D.m)  # E:outside
    assert info.value.op is None
    assert info.value.pos is not None and info.value.pos.line == line_of("outside")


def test_no_output():
    def build():
        @linalg_structured_op
        def bad(I=TensorDef(T)):  # E:nooutput
            pass

    expect_error(build, "nooutput", "no output")


def test_assigning_to_a_scalar():
    def build():
        @linalg_structured_op
        def bad(v=ScalarDef(T), O=TensorDef(T, output=True)):
            O[None] = v
            v[None] = O[None]  # E:scalar

    expect_error(build, "scalar", "cannot assign to scalar v")


def test_unary_minus_names_the_operator_and_line():
    def build():
        @linalg_structured_op
        def bad(I=TensorDef(T, S.M), O=TensorDef(T, S.M, output=True)):
            O[D.m] = -I[D.m]  # E:neg

    expect_error(build, "neg", "operator unary -", "UnaryFn.negf")


@pytest.mark.parametrize(
    ("marker", "symbol"),
    [("lt", "<"), ("le", "<="), ("gt", ">"), ("ge", ">="), ("eq", "=="), ("ne", "!=")],
)
def test_comparisons_name_the_operator_and_line(marker, symbol):
    def build():
        @linalg_structured_op
        def bad(I=TensorDef(T, S.M), J=TensorDef(T, S.M), O=TensorDef(T, S.M, output=True)):
            a, b = I[D.m], J[D.m]
            if marker == "lt":
                O[D.m] = TernaryFn.select(a < b, a, b)  # E:lt
            elif marker == "le":
                O[D.m] = TernaryFn.select(a <= b, a, b)  # E:le
            elif marker == "gt":
                O[D.m] = TernaryFn.select(a > b, a, b)  # E:gt
            elif marker == "ge":
                O[D.m] = TernaryFn.select(a >= b, a, b)  # E:ge
            elif marker == "eq":
                O[D.m] = TernaryFn.select(a == b, a, b)  # E:eq
            else:
                O[D.m] = TernaryFn.select(a != b, a, b)  # E:ne

    expect_error(build, marker, f"comparison {symbol} ", "TernaryFn.select")


@pytest.mark.parametrize(
    ("marker", "symbol"),
    [("pow", "**"), ("floordiv", "//"), ("mod", "%"), ("matmul", "@"), ("and", "&"),
     ("shift", "<<"), ("invert", "~"), ("abs", "abs()")],
)  # fmt: skip
def test_other_python_operators_name_the_operator_and_line(marker, symbol):
    def build():
        @linalg_structured_op
        def bad(I=TensorDef(T, S.M), J=TensorDef(T, S.M), O=TensorDef(T, S.M, output=True)):
            a, b = I[D.m], J[D.m]
            if marker == "pow":
                O[D.m] = a**b  # E:pow
            elif marker == "floordiv":
                O[D.m] = a // b  # E:floordiv
            elif marker == "mod":
                O[D.m] = a % b  # E:mod
            elif marker == "matmul":
                O[D.m] = a @ b  # E:matmul
            elif marker == "and":
                O[D.m] = a & b  # E:and
            elif marker == "shift":
                O[D.m] = a << b  # E:shift
            elif marker == "invert":
                O[D.m] = ~a  # E:invert
            else:
                O[D.m] = abs(a)  # E:abs

    expect_error(build, marker, f"operator {symbol} ")
