"""The vectorised payload semantics agree bit for bit with the runtime's scalar table."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linalg_odsgen.payload import OP_CATEGORIES, OpCategory, PayloadOp, RegionBuilder
from linalg_odsgen.payloads.canonical import from_canonical, round_int
from linalg_odsgen.runtime.backends.fast.semantics import VECTOR_SEMANTICS, constant_array
from linalg_odsgen.runtime.scalar_semantics import constant_value, scalar_function
from linalg_odsgen.types import (
    BF16,
    F16,
    F32,
    F64,
    I1,
    I8,
    I16,
    I32,
    I64,
    INDEX,
    ElementType,
)

FLOATS = (F16, BF16, F32, F64)
INTS = (I1, I8, I16, I32, I64, INDEX)
INT_BINARY = ("addi", "subi", "muli", "divsi", "divui", "maxsi", "minsi", "maxui", "minui")
BITWISE = ("andi", "ori", "xori")
FLOAT_BINARY = (
    "addf",
    "subf",
    "mulf",
    "divf",
    "maximumf",
    "minimumf",
    "maxnumf",
    "minnumf",
)
UNARY = ("exp", "log", "absf", "ceil", "floor", "round", "sqrt", "rsqrt", "tanh", "erf")

N = 48


def values(t: ElementType, rng: np.random.Generator) -> np.ndarray:
    """Random values of `t` with the interesting ones (signed zeros, NaN, inf, extremes) mixed in."""
    if t.is_float:
        special = np.array([0.0, -0.0, np.nan, np.inf, -np.inf, 0.5, -0.5, 1.5, -2.5, 1.0])
        x = np.concatenate([special, rng.standard_normal(N - len(special)) * 4.0])
        x[len(special) :: 3] *= 1e3
        return rng.permutation(x).astype(t.dtype)
    bits = rng.integers(0, 256, size=N * t.dtype.itemsize, dtype=np.uint8)
    x = bits.view(t.unsigned_dtype)[:N].view(t.dtype).copy()
    if t.is_bool:
        return (bits[:N] & 1).astype(bool)
    x[:6] = np.array([0, 1, -1, 2, -2, 7]).astype(t.dtype)
    x[6] = np.iinfo(t.dtype).min
    x[7] = np.iinfo(t.dtype).max
    return rng.permutation(x)


def scalar_apply(op: PayloadOp, arrays: list[np.ndarray]) -> np.ndarray:
    fn = scalar_function(op)
    out = np.empty(N, dtype=op.result.type.dtype)
    for i in range(N):
        # Loaded elements in canonical form, as the compiled loop body loads them.
        args = [
            a[i] if v.type.is_float else -int(a[i]) if v.type.is_bool else int(a[i])
            for a, v in zip(arrays, op.operands, strict=True)
        ]
        out[i] = from_canonical(fn(*args), op.result.type)
    return out


def make(name: str, operand_types: list[ElementType], result: ElementType) -> PayloadOp:
    b = RegionBuilder(operand_types)
    b.create(name, b.args, result)
    return b.finish(()).ops[0]


def same_bits(a: np.ndarray, b: np.ndarray) -> bool:
    assert a.dtype == b.dtype, (a.dtype, b.dtype)
    if a.dtype.kind in "fV" or a.dtype.name == "bfloat16":
        nan = np.isnan(a.astype(np.float64))
        if not np.array_equal(nan, np.isnan(b.astype(np.float64))):
            return False
        bits = np.dtype(f"uint{a.dtype.itemsize * 8}")
        return np.array_equal(a.view(bits)[~nan], b.view(bits)[~nan])
    return np.array_equal(a, b)


def check(name: str, types: list[ElementType], result: ElementType, seed: int) -> None:
    rng = np.random.default_rng(seed)
    op = make(f"{name}", types, result)
    arrays = [values(t, rng) for t in types]
    expected = scalar_apply(op, arrays)
    with np.errstate(all="ignore"):
        got = VECTOR_SEMANTICS[op.name](op, arrays, None)
    assert got.dtype == result.dtype
    assert same_bits(np.broadcast_to(got, (N,)), expected), (
        name,
        types,
        result,
        arrays,
        got,
        expected,
    )


SEEDS = st.integers(0, 2**32 - 1)


@settings(max_examples=6, deadline=None)
@given(seed=SEEDS)
@pytest.mark.parametrize("t", INTS, ids=str)
@pytest.mark.parametrize("name", INT_BINARY + BITWISE)
def test_integer_binary_ops_wrap_and_read_signedness_like_scalars(
    name: str, t: ElementType, seed: int
) -> None:
    check(f"arith.{name}", [t, t], t, seed)


@settings(max_examples=6, deadline=None)
@given(seed=SEEDS)
@pytest.mark.parametrize("t", FLOATS, ids=str)
@pytest.mark.parametrize("name", FLOAT_BINARY)
def test_float_binary_ops_round_per_step_and_order_signed_zeros(
    name: str, t: ElementType, seed: int
) -> None:
    check(f"arith.{name}", [t, t], t, seed)


@settings(max_examples=4, deadline=None)
@given(seed=SEEDS)
@pytest.mark.parametrize("t", FLOATS, ids=str)
@pytest.mark.parametrize("name", UNARY)
def test_unary_math_matches_scalars(name: str, t: ElementType, seed: int) -> None:
    check(f"math.{name}", [t], t, seed)


@settings(max_examples=4, deadline=None)
@given(seed=SEEDS)
@pytest.mark.parametrize("t", FLOATS, ids=str)
def test_negf_and_powf_match_scalars(t: ElementType, seed: int) -> None:
    check("arith.negf", [t], t, seed)
    check("math.powf", [t, t], t, seed)


def _casts() -> list[tuple[str, ElementType, ElementType]]:
    out: list[tuple[str, ElementType, ElementType]] = []
    ints = (I1, I8, I16, I32, I64)
    for s in ints:
        for d in ints:
            if d.width > s.width:
                out += [("extsi", s, d), ("extui", s, d)]
            if d.width < s.width:
                out.append(("trunci", s, d))
        for f in FLOATS:
            out += [("sitofp", s, f), ("uitofp", s, f), ("fptosi", f, s), ("fptoui", f, s)]
        out += [("index_cast", s, INDEX), ("index_cast", INDEX, s)]
        out += [("index_castui", s, INDEX), ("index_castui", INDEX, s)]
    for s in FLOATS:
        for d in FLOATS:
            if d.width > s.width:
                out.append(("extf", s, d))
            if d.width < s.width:
                out.append(("truncf", s, d))
    out += [
        ("bitcast", I16, F16),
        ("bitcast", F32, I32),
        ("bitcast", I64, F64),
        ("bitcast", BF16, I16),
    ]
    return out


@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
@pytest.mark.parametrize(("name", "src", "dst"), _casts(), ids=lambda x: str(x))
def test_casts_extend_truncate_and_saturate_like_scalars(
    name: str, src: ElementType, dst: ElementType, seed: int
) -> None:
    check(f"arith.{name}", [src], dst, seed)


@pytest.mark.parametrize("t", FLOATS + INTS, ids=str)
def test_select_picks_per_element(t: ElementType) -> None:
    check("arith.select", [I1, t, t], t, 7)


@pytest.mark.parametrize(
    ("value", "t"),
    [
        (255, I8),
        (-1, I1),
        (1, I1),
        (0.1, F16),
        (0.1, BF16),
        (2**40 + 3, I32),
        (-3, INDEX),
        (1e300, F32),
    ],
)
def test_constants_wrap_and_round_like_scalars(value: float, t: ElementType) -> None:
    b = RegionBuilder([])
    b.constant(value, t)
    op = b.finish(()).ops[0]
    got = constant_array(value, t)
    want = np.array(from_canonical(constant_value(op), t), dtype=t.dtype)
    assert got.dtype == t.dtype
    assert same_bits(got.reshape(1), want.reshape(1))


def test_every_computing_payload_op_has_a_vector_twin() -> None:
    computing = {
        n for n, c in OP_CATEGORIES.items() if c not in (OpCategory.CONSTANT, OpCategory.INDEX)
    }
    assert computing == set(VECTOR_SEMANTICS)


def test_maximumf_writes_into_out_and_fixes_signed_zero() -> None:
    op = make("arith.maximumf", [F32, F32], F32)
    a = np.array([-0.0, 0.0, -0.0, np.nan, 1.0], np.float32)
    b = np.array([0.0, -0.0, -0.0, 1.0, np.nan], np.float32)
    out = np.empty(5, np.float32)
    r = VECTOR_SEMANTICS[op.name](op, [a, b], out)
    assert r is out
    assert list(np.signbit(out[:3])) == [False, False, True]
    assert np.isnan(out[3]) and np.isnan(out[4])


def near_ties(width: int, rng: np.random.Generator) -> np.ndarray:
    """Integers of `width` bits at, just above and just below the rounding midpoints of
    f16/bf16/f32/f64 (11, 8, 24, 53 bits kept), for every bit length, plus random ones."""
    out: list[int] = []
    for length in range(2, width + 1):
        for kept in (8, 11, 24, 53):
            drop = length - kept
            if drop < 1:
                continue
            top = (1 << (length - 1)) | (int(rng.integers(0, 1 << min(kept - 1, 62))) << drop)
            tie = top | (1 << (drop - 1))
            out += [tie, tie + 1, tie - 1, top, top | ((1 << drop) - 1)]
    out += [int(v) for v in rng.integers(0, 2**63, 64, dtype=np.uint64)]
    mask = (1 << width) - 1
    raw = np.array([v & mask for v in out], dtype=np.dtype(f"uint{width}"))
    return raw.view(np.dtype(f"int{width}"))


@pytest.mark.parametrize("unsigned_", [False, True], ids=["sitofp", "uitofp"])
@pytest.mark.parametrize("src", [I32, I64], ids=str)
@pytest.mark.parametrize("dst", FLOATS, ids=str)
def test_int_to_float_near_rounding_midpoints_matches_scalars(
    src: ElementType, dst: ElementType, unsigned_: bool
) -> None:
    x = near_ties(src.width, np.random.default_rng(src.width))
    x = np.concatenate([x, -x])
    op = make("arith.uitofp" if unsigned_ else "arith.sitofp", [src], dst)
    fn = scalar_function(op)
    want = np.array([from_canonical(fn(int(v)), dst) for v in x], dtype=dst.dtype)
    with np.errstate(all="ignore"):
        got = VECTOR_SEMANTICS[op.name](op, [x], None)
    assert same_bits(got, want)


@pytest.mark.parametrize("unsigned_", [False, True], ids=["sitofp", "uitofp"])
@pytest.mark.parametrize("src", [I8, I16, I32, I64], ids=str)
@pytest.mark.parametrize("dst", FLOATS, ids=str)
@pytest.mark.parametrize("bound", [1 << 8, 1 << 11, 1 << 24, 1 << 53])
def test_int_to_float_of_small_ranges_matches_scalars(
    src: ElementType, dst: ElementType, unsigned_: bool, bound: int
) -> None:
    """Arrays whose values all lie within +-bound (the exact-conversion shortcuts) and one
    past it, at each target's exactness limit."""
    info = np.iinfo(src.dtype)
    hi = min(bound, info.max)
    lo = max(-bound, info.min)  # negatives read as large unsigned values for uitofp
    rng = np.random.default_rng(bound)
    x = rng.integers(lo, hi, 200, endpoint=True).astype(src.dtype)
    x[:2] = [lo, hi]
    op = make("arith.uitofp" if unsigned_ else "arith.sitofp", [src], dst)
    fn = scalar_function(op)
    for arr in (x, np.append(x, np.array(hi, src.dtype) + 1 if hi < info.max else x[:1])):
        want = np.array([from_canonical(fn(int(v)), dst) for v in arr], dtype=dst.dtype)
        with np.errstate(all="ignore"):
            got = VECTOR_SEMANTICS[op.name](op, [arr], None)
        assert same_bits(got, want)


