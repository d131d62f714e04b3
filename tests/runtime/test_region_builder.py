"""Payload choices of the region builder: which arith/math op implements each function for
the operand types, as MLIR 22's Linalg region builder chooses (and mlir-opt-22 confirms)."""

from __future__ import annotations

import re

import pytest
from mlir_opt import mlir_opt, needs_mlir_opt

from linalg_odsgen import ops
from linalg_odsgen.runtime import OpError, ShapedType, parse_constant
from linalg_odsgen.types import BF16, F16, F32, F64, I1, I8, I16, I32, I64, INDEX, ElementType


def t(shape: tuple[int, ...], e: ElementType) -> ShapedType:
    return ShapedType("tensor", shape, e)


def names(op: object) -> list[str]:
    return [p.name for p in op.region.ops]  # type: ignore[attr-defined]


def matmul(ta: ElementType, tb: ElementType, tc: ElementType, **attrs: object) -> object:
    return ops.MatmulOp.from_types([t((2, 3), ta), t((3, 4), tb), t((2, 4), tc)], **attrs)


def test_matmul_i8_into_i32_extends_then_multiplies_integers() -> None:
    assert names(matmul(I8, I8, I32)) == ["arith.extsi", "arith.extsi", "arith.muli", "arith.addi"]
    unsigned = matmul(I8, I8, I32, cast="cast_unsigned")
    assert names(unsigned) == ["arith.extui", "arith.extui", "arith.muli", "arith.addi"]


def test_matmul_mixed_float_and_int_inputs() -> None:
    assert names(matmul(F16, I32, F32)) == [
        "arith.extf",
        "arith.sitofp",
        "arith.mulf",
        "arith.addf",
    ]
    assert names(matmul(F64, I32, I16, cast="cast_unsigned")) == [
        "arith.fptoui",
        "arith.trunci",
        "arith.muli",
        "arith.addi",
    ]


def test_bool_matmul_uses_andi_and_ori() -> None:
    assert names(matmul(I1, I1, I1)) == ["arith.andi", "arith.ori"]


def test_same_type_cast_creates_no_op() -> None:
    assert names(matmul(F32, F32, F32)) == ["arith.mulf", "arith.addf"]


@pytest.mark.parametrize(
    ("op_name", "elem", "expected"),
    [
        ("pooling_nhwc_max", F32, "arith.maximumf"),
        ("pooling_nhwc_max", I8, "arith.maxsi"),
        ("pooling_nhwc_min", F16, "arith.minimumf"),
        ("pooling_nhwc_min", I32, "arith.minsi"),
        ("pooling_nhwc_max_unsigned", I8, "arith.maxui"),
        ("pooling_nhwc_min_unsigned", I16, "arith.minui"),
        ("pooling_nhwc_sum", I1, "arith.ori"),
    ],
)
def test_pooling_reduction_op(op_name: str, elem: ElementType, expected: str) -> None:
    cls = ops.OPS[op_name]
    op = cls.from_types([t((1, 3, 3, 1), elem), t((2, 2), F32), t((1, 2, 2, 1), elem)])
    assert names(op)[-1] == expected


@pytest.mark.parametrize("op_name", ["pooling_nhwc_max_unsigned", "pooling_nhwc_min_unsigned"])
def test_unsigned_max_min_on_floats_is_rejected(op_name: str) -> None:
    cls = ops.OPS[op_name]
    with pytest.raises(
        OpError, match=rf"^{op_name}: binary function '\w+_unsigned' is not supported on f32"
    ):
        cls.from_types([t((1, 3, 3, 1), F32), t((2, 2), F32), t((1, 2, 2, 1), F32)])


@pytest.mark.parametrize(
    ("fn", "expected"),
    [
        ("exp", ["math.exp"]),
        ("log", ["math.log"]),
        ("abs", ["math.absf"]),
        ("ceil", ["math.ceil"]),
        ("floor", ["math.floor"]),
        ("negf", ["arith.negf"]),
        ("reciprocal", ["arith.constant", "arith.divf"]),
        ("round", ["math.round"]),
        ("sqrt", ["math.sqrt"]),
        ("rsqrt", ["math.rsqrt"]),
        ("square", ["arith.mulf"]),
        ("tanh", ["math.tanh"]),
        ("erf", ["math.erf"]),
    ],
)
def test_unary_functions(fn: str, expected: list[str]) -> None:
    op = ops.OPS[fn].from_types([t((4,), F16), t((4,), F16)])
    assert names(op) == expected
    if fn == "reciprocal":
        const = op.region.ops[0]
        assert const.attr("value") == 1.0 and const.result.type == F16


