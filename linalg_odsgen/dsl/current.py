"""The op definition whose body is running, as a `ContextVar`.

`domain()`, `implements()` and `defines()` are plain functions an op body calls, so
they need to find the op being built without an argument: the decorator binds its
per-op context here for exactly the duration of the body. A `ContextVar` (not a
stack walk) keeps that lookup independent of how the body is called, and correct
across threads and nested definitions.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar

_RUNNING: ContextVar[object | None] = ContextVar("linalg_odsgen_dsl_op_body", default=None)


def running() -> object | None:
    """The per-op context of the body now running (None outside every op body)."""
    return _RUNNING.get()


@contextlib.contextmanager
def bound(ctx: object) -> Iterator[None]:
    """Make `ctx` the running op's context while the body runs (restored after, even on error)."""
    token = _RUNNING.set(ctx)
    try:
        yield
    finally:
        _RUNNING.reset(token)


__all__ = ["bound", "running"]
