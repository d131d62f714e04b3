"""The source of one numba kernel: an op instance's loop nest as typed Python.

This module only writes text (it never imports numba), so what the compiled backend
runs can be read, diffed and tested without a compiler. The kernel is the loops
backend's nest with three changes that keep every result bit for bit:

- loops may be *reordered* when each output is indexed by exactly the parallel dims
  (each output element then sees its reduction steps in the original order whatever
  the order of the parallel loops); reduction loops keep their relative order;
- each load and payload op is computed at the outermost loop it depends on
  (inputs never alias outputs: the runtime copies such inputs first);
- an output element whose index does not depend on the innermost loops is kept in a
  local variable across them (loaded before, stored after).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from linalg_odsgen.affine import (
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineExprKind,
    AffineMap,
)
from linalg_odsgen.payload import OpCategory, PayloadOp, Region
from linalg_odsgen.payloads import Finish, PayloadFn, field_table
from linalg_odsgen.runtime.scalar_semantics import constant_value
from linalg_odsgen.types import ElementType

if TYPE_CHECKING:
    from linalg_odsgen.runtime.protocol import OpInstance

# Float types a kernel computes with (f16/bf16/f8 in f32 registers, rounded every step).
SUPPORTED_FLOATS = ("f8E4M3FN", "f8E5M2", "f16", "bf16", "f32", "f64")
_F8 = {"f8E4M3FN": "E4M3FN", "f8E5M2": "E5M2"}


def _f8_args(t: ElementType) -> str:
    name = _F8[t.name]
    return f"S.{name}_POS, S.{name}_NEXT, S.{name}_OVERFLOW"


# Payload ops the loops backend computes with NumPy's vector code and the kernels with
# their own (`scalars.expf`, f32 and narrower) or the C library's (log, tanh, f64 exp):
# results may differ by an ulp or two (every other op is bit for bit).
APPROXIMATE_OPS: dict[str, bool] = field_table(lambda r: r.approximate or None)


class Unsupported(Exception):
    """The instance cannot become a kernel (the message says why)."""


@dataclass(frozen=True)
class LoopNest:
    """What a kernel is specialised to besides the op instance: loop order and threads."""

    order: tuple[int, ...]  # loop dims, outermost first
    parallel: bool = False  # the outermost (parallel) loop runs over [lo, hi): one chunk a thread
    fixed: tuple[tuple[int, int], ...] = ()  # (dim, trip count) written into the text
    # Payload ops whose f16/bf16 rounding may take Veltkamp's short form (`scalars.sh`/`sb`):
    # the call's operand ranges prove its preconditions (see `bounds.py`).
    short_rounding: frozenset[str] = frozenset()
    # Register tile (`tiles.py`): (dim, copies) of the loops unrolled inside the vector loop.
    unroll: tuple[tuple[int, int], ...] = ()


def check_supported(op: OpInstance) -> None:
    """Raise `Unsupported` for instances no kernel can run exactly: the same translations
    `kernel_source` uses, tried once up front (so a kernel is never half written)."""
    for t in op.element_types:
        if t.is_float and t.name not in SUPPORTED_FLOATS:
            raise Unsupported(f"element type {t} has no compiled semantics")
    for p in op.region.ops:
        if p.category not in (OpCategory.CONSTANT, OpCategory.INDEX):
            op_expression(p, ["x"] * len(p.operands))
    for m in op.indexing_maps:
        _access(m)


def reorderable(op: OpInstance) -> bool:
    """True when each output's map is exactly the parallel dims (a permutation of them)."""
    parallel = {i for i, it in enumerate(op.iterator_types) if it.value == "parallel"}
    for m, d in zip(op.indexing_maps, op.value_operands, strict=True):
        if d.kind.is_input:
            continue
        dims = [r.position for r in m.results if isinstance(r, AffineDimExpr)]
        if len(dims) != len(m.results) or len(set(dims)) != len(dims) or set(dims) != parallel:
            return False
    return True


