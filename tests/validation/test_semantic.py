"""Semantic checks on op models built directly (no YAML): each check finds its defect."""

from __future__ import annotations

from dataclasses import replace

import pytest

from linalg_odsgen.affine import AffineMap
from linalg_odsgen.diagnostics import Severity
from linalg_odsgen.model import (
    FnKind,
    IteratorType,
    OpConfig,
    OperandDef,
    OperandKind,
    OpMetadata,
    ScalarArg,
    ScalarAssign,
    ScalarConst,
    ScalarExpr,
    ScalarFn,
    ScalarIndex,
    StructuredOpConfig,
)
from linalg_odsgen.validation.literals import check_scalar_const
from linalg_odsgen.validation.reserved import CPP_KEYWORDS, keyword_clash
from linalg_odsgen.validation.semantic import check_unique_names, validate_op, validate_ops

M = AffineMap.parse
P, R = IteratorType.PARALLEL, IteratorType.REDUCTION


def _cast(arg: str, tv: str = "U") -> ScalarFn:
    return ScalarFn(FnKind.TYPE, (ScalarArg(arg),), fn_name="cast_signed", type_var=tv)


def _matmul_body(a: ScalarExpr | None = None) -> ScalarExpr:
    """C + cast(A) * cast_signed(B), `cast` being the function attribute."""
    if a is None:
        a = ScalarFn(FnKind.TYPE, (ScalarArg("A"),), attr_name="cast", type_var="U")
    mul = ScalarFn(FnKind.BINARY, (a, _cast("B")), fn_name="mul")
    return ScalarFn(FnKind.BINARY, (ScalarArg("C"), mul), fn_name="add")


def matmul(
    *,
    args: tuple[OperandDef, ...] | None = None,
    maps: tuple[str, ...] | None = None,
    iterators: tuple[IteratorType, ...] = (P, P, R),
    assignments: tuple[ScalarAssign, ...] | None = None,
    name: str = "mm",
    cpp: str = "MmOp",
) -> OpConfig:
    """C(m, n) += A(m, k) * B(k, n), with a type function attribute `cast`."""
    sym = "[s0, s1, s2]"
    default_args = (
        OperandDef("A", OperandKind.INPUT_TENSOR, "T1", M(f"affine_map<(){sym} -> (s0, s1)>")),
        OperandDef("B", OperandKind.INPUT_TENSOR, "T2", M(f"affine_map<(){sym} -> (s1, s2)>")),
        OperandDef("C", OperandKind.OUTPUT_TENSOR, "U", M(f"affine_map<(){sym} -> (s0, s2)>")),
        OperandDef("cast", OperandKind.TYPE_FN_ATTR, default_fn="cast_signed"),
    )
    default_maps = (
        f"affine_map<(d0, d1, d2){sym} -> (d0, d2)>",
        f"affine_map<(d0, d1, d2){sym} -> (d2, d1)>",
        f"affine_map<(d0, d1, d2){sym} -> (d0, d1)>",
    )
    return OpConfig(
        OpMetadata(name, cpp),
        StructuredOpConfig(
            args=default_args if args is None else args,
            indexing_maps=tuple(M(m) for m in (default_maps if maps is None else maps)),
            iterator_types=iterators,
            assignments=(ScalarAssign("C", _matmul_body()),)
            if assignments is None
            else assignments,
        ),
    )


def _errors(op: OpConfig) -> list[str]:
    return [d.message for d in validate_op(op) if d.severity is Severity.ERROR]


def _one_error(op: OpConfig) -> str:
    errors = _errors(op)
    assert len(errors) == 1, errors
    return errors[0]


def _replace_arg(op: OpConfig, i: int, **changes: object) -> OpConfig:
    args = list(op.structured_op.args)
    args[i] = replace(args[i], **changes)  # type: ignore[arg-type]
    return replace(op, structured_op=replace(op.structured_op, args=tuple(args)))


def _with_body(body: ScalarExpr) -> OpConfig:
    return matmul(assignments=(ScalarAssign("C", body),))


def test_the_base_op_is_valid() -> None:
    assert validate_op(matmul()) == []


def test_diagnostics_without_a_document_name_the_op_and_path() -> None:
    (d,) = [x for x in validate_op(_with_body(_matmul_body(_cast("int")))) if x.is_error]
    assert d.op == "mm"
    assert d.path == (
        "structured_op.assignments[0].value.scalar_fn.operands[1]"
        ".scalar_fn.operands[0].scalar_fn.operands[0].scalar_arg"
    )
    assert d.line == 0


