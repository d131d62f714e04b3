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
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from linalg_odsgen.affine import AffineDimExpr
from linalg_odsgen.payload import OpCategory, Region
from linalg_odsgen.runtime.backends.compiled.expressions import (
    access,
    constant_expression,
    load,
    op_expression,
    storage_kind,
    store,
)
from linalg_odsgen.runtime.backends.compiled.order import LoopNest, check_supported

if TYPE_CHECKING:
    from linalg_odsgen.runtime.protocol import OpInstance

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
        ref = f"{'w' if shadow else 'a'}{i}[{access(m, split)}]"
        if shadow:
            shadows.append(i)
        if arg.id in read:  # shape-only operands (a pooling window) are never loaded
            body.pre[lv].append(f"x{i} = {ref if shadow else load(types[i], ref)}")
        names[arg.id], levels[arg.id] = f"x{i}", (lv if i < num_in else n)
        if i >= num_in:
            body.post[lv].append(f"{ref} = {f'x{i}' if shadow else store(types[i], f'x{i}')}")
            outputs.append((i, f"x{i}", lv))
    # The caller allocates every shadow (shared by a parallel nest's chunks). An input's is
    # filled once, by a call with `fill` (a parallel nest's caller makes it with an empty
    # range first); each chunk converts its own slab of an output's, and back at its end.
    prologue: list[str] = []
    fills: list[str] = []
    for i in shadows:
        rank = maps[i].num_results
        convert = f"w{i}[{{at}}] = {load(types[i], f'a{i}[{{at}}]')}"
        if i < num_in:
            fills.extend("    " + line for line in _over_array(i, rank, convert, None))
            continue
        slab = None
        if nest.parallel:  # this chunk's part of the output only
            dims = [r.position if isinstance(r, AffineDimExpr) else -1 for r in maps[i].results]
            slab = dims.index(nest.order[0])
        prologue.extend(_over_array(i, rank, convert, slab))
        back = f"a{i}[{{at}}] = {store(types[i], f'w{i}[{{at}}]')}"
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
    return kernel_fields(op, nest, params, constants, lines, tuple(shadows))


_TEMPLATE = ("templates", "kernel.py.j2")
# The scalar library the kernels call (`S.<name>`): every file its functions live in.
_LIBRARY_FILES = ("scalars.py", "narrow.py", "llvm.py")


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
    digest = hashlib.sha256()
    for name in _LIBRARY_FILES:
        digest.update((resources.files(__package__) / name).read_bytes())
    return digest.hexdigest()[:16]


def kernel_fields(
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
    "SHADOW_KINDS",
    "KernelText",
    "kernel_fields",
    "kernel_source",
    "kernel_text",
    "library_digest",
]