# The output block swept inside the reduction loops must stay in the L1 data cache.
BLOCK_BYTES = 32 << 10
# A reduction over at most this many points (a pooling or depthwise window) whose payload
# is plain arithmetic runs innermost with its trip counts in the text: LLVM unrolls it,
# keeps the accumulator in a register and vectorises the loop around it.
SMALL_WINDOW = 16
# (plain arithmetic and conversions: the records' `kernel_plain`)
_PLAIN_OPS: dict[str, bool] = field_table(lambda r: r.kernel_plain or None)


def small_window(op: OpInstance, ranges: Sequence[int]) -> tuple[int, ...]:
    """The reduction dims when together they span at most SMALL_WINDOW points and the
    payload is additions/multiplications of f32/f64/i32/i64 values (no helper calls)."""
    dims = tuple(d for d, it in enumerate(op.iterator_types) if it.value != "parallel")
    points = 1
    for d in dims:
        points *= ranges[d]
    if not dims or points > SMALL_WINDOW:
        return ()
    for p in op.region.ops:
        if p.name not in _PLAIN_OPS:
            return ()
        if p.result.type.name not in ("f32", "f64", "i32", "i64"):
            return ()
    return dims


def window_dims(op: OpInstance, ranges: Sequence[int]) -> tuple[int, ...]:
    """The reduction dims when together they span at most SMALL_WINDOW points (any payload)."""
    dims = tuple(d for d, it in enumerate(op.iterator_types) if it.value != "parallel")
    return dims if dims and math.prod(ranges[d] for d in dims) <= SMALL_WINDOW else ()


def _steps(op: OpInstance, strides: Sequence[tuple[int, ...] | None]) -> list[list[int]]:
    """steps[k][d]: elements operand k moves when loop dim d advances by one."""
    n = op.num_loops
    steps = []
    for m, st in zip(op.indexing_maps, strides, strict=True):
        row = [0] * n
        for r, s in zip(m.results, st or (), strict=True):
            form = r.linear_form(n)
            coeffs = (
                form[0] if form is not None else tuple(int(i in r.used_dims()) for i in range(n))
            )
            for i, c in enumerate(coeffs):
                row[i] += abs(c) * abs(s)
        steps.append(row)
    return steps


def choose_order(
    op: OpInstance,
    strides: Sequence[tuple[int, ...] | None],
    may_reorder: bool,
    ranges: Sequence[int] = (),
    itemsizes: Sequence[int] = (),
) -> tuple[int, ...]:
    """The loop order (outermost first); strides are in elements, per operand and result.

    With reductions, the inner loops sweep a block of the first output that fits in L1
    (its fastest dims, the innermost of unit stride for every operand, so it vectorises)
    and the reduction loops run just outside that block, as a tap loop over whole rows —
    unless they are a small window of plain arithmetic (`small_window`): innermost then;
    other parallel dims are outermost, the ones whose steps move the most bytes first.
    Without a usable block, every dim is ordered by the bytes its step moves. Reduction
    dims keep their relative order either way (each output element's steps stay in order).
    """
    n = op.num_loops
    if not may_reorder or n < 2:
        return tuple(range(n))
    steps = _steps(op, strides)
    sizes = list(itemsizes) or [1] * len(steps)
    cost = [sum(row[d] * sz for row, sz in zip(steps, sizes, strict=True)) for d in range(n)]
    parallel = [it.value == "parallel" for it in op.iterator_types]
    reductions = [d for d in range(n) if not parallel[d]]
    by_cost = sorted(range(n), key=lambda d: (-cost[d], d))
    if ranges and small_window(op, ranges):
        return tuple([d for d in by_cost if parallel[d]] + reductions)
    block = _output_block(op, steps, ranges, sizes) if reductions and ranges else []
    if block:
        outer = [d for d in by_cost if parallel[d] and d not in block]
        return tuple(outer + reductions + block)
    fill = iter(reductions)
    return tuple(next(fill) if not parallel[d] else d for d in by_cost)


