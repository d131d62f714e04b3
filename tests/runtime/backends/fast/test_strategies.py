"""Each strategy of the fast backend computes what the loop nest computes.

The ops here are built by hand (see `fast_handmade`) so the strategies are
exercised on shapes the core library lacks: dilated strided windows, several
outputs, `linalg.index` in a reduction, reduction dims no input reads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from fast_handmade import IN, OUT, SCALAR, make_op

from linalg_odsgen.runtime import RegionHelper, StructuredOp
from linalg_odsgen.runtime.backends import fast
from linalg_odsgen.runtime.backends.fast.engine import STRATEGIES, candidate_plans
from linalg_odsgen.types import I64

RNG = np.random.default_rng(1234)


def rand(shape: tuple[int, ...], dtype: Any) -> np.ndarray:
    dt = np.dtype(dtype)
    if dt == np.bool_:
        return RNG.integers(0, 2, size=shape).astype(bool)
    if dt.kind in "iu":
        info = np.iinfo(dt)
        return RNG.integers(info.min, info.max, size=shape, dtype=dt, endpoint=True)
    return (RNG.standard_normal(shape) * 3).astype(dt)


def contraction(b: RegionHelper, x: str, y: str, out: str) -> None:
    t = "U"
    b.yield_(
        b.binary(
            "add",
            b.arg(out),
            b.binary(
                "mul", b.type_fn("cast_signed", t, b.arg(x)), b.type_fn("cast_signed", t, b.arg(y))
            ),
        )
    )


MATMUL_T = make_op(
    "matmul_t",  # C[m, n] += A[k, m] * B[n, k]: transposed operands
    [("A", IN, "T1"), ("B", IN, "T2"), ("C", OUT, "U")],
    ["(m, n, k) -> (k, m)", "(m, n, k) -> (n, k)", "(m, n, k) -> (m, n)"],
    ["parallel", "parallel", "reduction"],
    lambda b: contraction(b, "A", "B", "C"),
)

CONV_STRIDED_DILATED = make_op(
    "conv_sd",  # O[n, oh, ow, f] += I[n, 2oh + 3kh, 2ow + kw, c] * K[kh, kw, c, f]
    [("I", IN, "T1"), ("K", IN, "T2"), ("O", OUT, "U")],
    [
        "(n, oh, ow, f, kh, kw, c) -> (n, oh * 2 + kh * 3, ow * 2 + kw, c)",
        "(n, oh, ow, f, kh, kw, c) -> (kh, kw, c, f)",
        "(n, oh, ow, f, kh, kw, c) -> (n, oh, ow, f)",
    ],
    ["parallel"] * 4 + ["reduction"] * 3,
    lambda b: contraction(b, "I", "K", "O"),
)

DEPTHWISE = make_op(
    "depthwise",  # O[n, ow, c] += I[n, ow + kw, c] * K[kw, c]
    [("I", IN, "T1"), ("K", IN, "T2"), ("O", OUT, "U")],
    [
        "(n, ow, c, kw) -> (n, ow + kw, c)",
        "(n, ow, c, kw) -> (kw, c)",
        "(n, ow, c, kw) -> (n, ow, c)",
    ],
    ["parallel"] * 3 + ["reduction"],
    lambda b: contraction(b, "I", "K", "O"),
)


def pool(fn: str, cast: str) -> Callable[[RegionHelper], None]:
    def build(b: RegionHelper) -> None:
        b.yield_(b.binary(fn, b.arg("O"), b.type_fn(cast, "U", b.arg("I"))))

    return build


def pool_op(fn: str, cast: str = "cast_signed") -> type[StructuredOp]:
    return make_op(
        f"pool_{fn}",  # O[n, oh, c] = fn(O, I[n, 2oh + 2kh, c]); K is shape-only
        [("I", IN, "T1"), ("K", IN, "T2"), ("O", OUT, "U")],
        [
            "(n, oh, c, kh) -> (n, oh * 2 + kh * 2, c)",
            "(n, oh, c, kh) -> (kh)",
            "(n, oh, c, kh) -> (n, oh, c)",
        ],
        ["parallel"] * 3 + ["reduction"],
        pool(fn, cast),
    )


def _two_outputs(b: RegionHelper) -> None:
    x = b.arg("X")
    b.yield_(b.binary("max_signed", b.arg("M"), x), b.binary("add", b.arg("S"), x))


TWO_OUTPUTS = make_op(  # row max and row sum in one pass
    "row_max_sum",
    [("X", IN, "T"), ("M", OUT, "T"), ("S", OUT, "T")],
    ["(i, j) -> (i, j)", "(i, j) -> (i)", "(i, j) -> (i)"],
    ["parallel", "reduction"],
    _two_outputs,
)


def _index_reduction(b: RegionHelper) -> None:
    i = b.type_fn("cast_signed", "T", b.type_fn("cast_signed", I64, b.index(1)))
    b.yield_(b.binary("add", b.arg("O"), b.binary("mul", b.arg("X"), i)))


INDEX_REDUCTION = make_op(  # O[i] += X[i, j] * j
    "weighted_sum",
    [("X", IN, "T"), ("O", OUT, "T")],
    ["(i, j) -> (i, j)", "(i, j) -> (i)"],
    ["parallel", "reduction"],
    _index_reduction,
)


def _horner(b: RegionHelper) -> None:  # O = O * s + X: not a plain reduction
    b.yield_(b.binary("add", b.binary("mul", b.arg("O"), b.arg("s")), b.arg("X")))


HORNER = make_op(
    "horner",
    [("X", IN, "T"), ("s", SCALAR, "T"), ("O", OUT, "T")],
    ["(i, j) -> (j, i)", "(i, j) -> ()", "(i, j) -> (i)"],
    ["parallel", "reduction"],
    _horner,
)

UNREAD_REDUCTION = make_op(  # O[i] += X[i] for every k: k only sizes the shape-only K
    "repeat_sum",
    [("X", IN, "T"), ("K", IN, "T"), ("O", OUT, "T")],
    ["(i, k) -> (i)", "(i, k) -> (k)", "(i, k) -> (i)"],
    ["parallel", "reduction"],
    lambda b: b.yield_(b.binary("add", b.arg("O"), b.arg("X"))),
)

BATCH_OUTER = make_op(  # O[b, m, n] += X[b, m, r] * Y[n, b]: r summed in X alone
    "batch_outer",
    [("X", IN, "T1"), ("Y", IN, "T2"), ("O", OUT, "U")],
    ["(b, m, n, r) -> (b, m, r)", "(b, m, n, r) -> (n, b)", "(b, m, n, r) -> (b, m, n)"],
    ["parallel"] * 3 + ["reduction"],
    lambda b: contraction(b, "X", "Y", "O"),
)


CASES: list[tuple[str, type[StructuredOp], list[tuple[tuple[int, ...], str]]]] = [
    ("matmul_t", MATMUL_T, [((7, 5), "a"), ((6, 7), "b"), ((5, 6), "u")]),
    (
        "conv_sd",
        CONV_STRIDED_DILATED,
        [((2, 13, 9, 3), "a"), ((3, 2, 3, 4), "b"), ((2, 3, 4, 4), "u")],
    ),
    ("depthwise", DEPTHWISE, [((2, 10, 3), "a"), ((3, 3), "b"), ((2, 8, 3), "u")]),
    ("pool_max", pool_op("max_signed"), [((2, 11, 3), "a"), ((3,), "a"), ((2, 4, 3), "u")]),
    (
        "pool_minu",
        pool_op("min_unsigned", "cast_unsigned"),
        [((2, 11, 3), "a"), ((3,), "a"), ((2, 4, 3), "u")],
    ),
    ("row_max_sum", TWO_OUTPUTS, [((5, 9), "a"), ((5,), "a"), ((5,), "a")]),
    ("weighted_sum", INDEX_REDUCTION, [((4, 6), "a"), ((4,), "a")]),
    ("horner", HORNER, [((6, 4), "a"), ((), "a"), ((4,), "a")]),
    ("repeat_sum", UNREAD_REDUCTION, [((4,), "a"), ((3,), "a"), ((4,), "a")]),
    ("batch_outer", BATCH_OUTER, [((3, 4, 5), "a"), ((2, 3), "b"), ((3, 4, 2), "u")]),
]

DTYPES: dict[str, list[tuple[Any, Any, Any]]] = {
    # (a, b, u) element dtypes per op family
    "contraction": [
        (np.float32, np.float32, np.float32),
        (np.float16, np.float16, np.float16),
        (np.int8, np.int8, np.int32),
        (np.uint8, np.int16, np.int64),
        (np.float64, np.float64, np.float64),
        (np.bool_, np.bool_, np.bool_),
    ],
    "pool": [
        (np.float32, np.float32, np.float32),
        (np.int8, np.int8, np.int16),
        (np.float16, np.float16, np.float16),
    ],
}


def family(name: str) -> str:
    return "pool" if name.startswith("pool") else "contraction"


def instantiate(
    cls: type[StructuredOp], spec: list[tuple[tuple[int, ...], str]], dts: tuple[Any, Any, Any]
) -> tuple[list[Any], list[np.ndarray]]:
    pick = {"a": dts[0], "b": dts[1], "u": dts[2]}
    values = [rand(shape, pick[k]) for shape, k in spec]
    defs = [d for d in cls.OPERANDS if d.kind.is_value]
    ins = [
        v if d.kind.is_tensor else v[()]
        for v, d in zip(values, defs, strict=True)
        if d.kind.is_input
    ]
    outs = [v for v, d in zip(values, defs, strict=True) if not d.kind.is_input]
    return ins, outs


def close(got: np.ndarray, want: np.ndarray) -> None:
    if got.dtype.kind == "f":
        tol = 2e-2 if got.dtype.itemsize == 2 else 1e-4
        np.testing.assert_allclose(
            got, want, rtol=tol, atol=tol * max(1.0, float(np.abs(want).max(initial=0)))
        )
    else:
        np.testing.assert_array_equal(got, want)


def run_all_strategies(cls: type[StructuredOp], ins: list[Any], outs: list[np.ndarray]) -> set[str]:
    ref = [o.copy() for o in outs]
    cls.call(*ins, outs=ref, backend="loops")
    op, operands = cls.from_arrays(*ins, outs=[o.copy() for o in outs])
    problem = fast.make_problem(op, operands)
    assert problem is not None
    applicable = set(candidate_plans(problem, fast.get_temp_limit()))
    for strategy in applicable:
        got = [o.copy() for o in outs]
        op2, operands2 = cls.from_arrays(*ins, outs=got)
        fast.run(op2, operands2, strategy=strategy)
        for g, r in zip(got, ref, strict=True):
            if strategy == "ordered":
                np.testing.assert_array_equal(g, r)  # same order as the loops: bit-exact
            else:
                close(g, r)
    got = [o.copy() for o in outs]
    cls.call(*ins, outs=got, backend="fast")
    for g, r in zip(got, ref, strict=True):
        close(g, r)
    return applicable


@pytest.mark.parametrize(("name", "cls", "spec"), CASES, ids=[c[0] for c in CASES])
def test_every_applicable_strategy_matches_loops(
    name: str, cls: type[StructuredOp], spec: list[tuple[tuple[int, ...], str]]
) -> None:
    for dts in DTYPES[family(name)]:
        if (
            name in ("row_max_sum", "weighted_sum", "horner", "repeat_sum")
            and np.dtype(dts[0]) == np.bool_
        ):
            continue
        if name in ("row_max_sum", "weighted_sum", "horner", "repeat_sum"):
            dts = (dts[0], dts[0], dts[0])
        if name == "pool_minu" and np.dtype(dts[0]).kind == "f":
            continue  # unsigned min is an integer-only function
        ins, outs = instantiate(cls, spec, dts)
        run_all_strategies(cls, ins, outs)


@pytest.mark.parametrize(
    ("cls", "spec", "dts", "expected"),
    [
        (MATMUL_T, CASES[0][2], (np.float32,) * 3, {"ordered", "reduce", "gemm"}),
        (MATMUL_T, CASES[0][2], (np.float16,) * 3, {"ordered"}),  # f16 sums round per step
        (HORNER, CASES[7][2], (np.float32,) * 3, {"ordered"}),
        (TWO_OUTPUTS, CASES[5][2], (np.float32,) * 3, {"ordered", "reduce"}),
        (UNREAD_REDUCTION, CASES[8][2], (np.int32,) * 3, {"ordered", "reduce"}),
    ],
)
def test_strategies_apply_by_payload_shape(
    cls: type[StructuredOp], spec: Any, dts: Any, expected: set[str]
) -> None:
    ins, outs = instantiate(cls, spec, dts)
    assert run_all_strategies(cls, ins, outs) == expected


def test_forcing_an_inapplicable_strategy_is_an_error() -> None:
    ins, outs = instantiate(HORNER, CASES[7][2], (np.float32,) * 3)
    op, operands = HORNER.from_arrays(*ins, outs=outs)
    with pytest.raises(ValueError, match="does not apply"):
        fast.run(op, operands, strategy="gemm")


def test_float_max_reduction_orders_signed_zeros_and_propagates_nan() -> None:
    x = np.array([[-0.0, 0.0, -0.0], [-0.0, -0.0, -0.0], [1.0, np.nan, 2.0]], np.float32)
    for strategy in ("ordered", "reduce"):
        m = np.full(3, -np.inf, np.float32)
        s = np.zeros(3, np.float32)
        op, operands = TWO_OUTPUTS.from_arrays(x, outs=[m, s])
        fast.run(op, operands, strategy=strategy)
        assert list(np.signbit(m[:2])) == [False, True], strategy
        assert np.isnan(m[2]), strategy


def test_integer_gemm_wraps_like_mlir_when_sums_overflow() -> None:
    # i64 accumulators fed with huge values: no f64 shortcut, the matmul wraps modulo 2**64.
    a = np.full((5, 2), 2**62 + 3, dtype=np.int64)
    b = np.full((3, 5), 7, dtype=np.int64)
    c = np.zeros((2, 3), np.int64)
    want = c.copy()
    MATMUL_T.call(a, b, outs=[want], backend="loops")
    op, operands = MATMUL_T.from_arrays(a, b, outs=[c])
    fast.run(op, operands, strategy="gemm")
    np.testing.assert_array_equal(c, want)


def test_all_strategies_named() -> None:
    assert set(STRATEGIES) == {"ordered", "reduce", "gemm", "taps"}


@pytest.mark.parametrize("strategy", ["ordered", "reduce", "gemm"])
def test_tiles_keep_temporaries_under_the_limit_and_results_unchanged(strategy: str) -> None:
    ins, outs = instantiate(CONV_STRIDED_DILATED, CASES[1][2], (np.float64,) * 3)
    want = [o.copy() for o in outs]
    CONV_STRIDED_DILATED.call(*ins, outs=want, backend="loops")
    with fast.temp_limit(512):
        op, operands = CONV_STRIDED_DILATED.from_arrays(*ins, outs=outs)
        plan = fast.plan(op, operands, strategy)
        assert plan is not None
        assert plan.temp_bytes <= 512
        assert plan.tile != tuple(fast.make_problem(op, operands).ranges)  # really tiled
        fast.run(op, operands, strategy=strategy)
    close(outs[0], want[0])


def test_temp_limit_rejects_nonpositive_and_restores() -> None:
    old = fast.get_temp_limit()
    with pytest.raises(ValueError):
        fast.set_temp_limit(0)
    with fast.temp_limit(1 << 10):
        assert fast.get_temp_limit() == 1 << 10
    assert fast.get_temp_limit() == old


def test_empty_iteration_space_leaves_outputs_alone() -> None:
    a = np.zeros((0, 3), np.float32)
    b = np.zeros((4, 0), np.float32)
    c = np.ones((3, 4), np.float32)
    MATMUL_T.call(a, b, outs=[c], backend="fast")
    np.testing.assert_array_equal(c, np.ones((3, 4), np.float32))


UPSAMPLE = make_op(  # O[i] = I[i floordiv 2]: not linear, so the loops backend runs it
    "upsample",
    [("I", IN, "T"), ("O", OUT, "T")],
    ["(i) -> (i floordiv 2)", "(i) -> (i)"],
    ["parallel"],
    lambda b: b.yield_(b.arg("I")),
)


def test_nonlinear_maps_fall_back_to_the_loops_backend() -> None:
    x = np.arange(4, dtype=np.int32)
    o = np.zeros(8, np.int32)
    op, operands = UPSAMPLE.from_arrays(x, outs=[o])
    assert fast.plan(op, operands) is None
    assert fast.explain(op, operands) == (
        "loops (the map of operand 'I', (d0) -> (d0 floordiv 2), uses floordiv/mod "
        "or is not linear)"
    )
    UPSAMPLE.call(x, outs=[o], backend="fast")
    np.testing.assert_array_equal(o, np.repeat(x, 2))


STRIDED_STORE = make_op(  # O[2 * i] = I[i]: the output map is not a projected permutation
    "strided_store",
    [("I", IN, "T"), ("O", OUT, "T")],
    ["(i) -> (i)", "(i) -> (i * 2)"],
    ["parallel"],
    lambda b: b.yield_(b.arg("I")),
)


def test_outputs_that_are_not_projected_permutations_fall_back_to_the_loops_backend() -> None:
    x = np.arange(1, 5, dtype=np.int32)
    o = np.zeros(7, np.int32)
    op, operands = STRIDED_STORE.from_arrays(x, outs=[o])
    assert fast.plan(op, operands) is None
    assert fast.explain(op, operands) == (
        "loops (the map of output 'O', (d0) -> (d0 * 2), is not a projected permutation)"
    )
    STRIDED_STORE.call(x, outs=[o], backend="fast")
    np.testing.assert_array_equal(o, [1, 0, 2, 0, 3, 0, 4])


def test_fast_names_itself_when_its_element_wise_fallback_exceeds_the_limit() -> None:
    """An op whose output map fast cannot view runs the reference nest under the loops
    point limit; the refusal names the fast backend and points to compiled."""
    from linalg_odsgen.runtime import OpError, Runtime

    x = np.arange(1, 5, dtype=np.int32)
    o = np.zeros(7, np.int32)
    expected = r"the fast backend cannot vectorise .* 4 loop points"
    with Runtime(loops_max_points=3).active(), pytest.raises(OpError, match=expected):
        STRIDED_STORE.call(x, outs=[o], backend="fast")
    assert not o.any()


def test_auto_above_fast_is_the_default_backend() -> None:
    from linalg_odsgen.runtime import default_backend

    assert default_backend() == "auto"
