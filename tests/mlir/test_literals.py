"""Scalar literals print exactly as MLIR 22 prints them."""

from __future__ import annotations

import random
import struct

import numpy as np
import pytest

from linalg_odsgen.mlir.literals import float_bits, format_float, format_scalar
from linalg_odsgen.mlir.tools import mlir_opt
from linalg_odsgen.types import BF16, F16, F32, F64, I1, I8, I32, I64, INDEX

# Expected texts were read off `mlir-opt-22` printing these constants.
MLIR_PRINTED = [
    (1.0, F64, "1.000000e+00"),
    (0.1, F32, "1.000000e-01"),
    (0.1, F64, "1.000000e-01"),
    (2.3283063999999999e-10, F64, "2.3283063999999999E-10"),
    (0.0, F32, "0.000000e+00"),
    (-0.0, F32, "-0.000000e+00"),
    (3.14159265358979, F64, "3.14159265358979"),
    (1e20, F64, "1.000000e+20"),
    (123456789.0, F64, "0x419D6F3454000000"),
    (float("nan"), F32, "0x7FC00000"),
    (float("inf"), F32, "0x7F800000"),
    (0.001, F16, "1.000400e-03"),
    (65504.0, F16, "6.550400e+04"),
    (1.1, BF16, "1.101560e+00"),
    (1234567.0, F32, "0x4996B438"),
    (0.00012345678, F64, "1.2345678000000001E-4"),
    (1e-300, F64, "1.000000e-300"),
    (1.4e-45, F32, "1.401300e-45"),
    (1e-7, F32, "1.000000e-07"),
    (123.456, F64, "1.234560e+02"),
]


@pytest.mark.parametrize(("value", "type_", "expected"), MLIR_PRINTED)
def test_float_literal_matches_mlir_spelling(value: float, type_, expected: str) -> None:
    assert format_float(value, type_) == expected


def test_scalar_attributes_carry_their_type_except_i1() -> None:
    assert format_scalar(1.0, F64) == "1.000000e+00 : f64"
    assert format_scalar(42, I64) == "42 : i64"
    assert format_scalar(True, I1) == "true"
    assert format_scalar(False, I1) == "false"
    assert format_scalar(7, INDEX) == "7 : index"


def test_integer_literals_wrap_to_signed_width() -> None:
    assert format_scalar(255, I8) == "-1 : i8"
    assert format_scalar(-5, I8) == "-5 : i8"
    assert format_scalar(2**31, I32) == "-2147483648 : i32"


def test_integral_floats_print_as_integer_literals() -> None:
    # payload constants may arrive as Python floats; an integer type prints them as integers
    assert format_scalar(3.0, I32) == "3 : i32"
    assert format_scalar(0.0, I1) == "false"
    assert format_scalar(2.0, I1) == "true"


def test_float_bits_are_ieee_patterns() -> None:
    assert float_bits(1.0, F32) == 0x3F800000
    assert float_bits(1.0, F16) == 0x3C00
    assert float_bits(1.0, BF16) == 0x3F80
    assert float_bits(-2.0, F64) == struct.unpack("<Q", struct.pack("<d", -2.0))[0]


def _random_floats(type_, n: int, rng: random.Random) -> list[float]:
    """Random bit patterns (finite and not) plus round decimals, as values of `type_`."""
    width = type_.width
    out: list[float] = []
    for _ in range(n):
        bits = rng.getrandbits(width)
        if type_.name == "f64":
            out.append(struct.unpack("<d", struct.pack("<Q", bits))[0])
        elif type_.name == "bf16":
            import ml_dtypes

            out.append(float(np.array([bits], np.uint16).view(ml_dtypes.bfloat16)[0]))
        else:
            out.append(float(np.array([bits], f"uint{width}").view(type_.dtype)[0]))
    out += [rng.choice([1, -1]) * rng.randint(0, 10**6) / 10 ** rng.randint(0, 9) for _ in range(n)]
    return out


@pytest.mark.mlir
def test_float_literals_survive_mlir_round_trip_unchanged() -> None:
    rng = random.Random(1234)
    lines = []
    for type_ in (F16, BF16, F32, F64):
        for v in _random_floats(type_, 150, rng):
            lines.append(f"  %x{len(lines)} = arith.constant {format_scalar(v, type_)}")
    body = "\n".join(lines)
    src = f"func.func @f() {{\n{body}\n  return\n}}\n"
    printed = mlir_opt(src, "--mlir-print-op-generic").stdout
    got = [
        line.split("value = ", 1)[1].split("}", 1)[0]
        for line in printed.splitlines()
        if "value = " in line
    ]
    ours = [line.split("arith.constant ", 1)[1] for line in lines]
    assert len(got) == len(ours)
    mismatches = [(o, g) for o, g in zip(ours, got, strict=True) if o != g]
    assert not mismatches, mismatches[:10]


