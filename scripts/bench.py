#!/usr/bin/env python3
"""Benchmark the default backend against hand-written NumPy, the loops backend and MLIR 22.

The default backend is `auto`: the fast backend (NumPy), with the work NumPy cannot
vectorise handed to the compiled backend when numba is installed. For every op it
prints, in one table:
- `auto ms`: best wall time of the call form (`ops.foo(..., backend="auto")`, what a
  call naming no backend runs; the runtime's binding and verification included);
- `backend ms`: the backend alone on an already bound op (`auto.run(op, operands)`);
- `numpy ms`, `ratio` and `backend ratio`: an independent hand-written NumPy
  version of the same computation, and auto / numpy for the call form and for the
  backend alone; where a case has several formulations (convolutions: a tap loop of
  BLAS matmuls and im2col with one matmul) all are timed in every round and the
  fastest is the reference, named in `numpy reference` (the function below);
- `loops x`: speed-up of auto over the `loops` backend on a small size of the op
  (the size is in the `small` column);
- `mlir ms` / `vs mlir`: the named op compiled by `mlir-opt-22` (convert to loops,
  lower to LLVM) and JIT-run by `mlir-runner-22 -O3`; the time is taken inside
  the program with `rtclock()` around the op calls, so process start-up and JIT
  compilation are excluded (only when mlir-22-tools are installed);
- `peak MiB`: tracemalloc peak of the temporaries the backend allocates
  during one call (the outputs are preallocated and not counted).
- `strategy` is the fast backend's plan, or `compiled` where `auto` hands the op to the
  compiled backend (numba installed; the `*_numpy` rows switch hand-offs off, which
  makes `auto` the NumPy-only `fast` backend, as `LINALG_ODSGEN_FAST_HANDOFF=0` does).

The compiled backend's section is described in `scripts/bench_compiled.py`.

Usage: `python scripts/bench.py [--quick] [--ops matmul,add|overhead|compiled] [--no-mlir]
[--no-compiled] [--repeat N] [--temp-limit BYTES] [--markdown] [--clock wall|cpu]`.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import _one_blas_thread  # noqa: F401  (before NumPy)
import ml_dtypes
import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from linalg_odsgen import ops
from linalg_odsgen.dsl import (
    I64,
    T1,
    BinaryFn,
    D,
    S,
    TensorDef,
    TypeFn,
    const,
    index,
    linalg_structured_op,
)
from linalg_odsgen.model import OperandKind
from linalg_odsgen.runtime.backends import auto, fast
from linalg_odsgen.runtime.backends.fast import blas as fast_blas

Arrays = list[Any]


@dataclass(frozen=True)
class Case:
    """One benchmark: the op, how to make operands, and the hand-written NumPy version."""

    name: str
    op: str  # core op name
    make: Callable[[np.random.Generator, bool], tuple[Arrays, list[np.ndarray], dict[str, Any]]]
    numpy: Callable[[Arrays, list[np.ndarray], dict[str, Any]], None]
    describe: str
    # An exact reference for the `check` column when `numpy` is only a speed baseline
    # (narrow floats: f32 NumPy is the speed to compare with, not the result).
    reference: Callable[[Arrays, list[np.ndarray], dict[str, Any]], None] | None = None
    dsl: Any = None  # a user op written with the DSL (below) instead of a core op
    handoff: bool = True  # False: `auto` stays on the fast backend (no compiled hand-off)
    # Other NumPy formulations of the same computation: each run times them all beside
    # `numpy` and compares with the fastest (the `numpy reference` column names it).
    alternatives: tuple[Callable[[Arrays, list[np.ndarray], dict[str, Any]], None], ...] = ()


def f32(rng: np.random.Generator, *shape: int) -> np.ndarray:
    return rng.standard_normal(shape).astype(np.float32)


def i8(rng: np.random.Generator, *shape: int) -> np.ndarray:
    return rng.integers(-128, 128, size=shape).astype(np.int8)


# -- hand-written NumPy versions (written from the ops' definitions, not from the backend) --


def np_matmul(ins: Arrays, outs: list[np.ndarray], attrs: dict[str, Any]) -> None:
    a, b = ins
    outs[0] += a @ b


def np_conv_nhwc_hwcf(ins: Arrays, outs: list[np.ndarray], attrs: dict[str, Any]) -> None:
    """Tap loop: for each filter tap (i, j), the input window it reads times the tap's
    C x F matrix, one BLAS matmul each, added into the output."""
    x, w = ins
    o = outs[0]
    _, oh, ow, f = o.shape
    acc = o.reshape(-1, f)  # a view: the timed outputs are contiguous
    for i in range(w.shape[0]):
        for j in range(w.shape[1]):
            acc += x[:, i : i + oh, j : j + ow, :].reshape(-1, w.shape[2]) @ w[i, j]


def np_conv_im2col(ins: Arrays, outs: list[np.ndarray], attrs: dict[str, Any]) -> None:
    """im2col: every window gathered into a row (kh * kw * C wide), then one BLAS matmul."""
    x, w = ins
    o = outs[0]
    kh, kw, c, f = w.shape
    win = sliding_window_view(x, (kh, kw), axis=(1, 2))  # n, oh, ow, c, kh, kw
    cols = win.transpose(0, 1, 2, 4, 5, 3).reshape(-1, kh * kw * c)
    o += (cols @ w.reshape(-1, f)).reshape(o.shape)


def _f64_shifted(a: np.ndarray, zero_point: Any) -> np.ndarray:
    """`a - zero_point` in f64 (exact for 8-bit operands), one conversion pass."""
    out = a.astype(np.float64)
    out -= float(zero_point)
    return out


def np_qconv_taps(ins: Arrays, outs: list[np.ndarray], attrs: dict[str, Any]) -> None:
    """Quantized conv as an exact f64-BLAS tap loop: both operands shifted by their zero
    points and converted to f64 once (every partial sum is an integer below 2**53), one
    matmul per tap, the f64 sum converted to i32 and added."""
    x, w, xzp, wzp = ins
    o = outs[0]
    n, oh, ow, f = o.shape
    xf, wf = _f64_shifted(x, xzp), _f64_shifted(w, wzp)
    acc = np.zeros((n * oh * ow, f))
    for i in range(w.shape[0]):
        for j in range(w.shape[1]):
            acc += xf[:, i : i + oh, j : j + ow, :].reshape(-1, w.shape[2]) @ wf[i, j]
    o += acc.reshape(o.shape).astype(np.int64).astype(o.dtype)


def np_qconv_im2col(ins: Arrays, outs: list[np.ndarray], attrs: dict[str, Any]) -> None:
    """Quantized conv as one exact f64-BLAS matmul of the gathered windows."""
    x, w, xzp, wzp = ins
    o = outs[0]
    kh, kw, c, f = w.shape
    xf = _f64_shifted(x, xzp)
    win = sliding_window_view(xf, (kh, kw), axis=(1, 2))
    cols = win.transpose(0, 1, 2, 4, 5, 3).reshape(-1, kh * kw * c)
    r = cols @ _f64_shifted(w, wzp).reshape(-1, f)
    o += r.reshape(o.shape).astype(np.int64).astype(o.dtype)


def np_depthwise_nhwc_hwc(ins: Arrays, outs: list[np.ndarray], attrs: dict[str, Any]) -> None:
    x, w = ins
    o = outs[0]
    oh, ow = o.shape[1:3]
    for i in range(w.shape[0]):  # one multiply-add per kernel tap
        for j in range(w.shape[1]):
            o += x[:, i : i + oh, j : j + ow, :] * w[i, j]


def np_pool_max(ins: Arrays, outs: list[np.ndarray], attrs: dict[str, Any]) -> None:
    x, k = ins
    s = attrs["strides"]
    win = sliding_window_view(x, k.shape, axis=(1, 2))[:, :: s[0], :: s[1]]
    np.maximum(outs[0], win.max(axis=(-2, -1)), out=outs[0])


def np_add(ins: Arrays, outs: list[np.ndarray], attrs: dict[str, Any]) -> None:
    np.add(ins[0], ins[1], out=outs[0])


def np_exp(ins: Arrays, outs: list[np.ndarray], attrs: dict[str, Any]) -> None:
    np.exp(ins[0], out=outs[0])


def np_qmatmul(ins: Arrays, outs: list[np.ndarray], attrs: dict[str, Any]) -> None:
    a, b, azp, bzp = ins
    outs[0] += (a.astype(np.int32) - np.int32(azp)) @ (b.astype(np.int32) - np.int32(bzp))


# -- operand makers: (rng, small) -> (ins, outs, attrs) ---------------------------------------


def mk_matmul(rng: np.random.Generator, small: bool) -> tuple[Arrays, list[np.ndarray], dict]:
    n = 40 if small else 512
    return [f32(rng, n, n), f32(rng, n, n)], [np.zeros((n, n), np.float32)], {}


TRANSPOSED_A = (
    "[affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, "
    "affine_map<(d0, d1, d2) -> (d0, d1)>]"
)


def np_matmul_ta(ins: Arrays, outs: list[np.ndarray], attrs: dict[str, Any]) -> None:
    a, b = ins
    outs[0] += a.T @ b


def mk_matmul_ta(rng: np.random.Generator, small: bool) -> tuple[Arrays, list[np.ndarray], dict]:
    """MLIR 22's matmul with a transposed A through per-instance `indexing_maps`."""
    n = 40 if small else 512
    return (
        [f32(rng, n, n), f32(rng, n, n)],
        [np.zeros((n, n), np.float32)],
        {"indexing_maps": TRANSPOSED_A},
    )


