"""`@linalg_structured_op`: turn a Python function into an op definition.

The decorator reads the parameters' declarations, runs the body once with a
fresh per-op context and analyses what it recorded. The result, an
`OpDefinition`, carries the finished `OpConfig`; `collect_ops` finds them in a
module in definition order. Calling a definition runs the op: its class comes
from the runtime's class factory, reached through `linalg_odsgen.build` (the DSL
itself stays below the runtime).
"""

from __future__ import annotations

import functools
import inspect
import linecache
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, overload

from linalg_odsgen.diagnostics import Diagnostic, SourcePos
from linalg_odsgen.dsl.comprehension import build_structured_op, op_metadata
from linalg_odsgen.dsl.context import OpContext, make_handle, run_body
from linalg_odsgen.dsl.defs import OperandDecl, ScalarDef, TensorDef
from linalg_odsgen.dsl.errors import DslError, user_pos
from linalg_odsgen.model import OpConfig

_OP_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


@dataclass(frozen=True, eq=False)
class OpDefinition:
    """What `@linalg_structured_op` leaves in the module: the op's config and where it was written."""

    config: OpConfig
    pos: SourcePos | None
    module: str
    function: Callable[..., Any]
    # Defects upstream's OpDSL writes silently (we write the same bytes and warn).
    warnings: tuple[Diagnostic, ...] = ()
    # The `D.` names of the loop dims, in the config's d0, d1, ... order.
    dim_names: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.config.name

    @property
    def symbol_names(self) -> tuple[str, ...]:
        """The `S.` names of the size symbols, in the config's s0, s1, ... order."""
        return _symbol_names(self.function)

    def __repr__(self) -> str:
        return f"<linalg op {self.name}>"

    @functools.cached_property
    def op_class(self) -> type[Any]:
        """The runtime class of this op, behaving exactly as the one `gen-impl` would write
        (built on first use, in memory, by the runtime's class factory)."""
        from linalg_odsgen.build import op_class

        names: tuple[str, ...] | None = _symbol_names(self.function)
        maps = self.config.structured_op.indexing_maps
        if not maps or names is None or len(names) != maps[0].num_symbols:
            names = None  # else shape errors say `B: (K, N)`, not `(s1, s2)`
        return op_class(self.config, symbol_names=names, module=self.module)

    def __call__(
        self, *ins: Any, outs: Sequence[Any] | None = None, backend: str | None = None, **attrs: Any
    ) -> Any:
        """Run the op on arrays like a generated op function: `my_op(a, b, outs=[c])`
        updates `outs` in place and returns them (same runtime and backends)."""
        return self.op_class.call(*ins, outs=outs, backend=backend, **attrs)


def _symbol_names(fn: Callable[..., Any]) -> tuple[str, ...]:
    """The op's size symbols by name, numbered as the op config numbers them: first use in
    tensor shapes (declaration order), then index attributes' own."""
    from linalg_odsgen.dsl.defs import IndexAttrDef, TensorDef

    decls = [p.default for p in inspect.signature(fn).parameters.values()]
    order: list[str] = []
    for d in decls:
        if isinstance(d, TensorDef):
            order += [sym.name for e in d.shape for sym in e.symbols()]
    for d in decls:
        if isinstance(d, IndexAttrDef):
            order += [sym.name for sym in d.symbols]
    return tuple(dict.fromkeys(order))


def cpp_class_name(op_name: str) -> str:
    """`conv_2d_nhwc_hwcf` -> `Conv2DNhwcHwcfOp`: each `_`-separated word title-cased, as
    upstream's OpDSL names classes (so `matmulT` -> `MatmultOp`: `str.title` lowers the rest)."""
    return "".join(word.title() for word in op_name.split("_")) + "Op"


def _is_input(decl: OperandDecl) -> bool:
    return isinstance(decl, ScalarDef) or (isinstance(decl, TensorDef) and not decl.output)


def _def_pos(fn: Callable[..., Any]) -> SourcePos:
    """The `def` line of `fn` (its code starts at the first decorator line)."""
    code = fn.__code__
    line = code.co_firstlineno
    for offset in range(0, 50):
        text = linecache.getline(code.co_filename, line + offset)
        if not text:
            break
        stripped = text.lstrip()
        if stripped.startswith(("def ", "async def ")):
            return SourcePos(code.co_filename, line + offset, len(text) - len(stripped) + 1)
    return SourcePos(code.co_filename, line, 1)


