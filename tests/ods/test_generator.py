"""The fragments of the ODS back end that follow rules rather than templates."""

from __future__ import annotations

import pytest

from linalg_odsgen.ods import getter_name, split_doc
from linalg_odsgen.ods.generator import ods_getter_name


@pytest.mark.parametrize(
    ("doc", "summary", "description"),
    [
        ("One line.", "One line.", ""),
        ("Sum.\n\nMore.\n\nEven more.", "Sum.", "More.\n\nEven more."),
        ("  padded \t\n\n\n  desc  \n", "padded", "desc"),
        ("a\nb\n\nc", "a\nb", "c"),
        ("", "", ""),
        ("x\u00a0", "x\u00a0", ""),  # LLVM trims ASCII whitespace only
        ("  \n\n  Summary.  \n\n  Description.  \n", "Summary.", "Description."),
        ("\n\n\nS\n\nD", "S", "D"),
    ],
)
def test_doc_is_trimmed_then_split_at_the_first_blank_line(
    doc: str, summary: str, description: str
) -> None:
    assert split_doc(doc) == (summary, description)


def test_getter_keeps_underscores_as_upstream_does_while_ods_camel_cases() -> None:
    assert getter_name("strides") == ods_getter_name("strides") == "getStrides"
    assert getter_name("my_strides") == "getMy_strides"
    assert ods_getter_name("my_strides") == "getMyStrides"
