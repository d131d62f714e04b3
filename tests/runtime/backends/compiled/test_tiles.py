"""Register-tiled kernels: the same bits as the loops backend on small instances whose sizes
leave remainders in every unrolled loop, and the tile's shape in the kernel text."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from bits import bits_equal

from linalg_odsgen import ops
from linalg_odsgen.runtime.backends import compiled, get_backend
from linalg_odsgen.runtime.backends.compiled import tiles
from linalg_odsgen.runtime.backends.compiled.order import choose_order, reorderable
from linalg_odsgen.runtime.backends.compiled.tiles import tiled_source


def _f(rng: np.random.Generator, *shape: int, dtype: object = np.float32) -> np.ndarray:
    return rng.standard_normal(shape).astype(dtype)


def _nan_some(x: np.ndarray) -> np.ndarray:
    """Some NaNs and signed zeros: max/min's special cases (NaN wins, -0 < +0)."""
    flat = x.reshape(-1)
    flat[::17] = np.nan
    flat[5::13] = 0.0
    flat[6::13] = -0.0
    return x


def _h(x: np.ndarray) -> np.ndarray:
    return x.astype(np.float16)


def _f16_edges(x: np.ndarray) -> np.ndarray:
    """f16 values, some of them infinities, NaNs, subnormals, signed zeros and values whose
    products or sums overflow f16."""
    h = x.astype(np.float16)
    flat = h.reshape(-1)
    specials = [np.inf, -np.inf, np.nan, 6.0e-8, -3.0e-6, 0.0, -0.0, 65504.0, -300.0, 250.0]
    for k, v in enumerate(specials):
        flat[7 * k + 3 :: 97] = v
    return h


def _cases() -> list[tuple[str, type, list[np.ndarray], dict]]:
    rng = np.random.default_rng(29)
    i8 = rng.integers(-128, 128, (7, 22), dtype=np.int8)
    j8 = rng.integers(-128, 128, (22, 9), dtype=np.int8)
    fortran_a = np.asfortranarray(_f(rng, 11, 19))
    transposed_b = _f(rng, 13, 19).T
    return [
        (
            "matmul remainders",
            ops.MatmulOp,
            [_f(rng, 13, 18), _f(rng, 18, 37), _f(rng, 13, 37)],
            {},
        ),
        ("matmul exact tiles", ops.MatmulOp, [_f(rng, 8, 20), _f(rng, 20, 16), _f(rng, 8, 16)], {}),
        (
            "matmul f64",
            ops.MatmulOp,
            [_f(rng, 6, 21, dtype=np.float64), _f(rng, 21, 5, dtype=np.float64), np.zeros((6, 5))],
            {},
        ),
        ("matmul i8 -> i32", ops.MatmulOp, [i8, j8, np.zeros((7, 9), np.int32)], {}),
        ("matmul strided", ops.MatmulOp, [fortran_a, transposed_b, _f(rng, 13, 11).T], {}),
        (
            "batch_matmul",
            ops.BatchMatmulOp,
            [_f(rng, 3, 5, 17), _f(rng, 3, 17, 6), _f(rng, 3, 5, 6)],
            {},
        ),
        (
            "conv channels 7",
            ops.Conv2DNhwcHwcfOp,
            [_f(rng, 2, 9, 10, 7), _f(rng, 3, 2, 7, 5), _f(rng, 2, 7, 9, 5)],
            {},
        ),
        (
            "conv strided dilated",
            ops.Conv2DNhwcHwcfOp,
            [_f(rng, 1, 11, 12, 6), _f(rng, 2, 3, 6, 19), _f(rng, 1, 5, 4, 19)],
            {"strides": [2, 2], "dilations": [2, 2]},
        ),
        (
            "depthwise channels 37",
            ops.DepthwiseConv2DNhwcHwcOp,
            [_f(rng, 2, 7, 14, 37), _f(rng, 3, 3, 37), _f(rng, 2, 5, 12, 37)],
            {},
        ),
        (
            "depthwise strided dilated",
            ops.DepthwiseConv2DNhwcHwcOp,
            [_f(rng, 1, 13, 23, 16), _f(rng, 2, 3, 16), _f(rng, 1, 6, 9, 16)],
            {"strides": [2, 2], "dilations": [2, 2]},
        ),
        (
            "pooling max remainders",
            ops.PoolingNhwcMaxOp,
            [
                _nan_some(_f(rng, 1, 23, 21, 40)),
                np.zeros((3, 3), np.float32),
                _f(rng, 1, 11, 10, 40),
            ],
            {"strides": [2, 2]},
        ),
        (
            "pooling sum",
            ops.PoolingNhwcSumOp,
            [_f(rng, 2, 12, 11, 33), np.zeros((2, 3), np.float32), _f(rng, 2, 11, 9, 33)],
            {},
        ),
        (
            "pooling min f64",
            ops.PoolingNhwcMinOp,
            [_f(rng, 1, 12, 12, 24, dtype=np.float64), np.zeros((3, 3)), np.zeros((1, 10, 10, 24))],
            {},
        ),
        (
            "matmul f16 remainders, edge values",
            ops.MatmulOp,
            [
                _f16_edges(_f(rng, 11, 23) * 40),
                _f16_edges(_f(rng, 23, 70) * 40),
                _h(_f(rng, 11, 70)),
            ],
            {},
        ),
        (
            "matmul f16 tiny values",  # products and sums among f16's subnormals
            ops.MatmulOp,
            [_h(_f(rng, 9, 17) * 2e-4), _h(_f(rng, 17, 66) * 2e-3), _h(_f(rng, 9, 66) * 1e-7)],
            {},
        ),
        (
            "matmul f16 -> f32",
            ops.MatmulOp,
            [_f(rng, 9, 14, dtype=np.float16), _f(rng, 14, 33, dtype=np.float16), _f(rng, 9, 33)],
            {},
        ),
        (
            "conv f16",
            ops.Conv2DNhwcHwcfOp,
            [_h(_f(rng, 1, 9, 10, 5) * 8), _h(_f(rng, 3, 3, 5, 67) * 8), _h(_f(rng, 1, 7, 8, 67))],
            {},
        ),
        (
            "depthwise f16 strided",
            ops.DepthwiseConv2DNhwcHwcOp,
            [
                _h(_f(rng, 1, 11, 21, 70) * 30),
                _h(_f(rng, 3, 3, 70) * 30),
                _h(_f(rng, 1, 5, 10, 70)),
            ],
            {"strides": [2, 2]},
        ),
        (
            "matmul bf16 -> f32",
            ops.MatmulOp,
            [
                _f(rng, 9, 14).astype(ml_dtypes.bfloat16),
                _f(rng, 14, 35).astype(ml_dtypes.bfloat16),
                _f(rng, 9, 35),
            ],
            {},
        ),
        (
            "pooling max f16 NaNs",
            ops.PoolingNhwcMaxOp,
            [
                _h(_nan_some(_f(rng, 1, 13, 12, 70))),
                np.zeros((3, 3), np.float16),
                _h(_f(rng, 1, 6, 5, 70)),
            ],
            {"strides": [2, 2]},
        ),
        (
            "pooling max i32",
            ops.PoolingNhwcMaxOp,
            [
                rng.integers(-(2**31), 2**31, (1, 9, 14, 20), dtype=np.int32),
                np.zeros((2, 2), np.int32),
                np.zeros((1, 8, 13, 20), np.int32),
            ],
            {},
        ),
        (
            "conv three channels",
            ops.Conv2DNhwcHwcfOp,
            [_f(rng, 1, 8, 8, 3), _f(rng, 3, 3, 3, 8), _f(rng, 1, 6, 6, 8)],
            {},
        ),
    ]