def test_round_int_matches_hardware_conversions() -> None:
    # Independent references: Python's float(int) rounds once to 53 bits; the C cast int64 ->
    # float that NumPy's astype uses rounds once to 24 bits.
    rng = np.random.default_rng(5)
    values = near_ties(64, rng)
    for v in values.tolist():
        assert round_int(v, 53) == int(float(v)), v
        assert round_int(v, 24) == int(np.array([v], np.int64).astype(np.float32)[0]), v
    assert round_int(2**64 - 1, 24) == 2**64
    assert round_int(-(2**24 + 3), 24) == -(2**24 + 4)  # ties to even, sign kept
    assert round_int(5, 2) == 4 and round_int(7, 2) == 8 and round_int(6, 2) == 6


@pytest.mark.parametrize("t", FLOATS, ids=str)
@pytest.mark.parametrize("exponent", [0.5, 2.0, -1.0, 3.0])
def test_powf_with_a_broadcast_exponent_is_still_c_pow(t: ElementType, exponent: float) -> None:
    # NumPy's power loop swaps in sqrt/square/reciprocal for a zero-stride exponent; the
    # vector table must give what it gives for the same exponent materialised, which is
    # what the scalar table (one pow call per element) gives.
    rng = np.random.default_rng(int(exponent * 10) + t.width)
    base = np.concatenate(
        [[-np.inf, np.inf, -0.0, 0.0, np.nan, -1.0], rng.uniform(0, 50, 200)]
    ).astype(t.dtype)
    op = make("math.powf", [t, t], t)
    e0 = np.array(exponent, dtype=t.dtype)
    full = np.full(base.shape, exponent, dtype=t.dtype)
    with np.errstate(all="ignore"):
        want = scalar_apply_n(op, [base, full])
        for e in (e0, np.broadcast_to(e0, base.shape), full):
            assert same_bits(VECTOR_SEMANTICS[op.name](op, [base, e], None), want)
        out = np.empty((), t.dtype)  # 0-d operands and a 0-d out, as the ordered loop passes
        r = VECTOR_SEMANTICS[op.name](op, [np.array(base[0]), e0], out)
    assert r is out
    assert same_bits(out.reshape(1), want[:1])


