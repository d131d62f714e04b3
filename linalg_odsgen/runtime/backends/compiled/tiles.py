"""Register tiles: a block of the output kept in registers while the reductions run.

MLIR's vectorizing pipeline keeps an 8 x 32 block of the output in vector registers while
the reduction runs. numba has no vector types, so a tiled kernel holds the block in a
stack array (`scalars.tile`) indexed only by loops of constant trip counts: LLVM unrolls
them, keeps every element in a register and (its SLP vectorizer on) makes each row a few
512-bit vectors. The block is R rows (a parallel dim `r`; each row's loops written out
in the text, so no loop over rows is left for the loop vectorizer to vectorize with
gathers) x L elements of the output's contiguous dim `v`: 8 x 32 for contractions, 4 x 64
for small windows (depthwise convolution, pooling), 8 x 64 for an f16 output, whose tile
holds f16 bits and rounds each step exactly, which LLVM turns into f16 arithmetic. The
reduction loops run around one step of every element, in order (`acc = acc + a * b`,
one rounding each); the rows and columns whole tiles leave run as plain nests over the
contiguous dim. Vector dims too short for a tile run as strips: R rows times U
consecutive reduction steps unrolled inside a loop over `v`, each output element loaded
once per U steps; a load shared by several copies is made once.

Bits are those of the loops backend: only parallel dims are reordered or unrolled, and the
steps of one output element run in their original order.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from linalg_odsgen.affine import AffineExpr
from linalg_odsgen.runtime.backends.compiled import expressions as E
from linalg_odsgen.runtime.backends.compiled import kernel as K
from linalg_odsgen.runtime.backends.compiled import order as O

if TYPE_CHECKING:
    from linalg_odsgen.runtime.protocol import OpInstance

# A register tile: ROWS output rows x LANES[bytes] elements of the contiguous dim (two
# 512-bit registers a row), kept in scalar locals across the whole reduction; LLVM's SLP
# vectorizer turns each row into vectors (see `scalars.wide_vectors`).
ROWS = 8
LANES = {1: 32, 2: 32, 4: 32, 8: 16}
# A window's tile (a few taps a step, each input read by few outputs): 4 rows of up to
# four 512-bit registers, whole pixels of 64 f32 channels (measured on a depthwise
# convolution 1x114x114x64: 0.25-0.27 ms against 0.31-0.35 ms for 8 x 32).
WINDOW_ROWS = 4
WINDOW_LANES = {1: 64, 2: 64, 4: 64, 8: 32}
# An f16 output's tile holds its f16 bits, each step `f2h(rh(h2f(acc) + ..))`: LLVM folds the
# conversions around exact roundings into f16 arithmetic (AVX512-FP16: 32 lanes a register).
F16_LANES = 64
# Storage kinds of inputs a tile loads (f16/bf16: converted to f32 as loaded, exactly).
TILE_KINDS = frozenset({"plain", "f16", "bf16"})
# Strips (vector dims too short for a register tile): STRIP_ROWS rows and STEPS in-order
# reduction steps unrolled inside a loop over the contiguous dim that LLVM's loop
# vectorizer vectorizes: each output load/store pair serves STEPS multiply-adds, and a
# weight row serves STRIP_ROWS output rows.
STRIP_ROWS = 4
STEPS = 4
# Vector dims shorter than this run as strips.
MIN_LANES = 8


@dataclass(frozen=True)
class Tiling:
    """The tiled nest's shape: loop order and unrolled dims (dim, copies)."""

    order: tuple[int, ...]
    unroll: tuple[tuple[int, int], ...]
    vector: int  # the output's contiguous dim


