"""Decimal text of a float with LLVM `APFloat::toString`'s knobs (precision, max padding, truncate zero).

MLIR prints a float attribute through that LLVM routine, and both the OpDSL
(`const(1.0)` in an op body) and the MLIR printer must spell floats exactly as
`mlir-opt` does, so the algorithm lives here once, free of either caller's
types. Values of narrower formats (f16, bf16, f32) are exact Python floats;
only the format's significand width changes the default precision.
"""

from __future__ import annotations

import math
from collections.abc import Callable

# Significand width (with the hidden bit) of an IEEE double.
F64_SIGNIFICAND_BITS = 53


def natural_precision(significand_bits: int) -> int:
    """Decimal digits LLVM uses when asked for precision 0: enough to read the value back exactly."""
    return 2 + significand_bits * 59 // 196


def _decimal_digits(value: float, precision: int) -> tuple[str, int]:
    """Digits (no trailing zeros) and exponent: `abs(value) == int(digits) * 10**exp`, rounded as LLVM does.

    LLVM first drops whole decimal digits by truncation until the significand
    has a few more bits than `precision` digits need, then rounds half up on
    the first dropped digit; the early truncation can change the last digit,
    so it is reproduced rather than rounding the exact expansion.
    """
    numerator, denominator = abs(value).as_integer_ratio()  # denominator is a power of two
    exp2 = 1 - denominator.bit_length()
    trailing = (numerator & -numerator).bit_length() - 1
    numerator, exp2 = numerator >> trailing, exp2 + trailing
    if exp2 >= 0:
        significand, exp = numerator << exp2, 0
    else:
        significand, exp = numerator * 5**-exp2, exp2  # n / 2**k == n * 5**k / 10**k
    bits_required = (precision * 196 + 58) // 59  # 196/59 slightly over-estimates log2(10)
    if significand.bit_length() > bits_required:
        removable = (significand.bit_length() - bits_required) * 59 // 196
        significand //= 10**removable
        exp += removable
    text = str(significand)
    digits = text.rstrip("0")
    exp += len(text) - len(digits)
    if len(digits) > precision:
        dropped = len(digits) - precision
        rounded = str(int(digits[:precision]) + (1 if digits[precision] >= "5" else 0))
        # A carry out of the top digit (99.. -> 100..) leaves one more digit than kept.
        exp += dropped + len(rounded) - precision
        digits = rounded[:precision].rstrip("0")
        exp += len(rounded[:precision]) - len(digits)
    return digits, exp


def apfloat_to_string(
    value: float,
    *,
    significand_bits: int = F64_SIGNIFICAND_BITS,
    precision: int = 0,
    max_padding: int = 3,
    truncate_zero: bool = True,
) -> str:
    """A finite float as `APFloat::toString(precision, max_padding, truncate_zero)` spells it.

    `precision` is the number of significant digits (0: `natural_precision`
    of `significand_bits`); `max_padding` is how many zeros plain notation may
    add before switching to scientific (0: always scientific); `truncate_zero`
    selects the `1.5E+3` style (upper-case E, no padding) over `1.500000e+03`.
    The defaults are LLVM's.
    """
    if not math.isfinite(value):
        raise ValueError(f"{value!r} has no decimal spelling")
    sign = "-" if math.copysign(1.0, value) < 0 else ""
    if value == 0.0:
        if max_padding:
            return sign + "0"
        if truncate_zero:
            return sign + "0.0E+0"
        return sign + "0." + "0" * max(precision, 1) + "e+00"
    if precision == 0:
        precision = natural_precision(significand_bits)
    digits, exp = _decimal_digits(value, precision)
    n = len(digits)
    if not max_padding:
        scientific = True
    elif exp >= 0:
        scientific = exp > max_padding or n + exp > precision
    else:
        leading = exp + n - 1  # power of ten of the most significant digit
        scientific = leading < 0 and -leading > max_padding

    if scientific:
        exp10 = exp + n - 1
        fraction = digits[1:] or ("0" if truncate_zero else "")
        if not truncate_zero:
            fraction += "0" * (precision - len(fraction))
        exp_text = str(abs(exp10)) if truncate_zero else f"{abs(exp10):02d}"
        marker = "E" if truncate_zero else "e"
        return f"{sign}{digits[0]}.{fraction}{marker}{'-' if exp10 < 0 else '+'}{exp_text}"
    if exp >= 0:
        return sign + digits + "0" * exp
    whole = exp + n
    if whole > 0:
        return f"{sign}{digits[:whole]}.{digits[whole:]}"
    return f"{sign}0.{'0' * -whole}{digits}"


def float_attr_decimal(
    value: float, *, significand_bits: int, reads_back: Callable[[str], bool]
) -> str | None:
    """The decimal spelling MLIR's printer picks for a float attribute, or None (it prints hex bits).

    MLIR tries six-digit scientific form (`1.000000e+00`) and keeps it when
    `reads_back` says it parses to the same value of the attribute's type;
    otherwise it takes the natural-precision form if that has a '.', and
    non-finite values always go to hex.
    """
    if not math.isfinite(value):
        return None
    short = apfloat_to_string(
        value, significand_bits=significand_bits, precision=6, max_padding=0, truncate_zero=False
    )
    if reads_back(short):
        return short
    natural = apfloat_to_string(value, significand_bits=significand_bits)
    return natural if "." in natural else None


__all__ = [
    "F64_SIGNIFICAND_BITS",
    "apfloat_to_string",
    "float_attr_decimal",
    "natural_precision",
]
