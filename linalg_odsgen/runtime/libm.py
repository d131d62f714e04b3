"""The C library's `pow`/`powf`, elementwise: what MLIR 22's lowering of `math.powf` calls.

NumPy's `power` is not the C library's: on hosts with AVX-512 it runs NumPy's
own SIMD routine, which differs from glibc in the last bit on some inputs. MLIR
lowers `math.powf` to `llvm.pow`, a call to `pow` (f64) or `powf` (f32; f16 and
bf16 are computed in f32), so both backends call those functions themselves.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from functools import lru_cache
from typing import Any

import numpy as np


@lru_cache(maxsize=1)
def _functions() -> tuple[Any, Any]:
    libm = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
    pow64 = libm.pow
    pow64.argtypes = (ctypes.c_double, ctypes.c_double)
    pow64.restype = ctypes.c_double
    pow32 = libm.powf
    pow32.argtypes = (ctypes.c_float, ctypes.c_float)
    pow32.restype = ctypes.c_float
    return pow64, pow32


def c_pow(x: Any, y: Any, dtype: np.dtype[Any]) -> np.ndarray:
    """`pow(x, y)` per element as the C library computes it, rounded to `dtype`.

    f64 calls `pow`; every narrower float type calls `powf` on f32 operands and
    rounds its result, as LLVM's lowering does.
    """
    pow64, pow32 = _functions()
    wide = np.dtype(dtype) == np.float64
    work = np.float64 if wide else np.float32
    fn = pow64 if wide else pow32
    xb, yb = np.broadcast_arrays(np.asarray(x), np.asarray(y))
    xs = xb.astype(work).ravel().tolist()
    ys = yb.astype(work).ravel().tolist()
    result = np.fromiter(map(fn, xs, ys), dtype=work, count=len(xs)).reshape(xb.shape)
    return result.astype(dtype)
