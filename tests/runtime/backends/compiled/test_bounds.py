"""The short (Veltkamp) roundings: which calls may take them, and that they give the exact
roundings' bits wherever they are taken."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from linalg_odsgen import ops
from linalg_odsgen.runtime.backends import compiled
from linalg_odsgen.runtime.backends.compiled import bounds

BF16 = ml_dtypes.bfloat16
RNG = np.random.default_rng(21)


def _short(cls: type, ins: list[np.ndarray], out: np.ndarray, **attrs: object) -> frozenset[str]:
    op, operands = cls.from_arrays(*ins, outs=[out], **attrs)
    red = bounds.reduction_of(op)
    if red is None:
        return frozenset()
    arrays = [np.asarray(v).view(np.uint16) for v in operands]
    return bounds.short_rounding(red, op, arrays, [int(r) for r in op.loop_ranges()])


def test_contractions_and_sums_of_one_narrow_type_are_recognised() -> None:
    h = np.zeros((4, 4), np.float16)
    assert bounds.reduction_of(ops.MatmulOp.from_arrays(h, h, outs=[h.copy()])[0]) is not None
    x = np.zeros((1, 6, 6, 2), np.float16)
    pool = ops.PoolingNhwcSumOp.from_arrays(
        x, np.zeros((3, 3), np.float16), outs=[np.zeros((1, 4, 4, 2), np.float16)]
    )[0]
    assert bounds.reduction_of(pool) == bounds.NarrowReduction("f16", 0, None, 2)
    f = np.zeros((4, 4), np.float32)
    assert bounds.reduction_of(ops.MatmulOp.from_arrays(f, f, outs=[f.copy()])[0]) is None
    mixed = ops.MatmulOp.from_arrays(h, h, outs=[f.copy()])[0]  # casts to f32: not ours
    assert bounds.reduction_of(mixed) is None
    add = ops.AddOp.from_arrays(h, h, outs=[h.copy()])[0]  # no output in the sum
    assert bounds.reduction_of(add) is None


@pytest.mark.parametrize("dt", [np.float16, BF16], ids=["f16", "bf16"])
def test_ranges_decide_which_roundings_are_short(dt: object) -> None:
    a = (RNG.random((8, 16)) + 0.5).astype(dt)  # products >= 0.25: never below the normals
    b = (RNG.random((16, 8)) + 0.5).astype(dt)
    c = np.zeros((8, 8), dt)
    assert _short(ops.MatmulOp, [a, b], c) == {"arith.addf", "arith.mulf"}
    tiny = a.copy()
    tiny[0, 0] = 1e-5 if dt is np.float16 else 1e-39  # a product below the smallest normal
    assert _short(ops.MatmulOp, [tiny, b], c) == {"arith.addf"}
    for bad in (np.inf, np.nan):
        worse = a.copy()
        worse[1, 2] = bad
        assert _short(ops.MatmulOp, [worse, b], c) == frozenset()
    big = np.full((8, 8), 65000 if dt is np.float16 else 1e31, dt)  # sums may overflow
    assert _short(ops.MatmulOp, [a, b], big) == frozenset()


@pytest.mark.slow
@pytest.mark.parametrize("dt", [np.float16, BF16], ids=["f16", "bf16"])
@pytest.mark.parametrize("threaded", [False, True])
def test_short_roundings_give_the_exact_roundings_bits(
    dt: object, threaded: bool, compiled_runtime
) -> None:
    """In-range data of every magnitude class (ties, subnormal sums and products where
    allowed, signed zeros, cancellation): the kernel with short roundings writes the
    same bits as the one with the exact roundings."""
    cases = []
    scale = np.float32(2.0**-7) if dt is np.float16 else np.float32(2.0**-60)
    for lo in (scale, np.float32(0.5)):
        a = (RNG.standard_normal((24, 40)).astype(np.float32) * 8 + lo).astype(dt)
        b = (RNG.standard_normal((40, 20)).astype(np.float32) + lo).astype(dt)
        a.reshape(-1)[::11] = -0.0
        c = (RNG.standard_normal((24, 20)) * 4).astype(dt)
        cases.append((ops.MatmulOp, [a, b], c, {}))
    x = (RNG.standard_normal((2, 9, 9, 3)) * 100).astype(dt)
    w = (RNG.standard_normal((3, 3, 3, 4)) + 0.75).astype(dt)
    cases.append((ops.Conv2DNhwcHwcfOp, [x, w], np.zeros((2, 4, 4, 4), dt), {"strides": [2, 2]}))
    pooled = np.zeros((2, 7, 7, 3), dt)
    cases.append((ops.PoolingNhwcSumOp, [x, np.zeros((3, 3), dt)], pooled, {}))
    taken = set()
    for cls, ins, out, attrs in cases:
        results = []
        for allowed in (True, False):
            compiled_runtime.compiled_short_rounding = allowed
            op, operands = cls.from_arrays(*ins, outs=[out.copy()], **attrs)
            compiled.run(op, operands, parallel=threaded)
            results.append(operands[-1].view(np.uint16).copy())
        taken |= _short(cls, ins, out.copy(), **attrs)
        assert np.array_equal(results[0], results[1]), cls.OP_NAME
    assert taken == {"arith.addf", "arith.mulf"}  # both short forms were exercised


def test_the_source_shown_is_the_kernel_a_call_runs(compiled_runtime) -> None:
    compiled_runtime.compiled_tiles = False  # (an f16 tile rounds exactly)
    a = (RNG.random((8, 16)) + 0.5).astype(np.float16)
    b = (RNG.random((16, 8)) + 0.5).astype(np.float16)
    op, operands = ops.MatmulOp.from_arrays(a, b, outs=[np.zeros((8, 8), np.float16)])
    text = compiled.source(op, operands)
    assert "S.sh(x2 + v3)" in text and "S.sh(x0 * x1)" in text
    worse = a.copy()
    worse[0, 0] = np.inf
    op, operands = ops.MatmulOp.from_arrays(worse, b, outs=[np.zeros((8, 8), np.float16)])
    assert "S.sh(" not in compiled.source(op, operands)
