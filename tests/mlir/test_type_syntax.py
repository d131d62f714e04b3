"""Operand types parse from and print to MLIR's spelling, with precise errors."""

from __future__ import annotations

import pytest

from linalg_odsgen.mlir.type_syntax import (
    TypeSyntaxError,
    parse_type_parts,
    print_shape,
    print_type,
    spell_type,
    static_shape,
)
from linalg_odsgen.types import F32, I1, I8, I32, INDEX


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("memref<4x?xf32>", ("memref", (4, None), F32)),
        ("tensor<2x3xi8>", ("tensor", (2, 3), I8)),
        ("tensor<f32>", ("tensor", (), F32)),
        ("memref<?xi1>", ("memref", (None,), I1)),
        ("memref<0x5xindex>", ("memref", (0, 5), INDEX)),
        ("i32", (None, (), I32)),
        ("  f32 ", (None, (), F32)),
    ],
)
def test_types_parse_into_kind_shape_element(text: str, expected) -> None:
    assert parse_type_parts(text) == expected


@pytest.mark.parametrize(
    ("text", "column", "fragment"),
    [
        ("memref<4x?xf33>", 12, "unknown element type 'f33'"),
        ("memref<4xax f32>", 10, "invalid dimension 'a'"),
        ("memref[4xf32]", 7, "expected '<'"),
        ("tensor<4xf32", 13, "expected '>'"),
        ("tensor<4x>", 10, "expected an element type"),
        ("vector<4xf32>", 1, "unknown type 'vector<4xf32>'"),
        ("", 1, "expected a type"),
        ("memref<04xf32>", 8, "leading zeros"),
    ],
)
def test_bad_types_report_column_and_reason(text: str, column: int, fragment: str) -> None:
    with pytest.raises(TypeSyntaxError) as info:
        parse_type_parts(text)
    assert info.value.column == column
    assert fragment in str(info.value)


def test_shapes_and_element_types_print_in_mlir_spelling() -> None:
    assert print_shape((4, None, 2)) == "4x?x2x"
    assert print_shape(()) == ""
    assert print_type(I8) == "i8"


def test_type_parts_spell_like_the_types_they_make() -> None:
    assert spell_type("memref", (4, None), F32) == "memref<4x?xf32>"
    assert spell_type("tensor", (), I8) == "tensor<i8>"
    assert spell_type(None, (), I32) == "i32"  # a scalar operand: the bare element type


def test_static_shape_refuses_dynamic_sizes() -> None:
    assert static_shape((3, 0, 5)) == (3, 0, 5)
    assert static_shape(()) == ()
    with pytest.raises(ValueError, match=r"3x\? has dynamic sizes"):
        static_shape((3, None))


def test_dimension_sizes_beyond_int64_are_refused() -> None:
    import pytest as _pytest

    from linalg_odsgen.mlir.type_syntax import TypeSyntaxError, parse_type_parts

    with _pytest.raises(TypeSyntaxError, match="does not fit in 64 bits"):
        parse_type_parts("memref<99999999999999999999xf32>")
    assert parse_type_parts("memref<9223372036854775807xf32>")[1] == (2**63 - 1,)
