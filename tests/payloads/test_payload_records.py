"""The payload registry is complete and consistent: every record carries what every
backend needs, the two semantics agree, and every function a front end accepts has one."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np
import pytest
import yaml

from linalg_odsgen import payloads
from linalg_odsgen.dsl import BinaryFn, TernaryFn, TypeFn, UnaryFn
from linalg_odsgen.model import FN_NAMES, FnKind
from linalg_odsgen.payload import OP_CATEGORIES, OpCategory, PayloadOp, RegionBuilder
from linalg_odsgen.payloads import Finish, Operands, PayloadFn, ResultRule
from linalg_odsgen.types import BF16, F16, F32, F64, I1, I8, I32, I64, INDEX, ElementType

ROOT = Path(__file__).resolve().parents[2]
FLOATS = (F16, BF16, F32, F64)
INTS = (I1, I8, I32, I64, INDEX)
COMPUTING = [r for r in payloads.records() if r.scalar is not None]
LEAVES = (OpCategory.CONSTANT, OpCategory.INDEX)


def _op(record: PayloadFn, t: ElementType) -> PayloadOp:
    """One instance of a same-typed op (select: an i1 condition first)."""
    types = [I1, t, t] if record.category is OpCategory.SELECT else [t] * record.arity
    b = RegionBuilder(types)
    v = b.create(record.name, b.args, t)
    return b.finish([v]).ops[0]


def _same_bits(a: Any, b: Any) -> bool:
    a, b = np.asarray(a), np.asarray(b)
    if a.dtype.kind == "f" or a.dtype == np.dtype(ml_dtypes.bfloat16):
        both_nan = np.isnan(a.astype(np.float64)) & np.isnan(b.astype(np.float64))
        ubits = np.dtype(f"uint{a.dtype.itemsize * 8}")
        return bool(np.all(both_nan | (a.view(ubits) == b.view(ubits))))
    return bool(np.all(a == b))


def _float_samples(t: ElementType, n: int = 400) -> np.ndarray:
    """Specials plus seeded random values spread over many binades, in t's dtype."""
    rng = np.random.default_rng(20261127)
    mags = np.exp2(rng.uniform(-20, 12, n)) * rng.choice([-1.0, 1.0], n)
    specials = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.5, -2.5, 1e-3, np.inf, -np.inf, np.nan]
    return np.concatenate([np.array(specials), mags]).astype(t.dtype)


# -- completeness ---------------------------------------------------------------------------


def test_names_are_unique_and_spelled_as_mlir_ops() -> None:
    names = [r.name for r in payloads.records()]
    assert len(names) == len(set(names))
    for r in payloads.records():
        assert r.dialect in ("arith", "math", "linalg"), r.name
        assert r.mnemonic and r.doc, r.name


@pytest.mark.parametrize("record", COMPUTING, ids=lambda r: r.name)
def test_every_computing_op_has_scalar_and_vector_semantics(record: PayloadFn) -> None:
    assert record.category not in LEAVES
    assert callable(record.scalar) and callable(record.vector)
    assert record.operands is not Operands.NONE
    assert record.temps >= 0


def test_only_the_leaves_have_no_semantics_of_their_own() -> None:
    leaves = [r for r in payloads.records() if r.scalar is None]
    assert {r.category for r in leaves} == set(LEAVES)
    assert all(r.vector is None and r.numba is None and r.arity == 0 for r in leaves)


@pytest.mark.parametrize("record", payloads.records(), ids=lambda r: r.name)
def test_arity_and_result_rule_follow_the_category(record: PayloadFn) -> None:
    expected_rule = {
        OpCategory.UNARY: ResultRule.SAME,
        OpCategory.BINARY: ResultRule.SAME,
        OpCategory.CAST: ResultRule.CHOSEN,
        OpCategory.SELECT: ResultRule.SECOND,
        OpCategory.CONSTANT: ResultRule.ATTRIBUTE,
        OpCategory.INDEX: ResultRule.INDEX,
    }[record.category]
    assert record.result is expected_rule
    assert record.arity == {"UNARY": 1, "CAST": 1, "BINARY": 2, "SELECT": 3}.get(
        record.category.name, 0
    )


def test_kernel_rules_named_by_records_exist_in_the_compiled_backend() -> None:
    from linalg_odsgen.runtime.backends.compiled.expressions import RULES

    for r in payloads.records():
        if r.numba is not None and r.numba.finish is Finish.CUSTOM:
            assert r.numba.template in RULES, r.name


