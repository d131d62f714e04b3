"""The compiled backend's benchmark (run it alone, or as a section of `scripts/bench.py`).

Per case, one table row; every time is the best of several runs, and the compiled
backend and MLIR are timed in alternating rounds in one run of this script (the best of
each over the rounds), so a load change on a shared machine hits both alike. Within a
round each side's runs are back to back (as MLIR's program runs its own), so neither
finds its data evicted by the other's:
- `compiled ms`: the backend alone on a bound op, one thread;
- `2 threads ms`: the same with parallel outer loops (`compiled.parallel()`), the chunks
  on numba's OpenMP workers, still spinning from the previous call (after ~0.4 ms
  without one they sleep, and a call first wakes them), after THREAD_WARMUP untimed
  calls in each round;
- `mlir vec ms`, `vs mlir`, `2t vs mlir`: MLIR 22's vectorizing pipeline on the same
  instance, one thread (`bench_mlir_vector.py`: tiled 8 x 32 on the innermost output dims,
  windows decomposed to 1-D, vectorized, contractions as outer products, accumulators
  hoisted; JIT-run by mlir-runner-22 -O3, timed inside the program) and the ratios to it;
- `mlir loops ms`, `vs loops`: MLIR's plain loop lowering (`bench.mlir_time`, scalar
  reductions, LLVM -O3), one round: a reference, not the speed baseline;
- `numpy ms`, `vs numpy`: the hand-written NumPy version bench.py uses for the fast backend;
- `loops x`: time per iteration point of the loops backend (on the small size) over that
  of the compiled backend (on the full size);
- `exact`: compiled == loops bit for bit on the small size (exp/log/tanh: the largest
  distance in ulps: the kernels compute these with their own code, loops with NumPy's).

A second table: the first call of each op in a fresh process with an empty kernel cache
(`cold`: numba compiles) and again with the cache the first process left (`cached`),
numba's own once-per-process costs (import, first call of any function) apart, and
after a full garbage collection (once numba is loaded a full collection costs ~45 ms and
would land on whichever call happens to trigger it).

Usage: `python scripts/bench_compiled.py [--cases matmul_256,conv_2d_nhwc_hwcf] [--repeat N]
[--rounds N] [--no-mlir] [--quick] [--markdown] [--no-cold]` (`--no-cold` skips the
first-call table).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import _one_blas_thread  # noqa: F401  (before NumPy)
import bench
import bench_mlir_vector
import numpy as np

from linalg_odsgen import ops

Make = Callable[[np.random.Generator, bool], tuple[list[Any], list[np.ndarray], dict[str, Any]]]


@dataclass(frozen=True)
class CompiledCase:
    name: str
    op: str
    make: Make
    numpy: Callable[[list[Any], list[np.ndarray], dict[str, Any]], None]
    describe: str


def _mk_matmul(n: int, dtype: Any = np.float32) -> Make:
    def make(rng: np.random.Generator, small: bool) -> tuple[list[Any], list[np.ndarray], dict]:
        m = 24 if small else n
        a, b = bench.f32(rng, m, m).astype(dtype), bench.f32(rng, m, m).astype(dtype)
        return [a, b], [np.zeros((m, m), dtype)], {}

    return make


# Windowed ops at the size of a ResNet stem pooling / an early MobileNet layer (112x112
# maps, padded): at bench.py's 58x58 they take 20-80 us, where one timer tick or a thread
# start-up is a large part of the figure.
WINDOW_HW = 114

# MLIR's figure is the best of this many runs inside its program (ours: best of --repeat).
MLIR_RUNS = 10

# Untimed two-thread calls before each round's timed ones: after a pause the first two or
# three parallel calls take 2-5x longer here (numba's workers and the other vCPU wake up).
THREAD_WARMUP = 5


def _mk_depthwise(
    rng: np.random.Generator, small: bool
) -> tuple[list[Any], list[np.ndarray], dict]:
    return bench.mk_depthwise(rng, small, WINDOW_HW)


def _mk_pool_max(rng: np.random.Generator, small: bool) -> tuple[list[Any], list[np.ndarray], dict]:
    return bench.mk_pool(rng, small, WINDOW_HW)


def _mk_pool_sum(rng: np.random.Generator, small: bool) -> tuple[list[Any], list[np.ndarray], dict]:
    ins, outs, attrs = bench.mk_pool(rng, small, WINDOW_HW)
    outs[0][...] = 0
    return ins, outs, attrs


def _np_pool_sum(ins: list[Any], outs: list[np.ndarray], attrs: dict[str, Any]) -> None:
    x, k = ins
    s = attrs["strides"]
    o = outs[0]
    oh, ow = o.shape[1:3]
    for i in range(k.shape[0]):  # one strided slice per window tap
        for j in range(k.shape[1]):
            o += x[:, i : i + s[0] * oh : s[0], j : j + s[1] * ow : s[1], :]


def _mk_f16_add(rng: np.random.Generator, small: bool) -> tuple[list[Any], list[np.ndarray], dict]:
    ins, outs, attrs = bench.mk_add(rng, small)
    return [v.astype(np.float16) for v in ins], [outs[0].astype(np.float16)], attrs


CASES: tuple[CompiledCase, ...] = (
    CompiledCase("matmul_256", "matmul", _mk_matmul(256), bench.np_matmul, "256^3 f32"),
    CompiledCase("matmul_512", "matmul", _mk_matmul(512), bench.np_matmul, "512^3 f32"),
    CompiledCase(
        "conv_2d_nhwc_hwcf",
        "conv_2d_nhwc_hwcf",
        bench.mk_conv,
        bench.np_conv_nhwc_hwcf,
        "1x58x58x64 * 3x3x64x64 f32",
    ),
    CompiledCase(
        "depthwise_conv_2d_nhwc_hwc",
        "depthwise_conv_2d_nhwc_hwc",
        _mk_depthwise,
        bench.np_depthwise_nhwc_hwc,
        "1x114x114x64 * 3x3x64 f32",
    ),
    CompiledCase(
        "pooling_nhwc_max",
        "pooling_nhwc_max",
        _mk_pool_max,
        bench.np_pool_max,
        "1x114x114x64, 3x3 window, stride 2 f32",
    ),
    CompiledCase(
        "pooling_nhwc_sum",
        "pooling_nhwc_sum",
        _mk_pool_sum,
        _np_pool_sum,
        "1x114x114x64, 3x3 window, stride 2 f32",
    ),
    CompiledCase("add", "add", bench.mk_add, bench.np_add, "4M f32"),
    CompiledCase("exp", "exp", bench.mk_exp, bench.np_exp, "4M f32"),
    CompiledCase("add_f16", "add", _mk_f16_add, bench.np_add, "4M f16 (numpy: np.add on f16)"),
    CompiledCase(
        "matmul_f16",
        "matmul",
        _mk_matmul(256, np.float16),
        bench.np_matmul_as_f32,
        "256^3 f16 (numpy: f32 matmul of the same shape)",
    ),
)


def _points(op: Any) -> int:
    return int(np.prod([int(r) for r in op.loop_ranges()], dtype=np.int64))


def bench_rows(
    cases: tuple[CompiledCase, ...], repeat: int, mlir: bool, quick: bool, rounds: int = 3
) -> tuple[list[list[str]], list[str]]:
    """The table's rows, and per case the form MLIR's vectorizing pipeline ran."""
    from linalg_odsgen.conformance.compare import compare_bits
    from linalg_odsgen.mlir.execution import output_bits
    from linalg_odsgen.runtime.backends import compiled, get_backend
    from linalg_odsgen.runtime.backends.compiled.expressions import APPROXIMATE_OPS

    rng = np.random.default_rng(7)
    rows, forms = [], []
    mlir = mlir and bench.mlir_available()
    for case in cases:
        cls = ops.OPS[case.op]
        ins, outs, attrs = case.make(rng, False)
        op, operands = cls.from_arrays(*ins, outs=bench.fresh(outs), **attrs)
        compiled.run(op, operands)  # compile (or load) outside the clock
        with compiled.parallel(True):
            compiled.run(op, operands)

        def reference(
            case: CompiledCase = case, ins: Any = ins, outs: Any = outs, attrs: Any = attrs
        ) -> None:
            case.numpy(ins, bench.fresh(outs), attrs)

        def one_thread(op: Any = op, operands: Any = operands) -> None:
            compiled.run(op, operands)

        def two_threads(op: Any = op, operands: Any = operands) -> None:
            with compiled.parallel(True):
                compiled.run(op, operands)

        # Rounds alternate our runs with MLIR's program; each side keeps its best.
        t1 = t2 = t_np = float("inf")
        t_vec: float | str = "-"
        form = "-"
        for _ in range(1 if quick else rounds):
            # each side's calls back to back, as MLIR's program runs its 10 (warm caches;
            # numba's workers still awake between calls); the rounds alternate the sides.
            # Two threads first, after MLIR's program (or the previous case): woken right
            # after a batch of one-thread calls, a worker may be placed on the calling
            # thread's core when the other one is busy, and stay there (see the docs)
            for _ in range(THREAD_WARMUP):
                two_threads()
            (b,) = bench.best_times([two_threads], repeat)
            (a,) = bench.best_times([one_thread], repeat)
            (c,) = bench.best_times([reference], repeat)
            t1, t2, t_np = min(t1, a), min(t2, b), min(t_np, c)
            if mlir:
                t, form = bench_mlir_vector.vector_time(op, 1 if quick else MLIR_RUNS)
                if isinstance(t, float):
                    t_vec = min(t, t_vec) if isinstance(t_vec, float) else t
                elif not isinstance(t_vec, float):
                    t_vec = t
        forms.append(f"{case.name}: {form}")

        s_ins, s_outs, s_attrs = case.make(rng, True)
        s_op, s_operands = cls.from_arrays(*s_ins, outs=bench.fresh(s_outs), **s_attrs)
        l_op, l_operands = cls.from_arrays(*s_ins, outs=bench.fresh(s_outs), **s_attrs)
        start = time.perf_counter()
        get_backend("loops")(l_op, l_operands)
        loops_per_point = (time.perf_counter() - start) / _points(s_op)
        compiled.run(s_op, s_operands)
        t = s_op.element_types[-1]
        got, want = output_bits(s_op, s_operands)[0], output_bits(l_op, l_operands)[0]
        ulps: list[int] = []
        check = "ok" if not compare_bits(got, want, t, approx=False) else "MISMATCH"
        libm = any(p.name in APPROXIMATE_OPS for p in op.region.ops)  # own code vs NumPy's
        if check != "ok" and libm and not compare_bits(got, want, t, approx=True, stats=ulps):
            check = f"<={max(ulps)} ulp"
        speedup = loops_per_point / (t1 / _points(op))

        t_loops: float | str = "-"
        if mlir:
            t_loops = bench.mlir_time(op, iterations=1 if quick else 3)
        rows.append(
            [
                case.name,
                case.describe,
                f"{t1 * 1e3:.3f}",
                f"{t2 * 1e3:.3f}",
                *_vs(t_vec, t1, t2),
                *_vs(t_loops, t1),
                f"{t_np * 1e3:.3f}",
                f"{t1 / t_np:.2f}",
                f"{speedup:.0f}x",
                check,
            ]
        )
        print(f"  done compiled {case.name}", file=sys.stderr, flush=True)
    return rows, forms


def _vs(base: float | str, *ours: float) -> list[str]:
    """MLIR's time in ms and our times over it (or why MLIR gave no time)."""
    if not isinstance(base, float):
        return [str(base)] + ["-"] * len(ours)
    return [f"{base * 1e3:.3f}"] + [f"{t / base:.2f}" for t in ours]


