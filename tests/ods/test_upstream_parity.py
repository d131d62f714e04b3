"""gen-ods against `mlir-linalg-ods-yaml-gen-22` (byte for byte) and `mlir-tblgen-22` (accepts it).

Both tools are black-box oracles from Debian's MLIR 22 packages; without them
these tests skip. Inputs: the shared reference library, our own opspecs, a
corpus of hand-written configs exercising every part of the format, and
configs hypothesis derives from the libraries by renaming, re-documenting and
re-defaulting their parts.
"""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st
from reference_corpus import REFERENCE, UPSTREAM

from linalg_odsgen.model import FN_NAMES, OpConfig, OperandDef, OpLibrary
from linalg_odsgen.ods import generate
from linalg_odsgen.ods.reading import read_library
from linalg_odsgen.safety.text import doc_hazards
from linalg_odsgen.validation import load_valid_library
from linalg_odsgen.validation.reserved import keyword_clash
from linalg_odsgen.yaml_io import dump_library

YAML_GEN = shutil.which("mlir-linalg-ods-yaml-gen-22")
TBLGEN = shutil.which("mlir-tblgen-22")
MLIR_INCLUDE = Path("/usr/lib/llvm-22/include")
needs_yaml_gen = pytest.mark.skipif(YAML_GEN is None, reason="mlir-linalg-ods-yaml-gen-22 absent")
needs_tblgen = pytest.mark.skipif(
    TBLGEN is None or not (MLIR_INCLUDE / "mlir/Dialect/Linalg/IR/LinalgStructuredOps.td").exists(),
    reason="mlir-tblgen-22 or libmlir-22-dev headers absent",
)

ROOT = Path(__file__).resolve().parents[2]
CORPUS = sorted((ROOT / "tests" / "data" / "ods").glob("*.yaml"))

# Our core library also defines ops (matmul, ...) that Linalg's .td declares natively.
UPSTREAM_ONLY = [UPSTREAM] if UPSTREAM else []


