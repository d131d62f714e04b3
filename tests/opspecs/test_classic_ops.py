"""The TC library `linalg_odsgen/opspecs/classic_ops.tc`: each op matches its DSL twin's structure
and executes equal to an independent NumPy reference."""

from __future__ import annotations

import importlib
from pathlib import Path

import numpy as np
import numpy_reference as ref
import pytest
from mlir_opt import mlir_opt, needs_mlir_opt

import linalg_odsgen.opspecs.core_named_ops as core
from linalg_odsgen.affine import AffineMap, constant, simplify_expr
from linalg_odsgen.dsl import collect_ops
from linalg_odsgen.model import OpConfig, OperandKind
from linalg_odsgen.tc import read_tc
from linalg_odsgen.validation import validate_source

REPO = Path(__file__).resolve().parents[2]
TC = REPO / "linalg_odsgen" / "opspecs" / "classic_ops.tc"

TC_OPS = {op.name: op for op in read_tc([(TC.read_bytes(), str(TC))]).library.ops}
DSL_OPS = {op.name: op.config for op in collect_ops(core)}
classic = importlib.import_module("linalg_odsgen.generated.classic_ops")

# The TC op whose DSL twin has another name (same maps, the twin converts operands).
TWIN = {"matmul_i8_i8_i32": "matmul"}


def _instantiated(op: OpConfig, attrs: dict[str, tuple[int, ...]]) -> list[AffineMap]:
    """Indexing maps with index-attribute symbols replaced by values: what an instance uses.
    Shape symbols never appear in indexing maps, so this removes symbol numbering."""
    values: dict[int, int] = {}
    for a in op.structured_op.args:
        if a.kind is OperandKind.INDEX_ATTR:
            assert a.index_attr_map is not None and a.default_indices is not None
            given = attrs.get(a.name, a.default_indices)
            for r, v in zip(a.index_attr_map.results, given, strict=True):
                values[r.position] = v  # type: ignore[attr-defined]
    out = []
    for m in op.structured_op.indexing_maps:
        syms = [constant(values.get(i, 0)) for i in range(m.num_symbols)]
        results = tuple(
            simplify_expr(r.replace({}, dict(enumerate(syms))), m.num_dims, 0) for r in m.results
        )
        out.append(AffineMap(m.num_dims, 0, results))
    return out


def test_library_is_not_empty_and_every_op_has_a_dsl_twin():
    assert len(TC_OPS) >= 15
    for name in TC_OPS:
        assert TWIN.get(name, name) in DSL_OPS, name


@pytest.mark.parametrize("name", sorted(TC_OPS))
def test_tc_op_has_the_maps_and_iterators_of_its_dsl_twin(name):
    tc, dsl = TC_OPS[name], DSL_OPS[TWIN.get(name, name)]
    assert tc.structured_op.iterator_types == dsl.structured_op.iterator_types
    attrs = {
        a.name: tuple(range(2, 2 + len(a.default_indices or ())))
        for a in dsl.structured_op.args
        if a.kind is OperandKind.INDEX_ATTR
    }
    assert sorted(a.name for a in tc.structured_op.args if a.kind is OperandKind.INDEX_ATTR) == (
        sorted(attrs)
    )
    for attr_values in ({}, attrs):
        assert _instantiated(tc, attr_values) == _instantiated(dsl, attr_values)
    tc_names = [a.name for a in tc.structured_op.value_args]
    dsl_names = [a.name for a in dsl.structured_op.value_args]
    assert tc_names == dsl_names
    assert tc.metadata.implements == dsl.metadata.implements


def test_checked_in_yaml_validates_clean():
    yaml_path = REPO / "linalg_odsgen" / "opspecs" / "classic_ops.yaml"
    assert validate_source(yaml_path.read_bytes(), str(yaml_path)) == []


# -- execution against NumPy -------------------------------------------------------------

RNG = np.random.default_rng(7)


def _f32(*shape: int) -> np.ndarray:
    return RNG.standard_normal(shape).astype(np.float32)


def _close(got: np.ndarray, want: np.ndarray) -> None:
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("backend", ["loops", "fast"])
@pytest.mark.parametrize("name", ["matmul", "matvec", "vecmat", "dot", "batch_matmul"])
def test_contractions_equal_einsum(name, backend):
    shapes = {
        "matmul": ((3, 4), (4, 5), (3, 5)),
        "matvec": ((3, 4), (4,), (3,)),
        "vecmat": ((3,), (3, 4), (4,)),
        "dot": ((6,), (6,), ()),
        "batch_matmul": ((2, 3, 4), (2, 4, 5), (2, 3, 5)),
    }[name]
    a, b, c = (_f32(*s) for s in shapes)
    want = ref.contraction(name, a, b, c)
    got = getattr(classic, name)(a, b, outs=[c.copy()], backend=backend)
    _close(got, want)


