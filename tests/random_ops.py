"""Random valid op configs for the backend property tests (fast and compiled vs loops).

Hypothesis draws an op config (random loop count, output and input indexing
maps with strided/offset accesses and a stride index attribute, scalar
operands, payload trees of unary/binary/type functions over args, constants
and `linalg.index`, function attributes, one or two outputs, reductions or
arbitrary uses of the outputs) and element types. The config goes through the
code generator (`generate_module`) into a module imported in memory, whose op
the tests run on the loops backend and on the backend under test.
"""

from __future__ import annotations

import types
from dataclasses import dataclass
from typing import Any

import ml_dtypes
import numpy as np
from hypothesis import strategies as st
from operand_shapes import dynamic_type, operand_shape

from linalg_odsgen.affine import AffineExpr, AffineMap, constant, dim, sym
from linalg_odsgen.codegen import generate_module
from linalg_odsgen.model import (
    FnKind,
    IteratorType,
    OpConfig,
    OperandDef,
    OperandKind,
    OpLibrary,
    OpMetadata,
    ScalarArg,
    ScalarAssign,
    ScalarConst,
    ScalarExpr,
    ScalarFn,
    ScalarIndex,
    StructuredOpConfig,
)
from linalg_odsgen.runtime.opclass import op_class
from linalg_odsgen.types import element_type_of

# (input dtype, output dtype): the payload computes in the output type U.
TYPE_PAIRS = [
    (np.float32, np.float32),
    (np.int8, np.float32),
    (np.float16, np.float16),
    (np.float64, np.float64),
    (np.int8, np.int32),
    (np.int32, np.int32),
    (np.int16, np.int8),
    (np.uint8, np.int64),
    (ml_dtypes.bfloat16, ml_dtypes.bfloat16),
    (np.float16, np.float32),
]
FLOAT_BINARY = ["add", "sub", "mul", "div", "max_signed", "min_signed", "powf"]
INT_BINARY = [
    "add",
    "sub",
    "mul",
    "div",
    "div_unsigned",
    "max_signed",
    "min_signed",
    "max_unsigned",
    "min_unsigned",
]
FLOAT_UNARY = [
    "exp",
    "log",
    "abs",
    "ceil",
    "floor",
    "negf",
    "round",
    "sqrt",
    "rsqrt",
    "tanh",
    "erf",
    "reciprocal",
    "square",
]
FLOAT_COMBINERS = ["add", "mul", "max_signed", "min_signed"]
INT_COMBINERS = ["add", "mul", "max_signed", "min_signed", "max_unsigned", "min_unsigned"]


@dataclass(frozen=True)
class Drawn:
    config: OpConfig
    in_dtype: Any
    out_dtype: Any
    attrs: dict[str, Any]
    ranges: tuple[int, ...]


def _linear(draw: st.DrawFn, n: int, stride_sym: int | None) -> tuple[AffineExpr, bool]:
    """A map result: a bare dim, or `a*di + b*dj + k` (a may be the stride symbol)."""
    if draw(st.integers(0, 2)) > 0:
        return dim(draw(st.integers(0, n - 1))), True
    i, j = draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1))
    use_stride = stride_sym is not None and draw(st.booleans())
    a: AffineExpr = sym(stride_sym) if use_stride else constant(draw(st.integers(1, 2)))
    e = dim(i) * a + dim(j) * draw(st.integers(1, 2)) + draw(st.integers(0, 1))
    return e, False


@st.composite
def expr_trees(draw: st.DrawFn, leaves: list[ScalarExpr], is_float: bool, depth: int) -> ScalarExpr:
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return draw(st.sampled_from(leaves))
    if is_float and draw(st.integers(0, 3)) == 0:
        operand = draw(expr_trees(leaves, is_float, depth - 1))
        return ScalarFn(FnKind.UNARY, (operand,), fn_name=draw(st.sampled_from(FLOAT_UNARY)))
    lhs = draw(expr_trees(leaves, is_float, depth - 1))
    rhs = draw(expr_trees(leaves, is_float, depth - 1))
    if draw(st.integers(0, 4)) == 0:
        return ScalarFn(FnKind.BINARY, (lhs, rhs), attr_name="fun")
    names = FLOAT_BINARY if is_float else INT_BINARY
    return ScalarFn(FnKind.BINARY, (lhs, rhs), fn_name=draw(st.sampled_from(names)))


