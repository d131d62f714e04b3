"""The runtime's settings and caches, in one object.

A `Runtime` holds what used to be module globals spread over the runtime and its
backends: the default backend, each backend's limits and switches (the compiled
backend's included), the `auto` policy's hand-off switch, and the memo tables
(instances, maps, regions, prepared runners, fast plans, compiled kernels).
Every call reads the *current* runtime: the process default (settings from the
environment, read when the package is imported), or another one made current for a
block with `with Runtime().active():` — its settings and caches stay its own and
never leak into the default. The current runtime is a context variable: a new thread
starts with the default one (make another current inside the thread), an asyncio task
inherits the one current where it was created.

Caches are filled under the runtime's lock; reads take no lock (a dict lookup is
atomic). Entries are immutable and depend only on their key, so two threads racing to
fill one key build equal values and either may stay.
"""

from __future__ import annotations

import os
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, TypeVar

BACKEND_ENV_VAR = "LINALG_ODSGEN_BACKEND"
LOOPS_MAX_POINTS_ENV_VAR = "LINALG_ODSGEN_LOOPS_MAX_POINTS"
FAST_TEMP_LIMIT_ENV_VAR = "LINALG_ODSGEN_FAST_TEMP_LIMIT"
HANDOFF_ENV_VAR = "LINALG_ODSGEN_FAST_HANDOFF"
COMPILED_PARALLEL_ENV_VAR = "LINALG_ODSGEN_COMPILED_PARALLEL"

# The backend of calls that name none: the policy choosing among the peer backends.
DEFAULT_BACKEND = "auto"
# A few microseconds per loop point: 2**28 points is a quarter of an hour.
DEFAULT_LOOPS_MAX_POINTS = 1 << 28
DEFAULT_FAST_TEMP_LIMIT = 64 << 20
# Memo tables are bounded so long-running processes that sweep many attribute values do
# not grow without limit (a full table is emptied and refilled).
CACHE_LIMIT = 4096
# Nests of fewer loop points run on one thread even when the compiled backend's parallel
# loops are on: numba's workers take a chunk within ~2 us, but a parallel loop also waits
# for a worker whose core another process holds, which costs a short nest most (a
# 256K-point nest takes 30-100 us).
DEFAULT_COMPILED_PARALLEL_MIN_POINTS = 1 << 18

_V = TypeVar("_V")


def backend_from_env() -> str:
    return os.environ.get(BACKEND_ENV_VAR, "").strip() or DEFAULT_BACKEND


# The default backend's environment variable is read once, when the package is imported.
ENV_BACKEND = backend_from_env()


def loops_max_points_from_env() -> int:
    text = os.environ.get(LOOPS_MAX_POINTS_ENV_VAR, "").strip()
    try:
        return int(text) if text else DEFAULT_LOOPS_MAX_POINTS
    except ValueError:
        return DEFAULT_LOOPS_MAX_POINTS


def fast_temp_limit_from_env() -> int:
    text = os.environ.get(FAST_TEMP_LIMIT_ENV_VAR, "").strip()
    if not text:
        return DEFAULT_FAST_TEMP_LIMIT
    try:
        value = int(text, 0)
    except ValueError:
        return DEFAULT_FAST_TEMP_LIMIT
    return value if value > 0 else DEFAULT_FAST_TEMP_LIMIT


def handoff_from_env() -> bool:
    return os.environ.get(HANDOFF_ENV_VAR, "").strip().lower() not in ("0", "false", "no", "off")


def compiled_parallel_from_env() -> bool | None:
    text = os.environ.get(COMPILED_PARALLEL_ENV_VAR, "").strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    return None


@dataclass
class CompiledStats:
    """What compiling the compiled backend's kernels cost (its `cache_info()`)."""

    kernels: int = 0  # distinct kernel sources prepared
    compiled: int = 0  # signatures compiled from scratch
    loaded: int = 0  # signatures read from numba's on-disk cache
    seconds: float = 0.0  # time in first calls (compile or load)
    events: list[tuple[str, str, float]] = field(default_factory=list)  # (op, how, seconds)


