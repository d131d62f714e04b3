"""Register tiles: a kernel nest whose loops over a row dim and the reductions are unrolled.

MLIR's vectorizing pipeline keeps an 8 x 32 block of the output in vector registers while
the reduction runs. numba has no vector types and LLVM's loop vectorizer only vectorizes
innermost loops, so the kernels reach the same balance differently: the innermost loop
runs over the output's contiguous dim `v` (the vector dim), and its body holds R rows of
the output (a parallel dim `r` unrolled R times) times U consecutive steps of the
innermost reduction (unrolled U times, or a whole small window). Each output element is
loaded once per U steps, takes those steps in order (`o = o + a * b`, one rounding each)
and is stored back; a load shared by several copies (a weight row reused by every output
row, an input pixel reused by neighbouring windows) is made once.

Bits are those of the loops backend: only parallel dims are reordered or unrolled, and the
copies of the reduction steps of one output element run in their original order.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from linalg_odsgen.affine import AffineExpr
from linalg_odsgen.runtime.backends.compiled import kernel as K

if TYPE_CHECKING:
    from linalg_odsgen.runtime.structured_op import StructuredOp

# Output rows (copies of the row dim) and reduction steps per innermost iteration: 4 x 4
# keeps 16 broadcast scalars and a few vectors live, within AVX2/AVX-512's registers, and
# makes each output load/store pair serve four multiply-adds.
ROWS = 4
STEPS = 4


@dataclass(frozen=True)
class Tiling:
    """The tiled nest's shape: loop order and unrolled dims (dim, copies)."""

    order: tuple[int, ...]
    unroll: tuple[tuple[int, int], ...]


def choose_tiling(
    op: StructuredOp,
    strides: Sequence[tuple[int, ...] | None],
    ranges: Sequence[int],
) -> Tiling | None:
    """A register tile for reorderable nests with reductions whose single output's fastest
    dim has unit (or zero) stride in every operand, when every operand is stored as itself
    (no f16/bf16 shadows, no packed bits); else None (the plain nest runs)."""
    if op.num_outputs != 1 or not K.reorderable(op) or not ranges:
        return None
    if any(K.storage_kind(t) != "plain" for t in op.element_types):
        return None
    n = op.num_loops
    parallel = [it.value == "parallel" for it in op.iterator_types]
    reductions = [d for d in range(n) if not parallel[d]]
    if not reductions or any(r <= 0 for r in ranges):
        return None
    if math.prod(ranges[d] for d in reductions) <= K.SMALL_WINDOW:
        return None  # a window: `kernel.small_window`'s nest vectorises it better
    steps = K._steps(op, strides)
    out = steps[op.num_inputs]
    dims = sorted((d for d in range(n) if out[d] != 0), key=lambda d: (out[d], -d))
    if not dims or any(row[dims[0]] > 1 for row in steps):
        return None
    v = dims[0]
    rows = [d for d in dims[1:] if ranges[d] >= 2]
    r = rows[0] if rows else None
    cost = [sum(row[d] for row in steps) for d in range(n)]
    outer = sorted((d for d in range(n) if parallel[d] and d not in (v, r)), key=lambda d: -cost[d])
    unroll: list[tuple[int, int]] = []
    if r is not None:
        unroll.append((r, min(ROWS, ranges[r])))
    if ranges[reductions[-1]] > 1:
        unroll.append((reductions[-1], min(STEPS, ranges[reductions[-1]])))
    order = (*outer, *([r] if r is not None else []), *reductions, v)
    return Tiling(order, tuple(unroll))


# -- text ---------------------------------------------------------------------------------


def _component(e: AffineExpr, n: int, dims: dict[int, tuple[str | None, int]]) -> str:
    """One subscript component under a copy: `dims[d]` = (loop variable or None, offset).
    Linear components are written canonically (`d2 + 3`), so equal addresses of
    different copies have equal text."""
    form = e.linear_form(n)
    if form is None:
        return K.index_expression(e, {d: _dim_text(*dims[d]) for d in dims})
    coeffs, const = form
    terms = []
    for d, c in enumerate(coeffs):
        if c == 0:
            continue
        var, off = dims[d]
        const += c * off
        if var is not None:
            terms.append(var if c == 1 else f"{c} * {var}")
    if const or not terms:
        terms.append(str(const))
    text = " + ".join(terms)
    return text if len(terms) == 1 else f"({text})"


def _dim_text(var: str | None, off: int) -> str:
    if var is None:
        return str(off)
    return f"({var} + {off})" if off else var


