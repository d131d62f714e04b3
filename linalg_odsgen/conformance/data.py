"""Operand data for a case: values that reach the corners of each element type, never UB.

Starts from conformance's `make_data` (floats in [-2, 2], integers over the type
or a positive range under integer division) and then plants the values where
passes go wrong: NaN, infinities, -0, subnormals and the largest finite value
for floats; the minimum, maximum, -1 and 0 for integers (i8/i4 data with the
high bit set is already common). Values that would make the program undefined
are never planted: no specials when the payload converts floats to integers
(out-of-range `fptosi`/`fptoui` is poison) and no zero, -1 or minimum when it
divides integers (division by zero and MIN / -1 are undefined).

Float reductions that add or multiply into their output may be evaluated in any
order (tiling, splitting and vectorizing reorder the sum, and Linalg allows
it). Their data are small integers and halves, specials only NaN, infinities
and -0, and `order_problem` checks that every order of every output element's
terms gives the same exact result; a case that fails it is not compared.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import ml_dtypes
import numpy as np

from linalg_odsgen import payloads
from linalg_odsgen.conformance.library import _region_op_names, make_data
from linalg_odsgen.model import IteratorType, OperandKind

if TYPE_CHECKING:
    from linalg_odsgen.runtime import StructuredOp
    from linalg_odsgen.types import ElementType

# Payload ops for which MLIR leaves float specials (NaN, inf, out of range) undefined, and
# those for which any special value may trap (integer division): from the records.
_FP_TO_INT = frozenset(r.name for r in payloads.records() if r.undefined_on == "float")
_INT_DIV = frozenset(r.name for r in payloads.records() if r.undefined_on == "all")


def _float_specials(t: ElementType) -> list[Any]:
    dt = t.dtype
    info = ml_dtypes.finfo(dt)
    tiny = info.smallest_subnormal
    return [np.nan, np.inf, -np.inf, -0.0, float(tiny), -float(tiny), float(info.max)]


def _int_specials(t: ElementType) -> list[int]:
    if t.is_bool:
        return [0, 1]
    info = ml_dtypes.iinfo(t.dtype) if t.width == 4 else np.iinfo(t.dtype)
    return [int(info.min), int(info.max), -1, 0, 1]


# Combiners of an output with the value folded into it: those whose float result depends on
# the order the reduction visits its terms, and those that do not (MLIR's maximumf/minimumf
# and the NaN-ignoring variants are commutative and associative, signed zeros included).
_ORDERED = {"arith.addf": "add", "arith.subf": "add", "arith.mulf": "mul"}
_ORDER_FREE = frozenset({"arith.maximumf", "arith.minimumf", "arith.maxnumf", "arith.minnumf"})
# Values order-sensitive reductions draw from: integers and halves keep sums and products
# exact; the positive pool (logarithms, roots) has exact square roots.
_EXACT_FLOATS = (-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0)
_EXACT_POSITIVE = (0.25, 1.0, 4.0)
_EXACT_SPECIALS = (np.nan, np.inf, -np.inf, -0.0)
_REDRAWS = 4


def _depends(region: Any, value_id: int, on: int) -> bool:
    """Whether the payload value `value_id` is computed from block argument `on`."""
    defs = {p.result.id: p for p in region.ops}
    todo, seen = [value_id], set()
    while todo:
        v = todo.pop()
        if v == on:
            return True
        if v in seen or v not in defs:
            continue
        seen.add(v)
        todo += [x.id for x in defs[v].operands]
    return False


def reduction_combiners(op: StructuredOp) -> dict[int, tuple[str, int]]:
    """Float outputs of a reduction whose result depends on the order of its terms: value
    operand index -> (`add` or `mul`, the region value folded in); `unknown` (-1) when the
    output is combined in a way that is neither order-free nor a sum or product."""
    if IteratorType.REDUCTION not in op.iterator_types:
        return {}
    region = op.region
    defs = {p.result.id: p for p in region.ops}
    out_positions = [
        i for i, d in enumerate(op.value_operands) if d.kind is OperandKind.OUTPUT_TENSOR
    ]
    found: dict[int, tuple[str, int]] = {}
    for y, pos in zip(region.yields, out_positions, strict=True):
        if not op.element_types[pos].is_float:
            continue
        arg = region.args[pos].id
        if y.id == arg or not _depends(region, y.id, arg):
            continue  # unchanged, or overwritten (not a reduction into the output)
        p = defs.get(y.id)
        ids = [x.id for x in p.operands] if p is not None else []
        if p is not None and p.name in _ORDER_FREE and arg in ids:
            continue
        if p is not None and p.name in _ORDERED and arg in ids and len(ids) == 2:
            term = ids[1] if ids[0] == arg else ids[0]
            if (p.name != "arith.subf" or ids[0] == arg) and not _depends(region, term, arg):
                found[pos] = (_ORDERED[p.name], term)
                continue
        found[pos] = ("unknown", -1)
    return found


def exact_values(op: StructuredOp, seed: int) -> list[Any]:
    """Data of an order-sensitive reduction (or of a program feeding one): floats from the
    exact pools, other types as usual."""
    values = make_data(op, seed)
    positive = any(payloads.lookup(n).positive_inputs for n in _region_op_names(op))
    rng = np.random.default_rng(seed ^ 0xE8AC7)
    out: list[Any] = []
    for d, t, v in zip(op.value_operands, op.element_types, values, strict=True):
        if not t.is_float:
            out.append(v)
            continue
        pool = _EXACT_POSITIVE if positive and d.kind.is_input else _EXACT_FLOATS
        shape = np.shape(v)
        arr = np.array(rng.choice(pool, size=shape), dtype=t.dtype)
        hit = rng.random(shape) < 0.1
        picks = rng.choice(_EXACT_SPECIALS, size=shape)
        arr = np.where(hit, np.array(picks, dtype=t.dtype), arr).astype(t.dtype)
        out.append(arr[()] if d.kind is OperandKind.SCALAR else arr)
    return out


def _with_specials(op: StructuredOp, seed: int, values: list[Any]) -> list[Any]:
    names = _region_op_names(op)
    if names & _INT_DIV:
        return values
    rng = np.random.default_rng(seed ^ 0x5EED)
    out: list[Any] = []
    for d, t, v in zip(op.value_operands, op.element_types, values, strict=True):
        if t.is_float:
            pool = [] if names & _FP_TO_INT else _float_specials(t)
        elif t.is_integer and not t.is_index:
            pool = _int_specials(t)
        else:
            pool = []
        if not pool:
            out.append(v)
            continue
        if d.kind is OperandKind.SCALAR:
            out.append(
                t.dtype.type(pool[int(rng.integers(len(pool)))]) if rng.random() < 0.2 else v
            )
            continue
        arr = np.array(v, dtype=t.dtype)
        flat = arr.reshape(-1)
        hit = rng.random(flat.size) < 0.2
        picks = rng.integers(len(pool), size=flat.size)
        for i in np.nonzero(hit)[0]:
            flat[i] = np.array(pool[int(picks[i])]).astype(t.dtype)
        out.append(arr)
    return out


def case_data(op: StructuredOp, seed: int, *, specials: bool = True) -> list[Any]:
    """Deterministic operand values (value operands, declaration order) for `op`; for a float
    reduction that sums or multiplies, values every summation order agrees on (when some
    draw of a few gives them)."""
    combiners = reduction_combiners(op)
    if combiners and all(kind != "unknown" for kind, _ in combiners.values()):
        values: list[Any] = []
        for k in range(_REDRAWS):
            values = exact_values(op, seed + 7919 * k)
            if _fp_to_int_safe(op, values) and order_problem(op, values) is None:
                return values
        return values
    values = make_data(op, seed)
    return _with_specials(op, seed, values) if specials else values


def _fp_to_int_safe(op: StructuredOp, values: Sequence[Any]) -> bool:
    """No special float value reaches a payload converting floats to integers (poison)."""
    if not _region_op_names(op) & _FP_TO_INT:
        return True
    return all(
        bool(np.all(np.isfinite(np.asarray(v, dtype=np.float64))))
        for v, t in zip(values, op.element_types, strict=True)
        if t.is_float
    )


def _quantum(f: Fraction) -> Fraction:
    """The weight of the lowest set bit of a binary fraction."""
    n = abs(f.numerator)
    return Fraction(n & -n, f.denominator)


def _sum_is_exact(vals: Sequence[float], t: ElementType) -> bool:
    """Every order of adding `vals` in type `t` gives the same result: NaNs and infinities
    propagate in any order, and the finite values' partial sums are all representable."""
    if any(math.isnan(v) for v in vals) or {v for v in vals if math.isinf(v)} == {math.inf, -math.inf}:  # fmt: skip
        return True
    fin = [Fraction(v) for v in vals if math.isfinite(v) and v != 0]
    if not fin:
        return True
    info = ml_dtypes.finfo(t.dtype)
    total = sum(abs(f) for f in fin)
    if any(math.isinf(v) for v in vals):  # one infinity wins unless the rest overflows
        return total <= Fraction(float(info.max))
    q = min(_quantum(f) for f in fin)
    return total <= q * 2 ** (info.nmant + 1) and total <= Fraction(float(info.max))