# -- dense literals: the one writer, read alike by every MLIR version ---------------------


def test_dense_literal_spells_every_element_and_floats_as_their_bits() -> None:
    from linalg_odsgen.mlir.literals import dense_literal

    assert dense_literal(np.array([[1.0, -2.0]], np.float32), F32) == (
        "dense<[[0x3F800000, 0xC0000000]]>"
    )
    assert dense_literal(np.array([True, False]), I1) == "dense<[true, false]>"
    assert dense_literal(np.array([-1, 127], np.int8), I8) == "dense<[-1, 127]>"
    assert dense_literal(np.float16(1.5), F16, ()) == "dense<0x3E00>"
    assert dense_literal(np.zeros((0, 3), np.float32), F32) == "dense<>"
    # for a reader (emit --main): MLIR's decimal spelling, still exact
    assert dense_literal(np.array([0.5], np.float64), F64, floats="decimal") == (
        "dense<[5.000000e-01]>"
    )


def _constants_module(rng: np.random.Generator) -> str:
    from linalg_odsgen.mlir.literals import dense_literal

    lines = []
    for i, (t, dt) in enumerate([(I1, bool), (I8, np.int8), (F16, np.float16), (BF16, None), (F32, np.float32), (F64, np.float64)]):  # fmt: skip
        shape = (3, 70)  # 210 elements: over the size where printers switch to hex
        if t is I1:
            data = rng.integers(0, 2, shape).astype(bool)
        elif t is BF16:
            data = rng.normal(size=shape).astype(t.dtype)
        else:
            data = rng.normal(size=shape).astype(dt) if t.is_float else rng.integers(-128, 128, shape).astype(dt)  # fmt: skip
        lines.append(f"%c{i} = arith.constant {dense_literal(data, t)} : tensor<3x70x{t}>")
    body = "\n    ".join(lines)
    return f"func.func @f() {{\n    {body}\n    return\n}}\n"


@pytest.mark.mlir
def test_mlir22_and_another_version_read_the_literals_identically() -> None:
    """The i1 false positive of issue 36: another version's hex packing of i1 differs.
    Element-wise literals, printed back without hex, read the same in LLVM 22 and 24."""
    import shutil
    import subprocess

    if shutil.which("iree-opt") is None:
        pytest.skip("iree-opt (the iree extra) not installed")
    module = _constants_module(np.random.default_rng(0))
    flags = ["--mlir-print-op-generic", "--mlir-print-elementsattrs-with-hex-if-larger=-1", "-"]
    printed = [
        subprocess.run(
            [tool, *flags], input=module, capture_output=True, text=True, check=True
        ).stdout.strip()
        for tool in ("mlir-opt-22", "iree-opt")
    ]
    assert printed[0] == printed[1]
    assert 'dense<"0x' not in printed[1]
    # and MLIR 22 reads what the other version printed back to the same constants
    again = mlir_opt(printed[1], "--mlir-print-op-generic", "--mlir-print-elementsattrs-with-hex-if-larger=-1").stdout  # fmt: skip
    assert again.strip() == printed[0]


@pytest.mark.parametrize("name", ["f16", "bf16", "f32", "f64", "f8E4M3FN", "i1", "i4", "i8", "i32", "i64", "index"])  # fmt: skip
def test_dense_literal_fast_paths_spell_what_the_element_writer_spells(name: str) -> None:
    from linalg_odsgen.mlir.literals import dense_literal, element_literal
    from linalg_odsgen.types import parse_element_type

    t = parse_element_type(name)
    rng = np.random.default_rng(3)
    if t.is_float:
        x = np.append(rng.normal(size=11), np.nan).astype(t.dtype).reshape(3, 4)
    elif t.is_bool:
        x = rng.integers(0, 2, (3, 4)).astype(bool)
    else:
        x = rng.integers(-8, 8, (3, 4)).astype(t.dtype)
    rows = ["[" + ", ".join(element_literal(v, t) for v in row) + "]" for row in x]
    assert dense_literal(x, t) == "dense<[" + ", ".join(rows) + "]>"
