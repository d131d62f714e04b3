"""The JSON Schema itself and the human messages its violations turn into."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from reference_corpus import REFERENCE, REFERENCE_OP_COUNT

from linalg_odsgen.validation.schema import (
    describe,
    load_schema,
    schema_findings,
    tag_findings,
)
from linalg_odsgen.yaml_io import load_documents

CORPUS = Path(__file__).resolve().parent.parent / "data" / "invalid"


def _doc() -> dict[str, Any]:
    """A minimal valid op-config tree (tags stripped), written out by hand."""
    return {
        "metadata": {"name": "add1", "cpp_class_name": "Add1Op"},
        "structured_op": {
            "args": [
                {
                    "name": "I",
                    "kind": "input_tensor",
                    "type_var": "T",
                    "shape_map": "affine_map<()[s0] -> (s0)>",
                },
                {
                    "name": "O",
                    "kind": "output_tensor",
                    "type_var": "T",
                    "shape_map": "affine_map<()[s0] -> (s0)>",
                },
            ],
            "indexing_maps": {
                "static_indexing_maps": [
                    "affine_map<(d0)[s0] -> (d0)>",
                    "affine_map<(d0)[s0] -> (d0)>",
                ]
            },
            "iterator_types": ["parallel"],
            "assignments": [
                {
                    "arg": "O",
                    "value": {
                        "scalar_fn": {
                            "kind": "binary",
                            "fn_name": "add",
                            "operands": [{"scalar_arg": "I"}, {"scalar_const": "1 : i32"}],
                        }
                    },
                }
            ],
        },
    }


def _messages(tree: object) -> list[tuple[str, str]]:
    from linalg_odsgen.yaml_io import format_path

    return [(format_path(f.path), f.message) for f in schema_findings(tree)]


def test_schema_is_valid_draft_2020_12() -> None:
    schema = load_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


def test_schema_ships_in_the_package() -> None:
    import importlib.resources

    text = importlib.resources.files("linalg_odsgen.schemas").joinpath("op_config.schema.json")
    assert text.is_file()


def test_minimal_tree_is_valid() -> None:
    assert schema_findings(_doc()) == []


def test_every_reference_document_fits_the_schema() -> None:
    docs = load_documents(REFERENCE.read_bytes(), str(REFERENCE))
    assert len(docs) == REFERENCE_OP_COUNT
    for doc in docs:
        assert schema_findings(doc.data) == [], doc.op_name()
        assert tag_findings(doc.data, doc.tags) == [], doc.op_name()


def test_unknown_field_points_at_the_key_and_suggests() -> None:
    tree = _doc()
    tree["structured_op"]["args"][0]["kindd"] = "x"
    (finding,) = schema_findings(tree)
    assert finding.at_key
    assert finding.path == ("structured_op", "args", 0, "kindd")
    assert finding.message == "unknown field 'kindd' in operand definition; did you mean 'kind'?"


def test_each_unknown_field_is_its_own_finding() -> None:
    tree = _doc()
    tree["metadata"]["foo"] = 1
    tree["metadata"]["bar"] = 2
    assert [m for _, m in _messages(tree)] == [
        "unknown field 'foo' in op metadata; expected one of: cpp_class_name, defines, doc, "
        "implements, name",
        "unknown field 'bar' in op metadata; expected one of: cpp_class_name, defines, doc, "
        "implements, name",
    ]


def test_missing_fields_each_reported_at_the_mapping() -> None:
    tree = _doc()
    del tree["structured_op"]["args"][1]["kind"]
    del tree["structured_op"]["args"][1]["name"]
    assert sorted(_messages(tree)) == [
        ("structured_op.args[1]", "missing required field 'kind' in operand definition"),
        ("structured_op.args[1]", "missing required field 'name' in operand definition"),
    ]


def test_enum_messages_name_what_the_value_should_be() -> None:
    tree = _doc()
    tree["structured_op"]["args"][0]["kind"] = "input_tensr"
    tree["structured_op"]["iterator_types"] = ["parallel", "window"]
    msgs = dict(_messages(tree))
    assert msgs["structured_op.args[0].kind"].startswith(
        "'input_tensr' is not a valid operand kind; expected one of: input_tensor, output_tensor"
    )
    assert msgs["structured_op.iterator_types[1]"] == (
        "'window' is not a valid iterator type; expected one of: parallel, reduction"
    )


@pytest.mark.parametrize(
    ("kind", "missing"),
    [
        ("input_tensor", "shape_map"),
        ("scalar", "type_var"),
        ("index_attr", "index_attr_map"),
        ("binary_fn_attr", "default_fn"),
    ],
)
def test_per_kind_required_fields(kind: str, missing: str) -> None:
    tree = _doc()
    tree["structured_op"]["args"][0] = {"name": "X", "kind": kind}
    msgs = [m for _, m in _messages(tree)]
    assert f"missing required field '{missing}' in operand definition of kind '{kind}'" in msgs


def test_fields_of_another_kind_are_refused() -> None:
    tree = _doc()
    tree["structured_op"]["args"][0]["default_fn"] = "exp"
    ((path, msg),) = _messages(tree)
    assert path == "structured_op.args[0].default_fn"
    assert (
        msg == "field 'default_fn' is not allowed in an operand definition of kind 'input_tensor'"
    )


def test_expression_needs_exactly_one_form() -> None:
    tree = _doc()
    operands = tree["structured_op"]["assignments"][0]["value"]["scalar_fn"]["operands"]
    operands[0] = {"scalar_index": 0, "scalar_arg": "I"}
    operands[1] = {}
    msgs = _messages(tree)
    assert len(msgs) == 2
    # The second key in source order is the one pointed at.
    assert msgs[0][0].endswith("operands[0].scalar_arg")
    assert msgs[0][1].endswith("found 'scalar_index' and 'scalar_arg'")
    assert msgs[1][1].endswith("found none")


def test_deep_expression_errors_are_found_and_memo_does_not_hide_them() -> None:
    tree = _doc()
    fn = tree["structured_op"]["assignments"][0]["value"]["scalar_fn"]
    fn["operands"][1] = {
        "scalar_fn": {"kind": "unary", "fn_name": "exp", "operands": [{"scalar_arg": 3}]}
    }
    first = _messages(tree)
    second = _messages(copy.deepcopy(tree))
    assert first == second
    ((path, msg),) = first
    assert path.endswith("operands[1].scalar_fn.operands[0].scalar_arg")
    assert "must be a string, got an integer" in msg


def test_scalar_fn_name_rules() -> None:
    tree = _doc()
    fn = tree["structured_op"]["assignments"][0]["value"]["scalar_fn"]
    fn["attr_name"] = "fun"
    assert _messages(tree)[0][1] == (
        "scalar function needs exactly one of 'fn_name', 'attr_name'; found 'fn_name' and 'attr_name'"
    )
    del fn["attr_name"]
    fn["kind"] = "type"
    assert _messages(tree) == [
        (
            "structured_op.assignments[0].value.scalar_fn",
            "missing required field 'type_var' in scalar function of kind 'type'",
        )
    ]


def test_affine_map_strings_are_required() -> None:
    tree = _doc()
    tree["structured_op"]["indexing_maps"]["static_indexing_maps"][0] = "(d0) -> (d0)"
    ((_, msg),) = _messages(tree)
    assert "must be an affine map" in msg


def test_non_mapping_nodes() -> None:
    assert _messages([]) == [("", "op config must be a mapping, got a list")]
    tree = _doc()
    tree["structured_op"]["assignments"][0]["value"] = "I"
    ((_, msg),) = _messages(tree)
    assert msg == "scalar expression must be a mapping, got a string"


def test_missing_tags_are_found_on_mappings_only() -> None:
    tree = _doc()
    tags = {
        (): "!LinalgOpConfig",
        ("metadata",): "!LinalgOpMetadata",
        ("structured_op",): "!LinalgStructuredOpConfig",
        ("structured_op", "args", 0): "!LinalgOperandDefConfig",
        ("structured_op", "args", 1): "!LinalgOperandDefConfig",
        ("structured_op", "indexing_maps"): "!LinalgIndexingMapsConfig",
        ("structured_op", "assignments", 0): "!ScalarAssign",
        ("structured_op", "assignments", 0, "value"): "!ScalarExpression",
        (
            "structured_op",
            "assignments",
            0,
            "value",
            "scalar_fn",
            "operands",
            0,
        ): "!ScalarExpression",
    }
    found = tag_findings(tree, tags)
    assert [f.path for f in found] == [
        ("structured_op", "assignments", 0, "value", "scalar_fn", "operands", 1)
    ]
    assert found[0].message == "scalar expression must be tagged '!ScalarExpression'"


def test_describe_names_the_parts_of_a_document() -> None:
    assert describe(()) == "op config"
    assert describe(("structured_op", "args", 4)) == "operand definition"
    assert describe(("structured_op", "assignments", 0, "value", "scalar_fn")) == "scalar function"
    assert describe(("structured_op", "assignments", 0, "value", "scalar_fn", "operands", 1)) == (
        "scalar expression"
    )