def _output_block(
    op: OpInstance, steps: list[list[int]], ranges: Sequence[int], sizes: Sequence[int]
) -> list[int]:
    """The first output's fastest dims (outermost first) whose block fits BLOCK_BYTES, when
    its fastest dim has unit (or zero) stride in every operand; else []."""
    k = op.num_inputs
    out = steps[k]
    dims = sorted((d for d in range(op.num_loops) if out[d] != 0), key=lambda d: out[d])
    if not dims or any(row[dims[0]] > 1 for row in steps):
        return []
    block: list[int] = []
    size = sizes[k]
    for d in dims:
        if block and size * ranges[d] > BLOCK_BYTES:
            break
        block.insert(0, d)
        size *= ranges[d]
    return block


# -- element types ------------------------------------------------------------------------


def storage_kind(t: ElementType) -> str:
    """How arrays of `t` reach the kernel: "f16"/"bf16" (uint16 views), "f8" and "i4"
    (uint8 views), "i1" (bool), or "plain" (their own dtype)."""
    if t.name in ("f16", "bf16"):
        return t.name
    if t.name in _F8:
        return "f8"
    if t.is_bool:
        return "i1"
    if t.is_integer and t.width == 4:
        return "i4"
    return "plain"


def _load(t: ElementType, ref: str) -> str:
    kind = storage_kind(t)
    if kind == "f16":
        return f"S.h2f({ref})"
    if kind == "bf16":
        return f"S.b2f({ref})"
    if kind == "f8":
        return f"S.{_F8[t.name]}_VALUES[{ref}]"
    if kind == "i1":
        return f"(np.int64(-1) if {ref} else np.int64(0))"
    if kind == "i4":
        return f"((np.int64({ref}) & 15) ^ 8) - 8"
    if t.is_float:
        return ref
    return f"np.int64({ref})"


def _store(t: ElementType, value: str) -> str:
    kind = storage_kind(t)
    if kind == "f16":
        return f"S.f2h({value})"
    if kind == "bf16":
        return f"S.bf16_bits({value})"  # registers of bf16 type hold bf16 values exactly
    if kind == "f8":
        return f"S.f8_code({value}, {_f8_args(t)})"  # exact value: its own code
    if kind == "i1":
        return f"{value} != 0"
    if kind == "i4":
        return f"np.uint8({value} & 15)"
    return value


def _reg(t: ElementType) -> str:
    """The numba scalar type of a register holding a `t` value."""
    if t.is_float:
        return "np.float64" if t.name == "f64" else "np.float32"
    return "np.int64"


# -- payload ops --------------------------------------------------------------------------


def _round(t: ElementType, expr: str, short: bool = False) -> str:
    """A float32 expression rounded to `t` when `t` is narrow (`short`: by Veltkamp's split,
    where the caller proved it exact)."""
    if t.name == "f16":
        return f"S.{'sh' if short else 'rh'}({expr})"
    if t.name == "bf16":
        return f"S.{'sb' if short else 'rb'}({expr})"
    if t.name in _F8:
        return f"S.f8_round({expr}, S.{_F8[t.name]}_VALUES, {_f8_args(t)})"
    return expr


def _wrap(t: ElementType, expr: str) -> str:
    return expr if t.width >= 64 else f"S.wrap({expr}, {t.width})"


def op_expression(op: PayloadOp, args: Sequence[str], short: bool = False) -> str:
    """The expression computing `op` from its operands' registers (see `scalars`): the
    record's numba text, finished for the result type; `short` rounds an f16/bf16 +, -, *
    by Veltkamp's split."""
    t = op.result.type
    src = op.operands[0].type if op.operands else t
    record = _RECORDS.get(op.name)
    text = record.numba if record is not None else None
    if text is None:
        raise Unsupported(f"{op.name} has no compiled semantics")
    if text.finish is Finish.CUSTOM:
        return _RULES[text.template](op, args)
    expr = text.render(args, t.width, src.width, f64=t.name == "f64")
    if text.finish is Finish.WRAP:
        return _wrap(t, expr)
    if text.finish is Finish.ROUND:
        return _round(t, expr, short and text.short)
    if text.finish is Finish.FROM_F64:
        return _from_f64(t, expr)
    return expr


_RECORDS: dict[str, PayloadFn] = field_table(lambda r: r)


# -- conversions whose text depends on both types (the records name these rules) ----------