CASES = _cases()


@pytest.mark.parametrize("parallel", [False, True], ids=["one thread", "chunks"])
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_tiled_kernels_give_the_loops_bits(
    case: tuple[str, type, list[np.ndarray], dict], parallel: bool
) -> None:
    _, cls, arrays, attrs = case
    ins, out = arrays[:-1], arrays[-1]
    op, operands = cls.from_arrays(*ins, outs=[out.copy(order="K")], **attrs)
    nest = compiled.nest(op, operands)  # type: ignore[arg-type]
    assert nest.unroll, "the case is meant to run as a register tile"
    want_op, want_operands = cls.from_arrays(*ins, outs=[out.copy(order="K")], **attrs)
    get_backend("loops")(want_op, want_operands)
    compiled.run(op, operands, parallel=parallel)
    assert bits_equal(operands[-1], want_operands[-1])


def test_matmul_runs_an_8x32_register_tile_then_strips_over_the_rest() -> None:
    a, b = np.zeros((64, 64), np.float32), np.zeros((64, 64), np.float32)
    op, operands = ops.MatmulOp.from_arrays(a, b, outs=[np.zeros((64, 64), np.float32)])
    nest = compiled.nest(op, operands)  # type: ignore[arg-type]
    assert nest.order == (0, 1, 2) and dict(nest.unroll) == {0: tiles.ROWS, 1: tiles.LANES[4]}
    text = tiled_source(op, nest)
    assert "acc = S.tile(8, 32, np.float32(0))" in text
    tile = text[text.index("for d0 in range(0, n0 - n0 % 8, 8):") :]
    load, k_loop = tile.index("acc[7, j1] = a2["), tile.index("for d2 in range(0, n2):")
    store = tile.index("] = acc[0, j1]")
    assert load < k_loop < store  # the tile stays in `acc` across the whole reduction
    step = tile[k_loop:store]
    # the rows are written out (no loop over rows for LLVM to vectorise by gathers)
    assert "for j0" not in text
    for row in range(8):
        load_a = step.index(f"x0 = a0[np.uint64((d0 + {row})), d2]")
        assert load_a < step.index("for j1 in range(32):", load_a)
        assert f"acc[{row}, j1] = v" in step  # one step: acc + a * b, rounded once each
    # the rows and columns whole tiles leave: plain nests, the contiguous dim innermost
    rest = text[store:]
    assert "for d0 in range(n0 - n0 % 8, n0):" in rest
    assert "for d1 in range(64 - 64 % 32, 64):" in rest  # 64 columns: trips in the text


