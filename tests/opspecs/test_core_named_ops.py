"""The core library: equal to upstream's 59 op configs (docs aside), plus our additions."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from mlir_opt import mlir_opt, needs_mlir_opt
from reference_corpus import upstream_reference

import linalg_odsgen.opspecs.core_named_ops as core
from linalg_odsgen.dsl import collect_ops
from linalg_odsgen.dsl.library import load_dsl_library
from linalg_odsgen.model import FnKind, IteratorType, OpConfig, ScalarArg, ScalarFn
from linalg_odsgen.validation import validate_source
from linalg_odsgen.yaml_io import dump_library, load_library

REPO = Path(__file__).resolve().parents[2]
CHECKED_IN = REPO / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml"

P, R = IteratorType.PARALLEL, IteratorType.REDUCTION

# Upstream declares O one dim short in these two ops; ours carries the channel symbol
# (s13 = C in both) that O's indexing map already indexes.
FULL_RANK_OUTPUT_SHAPES = {
    "depthwise_conv_3d_ndhwc_dhwc": (
        "()[s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13] -> (s0, s1, s5, s9, s13)"
    ),
    "depthwise_conv_3d_ndhwc_dhwcm": (
        "()[s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14] -> "
        "(s0, s1, s5, s9, s13, s14)"
    ),
}

EXTRA_OPS = [
    "exp", "log", "abs", "ceil", "floor", "negf", "reciprocal", "round", "sqrt", "rsqrt",
    "square", "tanh", "erf", "add", "sub", "mul", "div", "div_unsigned", "max", "min", "powf",
    "select", "matmul", "batch_matmul", "batch_reduce_matmul", "matmul_transpose_a",
    "matmul_transpose_b", "batch_matmul_transpose_a", "batch_matmul_transpose_b",
    "elemwise_unary", "elemwise_binary",
]  # fmt: skip


@pytest.fixture(scope="module")
def ours() -> dict[str, OpConfig]:
    return {op.name: op.config for op in collect_ops(core)}


@pytest.fixture(scope="module")
def reference() -> list[OpConfig]:
    upstream = upstream_reference()
    return list(load_library(upstream.read_text(), str(upstream)).ops)


def test_reference_ops_come_first_in_reference_order(ours, reference):
    assert list(ours)[: len(reference)] == [op.name for op in reference]
    assert len(reference) == 59


def test_reference_ops_equal_upstream_in_every_field_but_the_doc(ours, reference):
    differences = []
    for ref in reference:
        op = ours[ref.name]
        ref_md, our_md = ref.metadata, op.metadata
        for f in ("name", "cpp_class_name", "implements", "defines"):
            if getattr(ref_md, f) != getattr(our_md, f):
                differences.append((ref.name, f))
        ref_sop, our_sop = ref.structured_op, op.structured_op
        if ref.name in FULL_RANK_OUTPUT_SHAPES:
            out = next(a for a in ref_sop.args if a.name == "O")
            assert str(our_sop.arg("O").shape_map) == FULL_RANK_OUTPUT_SHAPES[ref.name]
            ref_sop = dataclasses.replace(
                ref_sop,
                args=tuple(
                    dataclasses.replace(a, shape_map=our_sop.arg("O").shape_map) if a is out else a
                    for a in ref_sop.args
                ),
            )
        for f in ("args", "indexing_maps", "iterator_types", "assignments"):
            if getattr(ref_sop, f) != getattr(our_sop, f):
                differences.append((ref.name, f))
    assert differences == []


def test_depthwise_3d_outputs_have_the_rank_of_their_indexing_map(ours):
    for name in FULL_RANK_OUTPUT_SHAPES:
        sop = ours[name].structured_op
        o_index = [a.name for a in sop.value_args].index("O")
        assert sop.arg("O").shape_map.num_results == sop.indexing_maps[o_index].num_results


def test_docs_are_our_own_words(ours, reference):
    for ref in reference:
        doc = ours[ref.name].metadata.doc
        assert doc and doc != ref.metadata.doc
        ref_lines = {line.strip() for line in (ref.metadata.doc or "").splitlines()}
        copied = [
            line
            for line in doc.splitlines()
            if len(line.strip()) > 30 and line.strip() in ref_lines
        ]
        assert copied == [], ref.name


def test_additional_ops_follow_in_order(ours):
    assert list(ours)[59:] == EXTRA_OPS
    assert all(ours[name].metadata.doc for name in EXTRA_OPS)


def test_checked_in_yaml_is_a_fresh_dump():
    fresh = dump_library(load_dsl_library().ops)
    assert CHECKED_IN.read_text(encoding="utf-8") == fresh


def test_checked_in_yaml_validates_clean():
    diags = validate_source(CHECKED_IN.read_bytes(), str(CHECKED_IN))
    assert [d.format_gnu() for d in diags] == []


def _fn(kind: FnKind, name: str, *operands) -> ScalarFn:
    return ScalarFn(kind, tuple(operands), fn_name=name)


@pytest.mark.parametrize(
    ("op", "fn"),
    [("add", "add"), ("div", "div"), ("div_unsigned", "div_unsigned"), ("max", "max_signed"),
     ("min", "min_signed"), ("powf", "powf")],
)  # fmt: skip
def test_mlir22_binary_elementwise_ops_apply_one_function_without_casts(ours, op, fn):
    # mlir-opt-22 --linalg-generalize-named-ops: linalg.max on i8 -> arith.maxsi, on f32 ->
    # arith.maximumf (BinaryFn.max_signed), no extsi/sitofp: operands share the output type.
    sop = ours[op].structured_op
    assert [str(m) for m in sop.indexing_maps] == ["() -> ()"] * 3
    assert {a.type_var for a in sop.value_args} == {"T1"}
    assert sop.assignments[0].value == _fn(FnKind.BINARY, fn, ScalarArg("lhs"), ScalarArg("rhs"))


def test_mlir22_unary_and_select_ops(ours):
    assert ours["exp"].structured_op.assignments[0].value == _fn(
        FnKind.UNARY, "exp", ScalarArg("I")
    )
    select = ours["select"].structured_op
    assert select.assignments[0].value == _fn(
        FnKind.TERNARY, "select", ScalarArg("cond"), ScalarArg("lhs"), ScalarArg("rhs")
    )
    assert [a.type_var for a in select.value_args] == ["U", "T1", "T1", "T1"]


def test_matmul_family_dims_and_cast_attribute(ours):
    mm = ours["matmul"].structured_op
    assert [str(m) for m in mm.indexing_maps] == [
        "(d0, d1, d2)[s0, s1, s2] -> (d0, d2)",
        "(d0, d1, d2)[s0, s1, s2] -> (d2, d1)",
        "(d0, d1, d2)[s0, s1, s2] -> (d0, d1)",
    ]
    assert mm.iterator_types == (P, P, R)
    assert mm.arg("cast").default_fn == "cast_signed"
    brm = ours["batch_reduce_matmul"].structured_op
    assert brm.iterator_types == (R, P, P, R)
    assert str(brm.indexing_maps[2]) == "(d0, d1, d2, d3)[s0, s1, s2, s3] -> (d1, d2)"
    ta = ours["matmul_transpose_a"].structured_op
    assert str(ta.indexing_maps[0]) == "(d0, d1, d2)[s0, s1, s2] -> (d2, d0)"
    tb = ours["batch_matmul_transpose_b"].structured_op
    assert str(tb.indexing_maps[1]) == "(d0, d1, d2, d3)[s0, s1, s2, s3] -> (d0, d2, d3)"


_MLIR_CASES = {
    "matmul": ("tensor<4x3xi8>, tensor<3x5xi16>", "tensor<4x5xi32>"),
    "batch_matmul": ("tensor<2x4x3xi8>, tensor<2x3x5xi16>", "tensor<2x4x5xi32>"),
    "batch_reduce_matmul": ("tensor<2x4x3xi8>, tensor<2x3x5xi16>", "tensor<4x5xi32>"),
}


@pytest.mark.mlir
@needs_mlir_opt
@pytest.mark.parametrize("name", sorted(_MLIR_CASES))
def test_matmul_family_maps_and_iterators_agree_with_mlir_opt(ours, name):
    ins, out = _MLIR_CASES[name]
    a, b = ins.split(", ")
    src = (
        f"func.func @f(%a: {a}, %b: {b}, %c: {out}) -> {out} {{\n"
        f"  %0 = linalg.{name} ins(%a, %b : {ins}) outs(%c : {out}) -> {out}\n"
        f"  return %0 : {out}\n}}\n"
    )
    text = mlir_opt(src, "--linalg-generalize-named-ops")
    aliases = dict(re.findall(r"^(#map\d*) = affine_map<(.*)>$", text, re.M))
    used = re.search(r"indexing_maps = \[([^\]]*)\]", text).group(1).split(", ")
    iterators = re.search(r"iterator_types = \[([^\]]*)\]", text).group(1)
    sop = ours[name].structured_op
    ours_maps = [re.sub(r"\)\[[^\]]*\]", ")", str(m)) for m in sop.indexing_maps]
    assert ours_maps == [aliases[u] for u in used]
    assert iterators == ", ".join(f'"{t.value}"' for t in sop.iterator_types)