HEADER = [
    "op",
    "size",
    "compiled ms",
    "2 threads ms",
    "mlir vec ms",
    "vs mlir",
    "2t vs mlir",
    "mlir loops ms",
    "vs loops",
    "numpy ms",
    "vs numpy",
    "loops x",
    "exact",
]

# numba's own once-per-process cost is measured apart: its first call of any function
# taking an array, here a trivial one from numba's cache (its typing and lowering
# registries get built, numpy.ma gets imported).
_NUMBA_WARM = """
from numba import njit


@njit(cache=True)
def first(x):
    return x[0]
"""

_FIRST_CALL = """
import gc, json, sys, time
t0 = time.perf_counter()
import numba
t1 = time.perf_counter()
sys.path.insert(0, {warm_dir!r})
import numpy as np
import numba_warm
numba_warm.first(np.zeros(1))
t2 = time.perf_counter()
from linalg_odsgen import ops
from linalg_odsgen.runtime.backends import compiled
rng = np.random.default_rng(0)
out = {{"import_numba_ms": (t1 - t0) * 1e3, "numba_setup_ms": (t2 - t1) * 1e3, "calls": []}}
for name, shapes, dtype in {calls!r}:
    arrays = [rng.standard_normal(s).astype(dtype) for s in shapes]
    gc.collect()  # no collection debt from earlier calls (a full one costs ~45 ms with numba loaded)
    t = time.perf_counter()
    getattr(ops, name)(*arrays[:-1], outs=[arrays[-1]], backend="compiled")
    out["calls"].append((name, (time.perf_counter() - t) * 1e3, compiled.cache_info().events[-1][1]))
print(json.dumps(out))
"""