def mk_batch_matmul(rng: np.random.Generator, small: bool) -> tuple[Arrays, list[np.ndarray], dict]:
    b, n = (4, 26) if small else (8, 256)
    return [f32(rng, b, n, n), f32(rng, b, n, n)], [np.zeros((b, n, n), np.float32)], {}


def mk_conv(rng: np.random.Generator, small: bool) -> tuple[Arrays, list[np.ndarray], dict]:
    hw, c = (14, 10) if small else (58, 64)
    return (
        [f32(rng, 1, hw, hw, c), f32(rng, 3, 3, c, c)],
        [np.zeros((1, hw - 2, hw - 2, c), np.float32)],
        {},
    )


def mk_qconv(rng: np.random.Generator, small: bool) -> tuple[Arrays, list[np.ndarray], dict]:
    hw, c = (14, 10) if small else (58, 64)
    return (
        [i8(rng, 1, hw, hw, c), i8(rng, 3, 3, c, c), np.int32(3), np.int32(-5)],
        [np.zeros((1, hw - 2, hw - 2, c), np.int32)],
        {},
    )


def mk_depthwise(
    rng: np.random.Generator, small: bool, full: int = 58
) -> tuple[Arrays, list[np.ndarray], dict]:
    hw, c = (34, 16) if small else (full, 64)
    return (
        [f32(rng, 1, hw, hw, c), f32(rng, 3, 3, c)],
        [np.zeros((1, hw - 2, hw - 2, c), np.float32)],
        {},
    )