@pytest.mark.parametrize(
    ("fn", "elem", "expected"),
    [
        ("add", F32, "arith.addf"),
        ("add", I16, "arith.addi"),
        ("add", I1, "arith.ori"),
        ("sub", F32, "arith.subf"),
        ("sub", I16, "arith.subi"),
        ("mul", F32, "arith.mulf"),
        ("mul", I16, "arith.muli"),
        ("mul", I1, "arith.andi"),
        ("div", F32, "arith.divf"),
        ("div", I16, "arith.divsi"),
        ("div_unsigned", I16, "arith.divui"),
        ("max", F32, "arith.maximumf"),
        ("max", I16, "arith.maxsi"),
        ("max", I1, "arith.maxsi"),
        ("min", F32, "arith.minimumf"),
        ("min", I16, "arith.minsi"),
        ("powf", F32, "math.powf"),
    ],
)
def test_binary_functions(fn: str, elem: ElementType, expected: str) -> None:
    op = ops.OPS[fn].from_types([t((4,), elem)] * 3)
    assert names(op) == [expected]


@pytest.mark.parametrize(
    ("fn", "elem", "message"),
    [
        ("sub", I1, "binary function 'sub' is not supported on i1 operands"),
        ("div", I1, "binary function 'div' is not supported on i1 operands"),
        ("div_unsigned", F32, "binary function 'div_unsigned' is not supported on f32 operands"),
        ("powf", I32, "binary function 'powf' is not supported on i32 operands"),
        ("add", INDEX, "binary function 'add' is not supported on index operands"),
    ],
)
def test_unsupported_binary_combinations_are_errors(
    fn: str, elem: ElementType, message: str
) -> None:
    with pytest.raises(OpError, match=f"^{fn}: {re.escape(message)}$"):
        ops.OPS[fn].from_types([t((4,), elem)] * 3)


def test_unary_math_on_integers_is_an_error() -> None:
    with pytest.raises(
        OpError, match=r"^exp: unary function 'exp' needs a float operand, got i32$"
    ):
        ops.OPS["exp"].from_types([t((4,), I32), t((4,), I32)])


def test_select_needs_an_i1_condition() -> None:
    op = ops.SelectOp.from_types([t((4,), I1), t((4,), F32), t((4,), F32), t((4,), F32)])
    assert names(op) == ["arith.select"]
    with pytest.raises(OpError, match="select needs an i1 condition, got i8"):
        ops.SelectOp.from_types([t((4,), I8), t((4,), F32), t((4,), F32), t((4,), F32)])


@pytest.mark.parametrize(
    ("src", "dst", "cast", "expected"),
    [
        (INDEX, I32, "cast_signed", "arith.index_cast"),
        (INDEX, I32, "cast_unsigned", "arith.index_cast"),
        (I1, F32, "cast_signed", "arith.sitofp"),
        (I1, I32, "cast_signed", "arith.extsi"),
        (I8, F32, "cast_unsigned", "arith.uitofp"),
        (F32, I32, "cast_unsigned", "arith.fptoui"),
        (F32, I8, "cast_signed", "arith.fptosi"),
        (I64, I8, "cast_unsigned", "arith.trunci"),
        (F16, F64, "cast_signed", "arith.extf"),
        (F32, BF16, "cast_signed", "arith.truncf"),
    ],
)
def test_type_functions(src: ElementType, dst: ElementType, cast: str, expected: str) -> None:
    op = ops.CopyOp.from_types([t((4,), src), t((4,), dst)], cast=cast)
    assert names(op) == [expected]


@pytest.mark.parametrize(("src", "dst"), [(I8, INDEX), (F32, INDEX), (INDEX, F32), (F16, BF16)])
def test_casts_mlir_cannot_build_are_errors(src: ElementType, dst: ElementType) -> None:
    with pytest.raises(OpError, match=rf"^copy: cannot cast {src} to {dst} \(cast_signed\)") as err:
        ops.CopyOp.from_types([t((4,), src), t((4,), dst)])
    if dst is INDEX:
        assert "MLIR converts nothing to index inside a region" in str(err.value)
    if src is INDEX:
        assert "cast through I64 first" in str(err.value)


def test_fill_rng_2d_payload_uses_index_casts_and_typed_constants() -> None:
    op = ops.FillRng2DOp.from_types([F64, F64, I32, t((3, 4), F32)])
    region = op.region
    consts = [(p.attr("value"), p.result.type) for p in region.ops if p.name == "arith.constant"]
    assert (2147483647, I64) in consts and (1103515245, I64) in consts
    assert any(isinstance(v, float) and ty == F64 for v, ty in consts)
    indices = [p.attr("dim") for p in region.ops if p.name == "linalg.index"]
    assert indices == [1, 0]
    casts = [p.name for p in region.ops if p.name == "arith.index_cast"]
    assert len(casts) == 2
    assert region.ops[-1].name == "arith.truncf"