FIRST_CALLS = (
    ("matmul", [(64, 64), (64, 64), (64, 64)], "float32"),
    ("add", [(4096,), (4096,), (4096,)], "float32"),
    ("exp", [(4096,), (4096,)], "float32"),
    ("conv_2d_nhwc_hwcf", [(1, 10, 10, 8), (3, 3, 8, 8), (1, 8, 8, 8)], "float32"),
    ("pooling_nhwc_max", [(1, 10, 10, 8), (3, 3), (1, 8, 8, 8)], "float32"),
    ("matmul", [(64, 64), (64, 64), (64, 64)], "float16"),
)


def first_calls() -> str:
    """Cold (empty cache) and cached first calls, each in a fresh process."""
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as warm:
        with open(os.path.join(warm, "numba_warm.py"), "w") as f:
            f.write(_NUMBA_WARM)
        env = bench.child_env(LINALG_ODSGEN_CACHE_DIR=cache)
        code = _FIRST_CALL.format(calls=list(FIRST_CALLS), warm_dir=warm)
        runs = []
        for _ in range(2):
            done = subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
            )
            runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    cold, cached = runs
    lines = [
        "compiled backend, first call in a fresh process (ms), after numba's own once-per-process "
        f"costs: import {cold['import_numba_ms']:.0f} / {cached['import_numba_ms']:.0f}, "
        f"first call of a function {cold['numba_setup_ms']:.0f} / "
        f"{cached['numba_setup_ms']:.0f} (a trivial one taking an array, from numba's cache):",
        f"  {'op':<22} {'dtype':<8} {'cold (compile)':>15} {'cached (load)':>14}",
    ]
    for (name, _, dtype), c, w in zip(FIRST_CALLS, cold["calls"], cached["calls"], strict=True):
        lines.append(
            f"  {name:<22} {dtype:<8} {c[1]:>11.0f} {c[2][0]:<3} {w[1]:>10.1f} {w[2][0]:<3}"
        )
    lines.append("  (c = compiled, l = loaded from the on-disk cache)")
    return "\n".join(lines)


