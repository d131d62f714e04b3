"""The per-op build context: what one run of an op body records.

The decorator creates one `OpContext`, hands the body an operand handle per
parameter, and runs the body through `run_body`. Handles record assignments
into their context; `domain()`, `implements()` and `defines()` find the
context through a `ContextVar` (`dsl.current`) that `run_body` binds for exactly the
duration of the body, so ops never leak into each other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from linalg_odsgen.diagnostics import Diagnostic, Severity, SourcePos
from linalg_odsgen.dsl import current
from linalg_odsgen.dsl.defs import FnAttrDef, IndexAttrDef, OperandDecl, ScalarDef, TensorDef
from linalg_odsgen.dsl.errors import DslError, user_pos
from linalg_odsgen.dsl.expressions import (
    Accumulate,
    OperandRef,
    ScalarExpression,
    make_fn_call,
)
from linalg_odsgen.dsl.symbols import DimDef, IndexExpr, as_index_expr, check_dims
from linalg_odsgen.model import FnKind


@dataclass(frozen=True)
class OpInterface:
    """An interface the op implements (`implements(ContractionOpInterface)`)."""

    cpp_name: str


@dataclass(frozen=True)
class OpDefinitionMarker:
    """An extra definition the op carries (`defines(Canonicalizer)`)."""

    cpp_name: str


ContractionOpInterface = OpInterface("LinalgContractionOpInterface")
ConvolutionOpInterface = OpInterface("LinalgConvolutionOpInterface")
FillOpInterface = OpInterface("LinalgFillOpInterface")
Canonicalizer = OpDefinitionMarker("hasCanonicalizer")


@dataclass(frozen=True)
class Assignment:
    """One `O[...] = value` (or `+=`) statement of the body."""

    target: OperandRef
    value: ScalarExpression
    accumulate: bool
    pos: SourcePos | None


@dataclass
class OpContext:
    """Everything the body of one op records while it runs."""

    op_name: str
    operands: list[tuple[str, OperandDecl]]
    assignments: list[Assignment] = field(default_factory=list)
    domain: tuple[DimDef, ...] | None = None
    domain_pos: SourcePos | None = None
    implements: list[OpInterface] = field(default_factory=list)
    defines: list[OpDefinitionMarker] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)

    def error(self, message: str, pos: SourcePos | None) -> DslError:
        return DslError(message, pos, self.op_name)

    def warn(self, message: str, pos: SourcePos | None) -> None:
        """Record a defect upstream's OpDSL writes silently: we write it too, and say so."""
        self.warnings.append(
            Diagnostic.at(pos, message, severity=Severity.WARNING, op=self.op_name)
        )


# -- operand handles: what the body's parameters are bound to -----------------------------


def _indices(name: str, key: object, pos: SourcePos | None, op: str) -> tuple[IndexExpr, ...]:
    if key is None:
        return ()
    items = key if isinstance(key, tuple) else (key,)
    if any(i is None for i in items):
        if len(items) == 1:
            return ()
        raise DslError(f"{name}[None] takes no other index", pos, op)
    try:
        return tuple(as_index_expr(i) for i in items)
    except DslError as e:
        raise DslError(f"index of {name}: {e.message}", pos, op) from None


@dataclass(frozen=True, eq=False)
class TensorHandle:
    """A tensor parameter: subscript it to read an element, assign to a subscript to write."""

    name: str
    decl: TensorDef
    ctx: OpContext

    def __getitem__(self, key: object) -> OperandRef:
        pos = user_pos()
        return OperandRef(self.name, _indices(self.name, key, pos, self.ctx.op_name), pos)

    def __setitem__(self, key: object, value: object) -> None:
        pos = user_pos()
        indices = _indices(self.name, key, pos, self.ctx.op_name)
        target = OperandRef(self.name, indices, pos)
        accumulate = False
        if isinstance(value, Accumulate):
            if value.target.name != self.name or value.target.indices != indices:
                raise self.ctx.error("+= must read and write the same tensor element", pos)
            value, accumulate = value.value, True
        elif isinstance(value, (TensorHandle, ScalarHandle, IndexAttrHandle, FnAttrHandle)):
            if isinstance(value, TensorHandle):
                raise self.ctx.error(
                    f"tensor {value.name} must be indexed on the right-hand side, "
                    f"e.g. {value.name}[D.m] or {value.name}[None]",
                    pos,
                )
            if not isinstance(value, ScalarHandle):
                raise self.ctx.error(f"{value.name} is an attribute, not a value", pos)
        if not isinstance(value, ScalarExpression):
            hint = " (wrap Python numbers in const(...))" if isinstance(value, (int, float)) else ""
            raise self.ctx.error(
                f"the value assigned to {self.name} must be a scalar expression, got {value!r}{hint}",
                pos,
            )
        if not self.decl.output:
            raise self.ctx.error(
                f"cannot assign to {self.name}: it is an input; declare it with output=True",
                pos,
            )
        self.ctx.assignments.append(Assignment(target, value, accumulate, pos))

    def _misuse(self, *args: object) -> object:
        raise self._unindexed()

    __call__ = __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _misuse

    def _unindexed(self) -> DslError:
        return self.ctx.error(
            f"tensor {self.name} must be indexed to be used in an expression, "
            f"e.g. {self.name}[D.m] or {self.name}[None]",
            user_pos(),
        )

    def __repr__(self) -> str:
        return self.name


