"""Every malformed TC file gets positioned errors (FILE:LINE:COL, the op), never a traceback.

Expected positions and messages are written by hand from the sources below.
"""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linalg_odsgen.diagnostics import DiagnosticError
from linalg_odsgen.tc import read_tc, read_tc_diagnostics

MM = "def mm(A: f32(M, K), B: f32(K, N)) -> (C: f32(M, N))"

# (source, [(line, column, op, message fragment), ...]) — every error of the file, in order.
CASES: list[tuple[str, list[tuple[int, int, str | None, str]]]] = [
    # -- lexical and syntax --------------------------------------------------------------
    (f"{MM} {{\n  C(m, n) = A(m, k) $ B(k, n);\n}}", [(2, 21, None, "unexpected character '$'")]),
    (f'{MM}\n"""never closed\n{{ }}', [(2, 1, None, "unterminated doc string")]),
    ("def mm(A: f32(M)) (C: f32(M)) { C(m) = A(m); }", [(1, 19, "mm", "expected '->'")]),
    ("def (A: f32(M)) -> (C: f32(M)) { C(m) = A(m); }", [(1, 5, None, "expected the op name")]),
    ("def t(A f32(M)) -> (C: f32(M)) { C(m) = A(m); }", [(1, 9, "t", "expected ':' after tensor name 'A'")]),
    ("def t(A: f32(M)) -> (C: f32(M)) { C(m) = A(m) }", [(1, 47, "t", "expected ';' to end the comprehension")]),
    ("def t(A: f32(M)) -> (C: f32(M)) { C(m) = A(m);", [(1, 47, "t", "expected '}' to close the body")]),
    ("ods_def<X> def t(A: f32(M)) -> (C: f32(M)) { C(m) = A(m); }", [(1, 12, None, "expected ':' between ods_def<...> and 'def'")]),
    ("garbage\ndef t(A: f32(M)) -> (C: f32(M)) { C(m) = A(m); }", [(1, 1, None, "expected 'def' or 'ods_def'")]),
    ("def t(A: f32(M)) -> (C: f32(M)) attr(s 2xi64) { C(m) = A(m); }", [(1, 40, "t", "expected ':' after attribute name 's'")]),
    ("def t(A: f32(M)) -> (C: f32(M)) attr(s: 2x) { C(m) = A(m); }", [(1, 41, "t", "'2x' is not an attribute type")]),
    ('def t(A: f32(M)) -> (C: f32(M)) """a""" """b""" { C(m) = A(m); }', [(1, 41, "t", "one doc string")]),
    ("def t(A: f32(M)) -> (C: f32(M)) { C(m) = A(m, ); }", [(1, 47, "t", "expected an index expression")]),
    # recovery: a bad statement does not hide a later def's error
    (
        "def t(A: f32(M)) -> (C: f32(M)) { C(m) = A(m) A; }\n"
        "def u(A: f32(M)) -> (C: f32(M)) { C(m) = std_nope(A(m)); }",
        [(1, 47, "t", "expected ';'"), (2, 42, "u", "unknown intrinsic 'std_nope'")],
    ),
    # -- declarations --------------------------------------------------------------------
    ("def t(A: f31(M)) -> (C: f32(M)) { C(m) = A(m); }", [(1, 10, "t", "unknown element type 'f31'")]),
    ("def t(A: f32(M), A: f32(M)) -> (C: f32(M)) { C(m) = A(m); }", [(1, 18, "t", "tensor 'A' is declared twice")]),
    ("def t(A: f32(M)) -> () { }", [(1, 5, "t", "has no output tensor")]),
    ("def t(A: f32(M)) -> (C: f32(M)) attr(s: i64, s: i64) { C(m) = A(m + s); }", [(1, 46, "t", "attribute 's' is declared twice")]),
    ("def t(A: f32(M)) -> (C: f32(M)) { C(m) = A(m); }\ndef t(A: f32(M)) -> (C: f32(M)) { C(m) = A(m); }", [(2, 5, "t", "duplicate def 't'")]),
    (
        "ods_def<Same>: def a(A: f32(M)) -> (C: f32(M)) { C(m) = A(m); }\n"
        "ods_def<Same>: def b(A: f32(M)) -> (C: f32(M)) { C(m) = A(m); }",
        [(2, 1, "b", "duplicate C++ class name 'Same'")],
    ),
    ("def class(A: f32(M)) -> (C: f32(M)) { C(m) = A(m); }", [(1, 5, "class", "reserved word")]),
    # -- the comprehension ---------------------------------------------------------------
    ("def t(A: f32(M)) -> (C: f32(M)) { }", [(1, 5, "t", "has no comprehension")]),
    ("def t(A: f32(M)) -> (C: f32(M)) { C(m) = A(m); C(m) = A(m); }", [(1, 48, "t", "single comprehension")]),
    ("def t(A: f32(M)) -> (C: f32(M), D: f32(M)) { C(m) = A(m); }", [(1, 33, "t", "output 'D' is never written")]),
    ("def t(A: f32(M)) -> (C: f32(M)) { C(m), C(m) = A(m), A(m); }", [(1, 41, "t", "output 'C' is written twice")]),
    ("def t(A: f32(M)) -> (C: f32(M), D: f32(M)) { C(m), D(m) = A(m); }", [(1, 59, "t", "assigns 2 output(s) but gives 1")]),
    ("def t(A: f32(M)) -> (C: f32(M)) { A(m) = A(m); }", [(1, 22, "t", "output 'C' is never written"), (1, 35, "t", "'A' is an input")]),
    ("def t(A: f32(M)) -> (C: f32(M)) { C(m + 1) = A(m); }", [(1, 37, "t", "must be loop dims or integers")]),
    ("def t(A: f32(M)) -> (C: f32(M)) { C(m) = A(m, m); }", [(1, 42, "t", "tensor 'A' has rank 1")]),
    ("def t(A: f32(M)) -> (C: f32(M)) { C(m) = Z(m); }", [(1, 42, "t", "'Z' is neither a tensor")]),
    ("def t(A: f32(M, K)) -> (C: f32(M)) { C(m) = std_addf<k, m>(A(m, k)); }", [(1, 57, "t", "reduction dim 'm' indexes an output")]),
    ("def t(A: f32(M, K)) -> (C: f32(M)) { C(m) = std_addf<k, k>(A(m, k)); }", [(1, 57, "t", "reduction dim 'k' is listed twice")]),
    ("def t(A: f32(M, K)) -> (C: f32(M)) { C(m) = std_addf<k, j>(A(m, k)); }", [(1, 57, "t", "reduction dim 'j' is never used")]),
    ("def t(A: f32(M, K)) -> (C: f32(M)) { C(m) = std_addf<k>(A(m, k), A(k, m)); }", [(1, 66, "t", "two different index expressions")]),
    ("def t(A: f32(M, K)) -> (C: f32(M)) { C(m) = std_addf(std_addf<k>(A(m, k)), C(m)); }", [(1, 54, "t", "outermost operation")]),
    ("def t(A: f32(M, K)) -> (C: f32(M)) { C(m) = std_negf<k>(A(m, k)); }", [(1, 45, "t", "cannot take reduction dims")]),
    ("def t(A: f32(M, K)) -> (C: f32(M)) { C(m) = std_addf<k>(A(m, k * k)); }", [(1, 64, "t", "product of two loop dims")]),
    ("def t(A: f32(M)) -> (C: f32(M)) { C(m) = A(M - m); }", [(1, 44, "t", "'M' is a size symbol")]),
    ("def t(A: f32(M), K: f32(J, L)) -> (C: f32(M)) { C(m) = std_addf<k>(A(m)); }", [(1, 18, "t", "it needs rank 1")]),
    ("def t(A: f32(M), K: f32(J)) -> (C: f32(M)) { C(m) = A(m); }", [(1, 18, "t", "no reduction dims <...>")]),
    ("def t(A: f32(M, K)) -> (C: f32(M)) { C(m) = std_addf<k>(A(m, m + k)); }", [(1, 54, "t", "range of dim 'k' cannot be derived")]),
    # -- attributes ----------------------------------------------------------------------
    ("def t(A: f32(M)) -> (C: f32(M)) attr(s: 2xi64) { C(m) = A(m * s[2]); }", [(1, 63, "t", "index 2 is out of range")]),
    ("def t(A: f32(M)) -> (C: f32(M)) attr(s: 2xi64) { C(m) = A(m * s); }", [(1, 63, "t", "index it, e.g. 's[0]'")]),
    ("def t(A: f32(M)) -> (C: f32(M)) attr(s: i64) { C(m) = A(m * s[0]); }", [(1, 61, "t", "is a scalar")]),
    ("def t(A: f32(M)) -> (C: f32(M)) attr(s: f32) { C(m) = A(m * s[0]); }", [(1, 61, "t", "cannot be used in an index expression")]),
    ("def t(A: f32(M)) -> (C: f32(M)) { C(m) = A(m * q[0]); }", [(1, 48, "t", "undefined attribute 'q'")]),
    # -- intrinsics and types ------------------------------------------------------------
    ("def t(A: f32(M)) -> (C: f32(M)) { C(m) = std_nope(A(m)); }", [(1, 42, "t", "unknown intrinsic 'std_nope'")]),
    ("def t(A: i32(M)) -> (C: i32(M)) { C(m) = std_addf(A(m), A(m)); }", [(1, 51, "t", "use std_addi for integer arithmetic")]),
    ("def t(A: f32(M)) -> (C: f32(M)) { C(m) = std_muli(A(m), A(m)); }", [(1, 51, "t", "takes integer operands")]),
    ("def t(A: f16(M), B: f32(M)) -> (C: f32(M)) { C(m) = std_addf(A(m), B(m)); }", [(1, 53, "t", "different element types f16 and f32")]),
    ("def t(A: f32(M)) -> (C: f32(M)) { C(m) = std_addf(A(m)); }", [(1, 42, "t", "takes 2 operands, got 1")]),
    ("def t(A: f32(M)) -> (C: f32(M)) { C(m) = std_select(A(m), A(m), A(m)); }", [(1, 53, "t", "condition of 'std_select' must have element type i1")]),
    ("def t(A: i32(M)) -> (C: f32(M)) { C(m) = A(m); }", [(1, 42, "t", "element type i32 but output 'C' is f32")]),
    ("def t(A: i32(M)) -> (C: i32(M)) { C(m) = std_sexti32(A(m)); }", [(1, 42, "t", "not wider than i32")]),
    ("def t(A: i8(M)) -> (C: i8(M)) { C(m) = std_trunci8(std_sexti16(A(m))); }", [(1, 52, "t", "converts to i16, but no tensor")]),
    ("def t(A: f32(M)) -> (C: i32(M)) { C(m) = std_sexti32(A(m)); }", [(1, 54, "t", "takes integer operands")]),
    ("def t(A: i32(M), B: i32(M)) -> (C: i1(M)) { C(m) = std_cmpi_sgt(A(m), B(m)); }", [(1, 52, "t", "cannot be used on its own")]),
    ("def t(A: i32(M), B: i32(M)) -> (C: i32(M)) { C(m) = std_select(std_cmpi_eq(A(m), B(m)), A(m), B(m)); }", [(1, 64, "t", "no max/min reading")]),
    ("def t(A: i32(M), B: i32(M)) -> (C: i32(M)) { C(m) = std_select(std_cmpi_sgt(A(m), B(m)), A(m), C(m)); }", [(1, 64, "t", "must select between the compared values")]),
    ("def t(A: i32(M), B: i32(M)) -> (C: i32(M)) { C(m) = std_select(std_cmpf_ogt(A(m), B(m)), A(m), B(m)); }", [(1, 64, "t", "compares float values")]),
]  # fmt: skip


