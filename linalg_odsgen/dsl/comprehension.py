"""From what an op body recorded to an `OpConfig`: dims, symbols, maps, reductions, types.

The rules (they reproduce upstream OpDSL's output):
- loop dims: the order of `domain(...)` when given; otherwise the dims used,
  sorted by name (`D.k` before `D.m`), as upstream's OpDSL orders them;
- reduction dims: those of `ReduceFn.<fn>[...]`, or for `+=` the right-hand-side
  dims that do not index the output;
- symbols: order of first appearance in operand shapes (declaration order),
  then the symbols of index attributes not seen in a shape;
- every indexing map has all dims and symbols of the op; scalars map to `()`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from linalg_odsgen import affine
from linalg_odsgen.comprehension import combine, first_seen, iterator_types, not_affine
from linalg_odsgen.diagnostics import SourcePos
from linalg_odsgen.dsl.context import Assignment, OpContext
from linalg_odsgen.dsl.defs import FnAttrDef, IndexAttrDef, ScalarDef, TensorDef
from linalg_odsgen.dsl.errors import DslError
from linalg_odsgen.dsl.expressions import (
    Const,
    FnCall,
    IndexValue,
    OperandRef,
    Reduction,
    ScalarExpression,
)
from linalg_odsgen.dsl.symbols import (
    DimDef,
    IndexBinary,
    IndexConst,
    IndexExpr,
    SymbolDef,
)
from linalg_odsgen.model import (
    FIXED_TYPES,
    FnKind,
    IteratorType,
    OperandDef,
    OperandKind,
    OpMetadata,
    ScalarArg,
    ScalarAssign,
    ScalarConst,
    ScalarExpr,
    ScalarFn,
    ScalarIndex,
    StructuredOpConfig,
)


@dataclass(frozen=True)
class _Reduce:
    """How one assignment combines into its output."""

    fn_name: str
    dims: tuple[DimDef, ...]
    through_attr: bool = False


@dataclass(frozen=True)
class _Statement:
    assign: Assignment
    value: ScalarExpression  # the right-hand side without the reduction wrapper
    reduce: _Reduce | None


class _Analysis:
    def __init__(self, ctx: OpContext, def_pos: SourcePos | None) -> None:
        self.ctx = ctx
        self.def_pos = def_pos
        self.decls = dict(ctx.operands)
        self.dim_names: tuple[str, ...] = ()  # set by `build`

    def error(self, message: str, pos: SourcePos | None) -> DslError:
        return DslError(message, pos or self.def_pos, self.ctx.op_name)

    # -- assignments --------------------------------------------------------------------

    def statements(self) -> list[_Statement]:
        outputs = [n for n, d in self.ctx.operands if isinstance(d, TensorDef) and d.output]
        if not outputs:
            raise self.error(
                "the op has no output; declare one with TensorDef(..., output=True)", None
            )
        written: dict[str, Assignment] = {}
        result = []
        for a in self.ctx.assignments:
            name = a.target.name
            if name in written:
                raise self.error(
                    f"output {name} is written twice (first at line {_line(written[name].pos)})",
                    a.pos,
                )
            written[name] = a
            value, reduce = a.value, None
            if isinstance(value, Reduction):
                if a.accumulate:
                    raise self.error(
                        f"cannot mix reductions: += reduces with add but the right-hand side "
                        f"reduces with ReduceFn.{value.fn_name}; use one of them",
                        a.pos,
                    )
                reduce = _Reduce(value.fn_name, value.dims, value.through_attr)
                value = value.operand
            for node in value.walk():
                if isinstance(node, Reduction):
                    raise self.error(
                        f"ReduceFn.{node.fn_name}[...] must be the outermost function of the "
                        f"right-hand side",
                        node.pos or a.pos,
                    )
            if a.accumulate:
                lhs = set(a.target.dims())
                inferred = first_seen(d for d in _expr_dims(value) if d not in lhs)
                reduce = _Reduce("add", tuple(inferred))
            result.append(_Statement(a, value, reduce))
        for name in outputs:
            if name not in written:
                raise self.error(f"output {name} is never written", self.decls[name].pos)
        return result

    def check_refs(self, statements: list[_Statement]) -> dict[str, tuple[IndexExpr, ...]]:
        """Rank-check every tensor access and return the one index list of each tensor."""
        uses: dict[str, OperandRef] = {}
        for st in statements:
            refs = [st.assign.target] + [n for n in st.value.walk() if isinstance(n, OperandRef)]
            for ref in refs:
                decl = self.decls[ref.name]
                if ref.indices is None or not isinstance(decl, TensorDef):
                    continue
                pos = ref.pos or st.assign.pos
                if decl.index_dims is not None:
                    raise self.error(
                        f"{ref.name} is a shape-only tensor (index_dims) and cannot be accessed",
                        pos,
                    )
                if len(ref.indices) != decl.rank:
                    # Upstream's OpDSL writes such an op (its core library has two since
                    # 2022); we write the same bytes and say where the defect is.
                    self.ctx.warn(
                        f"{ref!r} uses {len(ref.indices)} indices but {ref.name} has rank "
                        f"{decl.rank}"
                        + (" (X[None] needs a rank-0 tensor)" if not ref.indices else "")
                        + "; written as upstream's OpDSL writes it, its shape_map and "
                        "indexing map disagree",
                        pos or self.def_pos,
                    )
                first = uses.setdefault(ref.name, ref)
                if first.indices != ref.indices:
                    raise self.error(
                        f"{ref.name} is accessed as {ref!r} here but as {first!r} at line "
                        f"{_line(first.pos)}; an operand has a single indexing map",
                        pos,
                    )
        result = {name: ref.indices or () for name, ref in uses.items()}
        read = {n.name for st in statements for n in st.value.walk() if isinstance(n, OperandRef)}
        for name, decl in self.ctx.operands:
            if isinstance(decl, ScalarDef) and name not in read:
                # Upstream's OpDSL has no indexing map to give it and refuses the op.
                raise self.error(f"scalar {name} is never read; use it or remove it", decl.pos)
            if isinstance(decl, TensorDef) and decl.index_dims is None and name not in result:
                raise self.error(
                    f"input {name} is never read; use it or make it shape-only with "
                    f"index_dims=[...]",
                    decl.pos,
                )
        return result

    # -- dims and iterator types --------------------------------------------------------

    def dims(self, statements: list[_Statement]) -> tuple[DimDef, ...]:
        uses: list[tuple[DimDef, SourcePos | None]] = []
        for st in statements:
            uses += [(d, st.assign.target.pos) for d in st.assign.target.dims()]
            uses += list(_expr_dim_uses(st.value, st.assign.pos, with_index=False))
        accessed = {d for d, _ in uses}
        for st in statements:
            for node in st.value.walk():
                if isinstance(node, IndexValue) and node.dim not in accessed:
                    # Upstream's OpDSL refuses it: the dim is not in its iteration domain.
                    raise self.error(
                        f"index({node.dim!r}) reads a dim no operand access uses; index "
                        f"a tensor with {node.dim!r} or drop the index()",
                        node.pos or st.assign.pos,
                    )
        for st in statements:
            if st.reduce is None:
                continue
            for d in st.reduce.dims:
                if d not in accessed:  # upstream's OpDSL drops the dim without a word
                    self.ctx.warn(
                        f"ReduceFn.{st.reduce.fn_name} reduces over {d!r}, which no operand "
                        f"access uses: written as upstream's OpDSL writes it, without that dim",
                        st.assign.pos or self.def_pos,
                    )
        for name, decl in self.ctx.operands:
            if isinstance(decl, TensorDef) and decl.index_dims is not None:
                for d in decl.index_dims:
                    if d not in accessed:  # upstream's OpDSL refuses it too
                        raise self.error(
                            f"index_dims of {name} lists {d!r}, which no accessed operand "
                            f"uses; a shape-only tensor sizes dims the body uses",
                            decl.pos,
                        )
                uses += [(d, decl.pos) for d in decl.index_dims]
        if self.ctx.domain is None:  # upstream's order: the used dims sorted by name
            return tuple(sorted(first_seen(d for d, _ in uses), key=lambda d: d.name))
        declared = set(self.ctx.domain)
        for d, pos in uses:
            if d not in declared:
                names = ", ".join(map(repr, self.ctx.domain))
                raise self.error(f"dim {d!r} is not in the op's domain({names})", pos)
        used = {d for d, _ in uses}
        for d in self.ctx.domain:
            if d not in used:
                raise self.error(
                    f"domain() lists {d!r} but no operand is indexed by it", self.ctx.domain_pos
                )
        return self.ctx.domain

    def iterator_types(
        self, statements: list[_Statement], dims: tuple[DimDef, ...]
    ) -> tuple[IteratorType, ...]:
        reduced: set[DimDef] = set()
        for st in statements:
            target = st.assign.target
            lhs = set(target.dims())
            rhs = list(_expr_dims(st.value))
            if st.reduce is None:
                for d in first_seen(rhs):
                    if d not in lhs:  # upstream's OpDSL writes it as a parallel dim
                        self.ctx.warn(
                            f"dim {d!r} is read on the right-hand side but does not index the "
                            f"output {target.name}: written as upstream's OpDSL writes it, a "
                            f"parallel dim (the op keeps one iteration's value); reduce over "
                            f"it with += or ReduceFn.<fn>[{d!r}](...)",
                            st.assign.pos or self.def_pos,
                        )
                continue
            for d in st.reduce.dims:
                if d in lhs:
                    raise self.error(
                        f"ReduceFn.{st.reduce.fn_name} reduces over {d!r}, which also indexes "
                        f"the output {target.name}",
                        st.assign.pos,
                    )
            for d in rhs:
                if d not in lhs and d not in st.reduce.dims:
                    raise self.error(
                        f"dim {d!r} is read on the right-hand side but neither indexes the output "
                        f"{target.name} nor is listed in ReduceFn.{st.reduce.fn_name}[...]",
                        st.assign.pos,
                    )
            reduced |= set(st.reduce.dims)
        for st in statements:
            for d in st.assign.target.dims():
                if d in reduced:
                    raise self.error(
                        f"dim {d!r} indexes output {st.assign.target.name} but is reduced by "
                        f"another assignment",
                        st.assign.pos,
                    )
        return iterator_types(dims, reduced)

    # -- symbols ------------------------------------------------------------------------

    def symbols(self) -> tuple[SymbolDef, ...]:
        order: list[SymbolDef] = []
        for _, decl in self.ctx.operands:
            if isinstance(decl, TensorDef):
                for e in decl.shape:
                    order += e.symbols()
        attr_owner: dict[SymbolDef, str] = {}
        for name, decl in self.ctx.operands:
            if isinstance(decl, IndexAttrDef):
                for s in decl.symbols:
                    if s in attr_owner:
                        raise self.error(
                            f"symbol {s!r} is bound by both {attr_owner[s]} and {name}", decl.pos
                        )
                    attr_owner[s] = name
                    order.append(s)
        return tuple(first_seen(order))

    # -- types --------------------------------------------------------------------------

    def check_types(self, statements: list[_Statement]) -> None:
        types = _TypeUnifier(self)
        for st in statements:
            out = self.decls[st.assign.target.name]
            assert isinstance(out, TensorDef)
            value_type = types.of(st.value)
            types.unify(
                out.type_var.name,
                value_type,
                f"the assignment to {st.assign.target.name}",
                st.assign.pos,
                ("the output", "the assigned value"),
            )

    # -- affine maps --------------------------------------------------------------------

    def to_affine(
        self,
        expr: IndexExpr,
        dims: dict[DimDef, int],
        syms: dict[SymbolDef, int],
        pos: SourcePos | None,
    ) -> affine.AffineExpr:
        if isinstance(expr, DimDef):
            if expr not in dims:  # only reachable for shapes, which never hold dims
                raise self.error(f"dim {expr!r} is not a loop dim of the op", pos)
            return affine.dim(dims[expr])
        if isinstance(expr, SymbolDef):
            if expr not in syms:
                raise self.error(
                    f"symbol {expr!r} is not defined by any operand shape or index attribute",
                    pos,
                )
            return affine.sym(syms[expr])
        if isinstance(expr, IndexConst):
            return affine.constant(expr.value)
        assert isinstance(expr, IndexBinary)
        lhs = self.to_affine(expr.lhs, dims, syms, pos)
        rhs = self.to_affine(expr.rhs, dims, syms, pos)
        why = not_affine(expr.op, lhs, rhs)
        if why is not None:
            raise self.error(f"{expr!r} is not affine: {why}", pos)
        return combine(expr.op, lhs, rhs)

    # -- the whole op -------------------------------------------------------------------

    def build(self) -> StructuredOpConfig:
        statements = self.statements()
        accesses = self.check_refs(statements)
        dims = self.dims(statements)
        self.dim_names = tuple(d.name for d in dims)
        iterators = self.iterator_types(statements, dims)
        self.check_types(statements)
        syms = self.symbols()
        dim_pos = {d: i for i, d in enumerate(dims)}
        sym_pos = {s: i for i, s in enumerate(syms)}
        nd, ns = len(dims), len(syms)

        ref_pos: dict[str, SourcePos | None] = {}
        for st in statements:
            for ref in [st.assign.target, *st.value.walk()]:
                if isinstance(ref, OperandRef):
                    ref_pos.setdefault(ref.name, ref.pos or st.assign.pos)

        args: list[OperandDef] = []
        maps: list[affine.AffineMap] = []
        for name, decl in self.ctx.operands:
            if isinstance(decl, TensorDef):
                shape = tuple(self.to_affine(e, {}, sym_pos, decl.pos) for e in decl.shape)
                kind = OperandKind.OUTPUT_TENSOR if decl.output else OperandKind.INPUT_TENSOR
                args.append(
                    OperandDef(name, kind, decl.type_var.name, affine.AffineMap(0, ns, shape))
                )
                indices: tuple[IndexExpr, ...] = (
                    decl.index_dims if decl.index_dims is not None else accesses[name]
                )
                pos = decl.pos if decl.index_dims is not None else ref_pos.get(name)
                maps.append(
                    affine.AffineMap(
                        nd, ns, tuple(self.to_affine(e, dim_pos, sym_pos, pos) for e in indices)
                    )
                )
            elif isinstance(decl, ScalarDef):
                args.append(OperandDef(name, OperandKind.SCALAR, decl.type_var.name))
                maps.append(affine.AffineMap(nd, ns, ()))
            elif isinstance(decl, IndexAttrDef):
                results = tuple(affine.sym(sym_pos[s]) for s in decl.symbols)
                args.append(
                    OperandDef(
                        name,
                        OperandKind.INDEX_ATTR,
                        index_attr_map=affine.AffineMap(0, ns, results),
                        default_indices=decl.default,
                    )
                )
            elif isinstance(decl, FnAttrDef):
                assert decl.default is not None
                args.append(OperandDef(name, decl.kind.attr_kind, default_fn=decl.default.name))

        assignments = []
        for st in statements:
            value = _scalar_expr(st.value, dim_pos)
            target = st.assign.target.name
            if st.reduce is not None:
                name, through_attr = st.reduce.fn_name, st.reduce.through_attr
                value = ScalarFn(
                    FnKind.BINARY,
                    (ScalarArg(target), value),
                    fn_name=None if through_attr else name,
                    attr_name=name if through_attr else None,
                )
            assignments.append(ScalarAssign(target, value))
        return StructuredOpConfig(tuple(args), tuple(maps), iterators, tuple(assignments))


class _TypeUnifier:
    """Element types as equivalence classes; a class may hold at most one fixed type."""

    def __init__(self, analysis: _Analysis) -> None:
        self.analysis = analysis
        self.parent: dict[str, str] = {}

    def find(self, t: str) -> str:
        while self.parent.get(t, t) != t:
            t = self.parent[t]
        return t

    @staticmethod
    def is_fixed(t: str) -> bool:
        return t in FIXED_TYPES or t == "index"

    def unify(
        self,
        a: str,
        b: str,
        where: str,
        pos: SourcePos | None,
        sides: tuple[str, str] = ("the left operand", "the right operand"),
    ) -> str:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return ra
        if self.is_fixed(ra) and self.is_fixed(rb):
            raise self.analysis.error(
                f"type conflict in {where}: {sides[0]} {_describe(a, ra)} but {sides[1]} "
                f"{_describe(b, rb)}",
                pos,
            )
        if self.is_fixed(ra):
            self.parent[rb] = ra
            return ra
        self.parent[ra] = rb
        return rb

    def of(self, expr: ScalarExpression) -> str:
        pos = expr.pos
        if isinstance(expr, OperandRef):
            decl = self.analysis.decls[expr.name]
            assert isinstance(decl, (TensorDef, ScalarDef))
            return decl.type_var.name
        if isinstance(expr, Const):
            assert expr.type_var is not None
            return expr.type_var.name
        if isinstance(expr, IndexValue):
            return "index"
        assert isinstance(expr, FnCall)
        operand_types = [self.of(o) for o in expr.operands]
        label = _call_label(expr)
        if expr.kind is FnKind.TYPE:
            assert expr.type_var is not None
            return expr.type_var.name
        if expr.kind is FnKind.UNARY:
            return operand_types[0]
        if expr.kind is FnKind.BINARY:
            return self.unify(operand_types[0], operand_types[1], f"the operands of {label}", pos)
        return self.unify(
            operand_types[1],
            operand_types[2],
            f"the operands of {label}",
            pos,
            ("the true value", "the false value"),
        )


def _describe(t: str, root: str) -> str:
    if t == root:
        return f"is {t}"
    return f"has type {t}, which is bound to {root} elsewhere in the op"


def _call_label(call: FnCall) -> str:
    if call.attr_name is not None:
        return call.attr_name
    prefix = {
        FnKind.UNARY: "UnaryFn",
        FnKind.BINARY: "BinaryFn",
        FnKind.TERNARY: "TernaryFn",
        FnKind.TYPE: "TypeFn",
    }[call.kind]
    return f"{prefix}.{call.fn_name}"


def _scalar_expr(expr: ScalarExpression, dims: dict[DimDef, int]) -> ScalarExpr:
    if isinstance(expr, OperandRef):
        return ScalarArg(expr.name)
    if isinstance(expr, Const):
        return ScalarConst(expr.text)
    if isinstance(expr, IndexValue):
        return ScalarIndex(dims[expr.dim])
    assert isinstance(expr, FnCall)
    return ScalarFn(
        expr.kind,
        tuple(_scalar_expr(o, dims) for o in expr.operands),
        fn_name=expr.fn_name,
        attr_name=expr.attr_name,
        type_var=expr.type_var.name if expr.type_var is not None else None,
    )


def _expr_dim_uses(
    expr: ScalarExpression, default_pos: SourcePos | None, *, with_index: bool = True
) -> Iterator[tuple[DimDef, SourcePos | None]]:
    for node in expr.walk():
        if isinstance(node, OperandRef):
            for d in node.dims():
                yield d, node.pos or default_pos
        elif isinstance(node, IndexValue) and with_index:
            yield node.dim, node.pos or default_pos
        elif isinstance(node, Reduction):
            for d in node.dims:
                yield d, node.pos or default_pos


def _expr_dims(expr: ScalarExpression) -> Iterator[DimDef]:
    for d, _ in _expr_dim_uses(expr, None):
        yield d


def _line(pos: SourcePos | None) -> str:
    return str(pos.line) if pos is not None else "?"


def build_structured_op(
    ctx: OpContext, def_pos: SourcePos | None
) -> tuple[StructuredOpConfig, tuple[str, ...]]:
    """Analyse one op body's recordings into its config and its loop dims' names (in the
    config's `d0, d1, ...` order, for docs that keep the author's names); raises `DslError`
    naming the op and the user's line."""
    analysis = _Analysis(ctx, def_pos)
    return analysis.build(), analysis.dim_names


def op_metadata(ctx: OpContext, cpp_class_name: str, doc: str | None) -> OpMetadata:
    return OpMetadata(
        name=ctx.op_name,
        cpp_class_name=cpp_class_name,
        doc=doc,
        implements=tuple(i.cpp_name for i in ctx.implements),
        defines=tuple(d.cpp_name for d in ctx.defines),
    )