def mk_pool(
    rng: np.random.Generator, small: bool, full: int = 58
) -> tuple[Arrays, list[np.ndarray], dict]:
    hw, c = (57, 16) if small else (full, 64)
    oh = (hw - 3) // 2 + 1
    return (
        [f32(rng, 1, hw, hw, c), np.zeros((3, 3), np.float32)],
        [np.full((1, oh, oh, c), -np.inf, np.float32)],
        {"strides": [2, 2]},
    )


def mk_add(rng: np.random.Generator, small: bool) -> tuple[Arrays, list[np.ndarray], dict]:
    n = 1 << (15 if small else 22)
    return [f32(rng, n), f32(rng, n)], [np.empty(n, np.float32)], {}


def mk_exp(rng: np.random.Generator, small: bool) -> tuple[Arrays, list[np.ndarray], dict]:
    n = 1 << (15 if small else 22)
    return [f32(rng, n)], [np.empty(n, np.float32)], {}


def mk_qmatmul(rng: np.random.Generator, small: bool) -> tuple[Arrays, list[np.ndarray], dict]:
    n = 40 if small else 256
    return (
        [i8(rng, n, n), i8(rng, n, n), np.int32(3), np.int32(-5)],
        [np.zeros((n, n), np.int32)],
        {},
    )


def np_dot(ins: Arrays, outs: list[np.ndarray], attrs: dict[str, Any]) -> None:
    x, y = ins
    outs[0] += np.dot(x, y)


def mk_dot(rng: np.random.Generator, small: bool) -> tuple[Arrays, list[np.ndarray], dict]:
    n = 1 << (12 if small else 22)
    return [f32(rng, n), f32(rng, n)], [np.zeros((), np.float32)], {}


def mk_narrow_matmul(dt: Any) -> Callable[..., tuple[Arrays, list[np.ndarray], dict]]:
    def make(rng: np.random.Generator, small: bool) -> tuple[Arrays, list[np.ndarray], dict]:
        n = 24 if small else 256
        return [f32(rng, n, n).astype(dt), f32(rng, n, n).astype(dt)], [np.zeros((n, n), dt)], {}

    return make


def mk_narrow_dot(dt: Any) -> Callable[..., tuple[Arrays, list[np.ndarray], dict]]:
    def make(rng: np.random.Generator, small: bool) -> tuple[Arrays, list[np.ndarray], dict]:
        n = 1 << (10 if small else 20)
        return [f32(rng, n).astype(dt), f32(rng, n).astype(dt)], [np.zeros((), dt)], {}

    return make


def narrow_dot_reference(ins: Arrays, outs: list[np.ndarray], attrs: dict[str, Any]) -> None:
    """MLIR's f16/bf16 dot: one element after the other, every multiply and add rounded."""
    a, b = ins
    c = outs[0]
    for k in range(a.shape[0]):
        c[...] = c + a[k] * b[k]


_F32_COPIES: dict[int, tuple[np.ndarray, np.ndarray]] = {}


def np_matmul_as_f32(ins: Arrays, outs: list[np.ndarray], attrs: dict[str, Any]) -> None:
    """The speed baseline of a narrow-float matmul (or dot): f32 NumPy on the same shape
    (operands converted to f32 once, outside the timed calls; the f32 result is not
    stored)."""
    key = id(ins[0])
    if key not in _F32_COPIES or _F32_COPIES[key][0].shape != ins[0].shape:
        _F32_COPIES[key] = (ins[0].astype(np.float32), ins[1].astype(np.float32))
    a, b = _F32_COPIES[key]
    np.matmul(a, b)


def narrow_matmul_reference(ins: Arrays, outs: list[np.ndarray], attrs: dict[str, Any]) -> None:
    """MLIR's f16/bf16 matmul: k innermost, the narrow ufuncs round every multiply and add."""
    a, b = ins
    c = outs[0]
    for k in range(a.shape[1]):
        c[...] = c + a[:, k : k + 1] * b[k : k + 1, :]


@linalg_structured_op
def tril_mask(
    A=TensorDef(T1, S.M, S.N),  # noqa: B008 (the DSL's declaration style)
    B=TensorDef(T1, S.M, S.N, output=True),  # noqa: B008
):
    """Keeps the elements on and below the diagonal (an index-based payload)."""
    row = TypeFn.cast_signed(I64, index(D.m))
    col = TypeFn.cast_signed(I64, index(D.n))
    keep = BinaryFn.min_signed(const(1), BinaryFn.max_signed(const(0), row - col + const(1)))
    B[D.m, D.n] = A[D.m, D.n] * TypeFn.cast_signed(T1, keep)


_MATH_ERF = np.frompyfunc(math.erf, 1, 1)


def np_erf(ins: Arrays, outs: list[np.ndarray], attrs: dict[str, Any]) -> None:
    """NumPy has no erf: the C library's, element by element (what `loops` computes)."""
    np.copyto(outs[0], _MATH_ERF(ins[0].astype(np.float64)).astype(np.float64), casting="unsafe")


def mk_erf(rng: np.random.Generator, small: bool) -> tuple[Arrays, list[np.ndarray], dict]:
    n = 1 << (15 if small else 20)
    return [f32(rng, n) * 2], [np.zeros(n, np.float32)], {}


