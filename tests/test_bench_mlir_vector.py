"""The benchmark's MLIR baseline (scripts/bench_mlir_vector.py): the tiles it asks MLIR's
vectorizing pipeline for, and that the pipeline really runs (with the MLIR 22 tools)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import numpy as np
import pytest

from linalg_odsgen import ops

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
import bench_mlir_vector


def _op(name: str, *arrays: np.ndarray, **attrs: object) -> object:
    op, _ = ops.OPS[name].from_arrays(*arrays[:-1], outs=[arrays[-1]], **attrs)
    return op


def test_contractions_tile_8_by_32_on_the_innermost_output_dims() -> None:
    a = np.zeros((256, 256), np.float32)
    assert bench_mlir_vector.tile_sizes(_op("matmul", a, a, a.copy())) == ([8, 32, 1], False)
    d = np.zeros((24, 40), np.float64)  # 16 lanes for f64; 24 rows: the divisor 8
    e = np.zeros((40, 48), np.float64)
    assert bench_mlir_vector.tile_sizes(_op("matmul", d, e, np.zeros((24, 48)))) == (
        [8, 16, 1],
        False,
    )


def test_windows_keep_their_first_output_dim_whole_and_are_decomposed() -> None:
    x = np.zeros((1, 58, 58, 64), np.float32)
    w = np.zeros((3, 3, 64, 64), np.float32)
    conv = _op("conv_2d_nhwc_hwcf", x, w, np.zeros((1, 56, 56, 64), np.float32))
    assert bench_mlir_vector.tile_sizes(conv) == ([0, 1, 8, 32, 1, 1, 1], True)
    pool = _op(
        "pooling_nhwc_max",
        np.zeros((1, 11, 11, 48), np.float32),
        np.zeros((3, 3), np.float32),
        np.zeros((1, 5, 5, 48), np.float32),
        strides=[2, 2],
    )
    # 5 output columns: a tile of 5 is the whole extent (no loop); 48 channels: 16
    assert bench_mlir_vector.tile_sizes(pool) == ([0, 1, 0, 16, 1, 1], True)


@pytest.mark.mlir
@pytest.mark.skipif(
    shutil.which("mlir-opt-22") is None or shutil.which("mlir-runner-22") is None,
    reason="MLIR 22 tools not installed",
)
def test_the_vectorizing_pipeline_compiles_runs_and_times_a_decomposed_conv() -> None:
    x = np.zeros((1, 6, 18, 8), np.float32)
    w = np.zeros((3, 3, 8, 64), np.float32)
    conv = _op("conv_2d_nhwc_hwcf", x, w, np.zeros((1, 4, 16, 64), np.float32))
    seconds, form = bench_mlir_vector.vector_time(conv, iterations=2)
    assert isinstance(seconds, float) and 0 < seconds < 1, seconds
    assert form == "tiles [0, 1, 8, 32, 1, 1, 1], decomposed"