def choose_tiling(
    op: OpInstance,
    strides: Sequence[tuple[int, ...] | None],
    ranges: Sequence[int],
) -> Tiling | None:
    """A register tile for reorderable nests with reductions whose single output's fastest
    dim has unit (or zero) stride in every operand, when every operand is stored as itself
    (no f16/bf16 shadows, no packed bits); else None (the plain nest runs)."""
    if op.num_outputs != 1 or not O.reorderable(op) or not ranges:
        return None
    kinds = [E.storage_kind(t) for t in op.element_types]
    if any(k not in TILE_KINDS for k in kinds[: op.num_inputs]) or kinds[-1] not in (
        "plain",
        "f16",
    ):
        return None
    n = op.num_loops
    parallel = [it.value == "parallel" for it in op.iterator_types]
    reductions = [d for d in range(n) if not parallel[d]]
    if not reductions or any(r <= 0 for r in ranges):
        return None
    steps = O.loop_steps(op, strides)
    out = steps[op.num_inputs]
    dims = sorted((d for d in range(n) if out[d] != 0), key=lambda d: (out[d], -d))
    if not dims or any(row[dims[0]] > 1 for row in steps):
        return None
    v = dims[0]
    rows = [d for d in dims[1:] if ranges[d] >= 2]
    r = rows[0] if rows else None
    cost = [sum(row[d] for row in steps) for d in range(n)]
    outer = sorted((d for d in range(n) if parallel[d] and d not in (v, r)), key=lambda d: -cost[d])
    rs = [r] if r is not None else []
    window = math.prod(ranges[d] for d in reductions) <= O.SMALL_WINDOW
    per_width = WINDOW_LANES if window else LANES
    widest = F16_LANES if kinds[-1] == "f16" else per_width.get(op.element_types[-1].width // 8, 32)
    lanes = min(widest, 1 << (ranges[v].bit_length() - 1))
    if lanes < MIN_LANES and window:
        return None  # a window over a short vector dim: `kernel.small_window`'s nest
    if lanes >= MIN_LANES:  # a register tile (windows too), strips for the rest
        height = WINDOW_ROWS if window and kinds[-1] != "f16" else ROWS
        unroll = [(d, min(height, ranges[d])) for d in rs] + [(v, lanes)]
        return Tiling((*outer, *rs, v, *reductions), tuple(unroll), v)
    unroll = [(d, min(STRIP_ROWS, ranges[d])) for d in rs]
    if ranges[reductions[-1]] > 1:
        unroll.append((reductions[-1], min(STEPS, ranges[reductions[-1]])))
    return Tiling((*outer, *rs, *reductions, v), tuple(unroll), v)


# -- text ---------------------------------------------------------------------------------


def _component(e: AffineExpr, n: int, dims: dict[int, tuple[str | None, int]]) -> str:
    """One subscript component under a copy: `dims[d]` = (loop variable or None, offset).
    Linear components are written canonically (`d2 + 3`), so equal addresses of
    different copies have equal text."""
    form = e.linear_form(n)
    if form is None:
        return E.index_expression(e, {d: _dim_text(*dims[d]) for d in dims})
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


def _paren(text: str) -> str:
    return f"({text})" if " " in text else text


def _dim_text(var: str | None, off: int) -> str:
    if var is None:
        return str(off)
    return f"({var} + {off})" if off else var


def tiled_lines(op: OpInstance, nest: O.LoopNest) -> tuple[list[str], list[str]]:
    """The kernel's constants and body lines for a nest with `nest.unroll`: a register tile
    (reductions innermost) over the whole tiles, then strips over the rest; or strips only
    (the vector dim innermost)."""
    n = op.num_loops
    region = op.region
    maps, types = op.indexing_maps, op.element_types
    num_in = op.num_inputs
    trips = dict(nest.fixed)
    split = nest.order[0] if nest.parallel else None
    parallel = [it.value == "parallel" for it in op.iterator_types]

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
            constants.append(f"V{p.result.id} = {E.constant_expression(p)}")
            used_of[p.result.id] = frozenset()
            continue
        if p.name == "linalg.index":
            used_of[p.result.id] = frozenset({int(p.attr("dim"))})
            continue
        used_of[p.result.id] = frozenset().union(*(used_of[v.id] for v in p.operands))
        if any(v.id in tainted for v in p.operands):
            tainted.add(p.result.id)

    lines: list[str] = []
    counter = itertools.count()
    Copy = dict[int, tuple[str | None, int]]

    def subscript(i: int, copy: Copy) -> str:
        parts = []
        for r in maps[i].results:
            text = _component(r, n, copy)
            parts.append(f"np.uint64({text})" if split in r.used_dims() else text)
        return ", ".join(parts) if parts else "()"

    def out_ref(copy: Copy) -> str:
        return f"a{num_in}[{subscript(num_in, copy)}]"

    def base(d: int) -> tuple[str, str]:
        if d == split:
            return "lo", "hi"
        return "0", str(trips[d]) if d in trips else f"n{d}"

    def aligned(d: int, f: int, bounds: dict[int, tuple[str, str]]) -> str:
        """The end of the whole groups of f iterations of dim d's loop."""
        start, stop = (_paren(t) for t in bounds.get(d, base(d)))
        span = stop if start == "0" else f"({stop} - {start})"
        return f"{stop} - {span} % {f}"

    def step(copy: Copy, names: dict[int, str], acc: str, pad: str, seen: dict[str, str]) -> None:
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
            text = E.op_expression(p, args, p.name in nest.short_rounding)
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

    def emit_nest(
        order: tuple[int, ...],
        factor: dict[int, int],
        bounds: dict[int, tuple[str, str]],
        remainders: bool,
    ) -> None:
        """One loop nest over `bounds` (dim -> start, stop texts; the others: their range).
        Dims in `factor` step by it with that many copies in the body; with `remainders`
        a second loop runs the iterations left over one at a time, else `bounds` end
        where the whole groups do."""
        level_of = {d: pos + 1 for pos, d in enumerate(order)}
        whole = {d for d, f in factor.items() if trips.get(d) == f and d not in bounds}

        def level(dims: frozenset[int]) -> int:
            return max((level_of[d] for d in dims), default=0)

        out_level = level(used_of[out_arg.id])

        def loads(lv: int, copies: list[Copy], pad: str, seen: dict[str, str]) -> list[dict]:
            per_copy = []
            for copy in copies:
                names: dict[int, str] = dict(const_names)
                for i, arg in enumerate(region.args[:num_in]):
                    if arg.id not in read or (lv != n and level(used_of[arg.id]) != lv):
                        continue
                    text = E.load(types[i], f"a{i}[{subscript(i, copy)}]")
                    names[arg.id] = _bind(text, seen, lines, pad, counter, True)
                per_copy.append(names)
            return per_copy

        def emit(
            lv: int, depth: int, copies: list[Copy], seen: dict[str, str], accs: dict[str, str]
        ) -> None:
            pad = "    " * (depth + 1)
            per_copy = loads(lv, copies, pad, seen) if lv else []
            if lv == n and out_level == n:  # strips: load, the copies' steps, store
                groups: dict[str, list[int]] = {}
                for j, copy in enumerate(copies):
                    groups.setdefault(out_ref(copy), []).append(j)
                for g, (ref, members) in enumerate(groups.items()):
                    acc = f"o{g}"
                    lines.append(f"{pad}{acc} = {E.load(types[num_in], ref)}")
                    for j in members:
                        step(copies[j], per_copy[j], acc, pad, seen)
                    lines.append(f"{pad}{ref} = {E.store(types[num_in], acc)}")
                return
            if lv == n:  # a register tile's reduction step
                for copy, names in zip(copies, per_copy, strict=True):
                    step(copy, names, accs[out_ref(copy)], pad, seen)
                return
            if lv == out_level and lv:  # a register tile: accumulators across the reductions
                accs = {}
                for copy in copies:
                    ref = out_ref(copy)
                    if ref not in accs:
                        accs[ref] = f"o{len(accs)}"
                        lines.append(f"{pad}{accs[ref]} = {E.load(types[num_in], ref)}")
            d = order[lv]
            var = f"d{d}"
            if d in whole:
                expanded = [{**c, d: (None, s)} for c in copies for s in range(factor[d])]
                emit(lv + 1, depth, expanded, seen, accs)
            else:
                start, stop = bounds.get(d, base(d))
                f = factor.get(d, 1)
                if f == 1:
                    lines.append(f"{pad}for {var} in range({start}, {stop}):")
                    emit(lv + 1, depth + 1, [{**c, d: (var, 0)} for c in copies], dict(seen), accs)
                else:
                    main = aligned(d, f, bounds) if remainders else stop
                    lines.append(f"{pad}for {var} in range({start}, {main}, {f}):")
                    grouped = [{**c, d: (var, s)} for c in copies for s in range(f)]
                    emit(lv + 1, depth + 1, grouped, dict(seen), accs)
                    if remainders:
                        lines.append(f"{pad}for {var} in range({main}, {stop}):")
                        single = [{**c, d: (var, 0)} for c in copies]
                        emit(lv + 1, depth + 1, single, dict(seen), accs)
            if lv == out_level and lv and out_level != n:
                for ref, acc in accs.items():
                    lines.append(f"{pad}{ref} = {E.store(types[num_in], acc)}")

        emit(0, 0, [{}], {}, {})

    def emit_tile(
        order: tuple[int, ...],
        r: int | None,
        v: int,
        factor: dict[int, int],
        bounds: dict[int, tuple[str, str]],
    ) -> None:
        """The whole tiles: loops over the outer dims and the tile's corner, the output
        tile loaded into `acc` (a stack array), the reduction loops in order around a step
        for each of its elements (loops of constant trip counts `j<r>`, `j<v>`), stored."""
        rows, lanes = (factor[r] if r is not None else 1), factor[v]
        half = E.storage_kind(types[num_in]) == "f16"
        acc_type = "np.uint16" if half else E.reg(types[num_in])
        lines.append("    S.wide_vectors()")
        lines.append(f"    acc = S.tile({rows}, {lanes}, {acc_type}(0))")
        text = {d: f"d{d}" for d in range(n)}
        inner = [v] if r is None else [r, v]
        for d in inner:
            text[d] = f"(d{d} + j{d})"
        unsigned = {*inner, *([split] if split is not None else [])}

        def ref(i: int) -> str:
            parts = []
            for e in maps[i].results:
                t = E.index_expression(e, text)
                parts.append(f"np.uint64({t})" if unsigned & e.used_dims() else t)
            return f"a{i}[{', '.join(parts) if parts else '()'}]"

        cell = f"acc[j{r}, j{v}]" if r is not None else f"acc[0, j{v}]"
        out = ref(num_in)
        depth = 0

        def pad() -> str:
            return "    " * (depth + 1)

        def row_copies(block: list[str]) -> list[str]:
            """`block` once per tile row, `j<r>` a constant in each: no loop over rows is
            left for LLVM's loop vectorizer to vectorise across rows (by gathers)."""
            if r is None:
                return block
            name = re.compile(rf"\bj{r}\b")
            return [name.sub(str(k), line) for k in range(rows) for line in block]

        def over_tile(statement: str) -> None:
            base = pad()
            lines.extend(
                row_copies([f"{base}for j{v} in range({lanes}):", f"{base}    {statement}"])
            )

        for d in order:
            if not parallel[d]:
                break
            start, stop = bounds.get(d, base(d))
            step = f", {factor[d]}" if d in factor else ""
            lines.append(f"{pad()}for d{d} in range({start}, {stop}{step}):")
            depth += 1
        over_tile(f"{cell} = {out if half else E.load(types[num_in], out)}")
        outer_depth = depth
        for d in order:
            if parallel[d]:
                continue
            start, stop = base(d)
            lines.append(f"{pad()}for d{d} in range({start}, {stop}):")
            depth += 1
        names: dict[int, str] = dict(const_names)
        names[out_arg.id] = f"S.h2f({cell})" if half else cell
        tile_dims = set(inner)
        # loads: outside the tile loops when they use neither tile dim, inside j<r> when
        # they use only the row dim, inside both otherwise
        placed: dict[int, list[str]] = {0: [], 1: [], 2: []}
        for i, arg in enumerate(region.args[:num_in]):
            if arg.id not in read:
                continue
            used = used_of[arg.id] & tile_dims
            where = 0 if not used else (1 if r is not None and used == {r} else 2)
            placed[where].append(f"x{i} = {E.load(types[i], ref(i))}")
            names[arg.id] = f"x{i}"
        lines.extend(pad() + t for t in placed[0])
        row_start = len(lines)
        lines.extend(pad() + t for t in placed[1])
        lines.append(f"{pad()}for j{v} in range({lanes}):")
        depth += 1
        lines.extend(pad() + t for t in placed[2])
        for p in region.ops:
            if p.result.id in names:
                continue
            if p.name == "linalg.index":
                names[p.result.id] = f"np.int64({text[int(p.attr('dim'))]})"
                continue
            args = [names[a.id] for a in p.operands]
            # exact roundings in a half tile: LLVM turns them into f16 arithmetic
            short = p.name in nest.short_rounding and not half
            expr = E.op_expression(p, args, short)
            lines.append(f"{pad()}v{p.result.id} = {expr}")
            names[p.result.id] = f"v{p.result.id}"
        value = names[region.yields[0].id]
        if value != names[out_arg.id]:
            lines.append(f"{pad()}{cell} = {f'S.f2h({value})' if half else value}")
        lines[row_start:] = row_copies(lines[row_start:])
        depth = outer_depth
        over_tile(f"{out} = {cell if half else E.store(types[num_in], cell)}")

    factor = dict(nest.unroll)
    if parallel[nest.order[-1]]:  # strips only
        emit_nest(nest.order, factor, {}, True)
        return constants, lines
    # A register tile: (outer.., [r,] v, reductions..); then strips over what is left.
    reductions = [d for d in nest.order if not parallel[d]]
    tiled = [d for d in nest.order if d in factor and parallel[d]]
    v = tiled[-1]
    r = tiled[0] if len(tiled) > 1 else None
    main = {d: (base(d)[0], aligned(d, factor[d], {})) for d in tiled}
    emit_tile(nest.order, r, v, factor, main)
    outer = [d for d in nest.order if parallel[d] and d not in tiled]
    strip = (*outer, *([r] if r is not None else []), *reductions, v)
    # The rest: plain nests, the contiguous dim innermost (vectorised, no unrolling: a few
    # rows and columns at most, and unrolled strips would double the compile time).
    if r is not None:
        emit_nest(strip, {}, {r: (main[r][1], base(r)[1])}, True)  # rows left
        emit_nest(strip, {}, {r: main[r], v: (main[v][1], base(v)[1])}, True)
    else:
        emit_nest(strip, {}, {v: (main[v][1], base(v)[1])}, True)
    return constants, lines


def tiled_text(op: OpInstance, nest: O.LoopNest) -> K.KernelText:
    """The kernel module's template inputs for a nest with `nest.unroll` (the plain
    nests': `kernel.kernel_text`)."""
    O.check_supported(op)
    constants, body = tiled_lines(op, nest)
    params = [f"a{i}" for i in range(len(op.indexing_maps))]
    params += [f"n{d}" for d in range(op.num_loops)]
    params += ["lo", "hi"] if nest.parallel else []
    return K.kernel_fields(op, nest, params, constants, body, ())


def tiled_source(op: OpInstance, nest: O.LoopNest) -> str:
    """The whole kernel module of a register-tiled nest."""
    return tiled_text(op, nest).render()


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


__all__ = [
    "F16_LANES",
    "LANES",
    "ROWS",
    "STEPS",
    "STRIP_ROWS",
    "WINDOW_LANES",
    "WINDOW_ROWS",
    "Tiling",
    "choose_tiling",
    "tiled_lines",
    "tiled_source",
    "tiled_text",
]