def mk_tril(rng: np.random.Generator, small: bool) -> tuple[Arrays, list[np.ndarray], dict]:
    n = 64 if small else 2048
    return [f32(rng, n, n)], [np.zeros((n, n), np.float32)], {}


def np_tril(ins: Arrays, outs: list[np.ndarray], attrs: dict[str, Any]) -> None:
    np.copyto(outs[0], np.tril(ins[0]))


CASES: tuple[Case, ...] = (
    Case("matmul", "matmul", mk_matmul, np_matmul, "512x512x512 f32"),
    Case("dot", "dot", mk_dot, np_dot, "4M f32"),
    Case("batch_matmul", "batch_matmul", mk_batch_matmul, np_matmul, "8x256x256x256 f32"),
    Case(
        "matmul_maps_transposed_a",
        "matmul",
        mk_matmul_ta,
        np_matmul_ta,
        "512^3 f32, A given as (k, m) by indexing_maps",
    ),
    Case(
        "conv_2d_nhwc_hwcf",
        "conv_2d_nhwc_hwcf",
        mk_conv,
        np_conv_nhwc_hwcf,
        "1x58x58x64 * 3x3x64x64 f32",
        alternatives=(np_conv_im2col,),
    ),
    Case(
        "conv_2d_nhwc_hwcf_q",
        "conv_2d_nhwc_hwcf_q",
        mk_qconv,
        np_qconv_taps,
        "1x58x58x64 * 3x3x64x64 i8 -> i32, zero points (numpy: exact f64 BLAS)",
        alternatives=(np_qconv_im2col,),
    ),
    Case(
        "depthwise_conv_2d_nhwc_hwc",
        "depthwise_conv_2d_nhwc_hwc",
        mk_depthwise,
        np_depthwise_nhwc_hwc,
        "1x58x58x64 * 3x3x64 f32",
    ),
    Case(
        "pooling_nhwc_max",
        "pooling_nhwc_max",
        mk_pool,
        np_pool_max,
        "1x58x58x64, 3x3 window, stride 2 f32",
    ),
    Case("add", "add", mk_add, np_add, "4M f32"),
    Case("exp", "exp", mk_exp, np_exp, "4M f32"),
    Case("quantized_matmul", "quantized_matmul", mk_qmatmul, np_qmatmul, "256^3 i8 -> i32"),
    Case("erf", "erf", mk_erf, np_erf, "1M f32 (numpy: math.erf per element; no NumPy erf)"),
    Case(
        "tril_index",
        "tril_mask",
        mk_tril,
        np_tril,
        "2048^2 f32, a DSL op keeping i <= j by index() arithmetic",
        dsl=tril_mask,
    ),
    Case(
        "matmul_f16",
        "matmul",
        mk_narrow_matmul(np.float16),
        np_matmul_as_f32,
        "256^3 f16 (numpy: f32 matmul of the same shape)",
        narrow_matmul_reference,
    ),
    Case(
        "matmul_bf16",
        "matmul",
        mk_narrow_matmul(ml_dtypes.bfloat16),
        np_matmul_as_f32,
        "256^3 bf16 (numpy: f32 matmul of the same shape)",
        narrow_matmul_reference,
    ),
    Case(
        "dot_bf16",
        "dot",
        mk_narrow_dot(ml_dtypes.bfloat16),
        np_matmul_as_f32,
        "1M bf16 (numpy: f32 BLAS dot of the same length)",
        narrow_dot_reference,
    ),
    Case(
        "matmul_f16_numpy",
        "matmul",
        mk_narrow_matmul(np.float16),
        np_matmul_as_f32,
        "as matmul_f16, no hand-off (NumPy only, as backend='fast')",
        narrow_matmul_reference,
        handoff=False,
    ),
    Case(
        "matmul_bf16_numpy",
        "matmul",
        mk_narrow_matmul(ml_dtypes.bfloat16),
        np_matmul_as_f32,
        "as matmul_bf16, no hand-off (NumPy only, as backend='fast')",
        narrow_matmul_reference,
        handoff=False,
    ),
)


# -- timing -----------------------------------------------------------------------------------


def best_time(fn: Callable[[], None], repeat: int) -> float:
    """Best wall time of `repeat` runs (after one warm-up run), in seconds."""
    return best_times([fn], repeat)[0]


# What the timings read: wall time, or with `--clock cpu` the process's CPU time, which
# time-slicing by other processes on a loaded machine does not inflate (it sums every
# thread, so threaded runs show their total work, not their wall time).
CLOCK: Callable[[], float] = time.perf_counter


def best_times(fns: list[Callable[[], None]], repeat: int) -> list[float]:
    """Best time of each function, runs interleaved so load changes hit all alike."""
    for fn in fns:
        fn()
    best = [float("inf")] * len(fns)
    clock = CLOCK
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            t0 = clock()
            fn()
            best[i] = min(best[i], clock() - t0)
    return best


def peak_bytes(fn: Callable[[], None]) -> int:
    """tracemalloc peak above the memory already held when `fn` starts."""
    tracemalloc.start()
    try:
        base, _ = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        fn()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return max(0, peak - base)


def fresh(outs: list[np.ndarray]) -> list[np.ndarray]:
    return [o.copy() for o in outs]


def check_close(got: np.ndarray, want: np.ndarray) -> bool:
    if got.dtype.kind == "f":
        scale = max(1.0, float(np.abs(want).max(initial=0)))
        return bool(np.allclose(got, want, rtol=1e-3, atol=1e-4 * scale))
    return bool(np.array_equal(got, want))