# ---------------------------------------------------------------------------
# Names


@pytest.mark.parametrize(
    ("word", "langs"),
    [
        ("class", "Python and C++"),
        ("int", "C++"),
        ("return", "Python and C++"),
        ("lambda", "Python"),
        ("None", "Python"),
        ("True", "Python"),
        ("and", "Python and C++"),
        ("xor_eq", "C++"),
        ("bitand", "C++"),
        ("co_await", "C++"),
        ("char8_t", "C++"),
    ],
)
def test_reserved_words_are_named_with_their_language(word: str, langs: str) -> None:
    assert keyword_clash(word) == langs


def test_ordinary_names_and_soft_keywords_are_not_reserved() -> None:
    for name in ("matmul", "A", "value", "min", "max", "type", "match", "_", "cast", "fun"):
        assert keyword_clash(name) is None


def test_cpp_keyword_list_has_the_alternative_tokens() -> None:
    alt = {"and", "and_eq", "bitand", "bitor", "compl", "not", "not_eq", "or", "or_eq", "xor"}
    assert alt | {"xor_eq"} <= CPP_KEYWORDS


def test_keyword_op_name_cpp_class_and_operand_are_each_reported() -> None:
    op = _replace_arg(matmul(name="while", cpp="template"), 1, name="new")
    errors = _errors(op)
    assert any("op name 'while'" in e for e in errors)
    assert any("C++ class name 'template'" in e for e in errors)
    assert any("operand name 'new'" in e for e in errors)


def test_invalid_identifier_is_reported() -> None:
    assert "not a valid identifier" in _one_error(matmul(cpp="Mm-Op"))


def test_duplicate_operand_names() -> None:
    op = _replace_arg(matmul(), 3, name="A")
    errors = _errors(op)
    assert any("duplicate operand name 'A'" in e for e in errors)


def test_duplicate_op_and_class_names_across_a_file() -> None:
    ops = [matmul(), matmul(cpp="Other"), matmul(name="x")]
    msgs = [d.message for d in check_unique_names(ops)]
    assert msgs == [
        "duplicate op name 'mm' (mlir-linalg-ods-yaml-gen accepts this)",
        "duplicate C++ class name 'MmOp' (mlir-linalg-ods-yaml-gen accepts this)",
    ]
    assert [d.op for d in check_unique_names(ops)] == ["mm", "x"]
    assert len(validate_ops(ops)) == 2


def test_attribute_named_outs_is_reserved() -> None:
    via_attr = ScalarFn(FnKind.TYPE, (ScalarArg("A"),), attr_name="outs", type_var="U")
    op = _replace_arg(_with_body(_matmul_body(via_attr)), 3, name="outs")
    assert "'outs' is reserved" in _one_error(op)


# ---------------------------------------------------------------------------
# Operands and references


def test_op_without_output() -> None:
    op = _replace_arg(matmul(), 2, kind=OperandKind.INPUT_TENSOR)
    errors = _errors(op)
    assert any("no output_tensor operand" in e for e in errors)
    assert any("assignment to input_tensor 'C'" in e for e in errors)


def test_unknown_default_fn() -> None:
    op = _replace_arg(matmul(), 3, default_fn="exp")
    assert "unknown type function 'exp' as default of 'cast'" in _one_error(op)


def test_scalar_arg_must_exist_and_be_a_value() -> None:
    assert "unknown operand 'Z'" in _one_error(_with_body(_matmul_body(_cast("Z"))))
    assert "names an attribute" in _one_error(_with_body(_matmul_body(_cast("cast"))))


def test_fn_name_must_belong_to_its_kind() -> None:
    bad = ScalarFn(FnKind.UNARY, (ScalarArg("A"),), fn_name="add")
    msg = _one_error(_with_body(_matmul_body(bad)))
    assert "unknown unary function 'add'" in msg
    assert "exp" in msg  # the valid names are listed


def test_attr_name_must_name_a_fn_attr_of_the_same_kind() -> None:
    via_attr = ScalarFn(FnKind.TYPE, (ScalarArg("A"),), attr_name="cast", type_var="U")
    assert validate_op(_with_body(_matmul_body(via_attr))) == []
    wrong = ScalarFn(FnKind.UNARY, (ScalarArg("A"),), attr_name="cast")
    assert "needs an attribute of kind unary_fn_attr" in _one_error(_with_body(_matmul_body(wrong)))
    missing = ScalarFn(FnKind.TYPE, (ScalarArg("A"),), attr_name="nope", type_var="U")
    assert "unknown function attribute 'nope'" in _one_error(_with_body(_matmul_body(missing)))