def test_constant_literals_parse_to_typed_values() -> None:
    assert parse_constant("2147483647 : i64") == (2147483647, I64)
    assert parse_constant("1.0e+00 : f64") == (1.0, F64)
    assert parse_constant("2.3283063999999999E-10 : f64") == (2.3283063999999999e-10, F64)
    assert parse_constant("true : i1") == (True, I1)
    assert parse_constant("0x3FF0000000000000 : f64") == (1.0, F64)
    with pytest.raises(ValueError):
        parse_constant("42")


# -- the oracle -----------------------------------------------------------------------------

_MLIR_CASES = [
    (
        "linalg.matmul {cast = #linalg.type_fn<cast_unsigned>}",
        "tensor<2x3xi8>, tensor<3x4xi8>",
        "tensor<2x4xi32>",
        lambda: matmul(I8, I8, I32, cast="cast_unsigned"),
    ),
    (
        "linalg.matmul",
        "tensor<2x3xf16>, tensor<3x4xi32>",
        "tensor<2x4xf32>",
        lambda: matmul(F16, I32, F32),
    ),
    (
        "linalg.matmul",
        "tensor<2x3xi1>, tensor<3x4xi1>",
        "tensor<2x4xi1>",
        lambda: matmul(I1, I1, I1),
    ),
    (
        "linalg.pooling_nhwc_max",
        "tensor<1x3x3x1xf32>, tensor<2x2xf32>",
        "tensor<1x2x2x1xf32>",
        lambda: ops.PoolingNhwcMaxOp.from_types(
            [t((1, 3, 3, 1), F32), t((2, 2), F32), t((1, 2, 2, 1), F32)]
        ),
    ),
    (
        "linalg.pooling_nhwc_max_unsigned",
        "tensor<1x3x3x1xi8>, tensor<2x2xi8>",
        "tensor<1x2x2x1xi8>",
        lambda: ops.PoolingNhwcMaxUnsignedOp.from_types(
            [t((1, 3, 3, 1), I8), t((2, 2), I8), t((1, 2, 2, 1), I8)]
        ),
    ),
    (
        "linalg.copy {cast = #linalg.type_fn<cast_unsigned>}",
        "tensor<4xindex>",
        "tensor<4xi32>",
        lambda: ops.CopyOp.from_types([t((4,), INDEX), t((4,), I32)], cast="cast_unsigned"),
    ),
    (
        "linalg.copy",
        "tensor<4xi1>",
        "tensor<4xf32>",
        lambda: ops.CopyOp.from_types([t((4,), I1), t((4,), F32)]),
    ),
    (
        "linalg.elementwise kind=#linalg.elementwise_kind<reciprocal>",
        "tensor<4xf16>",
        "tensor<4xf16>",
        lambda: ops.ReciprocalOp.from_types([t((4,), F16), t((4,), F16)]),
    ),
    (
        "linalg.elementwise kind=#linalg.elementwise_kind<max_signed>",
        "tensor<4xi16>, tensor<4xi16>",
        "tensor<4xi16>",
        lambda: ops.MaxOp.from_types([t((4,), I16)] * 3),
    ),
]


@pytest.mark.mlir
@needs_mlir_opt
@pytest.mark.parametrize("case", _MLIR_CASES, ids=lambda c: c[0].split()[0] + ":" + c[1])
def test_payload_matches_mlir_opt_generalization(case: tuple) -> None:
    named, ins, out, build = case
    in_types = [s.strip() for s in re.split(r",\s*(?=tensor)", ins)]
    args = ", ".join(f"%a{i}: {ty}" for i, ty in enumerate([*in_types, out]))
    ins_vals = ", ".join(f"%a{i}" for i in range(len(in_types)))
    text = (
        f"func.func @f({args}) -> {out} {{\n"
        f"  %0 = {named} ins({ins_vals} : {ins}) outs(%a{len(in_types)} : {out}) -> {out}\n"
        f"  return %0 : {out}\n}}\n"
    )
    generic = mlir_opt(text, "--linalg-generalize-named-ops", "-")
    mlir_ops = re.findall(r"= ((?:arith|math)\.\w+)", generic)
    ours = names(build())
    assert [n for n in ours if n != "arith.constant"] == [
        n for n in mlir_ops if n != "arith.constant"
    ]
    assert ours.count("arith.constant") == mlir_ops.count("arith.constant")
