"""File-level validation: the reference library, multi-defect files, the library loader."""

from __future__ import annotations

import pytest
from reference_corpus import (
    REFERENCE,
    REFERENCE_LAST_OP,
    REFERENCE_OP_COUNT,
    upstream_reference,
)

from linalg_odsgen.diagnostics import DiagnosticError, Severity
from linalg_odsgen.model import OpLibrary
from linalg_odsgen.validation import load_valid_library, validate_source

# Two ops; every line with a defect is marked `# <-` (the numbers below count from line 1).
MULTI = """\
--- !LinalgOpConfig
metadata: !LinalgOpMetadata
  name: first
  cpp_class_name: FirstOp
  colour: blue
structured_op: !LinalgStructuredOpConfig
  args:
  - !LinalgOperandDefConfig
    name: I
    kind: input_tensr
    type_var: T
    shape_map: affine_map<()[s0] -> (s0)>
  - !LinalgOperandDefConfig
    name: O
    kind: output_tensor
    type_var: T
    shape_map: affine_map<()[s0] -> (s0)>
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
      scalar_arg: I
--- !LinalgOpConfig
metadata: !LinalgOpMetadata
  name: second
  cpp_class_name: SecondOp
structured_op: !LinalgStructuredOpConfig
  args:
  - !LinalgOperandDefConfig
    name: I
    kind: input_tensor
    type_var: T
    shape_map: affine_map<()[s0, s1] -> (s0, s1)>
  - !LinalgOperandDefConfig
    name: O
    kind: output_tensor
    type_var: T
    shape_map: affine_map<()[s0, s1] -> (s0)>
  indexing_maps: !LinalgIndexingMapsConfig
    static_indexing_maps:
    - affine_map<(d0, d1)[s0, s1] -> (d0, d1)>
    - affine_map<(d0, d1)[s0, s1] -> (d0, d1)>
  iterator_types:
  - parallel
  - reduction
  assignments:
  - !ScalarAssign
    arg: O
    value: !ScalarExpression
      scalar_fn:
        kind: binary
        fn_name: plus
        operands:
        - !ScalarExpression
          scalar_arg: I
        - !ScalarExpression
          scalar_arg: J
"""

MULTI_EXPECTED = [
    (5, "error", "unknown field 'colour' in op metadata"),
    (10, "error", "'input_tensr' is not a valid operand kind"),
    (44, "warning", "shape_map of 'O' has 1 results but its indexing map has 2"),
    (48, "error", "reduction dim d1 appears in the indexing map of output 'O'"),
    (58, "error", "unknown binary function 'plus'"),
    (63, "error", "unknown operand 'J' in scalar_arg"),
]


def test_reference_validates_with_exactly_the_two_upstream_shape_warnings() -> None:
    upstream = upstream_reference()
    diags = validate_source(upstream.read_bytes(), str(upstream))
    assert all(d.severity is Severity.WARNING for d in diags)
    assert sorted(d.op for d in diags) == [
        "depthwise_conv_3d_ndhwc_dhwc",
        "depthwise_conv_3d_ndhwc_dhwcm",
    ]
    for d in diags:
        assert d.path == "structured_op.args[2].shape_map"
        assert "shape_map of 'O'" in d.message


def test_reference_loads_as_a_library() -> None:
    source = REFERENCE.read_bytes()
    load_valid_library(source, "warmup")  # compiles the schema validators once
    library = load_valid_library(source, str(REFERENCE))
    assert isinstance(library, OpLibrary)
    assert len(library.ops) == REFERENCE_OP_COUNT
    assert library.ops[0].name == "copy"
    assert library.ops[-1].name == REFERENCE_LAST_OP


def test_every_defect_of_every_op_is_reported_in_source_order() -> None:
    diags = validate_source(MULTI, "multi.yaml")
    got = [(d.line, d.severity.value, d.message) for d in diags]
    assert len(got) == len(MULTI_EXPECTED), "\n".join(map(str, diags))
    for (line, sev, msg), (eline, esev, emsg) in zip(got, MULTI_EXPECTED, strict=True):
        assert (line, sev) == (eline, esev)
        assert emsg in msg
    assert {d.op for d in diags} == {"first", "second"}
    assert all(d.file == "multi.yaml" for d in diags)


def test_load_valid_library_raises_with_errors_only() -> None:
    with pytest.raises(DiagnosticError) as info:
        load_valid_library(MULTI, "multi.yaml")
    errors = info.value.diagnostics
    assert len(errors) == 5
    assert all(d.is_error for d in errors)


def test_warnings_alone_do_not_stop_loading() -> None:
    second = MULTI[
        MULTI.index("--- !LinalgOpConfig\nmetadata: !LinalgOpMetadata\n  name: second") :
    ]
    fixed = (
        second.replace("fn_name: plus", "fn_name: add")
        .replace("scalar_arg: J", "scalar_arg: I")
        .replace("- reduction", "- parallel")
    )
    assert [d.severity for d in validate_source(fixed, "w.yaml")] == [Severity.WARNING]
    assert [op.name for op in load_valid_library(fixed, "w.yaml").ops] == ["second"]


def test_empty_stream_is_an_error() -> None:
    (d,) = validate_source(b"# nothing here\n", "empty.yaml")
    assert d.is_error and "no op-config documents" in d.message


def test_unloadable_yaml_becomes_diagnostics() -> None:
    (d,) = validate_source(b"--- !LinalgOpConfig\nmetadata: [\n", "broken.yaml")
    assert d.is_error and d.file == "broken.yaml" and d.line >= 2


def _matvec_doc() -> str:
    from pathlib import Path

    text = (
        Path(__file__).resolve().parents[2] / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml"
    ).read_text()
    (doc,) = [d for d in text.split("--- !LinalgOpConfig\n") if "  name: matvec\n" in d]
    return "--- !LinalgOpConfig\n" + doc


def test_schema_and_semantic_defects_of_one_document_are_reported_together() -> None:
    text = (
        _matvec_doc()
        .replace("  cpp_class_name: MatvecOp\n", "  cpp_class_name: MatvecOp\n  colour: red\n")
        .replace("  - !ScalarAssign\n    arg: x\n", "  - !ScalarAssign\n    arg: zz\n")
    )
    diags = validate_source(text, "two.yaml")
    messages = [d.message for d in diags]
    assert any("unknown field 'colour'" in m for m in messages)  # schema stage
    assert any("assignment to unknown operand 'zz'" in m for m in messages)  # semantic stage
    assert [d.line for d in diags] == sorted(d.line for d in diags)


def test_structural_schema_errors_do_not_cascade_into_semantic_findings() -> None:
    text = _matvec_doc().replace("kind: input_tensor", "kind: input_tensr", 1)
    (d,) = validate_source(text.replace("arg: x\n", "arg: zz\n"), "bad.yaml")
    assert "'input_tensr' is not a valid operand kind" in d.message