@pytest.mark.parametrize(
    ("kind", "name", "operands"),
    [
        (FnKind.UNARY, "exp", 2),
        (FnKind.BINARY, "add", 1),
        (FnKind.TERNARY, "select", 2),
    ],
)
def test_arity_of_scalar_fns(kind: FnKind, name: str, operands: int) -> None:
    fn = ScalarFn(kind, tuple(_cast("A") for _ in range(operands)), fn_name=name)
    msg = _one_error(_with_body(_matmul_body(fn)))
    assert f"takes {kind.arity} operand" in msg
    assert f"got {operands}" in msg


def test_type_fns_need_a_type_var_and_others_take_none() -> None:
    no_tv = ScalarFn(FnKind.TYPE, (ScalarArg("A"),), fn_name="cast_signed")
    assert "needs a type_var" in _one_error(_with_body(_matmul_body(no_tv)))
    with_tv = ScalarFn(FnKind.UNARY, (_cast("A"),), fn_name="exp", type_var="U")
    assert "takes no type_var" in _one_error(_with_body(_matmul_body(with_tv)))


def test_type_vars_are_fixed_types_or_operand_type_vars() -> None:
    for ok in ("I32", "I64", "F32", "F64", "T1", "T2", "U"):
        assert _errors(_with_body(_matmul_body(_cast("A", ok)))) == []
    assert "unknown type variable 'F16'" in _one_error(_with_body(_matmul_body(_cast("A", "F16"))))


def test_scalar_index_must_be_a_loop_dim() -> None:
    idx = ScalarFn(FnKind.TYPE, (ScalarIndex(3),), fn_name="cast_signed", type_var="U")
    assert "scalar_index 3 is out of range" in _one_error(_with_body(_matmul_body(idx)))
    idx2 = ScalarFn(FnKind.TYPE, (ScalarIndex(2),), fn_name="cast_signed", type_var="U")
    assert _errors(_with_body(_matmul_body(idx2))) == []


def test_nested_defects_are_all_reported() -> None:
    body = ScalarFn(
        FnKind.BINARY,
        (
            ScalarArg("X"),
            ScalarFn(FnKind.BINARY, (ScalarArg("Y"), ScalarConst("1 : i7")), fn_name="mul"),
        ),
        fn_name="plus",
    )
    errors = _errors(_with_body(body))
    assert len(errors) == 4, errors


# ---------------------------------------------------------------------------
# scalar_const literals


@pytest.mark.parametrize(
    "text",
    [
        "42 : i64",
        "-1 : i8",
        "255 : i8",
        "0 : index",
        "true : i1",
        "1.5 : f32",
        "2.3283063999999999E-10 : f64",
        "1e3 : f16",
        "-0.5 : bf16",
        "1 : i1",
    ],
)
def test_valid_scalar_consts(text: str) -> None:
    assert check_scalar_const(text) is None


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("42", "not a literal"),
        ("abc : i32", "not a literal"),
        ("1 : i3", "not supported"),
        ("1 : f32", "cannot have float type"),
        ("1.0 : i32", "cannot have integer type"),
        ("256 : i8", "does not fit"),
        ("-129 : i8", "does not fit"),
        ("true : i32", "needs type i1"),
        ("1.2.3 : f32", "not a valid number"),
    ],
)
def test_invalid_scalar_consts(text: str, fragment: str) -> None:
    problem = check_scalar_const(text)
    assert problem is not None and fragment in problem


def test_bad_scalar_const_in_an_op() -> None:
    const = ScalarFn(FnKind.TYPE, (ScalarConst("x : i32"),), fn_name="cast_signed", type_var="U")
    assert "scalar_const 'x : i32'" in _one_error(_with_body(_matmul_body(const)))


# ---------------------------------------------------------------------------
# Assignments


def test_every_output_is_written_exactly_once() -> None:
    twice = (ScalarAssign("C", _matmul_body()), ScalarAssign("C", ScalarArg("C")))
    assert "assigned more than once" in _one_error(matmul(assignments=twice))
    to_input = (ScalarAssign("C", _matmul_body()), ScalarAssign("A", ScalarArg("B")))
    assert "only output tensors can be assigned" in _one_error(matmul(assignments=to_input))
    unknown = (ScalarAssign("C", _matmul_body()), ScalarAssign("D", ScalarArg("B")))
    assert "assignment to unknown operand 'D'" in _one_error(matmul(assignments=unknown))