def same_bits(got: np.ndarray, want: np.ndarray) -> bool:
    u = f"uint{got.dtype.itemsize * 8}"
    return bool(np.array_equal(got.view(u), want.view(u)))


# -- MLIR 22 ----------------------------------------------------------------------------------

_RUNNER_LIB_DIRS = ("/usr/lib/llvm-22/lib",)


def mlir_available() -> bool:
    return shutil.which("mlir-opt-22") is not None and shutil.which("mlir-runner-22") is not None


def _c_runner_utils() -> str | None:
    for d in _RUNNER_LIB_DIRS:
        for name in ("libmlir_c_runner_utils.so", "libmlir_c_runner_utils.so.22.1"):
            path = os.path.join(d, name)
            if os.path.exists(path):
                return path
    return None


def _fill_value(t: Any) -> str:
    return "1.000000e+00" if t.is_float else "1"


def mlir_program(op: Any, iterations: int, generic: bool = False, kernel: str | None = None) -> str:
    """A module that fills the operands, runs the op `iterations` times (named form, or
    `linalg.generic` for ops stock MLIR does not know) and prints the best run's seconds
    (best of N, as `best_time` measures the Python side)."""
    from linalg_odsgen.mlir.literals import format_scalar
    from linalg_odsgen.mlir.printer import Form, operand_signature, print_op
    from linalg_odsgen.mlir.region_printer import NameScope

    sigs = operand_signature(op, "memref")
    scope = NameScope()
    params: list[str] = []
    names: list[str] = []
    for j, sig in enumerate(sigs):
        name = scope.named(f"a{j}")
        names.append(name)
        params.append(f"{name}: {sig if sig.kind is not None else sig.element}")
    if kernel is None:  # the op on the memrefs; `kernel` may bring another body (@kernel)
        form = Form.GENERIC if generic else Form.NAMED
        lines, _ = print_op(op, form, names, sigs, scope, "    ")
        # noinline keeps the op a real call LLVM cannot fold into the (otherwise dead) timing
        # loop.
        kernel = (
            "  func.func @kernel("
            + ", ".join(params)
            + ') attributes {passthrough = ["noinline"]} {\n'
            + "\n".join(lines)
            + "\n    return\n  }\n"
        )
    body: list[str] = []
    args: list[str] = []
    for j, sig in enumerate(sigs):
        if sig.kind is None:
            body.append(f"    %s{j} = arith.constant {format_scalar(1, sig.element)}")
            args.append(f"%s{j}")
            continue
        body.append(f"    %m{j} = memref.alloc() : {sig}")
        body.append(f"    %f{j} = arith.constant {_fill_value(sig.element)} : {sig.element}")
        body.append(f"    linalg.fill ins(%f{j} : {sig.element}) outs(%m{j} : {sig})")
        args.append(f"%m{j}")
    types = ", ".join(str(s) if s.kind is not None else str(s.element) for s in sigs)
    body += [
        "    %c0 = arith.constant 0 : index",
        "    %c1 = arith.constant 1 : index",
        f"    %cn = arith.constant {iterations} : index",
        "    %never = arith.constant 1.0e30 : f64",
        "    %best = scf.for %i = %c0 to %cn step %c1 iter_args(%b = %never) -> (f64) {",
        "      %t0 = func.call @rtclock() : () -> f64",
        f"      func.call @kernel({', '.join(args)}) : ({types}) -> ()",
        "      %t1 = func.call @rtclock() : () -> f64",
        "      %dt = arith.subf %t1, %t0 : f64",
        "      %m = arith.minimumf %b, %dt : f64",
        "      scf.yield %m : f64",
        "    }",
        "    func.call @printF64(%best) : (f64) -> ()",
        "    func.call @printNewline() : () -> ()",
    ]
    # Print the first element of every output so the results are observably used.
    for j, (odef, sig) in enumerate(zip(op.value_operands, sigs, strict=True)):
        if odef.kind is not OperandKind.OUTPUT_TENSOR:
            continue
        idx = ", ".join(["%c0"] * len(sig.shape))
        body.append(f"    %e{j} = memref.load %m{j}[{idx}] : {sig}")
        if sig.element.is_float and sig.element.width == 64:
            body.append(f"    func.call @printF64(%e{j}) : (f64) -> ()")
        else:
            conv = "arith.extf" if sig.element.is_float else "arith.sitofp"
            body.append(f"    %g{j} = {conv} %e{j} : {sig.element} to f64")
            body.append(f"    func.call @printF64(%g{j}) : (f64) -> ()")
        body.append("    func.call @printNewline() : () -> ()")
    body += [
        f"    memref.dealloc %m{j} : {sig}" for j, sig in enumerate(sigs) if sig.kind is not None
    ]
    main = "  func.func @main() {\n" + "\n".join(body) + "\n    return\n  }\n"
    decls = (
        "  func.func private @rtclock() -> f64\n"
        "  func.func private @printF64(f64)\n"
        "  func.func private @printNewline()\n"
    )
    return "module {\n" + decls + kernel + main + "}\n"


def mlir_time(
    op: Any, iterations: int = 1, timeout: float = 600.0, generic: bool = False
) -> float | str:
    """Seconds of the best of `iterations` runs of MLIR 22's compiled named op, or a short
    reason it failed."""
    from linalg_odsgen.mlir.execution import LOWERING_PASSES

    return run_timed_module(mlir_program(op, iterations, generic), LOWERING_PASSES, timeout)