@dataclass(eq=False)
class Runtime:
    """Settings and caches of op calls (see the module docstring).

    `default_backend`: the backend of calls naming none (None: `LINALG_ODSGEN_BACKEND`
    as it was at import, else `auto`).
    `loops_max_points`: the largest domain the loops backend (and the fast backend's
    element-wise fallback) visits. `fast_temp_limit`: bytes of temporaries one fast call
    may allocate. `handoff`: whether `auto` may send work NumPy cannot vectorise to the
    compiled backend (None: the `LINALG_ODSGEN_FAST_HANDOFF` variable at each call).
    `compiled_parallel`: whether the compiled backend splits outer loops over the cores
    (None: `LINALG_ODSGEN_COMPILED_PARALLEL` at each call, else not chosen).
    `compiled_parallel_min_points`: nests of fewer loop points stay on one thread.
    `compiled_tiles`: whether reorderable nests with reductions may run as register
    tiles. `compiled_short_rounding`: whether f16/bf16 reductions may round by Veltkamp's
    split where the operands' ranges prove it exact. (Tests and the benchmark switch the
    last two off to compare with the plain nest and the exact roundings.)
    `fast_blas_accumulate`: whether the fast backend's convolution tap loops add each tap
    inside BLAS's gemm (SciPy's wrappers, the `blas` extra) instead of a matmul and an add.
    """

    default_backend: str | None = None
    # The default of `default_backend`: LINALG_ODSGEN_BACKEND as it was at import.
    env_backend: str = field(default_factory=lambda: ENV_BACKEND)
    loops_max_points: int = DEFAULT_LOOPS_MAX_POINTS
    fast_temp_limit: int = DEFAULT_FAST_TEMP_LIMIT
    handoff: bool | None = None
    compiled_parallel: bool | None = None
    compiled_parallel_min_points: int = DEFAULT_COMPILED_PARALLEL_MIN_POINTS
    compiled_tiles: bool = True
    compiled_short_rounding: bool = True
    fast_blas_accumulate: bool = True
    # -- caches (per runtime; filled under `lock`) -----------------------------------------
    # (class, operand types, attributes) -> verified instance
    instances: dict[Any, Any] = field(default_factory=dict, repr=False)
    # (class, operand dtypes and shapes, attributes) -> verified instance (plain arrays)
    array_instances: dict[Any, Any] = field(default_factory=dict, repr=False)
    # (class, symbol values) -> indexing maps with the symbols substituted
    maps: dict[Any, Any] = field(default_factory=dict, repr=False)
    # (class, element types, ranks, attributes) -> payload region
    regions: dict[Any, Any] = field(default_factory=dict, repr=False)
    # (class, backend, operand dtypes/shapes/strides, attributes) -> a prepared runner
    prepared: dict[Any, Any] = field(default_factory=dict, repr=False)
    # (fast backend analysis, ranges, dtypes, temp limit, strategy) -> its plan
    plans: dict[Any, Any] = field(default_factory=dict, repr=False)
    # op instance -> the compiled backend's kernels of it (weak: gone with the instance)
    compiled_kernels: weakref.WeakKeyDictionary[Any, Any] = field(
        default_factory=weakref.WeakKeyDictionary, repr=False
    )
    # what this runtime's compiled kernels cost to compile or load
    compiled_stats: CompiledStats = field(default_factory=CompiledStats, repr=False)
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False)

    def __post_init__(self) -> None:
        _ALL.add(self)

    @classmethod
    def from_env(cls) -> Runtime:
        """Settings from the environment variables (unset ones at their defaults)."""
        return cls(
            loops_max_points=loops_max_points_from_env(),
            fast_temp_limit=fast_temp_limit_from_env(),
        )

    def backend_name(self) -> str:
        """The name of the backend calls naming none run on."""
        return self.env_backend if self.default_backend is None else self.default_backend

    def handoff_enabled(self) -> bool:
        return handoff_from_env() if self.handoff is None else self.handoff

    def parallel_choice(self) -> bool | None:
        """The compiled backend's parallel setting as chosen (None: not chosen)."""
        if self.compiled_parallel is not None:
            return self.compiled_parallel
        return compiled_parallel_from_env()

    def remember(self, cache: dict[Any, _V], key: Any, value: _V) -> _V:
        """Store `value` under `key` in one of this runtime's caches, and return it."""
        with self.lock:
            if len(cache) >= CACHE_LIMIT:
                cache.clear()
            cache[key] = value
        return value

    def clear_caches(self) -> None:
        """Forget every memoised instance, map, region and prepared runner."""
        with self.lock:
            for cache in (
                self.instances,
                self.array_instances,
                self.maps,
                self.regions,
                self.plans,
            ):
                cache.clear()
            self.compiled_kernels.clear()
            self.prepared.clear()

    def forget_prepared(self) -> None:
        with self.lock:
            self.prepared.clear()

    @contextmanager
    def active(self) -> Iterator[Runtime]:
        """Make this runtime the current one inside the block (this context only)."""
        token = CURRENT_RUNTIME.set(self)
        try:
            yield self
        finally:
            CURRENT_RUNTIME.reset(token)

    @contextmanager
    def changed(self, **settings: Any) -> Iterator[None]:
        """Other settings inside the block: `with current_runtime().changed(handoff=False):`."""
        unknown = set(settings) - _SETTINGS
        if unknown:
            raise TypeError(f"unknown runtime setting(s): {', '.join(sorted(unknown))}")
        previous = {name: getattr(self, name) for name in settings}
        for name, value in settings.items():
            setattr(self, name, value)
        try:
            yield
        finally:
            for name, value in previous.items():
                setattr(self, name, value)


_SETTINGS = frozenset(
    {
        "default_backend",
        "loops_max_points",
        "fast_temp_limit",
        "handoff",
        "compiled_parallel",
        "compiled_parallel_min_points",
        "compiled_tiles",
        "compiled_short_rounding",
        "fast_blas_accumulate",
    }
)
_ALL: weakref.WeakSet[Runtime] = weakref.WeakSet()

# Settings read once, when the package is imported: every call asks for them, and an
# environment lookup costs a call several microseconds.
DEFAULT_RUNTIME = Runtime.from_env()
CURRENT_RUNTIME: ContextVar[Runtime] = ContextVar("linalg_odsgen_runtime", default=DEFAULT_RUNTIME)


def current_runtime() -> Runtime:
    """The runtime of calls made here: the default, or one made `active()`."""
    return CURRENT_RUNTIME.get()


def forget_prepared_everywhere() -> None:
    """Drop the prepared runners of every runtime (a backend name was rebound)."""
    for rt in list(_ALL):
        rt.forget_prepared()


__all__ = [
    "BACKEND_ENV_VAR",
    "CACHE_LIMIT",
    "COMPILED_PARALLEL_ENV_VAR",
    "CURRENT_RUNTIME",
    "DEFAULT_BACKEND",
    "DEFAULT_COMPILED_PARALLEL_MIN_POINTS",
    "DEFAULT_FAST_TEMP_LIMIT",
    "DEFAULT_LOOPS_MAX_POINTS",
    "DEFAULT_RUNTIME",
    "ENV_BACKEND",
    "FAST_TEMP_LIMIT_ENV_VAR",
    "HANDOFF_ENV_VAR",
    "LOOPS_MAX_POINTS_ENV_VAR",
    "CompiledStats",
    "Runtime",
    "current_runtime",
    "forget_prepared_everywhere",
]
