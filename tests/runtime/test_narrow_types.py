"""i4 and the 8-bit floats in the runtime: references computed here with ml_dtypes, both
backends, and MLIR 22 (mlir-runner-22) as the oracle of the conversions' rounding."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from linalg_odsgen import ops
from linalg_odsgen.types import F8E4M3FN, F8E5M2, I4, element_type_of, parse_element_type

F8, F5, I4_DT = ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e5m2, ml_dtypes.int4
BACKENDS = ["loops", "fast"]
RNG = np.random.default_rng(5)


def test_types_map_both_ways():
    assert element_type_of(np.dtype(I4_DT)) is I4
    assert element_type_of(np.dtype(ml_dtypes.uint4)) is I4  # unsigned arrays are signless
    assert element_type_of(np.dtype(F8)) is F8E4M3FN and element_type_of(np.dtype(F5)) is F8E5M2
    assert parse_element_type("f8E4M3FN") is F8E4M3FN and parse_element_type("i4") is I4


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dt", [F8, F5])
def test_f8_arithmetic_rounds_each_step(backend, dt):
    a = (RNG.standard_normal(64) * 8).astype(dt)
    b = (RNG.standard_normal(64) * 8).astype(dt)
    f32 = np.float32
    for name, ref in (("add", np.add), ("mul", np.multiply), ("sub", np.subtract)):
        want = ref(a.astype(f32), b.astype(f32)).astype(dt)
        got = getattr(ops, name)(a, b, outs=[np.zeros(64, dt)], backend=backend)
        np.testing.assert_array_equal(got.view(np.uint8), want.view(np.uint8), err_msg=name)


@pytest.mark.parametrize("backend", BACKENDS)
def test_f8_matmul_rounds_after_every_multiply_and_add(backend):
    a = (RNG.standard_normal((3, 5)) * 2).astype(F8)
    b = (RNG.standard_normal((5, 4)) * 2).astype(F8)
    c = np.zeros((3, 4), F8)
    want = c.copy()
    for k in range(5):  # MLIR's loop order: k innermost, accumulate into C
        prod = (a[:, k : k + 1].astype(np.float32) * b[k : k + 1, :].astype(np.float32)).astype(F8)
        want = (want.astype(np.float32) + prod.astype(np.float32)).astype(F8)
    got = ops.matmul(a, b, outs=[c], backend=backend)
    np.testing.assert_array_equal(got.view(np.uint8), want.view(np.uint8))


@pytest.mark.parametrize("backend", BACKENDS)
def test_i4_wraps_and_extends(backend):
    a = np.arange(-8, 8).astype(I4_DT)
    b = np.full(16, 3, I4_DT)
    got = ops.add(a, b, outs=[np.zeros(16, I4_DT)], backend=backend)
    want = ((np.arange(-8, 8) + 3 + 8) % 16) - 8
    np.testing.assert_array_equal(got.astype(np.int64), want)
    x = np.array([-8, -1, 7], I4_DT)
    signed = ops.copy(x, outs=[np.zeros(3, np.int32)], backend=backend)
    unsigned = ops.copy(x, outs=[np.zeros(3, np.int32)], cast="cast_unsigned", backend=backend)
    assert signed.tolist() == [-8, -1, 7] and unsigned.tolist() == [8, 15, 7]


@pytest.mark.parametrize("backend", BACKENDS)
def test_f8_to_int_rounds_half_to_even_and_saturates(backend):
    x = np.array([0.5, 1.5, 2.5, -1.5, 7.5, 100, -100, np.nan], np.float32).astype(F8)
    got = ops.copy(x, outs=[np.zeros(8, I4_DT)], backend=backend)
    assert got.astype(np.int64).tolist() == [0, 2, 2, -2, 7, 7, -8, 0]


@pytest.mark.mlir
def test_f8_and_i4_conversions_equal_mlir_runner():
    from linalg_odsgen.conformance.compare import compare_bits
    from linalg_odsgen.mlir import Form
    from linalg_odsgen.mlir.execution import ExecCase, output_bits, run_cases
    from linalg_odsgen.mlir.tools import have_runner

    if not have_runner():
        pytest.skip("mlir-runner-22 missing")
    vals = np.array([0.5, 1.5, -2.5, 7.5, 9, -100, 448, np.nan, -0.0, 3e-3], np.float32)
    cases, expected = [], []
    sources = [vals.astype(F8), vals.astype(F5), np.arange(-8, 8).astype(I4_DT),
               np.array([3, -7, 300, 1000, 61440], np.int32)]  # fmt: skip
    targets = [I4_DT, np.int8, np.int32, np.float16, np.float32, F8, F5]
    for src in sources:
        for dst in targets:
            for cast in ("cast_signed", "cast_unsigned"):
                if np.dtype(dst) == src.dtype:
                    continue
                try:
                    op, operands = ops.OPS["copy"].from_arrays(
                        src, outs=[np.zeros(len(src), dst)], cast=cast
                    )
                except Exception:  # e.g. f8E4M3FN <-> f8E5M2: no MLIR cast between equal widths
                    continue
                cases.append(ExecCase(f"{src.dtype}->{np.dtype(dst)} {cast}", op,
                                      tuple(x.copy() for x in operands), Form.GENERIC))  # fmt: skip
                op.run(operands, backend="loops")
                expected.append((output_bits(op, operands)[0], op.element_types[-1]))
    assert len(cases) > 40
    for case, got, (want, t) in zip(cases, run_cases(cases), expected, strict=True):
        assert compare_bits(got[0], want, t, approx=False) == "", case.label