@pytest.mark.parametrize("backend", ["loops", "fast"])
def test_integer_matmul_sign_extends_before_multiplying(backend):
    a = RNG.integers(-128, 128, (3, 4), dtype=np.int8)
    b = RNG.integers(-128, 128, (4, 5), dtype=np.int8)
    c = RNG.integers(-1000, 1000, (3, 5), dtype=np.int32)
    # std_sexti32 widens each operand, std_muli/std_addi then work in i32 (no i8 wrap).
    want = c + a.astype(np.int32) @ b.astype(np.int32)
    got = classic.matmul_i8_i8_i32(a, b, outs=[c.copy()], backend=backend)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("backend", ["loops", "fast"])
@pytest.mark.parametrize("rank", [1, 2, 3])
def test_plain_convolutions_equal_reference(rank, backend):
    x, w = _f32(*(7,) * rank), _f32(*(3,) * rank)
    out = _f32(*(5,) * rank)
    got = getattr(classic, f"conv_{rank}d")(x, w, outs=[out.copy()], backend=backend)
    _close(got, ref.conv_plain(x, w, out))


CONVS = {
    # name: (input shape, kernel shape, output shape) for strides 2 and dilations 1.. (given)
    "conv_1d_nwc_wcf": ((2, 11, 3), (2, 3, 4), (2, 4, 4)),
    "conv_2d_nhwc_hwcf": ((1, 11, 11, 3), (2, 3, 3, 2), (1, 4, 3, 2)),
    "conv_2d_nchw_fchw": ((1, 3, 11, 11), (2, 3, 2, 3), (1, 2, 4, 3)),
    "conv_3d_ndhwc_dhwcf": ((1, 9, 9, 9, 2), (2, 2, 2, 2, 3), (1, 3, 3, 3, 3)),
}


@pytest.mark.parametrize("backend", ["loops", "fast"])
@pytest.mark.parametrize("name", sorted(CONVS))
def test_strided_dilated_convolutions_equal_reference(name, backend):
    xs, ws, os_ = CONVS[name]
    x, w, out = _f32(*xs), _f32(*ws), _f32(*os_)
    n_sp = len(xs) - 2
    strides, dilations = (2,) * n_sp, (3,) * n_sp
    got = getattr(classic, name)(
        x, w, outs=[out.copy()], strides=list(strides), dilations=list(dilations), backend=backend
    )
    _close(got, ref.conv(name, x, w, out, strides, dilations))


@pytest.mark.parametrize("backend", ["loops", "fast"])
@pytest.mark.parametrize(
    ("name", "xs", "ws", "os_"),
    [
        ("depthwise_conv_1d_nwc_wc", (2, 9, 3), (2, 3), (2, 4, 3)),
        ("depthwise_conv_2d_nhwc_hwc", (1, 9, 8, 3), (2, 2, 3), (1, 4, 3, 3)),
        ("depthwise_conv_2d_nhwc_hwcm", (1, 9, 8, 3), (2, 2, 3, 2), (1, 4, 3, 3, 2)),
    ],
)
def test_depthwise_convolutions_equal_reference(name, xs, ws, os_, backend):
    x, w, out = _f32(*xs), _f32(*ws), _f32(*os_)
    n_sp = len(xs) - 2
    strides, dilations = (2,) * n_sp, (2,) * n_sp
    got = getattr(classic, name)(
        x, w, outs=[out.copy()], strides=list(strides), dilations=list(dilations), backend=backend
    )
    _close(got, ref.depthwise(name, x, w, out, strides, dilations))


@pytest.mark.parametrize("backend", ["loops", "fast"])
def test_sum_pooling_with_shape_only_window_equals_reference(backend):
    x, out = _f32(2, 9, 8, 3), _f32(2, 3, 3, 3)
    window = np.zeros((3, 2), np.float32)
    got = classic.pooling_nhwc_sum(
        x, window, outs=[out.copy()], strides=[2, 2], dilations=[1, 2], backend=backend
    )
    _close(got, ref.pooling("pooling_nhwc_sum", x, (3, 2), out, (2, 2), (1, 2)))