def test_ops_computed_with_other_code_by_the_kernels_are_libm_calls_in_mlir() -> None:
    approximate = {r.name for r in payloads.records() if r.approximate}
    libm = {r.name for r in payloads.records() if r.libm}
    assert approximate and approximate <= libm
    assert all(payloads.lookup(n).operands is Operands.FLOAT for n in libm)


def test_unknown_names_are_reported_by_name() -> None:
    with pytest.raises(KeyError, match=r"math\.nope"):
        payloads.lookup("math.nope")
    with pytest.raises(KeyError, match="nope"):
        payloads.linalg_fn("unary", "nope")


# -- semantics agree ------------------------------------------------------------------------

UNARY_FLOAT = [r for r in payloads.by_category(OpCategory.UNARY)]


@pytest.mark.parametrize("t", FLOATS, ids=str)
@pytest.mark.parametrize("record", UNARY_FLOAT, ids=lambda r: r.name)
def test_unary_vector_function_equals_scalar_semantics(record: PayloadFn, t: ElementType) -> None:
    assert record.scalar is not None and record.vector is not None
    op = _op(record, t)
    x = _float_samples(t)
    with np.errstate(all="ignore"):
        got = record.vector(op, [x], None)
        fn = record.scalar(op)
        want = np.array([fn(v) for v in x], dtype=t.dtype)
    assert got.dtype == t.dtype
    assert _same_bits(got, want)


def test_unary_math_functions_round_once_from_an_independent_f64_reference() -> None:
    """exp/log/tanh/sqrt/erf of f32 values against Python's f64 `math`: correctly rounded
    (half an ulp) where MLIR's result is one rounding of an f64 value, within two ulps for
    the records flagged `approximate` (NumPy's own f32 routines)."""
    refs = {"math.exp": math.exp, "math.log": math.log, "math.sqrt": math.sqrt}
    refs |= {"math.tanh": math.tanh, "math.erf": math.erf}
    x = np.abs(_float_samples(F32))
    x = x[np.isfinite(x) & (x > 0) & (x < 60)]
    for name, ref in refs.items():
        record = payloads.lookup(name)
        assert record.vector is not None
        with np.errstate(all="ignore"):
            got = record.vector(_op(record, F32), [x], None).astype(np.float64)
        want = np.array([ref(float(v)) for v in x])
        ulp = np.spacing(np.abs(want).astype(np.float32)).astype(np.float64)
        bound = 2.0 if record.approximate else 0.5 * (1 + 2**-20)
        assert np.all(np.abs(got - want) <= bound * ulp), name


def _identity_samples(t: ElementType) -> list[Any]:
    if t.is_float:
        return list(_float_samples(t, 40))
    half = 1 << (t.width - 1)
    return sorted(v for v in {0, -1, 1, half - 1, -half, 5, -3} if -half <= v < half)


REDUCERS = [r for r in payloads.records() if r.reducer is not None]


@pytest.mark.parametrize("record", REDUCERS, ids=lambda r: r.name)
def test_reducer_identity_leaves_every_value_unchanged(record: PayloadFn) -> None:
    assert record.reducer is not None and record.scalar is not None
    types = FLOATS if record.operands is Operands.FLOAT else INTS
    for t in types:
        fn = record.scalar(_op(record, t))
        e = record.reducer.identity(t)
        for x in _identity_samples(t):
            assert _same_bits(fn(e, x), x), (t, x)
            assert _same_bits(fn(x, e), x), (t, x)


