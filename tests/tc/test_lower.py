"""What a TC def means: dim and symbol numbering, accumulators, attributes, intrinsics."""

from __future__ import annotations

import pytest

from linalg_odsgen.affine import AffineMap
from linalg_odsgen.diagnostics import DiagnosticError, Severity
from linalg_odsgen.model import (
    FnKind,
    IteratorType,
    OpConfig,
    OperandKind,
    ScalarArg,
    ScalarFn,
)
from linalg_odsgen.tc import read_tc, read_tc_diagnostics, tc_to_yaml

P, R = IteratorType.PARALLEL, IteratorType.REDUCTION


def one(src: str) -> OpConfig:
    (op,) = read_tc([(src, "t.tc")]).library.ops
    return op


def maps(op: OpConfig) -> list[str]:
    """Indexing maps without the symbol list (shape symbols never appear in them)."""
    out = []
    for m in op.structured_op.indexing_maps:
        text = str(m)
        out.append(text.split("] -> ")[-1] if "] -> " in text else text.split(") -> ")[-1])
    return out


def fn(name: str, *operands: object) -> ScalarFn:
    kind = FnKind.UNARY if len(operands) == 1 else FnKind.BINARY
    return ScalarFn(kind, tuple(operands), fn_name=name)  # type: ignore[arg-type]


SEED = '''
def batchmatmul(A: f32(Batch, M, K), B: f32(K, N)) -> (C: f32(Batch, M, N))
"""Batch matrix-multiply operation.

This operation performs batch matrix-multiply over ...
"""
{
  C(b, m, n) = std_addf<k>(std_mulf(A(b, m, k), B(k, n)));
}
'''


def test_seed_example_numbers_output_dims_then_reduction_dims():
    op = one(SEED)
    # Seed 000 shows the maps {d0, d1, d3}, {d3, d2}, {d0, d1, d2} for this spec.
    assert maps(op) == ["(d0, d1, d3)", "(d3, d2)", "(d0, d1, d2)"]
    assert op.structured_op.iterator_types == (P, P, P, R)
    assert op.metadata.cpp_class_name == "batchmatmulOp"
    assert op.metadata.doc == (
        "Batch matrix-multiply operation.\n\nThis operation performs batch matrix-multiply over ..."
    )


def test_implicit_accumulator_is_the_output_first():
    op = one(SEED)
    (asg,) = op.structured_op.assignments
    assert asg.arg == "C"
    assert asg.value == fn("add", ScalarArg("C"), fn("mul", ScalarArg("A"), ScalarArg("B")))


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("std_addf<k>(C(m), std_mulf(A(m, k), B(k)))", ("add", "C", "mul")),
        ("std_addf<k>(std_mulf(A(m, k), B(k)), C(m))", ("add", "mul", "C")),
        ("std_subf<k>(std_mulf(A(m, k), B(k)))", ("sub", "C", "mul")),
        ("std_mulf<k>(std_mulf(A(m, k), B(k)))", ("mul", "C", "mul")),
        ("std_subf<k>(C(m), std_mulf(A(m, k), B(k)))", ("sub", "C", "mul")),
    ],
)
def test_accumulator_form_is_decided_by_the_operands_written(body, expected):
    op = one(f"def t(A: f32(M, K), B: f32(K)) -> (C: f32(M)) {{ C(m) = {body}; }}")
    (asg,) = op.structured_op.assignments
    top = asg.value
    assert isinstance(top, ScalarFn)
    shown = [top.fn_name] + [
        o.arg if isinstance(o, ScalarArg) else o.fn_name  # type: ignore[union-attr]
        for o in top.operands
    ]
    assert tuple(shown) == expected


