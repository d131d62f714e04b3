"""Payload ops evaluated on whole arrays (strided views of the operands), and what that costs.

Every strategy ends up here: it picks the views and the ops, `evaluate` applies each
op's vector semantics in order. `op_bytes` is the memory side of the cost model (the
temporaries one vector element needs).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from linalg_odsgen.payload import OpCategory, PayloadOp, Value
from linalg_odsgen.payloads import field_table
from linalg_odsgen.runtime.backends.fast.semantics import (
    MINMAX_UFUNCS,
    VECTOR_SEMANTICS,
    constant_array,
)
from linalg_odsgen.runtime.backends.fast.views import LinearAccess, Space, strided_view

# Temporaries some semantics allocate beyond their result, in units of the widest of the
# result and the operands (8 bytes for ops whose semantics compute through f64 arrays:
# casts, erf). Both come from the payload records.
_F64_WORK: dict[str, bool] = field_table(lambda r: r.f64_work or None)
_EXTRA_TEMPS: dict[str, float] = field_table(lambda r: r.temps or None)
# Payload ops that are leaves (constants, indices): no vector semantics of their own.
LEAVES = frozenset((OpCategory.CONSTANT, OpCategory.INDEX))


def op_bytes(ops: Sequence[PayloadOp]) -> float:
    """Bytes of temporaries per vector element for evaluating `ops`."""
    total = 0.0
    for op in ops:
        if op.category in LEAVES:
            continue
        size = op.result.type.dtype.itemsize
        # Temporaries are as wide as the widest operand, or f64 for conversions through it.
        unit = max(
            [size, *(v.type.dtype.itemsize for v in op.operands)]
            + ([8] if op.name in _F64_WORK else [])
        )
        total += size + unit * _EXTRA_TEMPS.get(op.name, 0)
    return total


def evaluate(
    ops: Sequence[PayloadOp],
    env: dict[int, np.ndarray],
    index_of: Callable[[int], np.ndarray],
    direct: dict[int, np.ndarray] | None = None,
    zero_free: frozenset[int] = frozenset(),
) -> None:
    """Evaluate `ops` in order on arrays, adding results to `env`.

    `direct` maps a value id to an array its producer writes into (the output);
    `zero_free` holds ids of float values known to hold no zeros, which lets
    float min/max skip the signed-zero check.
    """
    for op in ops:
        rid = op.result.id
        out = direct.get(rid) if direct else None
        if op.category in LEAVES:
            if op.category is OpCategory.CONSTANT:
                value = constant_array(op.attr("value"), op.result.type)
            else:
                value = index_of(int(op.attr("dim")))
            if out is not None:  # a leaf yielded straight into the output: store it there
                np.copyto(out, value, casting="unsafe")
                value = out
            env[rid] = value
        else:
            args = [env[v.id] for v in op.operands]
            ufunc = MINMAX_UFUNCS.get(op.name)
            if ufunc is not None and any(v.id in zero_free for v in op.operands):
                env[rid] = ufunc(*args) if out is None else ufunc(*args, out=out)
            else:
                env[rid] = VECTOR_SEMANTICS[op.name](op, args, out)


def index_arrays(space: Space) -> Callable[[int], np.ndarray]:
    """`linalg.index d` over `space`: an arange along d's axis, or d's fixed index."""
    cache: dict[int, np.ndarray] = {}

    def index_of(d: int) -> np.ndarray:
        if d not in cache:
            if d in space.axes:
                ax = space.axes.index(d)
                shape = [1] * len(space.axes)
                shape[ax] = space.sizes[ax]
                start = space.origin[d]
                cache[d] = np.arange(start, start + space.sizes[ax], dtype=np.int64).reshape(shape)
            else:
                cache[d] = np.array(space.origin[d], dtype=np.int64)
        return cache[d]

    return index_of


def leaf_views(
    arrays: Sequence[np.ndarray],
    accesses: Sequence[LinearAccess],
    space: Space,
    args: Sequence[int],
) -> dict[int, np.ndarray]:
    return {i: strided_view(arrays[i], accesses[i], space) for i in args}


def args_read(ops: Sequence[PayloadOp], extra: Sequence[Value] = ()) -> list[int]:
    """Block arguments read by `ops` (and the values in `extra`)."""
    ids = {v.id for op in ops for v in op.operands} | {v.id for v in extra}
    return sorted(ids)


def combine_into(combiner: PayloadOp, out: np.ndarray, value: np.ndarray) -> None:
    """out = combiner(out, value), in place."""
    VECTOR_SEMANTICS[combiner.name](combiner, [out, value], out)


__all__ = [
    "LEAVES",
    "args_read",
    "combine_into",
    "evaluate",
    "index_arrays",
    "leaf_views",
    "op_bytes",
]
