"""Hazards of user text in generated TableGen/C++: each one is real for g++ (the oracle), and
the inert forms gen-dialect writes are not."""

from __future__ import annotations

import pytest
from generated_code import code_outside_comments, compiles, needs_gxx, outside_literals

from linalg_odsgen.safety.text import (
    const_hazard,
    doc_hazards,
    inert_const,
    inert_doc,
    tablegen_string,
)

MARK = "int attacker_code_here = 1;"

# Docs that, copied into `///` lines as mlir-tblgen copies them, leave the comment.
ESCAPING_DOCS = {
    "lone CR": f"Summary.\r{MARK}",
    "CR inside the description": f"Summary.\n\nA description\r{MARK}",
    "summary ending in a backslash": "Summary \\",
    "description ending in a backslash, then spaces": "Summary.\n\nText \\   ",
}


def as_tblgen_comment(doc: str) -> str:
    """A doc as mlir-tblgen writes it above a class: `/// ` before each line, then code."""
    lines = "".join(f"/// {line}\n" for line in doc.split("\n"))
    return f"{lines}class AfterTheComment;\n"


@needs_gxx
@pytest.mark.parametrize("name", sorted(ESCAPING_DOCS))
def test_each_refused_doc_really_escapes_a_tblgen_comment_and_its_inert_form_does_not(
    name: str,
) -> None:
    doc = ESCAPING_DOCS[name]
    code = code_outside_comments(as_tblgen_comment(doc))
    # the oracle: g++ sees the attacker's code, or loses the class declaration after it
    assert "attacker_code_here" in code or "AfterTheComment" not in code
    assert doc_hazards(doc), name
    inert = inert_doc(doc)
    assert doc_hazards(inert) == []
    code = code_outside_comments(as_tblgen_comment(inert))
    assert "attacker_code_here" not in code and "AfterTheComment" in code


def test_code_block_terminator_and_controls_are_hazards_and_inert_forms_keep_the_words() -> None:
    assert [h.offset for h in doc_hazards("a }] b")] == [2]
    assert doc_hazards("nul \x00 here") and doc_hazards("bell \x07") and doc_hazards("\ud800")
    assert inert_doc("a }] b\r\nc\x00d") == "a } ] b\nc d"
    # what upstream trims from the doc's ends never reaches the output: not a hazard
    assert doc_hazards("summary\r\n\r") == []
    assert doc_hazards("plain text, unicode \u00e9\u2028 and `code` [{ ok }") == []
    # a backslash ending an inner line splices the next `///` line: still a comment
    assert doc_hazards("Summary \\\nmore summary") == []


@needs_gxx
@pytest.mark.parametrize("const", ["1.0 :\n f32", "1 :\r i32", "2 :\r\n i8"])
def test_constants_with_line_breaks_break_the_cpp_literal_and_are_made_one_line(const: str) -> None:
    def program(text: str) -> str:
        return f'const char *c = "{text}";\nint after;\n'

    assert not compiles(program(const))  # the oracle: upstream's bytes do not compile
    assert const_hazard(const) is not None
    assert compiles(program(inert_const(const)))
    assert const_hazard(inert_const(const)) is None
    assert inert_const(const) == const.split(":")[0].strip() + " : " + const.split(":")[1].strip()


def test_other_control_characters_and_quotes_in_constants_are_refused() -> None:
    for const in ("1 :\x0bi64", "1 : i64\x00", '1 : i64"', "1 : i64\\", "1 : i\u0663"):
        assert const_hazard(const) is not None, repr(const)
    assert const_hazard("0x7F : i8") is None


@needs_gxx
def test_tablegen_string_escapes_quotes_and_backslashes() -> None:
    text = 'x"; let a = "\\'
    body = tablegen_string(text)
    # the same escapes in C++: the literal holds the text, nothing leaks out of it
    code = code_outside_comments(f'const char *s = "{body}";')
    assert "let" not in outside_literals(code)
    with pytest.raises(ValueError):
        tablegen_string("line\nbreak")