@pytest.mark.parametrize(("src", "expected"), CASES, ids=[str(i) for i in range(len(CASES))])
def test_malformed_file_gets_exactly_these_positioned_errors(src, expected):
    _, diags = read_tc_diagnostics(src, "bad.tc")
    errors = [d for d in diags if d.is_error]
    got = [(d.line, d.column, d.op) for d in errors]
    assert got == [(line, col, op) for line, col, op, _ in expected], [str(d) for d in errors]
    for d, (_, _, _, fragment) in zip(errors, expected, strict=True):
        assert fragment in d.message, str(d)
        assert d.file == "bad.tc"


def test_reduction_that_never_reads_its_output_is_a_warning():
    src = "def t(A: f32(M, K), B: f32(K)) -> (C: f32(M)) { C(m) = std_addf<k>(A(m, k), B(k)); }"
    ops, diags = read_tc_diagnostics(src, "w.tc")
    assert len(ops) == 1
    (d,) = diags
    assert not d.is_error and "never reads output 'C'" in d.message


def test_bad_utf8_is_positioned():
    with pytest.raises(DiagnosticError) as err:
        read_tc_diagnostics(b"def t(A: f32(M))\n -> \xff", "u.tc")
    (d,) = err.value.diagnostics
    assert (d.line, d.column) == (2, 5) and "not valid UTF-8" in d.message