def _rsqrt(op: PayloadOp, args: Sequence[str]) -> str:
    t = op.result.type
    one = "np.float64(1.0)" if t.name == "f64" else "np.float32(1.0)"
    return _round(t, f"{one} / {_round(t, f'np.sqrt({args[0]})')}")


def _extui(op: PayloadOp, args: Sequence[str]) -> str:
    src = op.operands[0].type
    return args[0] if src.width >= 64 else f"S.low({args[0]}, {src.width})"


def _index_castui(op: PayloadOp, args: Sequence[str]) -> str:
    src, t = op.operands[0].type, op.result.type
    if src.width < t.width:
        return f"S.low({args[0]}, {src.width})"
    return _wrap(t, args[0])


def _sitofp(op: PayloadOp, args: Sequence[str]) -> str:
    return _int_to_float(op.result.type, args[0])


def _uitofp(op: PayloadOp, args: Sequence[str]) -> str:
    src, t = op.operands[0].type, op.result.type
    if src.width >= 64:
        if t.name == "f64":
            return f"S.uint64_to_f64({args[0]})"
        if t.name == "f32":
            return f"S.uint64_to_f32({args[0]})"
        if t.name == "bf16":
            return f"S.rb(S.uint64_to_f32({args[0]}))"
        if t.name in _F8:
            return _round(t, f"S.uint64_to_f64({args[0]})")
        return f"S.uint64_to_f16({args[0]})"
    return _int_to_float(t, f"S.low({args[0]}, {src.width})")


def _fptoi(op: PayloadOp, args: Sequence[str]) -> str:
    src, t = op.operands[0].type, op.result.type
    even = "_even" if src.name in _F8 else ""  # 8-bit floats round to nearest even
    return f"S.{op.name.partition('.')[2]}{even}({args[0]}, {t.width})"


def _extf(op: PayloadOp, args: Sequence[str]) -> str:
    return f"{_reg(op.result.type)}({args[0]})"


def _truncf(op: PayloadOp, args: Sequence[str]) -> str:
    src, t = op.operands[0].type, op.result.type
    if src.name == "f64":
        return _from_f64(t, args[0])  # bf16 through f32, as MLIR lowers it
    return _round(t, args[0])


_RULES: dict[str, Callable[[PayloadOp, Sequence[str]], str]] = {
    "rsqrt": _rsqrt,
    "extui": _extui,
    "index_castui": _index_castui,
    "sitofp": _sitofp,
    "uitofp": _uitofp,
    "fptoi": _fptoi,
    "extf": _extf,
    "truncf": _truncf,
}


def _from_f64(t: ElementType, expr: str) -> str:
    """A float64 expression rounded to `t` (once; bf16 through f32 as ml_dtypes and MLIR do)."""
    if t.name == "f64":
        return expr
    if t.name == "f32":
        return f"np.float32({expr})"
    if t.name in _F8:
        return _round(t, expr)  # f8_round rounds the f64 value once
    return f"S.d2h({expr})" if t.name == "f16" else f"S.d2b({expr})"


def _int_to_float(t: ElementType, value: str) -> str:
    """An int64 holding an exact integer -> `t`, rounded as `sitofp` does."""
    if t.name == "f64":
        return f"np.float64({value})"
    if t.name == "f32":
        return f"np.float32({value})"
    if t.name == "bf16":
        return f"S.rb(np.float32({value}))"  # rounded to f32 first, as LLVM does
    if t.name in _F8:
        return _round(t, f"np.float64({value})")  # exact below 2**53; beyond, f8 overflows
    return f"S.int_to_f16({value})"


def constant_expression(op: PayloadOp) -> str:
    """A module-level expression for an `arith.constant` (exact: floats by their bits)."""
    t = op.result.type
    value = constant_value(op)
    if not t.is_float:
        return f"np.int64({int(value)})"
    as_f64 = float(value)
    if as_f64 != as_f64:
        return f"{_reg(t)}(np.nan)"
    return f'{_reg(t)}(float.fromhex("{as_f64.hex()}"))'


# -- affine index expressions -------------------------------------------------------------