def _product_is_exact(vals: Sequence[float], t: ElementType) -> bool:
    """Every order of multiplying `vals` in type `t` gives the same result: partial products
    stay exact and between the smallest normal and the largest finite value."""
    if any(math.isnan(v) for v in vals):
        return True
    has_inf = any(math.isinf(v) for v in vals)
    has_zero = any(v == 0 for v in vals)
    if has_inf and has_zero:
        return True  # inf * 0 is NaN whenever the two meet
    fin = [Fraction(v) for v in vals if math.isfinite(v) and v != 0]
    info = ml_dtypes.finfo(t.dtype)
    odd = 1
    big = small = Fraction(1)
    for f in fin:
        n = abs(f.numerator)
        odd *= n // (n & -n)
        if abs(f) > 1:
            big *= abs(f)
        else:
            small *= abs(f)
    return (
        odd < 2 ** (info.nmant + 1)
        and big <= Fraction(float(info.max))
        and small >= Fraction(float(info.smallest_normal))
    )


def order_problem(op: StructuredOp, values: Sequence[Any]) -> str | None:
    """Why the op's result on `values` could depend on the order a reduction visits its
    points (a legal reordering would then look like a miscompile), or None."""
    combiners = reduction_combiners(op)
    if not combiners:
        return None
    if any(kind == "unknown" for kind, _ in combiners.values()):
        return "a float reduction combining its output neither by +, * nor max/min: its result depends on the iteration order"  # fmt: skip
    from linalg_odsgen.runtime import loop_nest

    identity = {"add": -0.0, "mul": 1.0}
    maps = op.indexing_maps
    defs = op.value_operands
    body = op.compiled_body
    uses_index = getattr(op, "USES_INDEX", False)
    outs = [i for i, d in enumerate(defs) if d.kind is OperandKind.OUTPUT_TENSOR]
    terms: dict[tuple[int, tuple[int, ...]], list[float]] = {}
    arrays = [np.asarray(v) for v in values]
    try:
        ranges = [int(n) for n in op.loop_ranges([a.shape for a in arrays])]
    except (TypeError, ValueError):
        return None
    with np.errstate(all="ignore"):
        for point in loop_nest(*ranges):
            args: list[Any] = []
            idx: dict[int, tuple[int, ...]] = {}
            for i, (d, m, a) in enumerate(zip(defs, maps, arrays, strict=True)):
                if d.kind is OperandKind.SCALAR:
                    args.append(values[i])
                    continue
                at = tuple(m.eval(point))
                idx[i] = at
                if i in combiners:
                    args.append(a.dtype.type(identity[combiners[i][0]]))
                else:
                    args.append(a[at])
            res = body(*args, *point) if uses_index else body(*args)
            res = (res,) if len(outs) == 1 else res
            for o, r in zip(outs, res, strict=True):
                if o in combiners:
                    terms.setdefault((o, idx[o]), []).append(float(r))
    for (o, at), ts in terms.items():
        kind = combiners[o][0]
        t = op.element_types[o]
        vals = [float(arrays[o][at]), *ts]
        exact = _sum_is_exact(vals, t) if kind == "add" else _product_is_exact(vals, t)
        if not exact:
            name = "sum" if kind == "add" else "product"
            return f"float reduction: the {name} into output element {list(at)} depends on the order of its terms for this data (a legal reordering would differ), not compared"  # fmt: skip
    return None


__all__ = ["case_data", "exact_values", "order_problem", "reduction_combiners"]
