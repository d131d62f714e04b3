"""The safe loader: plain trees, positions, tags, and clean errors on hostile input."""

from __future__ import annotations

from pathlib import Path

import pytest
from reference_corpus import REFERENCE

from linalg_odsgen.diagnostics import DiagnosticError
from linalg_odsgen.yaml_io import load_documents
from linalg_odsgen.yaml_io.loader import MAX_DEPTH, expected_tag, format_path


def errors_of(source: bytes | str) -> list:
    with pytest.raises(DiagnosticError) as info:
        load_documents(source, "in.yaml")
    return info.value.diagnostics


def only_error(source: bytes | str):
    diags = errors_of(source)
    assert len(diags) == 1, [str(d) for d in diags]
    return diags[0]


def line_col(text: str, needle: str, occurrence: int = 0) -> tuple[int, int]:
    """1-based line/column of the start of the n-th `needle` in `text` (independent oracle)."""
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, column


SMALL = """\
--- !LinalgOpConfig
metadata: !LinalgOpMetadata
  name: tiny
  cpp_class_name: TinyOp
structured_op: !LinalgStructuredOpConfig
  args:
  - !LinalgOperandDefConfig
    name: I
    kind: input_tensor
    shape_map: 'affine_map<()[s0] -> (s0)>'
  - !LinalgOperandDefConfig
    name: strides
    kind: index_attr
    default_indices: [1, 2]
  iterator_types: []
"""


class TestPlainTree:
    def test_builds_plain_python_values_with_yaml11_scalars(self) -> None:
        (doc,) = load_documents("a: 1\nb: 2.5\nc: true\nd: ~\ne: text\nf: '1'\ng: [x, 0x10]\n")
        assert doc.data == {
            "a": 1,
            "b": 2.5,
            "c": True,
            "d": None,
            "e": "text",
            "f": "1",
            "g": ["x", 16],
        }

    def test_keeps_mapping_key_order(self) -> None:
        (doc,) = load_documents("z: 1\na: 2\nm: 3\n")
        assert list(doc.data) == ["z", "a", "m"]

    def test_tags_are_stripped_from_data_and_recorded_by_path(self) -> None:
        (doc,) = load_documents(SMALL)
        assert doc.data["metadata"] == {"name": "tiny", "cpp_class_name": "TinyOp"}
        assert doc.tags[()] == "!LinalgOpConfig"
        assert doc.tags[("metadata",)] == "!LinalgOpMetadata"
        assert doc.tags[("structured_op", "args", 1)] == "!LinalgOperandDefConfig"
        assert ("structured_op", "args") not in doc.tags

    def test_reference_corpus_loads_every_op(self) -> None:
        docs = load_documents(REFERENCE.read_bytes(), "ref.yaml")
        text = REFERENCE.read_text()
        assert len(docs) == text.count("--- !LinalgOpConfig")
        assert [d.index for d in docs] == list(range(len(docs)))
        assert docs[0].op_name() == "copy"
        assert all(d.file == "ref.yaml" for d in docs)

    def test_op_name_is_none_when_metadata_name_is_not_a_string(self) -> None:
        (doc,) = load_documents("metadata:\n  name: 12\n")
        assert doc.op_name() is None
        (doc,) = load_documents("metadata: 3\n")
        assert doc.op_name() is None

    def test_multiple_documents_are_indexed_in_order(self) -> None:
        docs = load_documents("--- {a: 1}\n--- {a: 2}\n--- {a: 3}\n")
        assert [d.data["a"] for d in docs] == [1, 2, 3]
        assert [d.index for d in docs] == [0, 1, 2]


class TestPositions:
    def test_value_and_key_positions_are_one_based(self) -> None:
        (doc,) = load_documents(SMALL, "small.yaml")
        path = ("structured_op", "args", 0, "kind")
        assert (doc.positions[path].line, doc.positions[path].column) == line_col(
            SMALL, "input_tensor"
        )
        key = doc.key_positions[path]
        assert (key.line, key.column) == line_col(SMALL, "kind")
        assert key.file == "small.yaml"

    def test_tagged_node_starts_at_its_tag(self) -> None:
        (doc,) = load_documents(SMALL)
        pos = doc.positions[("structured_op", "args", 1)]
        assert (pos.line, pos.column) == line_col(SMALL, "!LinalgOperandDefConfig", 1)

    def test_flow_sequence_items_have_positions(self) -> None:
        (doc,) = load_documents(SMALL)
        pos = doc.positions[("structured_op", "args", 1, "default_indices", 1)]
        line, column = line_col(SMALL, "[1, 2]")
        assert (pos.line, pos.column) == (line, column + 4)

    def test_pos_falls_back_to_nearest_ancestor(self) -> None:
        (doc,) = load_documents(SMALL)
        missing = ("structured_op", "args", 0, "type_var")
        assert doc.pos(missing) == doc.positions[("structured_op", "args", 0)]
        assert doc.key_pos(missing) == doc.pos(missing)

    def test_offset_maps_to_a_column_only_in_single_line_plain_scalars(self) -> None:
        (doc,) = load_documents("a: affine_map<(d0) -> (d0)>\nb: 'affine_map<(d0) -> (d0)>'\n")
        assert doc.offset_pos(("a",), 5).column == 4 + 5
        assert doc.offset_pos(("b",), 5) == doc.pos(("b",))

    def test_folded_plain_scalar_offsets_fall_back_to_its_start(self) -> None:
        (doc,) = load_documents("a: affine_map<(d0) ->\n  (d0)>\n")
        assert doc.data["a"] == "affine_map<(d0) -> (d0)>"
        assert doc.offset_pos(("a",), 20) == doc.pos(("a",))