def test_unassigned_output() -> None:
    base = matmul()
    args = (
        *base.structured_op.args[:3],
        OperandDef("C2", OperandKind.OUTPUT_TENSOR, "U", M("affine_map<()[s0, s1, s2] -> (s0)>")),
        base.structured_op.args[3],
    )
    maps = (
        *(str(m.to_mlir()) for m in base.structured_op.indexing_maps),
        "affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0)>",
    )
    assert "output 'C2' is never assigned" in _one_error(matmul(args=args, maps=maps))


def test_inputs_must_precede_outputs() -> None:
    base = matmul()
    a, b, c, cast = base.structured_op.args
    maps = tuple(m.to_mlir() for m in base.structured_op.indexing_maps)
    op = matmul(args=(a, c, b, cast), maps=(maps[0], maps[2], maps[1]))
    assert "input_tensor 'B' is declared after output 'C'" in _one_error(op)


# ---------------------------------------------------------------------------
# Maps


def test_one_indexing_map_per_value_operand() -> None:
    base = matmul()
    maps = tuple(m.to_mlir() for m in base.structured_op.indexing_maps)
    assert "need 3 indexing maps, found 2" in _one_error(matmul(maps=maps[:2]))
    assert "indexing map 3 has no operand" in _one_error(matmul(maps=(*maps, maps[2])))


def test_indexing_map_dims_match_iterators() -> None:
    # 4 loops against 3-dim maps: every map is reported, not just the first.
    errors = _errors(matmul(iterators=(P, P, R, P)))
    dims = [e for e in errors if "has 3 dims but the op has 4 iterator types" in e]
    assert len(dims) == 3
    assert any("loop dim d3 cannot be derived" in e for e in errors)


def test_symbol_counts_must_agree() -> None:
    base = matmul()
    bad = _replace_arg(base, 1, shape_map=M("affine_map<()[s0, s1, s2, s3] -> (s1, s2)>"))
    assert "shape_map of 'B' has 4 symbols but the op's other maps have 3" in _one_error(bad)


def test_shape_map_rank_mismatch_is_a_warning() -> None:
    op = _replace_arg(matmul(), 2, shape_map=M("affine_map<()[s0, s1, s2] -> (s0)>"))
    (d,) = validate_op(op)
    assert d.severity is Severity.WARNING
    assert "shape_map of 'C' has 1 results but its indexing map has 2" in d.message


def test_shape_maps_have_no_dims() -> None:
    op = _replace_arg(matmul(), 0, shape_map=M("affine_map<(d0)[s0, s1, s2] -> (s0, s1)>"))
    assert "must not have dims" in _one_error(op)


def _strided(
    attr_map: str = "affine_map<()[s0, s1, s2] -> (s1)>",
    indices: tuple[int, ...] = (1,),
    i_shape: str = "affine_map<()[s0, s1, s2] -> (s0 * s1 + s2)>",
    k_shape: str = "affine_map<()[s0, s1, s2] -> (s2)>",
    maps: tuple[str, ...] = (
        "affine_map<(d0, d1)[s0, s1, s2] -> (d0 * s1 + d1)>",
        "affine_map<(d0, d1)[s0, s1, s2] -> (d1)>",
        "affine_map<(d0, d1)[s0, s1, s2] -> (d0)>",
    ),
    extra_args: tuple[OperandDef, ...] = (),
) -> OpConfig:
    """O(n) += I(n * stride + k), K gives the window size: a 1-D sum pool."""
    args = (
        OperandDef("I", OperandKind.INPUT_TENSOR, "T", M(i_shape)),
        OperandDef("K", OperandKind.INPUT_TENSOR, "T", M(k_shape)),
        OperandDef("O", OperandKind.OUTPUT_TENSOR, "T", M("affine_map<()[s0, s1, s2] -> (s0)>")),
        OperandDef(
            "strides", OperandKind.INDEX_ATTR, index_attr_map=M(attr_map), default_indices=indices
        ),
        *extra_args,
    )
    body = ScalarFn(FnKind.BINARY, (ScalarArg("O"), ScalarArg("I")), fn_name="add")
    return OpConfig(
        OpMetadata("pool", "PoolOp"),
        StructuredOpConfig(args, tuple(M(m) for m in maps), (P, R), (ScalarAssign("O", body),)),
    )