@pytest.mark.parametrize("record", REDUCERS, ids=lambda r: r.name)
def test_reducer_ufuncs_fold_like_the_scalar_combiner(record: PayloadFn) -> None:
    """NumPy's reduce of the record's ufunc equals folding the scalar semantics (i1 through
    `bool_ufunc`, unsigned ones through the unsigned view), for orders that are exact."""
    red = record.reducer
    assert red is not None and record.scalar is not None
    if not red.exact:
        pytest.skip("float sums and products round differently in another order")
    rng = np.random.default_rng(7)
    types = (F32, F64) if record.operands is Operands.FLOAT else (I1, I8, I32, I64)
    for t in types:
        fn = record.scalar(_op(record, t))
        if t.is_float:
            x = np.concatenate([rng.normal(size=30), [0.0, -0.0, 0.0]]).astype(t.dtype)
        elif t.is_bool:
            x = rng.integers(0, 2, 9).astype(bool)
        else:
            x = rng.integers(np.iinfo(t.dtype).min, np.iinfo(t.dtype).max, 30, dtype=t.dtype)
        acc = red.identity(t)
        for v in x:
            acc = fn(acc, -int(v) if t.is_bool else (v if t.is_float else int(v)))
        if t.is_bool:
            assert red.bool_ufunc is not None
            got: Any = -int(red.bool_ufunc.reduce(x))
        elif red.unsigned:
            got = int(red.ufunc.reduce(x.view(f"uint{t.width}")).astype(t.dtype))
        else:
            got = red.ufunc.reduce(x, dtype=x.dtype)  # (as the fast backend folds)
            got = got if t.is_float else int(got)
        if red.zero_bits is None or got != 0:
            assert _same_bits(got, acc), t


# -- front ends name only registered functions ---------------------------------------------


def test_every_linalg_function_maps_to_registered_ops_of_its_shape() -> None:
    shape = {"unary": OpCategory.UNARY, "binary": OpCategory.BINARY}
    shape["ternary"] = OpCategory.SELECT
    for f in payloads.linalg_fns():
        for type_class, name in f.ops:
            record = payloads.lookup(name)
            assert record.category is shape[f.kind], f.name
            if type_class == "float":
                assert record.operands is Operands.FLOAT
            elif type_class in ("integer", "bool"):
                assert record.operands is Operands.INTEGER


def test_the_model_and_the_dsl_accept_exactly_the_registry_functions() -> None:
    for kind, namespace in (
        (FnKind.UNARY, UnaryFn),
        (FnKind.BINARY, BinaryFn),
        (FnKind.TERNARY, TernaryFn),
        (FnKind.TYPE, TypeFn),
    ):
        registered = tuple(f.name for f in payloads.linalg_fns(kind.value))
        assert FN_NAMES[kind] == registered
        assert tuple(ref.name for ref in namespace) == registered


def test_tc_intrinsics_name_registered_functions_of_their_kind() -> None:
    from linalg_odsgen.tc.intrinsics import INTRINSICS

    assert INTRINSICS
    for name, intrinsic in INTRINSICS.items():
        f = payloads.linalg_fn(intrinsic.kind.value, intrinsic.fn)
        assert (name, intrinsic.operands) in f.tc


def _fn_names(node: Any) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    if isinstance(node, dict):
        if "fn_name" in node and "kind" in node:
            found.append((node["kind"], node["fn_name"]))
        for v in node.values():
            found += _fn_names(v)
    elif isinstance(node, list):
        for v in node:
            found += _fn_names(v)
    return found


class _TagsAsPlainData(yaml.SafeLoader):
    """Reads `!LinalgOpConfig` and friends as the mappings they tag."""


_TagsAsPlainData.add_multi_constructor(
    "!",
    lambda loader, _suffix, node: (
        loader.construct_mapping(node, deep=True)
        if isinstance(node, yaml.MappingNode)
        else loader.construct_scalar(node)
    ),
)


