"""Spec files in the manner of the historical tool (tests/data/tc/) translate, validate,
execute equal to independent NumPy references and print MLIR that mlir-opt-22 accepts."""

from __future__ import annotations

import types
from pathlib import Path

import numpy as np
import numpy_reference as ref
import pytest
from mlir_opt import needs_mlir_opt

from linalg_odsgen.codegen import generate_from_yaml
from linalg_odsgen.model import IteratorType
from linalg_odsgen.tc import read_tc, tc_to_yaml
from linalg_odsgen.validation import validate_source

DATA = Path(__file__).resolve().parents[1] / "data" / "tc"
FILES = sorted(DATA.glob("*.tc"))
P, R = IteratorType.PARALLEL, IteratorType.REDUCTION


def _module(path: Path) -> types.ModuleType:
    text, _ = tc_to_yaml([(path.read_bytes(), str(path))])
    module = types.ModuleType(path.stem)
    exec(compile(generate_from_yaml(text, path.name), path.name, "exec"), module.__dict__)
    return module


EARLY = _module(DATA / "early_tool_tests.tc")
SPEC = _module(DATA / "named_ops_spec.tc")
RNG = np.random.default_rng(3)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_file_translates_to_yaml_that_validates_clean(path):
    text, _ = tc_to_yaml([(path.read_bytes(), str(path))])
    assert text.count("--- !LinalgOpConfig") == text.count("\n  name: ") > 0
    assert validate_source(text, "out.yaml") == []


def test_attribute_symbols_follow_shape_symbols_as_the_old_tool_numbered_them():
    (test5,) = [o for o in read_tc([((DATA / "early_tool_tests.tc").read_bytes(), "x")]).library.ops if o.name == "test5"]  # fmt: skip
    # N H W C F KH KW are s0..s6; strides[0], strides[1] are s7, s8; c is the last dim d6.
    i_map = test5.structured_op.indexing_maps[0]
    assert str(i_map) == (
        "(d0, d1, d2, d3, d4, d5, d6)[s0, s1, s2, s3, s4, s5, s6, s7, s8] -> "
        "(d0, d1 * s7 + d4, d2 * s8 + d5, d6)"
    )
    assert test5.structured_op.iterator_types == (P, P, P, P, R, R, R)


def test_doc_summary_may_start_after_the_opening_quotes():
    assert EARLY.Test3Op.DOC == (
        "A one-line title.\n\nA longer description\n  with an indented line."
    )


@pytest.mark.parametrize("backend", ["loops", "fast"])
def test_column_major_matmul(backend):
    a, b, c = RNG.standard_normal((4, 3)), RNG.standard_normal((5, 4)), RNG.standard_normal((5, 3))
    a, b, c = (x.astype(np.float32) for x in (a, b, c))
    got = SPEC.matmul_column_major(a, b, outs=[c.copy()], backend=backend)
    np.testing.assert_allclose(got, c + b @ a, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("backend", ["loops", "fast"])
def test_i8_product_wraps_before_sign_extension(backend):
    a = RNG.integers(-128, 128, (3, 6)).astype(np.int8)
    b = RNG.integers(-128, 128, (6, 2)).astype(np.int8)
    c = RNG.integers(-50, 50, (3, 2)).astype(np.int32)
    prod = (a.astype(np.int64)[:, :, None] * b.astype(np.int64)[None]).astype(np.int8)
    want = c + prod.astype(np.int32).sum(axis=1, dtype=np.int32)
    got = SPEC.matmul_i8_i8_i32(a, b, outs=[c.copy()], backend=backend)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("backend", ["loops", "fast"])
def test_i32_matvec_wraps(backend):
    a = RNG.integers(-(2**31), 2**31, (3, 4)).astype(np.int32)
    y = RNG.integers(-(2**31), 2**31, (4,)).astype(np.int32)
    x = np.zeros(3, np.int32)
    want = (a.astype(np.int64) @ y.astype(np.int64)).astype(np.int32)  # wrap mod 2**32
    np.testing.assert_array_equal(SPEC.matvec_i32(a, y, outs=[x], backend=backend), want)


@pytest.mark.parametrize("backend", ["loops", "fast"])
def test_strided_dilated_conv_without_listed_channel_reduction(backend):
    x = RNG.standard_normal((2, 12, 11, 3)).astype(np.float32)
    w = RNG.standard_normal((2, 3, 3, 4)).astype(np.float32)
    out = RNG.standard_normal((2, 4, 3, 4)).astype(np.float32)
    got = SPEC.conv_2d_input_nhwc_filter_hwcf(
        x, w, outs=[out.copy()], strides=[3, 2], dilations=[2, 2], backend=backend
    )
    want = ref.conv("conv_2d_nhwc_hwcf", x, w, out, (3, 2), (2, 2))
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("backend", ["loops", "fast"])
@pytest.mark.parametrize(
    ("name", "kind", "dtype"),
    [
        ("pooling_nhwc_sum", "sum", np.float32),
        ("pooling_nhwc_max", "max", np.float32),
        ("pooling_nhwc_i32_min", "min", np.int32),
    ],
)
def test_pooling_idioms_equal_window_reductions(name, kind, dtype, backend):
    x = (RNG.standard_normal((1, 9, 8, 2)) * 100).astype(dtype)
    out = (RNG.standard_normal((1, 3, 3, 2)) * 100).astype(dtype)
    window = np.zeros((2, 3), dtype)
    got = getattr(SPEC, name)(
        x, window, outs=[out.copy()], strides=[3, 2], dilations=[2, 1], backend=backend
    )
    want = ref.pooling(f"pooling_nhwc_{kind}", x, (2, 3), out, (3, 2), (2, 1))
    np.testing.assert_allclose(got, want, rtol=1e-5)


@pytest.mark.parametrize("backend", ["loops", "fast"])
def test_two_outputs_of_one_comprehension(backend):
    a = RNG.standard_normal((3, 4)).astype(np.float64)
    s, p = EARLY.test7(a, outs=[np.zeros(3), np.ones(3)], backend=backend)
    np.testing.assert_allclose(s, a.sum(axis=1))
    np.testing.assert_allclose(p, a.prod(axis=1))


@needs_mlir_opt
@pytest.mark.mlir
def test_every_historical_op_passes_the_mlir_conformance_checks():
    """Generic form verified by mlir-opt-22, reprinted unchanged, and executed by
    mlir-runner-22 equal to our runtime, over the harness's instances of each op."""
    from linalg_odsgen.conformance.library import Status, check_library
    from linalg_odsgen.mlir.tools import have_runner

    if not have_runner():
        pytest.skip("mlir-runner-22 missing")
    classes = [cls for path in FILES for cls in _module(path).OPS.values()]
    reports = check_library(classes)
    assert len(reports) == len(classes)
    for rep in reports:
        assert rep.cases > 0, rep.name
        assert rep.execution is Status.OK and rep.fixpoint is Status.OK, (rep.name, rep.failures)
        if rep.in_mlir:
            # MLIR 22 has an op of this name (dot, conv_1d, pooling_nhwc_max, ...): its named
            # form is MLIR's definition, whose payload may order operands differently
            # (max(O, I) vs the spec's max(I, O)); results must still agree (checked above).
            assert rep.named is Status.OK, (rep.name, rep.failures)
        else:
            assert rep.generic is Status.OK, (rep.name, rep.failures)
