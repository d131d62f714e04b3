"""Operand rules every backend obeys: byte order, aliasing, masked and ragged inputs,
backend names. Expected values are computed here with plain NumPy."""

from __future__ import annotations

import numpy as np
import pytest

from linalg_odsgen import ops
from linalg_odsgen.diagnostics import DiagnosticError
from linalg_odsgen.runtime.errors import OpError

BACKENDS = ["loops", "fast"]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("order", [">", "<"])
def test_any_byte_order_gives_the_same_answer_and_updates_outs_in_place(backend, order):
    a = np.arange(6, dtype=f"{order}f4").reshape(2, 3)
    b = np.arange(6, dtype=f"{order}f4").reshape(3, 2)
    out = np.ones((2, 2), f"{order}f4")
    got = ops.matmul(a, b, outs=[out], backend=backend)
    assert got is out and out.dtype.byteorder in (order, "=")
    np.testing.assert_array_equal(out, 1 + a.astype(np.float64) @ b.astype(np.float64))
    x = np.arange(5, dtype=f"{order}i4")
    s = ops.add(x, np.arange(5, dtype="<i4"), outs=[np.zeros(5, f"{order}i4")], backend=backend)
    assert s.tolist() == [0, 2, 4, 6, 8]
    f = ops.fill(np.float64(2.5), outs=[np.zeros(3, f"{order}f8")], backend=backend)
    assert f.tolist() == [2.5, 2.5, 2.5]


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_input_aliasing_an_output_is_read_as_before_the_op(backend):
    x = np.arange(4.0)
    ops.add(x, x[::-1], outs=[x], backend=backend)
    assert x.tolist() == [3.0, 3.0, 3.0, 3.0]  # every element: x[i] + x[3 - i] of the old x
    a = np.arange(4.0).reshape(2, 2)
    old = a.copy()
    ops.matmul(a, np.eye(2) * 2, outs=[a], backend=backend)
    np.testing.assert_array_equal(a, old + old @ (np.eye(2) * 2))


@pytest.mark.parametrize("backend", BACKENDS)
def test_two_outputs_sharing_memory_are_refused(backend):
    import types

    from linalg_odsgen.codegen import generate_from_yaml
    from linalg_odsgen.tc import tc_to_yaml

    text, _ = tc_to_yaml(
        [("def two(A: f32(M)) -> (P: f32(M), Q: f32(M)) { P(m), Q(m) = A(m), A(m); }", "t.tc")]
    )
    module = types.ModuleType("two")
    exec(compile(generate_from_yaml(text, "t.yaml"), "t", "exec"), module.__dict__)
    buf = np.zeros(4, np.float32)
    with pytest.raises(OpError, match="share memory"):
        module.two(np.ones(4, np.float32), outs=[buf, buf[::-1]], backend=backend)


def test_masked_and_ragged_inputs_are_refused_by_name():
    masked = np.ma.masked_array([1.0, 2.0], mask=[0, 1])
    with pytest.raises(OpError, match="'lhs' is a masked array"):
        ops.add(masked, masked, outs=[np.zeros(2)])
    with pytest.raises(OpError, match="'lhs' is not a rectangular array"):
        ops.add([[1.0, 2.0], [3.0]], [[1.0, 2.0], [3.0]], outs=[np.zeros(2)])


@pytest.mark.parametrize("backend", [["loops"], 3, "nope"])
def test_a_bad_backend_is_a_diagnostic(backend):
    with pytest.raises(DiagnosticError, match="backend"):
        ops.add(np.ones(2), np.ones(2), outs=[np.zeros(2)], backend=backend)


def test_attribute_values_beyond_int64_are_refused():
    x, w = np.ones((1, 8, 2), np.float32), np.ones((2, 2, 3), np.float32)
    with pytest.raises(OpError, match="does not fit in 64 bits"):
        ops.conv_1d_nwc_wcf(x, w, outs=[np.zeros((1, 4, 3), np.float32)], strides=[2**70])


@pytest.mark.parametrize("attr", ["strides", "dilations"])
def test_a_zero_stride_or_dilation_of_a_convolution_is_refused_even_without_sizes(attr):
    from linalg_odsgen.types import F32, ShapedType

    types = [ShapedType("memref", s, F32) for s in ((1, None, 2), (None, 2, 3), (1, None, 3))]
    with pytest.raises(OpError, match="drops out of the indexing map of operand 'I'"):
        ops.OPS["conv_1d_nwc_wcf"].from_types(types, **{attr: [0]})


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_huge_but_empty_domain_is_not_materialized(backend):
    a = np.broadcast_to(np.float32(1), (0, 10**9))  # views: no memory behind them
    b = np.broadcast_to(np.float32(1), (10**9, 3))
    assert ops.matmul(a, b, outs=[np.zeros((0, 3), np.float32)], backend=backend).shape == (0, 3)


def test_loop_nest_is_lazy_for_huge_ranges():
    from linalg_odsgen.runtime import loop_nest

    assert next(loop_nest(10**12, 10**12)) == (0, 0)
    assert list(loop_nest(2, 0, 10**12)) == []
    assert list(loop_nest(2, 2)) == [(0, 0), (0, 1), (1, 0), (1, 1)]
