"""gen-ods against `mlir-linalg-ods-yaml-gen-22`, class by class, on seeded variants.

Each class is a way files differ from the ones upstream's own build feeds it:
how docs are spelled (leading blank lines, CRLF and CR line ends, folded
scalars), which `defines` are listed, which YAML tags are present. Every
variant is generated from a seed, so a failure names a reproducible file.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from ods_oracle import assert_parity, needs_yaml_gen

from linalg_odsgen.safety.text import doc_hazards

ROOT = Path(__file__).resolve().parents[2]
RICH = (ROOT / "tests" / "data" / "ods_variants" / "rich_op.yaml").read_text()
RICH_BODY = RICH[RICH.index("--- ") :]
VARIANTS = 12  # ops per file; several files per class


def _op(rng: random.Random, i: int, *, doc: str | None, defines: str | None = None) -> str:
    text = RICH_BODY.replace("name: rich_op", f"name: op_{i}").replace(
        "cpp_class_name: RichOp", f"cpp_class_name: Op{i}Op"
    )
    meta_extra = "" if doc is None else doc
    if defines is not None:
        meta_extra += f"  defines: {defines}\n"
    return text.replace("  doc: Rich.\n", meta_extra)


# -- 1. docs: trimmed before the summary is split off ----------------------------------

PIECES = ["", " ", "  ", "\t", "\n", "\n\n", "\n\n\n", " \n \n", "\r\n", "\v", "\f", "\r"]
WORDS = ["Summary.", "Two words", "x", "Description line", "- item", "a:b"]


def _random_doc(rng: random.Random) -> str:
    """Text, blank lines and whitespace; a CR or control character may only sit where
    the trim removes it (inside the doc gen-ods refuses it: tests/safety)."""
    while True:
        parts = []
        for _ in range(rng.randint(0, 5)):
            parts.append(rng.choice(PIECES))
            if rng.random() < 0.7:
                parts.append(rng.choice(WORDS))
        doc = "".join(parts)
        if not doc_hazards(doc.strip(" \t\n\v\f\r")):
            return doc


def _block_doc(rng: random.Random) -> str:
    """A `|` or `>` block scalar, lines indented, some blank, some more indented."""
    style = rng.choice([">", "|", ">-", "|-", ">+", "|+"])
    lines = []
    for _ in range(rng.randint(1, 6)):
        kind = rng.random()
        if kind < 0.3:
            lines.append("")
        elif kind < 0.45:
            lines.append("      " + rng.choice(WORDS))
        else:
            lines.append("    " + rng.choice(WORDS))
    if not any(ln.strip() for ln in lines):
        lines.append("    x")
    return f"  doc: {style}\n" + "".join(ln + "\n" for ln in lines)


def _doc_file(seed: int) -> str:
    rng = random.Random(seed)
    ops = []
    for i in range(VARIANTS):
        quoted = rng.random() < 0.5
        doc = f"  doc: {json.dumps(_random_doc(rng))}\n" if quoted else _block_doc(rng)
        ops.append(_op(rng, i, doc=doc))
    return "".join(ops)


@needs_yaml_gen
@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
@pytest.mark.parametrize("seed", range(4))
def test_docs_split_after_trimming_as_upstream_does(
    seed: int, newline: str, tmp_path: Path
) -> None:
    path = tmp_path / "docs.yaml"
    path.write_bytes(_doc_file(seed).replace("\n", newline).encode())
    assert assert_parity(path, tmp_path) is not None


# -- 2. defines: every entry becomes a `let` -------------------------------------------

DEFINES = [
    "hasCanonicalizer",
    "hasVerifier",
    "hasFolder",
    "hasRegionVerifier",
    "hasCanonicalizeMethod",
    "skipDefaultBuilders",
    "fooBar",
    "x_1",
]


@needs_yaml_gen
@pytest.mark.parametrize("seed", range(3))
def test_every_defines_entry_is_written_as_upstream_writes_it(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    ops = []
    for i in range(VARIANTS):
        chosen = [rng.choice(DEFINES) for _ in range(rng.randint(0, 4))]
        ops.append(_op(rng, i, doc="  doc: d\n", defines=f"[{', '.join(chosen)}]"))
    path = tmp_path / "defines.yaml"
    path.write_text("".join(ops))
    got = assert_parity(path, tmp_path)
    assert got is not None
    unknown = {d for d in DEFINES if not d.startswith(("has", "skip"))}
    text = path.read_text()
    if any(f"{u}" in text for u in unknown):
        assert any("not a field of TableGen's Op" in w.message for w in got.warnings)


# -- 3. tags: upstream reads the tree whatever its tags say ----------------------------

TAG = re.compile(r" !(Linalg|Scalar)\w+")
OTHER_TAGS = ["", " !Foo", " !!map", " !LinalgOpConfig", " !ScalarAssign", " !<tag:x>"]


@needs_yaml_gen
@pytest.mark.parametrize("seed", range(4))
def test_tags_are_ignored_as_upstream_ignores_them(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    ops = []
    for i in range(VARIANTS):
        op = _op(rng, i, doc="  doc: d\n")
        mode = rng.random()  # keep most, drop most, or replace most tags

        def retag(m: re.Match[str], mode: float = mode) -> str:
            if mode < 0.2 or rng.random() < 0.3:
                return m.group(0)
            return "" if mode < 0.5 else rng.choice(OTHER_TAGS)

        op = TAG.sub(retag, op)
        # an untagged list item is written `- name: ...` (LLVM misreads a bare `-` line)
        ops.append(re.sub(r"-\n +", "- ", op))
    path = tmp_path / "tags.yaml"
    path.write_text("".join(ops))
    got = assert_parity(path, tmp_path)
    assert got is not None
    if "!Foo" in path.read_text():
        assert any("must be tagged" in w.message for w in got.warnings)


# -- 4. what upstream accepts, gen-ods accepts: validate's runtime rules are warnings ----

INVALID = sorted((ROOT / "tests" / "data" / "invalid").glob("*.yaml"))
# Names that are not identifiers reach generated code unquoted: refused on purpose.
REFUSED_ON_PURPOSE = {"schema_cpp_class_name_not_identifier", "schema_op_name_not_identifier"}


@needs_yaml_gen
@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_files_validate_refuses_are_generated_exactly_when_upstream_accepts_them(
    path: Path, tmp_path: Path
) -> None:
    if path.stem in REFUSED_ON_PURPOSE:
        pytest.skip("refused on purpose")
    got = assert_parity(path, tmp_path)
    if got is not None and got.accepted and not path.stem.startswith("yaml_"):
        # validate refuses every file of this corpus: gen-ods says why, at a line
        assert any(w.line > 0 for w in got.warnings), path.stem


# Seeded mutations of one rich op, each a defect some validate rule refuses.
R = "(d0, d1)[s0, s1, s2, s3]"
CALL = (
    "scalar_arg: O\n        - !ScalarExpression\n          scalar_fn:\n            kind: binary\n"
)
MUTATIONS: dict[str, tuple[str, str]] = {
    "size symbol in a map": (f"{R} -> (d0)>\n  iterator", f"{R} -> (d0 + s0 - s0)>\n  iterator"),
    "shape size bound by an attribute": (
        "-> (s1)>\n  - !LinalgOperandDefConfig\n    name: S",
        "-> (s2)>\n  - !LinalgOperandDefConfig\n    name: S",
    ),
    "reduction dim in the output": (f"{R} -> (d0)>\n  iterator", f"{R} -> (d1)>\n  iterator"),
    "boolean constant": (CALL, CALL.replace("scalar_arg: O", "scalar_const: 'true'")),
    "constant without type": (CALL, CALL.replace("scalar_arg: O", "scalar_const: '7'")),
    "int constant too wide": (CALL, CALL.replace("scalar_arg: O", "scalar_const: '300 : i8'")),
    "index out of range": (CALL, CALL.replace("scalar_arg: O", "scalar_index: 7")),
    "scalar_arg names an attribute": (CALL, CALL.replace("scalar_arg: O", "scalar_arg: strides")),
    "loop range not derivable": (
        f"{R} -> (d1)>\n    - affine_map<{R} -> ()>",
        f"{R} -> (d1 * 2)>\n    - affine_map<{R} -> ()>",
    ),
    "map with more dims": (
        f"- affine_map<{R} -> ()>",
        "- affine_map<(d0, d1, d2)[s0, s1, s2, s3] -> ()>",
    ),
    "negative divisor": ("-> (d0 * s2 + d1)>", "-> (d0 * s2 + d1 floordiv -2)>"),
    "too many default indices": (
        "    default_indices:\n    - 1\n",
        "    default_indices:\n    - 1\n    - 2\n",
    ),
    "unknown function": ("fn_name: add", "fn_name: frobnicate"),
    "attribute of another kind": (
        "kind: binary_fn_attr\n    default_fn: mul",
        "kind: unary_fn_attr\n    default_fn: exp",
    ),
    "three operands": (
        "              scalar_arg: K\n",
        "              scalar_arg: K\n            - !ScalarExpression\n              scalar_arg: K\n",
    ),
    "tensor without shape_map": (
        "    type_var: T2\n    shape_map: affine_map<()[s0, s1, s2, s3] -> (s1)>\n",
        "    type_var: T2\n",
    ),
    "fields of other kinds on a tensor": (
        "    type_var: T2\n    shape_map: affine_map<()[s0, s1, s2, s3] -> (s1)>\n",
        "    type_var: T2\n    shape_map: affine_map<()[s0, s1, s2, s3] -> (s1)>\n"
        "    index_attr_map: affine_map<()[s0, s1, s2, s3] -> (s3)>\n"
        "    default_indices: [1, 2]\n    default_fn: exp\n",
    ),
    "fields of other kinds on an attribute": (
        "    default_fn: mul\n",
        "    default_fn: mul\n    shape_map: affine_map<()[s0, s1, s2, s3] -> (s1)>\n"
        "    type_var: T1\n    default_indices: [3]\n",
    ),
    "function attribute first": (
        "  args:\n",
        "  args:\n  - !LinalgOperandDefConfig\n    name: fun2\n    kind: binary_fn_attr\n    default_fn: sub\n",
    ),
    "index attribute first": (
        "  args:\n",
        "  args:\n  - !LinalgOperandDefConfig\n    name: pads\n    kind: index_attr\n    index_attr_map: affine_map<()[s0, s1, s2, s3] -> (s3)>\n    default_indices:\n    - 0\n",
    ),
    "two attributes bind one symbol": (
        "  - !LinalgOperandDefConfig\n    name: fun\n",
        "  - !LinalgOperandDefConfig\n    name: strides2\n    kind: index_attr\n"
        "    index_attr_map: affine_map<()[s0, s1, s2, s3] -> (s2)>\n    default_indices:\n"
        "    - 3\n  - !LinalgOperandDefConfig\n    name: fun\n",
    ),
}


# An operand without type_var is left out of the combinations: with several ops in a
# file upstream then reads a type variable it never set (bytes change run to run).
SCALAR_WITHOUT_TYPE_VAR = ("    kind: scalar\n    type_var: T2\n", "    kind: scalar\n")


@needs_yaml_gen
def test_operand_without_type_var_alone_in_its_file(tmp_path: Path) -> None:
    old, new = SCALAR_WITHOUT_TYPE_VAR
    path = tmp_path / "no_type_var.yaml"
    path.write_text(_op(random.Random(0), 0, doc="  doc: d\n").replace(old, new, 1))
    got = assert_parity(path, tmp_path)
    assert got is not None and got.accepted and got.warnings


@needs_yaml_gen
@pytest.mark.parametrize("seed", range(4))
def test_combinations_of_runtime_defects_give_upstreams_bytes_and_warnings(
    seed: int, tmp_path: Path
) -> None:
    rng = random.Random(seed)
    ops = []
    for i in range(VARIANTS):
        op = _op(rng, i, doc="  doc: d\n")
        for name in rng.sample(sorted(MUTATIONS), rng.randint(1, 3)):
            old, new = MUTATIONS[name]
            if old in op:
                op = op.replace(old, new, 1)
        ops.append(op)
    path = tmp_path / "defects.yaml"
    path.write_text("".join(ops))
    got = assert_parity(path, tmp_path)
    assert got is not None and got.accepted
    assert got.warnings


# -- 5. upstream's quirks: its bytes, and a warning ------------------------------------


@needs_yaml_gen
@pytest.mark.parametrize("seed", range(3))
def test_attributes_before_operands_number_block_arguments_as_upstream_and_warn(
    seed: int, tmp_path: Path
) -> None:
    rng = random.Random(seed)
    ops = []
    for i in range(VARIANTS):
        op = _op(rng, i, doc="  doc: d\n")
        head, _, rest = op.partition("  args:\n")
        items = [
            "  - !LinalgOperandDefConfig\n" + t
            for t in rest.split("  indexing_maps:")[0].split("  - !LinalgOperandDefConfig\n")[1:]
        ]
        tail = "  indexing_maps:" + rest.split("  indexing_maps:", 1)[1]
        rng.shuffle(items)
        # outputs after inputs (upstream's own rule of thumb); attributes anywhere
        values = [t for t in items if "_attr" not in t and "kind: output" not in t]
        values += [t for t in items if "kind: output" in t]
        attrs = [t for t in items if "_attr" in t]
        order = list(values)
        for attr in attrs:
            order.insert(rng.randint(0, len(order)), attr)
        ops.append(head + "  args:\n" + "".join(order) + tail)
    path = tmp_path / "order.yaml"
    path.write_text("".join(ops))
    got = assert_parity(path, tmp_path)
    assert got is not None and got.accepted
    early = [w for w in got.warnings if "is declared before operand" in w.message]
    assert all(w.line > 0 for w in early)
    assert len(early) == sum(
        1
        for op in path.read_text().split("--- ")[1:]
        for attr in re.findall(r"name: (\w+)\n    kind: \w+_attr", op)
        if re.search(rf"name: {attr}\n(.|\n)*kind: (input_tensor|scalar|output_tensor)", op)
    )


# -- YAML spellings of a value: LLVM's reader is the reference --------------------------

SPELLINGS = {
    "plain over lines": "  doc: Summary line\n    continues here\n\n    Desc para\n",
    "single quoted over lines": "  doc: 'Summary ''q''\n    more\n\n    desc'\n",
    "double quoted escapes": '  doc: "A\\x41\\u00e9\\N\\_\\L\\P\\t\\\\ end\\\n    cont"\n',
    "double quoted over lines": '  doc: "Sum\n    more\n\n\n    desc  "\n',
    "literal keep": "  doc: |+\n    Sum\n\n    Desc\n\n\n",
    "folded strip": "  doc: >-\n    Sum\n    x\n\n\n    Desc\n",
    "folded with tabs": "  doc: >\n    Sum\ttab\n    \tmore\n\n    Desc\n",
    "comment after": "  doc: Sum # a comment\n",
    "null spelled": "  doc: null\n",
    "empty quoted": '  doc: ""\n',
    "empty doc": "  doc:\n",
    "empty implements": "  doc: d\n  implements:\n",
    "empty defines": "  doc: d\n  defines:\n",
    "indentation indicator": "  doc: |2\n      Sum\n\n      Desc\n",
    "folded indentation indicator": "  doc: >-1\n     Sum\n",
}


@needs_yaml_gen
@pytest.mark.parametrize("newline", ["\n", "\r\n"], ids=["lf", "crlf"])
@pytest.mark.parametrize("spelling", sorted(SPELLINGS))
def test_each_yaml_spelling_reads_as_llvm_reads_it(
    spelling: str, newline: str, tmp_path: Path
) -> None:
    text = _op(random.Random(0), 0, doc=SPELLINGS[spelling])
    path = tmp_path / "spelling.yaml"
    path.write_bytes(text.replace("\n", newline).encode())
    assert assert_parity(path, tmp_path) is not None


# -- any damage: deleting lines makes files upstream accepts or rejects -----------------


@needs_yaml_gen
@pytest.mark.parametrize("seed", range(2))
def test_files_with_deleted_lines_are_accepted_exactly_when_upstream_accepts_them(
    seed: int, tmp_path: Path
) -> None:
    rng = random.Random(seed)
    source = RICH_BODY.splitlines(keepends=True)
    for _ in range(40):
        lines = list(source)
        for _ in range(rng.randint(1, 2)):
            del lines[rng.randrange(1, len(lines))]
        path = tmp_path / "damaged.yaml"
        path.write_text("".join(lines))
        assert_parity(path, tmp_path)
