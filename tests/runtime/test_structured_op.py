"""Binding, verification and domain of op instances: every error names the op and operand."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest
from fast_handmade import IN, OUT, make_op

from linalg_odsgen import ops
from linalg_odsgen.affine import AffineMap
from linalg_odsgen.diagnostics import DiagnosticError
from linalg_odsgen.model import IteratorType
from linalg_odsgen.runtime import OpError, ShapedType, StructuredOp, get_backend
from linalg_odsgen.types import F32, I8, I32

f32 = np.float32


def raises(message: str) -> pytest.RaisesContext:
    # Shape errors end with the operands' declared and given shapes (tests/runtime/test_messages.py).
    return pytest.raises(OpError, match="^" + re.escape(message) + "(; the op declares .*)?$")


def test_op_error_is_a_diagnostic_naming_op_and_operand() -> None:
    with pytest.raises(DiagnosticError) as info:
        ops.matmul(np.ones((2, 3), f32), np.ones((4, 2), f32), outs=[np.zeros((2, 2), f32)])
    err = info.value
    assert isinstance(err, OpError)
    assert err.op_name == "matmul" and err.operand == "B"
    assert err.diagnostics[0].op == "matmul"


def test_too_few_inputs() -> None:
    with raises("matmul: expected 2 inputs (A, B), got 1"):
        ops.matmul(np.ones((2, 3), f32), outs=[np.zeros((2, 2), f32)])


def test_wrong_number_of_outputs() -> None:
    a = np.ones((2, 2), f32)
    with raises("matmul: expected 1 output in outs=[...] (C), got 2"):
        ops.matmul(a, a, outs=[a.copy(), a.copy()])
    with raises("matmul: outs must be a list of arrays, e.g. outs=[C]"):
        ops.matmul(a, a, outs=a.copy())


def test_output_must_be_a_writable_array() -> None:
    a = np.ones((2, 2), f32)
    with raises("matmul: output 'C' must be a NumPy array (updated in place), got list"):
        ops.matmul(a, a, outs=[[[0.0, 0.0], [0.0, 0.0]]])
    ro = np.zeros((2, 2), f32)
    ro.flags.writeable = False
    with raises("matmul: output 'C' is a read-only array"):
        ops.matmul(a, a, outs=[ro])


def test_rank_mismatch() -> None:
    with raises("matmul: operand 'A' has rank 3, expected rank 2"):
        ops.matmul(np.ones((1, 2, 3), f32), np.ones((3, 2), f32), outs=[np.zeros((2, 2), f32)])


def test_rank_polymorphic_operands_need_the_output_rank_or_rank_zero() -> None:
    with raises(
        "add: operand 'rhs' has rank 1; this elementwise op needs rank 2 (the output's) or a scalar"
    ):
        ops.add(np.ones((2, 3), f32), np.ones(3, f32), outs=[np.zeros((2, 3), f32)])


def test_rank_polymorphic_maps_follow_the_output_rank() -> None:
    op = ops.AddOp.from_types(
        [
            ShapedType("tensor", (2, 3), F32),
            ShapedType("tensor", (), F32),
            ShapedType("tensor", (2, 3), F32),
        ]
    )
    assert op.indexing_maps == (AffineMap.identity(2), AffineMap.empty(2), AffineMap.identity(2))
    assert op.iterator_types == (IteratorType.PARALLEL,) * 2
    assert op.loop_ranges() == (2, 3)


def test_size_mismatch_names_both_operands() -> None:
    with raises(
        "matmul: operand 'B' dim 0 has size 4 but loop d2 has size 3 (from operand 'A' dim 1)"
    ):
        ops.matmul(np.ones((2, 3), f32), np.ones((4, 2), f32), outs=[np.zeros((2, 2), f32)])


def test_too_small_convolution_input_is_an_error_not_a_wrong_answer() -> None:
    x = np.ones((1, 5, 5, 1), f32)
    k = np.ones((3, 3, 1, 1), f32)
    out = np.zeros((1, 3, 3, 1), f32)
    with raises(
        "conv_2d_nhwc_hwcf: operand 'I' dim 1 has size 5 but the access d1 * 2 + d4 reaches index 6"
    ):
        ops.conv_2d_nhwc_hwcf(x, k, outs=[out], strides=[2, 2])


def test_larger_convolution_input_is_allowed() -> None:
    x = np.ones((1, 6, 6, 1), f32)
    k = np.ones((2, 2, 1, 1), f32)
    out = np.zeros((1, 2, 2, 1), f32)
    got = ops.conv_2d_nhwc_hwcf(x, k, outs=[out], backend="loops")
    np.testing.assert_array_equal(got, np.full((1, 2, 2, 1), 4, f32))


def test_index_attribute_length_and_kind() -> None:
    x, k, o = np.ones((1, 4, 4, 1), f32), np.ones((2, 2, 1, 1), f32), np.zeros((1, 3, 3, 1), f32)
    with raises("conv_2d_nhwc_hwcf: attribute 'strides' expects 2 integers, got 1: [1]"):
        ops.conv_2d_nhwc_hwcf(x, k, outs=[o], strides=[1])
    with raises("conv_2d_nhwc_hwcf: attribute 'dilations' expects 2 integers, got 'ab'"):
        ops.conv_2d_nhwc_hwcf(x, k, outs=[o], dilations="ab")
    with raises("conv_2d_nhwc_hwcf: attribute 'strides' expects 2 integers, got [1.0, 2]"):
        ops.conv_2d_nhwc_hwcf(x, k, outs=[o], strides=[1.0, 2])


def test_index_attributes_substitute_into_the_maps() -> None:
    op = ops.Conv2DNhwcHwcfOp.from_types(
        [
            ShapedType("memref", (1, 9, 9, 2), F32),
            ShapedType("memref", (2, 2, 2, 3), F32),
            ShapedType("memref", (1, 3, 4, 3), F32),
        ],
        strides=(3, 2),
        dilations=(2, 1),
    )
    assert (
        str(op.indexing_maps[0])
        == "(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 3 + d4 * 2, d2 * 2 + d5, d6)"
    )
    assert op.attributes == {"strides": (3, 2), "dilations": (2, 1)}
    assert op.loop_ranges() == (1, 3, 4, 3, 2, 2, 2)


def test_function_attribute_must_name_a_function_of_its_kind() -> None:
    a = np.ones((2, 2), f32)
    with raises(
        "matmul: attribute 'cast' expects a type function (cast_signed, cast_unsigned), got 'mul'"
    ):
        ops.matmul(a, a, outs=[a.copy()], cast="mul")
    with raises(
        "elemwise_unary: attribute 'fun' expects a unary function"
        " (exp, log, abs, ceil, floor, negf, reciprocal, round, sqrt, rsqrt, square,"
        " tanh, erf), got 'add'"
    ):
        ops.elemwise_unary(a, outs=[a.copy()], fun="add")


def test_function_attributes_accept_dsl_objects() -> None:
    from linalg_odsgen.dsl import BinaryFn, TypeFn

    a = np.array([[-1]], np.int8)
    out = np.zeros((1, 1), np.int32)
    got = ops.elemwise_binary(a, a, outs=[out], fun=BinaryFn.mul, cast=TypeFn.cast_unsigned)
    assert got[0, 0] == 255 * 255


def test_unknown_attribute() -> None:
    a = np.ones((2, 2), f32)
    with raises("matmul: unknown attribute 'strides'; this op takes: cast"):
        ops.matmul(a, a, outs=[a.copy()], strides=[1, 1])


def test_operands_of_one_type_variable_with_different_types_fail_where_the_payload_does() -> None:
    # as in MLIR 22: `arith.addf` of f32 and f16 is what is refused, not the binding
    with raises("add: binary function 'add' needs operands of one type, got f32 and f16"):
        ops.add(np.ones(2, f32), np.ones(2, np.float16), outs=[np.zeros(2, f32)])


def test_fixed_type_operands_of_another_type_are_cast_as_mlir_casts_them() -> None:
    # mlir-opt-22 accepts a quantized_matmul with an f32 or i64 zero point declared I32:
    # the payload casts it to the accumulator type (fptosi, trunci); tests/mlir checks the
    # values against mlir-runner-22
    a = np.array([[3, 4]], np.int8)
    b = np.array([[1], [2]], np.int8)
    got = ops.quantized_matmul(
        a, b, np.float32(1.9), np.int64(1), outs=[np.zeros((1, 1), np.int32)]
    )
    assert got[0, 0] == (3 - 1) * (1 - 1) + (4 - 1) * (2 - 1)


def test_python_scalars_take_their_type_variable_binding() -> None:
    out = np.zeros(3, np.int8)
    np.testing.assert_array_equal(ops.fill(-3, outs=[out], backend="loops"), [-3, -3, -3])
    with raises("fill: operand 'value': 1000 does not fit in i8"):
        ops.fill(1000, outs=[out])
    with raises("fill: operand 'value': 2.5 is not an i8 value"):
        ops.fill(2.5, outs=[out])


def test_unsupported_dtype() -> None:
    a = np.ones((2, 2), np.complex64)
    with pytest.raises(OpError, match=r"^matmul: operand 'A': unsupported NumPy dtype complex64"):
        ops.matmul(a, a, outs=[np.zeros((2, 2), f32)])


def test_scalar_operand_rejects_arrays() -> None:
    with raises("fill: operand 'value' is a scalar; got an array of shape (2,)"):
        ops.fill(np.ones(2, f32), outs=[np.zeros(2, f32)])


def test_from_types_allows_dynamic_sizes() -> None:
    op = ops.MatmulOp.from_types(
        [
            ShapedType("tensor", (None, 3), I8),
            ShapedType("tensor", (3, None), I8),
            ShapedType("tensor", (None, None), I32),
        ]
    )
    assert op.loop_ranges() == (None, None, 3)
    assert op.loop_ranges([(2, 3), (3, 5), (2, 5)]) == (2, 5, 3)
    with raises(
        "matmul: operand 'C' dim 1 has size 4 but loop d1 has size 5 (from operand 'B' dim 1)"
    ):
        op.verify_shapes([(2, 3), (3, 5), (2, 4)])


def test_from_types_checks_operand_kinds() -> None:
    with raises("fill: operand 'value' is a scalar; got type tensor<f32>"):
        ops.FillOp.from_types([ShapedType("tensor", (), F32), ShapedType("tensor", (2,), F32)])
    with raises("matmul: expected 3 operands (A, B, C), got 1"):
        ops.MatmulOp.from_types([F32])


def test_instance_api_for_printers_and_backends() -> None:
    op = ops.QuantizedMatmulOp.from_types(
        [
            ShapedType("tensor", (2, 3), I8),
            ShapedType("tensor", (3, 4), I8),
            I32,
            I32,
            ShapedType("tensor", (2, 4), I32),
        ]
    )
    assert [d.name for d in op.value_operands] == ["A", "B", "AZp", "BZp", "C"]
    assert (op.num_inputs, op.num_outputs) == (4, 1)
    assert op.element_types == (I8, I8, I32, I32, I32)
    assert op.shapes == ((2, 3), (3, 4), (), (), (2, 4))
    assert op.type_bindings["T1"] == I8 and op.type_bindings["U"] == I32
    assert all(m.num_symbols == 0 for m in op.indexing_maps)
    assert [a.type for a in op.region.args] == [I8, I8, I32, I32, I32]


def test_unknown_backend() -> None:
    with pytest.raises(DiagnosticError, match="unknown backend 'gpu'"):
        get_backend("gpu")


def test_outputs_are_updated_in_place_and_returned() -> None:
    a = np.ones((2, 2), f32)
    c = np.full((2, 2), 10, f32)
    got = ops.matmul(a, a, outs=[c], backend="loops")
    assert got is c
    np.testing.assert_array_equal(c, np.full((2, 2), 12, f32))


# -- in-bounds verification of non-linear accesses ----------------------------------------


def _gather_op(map_text: str, num_loops: int = 1) -> type[StructuredOp]:
    """O[d...] = I[map(d...)]: a hand-made op whose input access is `map_text`."""
    dims = ", ".join(f"d{i}" for i in range(num_loops))
    return make_op(
        "gather",
        [("I", IN, "T"), ("O", OUT, "T")],
        [map_text, f"({dims}) -> ({dims})"],
        ["parallel"] * num_loops,
        lambda b: b.yield_(b.arg("I")),
    )


def _types(in_shape: tuple[int, ...], out_shape: tuple[int, ...]) -> list[ShapedType]:
    return [ShapedType("memref", in_shape, F32), ShapedType("memref", out_shape, F32)]


BIG = 100_001  # more loop points than are enumerated: bounds come from interval arithmetic


@pytest.mark.parametrize("n", [7, BIG])
def test_mod_access_reaches_every_residue_not_just_the_corners(n: int) -> None:
    # d0 in [0, n): d0 mod 5 takes 0..4 although both corners (0 and n - 1) give small values.
    assert (n - 1) % 5 < 4
    op = _gather_op("(d0) -> (d0 mod 5)")
    with raises("gather: operand 'I' dim 0 has size 4 but the access d0 mod 5 reaches index 4"):
        op.from_types(_types((4,), (n,)))
    op.from_types(_types((5,), (n,)))


def test_mod_within_one_period_keeps_the_shifted_range() -> None:
    # (d0 + 10) mod 200000 over d0 in [0, BIG) never wraps: it spans 10 .. BIG + 9.
    op = _gather_op("(d0) -> ((d0 + 10) mod 200000)")
    op.from_types(_types((BIG + 10,), (BIG,)))
    with pytest.raises(OpError, match=rf"has size {BIG + 9} but .* reaches index {BIG + 9}$"):
        op.from_types(_types((BIG + 9,), (BIG,)))


@pytest.mark.parametrize("n", [9, BIG])
def test_floordiv_and_ceildiv_accesses_are_bounded_by_their_extremes(n: int) -> None:
    floor_max, ceil_max = (n - 1) // 3, -(-(n - 1) // 3)
    floor_op = _gather_op("(d0) -> (d0 floordiv 3)")
    floor_op.from_types(_types((floor_max + 1,), (n,)))
    with raises(
        f"gather: operand 'I' dim 0 has size {floor_max} but the access d0 floordiv 3 "
        f"reaches index {floor_max}"
    ):
        floor_op.from_types(_types((floor_max,), (n,)))
    ceil_op = _gather_op("(d0) -> (d0 ceildiv 3)")
    ceil_op.from_types(_types((ceil_max + 1,), (n,)))
    with pytest.raises(OpError, match=rf"reaches index {ceil_max}$"):
        ceil_op.from_types(_types((ceil_max,), (n,)))


@pytest.mark.parametrize("n", [9, BIG])
def test_negative_reach_of_a_floordiv_access_is_an_error(n: int) -> None:
    # (d0 - 3) floordiv 2 at d0 = 0 is floor(-1.5) = -2: NumPy would wrap, so it must be refused.
    op = _gather_op("(d0) -> ((d0 - 3) floordiv 2)")
    with pytest.raises(OpError, match=r"reaches index -2$"):
        op.from_types(_types((n,), (n,)))


def test_nonlinear_access_over_two_loops_adds_the_ranges() -> None:
    # d0 floordiv 4 + d1 mod 3 over a 400 x 400 domain: max 99 + 2 = 101.
    op = _gather_op("(d0, d1) -> (d0 floordiv 4 + d1 mod 3)", num_loops=2)
    op.from_types([ShapedType("memref", (102,), F32), ShapedType("memref", (400, 400), F32)])
    with pytest.raises(OpError, match=r"reaches index 101(;|$)"):
        op.from_types([ShapedType("memref", (101,), F32), ShapedType("memref", (400, 400), F32)])


def test_dynamic_loop_not_used_by_an_access_does_not_stop_its_check() -> None:
    # The batch loop is dynamic; the strided access of the image dims is still checked.
    def conv(image: int) -> None:
        ops.Conv2DNhwcHwcfOp.from_types(
            [
                ShapedType("memref", (None, image, 9, 2), F32),
                ShapedType("memref", (2, 2, 2, 3), F32),
                ShapedType("memref", (None, 3, 4, 3), F32),
            ],
            strides=(3, 2),
            dilations=(2, 1),
        )

    conv(9)  # d1 * 3 + d4 * 2 reaches 2 * 3 + 1 * 2 = 8
    with pytest.raises(OpError, match=r"reaches index 8(;|$)"):
        conv(8)


@pytest.mark.parametrize("backend", ["loops", "fast"])
def test_ieee_overflow_and_invalid_results_raise_no_numpy_warnings(backend: str) -> None:
    x = np.array([1000.0, -1.0, np.inf], dtype=np.float32)
    out = np.zeros(3, dtype=np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ops.exp(x, outs=[out], backend=backend)
        ops.log(x, outs=[out], backend=backend)
    assert np.isnan(out[1]) and np.isinf(out[2])


def test_repeated_plain_array_calls_reuse_the_verified_instance() -> None:
    """A call whose operands are all plain arrays is keyed by dtypes, shapes and
    attributes: the second call gets the same instance, other shapes or dtypes do not,
    and bad operands are still refused after a good call of the same shapes."""
    from linalg_odsgen.runtime import current_runtime

    a = np.ones((3, 4), np.float32)
    b = np.ones((4, 2), np.float32)
    first, _ = ops.MatmulOp.from_arrays(a, b, outs=[np.zeros((3, 2), np.float32)])
    again, operands = ops.MatmulOp.from_arrays(a, b, outs=[np.zeros((3, 2), np.float32)])
    assert again is first and operands[0] is a
    assert any(v is first for v in current_runtime().array_instances.values())
    other, _ = ops.MatmulOp.from_arrays(
        a.astype(np.float64), b.astype(np.float64), outs=[np.zeros((3, 2))]
    )
    assert other is not first and other.element_types[0].name == "f64"
    np.testing.assert_array_equal(ops.matmul(a, b, outs=[np.zeros((3, 2), np.float32)]), 4)
    masked = np.ma.masked_array(a, mask=np.zeros_like(a, bool))
    with pytest.raises(OpError, match="masked array"):
        ops.matmul(masked, b, outs=[np.zeros((3, 2), np.float32)])
    with pytest.raises(OpError, match="read-only"):
        ro = np.zeros((3, 2), np.float32)
        ro.flags.writeable = False
        ops.matmul(a, b, outs=[ro])
    with pytest.raises(OpError):
        ops.matmul(a, np.ones((5, 2), np.float32), outs=[np.zeros((3, 2), np.float32)])


def test_a_repeated_call_runs_the_prepared_plan_and_matches_numpy() -> None:
    """The second call of a signature runs the runner the first call prepared (not the
    binding path), with each call's own data."""
    from linalg_odsgen.runtime import current_runtime

    rng = np.random.default_rng(7)
    a, b = rng.random((5, 6), f32), rng.random((6, 3), f32)
    ops.matmul(a, b, outs=[np.zeros((5, 3), f32)])
    assert any(key[0] is ops.MatmulOp for key in current_runtime().prepared)
    calls = []
    original = ops.MatmulOp.from_arrays

    def spy(*args, **kwargs):
        calls.append(1)
        return original(*args, **kwargs)

    ops.MatmulOp.from_arrays = spy  # type: ignore[method-assign]
    try:
        for _ in range(3):
            x, y = rng.random((5, 6), f32), rng.random((6, 3), f32)
            c0 = rng.random((5, 3), f32)
            got = ops.matmul(x, y, outs=[c0.copy()])
            want = c0.astype(np.float64) + x.astype(np.float64) @ y.astype(np.float64)
            np.testing.assert_allclose(got, want, rtol=1e-5)
    finally:
        ops.MatmulOp.from_arrays = original  # type: ignore[method-assign]
    assert calls == []


