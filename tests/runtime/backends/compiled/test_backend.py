"""The compiled backend as users meet it: every core op instance bit-equal to loops, the
on-disk kernel cache, a cache directory that cannot be written, missing numba, instances
it hands to the loops backend, and parallel outer loops."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest
from bits import bits_equal, nearly_equal
from random_ops import wide_values
from slow_marks import deep_nests_slow

from linalg_odsgen import ops
from linalg_odsgen.conformance.library import cases_for, core_classes, make_data
from linalg_odsgen.diagnostics import DiagnosticError
from linalg_odsgen.runtime.backends import compiled, get_backend
from linalg_odsgen.runtime.backends.compiled import chunking
from linalg_odsgen.runtime.backends.compiled.expressions import APPROXIMATE_OPS
from linalg_odsgen.runtime.backends.compiled.order import check_supported


def _copy(values: list[object]) -> list[object]:
    """Fresh arrays for one run (scalars stay as they are)."""
    return [v.copy() if isinstance(v, np.ndarray) else v for v in values]


def _same(got: np.ndarray, want: np.ndarray, approx: bool) -> bool:
    return nearly_equal(got, want) if approx else bits_equal(got, want)


def _outputs(op: object, operands: list[object]) -> list[np.ndarray]:
    return [
        np.array(v) for d, v in zip(op.value_operands, operands, strict=True) if not d.kind.is_input
    ]  # type: ignore[attr-defined]


# Each case compiles its own kernel (~0.1-0.3 s cold); by default the test takes the first
# case of each element-type combination, up to SAMPLE per op; LINALG_ODSGEN_EXHAUSTIVE=1
# runs every case (~1000 instances, ~5 min with a cold kernel cache).
EXHAUSTIVE = os.environ.get("LINALG_ODSGEN_EXHAUSTIVE", "") == "1"
SAMPLE = 4


def _cases(cls: type) -> list[object]:
    cases = [c for c in cases_for(cls) if c.execute]  # dynamic-size instances have no data
    if EXHAUSTIVE:
        return cases  # type: ignore[return-value]
    seen: dict[str, object] = {}
    for c in cases:
        seen.setdefault(str(c.types), c)
    return list(seen.values())[:SAMPLE]


@pytest.mark.parametrize(
    "cls", deep_nests_slow(core_classes()), ids=lambda c: getattr(c, "REPORT_NAME", c.OP_NAME)
)
def test_core_instances_equal_loops(cls: type) -> None:
    """The conformance corpus (each op's dtype and attribute cases), on the case's own data
    and on data over the types' whole range."""
    loops = get_backend("loops")
    run = get_backend("compiled")
    failures = []
    for case in _cases(cls):
        op = cls.from_types(list(case.types), **case.attr_dict)
        check_supported(op)  # every core instance has a kernel
        approx = any(p.name in APPROXIMATE_OPS for p in op.region.ops)
        seed = random.Random(f"{cls.OP_NAME}/{case.label}").getrandbits(32)
        data = make_data(op, seed)
        rng = np.random.default_rng(seed)
        wide = [
            wide_values(rng, np.shape(v), t.dtype)
            if isinstance(v, np.ndarray) and t.width != 4
            else v
            for v, t in zip(data, op.element_types, strict=True)
        ]
        if any(p.name in ("arith.divsi", "arith.divui") for p in op.region.ops):
            wide = data  # MLIR traps on x / 0; keep the case's nonzero divisors too
        for values in (data, wide):
            ins = [v for d, v in zip(op.value_operands, values, strict=True) if d.kind.is_input]
            outs = [
                v for d, v in zip(op.value_operands, values, strict=True) if not d.kind.is_input
            ]
            op1, a = cls.from_arrays(*_copy(ins), outs=_copy(outs), **case.attr_dict)
            op2, b = cls.from_arrays(*_copy(ins), outs=_copy(outs), **case.attr_dict)
            with np.errstate(all="ignore"):
                loops(op1, a)
            run(op2, b)
            for g, w in zip(_outputs(op2, b), _outputs(op1, a), strict=True):
                if not _same(g, w, approx):
                    failures.append(case.label)
    assert not failures, failures


def test_f16_matmul_rounds_every_step_as_loops() -> None:
    rng = np.random.default_rng(1)
    a = rng.standard_normal((12, 40)).astype(np.float16)
    b = rng.standard_normal((40, 9)).astype(np.float16)
    want = ops.matmul(a, b, outs=[np.zeros((12, 9), np.float16)], backend="loops")
    got = ops.matmul(a, b, outs=[np.zeros((12, 9), np.float16)], backend="compiled")
    assert bits_equal(got, want)
    once = (a.astype(np.float32) @ b.astype(np.float32)).astype(np.float16)
    assert not np.array_equal(once, want)  # the per-step rounding is observable here


def test_strided_fortran_and_negative_stride_operands() -> None:
    rng = np.random.default_rng(2)
    base = rng.standard_normal((40, 40)).astype(np.float32)
    a = np.asfortranarray(base[:20, :16])
    b = base[::-2, ::3][:16, :7]
    c = np.zeros((7, 20), np.float32).T
    want = ops.matmul(a, b, outs=[c.copy()], backend="loops")
    got = ops.matmul(a, b, outs=[c], backend="compiled")
    assert got is c
    np.testing.assert_array_equal(got, want)


def test_parallel_outer_loops_give_the_same_bits() -> None:
    rng = np.random.default_rng(3)
    x = rng.standard_normal((2, 9, 9, 5)).astype(np.float32)
    w = rng.standard_normal((3, 3, 5)).astype(np.float32)
    want = ops.depthwise_conv_2d_nhwc_hwc(
        x, w, outs=[np.zeros((2, 7, 7, 5), np.float32)], backend="loops"
    )
    with compiled.parallel(True):
        op, operands = ops.DepthwiseConv2DNhwcHwcOp.from_arrays(
            x, w, outs=[np.zeros((2, 7, 7, 5), np.float32)]
        )
        assert "in parallel" in compiled.explain(op, operands)
        assert "in range(lo, hi):" in compiled.source(op, operands)
        compiled.run(op, operands)
    np.testing.assert_array_equal(operands[-1], want)


def _narrow_cases(dt: object) -> list[tuple[type, list[np.ndarray], dict]]:
    """Reductions whose narrow operands become f32 shadows: full-range bit patterns
    (NaN payloads, infinities, subnormals), a strided/transposed output among them."""
    rng = np.random.default_rng(11)

    def bits(*shape: int) -> np.ndarray:
        return rng.integers(0, 1 << 16, shape, dtype=np.uint32).astype(np.uint16).view(dt)

    out_t = np.zeros((9, 13), dt).T  # a transposed output
    return [
        (ops.MatmulOp, [bits(13, 17), bits(17, 9), out_t], {}),
        (ops.BatchMatmulOp, [bits(3, 5, 6), bits(3, 6, 4), bits(3, 5, 4)], {}),
        (
            ops.Conv2DNhwcHwcfOp,
            [bits(2, 7, 7, 3), bits(3, 3, 3, 4), bits(2, 3, 3, 4)],
            {"strides": [2, 2]},
        ),
    ]


@pytest.mark.parametrize("dt", [np.float16, ml_dtypes.bfloat16], ids=["f16", "bf16"])
def test_narrow_shadows_and_threads_keep_every_bit(dt: object, monkeypatch) -> None:
    """f16/bf16 operands read many times run on f32 shadows (converted once, outputs per
    thread chunk), or an f16 matmul as a register tile of f16 bits: every output bit, NaN
    payloads included (the tile's: any NaN), equals kernels that convert at each access,
    on one thread and on several; and loops' values."""
    from linalg_odsgen.runtime.backends.compiled import kernel

    for cls, arrays, attrs in _narrow_cases(dt):
        *ins, out = arrays
        results = {}
        for shadows in (True, False):
            if not shadows:
                monkeypatch.setattr(kernel, "SHADOW_KINDS", frozenset())
            for threaded in (False, True):
                op, operands = cls.from_arrays(*ins, outs=[out.copy()], **attrs)
                text = compiled.source(op, operands)
                if dt is np.float16 and cls is ops.MatmulOp:  # a tile of f16 bits instead
                    assert "acc = S.tile(" in text and "w2[" not in text
                elif not shadows or cls is ops.MatmulOp:
                    assert ("w2[" in text) == shadows, cls.OP_NAME
                compiled.run(op, operands, parallel=threaded)
                results[shadows, threaded] = operands[-1].view(np.uint16).copy()
        first = results[True, False]
        for key, got in results.items():
            if dt is np.float16 and cls is ops.MatmulOp:  # which NaN wins: LLVM's operand order
                assert bits_equal(got.view(dt), first.view(dt)), (cls.OP_NAME, key)
            else:
                assert np.array_equal(got, first), (cls.OP_NAME, key)
        want = cls.call(*ins, outs=[out.copy()], backend="loops", **attrs)
        assert bits_equal(first.view(dt), want), cls.OP_NAME


def test_only_operands_read_many_times_get_shadows() -> None:
    h = np.zeros((64, 64), np.float16)
    matmul, _ = ops.MatmulOp.from_arrays(h, h, outs=[h.copy()])
    text = compiled.kernel.kernel_source(matmul, compiled.order.LoopNest((0, 2, 1)))
    body = text.split("def kernel(")[1]
    assert body.startswith("a0, a1, a2, w1, w2, n0, n1, n2, fill):")  # the caller allocates both
    assert "if fill:" in body  # B, read once per row of A: converted once
    assert "x1 = w1[d2, d1]" in body and "x2 = w2[d0, d1]" in body
    assert "x0 = S.h2f(a0[d0, d2])" in body  # A: loaded once per (i, k) already
    add, _ = ops.AddOp.from_arrays(h, h, outs=[h.copy()])
    assert "shadows" not in compiled.kernel.kernel_source(add, compiled.order.LoopNest((0, 1)))


def _bitcast_op() -> type:
    from fast_handmade import make_op

    from linalg_odsgen.model import OperandKind

    def build(b: object) -> None:
        x = b.arg("x")  # type: ignore[attr-defined]
        v = b.payload_op("arith.bitcast", (x,), b.type_of("U"))  # type: ignore[attr-defined]
        b.yield_(v)  # type: ignore[attr-defined]

    return make_op(
        "bits_of",
        [("x", OperandKind.INPUT_TENSOR, "T"), ("y", OperandKind.OUTPUT_TENSOR, "U")],
        ["(d0) -> (d0)", "(d0) -> (d0)"],
        ["parallel"],
        build,
    )


def test_instances_without_a_kernel_run_on_loops_with_one_warning() -> None:
    cls = _bitcast_op()
    x = np.array([1.0, -2.5, np.inf], np.float32)
    op, operands = cls.from_arrays(x, outs=[np.zeros(3, np.int32)])
    assert not compiled.supports(op)
    with pytest.warns(
        RuntimeWarning, match=r"arith\.bitcast has no compiled semantics; running it on the loops"
    ):
        compiled.run(op, operands)
    np.testing.assert_array_equal(operands[-1], x.view(np.int32))
    with pytest.raises(DiagnosticError, match=r"no kernel: arith\.bitcast"):
        compiled.source(op, operands)


def test_f8_arithmetic_rounds_every_step_as_loops() -> None:
    rng = np.random.default_rng(11)
    for dt in (ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e5m2):
        bits = rng.integers(0, 256, size=(6, 10)).astype(np.uint8)
        a = bits.view(dt)
        b = rng.integers(0, 256, size=(10, 5)).astype(np.uint8).view(dt)
        want = ops.matmul(a, b, outs=[np.zeros((6, 5), dt)], backend="loops")
        got = ops.matmul(a, b, outs=[np.zeros((6, 5), dt)], backend="compiled")
        assert bits_equal(got, want)


_CHILD = """
import json, sys, numpy as np
from linalg_odsgen.ops import matmul
from linalg_odsgen.runtime.backends import compiled
a = np.arange(12, dtype=np.float32).reshape(3, 4)
out = matmul(a, a.T, outs=[np.zeros((3, 3), np.float32)], backend="compiled")
info = compiled.cache_info()
rendered = "jinja2" in sys.modules  # a kernel found on disk needs no template work
print(json.dumps({"events": [e[1] for e in info.events], "sum": float(out.sum()), "rendered": rendered}))
"""


def _child(env: dict[str, str]) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", _CHILD], capture_output=True, text=True, env=env, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_a_second_process_loads_the_kernel_from_the_disk_cache(tmp_path: Path) -> None:
    env = {**os.environ, "LINALG_ODSGEN_CACHE_DIR": str(tmp_path)}
    first, second = _child(env), _child(env)
    assert first["events"] == ["compiled"] and first["rendered"]
    assert second["events"] == ["loaded"] and not second["rendered"]
    a = np.arange(12, dtype=np.float64).reshape(3, 4)
    assert first["sum"] == second["sum"] == float((a @ a.T).sum())
    kernels = list(tmp_path.rglob("k_*.py"))
    assert len(kernels) == 1 and kernels[0].read_text().startswith("# Generated by linalg-ods-gen")


def test_an_unwritable_cache_directory_still_runs(tmp_path: Path) -> None:
    blocked = tmp_path / "file-not-dir"
    blocked.write_text("")
    env = {**os.environ, "LINALG_ODSGEN_CACHE_DIR": str(blocked / "cache")}
    result = _child(env)
    assert result["events"] == ["compiled"]
    assert blocked.read_text() == ""


def test_without_numba_the_backend_names_the_extra() -> None:
    code = (
        "import sys; sys.modules['numba'] = None\n"
        "from linalg_odsgen.runtime.backends import get_backend\n"
        "from linalg_odsgen.diagnostics import DiagnosticError\n"
        "try:\n    get_backend('compiled')\nexcept DiagnosticError as e:\n    print(e)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert "pip install 'linalg-ods-gen[jit]'" in out


def test_a_loop_whose_body_is_all_hoisted_still_compiles() -> None:
    from fast_handmade import make_op

    from linalg_odsgen.model import OperandKind

    def build(b: object) -> None:
        b.yield_(b.arg("O"))  # type: ignore[attr-defined]

    cls = make_op(
        "keep",
        [("I", OperandKind.INPUT_TENSOR, "T"), ("O", OperandKind.OUTPUT_TENSOR, "T")],
        ["(d0, d1) -> (d1)", "(d0, d1) -> (d0)"],
        ["parallel", "reduction"],
        build,
    )
    out = np.arange(4, dtype=np.float32)
    op, operands = cls.from_arrays(np.ones(3, np.float32), outs=[out])
    assert "pass" in compiled.source(op, operands)
    compiled.run(op, operands)
    np.testing.assert_array_equal(out, np.arange(4, dtype=np.float32))


@pytest.mark.parametrize("align", [1, 8])
@pytest.mark.parametrize("trips", [1, 2, 3, 7, 8, 64, 1001])
@pytest.mark.parametrize("compiled_before", [True, False])
def test_chunks_cover_the_outer_loop_once(trips: int, compiled_before: bool, align: int) -> None:
    """Every outer iteration runs exactly once, whatever the split, each chunk starting at
    a multiple of `align` (a register tile's rows); a kernel not compiled yet runs its
    first chunk alone (numba compiles it once, on the calling thread)."""
    import threading

    calls: list[tuple[int, int, str]] = []
    lock = threading.Lock()

    class Kernel:
        overloads = {"sig": 1} if compiled_before else {}

        def __call__(self, a: int, b: int, lo: int, hi: int) -> None:
            assert (a, b) == (1, 2)
            with lock:
                calls.append((lo, hi, threading.current_thread().name))

    chunking.in_chunks(Kernel(), [1, 2], trips, align=align)
    covered = sorted(i for lo, hi, _ in calls for i in range(lo, hi))
    assert covered == list(range(trips))
    assert all(lo < hi and lo % align == 0 for lo, hi, _ in calls)
    if not compiled_before:
        assert calls[0][2] == threading.current_thread().name and calls[0][0] == 0


def test_small_nests_stay_on_one_thread_with_parallel_loops_on(compiled_runtime) -> None:
    """Below `compiled_parallel_min_points` a thread hand-off costs more than it saves."""
    compiled_runtime.compiled_parallel_min_points = 1 << 22
    x = np.zeros((1 << 21,), np.float32)
    small, small_operands = ops.AddOp.from_arrays(x, x, outs=[x.copy()])
    y = np.zeros((1 << 22,), np.float32)
    big, big_operands = ops.AddOp.from_arrays(y, y, outs=[y.copy()])
    with compiled.parallel(True):
        assert "in parallel" not in compiled.explain(small, small_operands)
        assert "in parallel" in compiled.explain(big, big_operands)


@pytest.mark.parametrize("align", [1, 8])
@pytest.mark.parametrize("trips", [1, 2, 3, 7, 8, 64, 1001])
def test_chunk_cuts_cover_the_outer_loop_once_at_aligned_starts(trips: int, align: int) -> None:
    cuts = chunking.cuts(trips, align)
    assert cuts[0] == 0 and cuts[-1] == trips and cuts == sorted(set(cuts))
    assert all(c % align == 0 for c in cuts[:-1])
    assert len(cuts) - 1 <= compiled.threads() * chunking.CHUNKS_PER_THREAD


def test_parallel_nests_hand_their_chunks_to_numbas_workers() -> None:
    """A parallel nest's module has `chunks(.., cuts)`: a numba parallel loop over the
    chunks calling the kernel on each (its results: the loops backend's, bit for bit)."""
    rng = np.random.default_rng(3)
    x = rng.standard_normal((1, 21, 19, 24)).astype(np.float32)
    w = rng.standard_normal((3, 3, 24)).astype(np.float32)
    out = rng.standard_normal((1, 19, 17, 24)).astype(np.float32)
    op, operands = ops.DepthwiseConv2DNhwcHwcOp.from_arrays(x, w, outs=[out.copy()])
    with compiled.parallel(True):
        text = compiled.source(op, operands)
        compiled.run(op, operands)
    assert "parallel=True" in text and "for c in prange(cuts.shape[0] - 1):" in text
    want_op, want_operands = ops.DepthwiseConv2DNhwcHwcOp.from_arrays(x, w, outs=[out.copy()])
    get_backend("loops")(want_op, want_operands)
    np.testing.assert_array_equal(operands[-1].view(np.uint32), want_operands[-1].view(np.uint32))


def test_a_forked_child_runs_chunks_on_the_python_pool(monkeypatch) -> None:
    """GNU OpenMP cannot run in a process forked from one that started its workers: there
    the chunks go to the Python pool (numba would end the process)."""
    from linalg_odsgen.runtime.backends.compiled import workers

    started = workers.numba_workers()
    monkeypatch.setattr(workers.os, "getpid", lambda: -1)
    assert workers.numba_workers() is False
    monkeypatch.undo()
    assert workers.numba_workers() is started


def test_numbas_workers_are_kept_off_the_calling_threads_cpu() -> None:
    """Linux may wake a worker on the caller's core and leave it there (an OpenMP loop
    then waits for it to get that core back): each parallel call moves numba's workers
    off the CPU the calling thread is on, when that CPU changed."""
    from linalg_odsgen.runtime.backends.compiled import workers

    if compiled.threads() < 2 or not workers.numba_workers():
        pytest.skip("needs two cores and numba's OpenMP or TBB workers")
    x = np.ones((1, 20, 20, 16), np.float32)
    op, operands = ops.DepthwiseConv2DNhwcHwcOp.from_arrays(
        x, np.ones((3, 3, 16), np.float32), outs=[np.zeros((1, 18, 18, 16), np.float32)]
    )
    compiled.run(op, operands, parallel=True)
    cpu, tids = workers.placement()
    if not tids:
        pytest.skip("numba's workers were started before the first parallel kernel")
    assert cpu >= 0
    for tid in tids:
        try:
            allowed = os.sched_getaffinity(tid)
        except OSError:  # the thread has ended
            continue
        assert cpu not in allowed and allowed


def test_kernels_live_in_the_runtime_and_go_with_their_instance(compiled_runtime) -> None:
    """An instance's kernels are an entry of its runtime's weak table (not an attribute of
    the instance): another runtime keeps its own, and a dropped instance takes its entry."""
    import gc

    from linalg_odsgen.runtime.settings import Runtime

    a = np.ones((4, 4), np.float32)
    op, operands = ops.MatmulOp.from_arrays(a, a, outs=[np.zeros_like(a)])
    compiled.run(op, operands)
    assert op in compiled_runtime.compiled_kernels
    assert not any("kernel" in k for k in vars(op))
    other = Runtime()
    with other.active():
        compiled.run(op, operands)
        assert compiled.cache_info() is other.compiled_stats
    assert other.compiled_kernels[op] is not compiled_runtime.compiled_kernels[op]
    with other.active():  # an instance no cache of `other` holds any more
        fresh, fresh_operands = ops.MatmulOp.from_arrays(a, a + 1, outs=[np.zeros_like(a)])
        compiled.run(fresh, fresh_operands)
    for cache in (other.instances, other.array_instances, other.prepared):
        cache.clear()
    assert len(other.compiled_kernels) == 2
    del fresh, fresh_operands
    gc.collect()
    assert list(other.compiled_kernels) == [op]


def test_switching_tiles_off_runs_the_plain_nest_with_the_same_bits(compiled_runtime) -> None:
    """`compiled_tiles` is read by every call: a kernel chosen with tiles on is not reused
    once they are off (the per-call table's key holds the setting)."""
    rng = np.random.default_rng(5)
    a = rng.standard_normal((16, 40)).astype(np.float32)
    b = rng.standard_normal((40, 64)).astype(np.float32)
    op, operands = ops.MatmulOp.from_arrays(a, b, outs=[np.zeros((16, 64), np.float32)])
    tiled = compiled.nest(op, operands)
    compiled.run(op, operands)
    got_tiled = operands[-1].copy()
    compiled_runtime.compiled_tiles = False
    plain = compiled.nest(op, operands)
    operands[-1][...] = 0
    compiled.run(op, operands)
    assert tiled.unroll and not plain.unroll
    assert bits_equal(operands[-1], got_tiled)