def upstream(path: Path, tmp: Path) -> tuple[bytes, bytes] | None:
    """The `.td` and `.cpp.inc` bytes upstream writes for `path` (None: it crashed)."""
    assert YAML_GEN is not None
    td, inc = tmp / "upstream.td", tmp / "upstream.cpp.inc"
    proc = subprocess.run(
        [YAML_GEN, str(path), f"--o-ods-decl={td}", f"--o-impl={inc}"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    if proc.returncode < 0:  # killed by a signal: upstream's own bug, nothing to compare
        return None
    assert proc.returncode == 0 and "error" not in proc.stderr, proc.stderr
    return td.read_bytes(), inc.read_bytes()


def ours(path: Path) -> tuple[bytes, bytes]:
    library, _ = read_library(path.read_bytes(), str(path))
    out = generate(library, str(path))
    return out.decl.encode(), out.impl.encode()


def assert_identical(path: Path, tmp: Path) -> bool:
    """Compare with upstream; False when upstream crashed on the file."""
    want = upstream(path, tmp)
    if want is None:
        return False
    want_td, want_inc = want
    got_td, got_inc = ours(path)
    assert got_td == want_td
    assert got_inc == want_inc
    return True


@needs_yaml_gen
@pytest.mark.parametrize(
    "path",
    [REFERENCE, ROOT / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml", *CORPUS],
    ids=lambda p: p.name,
)
def test_outputs_are_byte_identical_to_upstream(path: Path, tmp_path: Path) -> None:
    if not path.exists():
        pytest.skip(f"{path} not present")
    assert assert_identical(path, tmp_path), "upstream crashed"


# -- hypothesis: variations of real ops ------------------------------------------------


def _library_ops() -> list[OpConfig]:
    text = (ROOT / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml").read_text()
    return list(load_valid_library(text, "core_named_ops.yaml").ops)


LIBRARY = _library_ops()
DOC_TEXT = st.text(
    alphabet=st.characters(
        codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp", "Cf"), include_characters="\n\t "
    ),
    max_size=60,
).filter(lambda s: not doc_hazards(s))  # docs gen-ods refuses: tests/safety
# Reserved words are refused by our reader on purpose (they break generated code).
IDENT = st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True).filter(lambda s: not keyword_clash(s))


@st.composite
def variants(draw: st.DrawFn) -> OpConfig:
    op = draw(st.sampled_from(LIBRARY))
    doc = draw(st.none() | DOC_TEXT)
    args = []
    # Missing `default_indices` are left to the hand-written corpus: with several ops in a
    # file upstream then sometimes writes different bytes run to run (it reads memory it
    # never initialised), which no comparison can pin.
    for arg in op.structured_op.args:
        if arg.kind.is_fn_attr and draw(st.booleans()):
            names = FN_NAMES[arg.kind.fn_kind]  # type: ignore[index]
            arg = dataclasses.replace(arg, default_fn=draw(st.sampled_from(names)))
        args.append(arg)
    metadata = dataclasses.replace(op.metadata, doc=doc, name=draw(IDENT))
    return dataclasses.replace(
        op,
        metadata=metadata,
        structured_op=dataclasses.replace(op.structured_op, args=tuple(args)),
    )


@needs_yaml_gen
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    ops=st.lists(
        variants(),
        min_size=1,
        max_size=3,
        unique_by=(lambda op: op.name, lambda op: op.metadata.cpp_class_name),
    )
)
def test_variations_of_library_ops_are_byte_identical(ops: list[OpConfig], tmp_path: Path) -> None:
    path = tmp_path / "variant.yaml"
    path.write_text(dump_library(ops), encoding="utf-8")
    if not assert_identical(path, tmp_path):
        reject()  # upstream segfaults on a few of these; they prove nothing


# -- errors: where upstream refuses, so do we (and write nothing) ----------------------

MISTAKES = {
    "unknown scalar_arg": ("scalar_arg: I\n", "scalar_arg: nope\n"),
    "unknown iterator": ("  - parallel\n", "  - window\n"),
    "unknown key": ("  doc: d\n", "  doc: d\n  bogus: 1\n"),
    "bad affine map": ("- affine_map<(d0)[s0] -> (d0)>", "- affine_map<(d0)[s0] -> (d9)>"),
    "no assignment": ("    arg: O\n", "    arg: I\n"),
    # upstream prints `error: missing function attribute` and still exits 0
    "unknown fn attribute": (
        "      scalar_arg: I\n",
        "      scalar_fn:\n        kind: unary\n        attr_name: nope\n"
        "        operands:\n        - !ScalarExpression\n          scalar_arg: I\n",
    ),
}

BASE = """--- !LinalgOpConfig
metadata: !LinalgOpMetadata
  name: copy_like
  cpp_class_name: CopyLikeOp
  doc: d
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


@needs_yaml_gen
@pytest.mark.parametrize("mistake", sorted(MISTAKES))
def test_files_upstream_rejects_are_rejected_with_a_position(mistake: str, tmp_path: Path) -> None:
    old, new = MISTAKES[mistake]
    assert old in BASE
    path = tmp_path / "bad.yaml"
    path.write_text(BASE.replace(old, new, 1))
    assert YAML_GEN is not None
    proc = subprocess.run(
        [YAML_GEN, str(path), f"--o-impl={tmp_path / 'u.inc'}"], capture_output=True, text=True
    )
    assert proc.returncode != 0 or "error" in proc.stderr  # the oracle refuses it too
    out = tmp_path / "ours.inc"
    cli = subprocess.run(
        ["linalg-ods-gen", "gen-ods", str(path), f"--o-impl={out}"],
        capture_output=True,
        text=True,
    )
    assert cli.returncode == 1
    assert f"{path}:" in cli.stderr and "Traceback" not in cli.stderr
    assert not out.exists()


# -- tblgen accepts the .td where MLIR includes it -------------------------------------


def tblgen_accepts(td_text: str, tmp: Path) -> None:
    """Run -gen-op-decls and -gen-op-defs on Linalg's structured-ops .td with ours included."""
    assert TBLGEN is not None
    inc_dir = tmp / "mlir" / "Dialect" / "Linalg" / "IR"
    inc_dir.mkdir(parents=True, exist_ok=True)
    (inc_dir / "LinalgNamedStructuredOps.yamlgen.td").write_text(td_text)
    main = tmp / "LinalgStructuredOps.td"
    shutil.copy(MLIR_INCLUDE / "mlir/Dialect/Linalg/IR/LinalgStructuredOps.td", main)
    for action in ("-gen-op-decls", "-gen-op-defs"):
        proc = subprocess.run(
            [TBLGEN, action, "-I", str(tmp), "-I", str(MLIR_INCLUDE), str(main)],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert proc.returncode == 0, proc.stderr[-2000:]


@needs_tblgen
@pytest.mark.parametrize("path", [*UPSTREAM_ONLY, *CORPUS], ids=lambda p: p.name)
def test_tblgen_accepts_the_td_included_as_linalg_includes_it(path: Path, tmp_path: Path) -> None:
    if not path.exists():
        pytest.skip(f"{path} not present")
    library, _ = read_library(path.read_bytes(), str(path))
    tblgen_accepts(generate(library).decl, tmp_path)


@needs_tblgen
def test_tblgen_accepts_ops_of_our_library_beside_linalgs_own(tmp_path: Path) -> None:
    # Ops MLIR 22 defines in LinalgStructuredOps.td itself (matmul, ...) would clash.
    defined = (MLIR_INCLUDE / "mlir/Dialect/Linalg/IR/LinalgStructuredOps.td").read_text()
    ops = [op for op in LIBRARY if f"def {op.metadata.cpp_class_name} " not in defined]
    tblgen_accepts(generate(OpLibrary(tuple(ops))).decl, tmp_path)


def test_operand_defs_keep_their_order() -> None:
    # The variants above rely on replace() keeping declaration order.
    op = LIBRARY[0]
    assert [a.name for a in op.structured_op.args] == [
        a.name for a in dataclasses.replace(op.structured_op).args
    ]
    assert isinstance(op.structured_op.args[0], OperandDef)
