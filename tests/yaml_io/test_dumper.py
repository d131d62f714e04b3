"""Canonical dumping: byte identity with upstream's dump, exact layout, lossless round trips."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reference_corpus import REFERENCE

from linalg_odsgen.affine import AffineMap
from linalg_odsgen.model import (
    FnKind,
    IteratorType,
    OpConfig,
    OperandDef,
    OperandKind,
    OpLibrary,
    OpMetadata,
    ScalarArg,
    ScalarAssign,
    ScalarConst,
    ScalarExpr,
    ScalarFn,
    ScalarIndex,
    StructuredOpConfig,
)
from linalg_odsgen.yaml_io import dump_library, dump_op, load_library
from linalg_odsgen.yaml_io.dumper import WIDTH, op_node


def test_reference_corpus_is_reproduced_byte_for_byte() -> None:
    source = REFERENCE.read_bytes()
    lib = load_library(source, "ref.yaml")
    text = dump_library(lib.ops)
    assert text.encode("utf-8") == source


def test_each_reference_document_is_one_dump_op() -> None:
    text = REFERENCE.read_text()
    lib = load_library(text)
    chunks = ["--- !LinalgOpConfig" + c for c in text.split("--- !LinalgOpConfig")[1:]]
    chunks[-1] = chunks[-1][:-1]  # the stream's final empty line belongs to the library
    assert [dump_op(op) for op in lib.ops] == chunks


def test_empty_library_is_empty_text() -> None:
    assert dump_library([]) == ""


M1 = AffineMap.parse("affine_map<()[s0] -> (s0)>")
M2 = AffineMap.parse("affine_map<(d0)[s0] -> (d0)>")

FULL_OP = OpConfig(
    OpMetadata(
        name="full",
        cpp_class_name="FullOp",
        doc="One line.",
        implements=("LinalgContractionOpInterface",),
        defines=("hasCanonicalizer",),
    ),
    StructuredOpConfig(
        args=(
            OperandDef("I", OperandKind.INPUT_TENSOR, "T", M1),
            OperandDef("s", OperandKind.INDEX_ATTR, index_attr_map=M1, default_indices=(2,)),
            OperandDef("f", OperandKind.TYPE_FN_ATTR, default_fn="cast_signed"),
            OperandDef("O", OperandKind.OUTPUT_TENSOR, "U", M1),
        ),
        indexing_maps=(M2, M2),
        iterator_types=(IteratorType.PARALLEL,),
        assignments=(
            ScalarAssign(
                "O",
                ScalarFn(
                    FnKind.TYPE,
                    (ScalarFn(FnKind.BINARY, (ScalarArg("I"), ScalarIndex(0)), fn_name="add"),),
                    attr_name="f",
                    type_var="U",
                ),
            ),
        ),
    ),
)

# Written by hand from the format's key order (metadata: name, cpp_class_name, doc,
# implements, defines; operand: name, kind, type_var, shape_map, index_attr_map,
# default_indices, default_fn; scalar_fn: kind, fn_name, attr_name, type_var, operands).
FULL_TEXT = """\
--- !LinalgOpConfig
metadata: !LinalgOpMetadata
  name: full
  cpp_class_name: FullOp
  doc: One line.
  implements:
  - LinalgContractionOpInterface
  defines:
  - hasCanonicalizer
structured_op: !LinalgStructuredOpConfig
  args:
  - !LinalgOperandDefConfig
    name: I
    kind: input_tensor
    type_var: T
    shape_map: affine_map<()[s0] -> (s0)>
  - !LinalgOperandDefConfig
    name: s
    kind: index_attr
    index_attr_map: affine_map<()[s0] -> (s0)>
    default_indices:
    - 2
  - !LinalgOperandDefConfig
    name: f
    kind: type_fn_attr
    default_fn: cast_signed
  - !LinalgOperandDefConfig
    name: O
    kind: output_tensor
    type_var: U
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
      scalar_fn:
        kind: type
        attr_name: f
        type_var: U
        operands:
        - !ScalarExpression
          scalar_fn:
            kind: binary
            fn_name: add
            operands:
            - !ScalarExpression
              scalar_arg: I
            - !ScalarExpression
              scalar_index: 0