def test_both_forms_give_the_same_maps_under_either_header_style():
    implicit = one(
        "ods_def<X>: def t(A: f32(M, K), B: f32(K)) -> (C: f32(M))"
        " { C(m) = std_addf<k>(std_mulf(A(m, k), B(k))); }"
    )
    explicit = one(
        "def t(A: f32(M, K), B: f32(K)) -> (C: f32(M))"
        " { C(m) = std_addf<k>(C(m), std_mulf(A(m, k), B(k))); }"
    )
    assert implicit.structured_op.indexing_maps == explicit.structured_op.indexing_maps
    assert implicit.structured_op.assignments == explicit.structured_op.assignments


def test_shape_symbols_are_discovered_eagerly_in_textual_order():
    op = one("def t(A: f32(M, N + M), B: f32(K)) -> (C: f32(N)) { C(n) = std_addf<k>(A(n, n)); }")
    shapes = [a.shape_map for a in op.structured_op.args]
    assert shapes[0] == AffineMap.parse("()[s0, s1, s2] -> (s0, s1 + s0)")
    assert shapes[1] == AffineMap.parse("()[s0, s1, s2] -> (s2)")
    assert shapes[2] == AffineMap.parse("()[s0, s1, s2] -> (s1)")


def test_dims_seen_only_on_the_right_are_reductions_numbered_last():
    op = one("def conv(I: f32(W), K: f32(KW)) -> (O: f32(OW)) { O(w) = std_addf(O(w), std_mulf(I(w + kw), K(kw))); }")  # fmt: skip
    assert maps(op) == ["(d0 + d1)", "(d1)", "(d0)"]
    assert op.structured_op.iterator_types == (P, R)


def test_minus_is_always_an_operator():
    op = one("def t(I: f32(W), K: f32(KW)) -> (O: f32(OW)) { O(w) = std_addf<kw>(std_mulf(I(w-kw), K(kw))); }")  # fmt: skip
    assert maps(op)[0] == "(d0 - d1)"


def test_attribute_elements_become_index_attribute_symbols_after_shape_symbols():
    op = one(
        "def c(I: f32(N, W), K: f32(KW)) -> (O: f32(N, OW)) attr(strides: 1xi64, dil: 1xi64)"
        " { O(n, w) = std_addf<kw>(std_mulf(I(n, w * strides[0] + kw * dil[0]), K(kw))); }"
    )
    args = {a.name: a for a in op.structured_op.args}
    # symbols: N W KW OW (shapes) then strides[0], dil[0]
    assert args["strides"].kind is OperandKind.INDEX_ATTR
    assert args["strides"].index_attr_map == AffineMap.parse("()[s0, s1, s2, s3, s4, s5] -> (s4)")
    assert args["dil"].index_attr_map == AffineMap.parse("()[s0, s1, s2, s3, s4, s5] -> (s5)")
    assert args["strides"].default_indices == (1,)
    assert maps(op)[0] == "(d0, d1 * s4 + d2 * s5)"


def test_scalar_int_attribute_used_bare_is_a_one_element_list():
    op = one("def t(I: f32(N)) -> (O: f32(M)) attr(off: i32) { O(m) = I(m + off); }")
    (attr,) = [a for a in op.structured_op.args if a.kind is OperandKind.INDEX_ATTR]
    assert attr.name == "off" and attr.default_indices == (1,)
    assert attr.index_attr_map is not None and attr.index_attr_map.num_results == 1


def test_attributes_no_index_expression_can_use_are_ignored_with_a_warning():
    src = (
        "def t(A: f32(M)) -> (C: f32(M)) attr(f: f32, v: 4xf32, m: 5x6xi32, a: f32[],"
        " o? : f32, unused: 2xi64) { C(m) = A(m); }"
    )
    ops, diags = read_tc_diagnostics(src, "t.tc")
    assert len(ops) == 1
    assert not [a for a in ops[0].structured_op.args if not a.kind.is_value]
    warned = [d for d in diags if d.severity is Severity.WARNING]
    assert len(warned) == 6 and all("is ignored" in d.message for d in warned)


