"""Imported first by the benchmarks, before NumPy: one BLAS thread.

The NumPy baselines and MLIR's code then run on one core, and no OpenBLAS thread left
spinning after a call takes a core from the backend being timed (on a two-core machine
that made the compiled backend's threaded runs several times slower than one thread).
A value already set in the environment wins.
"""

from __future__ import annotations

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")
