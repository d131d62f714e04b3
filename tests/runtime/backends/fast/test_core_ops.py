"""fast == loops for every op of the core library, on random shapes, attributes and types.

Operand shapes are derived from each op's own indexing maps (random loop ranges,
random strides/dilations), so the test needs no per-op knowledge.
"""

from __future__ import annotations

import math
import zlib
from typing import Any

import ml_dtypes
import numpy as np
import pytest
from operand_shapes import dynamic_type, operand_shape
from slow_marks import deep_nests_slow

from linalg_odsgen import ops
from linalg_odsgen.model import FIXED_TYPES, OperandKind
from linalg_odsgen.runtime import OpError, ShapedType, StructuredOp
from linalg_odsgen.types import FIXED_TYPES as FIXED_ELEMENT_TYPES
from linalg_odsgen.types import element_type_of

# (input dtype, output dtype) pairs tried on every op; ops that reject a pair are skipped.
TYPE_PAIRS: list[tuple[Any, Any]] = [
    (np.float32, np.float32),
    (np.float16, np.float16),
    (np.int8, np.int32),
    (np.int32, np.int32),
    (np.float64, np.float64),
    (np.uint8, np.uint8),
    (np.bool_, np.bool_),
    (ml_dtypes.bfloat16, ml_dtypes.bfloat16),
]


def rand(rng: np.random.Generator, shape: tuple[int, ...], dtype: Any) -> np.ndarray:
    dt = np.dtype(dtype)
    if dt == np.bool_:
        return rng.integers(0, 2, size=shape).astype(bool)
    if dt.kind in "iu":
        info = np.iinfo(dt)
        lo, hi = max(info.min, -100), min(info.max, 100)
        return rng.integers(lo, hi, size=shape, endpoint=True).astype(dt)
    return (rng.standard_normal(shape) * 2).astype(dt)


def _type_of(d: Any, in_t: Any, out_t: Any) -> Any:
    if d.type_var in FIXED_TYPES:
        return FIXED_ELEMENT_TYPES[d.type_var]
    return element_type_of(out_t if d.kind is OperandKind.OUTPUT_TENSOR else in_t)


def build_case(
    cls: type[StructuredOp], in_t: Any, out_t: Any, rng: np.random.Generator
) -> tuple[list[Any], list[np.ndarray], dict[str, list[int]]] | None:
    """Random operands for `cls`, or None when the op rejects these element types."""
    values = [d for d in cls.OPERANDS if d.kind.is_value]
    attrs = {
        d.name: [int(x) for x in rng.integers(1, 3, size=len(d.default_indices or ()))]
        for d in cls.OPERANDS
        if d.kind is OperandKind.INDEX_ATTR
    }
    types: list[Any] = []
    for d, m in zip(values, cls.STATIC_INDEXING_MAPS, strict=True):
        t = _type_of(d, in_t, out_t)
        rank = 2 if cls.RANK_POLYMORPHIC else m.num_results
        types.append(dynamic_type(d, rank, t))
    try:
        op = cls.from_types(types, **attrs)
    except OpError:
        return None
    ranges = [int(r) for r in rng.integers(1, 4, size=len(op.iterator_types))]
    arrays: list[Any] = []
    for d, m, t in zip(values, op.indexing_maps, types, strict=True):
        shape = operand_shape(m, ranges)
        dtype = t.element.dtype if isinstance(t, ShapedType) else t.dtype
        if d.kind.is_tensor:
            src = out_t if d.kind is OperandKind.OUTPUT_TENSOR else in_t
            dt = src if np.dtype(src).itemsize == np.dtype(dtype).itemsize else dtype
            arrays.append(np.array(rand(rng, shape, dt), dtype=dt))
        else:
            arrays.append(np.array(rand(rng, (), dtype), dtype=dtype)[()])
    ins = [a for a, d in zip(arrays, values, strict=True) if d.kind.is_input]
    outs = [a for a, d in zip(arrays, values, strict=True) if not d.kind.is_input]
    return ins, outs, attrs


def assert_same(got: np.ndarray, want: np.ndarray, dtype: np.dtype) -> None:
    if element_type_of(dtype).is_float:
        tol = 1e-2 if np.dtype(dtype).itemsize == 2 else 1e-5
        scale = max(1.0, float(np.nanmax(np.abs(want.astype(np.float64)), initial=0)))
        np.testing.assert_allclose(
            got.astype(np.float64), want.astype(np.float64), rtol=tol, atol=tol * scale
        )
    else:
        np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("name", deep_nests_slow(sorted(ops.OPS), key=ops.OPS.get))
def test_fast_matches_loops_on_every_core_op(name: str) -> None:
    cls = ops.OPS[name]
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    ran = 0
    for in_t, out_t in TYPE_PAIRS:
        for _ in range(2):
            case = build_case(cls, in_t, out_t, rng)
            if case is None:
                break
            ins, outs, attrs = case
            want = [o.copy() for o in outs]
            got = [o.copy() for o in outs]
            with np.errstate(all="ignore"):
                cls.call(*ins, outs=want, backend="loops", **attrs)
            cls.call(*ins, outs=got, backend="fast", **attrs)
            for g, w in zip(got, want, strict=True):
                assert_same(g, w, g.dtype)
            ran += 1
    assert ran > 0, f"{name}: no element type combination was accepted"


def test_core_ops_take_the_expected_strategy() -> None:
    """The cost model maps contractions to gemm and small windows over big images to a tap loop."""
    from linalg_odsgen.runtime.backends import fast

    rng = np.random.default_rng(0)
    a = rng.standard_normal((64, 64)).astype(np.float32)
    c = np.zeros((64, 64), np.float32)
    op, operands = ops.MatmulOp.from_arrays(a, a, outs=[c])
    assert fast.plan(op, operands).strategy == "gemm"
    x = rng.standard_normal((1, 58, 58, 64)).astype(np.float32)
    k = np.zeros((3, 3), np.float32)
    o = np.zeros((1, 28, 28, 64), np.float32)
    op, operands = ops.PoolingNhwcMaxOp.from_arrays(x, k, outs=[o], strides=[2, 2])
    assert fast.plan(op, operands).strategy == "ordered"
    assert math.prod(fast.make_problem(op, operands).ranges) == 28 * 28 * 64 * 9