@st.composite
def op_configs(draw: st.DrawFn) -> Drawn:
    n = draw(st.integers(1, 4))
    in_dtype, out_dtype = draw(st.sampled_from(TYPE_PAIRS))
    is_float = element_type_of(out_dtype).is_float
    par = sorted(draw(st.sets(st.integers(0, n - 1), max_size=n)))
    if not par and n > 3:
        par = [0]
    red = [d for d in range(n) if d not in par]
    stride_sym = n  # symbols: s0..s{n-1} are loop sizes, s{n} is the stride attribute
    num_syms = n + 1

    def shape_map(m: AffineMap) -> AffineMap:
        return AffineMap(
            0, num_syms, tuple(r.replace(dims={i: sym(i) for i in range(n)}) for r in m.results)
        )

    def amap(results: list[AffineExpr]) -> AffineMap:
        return AffineMap(n, num_syms, tuple(results))

    outs: list[list[AffineExpr]] = [[dim(d) for d in draw(st.permutations(par))]]
    if par and draw(st.booleans()):
        sub = draw(st.lists(st.sampled_from(par), unique=True, min_size=1))
        outs.append([dim(d) for d in sub])
    ins: list[list[AffineExpr]] = []
    pure: set[int] = set(par)
    for _ in range(draw(st.integers(1, 3))):
        results = []
        for _ in range(draw(st.integers(0, 3))):
            e, is_pure = _linear(draw, n, stride_sym)
            results.append(e)
            if is_pure:
                pure.add(e.position)  # type: ignore[attr-defined]
        ins.append(results)
    for d in red:  # every loop must be sized by some operand indexed by it alone
        if d not in pure:
            ins[draw(st.integers(0, len(ins) - 1))].append(dim(d))
    has_scalar = draw(st.booleans())

    args: list[OperandDef] = []
    maps: list[AffineMap] = []
    for k, results in enumerate(ins):
        m = amap(results)
        args.append(
            OperandDef(
                f"I{k}",
                OperandKind.INPUT_TENSOR,
                draw(st.sampled_from(["T1", "T2"])),
                shape_map=shape_map(m),
            )
        )
        maps.append(m)
    if has_scalar:
        args.append(OperandDef("s", OperandKind.SCALAR, "T1"))
        maps.append(amap([]))
    for k, results in enumerate(outs):
        m = amap(results)
        args.append(OperandDef(f"O{k}", OperandKind.OUTPUT_TENSOR, "U", shape_map=shape_map(m)))
        maps.append(m)
    args.append(
        OperandDef(
            "strides",
            OperandKind.INDEX_ATTR,
            index_attr_map=AffineMap(0, num_syms, (sym(stride_sym),)),
            default_indices=(1,),
        )
    )
    args.append(OperandDef("fun", OperandKind.BINARY_FN_ATTR, default_fn="add"))
    args.append(OperandDef("cast", OperandKind.TYPE_FN_ATTR, default_fn="cast_signed"))

    def cast(e: ScalarExpr, via_attr: bool) -> ScalarExpr:
        if via_attr:
            return ScalarFn(FnKind.TYPE, (e,), attr_name="cast", type_var="U")
        return ScalarFn(FnKind.TYPE, (e,), fn_name="cast_signed", type_var="U")

    leaves: list[ScalarExpr] = [
        cast(ScalarArg(a.name), draw(st.booleans())) for a in args if a.kind.is_input
    ]
    leaves.append(cast(ScalarConst(f"{draw(st.integers(-3, 3))} : i64"), False))
    idx = ScalarFn(
        FnKind.TYPE,
        (ScalarIndex(draw(st.integers(0, n - 1))),),
        fn_name="cast_signed",
        type_var="I64",
    )
    leaves.append(cast(idx, False))
    assignments = []
    for k in range(len(outs)):
        out = ScalarArg(f"O{k}")
        mode = draw(st.sampled_from(["contraction", "reduction", "general"]))
        if mode == "contraction":  # out + x * y: the shape that maps to a matmul
            x = draw(expr_trees(leaves, is_float, 1))
            y = draw(expr_trees(leaves, is_float, 1))
            body = ScalarFn(FnKind.BINARY, (x, y), fn_name="mul")
            value: ScalarExpr = ScalarFn(FnKind.BINARY, (out, body), fn_name="add")
        elif mode == "reduction":
            body = draw(expr_trees(leaves, is_float, 2))
            comb = draw(st.sampled_from(FLOAT_COMBINERS if is_float else INT_COMBINERS))
            value = ScalarFn(FnKind.BINARY, (out, body), fn_name=comb)
        else:
            value = draw(expr_trees([*leaves, out], is_float, 3))
        assignments.append(ScalarAssign(f"O{k}", value))
    config = OpConfig(
        OpMetadata("random_op", "RandomOp", "A random op drawn by hypothesis."),
        StructuredOpConfig(
            args=tuple(args),
            indexing_maps=tuple(maps),
            iterator_types=tuple(
                IteratorType.PARALLEL if d in par else IteratorType.REDUCTION for d in range(n)
            ),
            assignments=tuple(assignments),
        ),
    )
    attrs = {
        "strides": [draw(st.integers(1, 2))],
        "fun": draw(st.sampled_from(FLOAT_BINARY if is_float else INT_BINARY)),
        "cast": draw(st.sampled_from(["cast_signed", "cast_unsigned"])),
    }
    ranges = tuple(draw(st.integers(1, 3)) for _ in range(n))
    return Drawn(config, in_dtype, out_dtype, attrs, ranges)