"""


def test_every_optional_key_is_written_in_canonical_order() -> None:
    assert dump_op(FULL_OP) == FULL_TEXT


def test_library_is_documents_then_one_empty_line() -> None:
    assert dump_library([FULL_OP, FULL_OP]) == FULL_TEXT + FULL_TEXT + "\n"


def test_empty_lists_are_flow_brackets_and_empty_optionals_are_left_out() -> None:
    op = OpConfig(
        OpMetadata("e", "EOp"),
        StructuredOpConfig(args=(), indexing_maps=(), iterator_types=(), assignments=()),
    )
    assert dump_op(op) == (
        "--- !LinalgOpConfig\n"
        "metadata: !LinalgOpMetadata\n"
        "  name: e\n"
        "  cpp_class_name: EOp\n"
        "structured_op: !LinalgStructuredOpConfig\n"
        "  args: []\n"
        "  indexing_maps: !LinalgIndexingMapsConfig\n"
        "    static_indexing_maps: []\n"
        "  iterator_types: []\n"
        "  assignments: []\n"
    )


def _with_doc(doc: str | None) -> OpConfig:
    return OpConfig(OpMetadata("d", "DOp", doc), StructuredOpConfig((), (), (), ()))


def test_multi_line_doc_is_a_stripped_literal_block() -> None:
    text = dump_op(_with_doc("First line.\n\nSecond: with colon."))
    assert "  doc: |-\n    First line.\n\n    Second: with colon.\n" in text


def test_constants_with_a_colon_are_single_quoted() -> None:
    op = OpConfig(
        OpMetadata("c", "COp"),
        StructuredOpConfig((), (), (), (ScalarAssign("O", ScalarConst("42 : i64")),)),
    )
    assert "scalar_const: '42 : i64'\n" in dump_op(op)


def test_strings_that_yaml_would_read_as_other_types_are_quoted() -> None:
    op = OpConfig(OpMetadata("true", "1"), StructuredOpConfig((), (), (), ()))
    text = dump_op(op)
    assert "  name: 'true'\n" in text
    assert "  cpp_class_name: '1'\n" in text
    assert load_library(text).ops == (op,)


# -- round trips --------------------------------------------------------------------------

_REF_LIB = load_library(REFERENCE.read_bytes())
_REF_MAPS = sorted(
    {m for op in _REF_LIB.ops for m in op.structured_op.indexing_maps}, key=AffineMap.to_mlir
)
maps = st.sampled_from([*_REF_MAPS, M1, M2])
texts = st.text(max_size=30)
tricky = st.one_of(
    texts,
    st.sampled_from(
        ["true", "null", "~", "1", "0x1F", "1e3", "- x", "a: b", "#c", " lead", "trail ", "é×"]
    ),
)
docs = st.one_of(
    st.none(),
    tricky,
    st.lists(st.sampled_from(["line", "  indented", "", "trailing  ", "ünï"]), max_size=5).map(
        "\n".join
    ),
    st.text(alphabet=st.sampled_from("ab \n\t:#'\"-"), max_size=40),
)


def exprs() -> st.SearchStrategy[ScalarExpr]:
    leaves = st.one_of(
        tricky.map(ScalarArg),
        tricky.map(ScalarConst),
        st.integers(0, 2**40).map(ScalarIndex),
    )

    def fns(inner: st.SearchStrategy[ScalarExpr]) -> st.SearchStrategy[ScalarExpr]:
        # a function is named directly (fn_name) or through an attribute (attr_name)
        names = st.one_of(st.tuples(tricky, st.none()), st.tuples(st.none(), tricky))
        return st.builds(
            lambda kind, operands, name, type_var: ScalarFn(kind, operands, *name, type_var),
            st.sampled_from(FnKind),
            st.lists(inner, max_size=3).map(tuple),
            names,
            st.none() | tricky,
        )

    return st.recursive(leaves, fns, max_leaves=12)


operands = st.builds(
    OperandDef,
    tricky,
    st.sampled_from(OperandKind),
    st.none() | tricky,
    st.none() | maps,
    st.none() | maps,
    st.none() | st.lists(st.integers(-(2**63), 2**63 - 1), max_size=3).map(tuple),
    st.none() | tricky,
)
ops = st.builds(
    OpConfig,
    st.builds(
        OpMetadata,
        tricky,
        tricky,
        docs,
        st.lists(tricky, max_size=2).map(tuple),
        st.lists(tricky, max_size=2).map(tuple),
    ),
    st.builds(
        StructuredOpConfig,
        st.lists(operands, max_size=3).map(tuple),
        st.lists(maps, max_size=3).map(tuple),
        st.lists(st.sampled_from(IteratorType), max_size=3).map(tuple),
        st.lists(st.builds(ScalarAssign, tricky, exprs()), max_size=2).map(tuple),
    ),
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ops, min_size=1, max_size=2))
def test_dump_then_load_gives_back_the_same_models(models: list[OpConfig]) -> None:
    text = dump_library(models)
    assert load_library(text, "rt.yaml") == OpLibrary(tuple(models))
    assert dump_library(load_library(text).ops) == text  # canonical text is a fixed point


@settings(max_examples=60, deadline=None)
@given(docs.filter(lambda d: d is not None))
def test_any_doc_string_round_trips(doc: str) -> None:
    op = _with_doc(doc)
    assert load_library(dump_op(op)).ops == (op,)


@pytest.mark.parametrize(
    "doc",
    ["", "x", "ends with newline\n", "\n\n", "trailing  \nline", "ünï\nline", "a\x85b", "a\tb\n c"],
)
def test_awkward_docs_round_trip(doc: str) -> None:
    text = dump_op(_with_doc(doc))
    assert text.isascii()  # non-ASCII is escaped, as upstream's dumper does
    assert load_library(text).ops == (_with_doc(doc),)


# -- dump_op against PyYAML's emitter ------------------------------------------------------
# PyYAML's pure-Python emitter, with upstream's settings, defines the layout; `dump_op` (which
# writes the documents it knows directly, for speed) must give its bytes.


def _emitted(op: OpConfig) -> str:
    """The op's node graph as PyYAML's pure-Python emitter writes it (upstream's settings)."""
    return yaml.serialize(
        op_node(op),
        Dumper=yaml.SafeDumper,
        explicit_start=True,
        width=WIDTH,
        indent=2,
        allow_unicode=False,
        line_break="\n",
    )


def test_reference_ops_are_dumped_as_the_emitter_writes_them() -> None:
    for op in _REF_LIB.ops:
        assert dump_op(op) == _emitted(op), op.name


# One-line printable ASCII near every decision of the emitter: indicators, `: `, ` #`,
# document markers, words that read back as other types, quotes, long runs of spaces.
ascii_words = st.one_of(
    st.text(alphabet=st.sampled_from("ab-?:#'\"!&*|>%@`,[]{}.~=<() "), min_size=1, max_size=12),
    st.sampled_from(["true", "No", "null", "~", "12", "-3", "0x1F", "1e3", ".inf", "---", "..."]),
    st.text(alphabet=st.sampled_from("abcdefghij"), min_size=1, max_size=30),
)
ascii_text = st.lists(ascii_words, min_size=1, max_size=12).map(" ".join)
ascii_lines = st.lists(st.one_of(ascii_text, st.just("")), min_size=2, max_size=5).map("\n".join)


def _ascii_op(name: str, doc: str, const: str, fn: str, arg: str) -> OpConfig:
    expr = ScalarFn(FnKind.BINARY, (ScalarConst(const), ScalarArg(arg), ScalarIndex(3)), fn)
    operand = OperandDef(arg, OperandKind.INDEX_ATTR, None, M1, M1, (1, -2), None)
    meta = OpMetadata(name, name, doc, (const,), ())
    return OpConfig(meta, StructuredOpConfig((operand,), (M2,), (), (ScalarAssign(arg, expr),)))


@settings(max_examples=300, deadline=None)
@given(ascii_text, ascii_text | ascii_lines, ascii_text, ascii_text, ascii_text)
def test_dump_op_equals_the_emitter_on_ascii_text(
    name: str, doc: str, const: str, fn: str, arg: str
) -> None:
    op = _ascii_op(name, doc, const, fn, arg)
    assert dump_op(op) == _emitted(op)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops)
def test_dump_op_equals_the_emitter_on_any_op(op: OpConfig) -> None:
    assert dump_op(op) == _emitted(op)


@pytest.mark.parametrize(
    "text",
    [
        "- x",
        "-x",
        "?",
        "? x",
        ":x",
        "a:",
        "a: b",
        "a:b",
        "a #b",
        "a#b",
        "---x",
        "...x",
        "it's",
        "'q'",
        "yes",
        "1.5",
        "x " * 45 + "x",  # folds
        "y" * 78 + "  z",  # a double space past the width is kept
        "w" * 120,  # one word longer than the line
    ],
)
def test_dump_op_decides_plain_quoted_and_folding_like_the_emitter(text: str) -> None:
    op = _ascii_op(text, text, text, text, text)
    assert dump_op(op) == _emitted(op)


@pytest.mark.parametrize("doc", ["", " lead", "trail ", "a\tb", "é", "a \nb", "\nx", "x\n"])
def test_text_outside_the_common_layouts_is_dumped_as_the_emitter_writes_it(doc: str) -> None:
    op = _with_doc(doc)
    assert dump_op(op) == _emitted(op)
