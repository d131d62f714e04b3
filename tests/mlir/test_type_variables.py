"""Type variables as MLIR 22 reads them (mlir-opt-22 and mlir-runner-22 are the oracle): bound
to the first operand declaring them, never checked otherwise; where mixed types make the
payload ill-typed, MLIR and the runtime both refuse the op."""

from __future__ import annotations

import subprocess

import numpy as np
import pytest
from mlir_opt import MLIR_OPT, needs_mlir_opt

from linalg_odsgen import ops
from linalg_odsgen.mlir import Form, print_module
from linalg_odsgen.runtime.errors import OpError

QMM = "linalg.quantized_matmul ins(%a, %b, %az, %bz : memref<2x3xi8>, memref<3x2xi8>, {az}, {bz}) outs(%c : memref<2x2xi32>)"


def accepted(body: str, args: str) -> bool:
    assert MLIR_OPT is not None
    src = f"func.func @f({args}) {{\n  {body}\n  return\n}}\n"
    done = subprocess.run([MLIR_OPT], input=src, capture_output=True, text=True, timeout=60)
    return done.returncode == 0


def zero_point(t: str):
    return {"f32": np.float32(1.9), "i64": np.int64(-2), "i16": np.int16(3), "i32": np.int32(1)}[t]


@needs_mlir_opt
@pytest.mark.mlir
@pytest.mark.parametrize(("az", "bz"), [("f32", "i32"), ("i64", "i16"), ("i32", "i32")])
def test_zero_points_of_other_types_than_i32_are_accepted_by_both(az: str, bz: str) -> None:
    args = f"%a: memref<2x3xi8>, %b: memref<3x2xi8>, %az: {az}, %bz: {bz}, %c: memref<2x2xi32>"
    assert accepted(QMM.format(az=az, bz=bz), args)
    a = np.arange(6, dtype=np.int8).reshape(2, 3)
    b = np.arange(6, dtype=np.int8).reshape(3, 2)
    op, _ = ops.OPS["quantized_matmul"].from_arrays(
        a, b, zero_point(az), zero_point(bz), outs=[np.zeros((2, 2), np.int32)]
    )
    # what our printer emits for it is what mlir-opt-22 takes
    assert accepted_module(print_module(op, Form.NAMED))


def accepted_module(text: str) -> bool:
    assert MLIR_OPT is not None
    done = subprocess.run([MLIR_OPT], input=text, capture_output=True, text=True, timeout=60)
    return done.returncode == 0


@needs_mlir_opt
@pytest.mark.mlir
def test_mixed_types_that_break_the_payload_are_refused_by_both() -> None:
    assert not accepted(
        "linalg.add ins(%a, %b : memref<4xf32>, memref<4xf16>) outs(%c : memref<4xf32>)",
        "%a: memref<4xf32>, %b: memref<4xf16>, %c: memref<4xf32>",
    )
    with pytest.raises(OpError, match="needs operands of one type"):
        ops.OPS["add"].from_arrays(
            np.ones(4, np.float32), np.ones(4, np.float16), outs=[np.zeros(4, np.float32)]
        )
    assert not accepted(
        "linalg.exp ins(%a : memref<4xf32>) outs(%b : memref<4xf64>)",
        "%a: memref<4xf32>, %b: memref<4xf64>",
    )
    with pytest.raises(OpError, match="computes an f32 value for output"):
        ops.OPS["exp"].from_arrays(np.ones(4, np.float32), outs=[np.zeros(4, np.float64)])


@needs_mlir_opt
@pytest.mark.mlir
@pytest.mark.slow
def test_mixed_zero_points_compute_what_mlir_runner_computes() -> None:
    from linalg_odsgen.mlir.execution import ExecCase, output_bits, run_cases
    from linalg_odsgen.mlir.tools import have_runner

    if not have_runner():
        pytest.skip("mlir-runner-22 missing")
    rng = np.random.default_rng(7)
    cases, expected = [], []
    for az, bz in [("f32", "i32"), ("i64", "i16")]:
        a = rng.integers(-9, 9, (3, 4)).astype(np.int8)
        b = rng.integers(-9, 9, (4, 2)).astype(np.int8)
        op, operands = ops.OPS["quantized_matmul"].from_arrays(
            a, b, zero_point(az), zero_point(bz), outs=[np.zeros((3, 2), np.int32)]
        )
        cases.append(ExecCase(f"{az}/{bz}", op, tuple(np.copy(v) for v in operands)))
        op.run(operands, backend="loops")
        expected.append(output_bits(op, operands))
    for case, got, want in zip(cases, run_cases(cases), expected, strict=True):
        for g, w in zip(got, want, strict=True):
            np.testing.assert_array_equal(g, w, err_msg=case.label)