def test_tc_ops_run_on_other_float_types_like_dsl_twins():
    a, b = _f32(3, 4).astype(np.float64), _f32(4, 2).astype(np.float64)
    c = np.zeros((3, 2), np.float64)
    np.testing.assert_allclose(classic.matmul(a, b, outs=[c]), a @ b, rtol=1e-12)


def _instances() -> list[tuple[str, tuple[np.ndarray, ...], dict[str, list[int]]]]:
    """One small instance of every TC op, with non-default strides/dilations."""
    rng = np.random.default_rng(11)

    def f(*shape: int) -> np.ndarray:
        return rng.integers(-4, 5, shape).astype(np.float32)  # exact sums in any order

    cases = [
        ("matmul", (f(3, 4), f(4, 5), f(3, 5)), {}),
        ("matvec", (f(3, 4), f(4), f(3)), {}),
        ("vecmat", (f(3), f(3, 4), f(4)), {}),
        ("dot", (f(6), f(6), f()), {}),
        ("batch_matmul", (f(2, 3, 4), f(2, 4, 5), f(2, 3, 5)), {}),
        ("conv_1d", (f(7), f(3), f(5)), {}),
        ("conv_2d", (f(7, 6), f(3, 2), f(5, 5)), {}),
        ("conv_3d", (f(5, 5, 5), f(2, 2, 2), f(4, 4, 4)), {}),
        (
            "depthwise_conv_1d_nwc_wc",
            (f(2, 9, 3), f(2, 3), f(2, 4, 3)),
            {"strides": [2], "dilations": [2]},
        ),
        (
            "depthwise_conv_2d_nhwc_hwc",
            (f(1, 9, 8, 3), f(2, 2, 3), f(1, 4, 3, 3)),
            {"strides": [2, 2], "dilations": [2, 2]},
        ),
        (
            "depthwise_conv_2d_nhwc_hwcm",
            (f(1, 9, 8, 3), f(2, 2, 3, 2), f(1, 4, 3, 3, 2)),
            {"strides": [2, 2], "dilations": [2, 2]},
        ),
        (
            "pooling_nhwc_sum",
            (f(2, 9, 8, 3), f(3, 2), f(2, 3, 3, 3)),
            {"strides": [2, 2], "dilations": [1, 2]},
        ),
    ]
    for name, (xs, ws, os_) in CONVS.items():
        n_sp = len(xs) - 2
        cases.append(
            (name, (f(*xs), f(*ws), f(*os_)), {"strides": [2] * n_sp, "dilations": [3] * n_sp})
        )
    i8 = rng.integers(-128, 128, (3, 4)).astype(np.int8)
    cases.append(
        ("matmul_i8_i8_i32", (i8, i8.T.copy(), rng.integers(-9, 9, (3, 3)).astype(np.int32)), {})
    )
    return cases


def test_instances_cover_every_tc_op():
    assert {name for name, _, _ in _instances()} == set(TC_OPS)


@needs_mlir_opt
@pytest.mark.mlir
def test_every_tc_op_executes_in_mlir_runner_equal_to_loops():
    from linalg_odsgen.mlir import Form
    from linalg_odsgen.mlir.execution import ExecCase, output_bits, run_cases
    from linalg_odsgen.mlir.tools import have_runner

    if not have_runner():
        pytest.skip("mlir-runner-22 missing")
    cases, expected = [], []
    for name, arrays, attrs in _instances():
        *ins, out = arrays
        op, operands = classic.OPS[name].from_arrays(*ins, outs=[out.copy()], **attrs)
        cases.append(
            ExecCase(f"{name}-generic", op, tuple(x.copy() for x in operands), Form.GENERIC)
        )
        op.run(operands, backend="loops")
        expected.append(output_bits(op, operands))
    for case, got, want in zip(cases, run_cases(cases), expected, strict=True):
        for g, w in zip(got, want, strict=True):
            np.testing.assert_array_equal(g, w, err_msg=case.label)


@needs_mlir_opt
@pytest.mark.mlir
def test_generic_emit_of_tc_library_is_accepted_by_mlir_opt(tmp_path):
    from click.testing import CliRunner

    from linalg_odsgen.cli import main

    res = CliRunner().invoke(
        main,
        [
            "emit", "--lib", str(TC), "conv_2d_nhwc_hwcf", "--generic",
            "--type", "memref<1x9x9x3xf32>", "--type", "memref<2x2x3x4xf32>",
            "--type", "memref<1x4x4x4xf32>", "--attr", "strides=2,2",
        ],
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    assert "linalg.generic" in mlir_opt(res.output)
