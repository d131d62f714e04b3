"""gen-dialect and gen-ods under hostile input: user text stays inert (checked by mlir-tblgen-22
and g++'s preprocessor), names that cannot build are errors before anything is written, and
no run leaves part of its output or writes outside its directory."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from generated_code import (
    code_outside_comments,
    needs_gxx,
    needs_tblgen,
    outside_literals,
    tblgen,
)

from linalg_odsgen.cli import main

MARK = "attacker_marker_7"
BASE = """--- !LinalgOpConfig
metadata: !LinalgOpMetadata
  name: copy_like
  cpp_class_name: CopyLikeOp
  doc: A copy.
structured_op: !LinalgStructuredOpConfig
  args:
  - !LinalgOperandDefConfig
    name: I
    kind: input_tensor
    type_var: T
    shape_map: affine_map<()[s0, s1, s2] -> (s0)>
  - !LinalgOperandDefConfig
    name: O
    kind: output_tensor
    type_var: T
    shape_map: affine_map<()[s0, s1, s2] -> (s1)>
  - !LinalgOperandDefConfig
    name: strides
    kind: index_attr
    index_attr_map: affine_map<()[s0, s1, s2] -> (s2)>
    default_indices:
    - 1
  indexing_maps: !LinalgIndexingMapsConfig
    static_indexing_maps:
    - affine_map<(d0)[s0, s1, s2] -> (d0 * s2)>
    - affine_map<(d0)[s0, s1, s2] -> (d0)>
  iterator_types:
  - parallel
  assignments:
  - !ScalarAssign
    arg: O
    value: !ScalarExpression
      scalar_fn:
        kind: binary
        fn_name: add
        operands:
        - !ScalarExpression
          scalar_arg: I
        - !ScalarExpression
          scalar_const: '1 : i32'