class TestTags:
    def test_python_object_tag_is_refused_and_never_executed(self, tmp_path: Path) -> None:
        marker = tmp_path / "pwned"
        for tag in ("!!python/object/apply:os.system", "!!python/object/new:os.system"):
            source = f"--- {tag} ['touch {marker}']\n"
            diag = only_error(source)
            assert "!!python/object" in diag.message
            assert "refused" in diag.message
            assert (diag.line, diag.column) == (1, 5)
        assert not marker.exists()

    def test_python_tag_nested_in_an_op_is_refused(self, tmp_path: Path) -> None:
        marker = tmp_path / "pwned"
        source = SMALL.replace(
            "name: tiny", f"name: !!python/object/apply:os.system ['touch {marker}']"
        )
        diag = only_error(source)
        assert "!!python/object/apply:os.system" in diag.message
        assert (diag.line, diag.column) == line_col(source, "!!python")
        assert not marker.exists()

    def test_unknown_local_tag_is_refused_with_the_expected_tag(self) -> None:
        diag = only_error("--- !Whatever\na: 1\n")
        assert "!Whatever" in diag.message
        assert "!LinalgOpConfig" in diag.message

    def test_misplaced_linalg_tag_names_the_expected_one(self) -> None:
        source = SMALL.replace("metadata: !LinalgOpMetadata", "metadata: !ScalarAssign")
        diag = only_error(source)
        assert "!ScalarAssign" in diag.message
        assert "expected !LinalgOpMetadata" in diag.message
        assert (diag.line, diag.column) == line_col(source, "!ScalarAssign")

    def test_linalg_tag_where_no_tag_belongs_is_refused(self) -> None:
        diag = only_error(SMALL + "extra: !ScalarAssign {arg: x}\n")
        assert "!ScalarAssign is not allowed at extra; expected no tag" in diag.message

    def test_linalg_tag_on_a_sequence_is_refused(self) -> None:
        source = SMALL.replace("  args:\n", "  args: !LinalgOpMetadata\n", 1)
        diag = only_error(source)
        assert "!LinalgOpMetadata is not allowed on a sequence" in diag.message
        assert (diag.line, diag.column) == line_col(source, "!LinalgOpMetadata", 1)

    def test_standard_tags_are_accepted(self) -> None:
        (doc,) = load_documents("a: !!str 12\nb: !!int '7'\nc: !!map {x: 1}\nd: !!seq [1]\n")
        assert doc.data == {"a": "12", "b": 7, "c": {"x": 1}, "d": [1]}

    def test_other_standard_tags_are_refused(self) -> None:
        diag = only_error("a: !!binary aGVsbG8=\n")
        assert "!!binary" in diag.message

    def test_bad_explicit_int_is_reported(self) -> None:
        diag = only_error("a: !!int abc\n")
        assert "!!int" in diag.message and "'abc'" in diag.message