class ScalarHandle(OperandRef):
    """A scalar parameter: it is itself the value it holds."""

    def __getitem__(self, key: object) -> OperandRef:
        raise DslError(f"scalar {self.name} cannot be indexed", user_pos())

    def __setitem__(self, key: object, value: object) -> None:
        raise DslError(f"cannot assign to scalar {self.name}: scalars are inputs", user_pos())


@dataclass(frozen=True, eq=False)
class IndexAttrHandle:
    """An index attribute: only its symbols are usable (in index expressions)."""

    name: str
    decl: IndexAttrDef
    op_name: str

    def _misuse(self, *args: object) -> object:
        syms = ", ".join(map(repr, self.decl.symbols))
        raise DslError(
            f"index attribute {self.name} is not a value; use its symbols ({syms}) in indices",
            user_pos(),
            self.op_name,
        )

    __call__ = __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _misuse

    def __repr__(self) -> str:
        return self.name


@dataclass(frozen=True, eq=False)
class FnAttrHandle:
    """A function attribute: call it like the function it defaults to."""

    name: str
    decl: FnAttrDef

    def __call__(self, *args: object) -> object:
        return make_fn_call(self.decl.kind, args, attr_name=self.name, label=self.name)

    def __getitem__(self, dims: object) -> object:
        """`fun[[D.k]](x)`: a reduction combining with the binary function the attribute
        names (upstream's LLVM 24 OpDSL)."""
        from linalg_odsgen.dsl.functions import ReduceFnUse, reduced_dims

        if self.decl.kind is not FnKind.BINARY:
            raise DslError(
                f"only a BinaryFnAttrDef reduces; {self.name} is a {self.decl.kind.value} "
                "function attribute",
                user_pos(),
            )
        return ReduceFnUse(self.name, reduced_dims(self.name, dims), through_attr=True)

    def __repr__(self) -> str:
        return self.name


Handle = TensorHandle | ScalarHandle | IndexAttrHandle | FnAttrHandle


def make_handle(name: str, decl: OperandDecl, ctx: OpContext) -> Handle:
    if isinstance(decl, TensorDef):
        return TensorHandle(name, decl, ctx)
    if isinstance(decl, ScalarDef):
        return ScalarHandle(name, None, decl.pos)
    if isinstance(decl, IndexAttrDef):
        return IndexAttrHandle(name, decl, ctx.op_name)
    if isinstance(decl, FnAttrDef):
        return FnAttrHandle(name, decl)
    raise TypeError(f"not an operand declaration: {decl!r}")


# -- running the body and the statements that talk to the context -------------------------


def run_body(ctx: OpContext, body: Callable[..., object], handles: dict[str, Handle]) -> None:
    """Call the op function with its handles, `ctx` bound as the running op's context."""
    with current.bound(ctx):
        body(**handles)


def _current_context(what: str) -> OpContext:
    ctx = current.running()
    if isinstance(ctx, OpContext):
        return ctx
    raise DslError(
        f"{what}() can only be used inside an @linalg_structured_op function", user_pos()
    )


def domain(*dims: DimDef) -> None:
    """Fix the order of the op's loop dims (otherwise: order of first use)."""
    ctx = _current_context("domain")
    pos = user_pos()
    if ctx.domain is not None:
        raise ctx.error("domain() is given twice", pos)
    try:
        checked = check_dims(dims, "domain()", pos)
    except DslError as e:
        raise e.with_op(ctx.op_name) from None
    seen: set[DimDef] = set()
    for d in checked:
        if d in seen:
            raise ctx.error(f"domain() lists {d!r} twice", pos)
        seen.add(d)
    ctx.domain, ctx.domain_pos = checked, pos


def implements(*interfaces: OpInterface) -> None:
    """Declare op interfaces, e.g. `implements(ContractionOpInterface)`."""
    ctx = _current_context("implements")
    for i in interfaces:
        if not isinstance(i, OpInterface):
            raise ctx.error(
                f"implements() takes op interfaces such as ContractionOpInterface, got {i!r}",
                user_pos(),
            )
        if i not in ctx.implements:
            ctx.implements.append(i)


def defines(*definitions: OpDefinitionMarker) -> None:
    """Declare extra op definitions, e.g. `defines(Canonicalizer)`."""
    ctx = _current_context("defines")
    for d in definitions:
        if not isinstance(d, OpDefinitionMarker):
            raise ctx.error(
                f"defines() takes definitions such as Canonicalizer, got {d!r}", user_pos()
            )
        if d not in ctx.defines:
            ctx.defines.append(d)