def test_doc_and_attr_may_come_in_either_order():
    head = "def t(I: f32(N)) -> (O: f32(M))"
    body = "{ O(m) = I(m * s[0]); }"
    a = one(f'{head} attr(s: 1xi64) """Shift."""\n{body}')
    b = one(f'{head} """Shift.""" attr(s: 1xi64)\n{body}')
    assert a == b


def test_ods_def_names_the_class_and_lists_interfaces():
    op = one(
        "ods_def<MyDot> implements_interface<LinalgContractionOpInterface, Other> :"
        " def my_dot(A: f32(M), B: f32(M)) -> (C: f32()) { C() = std_addf<m>(std_mulf(A(m), B(m))); }"
    )
    assert op.metadata.cpp_class_name == "MyDot"
    assert op.metadata.implements == ("LinalgContractionOpInterface", "Other")
    assert maps(op) == ["(d0)", "(d0)", "()"]


def test_each_distinct_element_type_is_one_type_variable():
    op = one(
        "def t(A: i8(M), B: i8(M)) -> (C: i32(M)) { C(m) = std_sexti32(std_muli(A(m), B(m))); }"
    )
    assert [a.type_var for a in op.structured_op.value_args] == ["T_i8", "T_i8", "T_i32"]
    (asg,) = op.structured_op.assignments
    assert isinstance(asg.value, ScalarFn) and asg.value.type_var == "T_i32"


def test_conversion_to_a_type_no_tensor_has_uses_mlirs_fixed_type():
    op = one("def t(A: i8(M)) -> (C: i8(M)) { C(m) = std_trunci8(std_sexti64(A(m))); }")
    (asg,) = op.structured_op.assignments
    inner = asg.value.operands[0]  # type: ignore[union-attr]
    assert inner.type_var == "I64"  # type: ignore[union-attr]


def test_shape_only_tensor_is_indexed_by_the_reduction_dims():
    op = one(
        "def pool(I: f32(N, H), K: f32(KH)) -> (O: f32(N, OH))"
        " { O(n, oh) = std_addf<kh>(I(n, oh + kh)); }"
    )
    assert maps(op) == ["(d0, d1 + d2)", "(d2)", "(d0, d1)"]


def test_one_comprehension_updates_several_outputs():
    op = one(
        "def t(A: f32(M, K)) -> (S: f32(M), P: f32(M))"
        " { S(m), P(m) = std_addf<k>(A(m, k)), std_mulf<k>(A(m, k)); }"
    )
    s, p = op.structured_op.assignments
    assert (s.arg, p.arg) == ("S", "P")
    assert s.value == fn("add", ScalarArg("S"), ScalarArg("A"))
    assert p.value == fn("mul", ScalarArg("P"), ScalarArg("A"))


INTRINSICS = [
    ("std_addf", "f32", "add"),
    ("std_addi", "i32", "add"),
    ("std_subf", "f32", "sub"),
    ("std_subi", "i32", "sub"),
    ("std_mulf", "f32", "mul"),
    ("std_muli", "i32", "mul"),
    ("std_divf", "f32", "div"),
    ("std_divis", "i32", "div"),
    ("std_diviu", "i32", "div_unsigned"),
    ("std_maxf", "f32", "max_signed"),
    ("std_minui", "i32", "min_unsigned"),
]


@pytest.mark.parametrize(("name", "elem", "model_fn"), INTRINSICS)
def test_binary_intrinsics_map_to_model_functions(name, elem, model_fn):
    op = one(
        f"def t(A: {elem}(M), B: {elem}(M)) -> (C: {elem}(M)) {{ C(m) = {name}(A(m), B(m)); }}"
    )
    assert op.structured_op.assignments[0].value == fn(model_fn, ScalarArg("A"), ScalarArg("B"))


