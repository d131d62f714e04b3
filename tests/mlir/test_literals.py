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
