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
def _libm() -> Any:
    return ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")


def c_function(name: str, c_type: Any, arity: int = 1) -> Any:
    """The C library's `name` taking and returning `c_type` (ctypes.c_double/c_float)."""
    fn = getattr(_libm(), name)
    fn.argtypes = (c_type,) * arity
    fn.restype = c_type
    return fn


@lru_cache(maxsize=1)
def _functions() -> tuple[Any, Any]:
    return c_function("pow", ctypes.c_double, 2), c_function("powf", ctypes.c_float, 2)


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


__all__ = ["c_function", "c_pow"]
