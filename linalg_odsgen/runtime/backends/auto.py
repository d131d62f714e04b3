"""The `auto` backend: the policy choosing a peer backend per instance (the default).

`auto` runs an instance on the `fast` backend (NumPy), except the work NumPy has no
kernel for, which goes to the `compiled` backend when numba is installed (the `[jit]`
extra): `ordered` plans with a sequential loop (one vector operation per payload op and
step: depthwise convolutions, pooling windows, f16/bf16 sums rounded every step), ops
whose maps are not linear (the reference loop nest, element by element) and large
payloads reading `linalg.index` (index arrays and casts over the whole domain). The
compiled backend's results are the loops backend's bit for bit, so the choice changes
speed, never a result. Without numba, or with hand-offs switched off (`set_handoff(False)`,
`LINALG_ODSGEN_FAST_HANDOFF=0`, the current `Runtime`'s `handoff`), `auto` is `fast`,
whose own fallback for non-linear maps is the reference loop nest. Nothing here
imports numba unless a hand-off happens.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from linalg_odsgen.runtime.backends import fast, numba_installed
from linalg_odsgen.runtime.protocol import OpInstance
from linalg_odsgen.runtime.settings import CURRENT_RUNTIME, HANDOFF_ENV_VAR

if TYPE_CHECKING:
    from linalg_odsgen.runtime.backends.fast.plan import Plan, Problem

ENV_VAR = HANDOFF_ENV_VAR
# Below this many loop points the loop nest finishes before numba would compile.
MIN_LOOPS_POINTS = 1 << 14
# Sequential loops in NumPy: from here a compile (once per machine, kernels are cached
# on disk) pays off quickly; f16/bf16 ones, far slower per step, at any size.
MIN_ORDERED_POINTS = 1 << 16
# Hand-offs split nests over the cores from here. Smaller ones (a 58x58x64 pooling) run
# between other work, after which numba's workers have stopped spinning and waking
# them costs more than the split saves (measured with scripts/bench.py); a user who
# turns parallel loops on (`compiled.parallel()`) gets the backend's own, lower bound.
MIN_THREADED_POINTS = 1 << 22
# Index payloads run in NumPy at a few ns per point: a compile pays off from here.
MIN_INDEX_POINTS = 1 << 20


def handoff_enabled() -> bool:
    """Whether hand-offs are on in the current runtime (its `handoff`, else the variable)."""
    return CURRENT_RUNTIME.get().handoff_enabled()


def set_handoff(enabled: bool | None) -> None:
    """Allow (True) or forbid (False) hand-offs; None restores the environment's choice."""
    CURRENT_RUNTIME.get().handoff = enabled


def _narrow(op: OpInstance) -> bool:
    return any(t.name in ("f16", "bf16") for t in op.element_types)


def reason(op: OpInstance, problem: Problem | None, plan: Plan | None) -> str | None:
    """Why this instance should run compiled (None: it runs on `fast`)."""
    if not (handoff_enabled() and numba_installed()):
        return None
    why = candidate(op, problem, plan)
    if why is None:
        return None
    return why if _compiled().supports(op) else None


def candidate(op: OpInstance, problem: Problem | None, plan: Plan | None) -> str | None:
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


def run_compiled(op: OpInstance, operands: Sequence[Any]) -> None:
    """Run on the compiled backend with parallel loops for nests of `MIN_THREADED_POINTS`
    or more, unless the compiled backend's parallel setting was chosen (then as it says)."""
    compiled = _compiled()
    choice = compiled.parallel_choice()
    if choice is None:
        compiled.run(op, operands, parallel=True, min_parallel_points=MIN_THREADED_POINTS)
    else:
        compiled.run(op, operands, parallel=choice)


def _compiled() -> Any:
    """The compiled backend's module, imported (with numba) on the first hand-off. Typed
    loosely: its functions still name the concrete op class, which instances satisfy."""
    from linalg_odsgen.runtime.backends import compiled

    return compiled


def run(op: OpInstance, operands: Sequence[Any]) -> None:
    """Execute `op` on normalised operands on the backend the policy picks."""
    bound = fast.bind(op, operands)
    if isinstance(bound, str):
        if reason(op, None, None):
            run_compiled(op, operands)
        else:
            fast.run_unvectorised(op, operands)
        return
    p, key = bound
    if any(r == 0 for r in p.ranges):
        return
    chosen = fast.choose_plan(p, key)
    if reason(op, p, chosen):
        run_compiled(op, operands)
        return
    fast.execute(chosen, p)


def explain(op: OpInstance, operands: Sequence[Any]) -> str:
    """One line: `compiled backend (why)` for a hand-off, else what `fast.explain` says."""
    bound = fast.bind(op, operands)
    if isinstance(bound, str):
        why = reason(op, None, None)
        return f"compiled backend ({why})" if why else bound
    chosen = fast.choose_plan(bound[0], bound[1])
    why = reason(op, bound[0], chosen)
    return f"compiled backend ({why})" if why else chosen.describe()


def choice(op: OpInstance, operands: Sequence[Any]) -> str:
    """The name of the peer backend `auto` runs this call on: `compiled` or `fast`."""
    return "compiled" if explain(op, operands).startswith("compiled backend") else "fast"


def prepare(op: OpInstance, operands: Sequence[Any]) -> Callable[[list[Any]], bool] | None:
    """The fast backend's runner for calls that stay in NumPy (None for hand-offs). A plan
    the compiled backend would take were hand-offs on also watches the hand-off setting:
    the runner returns False, running nothing, once it differs from now."""
    bound = fast.bind(op, operands)
    if isinstance(bound, str) or any(r == 0 for r in bound[0].ranges):
        return None
    p, key = bound
    chosen = fast.choose_plan(p, key)
    if reason(op, p, chosen):
        return None
    runner = fast.prepare(op, operands)
    if runner is None or candidate(op, p, chosen) is None:
        return runner
    rt = CURRENT_RUNTIME.get()
    handing_off = rt.handoff_enabled()
    fast_runner = runner

    def watching(values: list[Any]) -> bool:
        return rt.handoff_enabled() == handing_off and fast_runner(values)

    return watching


__all__ = [
    "ENV_VAR",
    "candidate",
    "choice",
    "explain",
    "handoff_enabled",
    "prepare",
    "reason",
    "run",
    "run_compiled",
    "set_handoff",
]