def test_prepared_calls_still_copy_an_input_that_is_also_the_output() -> None:
    """Same dtypes, shapes and strides as a prepared call, but the output is an input:
    the full path runs and the input is read as it was before the op."""
    rng = np.random.default_rng(8)
    a = rng.random((8, 8), f32)
    for _ in range(2):
        ops.matmul(a, rng.random((8, 8), f32), outs=[np.zeros((8, 8), f32)])
    c = rng.random((8, 8), f32)
    want = c.astype(np.float64) + a.astype(np.float64) @ c.astype(np.float64)
    np.testing.assert_allclose(ops.matmul(a, c, outs=[c]), want, rtol=1e-5)


def test_prepared_calls_still_refuse_read_only_and_overlapping_outputs() -> None:
    x = np.ones((4,), f32)
    for _ in range(2):
        ops.add(x, x, outs=[np.zeros(4, f32)])
    ro = np.zeros(4, f32)
    ro.flags.writeable = False
    with pytest.raises(OpError, match="read-only"):
        ops.add(x, x, outs=[ro])


def test_prepared_calls_follow_the_default_backend_and_fast_settings() -> None:
    """Changing the default backend, the temporary limit or the hand-off setting after a
    prepared call takes effect on the next call."""
    from linalg_odsgen.runtime import backends
    from linalg_odsgen.runtime.backends import auto, fast

    seen: list[str] = []
    backends.register_backend("spy", lambda op, operands: seen.append(op.OP_NAME))
    x = np.arange(6, dtype=f32)
    try:
        for _ in range(2):
            ops.exp(x, outs=[np.zeros(6, f32)])
        with backends.default_backend_set_to("spy"):
            ops.exp(x, outs=[np.zeros(6, f32)])
    finally:
        backends.unregister_backend("spy")
    assert seen == ["exp"]
    op, operands = ops.ExpOp.from_arrays(x, outs=[np.zeros(6, f32)])
    runner = fast.prepare(op, operands)
    assert runner is not None and runner([x, np.zeros(6, f32)])
    with fast.temp_limit(1 << 12):
        assert not runner([x, np.zeros(6, f32)])
    h = np.ones((3, 3), np.float16)
    narrow, narrow_operands = ops.MatmulOp.from_arrays(h, h, outs=[np.zeros((3, 3), np.float16)])
    try:
        auto.set_handoff(False)
        narrow_runner = auto.prepare(narrow, narrow_operands)
        assert narrow_runner is not None and narrow_runner([h, h, np.zeros((3, 3), np.float16)])
        auto.set_handoff(True)  # an f16 sequential loop may now go to the compiled backend
        assert not narrow_runner([h, h, np.zeros((3, 3), np.float16)])
        assert runner([x, np.zeros(6, f32)])  # exp's plan stays in NumPy either way
        fast_runner = fast.prepare(narrow, narrow_operands)  # `fast` ignores the setting
        assert fast_runner is not None and fast_runner([h, h, np.zeros((3, 3), np.float16)])
    finally:
        auto.set_handoff(None)
    out = np.zeros(6, f32)
    ops.exp(x, outs=[out])
    np.testing.assert_array_equal(out, np.exp(x))


def test_prepared_calls_read_unsigned_arrays_as_their_signless_type() -> None:
    """uint8 arrays bind to i8 (signless): a repeated call reads them the same way."""
    a = np.array([[200, 3], [7, 255]], np.uint8)
    b = np.array([[1, 2], [3, 4]], np.uint8)
    first = ops.matmul(a, b, outs=[np.zeros((2, 2), np.uint8)]).copy()
    out = np.zeros((2, 2), np.uint8)
    again = ops.matmul(a, b, outs=[out])
    assert again is out  # the caller's array, not the signless view the plan ran on
    loops = ops.matmul(a, b, outs=[np.zeros((2, 2), np.uint8)], backend="loops")
    np.testing.assert_array_equal(first, loops)
    np.testing.assert_array_equal(again, loops)
    want = (a.astype(np.int64) @ b.astype(np.int64)) % 256
    np.testing.assert_array_equal(again, want.astype(np.uint8))
