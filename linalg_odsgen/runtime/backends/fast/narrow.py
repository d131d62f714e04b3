"""f16/bf16 arithmetic carried in f32 arrays, rounded after every op like MLIR's.

NumPy's float16 and ml_dtypes' bfloat16 ufuncs compute each op in f32 and round
the result to the narrow type, elementwise but slowly (~50x an f32 op). The same
result comes from keeping narrow values in f32 arrays (exactly representable) and
rounding every op's f32 result to the narrow type's precision in place: by Veltkamp's
split (three float passes) when one dot product shows every value finite and in range,
else with integer bit operations. Add, subtract and multiply of two narrow values computed in
f32 and rounded once more equal the correctly rounded narrow result (f32 carries
at least 2p+2 bits of a p-bit type), so the results are those of the ufuncs.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from linalg_odsgen.payloads import field_table

F16 = np.dtype(np.float16)
BF16 = np.dtype(ml_dtypes.bfloat16)

# Ops whose f32 result, rounded once to the narrow type, is the narrow op's result.
UFUNCS: dict[str, np.ufunc] = field_table(lambda r: r.narrow_ufunc)

_ABS = np.uint32(0x7FFFFFFF)
_SIGN = np.uint32(0x80000000)
_INF = np.uint32(0x7F800000)
_F16_MIN_NORMAL = np.uint32(0x38800000)  # 2**-14
_F16_OVERFLOW = np.uint32(0x47800000)  # 2**16: the first f32 past f16's rounding range
_SUB_SHIFT = np.float32(0.75)  # x + 0.75 has ulp 2**-24, f16's subnormal step, for |x| < 2**-14


def round_bits(bits: np.ndarray, drop: int, scratch: np.ndarray) -> None:
    """Round the f32 bit patterns in place to `23 - drop` mantissa bits, ties to even.

    A carry out of the mantissa moves to the next binade (or to infinity), as it
    should; NaNs of narrow origin keep a payload bit above `drop` and stay NaN.
    """
    np.right_shift(bits, np.uint32(drop), out=scratch)
    np.bitwise_and(scratch, np.uint32(1), out=scratch)
    np.add(scratch, np.uint32((1 << (drop - 1)) - 1), out=scratch)
    np.add(bits, scratch, out=bits)
    np.bitwise_and(bits, np.uint32(0xFFFFFFFF ^ ((1 << drop) - 1)), out=bits)


# Veltkamp's split: with t = x * (2**s + 1), t - (t - x) is x rounded to nearest even at
# 24 - s significant bits, for every finite x whose t does not overflow (tests check every
# f32 mantissa of several binades). Three passes, where the bit operations take five, but
# it knows no infinities, no overflow to them and no subnormal steps.
_SPLIT = {F16: np.float32(2**13 + 1), BF16: np.float32(2**16 + 1)}
# One BLAS dot bounds every |x|: a sum of squares below these means no NaN, no infinity and
# nothing at or past the type's overflow edge (f16: 65520**2 > 2**32; a factor 2 spare for
# the dot's own rounding) nor large enough for t to overflow (bf16).
_SSQ_LIMIT = {F16: 2.0**31, BF16: 2.0**100}
# The same bound on each element (f16: its largest finite value; bf16: t stays finite).
_EDGE = {F16: 65504.0, BF16: 2.0**100}
# Magnitudes below the type's smallest normal value round to a fixed step instead.
_MIN_NORMAL = {F16: np.float32(2.0**-14), BF16: np.float32(2.0**-126)}


def round_split(x: np.ndarray, dtype: np.dtype, tiny_exact: bool) -> bool:
    """Round `x` in place by Veltkamp's split when one dot product shows it applies
    (False, `x` untouched, otherwise). Unless `tiny_exact`, f16 magnitudes below 2**-14
    are set aside first and rounded to f16's subnormal step; bf16 leaves those (f32's
    subnormals, rare) to the bit operations and only takes `tiny_exact` arrays."""
    if not tiny_exact and dtype == BF16:
        return False
    flat = x.reshape(-1)
    if not float(np.dot(flat, flat)) < _SSQ_LIMIT[dtype]:
        # (large sums of squares may still have every element in range: two exact passes)
        edge = _EDGE[dtype]
        if not (-edge < float(flat.min()) and float(flat.max()) < edge):  # (NaN: False)
            return False
    tiny = small = None
    if not tiny_exact:
        tiny = np.flatnonzero(np.abs(flat) < _MIN_NORMAL[dtype])
        small = flat[tiny] if tiny.size else None
    t = np.multiply(flat, _SPLIT[dtype])
    np.subtract(t, flat, out=flat)
    np.subtract(t, flat, out=flat)
    if small is not None:  # (zeros among them keep their sign through copysign)
        flat[tiny] = np.copysign((np.abs(small) + _SUB_SHIFT) - _SUB_SHIFT, small)
    return True


def round_to(x: np.ndarray, dtype: np.dtype, tiny_exact: bool = False) -> None:
    """Round the f32 array `x` in place to the nearest `dtype` (f16 or bf16) values.

    `x` must own its (contiguous) data. The values stay f32; `x.astype(dtype)` is exact.
    `tiny_exact` says magnitudes below the type's smallest normal are exact already: so
    are sums and differences of two values of the type (multiples of its smallest step).
    """
    if not (x.flags.c_contiguous and x.flags.writeable) or x.dtype != np.float32:
        raise ValueError("round_to needs a writable C-contiguous f32 array")
    bits = x.view(np.uint32)
    if not bits.size:
        return
    if round_split(x, dtype, tiny_exact):
        return
    scratch = np.empty_like(bits)
    nans: tuple[np.ndarray, np.ndarray] | None = None
    if dtype == BF16:  # f32's exponent range: rounding the mantissa is all it takes
        if np.isnan(x.max()):  # (one pass: a NaN propagates through max)
            mask = np.isnan(x)
            nans = (mask, bits[mask])
        round_bits(bits, 16, scratch)
        if nans is not None:
            bits[nans[0]] = nans[1]
        return
    np.bitwise_and(bits, _ABS, out=scratch)
    top = scratch.max()
    if top > _INF:  # NaNs keep their bits (a full payload would carry into the sign)
        mask = scratch > _INF
        nans = (mask, bits[mask])
    tiny = sub = None
    if scratch.min() < _F16_MIN_NORMAL:
        # f16: below 2**-14 the step is 2**-24 (subnormals), not 11 significant bits.
        # Nonzero magnitudes below 2**-14 are those with 0 <= bits - 1 < 2**-14 - 1
        # (a zero wraps around to the largest unsigned value).
        np.subtract(scratch, np.uint32(1), out=scratch)
        tiny = np.flatnonzero(scratch < _F16_MIN_NORMAL - np.uint32(1))
        if tiny.size:
            small = x.reshape(-1)[tiny]  # (flat indices; x is contiguous)
            sub = np.copysign((np.abs(small) + _SUB_SHIFT) - _SUB_SHIFT, small)
        else:
            tiny = None
    round_bits(bits, 13, scratch)
    if tiny is not None:
        x.reshape(-1)[tiny] = sub
    if top >= _F16_OVERFLOW - np.uint32(0x1000):
        # Finite values that rounded to 2**16 or beyond are f16 infinities.
        np.bitwise_and(bits, _ABS, out=scratch)
        over = (scratch >= _F16_OVERFLOW) & (scratch < _INF)
        if over.any():
            bits[over] = (bits[over] & _SIGN) | _INF
    if nans is not None:
        bits[nans[0]] = nans[1]


__all__ = ["BF16", "F16", "UFUNCS", "round_bits", "round_split", "round_to"]