def test_empty_file_says_what_was_expected():
    _, diags = read_tc_diagnostics("// only a comment\n", "e.tc")
    (d,) = diags
    assert d.is_error and "no op definitions" in d.message


CLASSIC = (
    __import__("pathlib").Path(__file__).resolve().parents[2]
    / "linalg_odsgen"
    / "opspecs"
    / "classic_ops.tc"
).read_text()


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(list('def(){}<>[],:;=+-*?/"\n abcmnkAB0123_xi')), max_size=120)
)
def test_arbitrary_text_never_raises_anything_but_diagnostics(text):
    with contextlib.suppress(DiagnosticError):
        read_tc_diagnostics(text, "fuzz.tc")


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(CLASSIC) - 1), st.integers(1, 40), st.text(max_size=3))
def test_mutated_library_never_raises_anything_but_diagnostics(start, length, insert):
    text = CLASSIC[:start] + insert + CLASSIC[start + length :]
    try:
        _, diags = read_tc_diagnostics(text, "m.tc")
    except DiagnosticError as err:
        diags = err.diagnostics
    for d in diags:
        assert d.file == "m.tc"


@pytest.mark.parametrize(
    "body",
    [
        "std_negf(" * 3000 + "A(m)" + ")" * 3000,
        "A(" + "(" * 3000 + "m" + ")" * 3000 + ")",
        "A(" + "-" * 3000 + "m)",
        "A(" + "+".join(["m"] * 3000) + ")",
    ],
    ids=["calls", "parens", "minus", "sum"],
)
def test_hostile_nesting_is_a_diagnostic_not_a_stack_overflow(body):
    _, diags = read_tc_diagnostics(f"def t(A: f32(M)) -> (C: f32(M)) {{ C(m) = {body}; }}", "d.tc")
    (d,) = diags
    assert d.is_error and "nested more than" in d.message and d.line == 1