"""


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def write(tmp: Path, text: str, name: str = "ops.yaml") -> Path:
    path = tmp / name
    path.write_bytes(text.encode("utf-8"))
    return path


def files_under(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


def generated_cpp(out: Path, name: str) -> list[str]:
    """Every C++ text the project compiles: its own files and what mlir-tblgen-22 makes of
    its .td (which must parse)."""
    prefix = "".join(p.capitalize() for p in name.split("_"))
    td = out / "include" / name / f"{prefix}Ops.td"
    made = tblgen(
        td,
        [out / "include"],
        "-gen-op-decls",
        "-gen-op-defs",
        "-gen-dialect-decls",
        "-gen-dialect-defs",
        dialect=name,
    )
    own = [p.read_text() for p in out.rglob("*") if p.suffix in (".cpp", ".h", ".inc")]
    return [*made.values(), *own]


def assert_inert(out: Path, name: str) -> None:
    for cpp in generated_cpp(out, name):
        assert MARK not in outside_literals(code_outside_comments(cpp))


# -- 1. text reaching generated code is inert -----------------------------------------


@needs_tblgen
@needs_gxx
def test_a_path_pasted_into_tablegen_stays_a_string(tmp_path: Path) -> None:
    hostile = (
        f'x"; let extraClassDeclaration = [{{ static inline const int {MARK} = '
        f'::system("touch PWNED"); }}]; let description = "'
    )
    src = write(tmp_path, BASE, hostile)
    out = tmp_path / "proj"
    result = run("gen-dialect", str(src), "--name", "pinj", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert_inert(out, "pinj")
    decls = tblgen(
        out / "include/pinj/PinjOps.td", [out / "include"], "-gen-dialect-decls", dialect="pinj"
    )["-gen-dialect-decls"]
    assert hostile in decls  # the path is in the summary comment, verbatim


@needs_tblgen
@needs_gxx
@pytest.mark.parametrize(
    "doc",
    [
        f"Summary }}] let extraClassDeclaration = [{{ int {MARK}; }}]; let x = [{{",
        f"Summary.\r int {MARK};",
        f"Summary.\n\nDescription.\r int {MARK} = 1;",
        "Summary ends in a backslash \\",
        f"Nul \x00 and bell \x07 and {MARK}",
    ],
)
def test_docs_are_inert_in_a_dialect_and_refused_by_gen_ods(tmp_path: Path, doc: str) -> None:
    quoted = doc.replace("\\", "\\\\").replace('"', '\\"').replace("\r", "\\r")
    quoted = quoted.replace("\x00", "\\0").replace("\x07", "\\a").replace("\n", "\\n")
    src = write(tmp_path, BASE.replace("doc: A copy.", f'doc: "{quoted}"'))
    out = tmp_path / "proj"
    result = run("gen-dialect", str(src), "--name", "hostile", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert_inert(out, "hostile")
    # the class after the doc comment survives (no line splice swallowed it)
    decls = tblgen(
        out / "include/hostile/HostileOps.td", [out / "include"], "-gen-op-decls", dialect="x"
    )["-gen-op-decls"]
    assert "class CopyLikeOp;" in outside_literals(code_outside_comments(decls))
    td, inc = tmp_path / "o.td", tmp_path / "o.inc"
    result = run("gen-ods", str(src), f"--o-ods-decl={td}", f"--o-impl={inc}")
    assert result.exit_code == 1 and f"{src}:5:" in result.stderr and "unsafe doc" in result.stderr
    assert not td.exists() and not inc.exists()


@needs_gxx
def test_a_constant_with_a_line_break_is_refused_by_gen_ods_and_one_line_in_a_dialect(
    tmp_path: Path,
) -> None:
    src = write(tmp_path, BASE.replace("scalar_const: '1 : i32'", 'scalar_const: "1 :\\n i32"'))
    result = run("gen-ods", str(src), f"--o-impl={tmp_path / 'o.inc'}")
    assert result.exit_code == 1 and "scalar_const holds U+000A" in result.stderr
    assert f"{src}:41:25:" in result.stderr  # the constant's own line
    out = tmp_path / "proj"
    assert run("gen-dialect", str(src), "--name", "k", "-o", str(out)).exit_code == 0
    assert 'helper.constant("1 : i32")' in (out / "lib/KOps.yamlgen.cpp.inc").read_text()


def test_tc_docs_are_inert_too(tmp_path: Path) -> None:
    tc = tmp_path / "t.tc"
    tc.write_text(
        'def scale2(A: f32(M)) -> (C: f32(M))\n"""Doubles }] let x = [{ y\\"""\n'
        "{ C(m) = std_addf(A(m), A(m)); }\n"
    )
    out = tmp_path / "p"
    result = run("gen-dialect", str(tc), "--name", "tcops", "-o", str(out))
    assert result.exit_code == 0, result.output
    td = (out / "include/tcops/TcopsOps.yamlgen.td").read_text()
    assert "}]" not in td.split("let summary = [{", 1)[1].split("}];", 1)[0]


# -- 2. what validate accepts builds, or is an error before anything is written ---------

NAME_MISTAKES = {
    "class named like a TableGen record": (
        "cpp_class_name: CopyLikeOp",
        "cpp_class_name: AnyType",
        "is already a TableGen class or def",
    ),
    "class named like a type the C++ uses": (
        "cpp_class_name: CopyLikeOp",
        "cpp_class_name: Value",
        "generated C++ or TableGen uses",
    ),
    "class named like the dialect's own": (
        "cpp_class_name: CopyLikeOp",
        "cpp_class_name: MyOpsDialect",
        "the generated dialect defines itself",
    ),
    "class named like the C++ namespace": (
        "cpp_class_name: CopyLikeOp",
        "cpp_class_name: my_ops",
        "part of the C++ namespace",
    ),
    "class named like a TableGen keyword": (
        "cpp_class_name: CopyLikeOp",
        "cpp_class_name: defm",
        "TableGen keyword",
    ),
    "unknown interface": (
        "  doc: A copy.\n",
        "  doc: A copy.\n  implements:\n  - LinalgFooOpInterface\n",
        "unknown interface 'LinalgFooOpInterface'",
    ),
    "interface that is a TableGen def but not an op interface": (
        "  doc: A copy.\n",
        "  doc: A copy.\n  implements:\n  - AnyType\n",
        "unknown interface 'AnyType'",
    ),
    **{
        f"attribute named {n}": (
            "name: strides\n",
            f"name: {n}\n",
            "own ODS arguments",
        )
        for n in ("inputs", "outputs", "region", "result_tensors", "attributes", "properties")
    },
    "attribute whose getter the op already has": (
        "name: strides\n",
        "name: operation\n",
        "getOperation()",
    ),
    "attribute whose getter upstream misspells": (
        "name: strides\n",
        "name: my_strides\n",
        "will not compile",
    ),
}


@pytest.mark.parametrize("mistake", sorted(NAME_MISTAKES))
def test_names_that_cannot_build_are_positioned_errors_and_nothing_is_written(
    tmp_path: Path, mistake: str
) -> None:
    old, new, fragment = NAME_MISTAKES[mistake]
    assert old in BASE
    src = write(tmp_path, BASE.replace(old, new))
    assert run("validate", str(src)).exit_code == 0  # validate accepts it ...
    out = tmp_path / "proj"
    result = run("gen-dialect", str(src), "--name", "my_ops", "-o", str(out))
    assert result.exit_code == 1 and fragment in result.stderr, result.stderr
    assert result.stderr.startswith(f"{src}:"), result.stderr
    assert "Traceback" not in result.output
    assert not out.exists()


def test_gen_ods_writes_upstreams_bytes_for_names_linalg_cannot_build_but_warns(
    tmp_path: Path,
) -> None:
    src = write(
        tmp_path,
        BASE.replace("cpp_class_name: CopyLikeOp", "cpp_class_name: AnyType")
        .replace("  doc: A copy.\n", "  doc: A copy.\n  implements:\n  - LinalgFooOpInterface\n")
        .replace("name: strides\n", "name: inputs\n"),
    )
    td = tmp_path / "o.td"
    result = run("gen-ods", str(src), f"--o-ods-decl={td}")
    assert result.exit_code == 0 and td.exists()
    warnings = [line for line in result.stderr.splitlines() if ": warning: " in line]
    assert len(warnings) == 3 and all("Linalg build will not take it" in w for w in warnings)
    assert f"{src}:4:" in warnings[0] and "'AnyType'" in warnings[0]


def test_the_same_class_in_two_files_and_adaptor_clashes_are_errors(tmp_path: Path) -> None:
    a = write(tmp_path, BASE, "a.yaml")
    b = write(tmp_path, BASE.replace("name: copy_like", "name: other"), "b.yaml")
    result = run("gen-dialect", str(a), str(b), "--name", "two", "-o", str(tmp_path / "p"))
    assert result.exit_code == 1
    assert f"{b}:4:" in result.stderr and f"also the class of op 'copy_like' in {a}" in (
        result.stderr
    )
    c = write(
        tmp_path,
        BASE.replace("name: copy_like", "name: other").replace("CopyLikeOp", "CopyLikeOpAdaptor"),
        "c.yaml",
    )
    result = run("gen-dialect", str(a), str(c), "--name", "two", "-o", str(tmp_path / "p"))
    assert result.exit_code == 1 and "Adaptor class mlir-tblgen generates" in result.stderr
    assert not (tmp_path / "p").exists()


def test_tc_unknown_interface_is_an_error(tmp_path: Path) -> None:
    tc = tmp_path / "t.tc"
    tc.write_text(
        "ods_def<ScaleOp> implements_interface<LinalgBogusInterface> :\n"
        "def scale2(A: f32(M)) -> (C: f32(M)) { C(m) = std_addf(A(m), A(m)); }\n"
    )
    result = run("gen-dialect", str(tc), "--name", "tcops", "-o", str(tmp_path / "p"))
    assert result.exit_code == 1 and "unknown interface 'LinalgBogusInterface'" in result.stderr
    assert result.stderr.startswith(f"{tc}: error: [op scale2]")


# -- 3. nothing written on error, nothing outside the output ---------------------------


def _fail_on_call(monkeypatch: pytest.MonkeyPatch, n: int) -> None:
    real = os.replace
    calls = {"n": 0}

    def flaky(src, dst, *a, **k):
        calls["n"] += 1
        if calls["n"] == n:
            raise OSError(28, "No space left on device", str(dst))
        return real(src, dst, *a, **k)

    monkeypatch.setattr(os, "replace", flaky)


def test_a_failure_after_the_fourth_file_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = write(tmp_path, BASE)
    fresh = tmp_path / "fresh"
    _fail_on_call(monkeypatch, 5)
    result = run("gen-dialect", str(src), "--name", "atom", "-o", str(fresh))
    assert result.exit_code == 1 and "No space left on device" in result.stderr
    assert not fresh.exists()
    # an existing project (with a build directory) keeps every old byte
    monkeypatch.undo()
    old = tmp_path / "old"
    assert run("gen-dialect", str(src), "--name", "atom", "-o", str(old)).exit_code == 0
    (old / "build").mkdir()
    (old / "build" / "keep").write_text("x")
    (old / "CMakeLists.txt").write_text("# edited\n")
    before = files_under(old)
    src.write_text(BASE.replace("A copy.", "Another copy."))
    _fail_on_call(monkeypatch, 5)
    assert run("gen-dialect", str(src), "--name", "atom", "-o", str(old)).exit_code == 1
    assert files_under(old) == before
    assert not [p for p in old.rglob(".tmp-*")]


def test_a_symlinked_subdirectory_cannot_redirect_writes(tmp_path: Path) -> None:
    src = write(tmp_path, BASE)
    outside = tmp_path / "outside"
    outside.mkdir()
    out = tmp_path / "proj"
    out.mkdir()
    (out / "include").symlink_to(outside, target_is_directory=True)
    result = run("gen-dialect", str(src), "--name", "ln", "-o", str(out))
    assert result.exit_code == 1 and "is a symbolic link" in result.stderr
    assert list(outside.iterdir()) == []
    assert sorted(p.name for p in out.iterdir()) == ["include"]


def test_gen_ods_replaces_both_outputs_or_neither(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = write(tmp_path, BASE)
    td, inc = tmp_path / "o.td", tmp_path / "o.inc"
    td.write_text("old td")
    inc.write_text("old inc")
    _fail_on_call(monkeypatch, 2)
    result = run("gen-ods", str(src), f"--o-ods-decl={td}", f"--o-impl={inc}")
    assert result.exit_code == 1
    assert td.read_text() == "old td" and inc.read_text() == "old inc"
    monkeypatch.undo()
    # the second output's directory is missing: the first is not touched either
    result = run("gen-ods", str(src), f"--o-ods-decl={td}", f"--o-impl={tmp_path / 'no/o.inc'}")
    assert result.exit_code == 1 and td.read_text() == "old td"


def test_odd_and_non_utf8_paths_are_diagnostics_or_quoted(tmp_path: Path) -> None:
    # real processes: argv bytes that are not UTF-8 reach Python as surrogate escapes
    missing = os.fsencode(tmp_path) + b"/\xff\xfe.yaml"
    done = subprocess.run(
        [b"linalg-ods-gen", b"gen-dialect", missing, b"--name", b"x", b"-o", b"p"],
        capture_output=True,
        cwd=tmp_path,
    )
    assert done.returncode == 1 and b"cannot read file" in done.stderr
    assert b"Traceback" not in done.stderr
    odd = os.fsencode(tmp_path) + b"/a\nb\rc\\\xff.yaml"
    with open(odd, "wb") as fh:
        fh.write(BASE.encode())
    done = subprocess.run(
        [b"linalg-ods-gen", b"gen-dialect", odd, b"--name", b"x", b"-o", b"p"],
        capture_output=True,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    for path in (tmp_path / "p").rglob("*"):
        if path.is_file():
            text = path.read_bytes()
            assert b"\r" not in text and b"\xff" not in text
            head = text.split(b"\n")[:3]
            assert all(not line.endswith(b"\\") for line in head)


def test_an_empty_output_name_is_an_error_not_the_current_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = write(tmp_path, BASE)
    monkeypatch.chdir(tmp_path)
    result = run("gen-dialect", str(src), "--name", "x", "-o", "")
    assert result.exit_code == 1 and "-o needs a directory name" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ops.yaml"]


def test_a_defines_entry_tablegen_rejects_is_an_error_before_anything_is_written(
    tmp_path: Path,
) -> None:
    text = BASE.replace("  doc: A copy.\n", "  doc: A copy.\n  defines:\n  - Value\n")
    src = write(tmp_path, text)
    out = tmp_path / "proj"
    result = run("gen-dialect", str(src), "--name", "my_ops", "-o", str(out))
    assert result.exit_code == 1
    line = text.splitlines().index("  - Value") + 1
    assert f"{src}:{line}:5: error: [op copy_like] 'defines' entry 'Value' is not a field" in (
        result.output
    )
    assert not out.exists()


@needs_tblgen
def test_defines_the_dialect_does_not_implement_are_left_out_loudly(tmp_path: Path) -> None:
    text = BASE.replace(
        "  doc: A copy.\n", "  doc: A copy.\n  defines:\n  - hasVerifier\n  - hasCanonicalizer\n"
    )
    src = write(tmp_path, text)
    out = tmp_path / "proj"
    result = run("gen-dialect", str(src), "--name", "my_ops", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "warning: [op copy_like] 'defines' entry 'hasVerifier' is left out" in result.output
    td = (out / "include" / "my_ops" / "MyOpsOps.yamlgen.td").read_text()
    assert "let hasCanonicalizer = 1;" in td and "hasVerifier" not in td
    tblgen(out / "include/my_ops/MyOpsOps.td", [out / "include"], "-gen-op-decls", dialect="my_ops")