def run_timed_module(
    text: str,
    passes: Sequence[str],
    timeout: float = 600.0,
    files: dict[str, str] | None = None,
) -> float | str:
    """Lower a module from `mlir_program` with `passes` (`{dir}` in a pass stands for a
    directory holding `files`), JIT-run it with mlir-runner-22 -O3 and return the seconds
    it printed, or a short reason it failed."""
    lib = _c_runner_utils()
    if lib is None:
        return "no runner libs"
    with tempfile.TemporaryDirectory() as tmp:
        for name, content in (files or {}).items():
            with open(os.path.join(tmp, name), "w") as f:
                f.write(content)
        src = os.path.join(tmp, "bench.mlir")
        with open(src, "w") as f:
            f.write(text)
        argv = ["mlir-opt-22", src, *(p.replace("{dir}", tmp) for p in passes)]
        lowered = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
        if lowered.returncode != 0:
            return "mlir-opt failed: " + lowered.stderr.strip().splitlines()[0][:80]
        llvm = re.sub(r" \{fastmath = #arith\.fastmath<[a-z, ]*>\}", "", lowered.stdout)
        run = subprocess.run(
            [
                "mlir-runner-22",
                "-e",
                "main",
                "-entry-point-result=void",
                "-O3",
                f"-shared-libs={lib}",
            ],
            input=llvm,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if run.returncode != 0:
            return "mlir-runner failed: " + run.stderr.strip().splitlines()[0][:80]
        try:
            return float(run.stdout.split()[0])
        except (IndexError, ValueError):
            return "no timing printed"


# -- driver -----------------------------------------------------------------------------------


@dataclass
class Row:
    name: str
    size: str
    strategy: str
    auto_ms: float
    backend_ms: float
    numpy_ms: float
    reference: str  # the NumPy formulation `numpy_ms` timed (the fastest of the case's)
    ok: bool
    small: str
    loops_speedup: float | None
    mlir_ms: float | str | None
    peak_mib: float

    @property
    def ratio(self) -> float:
        return self.auto_ms / self.numpy_ms

    def cells(self) -> list[str]:
        mlir = (
            "-"
            if self.mlir_ms is None
            else self.mlir_ms
            if isinstance(self.mlir_ms, str)
            else f"{self.mlir_ms:.2f}"
        )
        vs_mlir = (
            f"{self.auto_ms / self.mlir_ms:.3f}"
            if isinstance(self.mlir_ms, float) and self.mlir_ms > 0
            else "-"
        )
        loops = "-" if self.loops_speedup is None else f"{self.loops_speedup:.0f}x"
        return [
            self.name,
            self.size,
            self.strategy,
            f"{self.auto_ms:.2f}",
            f"{self.backend_ms:.2f}",
            f"{self.numpy_ms:.2f}",
            self.reference,
            f"{self.ratio:.2f}",
            f"{self.backend_ms / self.numpy_ms:.2f}",
            "ok" if self.ok else "MISMATCH",
            loops,
            self.small,
            mlir,
            vs_mlir,
            f"{self.peak_mib:.1f}",
        ]


HEADER = [
    "op",
    "size",
    "strategy",
    "auto ms",
    "backend ms",
    "numpy ms",
    "numpy reference",
    "ratio",
    "backend ratio",
    "check",
    "loops x",
    "small",
    "mlir ms",
    "vs mlir",
    "peak MiB",
]


def shape_text(ins: Arrays, outs: list[np.ndarray]) -> str:
    return " ".join(
        "x".join(map(str, np.shape(v))) or "()" for v in (*ins, *outs) if np.ndim(v) > 0
    )


def bench_case(case: Case, args: argparse.Namespace, rng: np.random.Generator) -> Row:
    auto.set_handoff(None if case.handoff else False)
    try:
        return _bench_case(case, args, rng)
    finally:
        auto.set_handoff(None)


def _bench_case(case: Case, args: argparse.Namespace, rng: np.random.Generator) -> Row:
    fn = getattr(ops, case.op) if case.dsl is None else case.dsl
    cls = ops.OPS[case.op] if case.dsl is None else case.dsl.op_class
    ins, outs, attrs = case.make(rng, False)

    got = fresh(outs)
    fn(*ins, outs=got, backend="auto", **attrs)
    want = fresh(outs)
    if case.reference is not None:
        case.reference(ins, want, attrs)
        ok = all(same_bits(g, w) for g, w in zip(got, want, strict=True))
    else:
        case.numpy(ins, want, attrs)
        ok = all(check_close(g, w) for g, w in zip(got, want, strict=True))

    work = fresh(outs)  # timed runs accumulate into a scratch output
    op, operands = cls.from_arrays(*ins, outs=work, **attrs)
    refs = (case.numpy, *case.alternatives)
    for alt in case.alternatives:  # every formulation computes the same thing
        other = fresh(outs)
        alt(ins, other, attrs)
        ok = ok and all(check_close(a, w) for a, w in zip(other, want, strict=True))
    # Ours and every NumPy formulation back to back in each round (best of the rounds),
    # so load that comes and goes hits them alike.
    auto_s, backend_s, *ref_s = best_times(
        [
            lambda: fn(*ins, outs=work, backend="auto", **attrs),
            lambda: auto.run(op, operands),
            *(lambda ref=ref: ref(ins, work, attrs) for ref in refs),
        ],
        args.repeat,
    )
    numpy_s = min(ref_s)
    reference = refs[ref_s.index(numpy_s)].__name__
    peak = peak_bytes(lambda: fn(*ins, outs=work, backend="auto", **attrs))
    plan = fast.plan(op, operands)
    strategy = "loops" if plan is None else plan.strategy
    if auto.choice(op, operands) == "compiled":
        strategy = "compiled"  # handed to the compiled backend (numba installed)

    loops_speedup = None
    small = "-"
    if not args.no_loops:
        s_ins, s_outs, s_attrs = case.make(rng, True)
        small = shape_text(s_ins, s_outs)
        t0 = time.perf_counter()
        fn(*s_ins, outs=fresh(s_outs), backend="loops", **s_attrs)
        loops_s = time.perf_counter() - t0
        auto_small = best_time(
            lambda: fn(*s_ins, outs=fresh(s_outs), backend="auto", **s_attrs), args.repeat
        )
        loops_speedup = loops_s / auto_small

    mlir_ms: float | str | None = None
    if args.mlir:
        try:
            t = mlir_time(op, iterations=1 if args.quick else 2, generic=case.dsl is not None)
        except subprocess.TimeoutExpired:
            t = "timeout"
        mlir_ms = t * 1e3 if isinstance(t, float) else t

    return Row(
        case.name,
        case.describe,
        strategy,
        auto_s * 1e3,
        backend_s * 1e3,
        numpy_s * 1e3,
        reference,
        ok,
        small,
        loops_speedup,
        mlir_ms,
        peak / 2**20,
    )


def format_rows(rows: list[Row], markdown: bool) -> str:
    table = [HEADER, *[r.cells() for r in rows]]
    if markdown:
        out = ["| " + " | ".join(table[0]) + " |", "|" + "---|" * len(table[0])]
        out += ["| " + " | ".join(r) + " |" for r in table[1:]]
        return "\n".join(out)
    widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in table)


