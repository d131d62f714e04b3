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
import operator
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from linalg_odsgen.affine import AffineDimExpr, AffineExpr
from linalg_odsgen.model import OperandKind
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
        if op.user_indexing_maps is not None:
            run_by_maps(op, views)  # the generated nest assumes the op's own maps
        else:
            op.run_loops(views)


def run_by_maps(op: OpInstance, operands: Sequence[Any]) -> None:
    """The reference loop nest of any instance, read from its indexing maps: points in the
    order of MLIR's `convert-linalg-to-loops` (last dim fastest), the payload applied at
    each, outputs updated in place. Ops built in memory and ops with per-instance maps run
    it; generated modules write the same nest out as code."""
    body = op.compiled_body
    reads: list[tuple[Any, Callable[[tuple[int, ...]], Any] | None]] = []
    writes: list[tuple[Any, Callable[[tuple[int, ...]], Any]]] = []
    for d, m, v in zip(op.value_operands, op.indexing_maps, operands, strict=True):
        get = _accessor(m.results, m.num_dims) if d.kind is not OperandKind.SCALAR else None
        reads.append((v, get))
        if not d.kind.is_input:
            assert get is not None
            writes.append((v, get))
    uses_index = getattr(op, "USES_INDEX", False)
    ranges = [int(n) for n in op.loop_ranges() if n is not None]  # all known: arrays given
    single = len(writes) == 1
    for point in loop_nest(*ranges):
        args = [v if get is None else v[get(point)] for v, get in reads]
        results = body(*args, *point) if uses_index else body(*args)
        if single:
            out, get = writes[0]
            out[get(point)] = results
        else:
            for (out, get), r in zip(writes, results, strict=True):
                out[get(point)] = r


def _accessor(results: Sequence[AffineExpr], num_dims: int) -> Callable[[tuple[int, ...]], Any]:
    """Loop point -> the element index of one operand's map results."""
    if not results:
        return lambda point: ()
    if all(isinstance(r, AffineDimExpr) for r in results):
        # Bare dims (most maps): C-speed picking from the point tuple.
        return operator.itemgetter(*(r.position for r in results))  # type: ignore[attr-defined]
    parts = [_result_fn(r, num_dims) for r in results]
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        f0, f1 = parts
        return lambda p: (f0(p), f1(p))
    if len(parts) == 3:
        f0, f1, f2 = parts
        return lambda p: (f0(p), f1(p), f2(p))
    if len(parts) == 4:
        f0, f1, f2, f3 = parts
        return lambda p: (f0(p), f1(p), f2(p), f3(p))
    return lambda p: tuple(f(p) for f in parts)


def _result_fn(r: AffineExpr, num_dims: int) -> Callable[[tuple[int, ...]], int]:
    """One map result as a function of the loop point (linear ones without a tree walk)."""
    if isinstance(r, AffineDimExpr):
        return operator.itemgetter(r.position)
    form = r.linear_form(num_dims)
    if form is None:
        return lambda p: r.eval(p)
    terms = [(i, c) for i, c in enumerate(form[0]) if c != 0]
    k = form[1]
    if not terms:
        return lambda p: k
    if len(terms) == 1:
        ((i, c),) = terms
        return lambda p: c * p[i] + k
    if len(terms) == 2:
        (i, c), (j, e) = terms
        return lambda p: c * p[i] + e * p[j] + k
    return lambda p: sum(c * p[i] for i, c in terms) + k


__all__ = ["check_domain", "loop_nest", "run", "run_by_maps"]
