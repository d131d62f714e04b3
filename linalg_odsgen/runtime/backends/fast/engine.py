"""The fast backend's chooser: which strategies apply to a problem and the cheapest of them.

Loop dims split in two sets, read off the output maps: *vector* dims (those
every output is indexed by) and *sequential* dims (reductions, and parallel
dims an output ignores). Four strategies execute an op:

- `ordered`: vectorise over the vector dims and loop over the sequential dims in
  iteration order, evaluating the whole payload on strided views each step.
  Works for every payload (several outputs, `linalg.index`, outputs read in any
  way) and gives exactly the loops backend's float results.
- `reduce`: every yield is `combiner(out, expr)`; evaluate `expr` over the whole
  tile and reduce the sequential axes with the combiner's NumPy reduction.
- `gemm`: the yield is `add(out, mul(x, y))` (or `or`/`and` on i1); evaluate `x`
  and `y` over their own dims and contract them with `np.matmul`.
- `taps`: a `gemm` whose input is read through windows (a convolution): one matmul per
  filter tap on shifted views of the input, no im2col gather.

Every strategy but `taps` runs tile by tile so that temporaries stay under the limit
(`tiling`); `taps` applies only when its temporaries fit.
Each strategy is a module of its own (`ordered`, `reduce`, `gemm`, `taps`) planning a
`plan.Problem` into a `plan.Plan`; this module only picks among them, and re-exports
the names callers used when it held them all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from linalg_odsgen.runtime.backends.fast.evaluate import evaluate
from linalg_odsgen.runtime.backends.fast.gemm import contract, gemm_allowed, plan_gemm
from linalg_odsgen.runtime.backends.fast.ordered import plan_ordered
from linalg_odsgen.runtime.backends.fast.plan import Plan, Problem
from linalg_odsgen.runtime.backends.fast.reduce import plan_reduce, reduce_allowed
from linalg_odsgen.runtime.backends.fast.taps import plan_taps
from linalg_odsgen.runtime.backends.fast.tiling import fit_tile, tiles
from linalg_odsgen.runtime.settings import CURRENT_RUNTIME

STRATEGIES: tuple[str, ...] = ("ordered", "reduce", "gemm", "taps")


def _builders(p: Problem, limit: int) -> dict[str, Callable[[], Plan]]:
    """How to plan every strategy that applies to the problem (not planned yet)."""
    builders: dict[str, Callable[[], Plan]] = {"ordered": lambda: plan_ordered(p, limit)}
    if p.seq_dims and p.outputs_exact:
        reds = p.info.reductions()
        if reds is not None and all(reduce_allowed(r) for r in reds):
            builders["reduce"] = lambda: plan_reduce(p, reds, limit)
        c = p.info.contraction()
        if c is not None and gemm_allowed(c, p):
            builders["gemm"] = lambda: plan_gemm(p, c, limit)
            taps = plan_taps(p, c, limit)  # planned now: whether it applies needs the layout
            if taps is not None:
                builders["taps"] = lambda: taps
    return builders


def candidate_plans(p: Problem, limit: int) -> dict[str, Plan]:
    """Every strategy that applies to the problem, planned."""
    return {name: build() for name, build in _builders(p, limit).items()}


# Plans per (analysis, ranges, dtypes, limit) and forced strategy are kept in the current
# `Runtime` (`plans`): a plan holds no arrays (it is built from the problem without them),
# so later calls only run it.


def choose(p: Problem, limit: int, strategy: str | None = None, key: Any = None) -> Plan:
    """The cheapest applicable plan, or the forced `strategy` (ValueError if it does not apply).

    `key` (hashable, identifying the problem up to its data) memoises the plan.
    """
    plans = None
    if key is not None:
        rt = CURRENT_RUNTIME.get()
        plans = rt.plans
        cached = plans.get((key, strategy))
        if cached is not None:
            return cached
        p = replace(p, arrays=())  # the cached plan must not keep the caller's arrays alive
    builders = _builders(p, limit)
    if strategy is not None:
        if strategy not in builders:
            raise ValueError(
                f"strategy {strategy!r} does not apply; applicable: {', '.join(builders)}"
            )
        best = builders[strategy]()
    else:
        best = min((build() for build in builders.values()), key=lambda pl: pl.cost_ns)
    if plans is not None:
        rt.remember(plans, (key, strategy), best)
    return best


__all__ = [
    "STRATEGIES",
    "Plan",
    "Problem",
    "candidate_plans",
    "choose",
    "contract",
    "evaluate",
    "fit_tile",
    "tiles",
]
