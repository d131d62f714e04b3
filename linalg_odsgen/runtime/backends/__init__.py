"""Backend registry: which code executes an op instance on NumPy operands.

A backend is `fn(op, operands) -> None` writing the outputs in place; it reads only
the instance (`runtime.protocol.OpInstance`: `op.region`, `op.indexing_maps`,
`op.loop_ranges()`, ...) and never special-cases an op by name. The three built-in
backends are peers in this package and import none of each other:

- `loops`: the generated loop nest, element by element (the reference semantics);
- `fast`: vector operations on NumPy arrays, NumPy only;
- `compiled`: the loop nest JIT-compiled by numba (the optional `[jit]` extra).

Above them, `auto` is the policy choosing one per instance (the default): `fast`, with
the work NumPy cannot vectorise handed to `compiled` when numba is installed.

None of them is imported until it is first asked for, so importing the runtime never
imports numba. The default is `auto`; `set_default_backend(name)` or the environment
variable `LINALG_ODSGEN_BACKEND` choose another one (a setting of the current
`Runtime`, see `runtime.settings`).
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError
from linalg_odsgen.runtime.protocol import Backend, Preparer
from linalg_odsgen.runtime.settings import (
    BACKEND_ENV_VAR,
    CURRENT_RUNTIME,
    ENV_BACKEND,
    backend_from_env,
    forget_prepared_everywhere,
)

ENV_VAR = BACKEND_ENV_VAR

# name -> module defining `run(op, operands)`; imported on first use.
_BUILTIN: dict[str, str] = {
    "auto": "linalg_odsgen.runtime.backends.auto",
    "loops": "linalg_odsgen.runtime.backends.loops",
    "fast": "linalg_odsgen.runtime.backends.fast",
    "compiled": "linalg_odsgen.runtime.backends.compiled",
}
# The registry of backend names is one per process (a plug-in table, like codecs);
# what a call picks by default is a setting of the current `Runtime`.
_LOADED: dict[str, Backend] = {}
# name -> `prepare(op, operands)` of backends that offer one: a runner for later calls
# with operands of the same dtypes, shapes and strides (see `get_preparer`).
_PREPARERS: dict[str, Preparer] = {}
_LOCK = threading.RLock()
# Called when a name is rebound, after every runtime's prepared runners are dropped.
_ON_REBIND: list[Callable[[], None]] = []


def on_rebind(callback: Callable[[], None]) -> None:
    """Call `callback` whenever `register_backend` rebinds a name."""
    _ON_REBIND.append(callback)


def register_backend(name: str, fn: Backend, prepare: Preparer | None = None) -> None:
    """Make `fn` available as `backend=name` (re-registering replaces it, and drops the
    runners the call form prepared with the old one). `prepare`, optional, is what
    `get_preparer` returns for the name."""
    with _LOCK:
        _LOADED[name] = fn
        _PREPARERS.pop(name, None)
        if prepare is not None:
            _PREPARERS[name] = prepare
    forget_prepared_everywhere()
    for callback in _ON_REBIND:
        callback()


def unregister_backend(name: str) -> None:
    """Forget a backend `register_backend` added (a built-in one comes back on next use)."""
    with _LOCK:
        _LOADED.pop(name, None)
        _PREPARERS.pop(name, None)
    forget_prepared_everywhere()


def available_backends() -> tuple[str, ...]:
    """Every name `get_backend` accepts (`compiled` only once numba is installed)."""
    names = set(_BUILTIN) | set(_LOADED)
    if "compiled" not in _LOADED and not numba_installed():
        names.discard("compiled")
    return tuple(sorted(names))


@cache
def numba_installed() -> bool:
    """Whether the `jit` extra is there (found without importing numba)."""
    import importlib.util

    return importlib.util.find_spec("numba") is not None


def default_backend() -> str:
    """The backend used when a call names none: `set_default_backend`, else the
    `LINALG_ODSGEN_BACKEND` environment variable (as it was at import), else `auto`."""
    return CURRENT_RUNTIME.get().backend_name()


def set_default_backend(name: str | None) -> None:
    """Make `name` the current runtime's default backend (None restores the
    environment/`auto` default). The name is checked (and the backend loaded) now, not
    at the next call."""
    if name is not None:
        get_backend(name)
    CURRENT_RUNTIME.get().default_backend = name


@contextmanager
def default_backend_set_to(name: str) -> Iterator[None]:
    """`with default_backend_set_to("compiled"): ...` — the default inside the block only."""
    rt = CURRENT_RUNTIME.get()
    previous = rt.default_backend
    set_default_backend(name)
    try:
        yield
    finally:
        rt.default_backend = previous


def get_backend(name: str | None = None) -> Backend:
    """The backend called `name` (the default one for None), loaded on first use."""
    if name is not None and not isinstance(name, str):
        raise _error(f"backend must be a name such as 'fast' or 'loops', got {name!r}")
    if name is None:
        rt = CURRENT_RUNTIME.get()
        key = rt.backend_name()
    else:
        key = name
    found = _LOADED.get(key)
    if found is not None:
        return found
    module_name = _BUILTIN.get(key)
    if module_name is None:
        known = ", ".join(available_backends())
        origin = f" (from {ENV_VAR})" if name is None and rt.default_backend is None else ""
        raise _error(f"unknown backend {key!r}{origin}; available: {known}")
    module = importlib.import_module(module_name)
    fn: Backend = module.run
    with _LOCK:
        if key not in _LOADED:
            _LOADED[key] = fn
            prepare = getattr(module, "prepare", None)
            if prepare is not None:
                _PREPARERS[key] = prepare
    return _LOADED[key]


def get_preparer(name: str) -> Preparer | None:
    """The backend's `prepare(op, operands)`, if it has one (the backend must be loaded).

    A prepared runner is called with later operands of the same dtypes, shapes and
    strides (plain arrays, none sharing memory with an output) and returns False,
    running nothing, when a setting it was prepared under has changed since."""
    return _PREPARERS.get(name)


def _error(message: str) -> DiagnosticError:
    return DiagnosticError(Diagnostic(message, file="<runtime>"))


def __getattr__(name: str) -> Any:
    # `DEFAULT_BACKEND` is read at use: the default can change at run time.
    if name == "DEFAULT_BACKEND":
        return default_backend()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "ENV_BACKEND",
    "ENV_VAR",
    "Backend",
    "Preparer",
    "available_backends",
    "backend_from_env",
    "default_backend",
    "default_backend_set_to",
    "get_backend",
    "get_preparer",
    "numba_installed",
    "on_rebind",
    "register_backend",
    "set_default_backend",
    "unregister_backend",
]