def bench_gen_ods(repeat: int) -> str:
    """Whole-process wall time of `gen-ods` on the core library, beside upstream's C++ tool."""
    root = Path(__file__).resolve().parents[1]
    lib = root / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml"
    with tempfile.TemporaryDirectory() as tmp:
        ours = [sys.executable, "-m", "linalg_odsgen", "gen-ods", str(lib)]
        ours += [f"--o-ods-decl={tmp}/a.td", f"--o-impl={tmp}/a.cpp.inc"]
        commands = [("linalg-ods-gen gen-ods", ours)]
        upstream = shutil.which("mlir-linalg-ods-yaml-gen-22")
        if upstream:
            theirs = [upstream, str(lib), f"--o-ods-decl={tmp}/b.td", f"--o-impl={tmp}/b.cpp.inc"]
            commands.append(("mlir-linalg-ods-yaml-gen-22", theirs))
        lines = [f"gen-ods of {lib.name} ({repeat} runs, whole process, seconds):"]
        for name, argv in commands:
            times = []
            for _ in range(repeat):
                start = time.perf_counter()
                subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
                times.append(time.perf_counter() - start)
            lines.append(
                f"  {name:<28} best {min(times):.3f}  median {sorted(times)[len(times) // 2]:.3f}"
            )
        if upstream:
            same = all(
                Path(f"{tmp}/a{ext}").read_bytes() == Path(f"{tmp}/b{ext}").read_bytes()
                for ext in (".td", ".cpp.inc")
            )
            lines.append(f"  outputs byte-identical: {same}")
    return "\n".join(lines)


# -- call overhead: tiny operands, where the runtime's own work is all there is --------------

_FIRST_CALL = """
import sys, time
import numpy as np
from linalg_odsgen import ops
ins = [np.ones(s, np.float32) for s in {ins!r}]
outs = [np.zeros(s, np.float32) for s in {outs!r}]
t = time.perf_counter()
getattr(ops, {op!r})(*ins, outs=outs, backend="auto")
print(time.perf_counter() - t)
"""

TINY: tuple[tuple[str, list[tuple[int, ...]], list[tuple[int, ...]], Callable[..., Any]], ...] = (
    ("matmul", [(4, 4), (4, 4)], [(4, 4)], lambda a, b, c: np.add(c, a @ b, out=c)),
    ("add", [(4, 4), (4, 4)], [(4, 4)], lambda a, b, c: np.add(a, b, out=c)),
    ("fill", [()], [(4, 4)], lambda v, c: np.copyto(c, v)),
    (
        "conv_2d_nhwc_hwcf",
        [(1, 6, 6, 2), (3, 3, 2, 2)],
        [(1, 4, 4, 2)],
        lambda x, w, c: np.add(
            c,
            np.tensordot(sliding_window_view(x, (3, 3), axis=(1, 2)), w, ([3, 4, 5], [2, 0, 1])),
            out=c,
        ),
    ),
)


def child_env(**extra: str) -> dict[str, str]:
    """The environment of a fresh process timing first calls: ours, plus `extra`, with
    Python's bytecode cache on as on a usual install (this machine may switch it off)."""
    env = {**os.environ, **extra}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def first_call_ms(op: str, ins: list[tuple[int, ...]], outs: list[tuple[int, ...]]) -> float:
    """First call of an op in a fresh process (imports done before the clock starts)."""
    code = _FIRST_CALL.format(op=op, ins=ins, outs=outs)
    env = child_env()
    times = []
    for _ in range(3):
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
        ).stdout
        times.append(float(out.strip()) * 1e3)
    return min(times)


def blas_text() -> str:
    """How the fast backend's tap loops add their taps: inside SciPy's gemm, or an add each."""
    if not fast_blas.available():
        return "tap loops: matmul + add per tap (SciPy not installed)"
    import scipy

    return f"tap loops: gemm accumulates (scipy {scipy.__version__}); NumPy references: NumPy only"


