"""Differential execution plumbing: data in as exact globals, bits out through printI64."""

from __future__ import annotations

import numpy as np
import pytest

from linalg_odsgen import ops
from linalg_odsgen.conformance import compare_bits
from linalg_odsgen.mlir.execution import ExecCase, build_module, run_cases, to_bits
from linalg_odsgen.mlir.printer import Form
from linalg_odsgen.types import F16, F32, I1, I8


def test_bits_are_the_raw_patterns() -> None:
    assert to_bits(np.float32(1.0), F32).tolist() == 0x3F800000
    assert to_bits(np.array([-1], np.int8), I8).tolist() == [0xFF]
    assert to_bits(np.array([True, False]), I1).tolist() == [1, 0]
    assert to_bits(np.array([1.0], np.float16), F16).tolist() == [0x3C00]


def test_module_stores_operands_as_exact_per_element_bit_patterns() -> None:
    a = np.array([[1.0, 2.0]], np.float32)
    b = np.array([[3.0], [4.0]], np.float32)
    c = np.zeros((1, 1), np.float32)
    op, operands = ops.OPS["matmul"].from_arrays(a, b, outs=[c])
    text = build_module([ExecCase("m", op, tuple(operands)).program()], "case")
    # 1.0f = 0x3F800000, 2.0f = 0x40000000: one element at a time, never a packed blob.
    assert "dense<[[0x3F800000, 0x40000000]]>" in text
    assert 'dense<"' not in text
    assert 'memref.global "private" constant @case_g0_0 : memref<1x2xf32>' in text
    assert 'memref.global "private" @case_g0_2 : memref<1x1xf32>' in text
    assert "linalg.matmul" in text


def test_float_comparison_is_bitwise_unless_approximate() -> None:
    one = to_bits(np.array([1.0], np.float32), F32)
    next_up = to_bits(np.array([np.nextafter(np.float32(1), np.float32(2))], np.float32), F32)
    assert compare_bits(one, one, F32, approx=False) == ""
    assert "differ" in compare_bits(one, next_up, F32, approx=False)
    assert compare_bits(one, next_up, F32, approx=True) == ""
    nan_a = to_bits(np.array([np.nan], np.float32), F32)
    nan_b = nan_a | np.uint64(0x80000000)
    assert compare_bits(nan_a, nan_b, F32, approx=False) == ""


@pytest.mark.mlir
def test_mlir_runs_matmul_with_accumulation_into_initial_output() -> None:
    from linalg_odsgen.mlir.tools import have_runner

    if not have_runner():
        pytest.skip("mlir-runner-22 missing")
    a = np.arange(6, dtype=np.int8).reshape(2, 3) - 3
    b = np.arange(12, dtype=np.int8).reshape(3, 4) * 20  # wraps in i8: 220 -> -36
    c = np.full((2, 4), 7, np.int32)
    cases = []
    for form in (Form.NAMED, Form.GENERIC):
        op, operands = ops.OPS["matmul"].from_arrays(a, b, outs=[c.copy()], cast="cast_unsigned")
        cases.append(ExecCase(form.value, op, tuple(operands), form))
    expected = 7 + (a.view(np.uint8).astype(np.int64) @ b.view(np.uint8).astype(np.int64))
    for (got,) in run_cases(cases):
        assert got.astype(np.int64).tolist() == (expected.astype(np.uint32)).ravel().tolist()
