"""Conversion of loaded YAML trees to the typed model, and its diagnostics."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference_corpus import REFERENCE

from linalg_odsgen.affine import AffineMap
from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError
from linalg_odsgen.model import (
    FnKind,
    IteratorType,
    OpConfig,
    OperandKind,
    ScalarArg,
    ScalarConst,
    ScalarFn,
    ScalarIndex,
)
from linalg_odsgen.yaml_io import LoadedDocument, load_documents, load_library, to_model

GOOD = """\
--- !LinalgOpConfig
metadata: !LinalgOpMetadata
  name: scale
  cpp_class_name: ScaleOp
  doc: Scales a vector.
  implements:
  - LinalgContractionOpInterface
structured_op: !LinalgStructuredOpConfig
  args:
  - !LinalgOperandDefConfig
    name: I
    kind: input_tensor
    type_var: T
    shape_map: affine_map<()[s0] -> (s0)>
  - !LinalgOperandDefConfig
    name: O
    kind: output_tensor
    type_var: T
    shape_map: affine_map<()[s0] -> (s0)>
  - !LinalgOperandDefConfig
    name: fun
    kind: binary_fn_attr
    default_fn: mul
  indexing_maps: !LinalgIndexingMapsConfig
    static_indexing_maps:
    - affine_map<(d0)[s0] -> (d0)>
    - affine_map<(d0)[s0] -> (d0)>
  iterator_types:
  - parallel
  assignments:
  - !ScalarAssign
    arg: O
    value: !ScalarExpression
      scalar_fn:
        kind: binary
        attr_name: fun
        operands:
        - !ScalarExpression
          scalar_arg: I
        - !ScalarExpression
          scalar_const: '2 : i64'