def _build(fn: Callable[..., Any], op_name: str | None, class_name: str | None) -> OpDefinition:
    name = op_name if op_name is not None else fn.__name__
    pos = _def_pos(fn)
    if not _OP_NAME.match(name):
        raise DslError(f"op name {name!r} is not an identifier", pos, name)
    ctx = OpContext(name, [])
    for param in inspect.signature(fn).parameters.values():
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            raise DslError(f"op parameters cannot be *args or **kwargs ({param.name})", pos, name)
        decl = param.default
        if not isinstance(decl, OperandDecl):
            raise DslError(
                f"parameter {param.name} needs a declaration as its default, e.g. "
                f"{param.name}=TensorDef(T, S.M)",
                pos,
                name,
            )
        decl.raise_if_invalid(name)
        if _is_input(decl) and ctx.operands and not _is_input(ctx.operands[-1][1]):
            # Upstream's OpDSL refuses the op too (operands are numbered inputs first).
            raise DslError(
                f"input {param.name} is declared after output or attribute "
                f"{ctx.operands[-1][0]}; declare inputs (tensors and scalars) first",
                pos,
                name,
            )
        ctx.operands.append((param.name, decl))
    handles = {n: make_handle(n, d, ctx) for n, d in ctx.operands}
    try:
        run_body(ctx, fn, handles)
    except DslError as e:
        raise e.with_op(name) from None
    structured, dim_names = build_structured_op(ctx, pos)
    doc = inspect.cleandoc(fn.__doc__).strip() if fn.__doc__ else None
    cpp_name = class_name if class_name is not None else cpp_class_name(name)
    metadata = op_metadata(ctx, cpp_name, doc or None)
    config = OpConfig(metadata, structured)
    return OpDefinition(config, pos, fn.__module__, fn, tuple(ctx.warnings), dim_names)


@overload
def linalg_structured_op(fn: Callable[..., Any], /) -> OpDefinition: ...


@overload
def linalg_structured_op(
    *, op_name: str | None = None, op_class_name: str | None = None
) -> Callable[[Callable[..., Any]], OpDefinition]: ...


def linalg_structured_op(
    fn: Callable[..., Any] | None = None,
    /,
    *,
    op_name: str | None = None,
    op_class_name: str | None = None,
) -> OpDefinition | Callable[[Callable[..., Any]], OpDefinition]:
    """Define a Linalg structured op from a function whose parameters declare its operands.

    Use bare (`@linalg_structured_op`) or with an explicit op or C++ class name
    (`@linalg_structured_op(op_name="my_op", op_class_name="MyOp")`).
    """
    if op_class_name is not None and not _OP_NAME.match(str(op_class_name)):
        raise DslError(f"op_class_name {op_class_name!r} is not an identifier", user_pos())
    if fn is None:
        return lambda f: _decorate(f, op_name, op_class_name)
    return _decorate(fn, op_name, op_class_name)


# Every op a module defines, in definition order, kept in the module's globals: a second
# `def` of the same function name would otherwise hide the first op from `collect_ops`.
_REGISTRY = "__linalg_odsgen_ops__"


def _decorate(
    fn: Callable[..., Any], op_name: str | None, class_name: str | None = None
) -> OpDefinition:
    """Both spellings of the decorator end here: check the target is a function, build."""
    if not inspect.isfunction(fn):
        raise DslError(f"@linalg_structured_op decorates a function, got {fn!r}", user_pos())
    op = _build(fn, op_name, class_name)
    fn.__globals__.setdefault(_REGISTRY, []).append(op)
    return op


def collect_ops(module: ModuleType) -> list[OpDefinition]:
    """The ops a module defines, in definition order (aliases and imported ops skipped).

    Two ops of one name in a module (also a function defined twice) are an error."""
    registered = [op for op in vars(module).get(_REGISTRY, ()) if op.module == module.__name__]
    if registered:
        seen_names: dict[str, OpDefinition] = {}
        for op in registered:
            first = seen_names.setdefault(op.name, op)
            if first is not op:
                where = f" (first defined at line {first.pos.line})" if first.pos else ""
                raise DslError(f"op '{op.name}' is defined twice{where}", op.pos, op.name)
        return sorted(registered, key=lambda op: op.pos.line if op.pos is not None else 0)
    found: list[OpDefinition] = []
    seen: set[int] = set()
    for value in vars(module).values():
        is_own = isinstance(value, OpDefinition) and value.module == module.__name__
        if is_own and id(value) not in seen:
            seen.add(id(value))
            found.append(value)
    found.sort(key=lambda op: op.pos.line if op.pos is not None else 0)
    return found
