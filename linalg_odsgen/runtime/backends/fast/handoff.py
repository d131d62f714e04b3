"""When the fast backend passes an instance to the compiled backend instead.

NumPy has no kernel for the work the fast backend otherwise does in Python loops or
many passes: `ordered` plans with a sequential loop (one vector operation per payload op
and step: depthwise convolutions, pooling windows, f16/bf16 sums rounded every step),
ops whose maps are not linear (the loops backend, element by element) and large
payloads reading `linalg.index` (index arrays and casts over the whole domain). With numba installed (the `[jit]` extra) those go to the compiled
backend, whose results are the loops backend's bit for bit. Nothing here imports numba
unless a hand-off happens; `set_handoff(False)` or `LINALG_ODSGEN_FAST_HANDOFF=0` keeps
everything in NumPy.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from linalg_odsgen.runtime.backends import numba_installed

if TYPE_CHECKING:
    from linalg_odsgen.runtime.backends.fast.engine import Plan, Problem
    from linalg_odsgen.runtime.structured_op import StructuredOp

ENV_VAR = "LINALG_ODSGEN_FAST_HANDOFF"
# Below this many loop points the loops backend finishes before numba would compile.
MIN_LOOPS_POINTS = 1 << 14
# Sequential loops in NumPy: from here a compile (once per machine, kernels are cached
# on disk) pays off quickly; f16/bf16 ones, far slower per step, at any size.
MIN_ORDERED_POINTS = 1 << 16
# Index payloads run in NumPy at a few ns per point: a compile pays off from here.
MIN_INDEX_POINTS = 1 << 20

_enabled: bool | None = None


def handoff_enabled() -> bool:
    if _enabled is not None:
        return _enabled
    return os.environ.get(ENV_VAR, "").strip().lower() not in ("0", "false", "no", "off")


def set_handoff(enabled: bool | None) -> None:
    """Allow (True) or forbid (False) hand-offs; None restores the environment's choice."""
    global _enabled
    _enabled = enabled


def _narrow(op: StructuredOp) -> bool:
    return any(t.name in ("f16", "bf16") for t in op.element_types)


def reason(op: StructuredOp, problem: Problem | None, plan: Plan | None) -> str | None:
    """Why this instance should run compiled (None: stay in NumPy)."""
    if not (handoff_enabled() and numba_installed()):
        return None
    why = candidate(op, problem, plan)
    if why is None:
        return None
    from linalg_odsgen.runtime.backends import compiled

    return why if compiled.supports(op) else None


def candidate(op: StructuredOp, problem: Problem | None, plan: Plan | None) -> str | None:
    """Why this instance would be handed off were hand-offs on and the compiled backend
    able to run it (None: it stays in NumPy whatever the setting). Imports nothing."""
    if problem is None:
        ranges = [int(r or 0) for r in op.loop_ranges()]
        points = 1
        for r in ranges:
            points *= r
        if points < MIN_LOOPS_POINTS:
            return None
        why = "maps the fast backend cannot vectorise"
    elif plan is not None and plan.strategy == "ordered" and problem.points(problem.seq_dims) > 1:
        if _narrow(op):
            why = "an f16/bf16 sequential loop"
        elif problem.points(tuple(range(len(problem.ranges)))) >= MIN_ORDERED_POINTS:
            why = "a sequential loop NumPy runs step by step"
        else:
            return None
    elif any(p.name == "linalg.index" for p in op.region.ops):
        if problem.points(tuple(range(len(problem.ranges)))) < MIN_INDEX_POINTS:
            return None
        why = "a payload reading linalg.index"
    else:
        return None
    return why


def run_compiled(op: StructuredOp, operands: Sequence[Any]) -> None:
    """Run on the compiled backend with parallel loops (large nests split their outer
    loop over the cores; threads that sleep when idle, so BLAS calls around them keep
    their speed), unless the compiled backend's parallel setting was chosen."""
    from linalg_odsgen.runtime.backends import compiled

    choice = compiled.parallel_choice()
    compiled.run(op, operands, parallel=True if choice is None else choice)


__all__ = ["ENV_VAR", "candidate", "handoff_enabled", "reason", "run_compiled", "set_handoff"]
