"""The `loops` backend: the op's generated loop nest, one element at a time.

It is the reference the other backends are compared with: every payload op is the
exact scalar function of `scalar_semantics`, points are visited in the order of the
nested loops (last dim fastest). The nest itself is `runtime.reference`; this module
is the backend's name for it and its one setting, the largest domain it visits.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from linalg_odsgen.runtime import reference
from linalg_odsgen.runtime.protocol import OpInstance
from linalg_odsgen.runtime.reference import check_domain, run_by_maps
from linalg_odsgen.runtime.settings import (
    CURRENT_RUNTIME,
    DEFAULT_LOOPS_MAX_POINTS,
    loops_max_points_from_env,
)
from linalg_odsgen.runtime.settings import LOOPS_MAX_POINTS_ENV_VAR as MAX_POINTS_ENV_VAR

# Beyond the limit the backend refuses (a broadcast 2**40-point matmul would run for days)
# and names the backends that finish such a domain.
DEFAULT_MAX_POINTS = DEFAULT_LOOPS_MAX_POINTS


def run(op: OpInstance, operands: Sequence[Any]) -> None:
    """Run `op` on normalised operands, outputs updated in place."""
    reference.run(op, operands)


def max_points() -> int:
    """The largest iteration domain (loop points) this backend runs (current runtime)."""
    return CURRENT_RUNTIME.get().loops_max_points


def set_max_points(points: int | None) -> None:
    """Change the limit (None: back to the environment's or the default, 2**28)."""
    if points is not None and (not isinstance(points, int) or points < 0):
        raise ValueError(f"the loop point limit is a non-negative int, got {points!r}")
    rt = CURRENT_RUNTIME.get()
    rt.loops_max_points = loops_max_points_from_env() if points is None else points


@contextmanager
def max_points_set_to(points: int) -> Iterator[None]:
    """`with loops.max_points_set_to(1 << 34): ...` — another limit inside the block only."""
    rt = CURRENT_RUNTIME.get()
    previous = rt.loops_max_points
    set_max_points(points)
    try:
        yield
    finally:
        rt.loops_max_points = previous


__all__ = [
    "DEFAULT_MAX_POINTS",
    "MAX_POINTS_ENV_VAR",
    "check_domain",
    "max_points",
    "max_points_set_to",
    "run",
    "run_by_maps",
    "set_max_points",
]