def test_deepest_accepted_expression_round_trips_through_yaml():
    from linalg_odsgen.codegen import generate_from_yaml
    from linalg_odsgen.tc import tc_to_yaml

    body = "std_negf(" * 79 + "A(m)" + ")" * 79
    text, _ = tc_to_yaml([(f"def t(A: f32(M)) -> (C: f32(M)) {{ C(m) = {body}; }}", "d.tc")])
    assert "class TOp" in generate_from_yaml(text, "d.yaml") or "OPS" in generate_from_yaml(
        text, "d.yaml"
    )


# -- line ends, literal sizes, attribute sizes ----------------------------------------

LINES = [
    "// a matmul; the comment must end at the line break",
    "def mm(A: f32(M, K), B: f32(K, N)) -> (C: f32(M, N)) {",
    "  C(m, n) = std_addf<k>(std_mulf(A(m, k), B(k, n))); // trailing comment",
    "}",
    "def bad(A: f32(M)) -> (C: f32(M)) { C(m) = std_frob(A(m)); }",
]


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
def test_every_line_end_ends_a_line_and_a_comment(newline):
    text = newline.join(LINES) + newline
    ops, diags = read_tc_diagnostics(text.encode(), "nl.tc")
    assert [op.name for op in ops] == ["mm"]
    (err,) = [d for d in diags if d.is_error]
    assert (err.line, err.column, err.op) == (5, 44, "bad")


