"""Arbitrary text (all of Unicode, CR, NUL, quotes, brackets, backslashes) in every string field
of an op and of the gen-dialect command: either a diagnostic refuses it, or mlir-tblgen-22
reads the project and, in every C++ file it or we write, the attacker's text is only inside
literals or comments (g++'s preprocessor decides what a comment is). The same for gen-ods'
own bytes, placed where the dialect includes them."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from generated_code import (
    code_outside_comments,
    needs_gxx,
    needs_tblgen,
    outside_literals,
    tblgen,
)
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from linalg_odsgen.diagnostics import DiagnosticError
from linalg_odsgen.dialect import generate_dialect
from linalg_odsgen.model import OpConfig, OpLibrary, ScalarConst, ScalarFn
from linalg_odsgen.ods import generate as generate_ods
from linalg_odsgen.validation import load_valid_library, validate_op

MARK = "zq_attacker_mark"
# A fill (scalar input: MLIR refuses FillOpInterface on anything else) whose every
# string field the test replaces in turn.
BASE = """--- !LinalgOpConfig
metadata: !LinalgOpMetadata
  name: hostile
  cpp_class_name: HostileOp
  doc: d
  implements:
  - LinalgFillOpInterface
  defines:
  - hasCanonicalizer
structured_op: !LinalgStructuredOpConfig
  args:
  - !LinalgOperandDefConfig
    name: I
    kind: scalar
    type_var: T
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
  - !LinalgOperandDefConfig
    name: fun
    kind: binary_fn_attr
    default_fn: add
  indexing_maps: !LinalgIndexingMapsConfig
    static_indexing_maps:
    - affine_map<(d0)[s0, s1, s2] -> ()>
    - affine_map<(d0)[s0, s1, s2] -> (d0)>
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
          scalar_const: '1 : i32'