def index_expression(e: AffineExpr, dims: Mapping[int, str] | None = None) -> str:
    """`e` over the loop variables `d<i>` (or the text `dims` gives a dim)."""
    if isinstance(e, AffineDimExpr):
        return dims[e.position] if dims is not None else f"d{e.position}"
    if isinstance(e, AffineConstantExpr):
        return str(e.value)
    if isinstance(e, AffineBinaryExpr):
        a, b = index_expression(e.lhs, dims), index_expression(e.rhs, dims)
        if e.kind is AffineExprKind.ADD:
            return f"({a} + {b})"
        if e.kind is AffineExprKind.MUL:
            return f"({a} * {b})"
        if e.kind is AffineExprKind.FLOORDIV:
            return f"({a} // {b})"
        if e.kind is AffineExprKind.CEILDIV:
            return f"(-((-{a}) // {b}))"
        return f"({a} % {b})"
    raise Unsupported(f"affine expression {e} uses symbols")


def _access(m: AffineMap, split: int | None = None) -> str:
    """The subscript of an access. Components using the dim `split` (a parallel nest's
    outer loop, which runs from an unknown `lo`) are cast to unsigned: numba otherwise
    guards them against negative (wrap-around) indices, which stops LLVM vectorising
    a loop over them; accesses are in bounds, so never negative."""
    if not m.results:
        return "()"
    parts = []
    for r in m.results:
        text = index_expression(r)
        parts.append(f"np.uint64({text})" if split in r.used_dims() else text)
    return ", ".join(parts)


# -- the kernel ---------------------------------------------------------------------------


# Storage kinds whose arrays may be converted to f32 shadows (see `kernel_text`).
SHADOW_KINDS = frozenset({"f16", "bf16"})


def _over_array(i: int, rank: int, statement: str, slab: int | None) -> list[str]:
    """`statement` (`{at}` standing for the index) for each element of operand i's array,
    or, with `slab`, for those whose index along that axis is in [lo, hi)."""
    lines = []
    for k in range(rank):
        bounds = "lo, hi" if k == slab else f"a{i}.shape[{k}]"
        lines.append("    " * k + f"for j{k} in range({bounds}):")
    at = ", ".join(f"np.uint64(j{k})" if k == slab else f"j{k}" for k in range(rank))
    return [*lines, "    " * rank + statement.replace("{at}", at or "()")]


@dataclass
class _Body:
    """Lines per loop level: `pre` at the top of a level's body, `post` after its inner loop."""

    levels: int

    def __post_init__(self) -> None:
        self.pre: list[list[str]] = [[] for _ in range(self.levels + 1)]
        self.post: list[list[str]] = [[] for _ in range(self.levels + 1)]


@dataclass(frozen=True)
class KernelText:
    """A kernel module before rendering: the template's inputs. Its `name` is known
    without rendering, so a kernel already on disk costs no template work (nor a jinja2
    import)."""

    fields: tuple[tuple[str, object], ...]

    @property
    def name(self) -> str:
        """Determined by the template's inputs, the template and the scalar library."""
        key = json.dumps([self.fields, _template_digest(), library_digest()])
        return "k_" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:24]

    def render(self) -> str:
        return str(_template().render(library=library_digest(), **dict(self.fields)))

    @property
    def shadows(self) -> tuple[int, ...]:
        """Operands whose f32 shadow (`w{i}`, uninitialised, the array's shape) the caller
        passes after the operands (see `kernel_text`)."""
        shadows: list[int] = dict(self.fields)["shadows"]  # type: ignore[assignment]
        return tuple(shadows)

    @property
    def fills(self) -> bool:
        """Whether the kernel takes a last argument `fill`: convert the inputs' shadows."""
        return bool(dict(self.fields)["fills"])


def kernel_source(op: OpInstance, nest: LoopNest) -> str:
    """The whole kernel module: header, constants and `kernel(a0.., w.., n0..[, lo, hi][, fill])`."""
    return kernel_text(op, nest).render()


