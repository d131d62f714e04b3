"""`const(x)` spells floats exactly as MLIR prints an f64 attribute."""

from __future__ import annotations

import random
import struct

import pytest
from mlir_opt import mlir_opt, needs_mlir_opt

from linalg_odsgen.dsl.expressions import format_f64


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (1.0, "1.000000e+00"),  # six-digit scientific form reads back exactly
        (-2.5, "-2.500000e+00"),
        (0.1, "1.000000e-01"),
        (1e20, "1.000000e+20"),
        (0.0, "0.000000e+00"),
        (-0.0, "-0.000000e+00"),
        (2.3283064e-10, "2.3283063999999999E-10"),  # needs 17 digits: upper-case E form
        (3.14159265358979, "3.14159265358979"),  # 17 digits, plain notation
        (0.1234567, "0.1234567"),
        (123456789.0, "0x419D6F3454000000"),  # no '.' in the decimal form: hex bits
        (float("inf"), "0x7FF0000000000000"),
    ],
)
def test_known_spellings(value: float, text: str):
    assert format_f64(value) == text


def test_text_reads_back_to_the_same_double():
    rng = random.Random(7)
    for _ in range(2000):
        bits = rng.getrandbits(64)
        value = struct.unpack(">d", bits.to_bytes(8, "big"))[0]
        text = format_f64(value)
        if text.startswith("0x"):
            back = struct.unpack(">d", int(text, 16).to_bytes(8, "big"))[0]
            assert struct.pack(">d", back) == struct.pack(">d", value) or value != value
        else:
            assert float(text) == value


@pytest.mark.mlir
@needs_mlir_opt
def test_matches_mlir_opt_on_random_doubles():
    rng = random.Random(11)
    values = [rng.uniform(-1e3, 1e3) for _ in range(150)]
    values += [
        rng.choice([1, -1]) * 10.0 ** rng.randint(-30, 30) * rng.random() for _ in range(150)
    ]
    values += [float(rng.randint(-100, 100)) / 8 for _ in range(20)]
    values += [1e-310, 5e-324, 1.7976931348623157e308, 12345678.0, 100.0, 1e6, 1e7]
    lines = [
        f"  %c{i} = arith.constant 0x{struct.unpack('>Q', struct.pack('>d', v))[0]:016X} : f64"
        for i, v in enumerate(values)
    ]
    results = ", ".join(f"%c{i}" for i in range(len(values)))
    types = ", ".join("f64" for _ in values)
    src = "func.func @f() -> (" + types + ") {\n" + "\n".join(lines)
    src += f"\n  return {results} : {types}\n}}\n"
    out = mlir_opt(src)
    printed = [
        line.split("arith.constant ")[1].rsplit(" : f64", 1)[0]
        for line in out.splitlines()
        if "arith.constant" in line
    ]
    assert printed == [format_f64(v) for v in values]
