"""The fast backend: every structured op executed with vector operations on NumPy arrays.

It reads only the op instance (`op.region`, `op.indexing_maps`, the operand
kinds and the loop ranges), never the op's name, and picks a strategy per call:

- `gemm` (*map to library calls*): a yield `out + x * y` becomes `np.matmul`
  on `x` and `y` evaluated over their own loop dims (strided views, casts
  included), with batch, free and contracted dims read off the maps;
- `reduce` (*vectorization*): a yield `combiner(out, expr)` evaluates `expr` on
  zero-copy strided views of the whole iteration space and folds the reduction
  axes with the combiner's NumPy reduction;
- `ordered`: vectorise over the output dims, loop over the others in iteration
  order (exactly the loops backend's results; used for any other payload and
  for f16/bf16 sums, which MLIR rounds at every step).

A cost model picks the cheapest applicable strategy; every strategy works tile
by tile (*tiling*) so temporaries stay under `get_temp_limit()` bytes (64 MiB by
default; `set_temp_limit`, the `temp_limit` context manager or the environment
variable `LINALG_ODSGEN_FAST_TEMP_LIMIT`; a setting of the current `Runtime`).

Ops whose maps are not linear in the loop dims (floordiv/mod) or whose output
maps are not projected permutations run the reference loop nest (`runtime.reference`,
what the loops backend runs); `explain` names the map. This backend is NumPy only: it
imports no other backend. Handing work to the compiled backend is the `auto` policy's
choice (`backends/auto.py`), made from the plan this module exposes (`bind`, `choose_plan`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

import numpy as np

from linalg_odsgen.affine import AffineMap
from linalg_odsgen.model import OperandKind
from linalg_odsgen.payload import Region
from linalg_odsgen.runtime import reference
from linalg_odsgen.runtime.backends.fast.analysis import RegionInfo
from linalg_odsgen.runtime.backends.fast.engine import STRATEGIES, choose
from linalg_odsgen.runtime.backends.fast.plan import Plan, Problem
from linalg_odsgen.runtime.backends.fast.views import LinearAccess, linear_access
from linalg_odsgen.runtime.protocol import OpInstance
from linalg_odsgen.runtime.settings import CURRENT_RUNTIME, HANDOFF_ENV_VAR

# The plan-cache key of a bound call (see `bind`).
PlanKey = Any


def get_temp_limit() -> int:
    """Bytes of temporaries one op may allocate at a time (beyond its operands)."""
    return CURRENT_RUNTIME.get().fast_temp_limit


def set_temp_limit(nbytes: int) -> None:
    """Bound the temporaries of every later call (tiles shrink to fit; at least one point)."""
    if int(nbytes) <= 0:
        raise ValueError(f"the temporary limit must be positive, got {nbytes}")
    CURRENT_RUNTIME.get().fast_temp_limit = int(nbytes)


@contextmanager
def temp_limit(nbytes: int) -> Iterator[None]:
    """`with temp_limit(1 << 20): ...` runs the block under another bound."""
    old = get_temp_limit()
    set_temp_limit(nbytes)
    try:
        yield
    finally:
        set_temp_limit(old)


def _canonical(value: Any, dtype: np.dtype) -> np.ndarray:
    """An operand as an array of its element type's canonical dtype (a view when possible)."""
    arr = np.asarray(value)
    if arr.dtype == dtype:
        return arr
    if arr.dtype.itemsize == dtype.itemsize and arr.dtype.kind in "iub" and dtype.kind in "iub":
        return arr.view(dtype)
    return arr.astype(dtype)


class _Analysis:
    """What the maps and the region say, independent of the data (cached per op kind)."""

    def __init__(
        self,
        accesses: tuple[LinearAccess, ...],
        info: RegionInfo,
        vector_dims: tuple[int, ...],
        seq_dims: tuple[int, ...],
        outputs_exact: bool,
    ) -> None:
        self.accesses = accesses
        self.info = info
        self.vector_dims = vector_dims
        self.seq_dims = seq_dims
        self.outputs_exact = outputs_exact


@lru_cache(maxsize=1024)
def _analyse(
    region: Region,
    maps: tuple[AffineMap, ...],
    kinds: tuple[OperandKind, ...],
    names: tuple[str, ...],
) -> _Analysis | str:
    """The analysis, or why the loops backend must run the op (said by `explain`)."""
    acc: list[LinearAccess] = []
    for m, name in zip(maps, names, strict=True):
        a = linear_access(m)
        if a is None:
            return f"loops (the map of operand {name!r}, {m}, uses floordiv/mod or is not linear)"
        acc.append(a)
    outputs = [i for i, k in enumerate(kinds) if k is OperandKind.OUTPUT_TENSOR]
    out_dims: list[frozenset[int]] = []
    for i in outputs:
        pure = acc[i].pure_dims()
        if pure is None:
            return (
                f"loops (the map of output {names[i]!r}, {maps[i]}, is not a projected permutation)"
            )
        out_dims.append(frozenset(pure))
    num_dims = maps[0].num_dims if maps else 0
    vector = frozenset.intersection(*out_dims) if out_dims else frozenset()
    info = RegionInfo(region, [a.used_dims for a in acc], [region.args[i].id for i in outputs])
    return _Analysis(
        tuple(acc),
        info,
        tuple(d for d in range(num_dims) if d in vector),
        tuple(d for d in range(num_dims) if d not in vector),
        all(d == vector for d in out_dims),
    )