class TestHostileInput:
    def test_billion_laughs_is_refused_fast(self) -> None:
        lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
        for i in range(1, 10):
            refs = ",".join([f"*a{i - 1}"] * 9)
            lines.append(f"a{i}: &a{i} [{refs}]")
        diag = only_error("\n".join(lines) + "\n")
        assert "aliases are not allowed" in diag.message
        assert (diag.line, diag.column) == (2, 10)

    @pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 5000, 100_000])
    def test_deep_flow_nesting_errors_quickly(self, depth: int) -> None:
        diag = only_error("[" * depth + "]" * depth)
        assert "nesting is deeper" in diag.message
        assert (diag.line, diag.column) == (1, MAX_DEPTH + 1)

    def test_5000_deep_scalar_expression_errors_quickly(self) -> None:
        head = "--- !LinalgOpConfig\nstructured_op:\n  assignments:\n  - arg: O\n    value: "
        depth = 5000
        body = "{scalar_fn: {kind: unary, fn_name: exp, operands: [" * depth + "{scalar_arg: I}"
        source = head + body + "]}}" * depth + "\n"
        diag = only_error(source)
        assert "nesting is deeper" in diag.message

    def test_deep_block_style_expression_errors(self) -> None:
        parts = ["--- !LinalgOpConfig\nstructured_op:\n  assignments:\n  - arg: O\n    value:\n"]
        indent = 6
        for _ in range(MAX_DEPTH // 3 + 5):
            pad = " " * indent
            parts.append(f"{pad}scalar_fn:\n{pad}  operands:\n{pad}  -\n")
            indent += 4
        diag = only_error("".join(parts))
        assert "nesting is deeper" in diag.message

    def test_nesting_at_the_limit_is_accepted(self) -> None:
        depth = MAX_DEPTH
        (doc,) = load_documents("[" * depth + "]" * depth)
        node = doc.data
        for _ in range(depth - 1):
            node = node[0]
        assert node == []

    def test_non_utf8_reports_first_bad_byte(self) -> None:
        diag = only_error(b"a: 1\nb: caf\xc3\xa9 \xff\n")
        # 'b: café ' is 8 characters, so the bad byte is in column 9
        assert (diag.line, diag.column) == (2, 9)
        assert "UTF-8" in diag.message and "0xff" in diag.message

    def test_utf16_input_is_not_mistaken_for_yaml(self) -> None:
        diag = only_error("a: 1\n".encode("utf-16"))
        assert "UTF-8" in diag.message

    def test_utf8_bom_is_accepted_and_stripped(self) -> None:
        (doc,) = load_documents(b"\xef\xbb\xbfname: x\n")
        assert doc.data == {"name": "x"}
        assert (doc.positions[("name",)].line, doc.positions[("name",)].column) == (1, 7)
        (doc,) = load_documents("\ufeffname: x\n")
        assert doc.data == {"name": "x"}

    def test_tab_indentation_is_a_positioned_error(self) -> None:
        diag = only_error("metadata:\n\tname: x\n")
        assert (diag.line, diag.column) == (2, 1)
        assert "tab" in diag.message

    def test_control_character_is_a_positioned_error(self) -> None:
        diag = only_error("a: 1\nb: x\x07y\n")
        assert (diag.line, diag.column) == (2, 5)
        assert "U+0007" in diag.message

    def test_yaml_syntax_error_carries_problem_position(self) -> None:
        diag = only_error("a: 1\nb: 'unterminated\n")
        assert diag.line == 3 and diag.column == 1
        assert diag.message.startswith("invalid YAML")

    def test_duplicate_key_is_reported_at_the_second_key(self) -> None:
        source = "metadata:\n  name: a\n  doc: x\n  name: b\n"
        diag = only_error(source)
        assert (diag.line, diag.column) == line_col(source, "name", 1)
        assert "duplicate key 'name'" in diag.message and "metadata" in diag.message

    def test_every_duplicate_is_reported(self) -> None:
        diags = errors_of("a: 1\na: 2\nb: {c: 1, c: 2}\n")
        assert len(diags) == 2

    def test_complex_keys_are_refused(self) -> None:
        diag = only_error("? [a, b]\n: 1\n")
        assert "keys must be plain scalars" in diag.message

    def test_huge_string_scalar_loads(self) -> None:
        big = "x" * 5_000_000
        (doc,) = load_documents(f"doc: {big}\n")
        assert len(doc.data["doc"]) == 5_000_000

    def test_huge_number_literal_is_refused_quickly(self) -> None:
        diag = only_error("a: " + "1:" * 200_000 + "1\n")
        assert "number literal is too long" in diag.message
        diag = only_error("a: " + "9" * 10_000 + "\n")
        assert "too long" in diag.message


class TestEmptyInput:
    @pytest.mark.parametrize("source", ["", b"", "\n\n", "# only a comment\n", b"\xef\xbb\xbf"])
    def test_empty_stream_has_no_documents(self, source: str | bytes) -> None:
        assert load_documents(source) == []

    @pytest.mark.parametrize("source", ["---\n", "--- ~\n", "--- null\n", "---\n...\n"])
    def test_empty_document_is_an_error(self, source: str) -> None:
        diag = only_error(source)
        assert "empty document" in diag.message
        assert diag.line == 1

    def test_trailing_empty_document_is_reported_on_its_line(self) -> None:
        diag = only_error("--- {a: 1}\n---\n")
        assert "empty document" in diag.message
        assert diag.line == 2


class TestPathHelpers:
    def test_format_path_is_dotted_with_indices(self) -> None:
        assert format_path(("structured_op", "args", 2, "kind")) == "structured_op.args[2].kind"
        assert format_path(()) == ""

    def test_expected_tag_of_scalar_expression_operands(self) -> None:
        base = ("structured_op", "assignments", 0, "value")
        assert expected_tag(base) == "!ScalarExpression"
        assert expected_tag((*base, "scalar_fn", "operands", 1)) == "!ScalarExpression"
        assert expected_tag((*base, "scalar_fn")) is None
        assert expected_tag(("structured_op", "args", 0)) == "!LinalgOperandDefConfig"


@pytest.mark.slow  # ~7-11 s on a busy 2-core machine (libyaml events + tree building)
def test_twenty_megabytes_of_ops_load_in_bounded_time() -> None:
    reference = REFERENCE.read_bytes()
    copies = 20_000_000 // len(reference) + 1
    source = reference * copies
    docs = load_documents(source, "big.yaml")
    assert len(docs) == copies * reference.count(b"--- !LinalgOpConfig")
