"""What every strategy of the fast backend shares: the problem, the plan and the cost model.

A `Problem` is one op instance bound to arrays; each strategy module turns it into a
`Plan` (tile sizes, estimated cost, a function running it). The cost constants below
are what `engine.choose` compares the strategies by.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import ml_dtypes
import numpy as np

from linalg_odsgen.runtime.backends.fast.analysis import RegionInfo
from linalg_odsgen.runtime.backends.fast.views import LinearAccess

# Cost model, in nanoseconds, calibrated with scripts/bench.py on a 2-core x86 VM.
C_CALL = 4000.0  # one NumPy call plus the Python around it, per loop step
C_ELEM = 0.7  # one element through one elementwise op on views
C_REDUCE = 2.5  # one element folded by a multi-axis NumPy reduction of a strided view
C_GATHER = 1.5  # one element copied when a factor is rearranged for matmul
C_MAC = {"f32": 0.2, "f64": 0.4, "int": 0.5, "bool": 1.5}
C_MAC_THIN = 0.5  # matrix-vector shapes are memory bound ...
C_MAC_SMALL_K = 25.0  # ... and short contractions pay per output element

SMALL_FLOATS = (np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16))


@dataclass(frozen=True)
class Problem:
    """One op instance bound to arrays, as the strategies see it."""

    info: RegionInfo
    accesses: tuple[LinearAccess, ...]
    arrays: tuple[np.ndarray, ...]  # canonical dtypes, outputs are views of the callers' arrays
    ranges: tuple[int, ...]
    vector_dims: tuple[int, ...]
    seq_dims: tuple[int, ...]
    outputs_exact: bool  # every output is indexed by exactly the vector dims

    @property
    def num_dims(self) -> int:
        return len(self.ranges)

    def points(self, dims: Sequence[int]) -> int:
        return math.prod(self.ranges[d] for d in dims)


@dataclass
class Plan:
    """A chosen strategy, its tile sizes and its estimated cost (for `explain`)."""

    strategy: str
    tile: tuple[int, ...]
    cost_ns: float
    temp_bytes: int
    # Runs the plan on arrays laid out as the problem's (the plan depends on shapes,
    # dtypes and the limit, never on the data or strides: it is cached and reused).
    run: Callable[[Sequence[np.ndarray]], None] = field(repr=False)

    def describe(self) -> str:
        return (
            f"{self.strategy}: tile {list(self.tile)}, est. {self.cost_ns / 1e6:.3f} ms, "
            f"temporaries <= {self.temp_bytes} bytes"
        )


__all__ = [
    "C_CALL",
    "C_ELEM",
    "C_GATHER",
    "C_MAC",
    "C_MAC_SMALL_K",
    "C_MAC_THIN",
    "C_REDUCE",
    "SMALL_FLOATS",
    "Plan",
    "Problem",
]