def tiled_lines(op: StructuredOp, nest: K.LoopNest) -> tuple[list[str], list[str]]:
    """The kernel's constants and body lines for a nest with `nest.unroll`."""
    n = op.num_loops
    region = op.region
    maps, types = op.indexing_maps, op.element_types
    num_in = op.num_inputs
    factor = dict(nest.unroll)
    trips = dict(nest.fixed)
    whole = {d for d, f in factor.items() if trips.get(d) == f}  # unrolled away: no loop
    level_of = {d: pos + 1 for pos, d in enumerate(nest.order)}
    split = nest.order[0] if nest.parallel else None

    def level(dims: set[int] | frozenset[int]) -> int:
        return max((level_of[d] for d in dims), default=0)

    # Every value: (level, dims it uses, emitter), in region order.
    read = {v.id for p in region.ops for v in p.operands} | {v.id for v in region.yields}
    used_of: dict[int, frozenset[int]] = {}
    constants: list[str] = []
    const_names: dict[int, str] = {}
    for arg, m in zip(region.args, maps, strict=True):
        used_of[arg.id] = frozenset().union(*(r.used_dims() for r in m.results))
    out_arg = region.args[num_in]
    tainted = {out_arg.id}  # values that depend on the output's old value: never shared
    for p in region.ops:
        if p.name == "arith.constant":
            const_names[p.result.id] = f"V{p.result.id}"
            constants.append(f"V{p.result.id} = {K.constant_expression(p)}")
            used_of[p.result.id] = frozenset()
            continue
        if p.name == "linalg.index":
            used_of[p.result.id] = frozenset({int(p.attr("dim"))})
            continue
        used_of[p.result.id] = frozenset().union(*(used_of[v.id] for v in p.operands))
        if any(v.id in tainted for v in p.operands):
            tainted.add(p.result.id)
    out_level = level(used_of[out_arg.id])
    if out_level != n:
        raise K.Unsupported("a tiled nest's output must use its innermost loop")

    lines: list[str] = []
    counter = itertools.count()

    def subscript(i: int, copy: dict[int, tuple[str | None, int]]) -> str:
        m = maps[i]
        parts = []
        for r in m.results:
            text = _component(r, n, copy)
            parts.append(f"np.uint64({text})" if split in r.used_dims() else text)
        return ", ".join(parts) if parts else "()"

    def emit_values(
        lv: int, copies: list[dict[int, tuple[str | None, int]]], pad: str, seen: dict[str, str]
    ) -> None:
        """The input loads of level `lv` for each copy; at the bottom, then, each output
        element of the tile: loaded, its copies' steps in order, stored."""
        per_copy = []
        for copy in copies:
            names: dict[int, str] = dict(const_names)
            for i, arg in enumerate(region.args[:num_in]):
                if arg.id not in read or (lv != n and level(used_of[arg.id]) != lv):
                    continue
                text = K._load(types[i], f"a{i}[{subscript(i, copy)}]")
                names[arg.id] = _bind(text, seen, lines, pad, counter, True)
            per_copy.append(names)
        if lv != n:
            return
        groups: dict[str, list[int]] = {}
        for j, copy in enumerate(copies):
            groups.setdefault(f"a{num_in}[{subscript(num_in, copy)}]", []).append(j)
        for g, (ref, members) in enumerate(groups.items()):
            acc = f"o{g}"
            lines.append(f"{pad}{acc} = {K._load(types[num_in], ref)}")
            for j in members:
                step(copies[j], per_copy[j], acc, pad, seen)
            lines.append(f"{pad}{ref} = {K._store(types[num_in], acc)}")

    def step(
        copy: dict[int, tuple[str | None, int]],
        names: dict[int, str],
        acc: str,
        pad: str,
        seen: dict[str, str],
    ) -> None:
        """One reduction step of one output element: the payload, its yield into `acc`."""
        names[out_arg.id] = acc
        for p in region.ops:
            if p.result.id in names:
                continue
            if p.name == "linalg.index":
                d = int(p.attr("dim"))
                names[p.result.id] = f"np.int64({_dim_text(*copy[d])})"
                continue
            args = [names[v.id] for v in p.operands]
            text = K.op_expression(p, args, p.name in nest.short_rounding)
            if p.result.id == region.yields[0].id and p.result.id in tainted:
                lines.append(f"{pad}{acc} = {text}")
                names[p.result.id] = acc
            elif p.result.id in tainted:
                name = f"t{next(counter)}"
                lines.append(f"{pad}{name} = {text}")
                names[p.result.id] = name
            else:
                names[p.result.id] = _bind(text, seen, lines, pad, counter, True)
        value = names[region.yields[0].id]
        if value != acc:
            lines.append(f"{pad}{acc} = {value}")

    def emit(
        lv: int, depth: int, copies: list[dict[int, tuple[str | None, int]]], seen: dict[str, str]
    ) -> None:
        pad = "    " * (depth + 1)
        if lv:
            emit_values(lv, copies, pad, seen)
        if lv == n:
            return
        d = nest.order[lv]
        var = f"d{d}"
        if d in whole:
            expanded = [{**c, d: (None, s)} for c in copies for s in range(factor[d])]
            emit(lv + 1, depth, expanded, seen)
            return
        bound = str(trips[d]) if d in trips else f"n{d}"
        start, stop = ("lo", "hi") if lv == 0 and nest.parallel else ("0", bound)
        f = factor.get(d, 1)
        if f == 1:
            lines.append(f"{pad}for {var} in range({start}, {stop}):")
            emit(lv + 1, depth + 1, [{**c, d: (var, 0)} for c in copies], dict(seen))
            return
        span = stop if start == "0" else f"({stop} - {start})"
        main = f"{stop} - {span} % {f}"
        lines.append(f"{pad}for {var} in range({start}, {main}, {f}):")
        emit(lv + 1, depth + 1, [{**c, d: (var, s)} for c in copies for s in range(f)], dict(seen))
        lines.append(f"{pad}for {var} in range({main}, {stop}):")
        emit(lv + 1, depth + 1, [{**c, d: (var, 0)} for c in copies], dict(seen))

    emit(0, 0, [{}], {})
    return constants, lines


def _bind(
    text: str,
    seen: dict[str, str],
    lines: list[str],
    pad: str,
    counter: itertools.count[int],
    share: bool,
) -> str:
    """A name for `text`: the one it already has in this scope, or a new local."""
    if share and text in seen:
        return seen[text]
    name = f"t{next(counter)}"
    lines.append(f"{pad}{name} = {text}")
    if share:
        seen[text] = name
    return name


__all__ = ["ROWS", "STEPS", "Tiling", "choose_tiling", "tiled_lines"]
