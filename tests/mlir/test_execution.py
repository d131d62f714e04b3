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


def _matmul_then_add(kind: str = "tensor", results: tuple[int, ...] | None = None):
    from linalg_odsgen.mlir.execution import Apply, Program
    from linalg_odsgen.types import ShapedType

    def t(*shape: int) -> ShapedType:
        return ShapedType(kind, shape, F32)

    mm = ops.OPS["matmul"].from_types([t(3, 4), t(4, 2), t(3, 2)])
    add = ops.OPS["add"].from_types([t(3, 2), t(3, 2), t(3, 2)])
    rng = np.random.default_rng(5)
    a, b, d = (rng.integers(-4, 5, s).astype(np.float32) for s in ((3, 4), (4, 2), (3, 2)))
    c = np.full((3, 2), 1.0, np.float32)
    values = (a, b, c, d, np.zeros((3, 2), np.float32))
    program = Program(
        (Apply(mm, mm, Form.GENERIC, (0, 1, 2)), Apply(add, add, Form.NAMED, (2, 3, 4))),
        values,
        results=results,
    )
    return program, a, b, c, d


def test_a_program_chains_producer_to_consumer_in_one_kernel() -> None:
    from linalg_odsgen.mlir.execution import build_module, expected_bits

    program, a, b, c, d = _matmul_then_add(results=(4,))
    text = build_module([program])
    kernel = text[text.index("func.func @t_k0") : text.index("func.func @t_run0")]
    # the add reads the matmul's result, and only the final value is returned
    assert "ins(%0, %arg3 : tensor<3x2xf32>, tensor<3x2xf32>)" in kernel
    assert "return %3 : tensor<3x2xf32>" in kernel
    (got,) = expected_bits(program)
    assert got.tolist() == to_bits((c + a @ b + d).reshape(-1), F32).tolist()


def test_a_program_refuses_aliasing_and_mixed_kinds() -> None:
    from linalg_odsgen.mlir.execution import Apply, Program

    program, *_ = _matmul_then_add()
    add = program.applies[1]
    with pytest.raises(ValueError, match="one slot twice"):
        Program((Apply(add.op, add.op, Form.NAMED, (2, 2, 4)),), program.values)
    mem, *_ = _matmul_then_add("memref")
    with pytest.raises(ValueError, match="all take tensors or all take memrefs"):
        Program((program.applies[0], mem.applies[1]), program.values)


def test_the_apfloat_pass_goes_before_the_arith_lowering_only_for_f8() -> None:
    from linalg_odsgen.mlir.execution import APFLOAT_PASS, module_uses_f8, with_apfloat

    passes = ("--a", "--convert-arith-to-llvm", "--b")
    assert with_apfloat(passes, False) == passes
    assert with_apfloat(passes, True) == ("--a", APFLOAT_PASS, "--convert-arith-to-llvm", "--b")
    assert module_uses_f8("tensor<3xf8E4M3FN>") and module_uses_f8("%x : f8E5M2")
    assert not module_uses_f8("tensor<3xf16>")


@pytest.mark.mlir
@pytest.mark.parametrize("kind", ["tensor", "memref"])
def test_mlir_runs_a_program_to_the_bits_our_runtime_computes(kind: str) -> None:
    from linalg_odsgen.mlir.execution import (
        build_module,
        expected_bits,
        lower,
        parse_bits,
    )
    from linalg_odsgen.mlir.tools import have_runner, mlir_opt, mlir_runner

    if not have_runner():
        pytest.skip("mlir-runner-22 missing")
    program, *_ = _matmul_then_add(kind)
    module = build_module([program, program], "p")
    if kind == "tensor":
        module = mlir_opt(module, "--one-shot-bufferize=bufferize-function-boundaries").stdout
    got = parse_bits(mlir_runner(lower(module)).stdout, [program, program])
    want = expected_bits(program)
    assert len(want) == 2  # the intermediate and the final output slot
    for outs in got:
        assert [g.tolist() for g in outs] == [w.tolist() for w in want]


def test_a_target_flushing_subnormals_matches_ours_only_on_tiny_values_of_the_same_sign() -> None:
    tiny = np.array([1e-45, -1e-45, 1e-45, 1.0], np.float32)
    flushed = np.array([0.0, -0.0, -0.0, 0.0], np.float32)
    got, want = to_bits(flushed, F32), to_bits(tiny, F32)
    assert "4 elements differ" in compare_bits(got, want, F32, approx=False)
    problem = compare_bits(got, want, F32, approx=False, who="IREE", flushes_subnormals=True)
    # the sign flip and the flushed 1.0 stay differences
    assert problem.startswith("2 elements differ; first at 2: IREE -0.0")
    h = to_bits(np.array([6e-8], np.float16), F16)  # the smallest f16 subnormal
    assert compare_bits(to_bits(np.array([0.0], np.float16), F16), h, F16, False, flushes_subnormals=True) == ""  # fmt: skip