@pytest.mark.parametrize(
    ("name", "src", "dst", "model_fn"),
    [
        ("std_sexti32", "i8", "i32", "cast_signed"),
        ("std_zexti32", "i8", "i32", "cast_unsigned"),
        ("std_trunci8", "i32", "i8", "cast_signed"),
        ("std_sitofpf32", "i32", "f32", "cast_signed"),
        ("std_uitofpf32", "i32", "f32", "cast_unsigned"),
        ("std_fptosii32", "f32", "i32", "cast_signed"),
        ("std_fptouii32", "f32", "i32", "cast_unsigned"),
        ("std_fpextf64", "f32", "f64", "cast_signed"),
        ("std_fptruncbf16", "f32", "bf16", "cast_signed"),
    ],
)
def test_conversions_map_to_type_functions_with_the_target_type(name, src, dst, model_fn):
    op = one(f"def t(A: {src}(M)) -> (C: {dst}(M)) {{ C(m) = {name}(A(m)); }}")
    value = op.structured_op.assignments[0].value
    assert value == ScalarFn(FnKind.TYPE, (ScalarArg("A"),), fn_name=model_fn, type_var=f"T_{dst}")


def test_select_takes_an_i1_condition():
    op = one(
        "def t(C: i1(M), A: f32(M), B: f32(M)) -> (O: f32(M))"
        " { O(m) = std_select(C(m), A(m), B(m)); }"
    )
    value = op.structured_op.assignments[0].value
    assert value == ScalarFn(
        FnKind.TERNARY, (ScalarArg("C"), ScalarArg("A"), ScalarArg("B")), fn_name="select"
    )


def test_comments_are_ignored_everywhere():
    src = "// head\ndef t(A: f32(M)) // after header\n -> (C: f32(M)) { // body\n C(m) = A(m); // x\n}\n"
    assert one(src).structured_op.assignments[0].value == ScalarArg("A")


def test_translation_is_deterministic_and_revalidates_clean():
    from linalg_odsgen.validation import validate_source

    first, _ = tc_to_yaml([(SEED, "t.tc")])
    second, _ = tc_to_yaml([(SEED.encode(), "t.tc")])
    assert first == second
    assert validate_source(first, "t.yaml") == []


def test_same_op_in_two_files_is_an_error():
    src = "def t(A: f32(M)) -> (C: f32(M)) { C(m) = A(m); }"
    with pytest.raises(DiagnosticError) as err:
        read_tc([(src, "a.tc"), (src, "b.tc")])
    assert "already defined in a.tc:1:5" in str(err.value)


@pytest.mark.parametrize(
    ("cond", "elem", "model_fn"),
    [
        ("std_cmpi_sgt(A(m), B(m))", "i32", "max_signed"),
        ("std_cmpi_sge(A(m), B(m))", "i32", "max_signed"),
        ("std_cmpi_slt(A(m), B(m))", "i32", "min_signed"),
        ("std_cmpi_ugt(A(m), B(m))", "i32", "max_unsigned"),
        ("std_cmpi_ule(A(m), B(m))", "i32", "min_unsigned"),
        ("std_cmpi_sgt(B(m), A(m))", "i32", "min_signed"),  # compared the other way round
        ("std_cmpf_ogt(A(m), B(m))", "f32", "max_signed"),
        ("std_cmpf_olt(A(m), B(m))", "f32", "min_signed"),
    ],
)
def test_select_of_a_comparison_of_its_values_is_max_or_min(cond, elem, model_fn):
    src = f"def t(A: {elem}(M), B: {elem}(M)) -> (C: {elem}(M)) {{ C(m) = std_select({cond}, A(m), B(m)); }}"
    ops, diags = read_tc_diagnostics(src, "t.tc")
    (op,) = ops
    assert op.structured_op.assignments[0].value == fn(model_fn, ScalarArg("A"), ScalarArg("B"))
    # integers: exact; floats: a warning names the NaN / signed-zero difference
    assert [d.severity for d in diags] == ([Severity.WARNING] if elem == "f32" else [])