def test_short_vector_dims_run_as_strips_of_four_rows_by_four_steps() -> None:
    a, b = np.zeros((64, 64), np.float32), np.zeros((64, 4), np.float32)
    op, operands = ops.MatmulOp.from_arrays(a, b, outs=[np.zeros((64, 4), np.float32)])
    nest = compiled.nest(op, operands)  # type: ignore[arg-type]
    assert nest.order == (0, 2, 1) and dict(nest.unroll) == {0: 4, 2: 4}
    text = tiled_source(op, nest)
    assert "for d0 in range(0, n0 - n0 % 4, 4):" in text
    assert "for d2 in range(n2 - n2 % 4, n2):" in text  # the reduction's remainder, in order
    start = text.index("for d1 in range(0, 4):")
    inner = text[start : text.index("for d2 in range(n2 - n2 % 4, n2):", start)]
    row = inner[inner.index("o1 = a2[(d0 + 1), d1]") : inner.index("a2[(d0 + 1), d1] = o1")]
    assert row.count("o1 = o1 + ") == 4  # loaded once, four steps in order, stored once
    assert inner.count("a1[") == 4  # a row of B serves all four output rows


def _depthwise(channels: int) -> tuple[object, list[np.ndarray]]:
    x = np.zeros((1, 10, 10, channels), np.float32)
    return ops.DepthwiseConv2DNhwcHwcOp.from_arrays(
        x,
        np.zeros((3, 3, channels), np.float32),
        outs=[np.zeros((1, 8, 8, channels), np.float32)],
    )


def test_windows_over_a_vector_of_channels_run_as_register_tiles() -> None:
    """A 3x3 window over 8+ channels: 4 output columns x the channels in registers, the
    window's taps (trip counts in the text) around each step, as MLIR's vector code."""
    op, operands = _depthwise(16)
    nest = compiled.nest(op, operands)  # type: ignore[arg-type]
    assert dict(nest.unroll) == {2: tiles.WINDOW_ROWS, 3: 16}
    assert {4: 3, 5: 3}.items() <= dict(nest.fixed).items()
    text = tiled_source(op, nest)
    assert f"acc = S.tile({tiles.WINDOW_ROWS}, 16, np.float32(0))" in text
    assert "for d4 in range(0, 3):" in text and "for d5 in range(0, 3):" in text


def test_short_windows_over_few_channels_and_bf16_outputs_keep_the_plain_nest() -> None:
    op, operands = _depthwise(4)
    strides = [tuple(s // a.itemsize for s in a.strides) for a in operands]
    ranges = [int(r) for r in op.loop_ranges()]  # type: ignore[attr-defined]
    assert tiles.choose_tiling(op, strides, ranges) is None  # 4 channels: the window innermost
    h = np.zeros((16, 16), ml_dtypes.bfloat16)
    op, operands = ops.MatmulOp.from_arrays(h, h, outs=[h.copy()])
    strides = [tuple(s // a.itemsize for s in a.strides) for a in operands]
    assert tiles.choose_tiling(op, strides, [16, 16, 16]) is None  # f32 shadows instead
    assert reorderable(op) and choose_order(op, strides, True, [16, 16, 16], [2, 2, 2])


def test_an_f16_output_runs_a_tile_of_f16_bits_with_exact_roundings() -> None:
    """The tile holds the output's f16 bits and rounds every step exactly (`rh`, never
    Veltkamp's short form): LLVM turns the conversions into f16 arithmetic."""
    h = np.ones((64, 128), np.float16)
    op, operands = ops.MatmulOp.from_arrays(h, h.T.copy(), outs=[np.zeros((64, 64), np.float16)])
    nest = compiled.nest(op, operands)  # type: ignore[arg-type]
    assert dict(nest.unroll) == {0: tiles.ROWS, 1: tiles.F16_LANES}
    text = tiled_source(op, nest)
    tile = text[: text.index("for d0 in range(n0 - n0 % 8, n0):")]
    assert "acc = S.tile(8, 64, np.uint16(0))" in tile
    assert "S.rh(S.h2f(acc[0, j1]) + " in tile and "acc[0, j1] = S.f2h(" in tile
    assert "S.sh(" not in tile