"""


def convert(source: str) -> OpConfig:
    (doc,) = load_documents(source, "op.yaml")
    return to_model(doc)


def errors_of(source: str) -> list[Diagnostic]:
    with pytest.raises(DiagnosticError) as info:
        convert(source)
    return info.value.diagnostics


def line_col(text: str, needle: str, occurrence: int = 0) -> tuple[int, int]:
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    return text.count("\n", 0, index) + 1, index - (text.rfind("\n", 0, index) + 1) + 1


class TestConversion:
    def test_hand_written_op_converts_field_by_field(self) -> None:
        op = convert(GOOD)
        assert op.name == "scale"
        assert op.metadata.cpp_class_name == "ScaleOp"
        assert op.metadata.doc == "Scales a vector."
        assert op.metadata.implements == ("LinalgContractionOpInterface",)
        assert op.metadata.defines == ()
        so = op.structured_op
        assert [a.name for a in so.args] == ["I", "O", "fun"]
        assert [a.kind for a in so.args] == [
            OperandKind.INPUT_TENSOR,
            OperandKind.OUTPUT_TENSOR,
            OperandKind.BINARY_FN_ATTR,
        ]
        assert so.args[0].shape_map == AffineMap.parse("affine_map<()[s0] -> (s0)>")
        assert so.args[2].default_fn == "mul"
        assert so.args[2].type_var is None
        assert so.indexing_maps == (AffineMap.parse("(d0)[s0] -> (d0)"),) * 2
        assert so.iterator_types == (IteratorType.PARALLEL,)
        (assign,) = so.assignments
        assert assign.arg == "O"
        assert assign.value == ScalarFn(
            FnKind.BINARY, (ScalarArg("I"), ScalarConst("2 : i64")), attr_name="fun"
        )

    def test_reference_copy_op(self) -> None:
        lib = load_library(REFERENCE.read_bytes(), "ref.yaml")
        copy_op = lib.by_name()["copy"]
        assert copy_op.metadata.defines == ("hasCanonicalizer",)
        assert copy_op.metadata.doc is not None
        summary, _, description = copy_op.metadata.doc.partition("\n\n")
        assert summary.endswith(".") and "\n" not in summary
        assert description
        assert [a.name for a in copy_op.structured_op.args] == ["I", "O", "cast"]
        assert copy_op.structured_op.args[2].default_fn == "cast_signed"
        assert copy_op.structured_op.iterator_types == ()
        value = copy_op.structured_op.assignments[0].value
        assert value == ScalarFn(FnKind.TYPE, (ScalarArg("I"),), attr_name="cast", type_var="U")

    def test_reference_library_keeps_every_op_in_order(self) -> None:
        text = REFERENCE.read_text()
        names = [
            line.split(":", 1)[1].strip()
            for line, prev in zip(text.splitlines()[1:], text.splitlines(), strict=False)
            if prev == "metadata: !LinalgOpMetadata"
        ]
        lib = load_library(text, "ref.yaml")
        assert [op.name for op in lib.ops] == names
        assert len(names) == text.count("--- !LinalgOpConfig")

    def test_reference_index_attrs_keep_their_defaults(self) -> None:
        lib = load_library(REFERENCE.read_bytes())
        conv = lib.by_name()["conv_2d_nhwc_hwcf"]
        strides = conv.structured_op.arg("strides")
        assert strides is not None and strides.default_indices == (1, 1)
        assert strides.index_attr_map is not None and strides.index_attr_map.num_symbols > 0

    def test_scalar_index_converts(self) -> None:
        source = GOOD.replace("scalar_const: '2 : i64'", "scalar_index: 0")
        value = convert(source).structured_op.assignments[0].value
        assert isinstance(value, ScalarFn)
        assert value.operands[1] == ScalarIndex(0)


class TestDiagnostics:
    def test_unknown_operand_kind_lists_the_choices(self) -> None:
        source = GOOD.replace("kind: input_tensor", "kind: input_tensr")
        (diag,) = errors_of(source)
        assert diag.message.startswith("unknown operand kind 'input_tensr'; expected one of ")
        assert "input_tensor, output_tensor, scalar" in diag.message
        assert (diag.line, diag.column) == line_col(source, "input_tensr")
        assert diag.path == "structured_op.args[0].kind"
        assert diag.op == "scale"
        assert diag.file == "op.yaml"

    def test_every_problem_is_reported_at_once(self) -> None:
        source = (
            GOOD.replace("kind: output_tensor", "kind: outptu")
            .replace("- parallel", "- paralel")
            .replace("kind: binary\n", "kind: binar\n")
            .replace("  cpp_class_name: ScaleOp\n", "")
        )
        diags = errors_of(source)
        messages = " | ".join(d.message for d in diags)
        assert len(diags) == 4, messages
        assert "unknown operand kind 'outptu'" in messages
        assert "unknown iterator type 'paralel'" in messages
        assert "unknown function kind 'binar'" in messages
        assert "missing required key 'cpp_class_name'" in messages

    def test_unknown_key_is_reported_at_the_key(self) -> None:
        source = GOOD.replace("    default_fn: mul\n", "    default_fn: mul\n    defualt: 1\n")
        (diag,) = errors_of(source)
        assert "unknown key 'defualt'" in diag.message
        assert "default_fn" in diag.message  # the expected keys are listed
        assert (diag.line, diag.column) == line_col(source, "defualt")
        assert diag.path == "structured_op.args[2].defualt"

    def test_wrong_type_says_what_was_expected(self) -> None:
        source = GOOD.replace("type_var: T\n", "type_var: [T]\n", 1)
        (diag,) = errors_of(source)
        assert "expected a string, got sequence" in diag.message
        assert diag.path == "structured_op.args[0].type_var"

    def test_boolean_is_not_an_integer(self) -> None:
        source = GOOD.replace("scalar_const: '2 : i64'", "scalar_index: true")
        (diag,) = errors_of(source)
        assert "expected an integer, got boolean" in diag.message

    def test_name_that_yaml_reads_as_a_number_is_reported(self) -> None:
        source = GOOD.replace("name: I\n", "name: 12\n")
        (diag,) = errors_of(source)
        assert "expected a string, got integer" in diag.message

    def test_bad_affine_map_points_into_a_plain_scalar(self) -> None:
        source = GOOD.replace("- affine_map<(d0)[s0] -> (d0)>", "- affine_map<(d0)[s0] -> (d1)>", 1)
        (diag,) = errors_of(source)
        assert diag.message.startswith("invalid affine map: ")
        line, column = line_col(source, "affine_map<(d0)[s0] -> (d1)>")
        assert diag.line == line
        assert diag.column == column + len("affine_map<(d0)[s0] -> (")
        assert diag.path == "structured_op.indexing_maps.static_indexing_maps[0]"

    def test_bad_affine_map_in_quotes_points_at_the_scalar(self) -> None:
        source = GOOD.replace(
            "shape_map: affine_map<()[s0] -> (s0)>", "shape_map: 'affine_map<()[s0] -> (s9)>'", 1
        )
        (diag,) = errors_of(source)
        assert (diag.line, diag.column) == line_col(source, "'affine_map")

    def test_missing_tag_is_reported(self) -> None:
        source = GOOD.replace("value: !ScalarExpression", "value:")
        (diag,) = errors_of(source)
        assert diag.message == "missing tag !ScalarExpression on structured_op.assignments[0].value"

    def test_scalar_fn_needs_exactly_one_function_name(self) -> None:
        source = GOOD.replace("attr_name: fun", "attr_name: fun\n        fn_name: mul")
        (diag,) = errors_of(source)
        assert "exactly one of fn_name or attr_name; got both" in diag.message
        source = GOOD.replace("        attr_name: fun\n", "")
        (diag,) = errors_of(source)
        assert "got neither" in diag.message

    def test_expression_with_two_forms_is_reported(self) -> None:
        source = GOOD.replace("scalar_arg: I", "scalar_arg: I\n          scalar_index: 1")
        (diag,) = errors_of(source)
        assert "exactly one of scalar_arg, scalar_const, scalar_index, scalar_fn" in diag.message
        assert "got scalar_arg and scalar_index" in diag.message

    def test_root_that_is_not_a_mapping(self) -> None:
        (doc,) = load_documents("--- !!seq [1, 2]\n")
        with pytest.raises(DiagnosticError) as info:
            to_model(doc)
        (diag,) = info.value.diagnostics
        assert "expected a !LinalgOpConfig mapping, got sequence" in diag.message
        assert diag.path is None

    def test_load_library_reports_all_documents(self) -> None:
        bad = GOOD.replace("kind: input_tensor", "kind: nope")
        with pytest.raises(DiagnosticError) as info:
            load_library(bad + bad.replace("name: scale", "name: other"), "two.yaml")
        assert [d.op for d in info.value.diagnostics] == ["scale", "other"]
        assert info.value.diagnostics[1].line > info.value.diagnostics[0].line


# -- never crash on any tree ---------------------------------------------------------------

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 5),
    st.floats(allow_nan=False),
    st.sampled_from(
        ["I", "O", "input_tensor", "binary", "add", "parallel", "affine_map<(d0) -> (d0)>", "x"]
    ),
    st.text(max_size=5),
)
KEYS = [
    "metadata",
    "structured_op",
    "name",
    "cpp_class_name",
    "args",
    "kind",
    "indexing_maps",
    "static_indexing_maps",
    "iterator_types",
    "assignments",
    "arg",
    "value",
    "scalar_fn",
    "scalar_arg",
    "scalar_index",
    "operands",
    "fn_name",
    "shape_map",
    "default_indices",
]
trees = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(KEYS), inner, max_size=5),
    ),
    max_leaves=40,
)


def _doc(data: Any, tags: dict | None = None) -> LoadedDocument:
    return LoadedDocument("t.yaml", 0, data, tags or {}, {}, {})


def _check_never_crashes(doc: LoadedDocument) -> None:
    try:
        op = to_model(doc)
    except DiagnosticError as err:
        assert err.diagnostics
        assert all(d.message and d.file == "t.yaml" for d in err.diagnostics)
    else:
        assert isinstance(op, OpConfig)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trees)
def test_any_tree_converts_or_reports(tree: Any) -> None:
    _check_never_crashes(_doc(tree))


_GOOD_DATA = load_documents(GOOD)[0]


def _all_paths(node: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(_all_paths(v, (*path, k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.extend(_all_paths(v, (*path, i)))
    return out


GOOD_PATHS = _all_paths(_GOOD_DATA.data)[1:]


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(GOOD_PATHS), trees)
def test_mutated_op_converts_or_reports_at_a_known_position(path: tuple, new: Any) -> None:
    data = copy.deepcopy(_GOOD_DATA.data)
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    parent[path[-1]] = new
    doc = LoadedDocument(
        "t.yaml",
        0,
        data,
        _GOOD_DATA.tags,
        _GOOD_DATA.positions,
        _GOOD_DATA.key_positions,
        _GOOD_DATA.reflowed,
    )
    # The mutation may rename the op itself; diagnostics then name the new name.
    name = data.get("metadata", {}).get("name") if isinstance(data.get("metadata"), dict) else None
    try:
        to_model(doc)
    except DiagnosticError as err:
        assert all(d.line >= 1 and d.column >= 1 for d in err.diagnostics)
        assert all(d.op in ("scale", name, None) for d in err.diagnostics)


def test_hand_built_very_deep_expression_is_reported_not_crashing() -> None:
    expr: Any = {"scalar_arg": "I"}
    for _ in range(5000):
        expr = {"scalar_fn": {"kind": "unary", "fn_name": "exp", "operands": [expr]}}
    data = copy.deepcopy(_GOOD_DATA.data)
    data["structured_op"]["assignments"][0]["value"] = expr
    with pytest.raises(DiagnosticError) as info:
        to_model(_doc(data))
    assert any("nested deeper" in d.message for d in info.value.diagnostics)