def test_doc_strings_read_with_lf_line_ends_whatever_the_file_uses():
    src = 'def t(A: f32(M)) -> (C: f32(M))\r"""\rSum.\r\r  More.\r"""\r{ C(m) = A(m); }\r'
    (op,) = read_tc_diagnostics(src, "d.tc")[0]
    assert op.metadata.doc == "Sum.\n\nMore."


@pytest.mark.parametrize(
    "where",
    [
        "A(m + {n})",  # an index
        "A(m + s[{n}])",  # an attribute element
    ],
)
@pytest.mark.parametrize("digits", [20, 5000])
def test_integer_literal_of_any_length_is_a_diagnostic(where, digits):
    n = "9" * digits
    src = f"def t(A: f32(M)) -> (C: f32(M)) attr(s: 2xi64) {{ C(m) = {where.format(n=n)}; }}"
    _, diags = read_tc_diagnostics(src, "d.tc")
    (err,) = [d for d in diags if d.is_error]
    assert "too large" in err.message and err.line == 1


@pytest.mark.parametrize(
    "attr_type", ["100000000xi64", "i64[100000000]", "1000x1000xi32", f"{'9' * 30}xi64"]
)
def test_attribute_with_too_many_elements_is_a_diagnostic(attr_type):
    src = f"def t(A: f32(M)) -> (C: f32(M)) attr(s: {attr_type}) {{ C(m) = A(m); }}"
    _, diags = read_tc_diagnostics(src, "d.tc")
    (err,) = [d for d in diags if d.is_error]
    assert err.column == 41 and ("elements" in err.message or "too large" in err.message)


def test_attribute_at_the_size_limit_is_accepted():
    src = "def t(A: f32(M)) -> (C: f32(M)) attr(s: 1024xi64) { C(m) = A(m + s[1023]); }"
    ops, _ = read_tc_diagnostics(src, "d.tc")
    assert len(ops) == 1


def test_same_file_twice_or_two_files_with_one_op_are_errors():
    src = "ods_def<SameOp>:\ndef same(A: f32(M)) -> (C: f32(M)) { C(m) = A(m); }\n"
    other = "ods_def<SameOp>:\ndef other(A: f32(M)) -> (C: f32(M)) { C(m) = A(m); }\n"
    for sources, fragment in (
        ([(src, "a.tc"), (src, "a.tc")], "op 'same' is already defined in a.tc:2:5"),
        ([(src, "a.tc"), (src, "b.tc")], "op 'same' is already defined in a.tc:2:5"),
        ([(src, "a.tc"), (other, "b.tc")], "C++ class name 'SameOp' of op 'other'"),
    ):
        with pytest.raises(DiagnosticError) as err:
            read_tc(sources)
        (d,) = err.value.diagnostics
        assert fragment in d.message and (d.line, d.column) == (2, 5)