"""
BASE_OP = load_valid_library(BASE, "base.yaml").ops[0]

SPECIALS = ["}]", "[{", "\r", "\n", "\r\n", "\\", '"', "'", "\x00", "??/", "*/", "/*", "//"]
SPECIALS += ["#", "$", ";", "`", "\u2028", "\x85", "\ufeff", "\ud800", " ", MARK]
ANY_TEXT = st.lists(
    st.one_of(
        st.sampled_from(SPECIALS),
        st.text(st.characters(exclude_categories=()), max_size=3),  # surrogates included
    ),
    max_size=10,
).map("".join)
# Names close to valid ones probe the name rules (keywords, records, macros, ODS names).
NAMEISH = st.one_of(
    st.sampled_from(["Value", "AnyType", "assert", "inputs", "operation", "int", "linux", "x"]),
    st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,8}", fullmatch=True),
    ANY_TEXT,
)
FIELDS = (
    "name",
    "cpp_class_name",
    "implements",
    "defines",
    "attribute",
    "scalar_const",
    "type_var",
    "default_fn",
    "dialect",
    "namespace",
)


def _with(op: OpConfig, field: str, value: str) -> OpConfig:
    meta, so = op.metadata, op.structured_op
    if field == "name":
        meta = dataclasses.replace(meta, name=value)
    elif field == "cpp_class_name":
        meta = dataclasses.replace(meta, cpp_class_name=value)
    elif field == "implements":
        meta = dataclasses.replace(meta, implements=(value,))
    elif field == "defines":
        meta = dataclasses.replace(meta, defines=(value,))
    elif field == "attribute":  # the index attribute
        args = [dataclasses.replace(a, name=value) if a.name == "strides" else a for a in so.args]
        so = dataclasses.replace(so, args=tuple(args))
    elif field == "type_var":
        args = [dataclasses.replace(a, type_var=value) if a.name == "I" else a for a in so.args]
        so = dataclasses.replace(so, args=tuple(args))
    elif field == "default_fn":
        args = [dataclasses.replace(a, default_fn=value) if a.name == "fun" else a for a in so.args]
        so = dataclasses.replace(so, args=tuple(args))
    elif field == "scalar_const":
        fn = so.assignments[0].value
        assert isinstance(fn, ScalarFn)
        fn = dataclasses.replace(fn, operands=(fn.operands[0], ScalarConst(value)))
        so = dataclasses.replace(
            so, assignments=(dataclasses.replace(so.assignments[0], value=fn),)
        )
    return dataclasses.replace(op, metadata=meta, structured_op=so)


def assert_inert_project(files: dict[str, str], tmp: Path, name: str) -> None:
    for path, text in files.items():
        target = tmp / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")  # fails on anything UTF-8 cannot hold
        assert "\r" not in text and "\x00" not in text, path
    cmake = files["CMakeLists.txt"]
    assert all(line.startswith("#") for line in cmake.splitlines() if MARK in line)
    prefix = "".join(p[:1].upper() + p[1:] for p in name.split("_") if p)
    made = tblgen(
        tmp / "include" / name / f"{prefix}Ops.td",
        [tmp / "include"],
        "-gen-op-decls",
        "-gen-op-defs",
        "-gen-dialect-decls",
        "-gen-dialect-defs",
        dialect=name,
    )
    own = [text for path, text in files.items() if path.endswith((".cpp", ".h", ".inc"))]
    for cpp in [*made.values(), *own]:
        assert MARK not in outside_literals(code_outside_comments(cpp))


@st.composite
def hostile_cases(draw: st.DrawFn) -> tuple[OpConfig, str, str | None, str, str]:
    op = dataclasses.replace(
        BASE_OP,
        metadata=dataclasses.replace(BASE_OP.metadata, doc=draw(ANY_TEXT) + MARK + draw(ANY_TEXT)),
    )
    name, namespace = "hostile_ops", None
    field = draw(st.sampled_from((*FIELDS, None)))
    if field is not None:
        # names become code when they are valid: no mark in them, but anything that is not
        # an identifier must be refused (check_case)
        value = draw(NAMEISH.filter(lambda s: MARK not in s))
        if field == "dialect":
            name = value
        elif field == "namespace":
            namespace = value
        else:
            op = _with(op, field, value)
    source = draw(ANY_TEXT) + MARK + draw(ANY_TEXT)
    output = draw(ANY_TEXT) + MARK
    return op, name, namespace, source, output


def check_case(case: tuple[OpConfig, str, str | None, str, str], tmp: Path) -> str:
    """Run one case; what happened: 'refused' or 'written'."""
    op, name, namespace, source, output = case
    if any(d.is_error for d in validate_op(op)):
        return "refused"  # validate refuses it: no generator ever sees it
    library = OpLibrary((op,))
    try:
        files, _ = generate_dialect(library, name, namespace, [source], output)
    except DiagnosticError:
        return "refused"
    names = [name, op.metadata.cpp_class_name, *op.metadata.implements]
    names += [a.name for a in op.structured_op.args] + [*(namespace or "").split("::")]
    assert all(re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", n) for n in names if n), names
    texts = {f.path: f.text for f in files}
    assert_inert_project(texts, tmp / "dialect", name)
    try:
        ods = generate_ods(library, source)
    except DiagnosticError:
        return "written"
    # gen-ods' own bytes, where the dialect (like MLIR's Linalg build) includes them
    decl = next(p for p in texts if p.endswith(".yamlgen.td"))
    impl = next(p for p in texts if p.endswith(".yamlgen.cpp.inc"))
    assert_inert_project({**texts, decl: ods.decl, impl: ods.impl}, tmp / "ods", name)
    return "written"


FIXTURE_OK = [HealthCheck.function_scoped_fixture]


@needs_tblgen
@needs_gxx
@settings(max_examples=4, derandomize=True, deadline=None, suppress_health_check=FIXTURE_OK)
@given(case=hostile_cases())
def test_hostile_text_is_refused_or_inert_few(case, tmp_path_factory) -> None:
    event(check_case(case, tmp_path_factory.mktemp("case")))


@needs_tblgen
@needs_gxx
@pytest.mark.slow
@settings(max_examples=150, derandomize=True, deadline=None, suppress_health_check=FIXTURE_OK)
@given(case=hostile_cases())
def test_hostile_text_is_refused_or_inert_many(case, tmp_path_factory) -> None:
    event(check_case(case, tmp_path_factory.mktemp("case")))


@needs_tblgen
@needs_gxx
def test_the_hostile_doc_and_paths_alone_are_written_inertly(tmp_path: Path) -> None:
    # the fixed worst case, so the default run always exercises the 'written' branch
    doc = f"a}}] let x = [{{ {MARK} }}]\r{MARK}\\\n\nb\x00{MARK} \\"
    op = dataclasses.replace(BASE_OP, metadata=dataclasses.replace(BASE_OP.metadata, doc=doc))
    case = (op, "hostile_ops", None, f'p"\r\n{MARK}\\', f"o\\\n{MARK}")
    assert check_case(case, tmp_path) == "written"