def report(
    wanted: set[str],
    repeat: int,
    mlir: bool,
    quick: bool,
    markdown: bool,
    rounds: int = 3,
    cold: bool = True,
) -> str:
    try:
        import numba  # noqa: F401
    except ImportError:
        return "compiled backend: numba is not installed (pip install 'linalg-ods-gen[jit]')"
    cases = tuple(c for c in CASES if not wanted or c.name in wanted or "compiled" in wanted)
    rows, forms = bench_rows(cases, repeat, mlir, quick, rounds)
    table = [HEADER, *rows]
    if markdown:
        out = ["| " + " | ".join(table[0]) + " |", "|" + "---|" * len(table[0])]
        out += ["| " + " | ".join(r) + " |" for r in table[1:]]
        text = "\n".join(out)
    else:
        widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
        text = "\n".join(
            "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in table
        )
    notes = "MLIR vectorizing pipeline, as run: " + "; ".join(forms) if mlir else ""
    tail = "\n\n" + first_calls() if cold else ""
    return "compiled backend (numba):\n" + text + "\n" + notes + tail


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", default="", help="comma-separated case names (default all)")
    parser.add_argument("--repeat", type=int, default=10, help="runs per side per round")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds")
    parser.add_argument("--no-mlir", dest="mlir", action="store_false")
    parser.add_argument("--quick", action="store_true", help="one round, one MLIR run")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument(
        "--no-cold", dest="cold", action="store_false", help="skip the first-call table"
    )
    args = parser.parse_args(argv)
    wanted = {c for c in args.cases.split(",") if c}
    unknown = wanted - {c.name for c in CASES}
    if unknown:
        parser.error(f"unknown cases: {', '.join(sorted(unknown))}")
    print(report(wanted, args.repeat, args.mlir, args.quick, args.markdown, args.rounds, args.cold))


if __name__ == "__main__":
    main()
