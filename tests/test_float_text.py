"""LLVM's float-to-decimal text, shared by the DSL and the MLIR printer.

Expected spellings come from `mlir-opt-22` printing the same constants (the
ones pinned in tests/mlir/test_literals.py and tests/dsl/test_const_literals.py,
plus the f16 / f32 / 999999.5 cases read off the same tool).
"""

from __future__ import annotations

import struct

import numpy as np
import pytest

from linalg_odsgen.float_text import apfloat_to_string, float_attr_decimal, natural_precision


def _f32(bits: int) -> float:
    return float(np.array([bits], np.uint32).view(np.float32)[0])


def _short(value: float) -> str:
    return apfloat_to_string(value, precision=6, max_padding=0, truncate_zero=False)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (1.0, "1.000000e+00"),
        (123.456, "1.234560e+02"),
        (1e-300, "1.000000e-300"),
        (0.0, "0.000000e+00"),
        (-0.0, "-0.000000e+00"),
        (-2.5, "-2.500000e+00"),
    ],
)
def test_six_digit_scientific_form(value: float, text: str) -> None:
    assert _short(value) == text


def test_digits_are_truncated_before_rounding_as_llvm_does() -> None:
    # f16 0x0404 is 6.1273574829...e-05; rounding the exact value would give
    # 6.127360e-05, but mlir-opt-22 prints 6.127350e-05.
    value = float(np.array([0x0404], np.uint16).view(np.float16)[0])
    assert value == 6.127357482910156e-05
    assert _short(value) == "6.127350e-05"


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (2.3283063999999999e-10, "2.3283063999999999E-10"),  # too small for padding: E form
        (0.00012345678, "1.2345678000000001E-4"),
        (3.14159265358979, "3.14159265358979"),
        (0.1234567, "0.1234567"),
        (999999.5, "999999.5"),
        (123456789.0, "123456789"),  # no '.': MLIR prints this one as hex bits
    ],
)
def test_natural_form_of_doubles_uses_seventeen_digits(value: float, text: str) -> None:
    assert natural_precision(53) == 17
    assert apfloat_to_string(value) == text


def test_natural_form_follows_the_significand_width() -> None:
    # f32 carries 24 bits: nine digits, so 0x3DFCD6E9 prints as mlir-opt spells it.
    assert natural_precision(24) == 9
    assert apfloat_to_string(_f32(0x3DFCD6E9), significand_bits=24) == "0.123456784"
    assert apfloat_to_string(1234567.0, significand_bits=24) == "1234567"


def _f64_reads_back(value: float):
    return lambda text: struct.pack(">d", float(text)) == struct.pack(">d", value)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (0.1, "1.000000e-01"),
        (2.3283063999999999e-10, "2.3283063999999999E-10"),
        (999999.5, "999999.5"),
        (123456789.0, None),
        (float("nan"), None),
        (float("-inf"), None),
    ],
)
def test_float_attr_picks_short_then_natural_then_hex(value: float, text: str | None) -> None:
    got = float_attr_decimal(value, significand_bits=53, reads_back=_f64_reads_back(value))
    assert got == text


def test_float_attr_short_form_is_judged_by_the_callers_type() -> None:
    # 1e-7 does not read back as a double from six digits, but it does as an f32.
    value = _f32(0x33D6BF95)
    as_f32 = float_attr_decimal(
        value,
        significand_bits=24,
        reads_back=lambda text: np.float32(float(text)) == np.float32(value),
    )
    assert as_f32 == "1.000000e-07"


def test_non_finite_values_have_no_decimal_text() -> None:
    with pytest.raises(ValueError, match="no decimal spelling"):
        apfloat_to_string(float("inf"))
