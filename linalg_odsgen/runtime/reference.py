"""The reference loop nest: an instance run point by point, in the order of nested loops.

The `loops` backend is this; the `fast` backend runs it too for instances NumPy cannot
vectorise (maps with floordiv/mod). Every payload op is the exact scalar function of
`scalar_semantics`; points are visited last dim fastest, as MLIR's
`convert-linalg-to-loops` does. The domain is bounded by the current runtime's
`loops_max_points`: a few microseconds per point make a 2**40-point domain days of work.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from linalg_odsgen.runtime.errors import OpError
from linalg_odsgen.runtime.operands import signless_view
from linalg_odsgen.runtime.protocol import OpInstance
from linalg_odsgen.runtime.settings import CURRENT_RUNTIME, LOOPS_MAX_POINTS_ENV_VAR

_MATERIALIZE_LIMIT = 1 << 20


def loop_nest(*ranges: int) -> Iterator[tuple[int, ...]]:
    """All points of a rectangular domain, last dim fastest (the order of nested loops).

    Lazy in every case: `itertools.product` first copies each range into a tuple, which
    for a huge (or huge but empty) domain exhausts memory before the first point.
    """
    if any(n <= 0 for n in ranges):
        return iter(())
    if sum(ranges) <= _MATERIALIZE_LIMIT:
        return itertools.product(*(range(n) for n in ranges))
    return _lazy_nest(ranges)


def _lazy_nest(ranges: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    if not ranges:
        yield ()
        return
    for i in range(ranges[0]):
        for rest in _lazy_nest(ranges[1:]):
            yield (i, *rest)


def check_domain(op: OpInstance, operands: Sequence[Any], backend: str = "loops") -> None:
    """Refuse a domain beyond the current runtime's `loops_max_points` before visiting
    any point (`backend` names who runs the nest, for the message)."""
    limit = CURRENT_RUNTIME.get().loops_max_points
    ranges = op.loop_ranges([np.shape(v) for v in operands])
    points = math.prod(int(n) for n in ranges if n is not None)
    if points <= limit:
        return
    extent = f"{points:,} loop points ({' x '.join(str(n) for n in ranges)})"
    raise_limit = f"raise the limit (loops.set_max_points(n) or {LOOPS_MAX_POINTS_ENV_VAR})"
    if backend == "loops":
        message = (
            f"the loops backend would visit {extent}, beyond its limit of {limit:,} "
            f"(it takes microseconds per point); run it with backend='fast' or "
            f"backend='compiled', or {raise_limit}"
        )
    else:
        message = (
            f"the {backend} backend cannot vectorise this op's maps and would visit {extent} "
            f"one by one, beyond the limit of {limit:,} (microseconds per point); run it with "
            f"backend='compiled' (or 'auto', which does so with numba installed), or "
            f"{raise_limit}"
        )
    raise OpError(op.OP_NAME, message)


def run(op: OpInstance, operands: Sequence[Any], backend: str = "loops") -> None:
    """Run `op` on normalised operands, outputs updated in place (`backend`: who asks,
    named in the domain-limit error)."""
    check_domain(op, operands, backend)
    views = [signless_view(v) for v in operands]
    with np.errstate(all="ignore"):
        if getattr(op, "user_indexing_maps", None) is not None:
            run_by_maps(op, views)  # the generated nest assumes the op's own maps
        else:
            op.run_loops(views)


def run_by_maps(op: OpInstance, operands: Sequence[Any]) -> None:
    """The loop nest read from the instance's indexing maps, in the same order (MLIR's
    `convert-linalg-to-loops`): for ops given `indexing_maps` per instance."""
    body = op.compiled_body
    maps = op.indexing_maps
    outs = [i for i, d in enumerate(op.value_operands) if d.kind.is_tensor and not d.kind.is_input]
    uses_index = getattr(op, "USES_INDEX", False)
    ranges = [int(n) for n in op.loop_ranges() if n is not None]  # all known: arrays given
    for point in loop_nest(*ranges):
        idx = [tuple(r.eval(point) for r in m.results) for m in maps]
        args = [
            v[i] if isinstance(v, np.ndarray) else v for v, i in zip(operands, idx, strict=True)
        ]
        results = body(*args, *point) if uses_index else body(*args)
        if len(outs) == 1:
            results = (results,)
        for o, r in zip(outs, results, strict=True):
            operands[o][idx[o]] = r


__all__ = ["check_domain", "loop_nest", "run", "run_by_maps"]