def _static(
    op: OpInstance, shapes: tuple[tuple[int, ...], ...]
) -> tuple[_Analysis, tuple[int, ...]] | str:
    """The analysis and loop ranges of `op` on operands of `shapes`, kept on the instance
    (instances are cached per operand types, so repeated calls skip map hashing)."""
    cache: dict[Any, Any] = op.__dict__.setdefault("_fast_static", {})
    hit: tuple[_Analysis, tuple[int, ...]] | str | None = cache.get(shapes)
    if hit is None:
        defs = op.value_operands
        analysis = _analyse(
            op.region,
            tuple(op.indexing_maps),
            tuple(d.kind for d in defs),
            tuple(d.name for d in defs),
        )
        hit = analysis if isinstance(analysis, str) else (analysis, op.loop_ranges(shapes))
        if len(cache) < 64:
            cache[shapes] = hit
    return hit


def bind(op: OpInstance, operands: Sequence[Any]) -> tuple[Problem, PlanKey] | str:
    """The op bound to its operands with the plan-cache key, or why it runs the reference
    loop nest (a map NumPy cannot view)."""
    arrays = tuple(_canonical(v, t.dtype) for v, t in zip(operands, op.element_types, strict=True))
    static = _static(op, tuple(a.shape for a in arrays))
    if isinstance(static, str):
        return static
    analysis, ranges = static
    problem = Problem(
        info=analysis.info,
        accesses=analysis.accesses,
        arrays=arrays,
        ranges=ranges,
        vector_dims=analysis.vector_dims,
        seq_dims=analysis.seq_dims,
        outputs_exact=analysis.outputs_exact,
    )
    key = (analysis, ranges, tuple(a.dtype for a in arrays), get_temp_limit())
    return problem, key


def choose_plan(problem: Problem, key: PlanKey, strategy: str | None = None) -> Plan:
    """The plan for a bound call (cached per key): the cheapest strategy, or `strategy`."""
    return choose(problem, get_temp_limit(), strategy, key=key)


def execute(plan: Plan, problem: Problem) -> None:
    """Run a plan on its bound arrays (outputs written in place)."""
    with np.errstate(all="ignore"):
        plan.run(problem.arrays)


def run_unvectorised(op: OpInstance, operands: Sequence[Any]) -> None:
    """What this backend runs for an instance `bind` refuses: the reference loop nest."""
    reference.run(op, operands, backend="fast")


def make_problem(op: OpInstance, operands: Sequence[Any]) -> Problem | None:
    """The op bound to its operands, or None when its maps need the reference loop nest."""
    bound = bind(op, operands)
    return None if isinstance(bound, str) else bound[0]


def plan(op: OpInstance, operands: Sequence[Any], strategy: str | None = None) -> Plan | None:
    """The plan the backend would run (None: the reference loop nest runs the op)."""
    bound = bind(op, operands)
    if isinstance(bound, str):
        return None
    return choose_plan(bound[0], bound[1], strategy)


def explain(op: OpInstance, operands: Sequence[Any]) -> str:
    """One line saying how the op would run: strategy, tile and estimates, or which map
    sends it to the loop nest."""
    bound = bind(op, operands)
    if isinstance(bound, str):
        return bound
    return choose_plan(bound[0], bound[1]).describe()


def run(op: OpInstance, operands: Sequence[Any], strategy: str | None = None) -> None:
    """The `fast` backend: execute `op` on normalised operands, writing outputs in place,
    with NumPy only. `strategy` forces one of `STRATEGIES` (ValueError when it does not
    apply)."""
    bound = bind(op, operands)
    if isinstance(bound, str):
        run_unvectorised(op, operands)
        return
    p, key = bound
    if any(r == 0 for r in p.ranges):
        return
    execute(choose_plan(p, key, strategy), p)


def prepare(op: OpInstance, operands: Sequence[Any]) -> Callable[[list[Any]], bool] | None:
    """A runner for later calls whose operands have these dtypes, shapes and strides: the
    plan `run` would choose, called on each call's arrays (plans hold no data). It runs
    nothing and returns False once the temporary limit differs from now. None when the
    op runs the reference loop nest."""
    bound = bind(op, operands)
    if isinstance(bound, str) or any(r == 0 for r in bound[0].ranges):
        return None
    p, key = bound
    rt = CURRENT_RUNTIME.get()
    limit = rt.fast_temp_limit
    chosen = choose(p, limit, None, key=key)
    views: list[np.dtype | None] = []
    for v, t in zip(operands, op.element_types, strict=True):
        if not isinstance(v, np.ndarray):
            return None
        canonical = _canonical(v, t.dtype)
        if canonical is v:
            views.append(None)
        elif canonical.base is v and canonical.strides == v.strides:
            views.append(canonical.dtype)  # a same-size integer reading
        else:
            return None
    run_plan = chosen.run
    reads = [(i, dt) for i, dt in enumerate(views) if dt is not None]

    def runner(values: list[Any]) -> bool:
        if rt.fast_temp_limit != limit:
            return False
        if reads:
            values = list(values)
            for i, dt in reads:
                values[i] = values[i].view(dt)
        with np.errstate(all="ignore"):
            run_plan(values)
        return True

    return runner


def set_handoff(enabled: bool | None) -> None:
    """The `auto` policy's hand-off switch (kept here under its old name): whether `auto`
    may run on the compiled backend what this backend runs step by step. It changes
    nothing for `backend="fast"`, which is NumPy only. None restores the environment's
    choice (`LINALG_ODSGEN_FAST_HANDOFF`)."""
    CURRENT_RUNTIME.get().handoff = enabled


__all__ = [
    "HANDOFF_ENV_VAR",
    "STRATEGIES",
    "bind",
    "choose_plan",
    "execute",
    "explain",
    "get_temp_limit",
    "plan",
    "prepare",
    "run",
    "run_unvectorised",
    "set_handoff",
    "set_temp_limit",
    "temp_limit",
]
