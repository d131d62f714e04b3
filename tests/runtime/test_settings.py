"""The runtime's settings and caches live in one `Runtime` object: the process default,
or another one made current for a block, which never leaks into the default; caches
filled by concurrent calls stay correct."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from linalg_odsgen import ops
from linalg_odsgen.runtime import DEFAULT_RUNTIME, OpError, Runtime, current_runtime
from linalg_odsgen.runtime.backends import default_backend, fast, loops, set_default_backend

f32 = np.float32


def test_the_default_runtime_is_current_outside_any_block() -> None:
    assert current_runtime() is DEFAULT_RUNTIME
    rt = Runtime()
    with rt.active():
        assert current_runtime() is rt
    assert current_runtime() is DEFAULT_RUNTIME


def test_a_non_default_runtime_keeps_its_settings_and_caches_to_itself() -> None:
    """Settings changed and caches filled inside `rt.active()` are rt's: the default
    runtime's limits, default backend and caches are as they were."""
    before = (
        DEFAULT_RUNTIME.loops_max_points,
        DEFAULT_RUNTIME.fast_temp_limit,
        DEFAULT_RUNTIME.default_backend,
    )
    rng = np.random.default_rng(21)
    a, b = rng.random((7, 5), f32), rng.random((5, 3), f32)
    rt = Runtime(loops_max_points=10)
    with rt.active():
        assert loops.max_points() == 10
        fast.set_temp_limit(1 << 16)
        set_default_backend("loops")
        assert default_backend() == "loops"
        with pytest.raises(OpError, match="beyond its limit of 10"):
            ops.matmul(a, b, outs=[np.zeros((7, 3), f32)])  # the default here is loops
        got = ops.matmul(a, b, outs=[np.zeros((7, 3), f32)], backend="fast")
        assert rt.fast_temp_limit == 1 << 16
    assert rt.instances and rt.prepared  # its own caches were filled ...
    instances = set(rt.array_instances.values())
    assert not instances & set(DEFAULT_RUNTIME.array_instances.values())  # ... not the default's
    assert (
        DEFAULT_RUNTIME.loops_max_points,
        DEFAULT_RUNTIME.fast_temp_limit,
        DEFAULT_RUNTIME.default_backend,
    ) == before
    assert default_backend() == "auto"
    want = a.astype(np.float64) @ b.astype(np.float64)
    np.testing.assert_allclose(got, want, rtol=1e-5)
    np.testing.assert_allclose(ops.matmul(a, b, outs=[np.zeros((7, 3), f32)]), want, rtol=1e-5)


def test_runtime_settings_are_checked_by_name() -> None:
    rt = Runtime()
    with rt.changed(fast_temp_limit=4096, handoff=False):
        assert (rt.fast_temp_limit, rt.handoff_enabled()) == (4096, False)
    assert rt.handoff is None
    with pytest.raises(TypeError, match="temp_limit"), rt.changed(temp_limit=1):
        pass


def test_the_environment_fills_a_runtime_made_from_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LINALG_ODSGEN_LOOPS_MAX_POINTS", "77")
    monkeypatch.setenv("LINALG_ODSGEN_FAST_TEMP_LIMIT", "0x1000")
    monkeypatch.setenv("LINALG_ODSGEN_FAST_HANDOFF", "off")
    rt = Runtime.from_env()
    assert (rt.loops_max_points, rt.fast_temp_limit, rt.handoff_enabled()) == (77, 4096, False)


def test_clearing_caches_forgets_instances_and_runners_only_there() -> None:
    rt = Runtime()
    x = np.arange(5, dtype=f32)
    with rt.active():
        for _ in range(2):
            ops.exp(x, outs=[np.zeros(5, f32)])
    ops.exp(x, outs=[np.zeros(5, f32)])
    assert rt.prepared and DEFAULT_RUNTIME.prepared
    rt.clear_caches()
    assert not (rt.prepared or rt.instances or rt.array_instances or rt.regions or rt.maps)
    assert DEFAULT_RUNTIME.prepared


@pytest.mark.parametrize("backend", ["auto", "fast", "loops"])
def test_concurrent_first_calls_of_one_op_give_correct_results(backend: str) -> None:
    """Threads start together on a fresh runtime (empty caches) and call the same ops with
    the same signatures, so they race to fill the instance, region, map and runner
    caches; every result equals NumPy computed independently."""
    rng = np.random.default_rng(22)
    n_threads, rounds = 6, 5
    a = [rng.random((6, 4), f32) for _ in range(n_threads)]
    b = [rng.random((4, 3), f32) for _ in range(n_threads)]
    x = [rng.random((2, 7, 7, 3), f32) for _ in range(n_threads)]
    w = rng.random((3, 3, 3, 2), f32)
    rt = Runtime()
    barrier = threading.Barrier(n_threads)
    errors: list[BaseException] = []
    results: dict[int, list[tuple[np.ndarray, np.ndarray]]] = {}

    def work(i: int) -> None:
        try:
            with rt.active():  # each thread has its own context: make rt current there
                barrier.wait()
                mine = []
                for _ in range(rounds):
                    c = ops.matmul(a[i], b[i], outs=[np.zeros((6, 3), f32)], backend=backend)
                    o = ops.conv_2d_nhwc_hwcf(
                        x[i], w, outs=[np.zeros((2, 5, 3, 2), f32)], strides=[1, 2],
                        backend=backend,
                    )  # fmt: skip
                    mine.append((c.copy(), o.copy()))
                results[i] = mine
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(n_threads)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    for i in range(n_threads):
        want_c = a[i].astype(np.float64) @ b[i].astype(np.float64)
        xi = x[i].astype(np.float64)
        want_o = np.zeros((2, 5, 3, 2))
        for kh in range(3):
            for kw in range(3):
                patch = xi[:, kh : kh + 5, kw : kw + 5 : 2, :]  # rows stride 1, cols stride 2
                want_o += np.einsum("nhwc,cf->nhwf", patch, w[kh, kw].astype(np.float64))
        for c, o in results[i]:
            np.testing.assert_allclose(c, want_c, rtol=1e-5)
            np.testing.assert_allclose(o, want_o, rtol=1e-5)
    # Racing fills leave one entry per signature (the last one stored).
    matmuls = [op for op in rt.array_instances.values() if op.OP_NAME == "matmul"]
    assert len(matmuls) == 1