def kernel_text(op: OpInstance, nest: LoopNest) -> KernelText:
    """The kernel module's template inputs (see `kernel_source`) for a nest without a
    register tile (`tiles.tiled_text` writes those)."""
    check_supported(op)
    if nest.unroll:
        raise ValueError("a register-tiled nest: its text is `tiles.tiled_text`'s")
    region: Region = op.region
    n = op.num_loops
    level_of_dim = {d: pos + 1 for pos, d in enumerate(nest.order)}

    def level(dims: frozenset[int] | set[int]) -> int:
        return max((level_of_dim[d] for d in dims), default=0)

    body = _Body(n)
    names: dict[int, str] = {}
    levels: dict[int, int] = {}
    constants: list[str] = []
    num_in = op.num_inputs
    maps = op.indexing_maps
    types = op.element_types
    outputs: list[tuple[int, str, int]] = []  # (operand, accumulator, level)
    read = {v.id for p in region.ops for v in p.operands} | {v.id for v in region.yields}
    shadows: list[int] = []
    split = nest.order[0] if nest.parallel else None
    for i, (arg, m) in enumerate(zip(region.args, maps, strict=True)):
        used = set().union(*(r.used_dims() for r in m.results)) if m.results else set()
        lv = level(used)
        # An f16/bf16 operand read again and again (a dim it does not use runs outside
        # its access) is converted to an f32 shadow once, and an output back once: its
        # values are exact in f32 and every step rounds them anyway, so no bit changes.
        shadow = (
            storage_kind(types[i]) in SHADOW_KINDS
            and arg.id in read
            and any(level_of_dim[d] < lv for d in range(n) if d not in used)
        )
        ref = f"{'w' if shadow else 'a'}{i}[{_access(m, split)}]"
        if shadow:
            shadows.append(i)
        if arg.id in read:  # shape-only operands (a pooling window) are never loaded
            body.pre[lv].append(f"x{i} = {ref if shadow else _load(types[i], ref)}")
        names[arg.id], levels[arg.id] = f"x{i}", (lv if i < num_in else n)
        if i >= num_in:
            body.post[lv].append(f"{ref} = {f'x{i}' if shadow else _store(types[i], f'x{i}')}")
            outputs.append((i, f"x{i}", lv))
    # The caller allocates every shadow (shared by a parallel nest's chunks). An input's is
    # filled once, by a call with `fill` (a parallel nest's caller makes it with an empty
    # range first); each chunk converts its own slab of an output's, and back at its end.
    prologue: list[str] = []
    fills: list[str] = []
    for i in shadows:
        rank = maps[i].num_results
        convert = f"w{i}[{{at}}] = {_load(types[i], f'a{i}[{{at}}]')}"
        if i < num_in:
            fills.extend("    " + line for line in _over_array(i, rank, convert, None))
            continue
        slab = None
        if nest.parallel:  # this chunk's part of the output only
            dims = [r.position if isinstance(r, AffineDimExpr) else -1 for r in maps[i].results]
            slab = dims.index(nest.order[0])
        prologue.extend(_over_array(i, rank, convert, slab))
        back = f"a{i}[{{at}}] = {_store(types[i], f'w{i}[{{at}}]')}"
        body.post[0].extend(_over_array(i, rank, back, slab))
    if fills:
        prologue[:0] = ["if fill:", *fills]
    body.pre[0][:0] = prologue
    for p in region.ops:
        res = f"v{p.result.id}"
        names[p.result.id] = res
        if p.category is OpCategory.CONSTANT:
            constants.append(f"{res.upper()} = {constant_expression(p)}")
            names[p.result.id], levels[p.result.id] = res.upper(), 0
            continue
        if p.category is OpCategory.INDEX:
            d = int(p.attr("dim"))
            names[p.result.id], levels[p.result.id] = f"np.int64(d{d})", level({d})
            continue
        lv = max((levels[v.id] for v in p.operands), default=0)
        args = [names[v.id] for v in p.operands]
        short = p.name in nest.short_rounding
        body.pre[lv].append(f"{res} = {op_expression(p, args, short)}")
        levels[p.result.id] = lv
    moves = [(acc, names[v.id]) for (_, acc, _), v in zip(outputs, region.yields, strict=True)]
    moves = [(acc, value) for acc, value in moves if acc != value]
    if moves:  # one tuple assignment: a yield may read another output's old value
        targets = ", ".join(acc for acc, _ in moves)
        values = ", ".join(value for _, value in moves)
        body.pre[n].append(f"{targets} = {values}")

    lines: list[str] = []

    def emit(lv: int) -> None:
        pad = "    " * (lv + 1)
        lines.extend(pad + s for s in body.pre[lv])
        if lv < n:
            d = nest.order[lv]
            trips = dict(nest.fixed).get(d)
            bounds = "lo, hi" if lv == 0 and nest.parallel else (trips or f"n{d}")
            lines.append(f"{pad}for d{d} in range({bounds}):")
            start = len(lines)
            emit(lv + 1)
            if len(lines) == start:  # everything was hoisted out of this loop
                lines.append(pad + "    pass")
        lines.extend(pad + s for s in body.post[lv])

    if nest.fixed:  # a small window: compute-bound, 512-bit vectors pay (`S.wide_vectors`)
        lines.append("    S.wide_vectors()")
    emit(0)
    params = [f"a{i}" for i in range(len(maps))] + [f"w{i}" for i in shadows]
    params += [f"n{d}" for d in range(n)] + (["lo", "hi"] if nest.parallel else [])
    params += ["fill"] if fills else []
    return _fields(op, nest, params, constants, lines, tuple(shadows))