def test_strided_base_is_valid() -> None:
    assert validate_op(_strided()) == []


def test_index_attr_map_results_are_symbols_matching_default_indices() -> None:
    assert "plain symbols" in _one_error(
        _strided(attr_map="affine_map<()[s0, s1, s2] -> (s1 + 1)>")
    )
    assert "has 2 default indices but its index_attr_map has 1 results" in _one_error(
        _strided(indices=(1, 1))
    )


def test_index_attr_symbols_are_not_shape_dims() -> None:
    msg = _one_error(_strided(k_shape="affine_map<()[s0, s1, s2] -> (s1)>"))
    assert "symbol s1" in msg and "bound by index attribute 'strides'" in msg


def test_a_symbol_is_bound_by_one_index_attr_only() -> None:
    dil = OperandDef(
        "dilations",
        OperandKind.INDEX_ATTR,
        index_attr_map=M("affine_map<()[s0, s1, s2] -> (s1)>"),
        default_indices=(1,),
    )
    assert "bound by both 'strides' and 'dilations'" in _one_error(_strided(extra_args=(dil,)))


def test_indexing_map_symbols_must_be_defined() -> None:
    op = _strided(
        attr_map="affine_map<()[s0, s1, s2] -> (s2)>",
        i_shape="affine_map<()[s0, s1, s2] -> (s0)>",
        k_shape="affine_map<()[s0, s1, s2] -> (s0)>",
    )
    assert "symbol s1 of indexing map 0 is not defined" in _one_error(op)


def test_every_loop_dim_needs_a_plain_result_somewhere() -> None:
    maps = (
        "affine_map<(d0, d1)[s0, s1, s2] -> (d0 * s1 + d1)>",
        "affine_map<(d0, d1)[s0, s1, s2] -> (d1 * 2)>",
        "affine_map<(d0, d1)[s0, s1, s2] -> (d0)>",
    )
    assert "loop dim d1 cannot be derived" in _one_error(_strided(maps=maps))


def test_scalar_operand_maps_do_not_determine_loop_ranges() -> None:
    # d1 appears only inside compound results: nothing gives its range.
    maps = (
        "affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d2)>",
        "affine_map<(d0, d1, d2)[s0, s1, s2] -> (d2, d1 + d0)>",
        "affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d1 * 2)>",
    )
    assert "loop dim d1 cannot be derived" in _one_error(matmul(maps=maps))


def test_reduction_dims_do_not_index_outputs() -> None:
    maps = (
        "affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d2)>",
        "affine_map<(d0, d1, d2)[s0, s1, s2] -> (d2, d1)>",
        "affine_map<(d0, d1, d2)[s0, s1, s2] -> (d0, d1 + d2)>",
    )
    assert "reduction dim d2 appears in the indexing map of output 'C'" in _one_error(
        matmul(maps=maps)
    )


def test_rank_zero_op_is_valid() -> None:
    op = OpConfig(
        OpMetadata("copy0", "Copy0Op"),
        StructuredOpConfig(
            (
                OperandDef("I", OperandKind.INPUT_TENSOR, "T", M("affine_map<() -> ()>")),
                OperandDef("O", OperandKind.OUTPUT_TENSOR, "T", M("affine_map<() -> ()>")),
            ),
            (M("affine_map<() -> ()>"), M("affine_map<() -> ()>")),
            (),
            (ScalarAssign("O", ScalarArg("I")),),
        ),
    )
    assert validate_op(op) == []


def test_unused_function_attribute_is_a_warning() -> None:
    (d,) = validate_op(_with_body(_matmul_body(_cast("A"))))
    assert d.severity is Severity.WARNING
    assert d.path == "structured_op.args[3].name"
    assert "function attribute 'cast' is never used" in d.message


def test_unused_attributes_warn() -> None:
    strided = _strided(
        maps=(
            "affine_map<(d0, d1)[s0, s1, s2] -> (d0 + d1)>",
            "affine_map<(d0, d1)[s0, s1, s2] -> (d1)>",
            "affine_map<(d0, d1)[s0, s1, s2] -> (d0)>",
        )
    )
    (d,) = validate_op(strided)
    assert d.severity is Severity.WARNING
    assert d.message == "index attribute 'strides' binds no symbol used by an indexing map"
    fn_attr = OperandDef("fun", OperandKind.BINARY_FN_ATTR, default_fn="add")
    (d,) = validate_op(_strided(extra_args=(fn_attr,)))
    assert d.severity is Severity.WARNING
    assert d.message == "function attribute 'fun' is never used by an attr_name in the body"