def bench_overhead(repeat: int) -> str:
    """Per-call microseconds on tiny operands (the call form on `auto`, the default, and on
    the NumPy-only `fast`) next to NumPy."""
    rng = np.random.default_rng(1)
    lines = [
        "call overhead (tiny operands, best of "
        f"{repeat} x 200 calls; first call in a fresh process, best of 3):",
        f"  {'op':<20} {'shapes':<28} {'auto us':>8} {'fast us':>8} {'numpy us':>9} "
        f"{'first call ms':>14}",
    ]
    for op, ins_shapes, out_shapes, ref in TINY:
        ins = [f32(rng, *s) if s else np.float32(1.5) for s in ins_shapes]
        outs = [np.zeros(s, np.float32) for s in out_shapes]
        fn = getattr(ops, op)

        def run_auto(fn: Any = fn, ins: Arrays = ins, outs: list[np.ndarray] = outs) -> None:
            for _ in range(200):
                fn(*ins, outs=outs, backend="auto")

        def run_fast(fn: Any = fn, ins: Arrays = ins, outs: list[np.ndarray] = outs) -> None:
            for _ in range(200):
                fn(*ins, outs=outs, backend="fast")

        def run_numpy(ref: Any = ref, ins: Arrays = ins, outs: list[np.ndarray] = outs) -> None:
            for _ in range(200):
                ref(*ins, *outs)

        t_auto, t_fast, t_np = best_times([run_auto, run_fast, run_numpy], repeat)
        shapes = " ".join("x".join(map(str, s)) or "scalar" for s in ins_shapes + out_shapes)
        first = first_call_ms(op, [s for s in ins_shapes], out_shapes)
        lines.append(
            f"  {op:<20} {shapes:<28} {t_auto / 200 * 1e6:>8.1f} {t_fast / 200 * 1e6:>8.1f} "
            f"{t_np / 200 * 1e6:>9.1f} {first:>14.1f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one timed repeat, one MLIR iteration")
    parser.add_argument("--ops", default="", help="comma-separated benchmark names (default: all)")
    parser.add_argument("--repeat", type=int, default=None, help="timed repeats (best is kept)")
    parser.add_argument("--no-mlir", dest="mlir", action="store_false", help="skip MLIR 22")
    parser.add_argument("--no-loops", action="store_true", help="skip the loops comparison")
    parser.add_argument(
        "--no-compiled", dest="compiled", action="store_false", help="skip the compiled backend"
    )
    parser.add_argument(
        "--temp-limit", type=int, default=None, help="fast backend temp bound (bytes)"
    )
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="time wall clock (default) or process CPU time (for a loaded machine)",
    )
    parser.add_argument(
        "--gen-ods", action="store_true", help="only time gen-ods against mlir-linalg-ods-yaml-gen"
    )
    args = parser.parse_args(argv)
    if args.gen_ods:
        print(bench_gen_ods(args.repeat or 7))
        return 0
    if args.repeat is None:
        args.repeat = 1 if args.quick else 15
    if args.clock == "cpu":
        global CLOCK
        CLOCK = time.process_time
    if args.mlir and not mlir_available():
        args.mlir = False
    if args.temp_limit is not None:
        fast.set_temp_limit(args.temp_limit)
    wanted = {n.strip() for n in args.ops.split(",") if n.strip()}
    # Names that are not this table's are the compiled section's cases; its script
    # (which imports this one, so it runs as a child process) refuses unknown ones.
    compiled_wanted = wanted - {c.name for c in CASES} - {"overhead"}
    if compiled_wanted and not args.compiled:
        parser.error(f"unknown benchmark(s): {', '.join(sorted(compiled_wanted))}")
    cases = [c for c in CASES if not wanted or c.name in wanted]

    print(
        f"numpy {np.__version__}, OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', '(unset)')}, "
        f"cpus={os.cpu_count()}, temp limit {fast.get_temp_limit() / 2**20:.0f} MiB, "
        f"mlir={'mlir-runner-22 -O3 (best run, rtclock inside the program)' if args.mlir else 'off'}, "
        f"clock={args.clock}, {blas_text()}",
        flush=True,
    )
    rng = np.random.default_rng(0)
    rows = []
    for case in cases:
        rows.append(bench_case(case, args, rng))
        print(f"  done {case.name}", file=sys.stderr, flush=True)
    print(format_rows(rows, args.markdown))
    if not wanted or "overhead" in wanted:
        print()
        print(bench_overhead(args.repeat))
    if args.compiled and (not wanted or compiled_wanted):
        print(flush=True)
        if not compiled_section(compiled_wanted - {"compiled"}, args):
            return 1
    return 0 if all(r.ok for r in rows) else 1


def compiled_section(wanted: set[str], args: argparse.Namespace) -> bool:
    """The compiled backend's table, printed by `scripts/bench_compiled.py` in a child
    process with this run's options."""
    command = [sys.executable, str(Path(__file__).with_name("bench_compiled.py"))]
    command += ["--cases", ",".join(sorted(wanted)), "--repeat", str(args.repeat)]
    command += [
        flag
        for flag, on in (
            ("--no-mlir", not args.mlir),
            ("--quick", args.quick),
            ("--markdown", args.markdown),
        )
        if on
    ]
    return subprocess.run(command, check=False).returncode == 0


if __name__ == "__main__":
    sys.exit(main())