def test_every_function_the_core_library_calls_has_a_record() -> None:
    text = (ROOT / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml").read_text()
    docs = list(yaml.load_all(text, Loader=_TagsAsPlainData))
    used = {pair for d in docs for pair in _fn_names(d)}
    assert len(used) > 5
    for kind, name in used:
        payloads.linalg_fn(kind, name)


# -- every table is derived from the records ------------------------------------------------


def test_backend_tables_are_views_of_the_records() -> None:
    from linalg_odsgen.conformance.library import LIBM_OPS
    from linalg_odsgen.runtime.backends.compiled.expressions import APPROXIMATE_OPS
    from linalg_odsgen.runtime.backends.fast import narrow
    from linalg_odsgen.runtime.backends.fast.analysis import COMBINERS
    from linalg_odsgen.runtime.backends.fast.semantics import MINMAX_UFUNCS, VECTOR_SEMANTICS
    from linalg_odsgen.runtime.scalar_semantics import SCALAR_OPS

    names = {r.name for r in COMPUTING}
    assert set(SCALAR_OPS) == names == set(VECTOR_SEMANTICS)
    assert {r.name: r.category for r in payloads.records()} == OP_CATEGORIES
    assert set(COMBINERS) == {r.name for r in REDUCERS}
    assert set(MINMAX_UFUNCS) == {r.name for r in payloads.records() if r.minmax_ufunc}
    assert set(narrow.UFUNCS) == {r.name for r in payloads.records() if r.narrow_ufunc}
    assert set(APPROXIMATE_OPS) == {r.name for r in payloads.records() if r.approximate}
    assert {r.name for r in payloads.records() if r.libm} == LIBM_OPS


def test_unary_and_binary_functions_have_a_cpp_region_builder_case() -> None:
    for f in (*payloads.linalg_fns("unary"), *payloads.linalg_fns("binary")):
        lines = payloads.cpp_statements(f)
        assert lines[-1].startswith("return "), f.name
        assert all(line.endswith(";") for line in lines), f.name
        for _, name in f.ops:  # (max/min_unsigned on floats: MLIR's C++ makes maximumf)
            assert payloads.lookup(name).cpp in "\n".join(lines), (f.name, name)


_MLIR_HEADERS = Path("/usr/lib/llvm-22/include/mlir/Dialect")


@pytest.mark.skipif(not _MLIR_HEADERS.exists(), reason="MLIR 22 headers not installed")
def test_every_cpp_class_is_declared_by_mlir() -> None:
    headers = {
        "arith": _MLIR_HEADERS / "Arith/IR/ArithOps.h.inc",
        "math": _MLIR_HEADERS / "Math/IR/MathOps.h.inc",
        "linalg": _MLIR_HEADERS / "Linalg/IR/LinalgOps.h.inc",
    }
    text = {k: p.read_text() for k, p in headers.items()}
    for r in payloads.records():
        assert f"class {r.cpp_class} " in text[r.dialect], r.name


def test_composite_functions_name_a_registered_op_of_their_operand_count() -> None:
    composites = [f for f in payloads.linalg_fns() if f.composite is not None]
    assert {f.name for f in composites} == {"reciprocal", "square"}
    for f in composites:
        assert f.composite is not None
        op_name, spelled = f.composite
        assert payloads.lookup(op_name).arity == len(spelled)
        assert set(spelled) <= {"x", "1.0"}


def test_reduction_functions_fold_with_ops_that_have_a_reducer() -> None:
    reducing = [f for f in payloads.linalg_fns("binary") if f.reduces]
    assert {f.name for f in reducing} >= {"add", "mul", "max_signed", "min_signed"}
    for f in reducing:
        for _, name in f.ops:
            assert payloads.lookup(name).reducer is not None, (f.name, name)


def test_the_conversion_rule_makes_casts_of_the_right_direction() -> None:
    from linalg_odsgen.payloads.casts import conversion

    for src in (*FLOATS, *INTS):
        for dst in (*FLOATS, *INTS):
            for is_unsigned in (False, True):
                name = None if src == dst else conversion(src, dst, is_unsigned)
                if name is None:
                    continue
                record = payloads.lookup(name)
                assert record.category is OpCategory.CAST
                assert (record.operands is Operands.FLOAT) == src.is_float, (src, dst, name)
                assert not dst.is_index, name  # MLIR converts nothing to index in a region


def test_positive_inputs_are_asked_for_exactly_where_negative_floats_leave_the_domain() -> None:
    """A float op asks conformance tests for positive inputs iff a negative operand gives
    NaN (log, sqrt, rsqrt, pow of a fractional exponent) or an undefined cast (fptoui)."""
    for record in payloads.records():
        if record.operands is not Operands.FLOAT or record.category is OpCategory.CAST:
            continue
        assert record.scalar is not None
        fn = record.scalar(_op(record, F64))
        with np.errstate(all="ignore"):
            args = [np.float64(-2.0)] + [np.float64(0.5)] * (record.arity - 1)
            leaves_domain = bool(np.isnan(fn(*args)))
        assert record.positive_inputs == leaves_domain, record.name
    fptoui = payloads.lookup("arith.fptoui")
    assert fptoui.positive_inputs and fptoui.undefined_on == "float"


def test_integer_division_is_undefined_on_special_values() -> None:
    for record in payloads.records():
        if record.operands is Operands.INTEGER and record.category is OpCategory.BINARY:
            assert record.scalar is not None
            # division by zero is the special value the scalar semantics have to make up
            divides = record.mnemonic.startswith("div")
            assert (record.undefined_on == "all") == divides, record.name
            assert record.positive_inputs == divides, record.name
