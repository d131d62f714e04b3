"""gen-ods reads YAML as LLVM's reader does where that differs from PyYAML."""

from __future__ import annotations

import pytest

from linalg_odsgen.diagnostics import DiagnosticError
from linalg_odsgen.ods.reading import parse_llvm_int, read_library
from linalg_odsgen.yaml_io.llvm_folding import llvm_folded_scalar


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0x1F", 31),
        ("0X1f", 31),
        ("017", 15),
        ("0o17", 15),
        ("0b101", 5),
        ("-0x10", -16),
        ("00", 0),
        ("9223372036854775807", 2**63 - 1),
        ("-9223372036854775808", -(2**63)),
        ("+5", None),
        ("1_000", None),
        ("08", None),
        ("1e3", None),
        ("9223372036854775808", None),
    ],
)
def test_integers_take_c_radix_prefixes_and_int64_range(text: str, value: int | None) -> None:
    assert parse_llvm_int(text) == value


def test_folded_scalar_folds_more_indented_lines_too() -> None:
    raw = ">-\n    a\n      b\n\n    c\n"
    assert llvm_folded_scalar(raw, "unused") == "a   b\nc"


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_folded_scalar_reads_crlf_and_cr_line_ends_as_line_breaks(newline: str) -> None:
    raw = ">\n\n    a\n    b\n\n    c\n".replace("\n", newline)
    assert llvm_folded_scalar(raw, "unused") == "\na b\nc\n"


def test_indentation_indicator_keeps_the_standard_reading() -> None:
    assert llvm_folded_scalar(">2\n    x\n", "parsed") == "parsed"


OP = """--- !LinalgOpConfig
metadata: !LinalgOpMetadata
  name: {name}
  cpp_class_name: CopyLikeOp
  doc: {doc}
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
"""


def test_scalars_are_text_where_pyyaml_would_resolve_them() -> None:
    library, warnings = read_library(OP.format(name="copy_like", doc="true"), "x.yaml")
    assert library.ops[0].metadata.doc == "true"
    assert warnings == []


def test_empty_documents_and_streams_are_empty_libraries() -> None:
    assert read_library("# nothing\n", "x.yaml")[0].ops == ()
    assert read_library("---\n...\n", "x.yaml")[0].ops == ()


def test_bad_number_is_a_positioned_error() -> None:
    text = (
        OP.format(name="copy_like", doc="d")
        .replace("  assignments:", "  assignments:")
        .replace("      scalar_arg: I", "      scalar_index: 0x")
    )
    with pytest.raises(DiagnosticError) as err:
        read_library(text, "x.yaml")
    (diag,) = err.value.diagnostics
    assert (diag.file, diag.line, diag.column) == ("x.yaml", 28, 21)
    assert "invalid number '0x'" in diag.message


def test_block_scalar_with_indentation_indicator_is_refused_as_llvm_refuses_it() -> None:
    text = OP.format(name="copy_like", doc="|2\n      Indented summary.\n    Rest.")
    with pytest.raises(DiagnosticError) as err:
        read_library(text, "x.yaml")
    (diag,) = err.value.diagnostics
    assert "indentation indicator" in diag.message and diag.line == 5