# ---------------------------------------------------------------------------
# Hardening: names that would break generated code, integers, divisors, size symbols


@pytest.mark.parametrize("name", ["__builtins__", "__getattr__", "__all__", "__annotations__"])
def test_dunder_op_and_operand_names_are_reserved(name: str) -> None:
    assert "has the form __name__" in _one_error(matmul(name=name))
    # (renaming operand A also leaves the body's reference to A unresolved)
    assert any("has the form __name__" in e for e in _errors(_replace_arg(matmul(), 0, name=name)))


def test_attribute_named_backend_is_reserved() -> None:
    via_attr = ScalarFn(FnKind.TYPE, (ScalarArg("A"),), attr_name="backend", type_var="U")
    op = _replace_arg(_with_body(_matmul_body(via_attr)), 3, name="backend")
    assert "'backend' is reserved" in _one_error(op)


def test_size_symbol_in_an_indexing_map_is_refused() -> None:
    sym = "[s0, s1, s2]"
    op = matmul(
        maps=(
            f"affine_map<(d0, d1, d2){sym} -> (d0, s1 - d2)>",
            f"affine_map<(d0, d1, d2){sym} -> (d2, d1)>",
            f"affine_map<(d0, d1, d2){sym} -> (d0, d1)>",
        )
    )
    assert "s1 of indexing map 0 is a size symbol" in _one_error(op)


@pytest.mark.parametrize("expr", ["d2 floordiv 0", "d2 ceildiv 0", "d2 mod 0", "d2 mod -3"])
def test_non_positive_affine_divisors_are_refused(expr: str) -> None:
    sym = "[s0, s1, s2]"
    maps = (
        f"affine_map<(d0, d1, d2){sym} -> (d0, d2, {expr})>",
        f"affine_map<(d0, d1, d2){sym} -> (d2, d1)>",
        f"affine_map<(d0, d1, d2){sym} -> (d0, d1)>",
    )
    errors = _errors(matmul(maps=maps))
    assert any("need a positive divisor" in e for e in errors), errors


def test_integers_beyond_int64_are_refused() -> None:
    big = 2**63
    from linalg_odsgen.affine import AffineBinaryExpr, AffineConstantExpr, AffineExprKind, sym

    huge = AffineBinaryExpr(AffineExprKind.MUL, sym(1), AffineConstantExpr(big))  # as a DSL builds
    op = _replace_arg(matmul(), 0, shape_map=AffineMap(0, 3, (sym(0), huge)))
    assert "does not fit in 64 bits" in _one_error(op)
    attr = OperandDef(
        "strides", OperandKind.INDEX_ATTR, index_attr_map=M("affine_map<()[s0, s1, s2] -> (s2)>"),
        default_indices=(big,),
    )  # fmt: skip
    op = replace(matmul(), structured_op=replace(
        matmul().structured_op, args=(*matmul().structured_op.args, attr)))  # fmt: skip
    assert any("default index" in e and "64 bits" in e for e in _errors(op))


# -- the severity split: rules of ours that upstream's generator does not enforce ---------


def test_runtime_rules_say_upstream_accepts_them_and_are_warnings_when_read_as_upstream() -> None:
    # a reduction dim indexing the output: refused by validate, accepted upstream
    sym = "[s0, s1, s2]"
    bad = matmul(
        maps=(
            f"affine_map<(d0, d1, d2){sym} -> (d0, d2)>",
            f"affine_map<(d0, d1, d2){sym} -> (d2, d1)>",
            f"affine_map<(d0, d1, d2){sym} -> (d0, d2)>",
        )
    )
    strict = [d for d in validate_op(bad) if "reduction dim d2" in d.message]
    assert len(strict) == 1 and strict[0].is_error
    assert "mlir-linalg-ods-yaml-gen accepts this" in strict[0].message
    lenient = [d for d in validate_op(bad, as_upstream=True) if "reduction dim d2" in d.message]
    assert len(lenient) == 1 and lenient[0].severity is Severity.WARNING
    assert "runtime refuse" in lenient[0].message


def test_rules_upstream_enforces_stay_errors_when_read_as_upstream() -> None:
    twice = matmul(assignments=(ScalarAssign("C", _matmul_body()),) * 2)
    found = [
        d for d in validate_op(twice, as_upstream=True) if "assigned more than once" in d.message
    ]
    assert len(found) == 1 and found[0].is_error
    assert "accepts" not in found[0].message
