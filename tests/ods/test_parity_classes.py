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
    parts = []
    for _ in range(rng.randint(0, 5)):
        parts.append(rng.choice(PIECES))
        if rng.random() < 0.7:
            parts.append(rng.choice(WORDS))
    return "".join(parts)


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