def class_of(config: OpConfig) -> type:
    """The runtime class of a drawn config, built in memory (`runtime.opclass`)."""
    return op_class(config)


def generated_class(config: OpConfig) -> type:
    """The class `gen-impl` writes for a drawn config, from its module text: only for the
    test that holds generated modules to the in-memory classes."""
    source = generate_module(OpLibrary((config,)), "<hypothesis>")
    module = types.ModuleType("hypothesis_generated_ops")
    exec(compile(source, "<hypothesis-generated>", "exec"), module.__dict__)
    return module.OPS[config.name]


def small_values(rng: np.random.Generator, shape: tuple[int, ...], dtype: Any) -> np.ndarray:
    return np.asarray(rng.integers(-3, 4, size=shape)).astype(dtype)


def wide_values(rng: np.random.Generator, shape: tuple[int, ...], dtype: Any) -> np.ndarray:
    """Values over the dtype's whole range: every bit pattern for floats (NaN, inf,
    subnormals included), every value for integers, for exactness tests."""
    dt = np.dtype(dtype)
    if dt.kind == "b":
        return rng.integers(0, 2, size=shape).astype(bool)
    bits = rng.integers(0, 2 ** (8 * dt.itemsize), size=shape, dtype=np.uint64)
    raw = bits.astype(f"u{dt.itemsize}").view(dt)
    if dt.kind in "iu":
        return raw
    # half the elements small integers: keep some sums finite and exact
    small = rng.integers(-3, 4, size=shape).astype(dt)
    return np.where(rng.integers(0, 2, size=shape).astype(bool), raw, small)


def operands_for(
    cls: type, d: Drawn, rng: np.random.Generator, fill: Any = small_values
) -> tuple[list[Any], list[np.ndarray]]:
    values = [a for a in cls.OPERANDS if a.kind.is_value]
    elem_in, elem_out = element_type_of(d.in_dtype), element_type_of(d.out_dtype)
    op_types = []
    for a, m in zip(values, cls.STATIC_INDEXING_MAPS, strict=True):
        t = elem_out if a.kind is OperandKind.OUTPUT_TENSOR else elem_in
        op_types.append(dynamic_type(a, m.num_results, t))
    op = cls.from_types(op_types, **d.attrs)
    ins: list[Any] = []
    outs: list[np.ndarray] = []
    for a, m in zip(values, op.indexing_maps, strict=True):
        shape = operand_shape(m, d.ranges)
        if a.kind is OperandKind.OUTPUT_TENSOR:
            outs.append(fill(rng, shape, d.out_dtype))
        elif a.kind.is_tensor:
            ins.append(fill(rng, shape, d.in_dtype))
        else:
            ins.append(fill(rng, (), d.in_dtype)[()])
    return ins, outs


def assert_same(got: np.ndarray, want: np.ndarray, exact: bool) -> None:
    if not element_type_of(got.dtype).is_float:
        np.testing.assert_array_equal(got, want)
        return
    got, want = got.astype(np.float64), want.astype(np.float64)  # bf16 NaNs compare as NaNs
    if exact:
        np.testing.assert_array_equal(got, want)
        return
    finite = np.where(np.isfinite(want), want, 0)
    scale = max(1.0, float(np.max(np.abs(finite), initial=0)))
    np.testing.assert_allclose(got, want, rtol=1e-3, atol=1e-3 * scale)