_TEMPLATE = ("templates", "kernel.py.j2")


@cache
def _template_text() -> str:
    return (resources.files(__package__).joinpath(*_TEMPLATE)).read_text("utf-8")


@cache
def _template_digest() -> str:
    return hashlib.sha256(_template_text().encode("utf-8")).hexdigest()[:16]


@cache
def _template() -> Any:
    import jinja2

    env = jinja2.Environment(keep_trailing_newline=True, autoescape=False)
    return env.from_string(_template_text())


@cache
def library_digest() -> str:
    """Changes whenever the scalar library does: part of every kernel's text, so a kernel
    cached by an older library is never reused."""
    text = (resources.files(__package__) / "scalars.py").read_bytes()
    return hashlib.sha256(text).hexdigest()[:16]


def _fields(
    op: OpInstance,
    nest: LoopNest,
    params: list[str],
    constants: list[str],
    lines: list[str],
    shadows: tuple[int, ...],
) -> KernelText:
    code = "\n".join([*constants, *lines])
    chunks_params = chunks_args = ""
    # `chunks(.., cuts)`: the chunks in parallel (`fill` is done first); numba's parallel
    # loop hands 0-d arrays to its workers as scalars, so those nests use the Python pool
    if nest.parallel and all(m.results for m in op.indexing_maps):
        outer = [p for p in params if p not in ("lo", "hi", "fill")]
        chunks_params = ", ".join([*outer, "cuts"])
        rest = ["cuts[c]", "cuts[c + 1]", *(["False"] if "fill" in params else [])]
        chunks_args = ", ".join([*outer, *rest])
    fields: dict[str, object] = {
        "uses_math": "math." in code,
        "uses_numpy": "np." in code,
        "uses_library": "S." in code,
        "op_name": op.OP_NAME,
        "types": ", ".join(str(t) for t in op.element_types),
        "maps": [str(m) for m in op.indexing_maps],
        "iterators": ", ".join(it.value for it in op.iterator_types),
        "order": ", ".join(
            f"d{d}" + (f" (x{dict(nest.unroll)[d]})" if d in dict(nest.unroll) else "")
            for d in nest.order
        ),
        "parallel": nest.parallel,
        "constants": constants,
        "params": ", ".join(params),
        "shadows": list(shadows),
        "fills": any(i < op.num_inputs for i in shadows),
        "body": lines or ["    pass"],
        "chunks_params": chunks_params,
        "chunks_args": chunks_args,
    }
    return KernelText(tuple(fields.items()))


__all__ = [
    "APPROXIMATE_OPS",
    "SUPPORTED_FLOATS",
    "KernelText",
    "LoopNest",
    "Unsupported",
    "check_supported",
    "choose_order",
    "constant_expression",
    "index_expression",
    "kernel_source",
    "kernel_text",
    "library_digest",
    "op_expression",
    "reorderable",
    "small_window",
    "storage_kind",
    "window_dims",
]