def scalar_apply_n(op: PayloadOp, arrays: list[np.ndarray]) -> np.ndarray:
    fn = scalar_function(op)
    t = op.result.type
    return np.array(
        [from_canonical(fn(*args), t) for args in zip(*arrays, strict=True)], dtype=t.dtype
    )


def test_constant_yielded_straight_into_an_integer_output_is_stored() -> None:
    """A reduction whose payload is only a constant writes it (fast used to leave the output)."""
    import types as pytypes

    from linalg_odsgen.codegen import generate_from_yaml

    text = """--- !LinalgOpConfig
metadata: !LinalgOpMetadata
  name: const_reduce
  cpp_class_name: ConstReduceOp
  doc: Writes a constant through a reduction.
structured_op: !LinalgStructuredOpConfig
  args:
  - !LinalgOperandDefConfig
    name: I
    kind: input_tensor
    type_var: T1
    shape_map: affine_map<()[s0] -> (s0)>
  - !LinalgOperandDefConfig
    name: O
    kind: output_tensor
    type_var: U
    shape_map: affine_map<()[s0] -> ()>
  indexing_maps: !LinalgIndexingMapsConfig
    static_indexing_maps:
    - affine_map<(d0)[s0] -> (d0)>
    - affine_map<(d0)[s0] -> ()>
  iterator_types:
  - reduction
  assignments:
  - !ScalarAssign
    arg: O
    value: !ScalarExpression
      scalar_fn:
        kind: type
        fn_name: cast_signed
        type_var: U
        operands:
        - !ScalarExpression
          scalar_const: '7 : i64'
"""
    module = pytypes.ModuleType("const_reduce_ops")
    exec(compile(generate_from_yaml(text, "x.yaml", "x.yaml"), "x", "exec"), module.__dict__)
    for backend in ("loops", "fast"):
        out = np.array(-1, dtype=np.int64)
        module.const_reduce(np.arange(3, dtype=np.uint8), outs=[out], backend=backend)
        assert out == 7, backend
