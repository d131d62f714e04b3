"""TC syntax -> op configs: name resolution, dim and symbol numbering, type checks.

The rules (seed 000, "Named Payload Ops Specification"): shape symbols are
numbered in textual order over the header; loop dims are the outputs' dims,
then the `<...>` reduction dims, then dims first seen on the right-hand side;
attribute elements used in index expressions become index-attribute symbols
after the shape symbols. Element type names become type variables, one per
distinct name, because the historical tool recorded but never enforced them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from linalg_odsgen.affine import AffineExpr, AffineMap, constant, dim, sym
from linalg_odsgen.diagnostics import Diagnostic, Severity
from linalg_odsgen.model import (
    FIXED_TYPES,
    FnKind,
    IteratorType,
    OpConfig,
    OperandDef,
    OperandKind,
    OpMetadata,
    ScalarArg,
    ScalarAssign,
    ScalarExpr,
    ScalarFn,
    StructuredOpConfig,
)
from linalg_odsgen.tc import intrinsics
from linalg_odsgen.tc.intrinsics import ELEMENT_TYPES, INT_TYPES, WIDTH, Intrinsic, type_class
from linalg_odsgen.tc.lexer import Pos
from linalg_odsgen.tc.parser import DIVISIONS
from linalg_odsgen.tc.syntax import (
    Access,
    Affine,
    AttrElem,
    AttrParam,
    BinOp,
    Call,
    Def,
    Expr,
    Name,
    Neg,
    Num,
    TensorParam,
)

# Element types an attribute may have that no tensor has.
ATTR_ONLY_TYPES = ("bool", "string", "index")


def type_var(elem: str) -> str:
    """The type variable standing for a TC element type name (`f32` -> `T_f32`)."""
    return f"T_{elem}"


@dataclass(frozen=True)
class _IndexAttr:
    """An integer attribute usable in index expressions, and how many elements it has."""

    param: AttrParam
    length: int
    scalar: bool  # used bare (`stride`), not indexed (`strides[0]`)


class _Failed(Exception):
    """This def has errors already reported; stop lowering it."""


class _Lowering:
    """Lowers one `Def`; collects its diagnostics."""

    def __init__(self, d: Def, file: str) -> None:
        self.d = d
        self.file = file
        self.diags: list[Diagnostic] = []
        self.paths: dict[str, Pos] = {}  # YAML path -> TC position, for validator findings
        # errors that do not stop lowering (so their uses are reported too)
        self.declaration_errors: list[Diagnostic] = []

    # -- reporting -----------------------------------------------------------------------

    def error(self, pos: Pos, message: str) -> None:
        self.diags.append(Diagnostic(message, self.file, pos.line, pos.column, op=self.d.name))

    def warn(self, pos: Pos, message: str) -> None:
        self.diags.append(
            Diagnostic(message, self.file, pos.line, pos.column, Severity.WARNING, op=self.d.name)
        )

    @property
    def failed(self) -> bool:
        return any(x.is_error for x in self.diags)

    def checkpoint(self) -> None:
        if self.failed:
            raise _Failed

    # -- the whole def -------------------------------------------------------------------

    def run(self) -> OpConfig | None:
        try:
            op: OpConfig | None = self._run()
        except _Failed:
            op = None
        self.diags.extend(self.declaration_errors)
        return None if self.declaration_errors else op

    def index_names(self) -> set[str]:
        """Every name an index expression of the body mentions (attributes among them)."""
        names: set[str] = set()
        for comp in self.d.comprehensions:
            accesses = [*comp.targets, *(x for v in comp.values for x in _accesses(v))]
            for access in accesses:
                for idx in access.indices:
                    names.update(leaf.name for leaf in _leaves(idx))
        return names

    @staticmethod
    def bad_type(a: AttrParam) -> bool:
        return a.elem_type not in ELEMENT_TYPES and a.elem_type not in ATTR_ONLY_TYPES

    def _run(self) -> OpConfig:
        d = self.d
        if d.incomplete:  # its syntax errors are reported; more findings would be guesses
            raise _Failed
        tensors = self.declare_tensors()
        attrs = self.declare_attrs(tensors)
        shape_symbols = self.shape_symbols(tensors)
        self.checkpoint()

        if not d.comprehensions:
            self.error(d.pos, f"def '{d.name}' has no comprehension: its body must assign outputs")
            raise _Failed
        for extra in d.comprehensions[1:]:
            self.error(
                extra.pos,
                "a def holds a single comprehension; update several outputs in one "
                "(`Q(i), R(i) = e1, e2;`)",
            )
        comp = d.comprehensions[0]
        self.check_targets(comp.targets, comp.values, tensors)
        for v in comp.values:
            for use in _accesses(v):
                if use.tensor not in tensors:
                    self.error(
                        use.pos,
                        f"'{use.tensor}' is neither a tensor of '{d.name}' nor an intrinsic"
                        f"{_choices(self.all_tensors())}",
                    )
        self.checkpoint()

        dims, out_dims, red_dims = self.number_dims(comp.targets, comp.values, attrs, shape_symbols)
        used_attrs = self.used_index_attrs(comp.targets, comp.values, attrs)
        self.checkpoint()

        # Symbols: shapes first, then the used index attributes in declaration order.
        n_shape = len(shape_symbols)
        attr_base: dict[str, int] = {}
        n_sym = n_shape
        for a in attrs.values():
            if a.param.name in used_attrs:
                attr_base[a.param.name] = n_sym
                n_sym += a.length
        resolver = _Resolver(dims, shape_symbols, attrs, attr_base)

        maps = self.access_maps(comp.targets, comp.values, tensors, resolver, red_dims, n_sym)
        self.checkpoint()
        self.check_loop_ranges(dims, maps, tensors)
        self.checkpoint()

        assignments = []
        for i, (target, value) in enumerate(zip(comp.targets, comp.values, strict=True)):
            out = tensors[target.tensor]
            expr = self.lower_value(value, target, out, tensors)
            if expr is not None:
                assignments.append(ScalarAssign(out.name, expr))
                self.paths[f"structured_op.assignments[{i}]"] = target.pos
        self.checkpoint()

        for a in attrs.values():
            if a.param.name not in used_attrs:
                self.warn(
                    a.param.pos,
                    f"attribute '{a.param.name}' ({a.param.type_text}) is ignored: no index "
                    "expression uses it",
                )
        params = [*d.inputs, *d.outputs]
        args: list[OperandDef] = []
        for t in params:
            self.paths[f"structured_op.args[{len(args)}]"] = t.pos
            shape = tuple(self.shape_expr(e, shape_symbols) for e in t.shape)
            args.append(
                OperandDef(
                    name=t.name,
                    kind=OperandKind.OUTPUT_TENSOR if t.is_output else OperandKind.INPUT_TENSOR,
                    type_var=type_var(t.elem_type),
                    shape_map=AffineMap(0, n_sym, shape),
                )
            )
        for a in attrs.values():
            if a.param.name not in used_attrs:
                continue
            self.paths[f"structured_op.args[{len(args)}]"] = a.param.pos
            base = attr_base[a.param.name]
            args.append(
                OperandDef(
                    name=a.param.name,
                    kind=OperandKind.INDEX_ATTR,
                    index_attr_map=AffineMap(
                        0, n_sym, tuple(sym(base + k) for k in range(a.length))
                    ),
                    default_indices=(1,) * a.length,
                )
            )
        for i, t in enumerate(params):
            self.paths[f"structured_op.indexing_maps.static_indexing_maps[{i}]"] = t.pos
        for dp in dims.values():
            self.paths[f"structured_op.iterator_types[{dp.index}]"] = dp.pos
        iterators = tuple(
            IteratorType.PARALLEL if name in out_dims else IteratorType.REDUCTION for name in dims
        )
        self.paths["metadata.name"] = d.pos
        self.paths["metadata.cpp_class_name"] = d.start
        self.paths["metadata"] = d.start
        self.paths["structured_op"] = d.pos
        return OpConfig(
            OpMetadata(
                name=d.name,
                cpp_class_name=d.class_name or f"{d.name}Op",
                doc=_doc(d.doc),
                implements=d.interfaces,
            ),
            StructuredOpConfig(
                args=tuple(args),
                indexing_maps=tuple(maps[t.name] for t in params),
                iterator_types=iterators,
                assignments=tuple(assignments),
            ),
        )

    # -- declarations --------------------------------------------------------------------

    def declare_tensors(self) -> dict[str, TensorParam]:
        tensors: dict[str, TensorParam] = {}
        for t in (*self.d.inputs, *self.d.outputs):
            if t.name in tensors:
                first = tensors[t.name]
                self.error(
                    t.pos,
                    f"tensor '{t.name}' is declared twice (first at line {first.pos.line})",
                )
                continue
            tensors[t.name] = t
            if t.elem_type not in ELEMENT_TYPES:
                self.error(
                    t.type_pos,
                    f"unknown element type '{t.elem_type}' of tensor '{t.name}'; expected one "
                    f"of: {', '.join(ELEMENT_TYPES)}",
                )
        if not self.d.outputs:
            self.error(self.d.pos, "the def has no output tensor: `-> (C: f32(M, N))`")
        return tensors

    def declare_attrs(self, tensors: dict[str, TensorParam]) -> dict[str, _IndexAttr]:
        """Every attribute; those with an integer element type and at most one dimension
        can be used in index expressions (the others only get a warning)."""
        usable: dict[str, _IndexAttr] = {}
        seen: dict[str, AttrParam] = {}
        for a in self.d.attrs:
            if a.name in seen or a.name in tensors:
                first = seen[a.name].pos if a.name in seen else tensors[a.name].pos
                self.error(
                    a.pos, f"attribute '{a.name}' is declared twice (first at line {first.line})"
                )
                continue
            seen[a.name] = a
            if self.bad_type(a) and a.name not in self.index_names():
                self.warn(a.type_pos, f"unknown attribute type '{a.type_text}'")
            elif self.bad_type(a):
                # an error here, at its cause, and where an index expression uses it: the
                # rest of the def is still checked, so that use is reported too
                self.declaration_errors.append(
                    Diagnostic(
                        f"unknown element type '{a.elem_type}' in the type '{a.type_text}' of "
                        f"attribute '{a.name}'; expected one of: "
                        f"{', '.join([*ELEMENT_TYPES, *ATTR_ONLY_TYPES])}",
                        self.file,
                        a.type_pos.line,
                        a.type_pos.column,
                        op=self.d.name,
                    )
                )
                continue
            is_int = a.elem_type in INT_TYPES or a.elem_type == "index"
            if not is_int:
                self.warn(
                    a.pos,
                    f"attribute '{a.name}' ({a.type_text}) is ignored: only integer attributes "
                    "used in index expressions (strides, dilations) mean something to an op "
                    "config",
                )
                continue
            if a.array_size is not None:
                if a.vector_shape or a.array_size < 0:
                    self.warn(
                        a.pos,
                        f"attribute '{a.name}' ({a.type_text}) is ignored: an index attribute "
                        "needs a known length (e.g. 2xi64 or i64[2])",
                    )
                    continue
                length, scalar = a.array_size, False
            elif len(a.vector_shape) > 1:
                self.warn(
                    a.pos,
                    f"attribute '{a.name}' ({a.type_text}) is ignored: index expressions can "
                    "only use integer scalars and 1-D integer vectors",
                )
                continue
            elif a.vector_shape:
                length, scalar = a.vector_shape[0], False
            else:
                length, scalar = 1, True
            if length == 0:
                self.warn(a.pos, f"attribute '{a.name}' ({a.type_text}) has no elements; ignored")
                continue
            usable[a.name] = _IndexAttr(a, length, scalar)
        return usable

    def shape_symbols(self, tensors: dict[str, TensorParam]) -> dict[str, int]:
        """Shape symbols, discovered eagerly in textual order over the header."""
        symbols: dict[str, int] = {}
        for t in tensors.values():
            for e in t.shape:
                for leaf in _leaves(e):
                    if isinstance(leaf, Name):
                        symbols.setdefault(leaf.name, len(symbols))
                    elif isinstance(leaf, AttrElem):
                        self.error(
                            leaf.pos,
                            f"'{leaf.name}[{leaf.index}]' in the shape of '{t.name}': shapes "
                            "are built from size symbols and integers only",
                        )
        return symbols

    def shape_expr(self, e: Affine, symbols: dict[str, int]) -> AffineExpr:
        return _build(e, lambda n: sym(symbols[n.name]))

    # -- the comprehension ---------------------------------------------------------------

    def check_targets(
        self, targets: tuple[Access, ...], values: tuple[Expr, ...], tensors: dict[str, TensorParam]
    ) -> None:
        written: dict[str, Access] = {}
        for t in targets:
            param = tensors.get(t.tensor)
            if param is None:
                self.error(t.pos, f"undefined tensor '{t.tensor}'{_choices(self.d.outputs)}")
                continue
            if not param.is_output:
                self.error(
                    t.pos,
                    f"'{t.tensor}' is an input; only outputs can be assigned"
                    f"{_choices(self.d.outputs)}",
                )
                continue
            if t.tensor in written:
                self.error(
                    t.pos,
                    f"output '{t.tensor}' is written twice (first at line "
                    f"{written[t.tensor].pos.line}, column {written[t.tensor].pos.column})",
                )
                continue
            written[t.tensor] = t
            self.check_rank(t, param)
            seen: set[str] = set()
            for k, idx in enumerate(t.indices):
                if isinstance(idx, Num):
                    # the historical `x(0) = ...` of a size-1 output: a constant map result
                    bound = _constant(param.shape[k]) if k < len(param.shape) else None
                    if bound is not None and not 0 <= idx.value < bound:
                        self.error(
                            idx.pos,
                            f"index {idx.value} of output '{t.tensor}' is out of range: that "
                            f"dimension has size {bound} (declared at line {param.pos.line})",
                        )
                    continue
                if not isinstance(idx, Name):
                    self.error(
                        _affine_pos(idx),
                        f"the indices of output '{t.tensor}' must be loop dims or integers "
                        f"such as {t.tensor}(m, n) or {t.tensor}(0), not expressions",
                    )
                elif idx.name in seen:
                    self.error(idx.pos, f"dim '{idx.name}' indexes output '{t.tensor}' twice")
                else:
                    seen.add(idx.name)
        for o in self.d.outputs:
            if o.name not in written and o.name in tensors and tensors[o.name] is o:
                self.error(o.pos, f"output '{o.name}' is never written by the comprehension")
        if len(targets) != len(values):
            pos = values[min(len(values), len(targets)) - 1].pos if values else targets[0].pos
            self.error(
                pos,
                f"the comprehension assigns {len(targets)} output(s) but gives "
                f"{len(values)} expression(s); the i-th expression updates the i-th output",
            )

    def check_rank(self, a: Access, param: TensorParam) -> None:
        if len(a.indices) != len(param.shape):
            self.error(
                a.pos,
                f"tensor '{a.tensor}' has rank {len(param.shape)} (declared at line "
                f"{param.pos.line}) but is accessed with {len(a.indices)} indices",
            )

    def number_dims(
        self,
        targets: tuple[Access, ...],
        values: tuple[Expr, ...],
        attrs: dict[str, _IndexAttr],
        shape_symbols: dict[str, int],
    ) -> tuple[dict[str, _DimPos], set[str], list[str]]:
        """Seed rule 5: outputs' dims, then `<...>` dims, then dims first seen on the right."""
        dims: dict[str, _DimPos] = {}

        def add(n: Name) -> None:
            if n.name not in dims:
                dims[n.name] = _DimPos(len(dims), n.pos)

        for t in targets:
            for idx in t.indices:
                if isinstance(idx, Name):
                    if idx.name in attrs or idx.name in shape_symbols:
                        what = "an attribute" if idx.name in attrs else "a shape symbol"
                        self.error(
                            idx.pos,
                            f"'{idx.name}' is {what}; output '{t.tensor}' must be indexed by "
                            "loop dims",
                        )
                    add(idx)
        out_dims = set(dims)
        red: list[str] = []
        for v in values:
            for call, top in _calls(v):
                if not call.has_angle:
                    continue
                if not top:
                    self.error(
                        call.pos,
                        f"reduction dims `<...>` belong on the outermost operation of an "
                        f"output's expression, not on the nested '{call.fn}'",
                    )
                    continue
                if not call.reduction_dims:
                    self.error(call.pos, f"'{call.fn}<>' lists no reduction dim")
                listed: set[str] = set()
                for n in call.reduction_dims:
                    if n.name in listed:
                        self.error(n.pos, f"reduction dim '{n.name}' is listed twice")
                        continue
                    listed.add(n.name)
                    if n.name in out_dims:
                        self.error(
                            n.pos,
                            f"reduction dim '{n.name}' indexes an output; a dim listed in "
                            "<...> must not appear in the output's indices",
                        )
                    elif n.name in red:  # shared by several outputs' reductions
                        continue
                    elif n.name in attrs or n.name in shape_symbols:
                        self.error(
                            n.pos,
                            f"'{n.name}' in <...> is not a dim: it names an attribute "
                            "or a shape symbol",
                        )
                    else:
                        red.append(n.name)
                        add(n)
        for v in values:
            for a in _accesses(v):
                for idx in a.indices:
                    for leaf in _leaves(idx):
                        if not isinstance(leaf, Name) or leaf.name in attrs:
                            continue
                        if leaf.name in shape_symbols:
                            self.error(
                                leaf.pos,
                                f"'{leaf.name}' is a size symbol of the header; index "
                                "expressions use loop dims, integers and attributes (sizes are "
                                "not known to an op's indexing maps)",
                            )
                        else:
                            add(leaf)
        return dims, out_dims, red

    def used_index_attrs(
        self, targets: tuple[Access, ...], values: tuple[Expr, ...], attrs: dict[str, _IndexAttr]
    ) -> set[str]:
        declared = {a.name: a for a in self.d.attrs}
        used: set[str] = set()
        for v in values:
            for a in _accesses(v):
                for idx in a.indices:
                    for leaf in _leaves(idx):
                        if isinstance(leaf, AttrElem):
                            ia = attrs.get(leaf.name)
                            if ia is None:
                                if leaf.name in declared and self.bad_type(declared[leaf.name]):
                                    p = declared[leaf.name]
                                    self.error(
                                        leaf.pos,
                                        f"attribute '{leaf.name}' cannot be used in an index "
                                        f"expression: its type '{p.type_text}' (line "
                                        f"{p.type_pos.line}) has an unknown element type",
                                    )
                                elif leaf.name in declared:
                                    p = declared[leaf.name]
                                    self.error(
                                        leaf.pos,
                                        f"attribute '{leaf.name}' ({p.type_text}) cannot be "
                                        "used in an index expression: only integer scalars "
                                        "and 1-D integer vectors (e.g. 2xi64) can",
                                    )
                                else:
                                    self.error(
                                        leaf.pos,
                                        f"undefined attribute '{leaf.name}'" + _attr_choices(attrs),
                                    )
                            elif ia.scalar:
                                self.error(
                                    leaf.pos,
                                    f"attribute '{leaf.name}' is a scalar ({ia.param.type_text});"
                                    f" write '{leaf.name}', not '{leaf.name}[{leaf.index}]'",
                                )
                            elif not 0 <= leaf.index < ia.length:
                                self.error(
                                    leaf.pos,
                                    f"index {leaf.index} is out of range for attribute "
                                    f"'{leaf.name}' of type {ia.param.type_text} (valid: "
                                    f"0..{ia.length - 1})",
                                )
                            else:
                                used.add(leaf.name)
                        elif (
                            isinstance(leaf, Name)
                            and leaf.name in declared
                            and leaf.name not in attrs
                            and self.bad_type(declared[leaf.name])
                        ):
                            p = declared[leaf.name]
                            self.error(
                                leaf.pos,
                                f"attribute '{leaf.name}' cannot be used in an index expression: "
                                f"its type '{p.type_text}' (line {p.type_pos.line}) has an "
                                "unknown element type",
                            )
                        elif isinstance(leaf, Name) and leaf.name in attrs:
                            ia = attrs[leaf.name]
                            if not ia.scalar:
                                self.error(
                                    leaf.pos,
                                    f"attribute '{leaf.name}' has {ia.length} elements "
                                    f"({ia.param.type_text}); index it, e.g. '{leaf.name}[0]'",
                                )
                            else:
                                used.add(leaf.name)
        return used

    def access_maps(
        self,
        targets: tuple[Access, ...],
        values: tuple[Expr, ...],
        tensors: dict[str, TensorParam],
        resolver: _Resolver,
        red_dims: list[str],
        n_sym: int,
    ) -> dict[str, AffineMap]:
        n_dims = len(resolver.dims)
        first: dict[str, tuple[Access, tuple[AffineExpr, ...]]] = {}
        accesses = list(targets)
        for v in values:
            accesses.extend(_accesses(v))
        for a in accesses:
            param = tensors.get(a.tensor)
            if param is None:  # targets were checked; values parse as accesses only if known
                continue
            if len(a.indices) != len(param.shape):
                if a not in targets:
                    self.check_rank(a, param)
                continue
            ok = True
            for idx in a.indices:
                ok &= self.check_affine(idx, f"the indices of '{a.tensor}'", resolver.is_dim)
            if not ok:
                continue
            exprs = tuple(resolver.expr(idx) for idx in a.indices)
            if a.tensor not in first:
                first[a.tensor] = (a, exprs)
            elif first[a.tensor][1] != exprs:
                prev = first[a.tensor][0]
                self.error(
                    a.pos,
                    f"tensor '{a.tensor}' is used with two different index expressions "
                    f"(first at line {prev.pos.line}, column {prev.pos.column}); each tensor "
                    "has a single indexing",
                )
        maps = {name: AffineMap(n_dims, n_sym, exprs) for name, (_, exprs) in first.items()}
        if self.failed:  # a rejected access would otherwise look like a shape-only tensor
            return maps
        used_dims: set[int] = set()
        for m in maps.values():
            used_dims |= m.used_dims()
        red_exprs = tuple(dim(resolver.dims[n].index) for n in red_dims)
        shape_only = [t for t in self.d.inputs if t.name not in maps]
        for t in shape_only:
            if not red_dims:
                self.error(
                    t.pos,
                    f"input '{t.name}' is never used and there are no reduction dims <...> for "
                    "it to give the size of (a shape-only tensor is indexed by the <...> dims)",
                )
            elif len(t.shape) != len(red_dims):
                self.error(
                    t.pos,
                    f"input '{t.name}' is never used, so it is shape-only: indexed by the "
                    f"reduction dims <{', '.join(red_dims)}>, it needs rank {len(red_dims)}, "
                    f"but is declared with rank {len(t.shape)}",
                )
            else:
                maps[t.name] = AffineMap(n_dims, n_sym, red_exprs)
        if not shape_only:
            for n in red_dims:
                if resolver.dims[n].index not in used_dims:
                    self.error(
                        resolver.dims[n].pos,
                        f"reduction dim '{n}' is never used: no tensor access has it in an "
                        "index (and no shape-only tensor gives its size)",
                    )
        return maps

    def check_affine(self, e: Affine, where: str, is_dim: _IsDim) -> bool:
        """Affine: in `a * b` one side is free of dims. Reports and returns False if not."""
        ok = True
        for node in _nodes(e):
            if (
                isinstance(node, BinOp)
                and node.op == "*"
                and _has_dim(node.lhs, is_dim)
                and _has_dim(node.rhs, is_dim)
            ):
                self.error(
                    node.pos,
                    f"product of two loop dims in {where} is not affine; one side of '*' "
                    "must be an integer, an attribute or a size symbol",
                )
                ok = False
            if isinstance(node, BinOp) and node.op in DIVISIONS:
                divisor = _constant(node.rhs)
                if divisor is None or divisor <= 0:
                    self.error(
                        node.pos,
                        f"'{node.op}' in {where} needs a positive integer on its right "
                        f"(as in m floordiv 2), found {_spell(node.rhs)}",
                    )
                    ok = False
        return ok

    def check_loop_ranges(
        self, dims: dict[str, _DimPos], maps: dict[str, AffineMap], tensors: dict[str, TensorParam]
    ) -> None:
        plain: set[int] = set()
        for m in maps.values():
            plain |= {p for p in m.dim_positions() if p is not None}
        for name, dp in dims.items():
            if dp.index not in plain:
                self.error(
                    dp.pos,
                    f"the range of dim '{name}' cannot be derived: no tensor is indexed by "
                    f"'{name}' alone (as in A({name}, ...))",
                )

    # -- payload ---------------------------------------------------------------------------

    def lower_value(
        self, value: Expr, target: Access, out: TensorParam, tensors: dict[str, TensorParam]
    ) -> ScalarExpr | None:
        if isinstance(value, Call) and value.has_angle:
            intr = self.intrinsic(value)
            if intr is None:
                return None
            if not intr.can_reduce:
                self.error(
                    value.pos,
                    f"'{value.fn}' cannot take reduction dims: only binary arithmetic and "
                    "std_select combine a value with an accumulator",
                )
                return None
            acc = Access(target.tensor, target.indices, value.pos)
            if len(value.args) == intr.arity - 1 and intr.kind is FnKind.BINARY:
                # Seed form: the accumulator (the output) is implicit and comes first.
                value = Call(value.fn, value.reduction_dims, (acc, *value.args), value.pos, True)
            elif len(value.args) == intr.arity and not any(
                _same_access(a, target) for a in value.args
            ):
                self.warn(
                    value.pos,
                    f"the reduction '{value.fn}<...>' never reads output "
                    f"'{target.tensor}': each iteration overwrites it (write "
                    f"{_show(target)} as an operand to accumulate)",
                )
        typed = self.lower_expr(value, tensors)
        if typed is None:
            return None
        expr, elem = typed
        if elem != out.elem_type:
            self.error(
                value.pos,
                f"the expression has element type {elem} but output '{out.name}' is "
                f"{out.elem_type}; convert it (e.g. std_sexti32, std_sitofpf32)",
            )
            return None
        return expr

    def intrinsic(self, call: Call) -> Intrinsic | None:
        intr = intrinsics.lookup(call.fn)
        if intr is None:
            if call.fn.startswith("std_"):
                self.error(
                    call.pos,
                    f"unknown intrinsic '{call.fn}'; expected one of: {intrinsics.known_names()}",
                )
            else:
                self.error(
                    call.pos,
                    f"'{call.fn}' is neither a tensor of '{self.d.name}' nor an intrinsic "
                    f"(intrinsics are named std_*, e.g. std_addf){_choices(self.all_tensors())}",
                )
        return intr

    def all_tensors(self) -> tuple[TensorParam, ...]:
        return (*self.d.inputs, *self.d.outputs)

    def lower_expr(self, e: Expr, tensors: dict[str, TensorParam]) -> tuple[ScalarExpr, str] | None:
        if isinstance(e, Access):
            return ScalarArg(e.tensor), tensors[e.tensor].elem_type
        if intrinsics.comparison(e.fn)[1]:
            self.error(
                e.pos,
                f"'{e.fn}' cannot be used on its own: op configs have no comparison function; "
                f"a comparison is accepted only in the max/min idiom "
                f"std_select({e.fn}(a, b), a, b)",
            )
            return None
        if (
            e.fn == "std_select"
            and len(e.args) == 3
            and isinstance(e.args[0], Call)
            and intrinsics.comparison(e.args[0].fn)[1]
        ):
            return self.lower_select_idiom(e, e.args[0], tensors)
        intr = self.intrinsic(e)
        if intr is None:
            return None
        if len(e.args) != intr.arity:
            self.error(
                e.pos,
                f"'{e.fn}' takes {intr.arity} operand{'s' if intr.arity != 1 else ''}, "
                f"got {len(e.args)}",
            )
            return None
        lowered = [self.lower_expr(a, tensors) for a in e.args]
        if any(x is None for x in lowered):
            return None
        operands = tuple(x[0] for x in lowered if x is not None)
        types = [x[1] for x in lowered if x is not None]
        if intr.kind is FnKind.TERNARY:
            if types[0] != "i1":
                self.error(
                    _expr_pos(e.args[0]),
                    f"the condition of '{e.fn}' must have element type i1, found {types[0]}",
                )
                return None
            if types[1] != types[2]:
                self.error(
                    e.pos,
                    f"the two values of '{e.fn}' have different element types {types[1]} and "
                    f"{types[2]}",
                )
                return None
            return ScalarFn(FnKind.TERNARY, operands, fn_name=intr.fn), types[1]
        for arg, t in zip(e.args, types, strict=True):
            if type_class(t) != intr.operands:
                self.error(
                    _expr_pos(arg),
                    f"'{e.fn}' takes {intr.operands} operands, but this one has element type "
                    f"{t}" + _suggest(intr, t),
                )
                return None
        if intr.kind is FnKind.TYPE:
            assert intr.target is not None
            src, dst = types[0], intr.target
            if intr.width_rule == "wider" and not WIDTH[dst] > WIDTH[src]:
                self.error(e.pos, f"'{e.fn}' extends to {dst}, which is not wider than {src}")
                return None
            if intr.width_rule == "narrower" and not WIDTH[dst] < WIDTH[src]:
                self.error(e.pos, f"'{e.fn}' truncates to {dst}, which is not narrower than {src}")
                return None
            tv = self.cast_target(dst, e)
            if tv is None:
                return None
            return ScalarFn(FnKind.TYPE, operands, fn_name=intr.fn, type_var=tv), dst
        if len(set(types)) > 1:
            self.error(
                e.pos,
                f"the operands of '{e.fn}' have different element types "
                f"{' and '.join(types)}; convert one first",
            )
            return None
        return ScalarFn(intr.kind, operands, fn_name=intr.fn), types[0]

    def lower_select_idiom(
        self, e: Call, cond: Call, tensors: dict[str, TensorParam]
    ) -> tuple[ScalarExpr, str] | None:
        """`std_select(cmp(a, b), a, b)`: the max or min of a and b, as the old pooling
        specs wrote it."""
        cmp, _ = intrinsics.comparison(cond.fn)
        if cmp is None:
            self.error(
                cond.pos,
                f"'{cond.fn}' in std_select has no max/min reading; only the gt/ge/lt/le "
                "predicates select the larger or smaller value",
            )
            return None
        if len(cond.args) != 2:
            self.error(cond.pos, f"'{cond.fn}' takes 2 operands, got {len(cond.args)}")
            return None
        (p, q), (x, y) = cond.args, e.args[1:]
        if _same_expr(p, x) and _same_expr(q, y):
            greater = cmp.greater
        elif _same_expr(p, y) and _same_expr(q, x):
            greater = not cmp.greater
        else:
            self.error(
                cond.pos,
                f"std_select({cond.fn}(a, b), ...) must select between the compared values "
                "a and b (the max/min idiom); op configs have no comparison function",
            )
            return None
        lowered = [self.lower_expr(v, tensors) for v in (x, y)]
        if lowered[0] is None or lowered[1] is None:
            return None
        (xe, xt), (ye, yt) = lowered[0], lowered[1]
        if xt != yt:
            self.error(
                e.pos, f"the two values of 'std_select' have different element types {xt} and {yt}"
            )
            return None
        if type_class(xt) != cmp.operands:
            self.error(
                cond.pos,
                f"'{cond.fn}' compares {cmp.operands} values, but they have element type {xt}",
            )
            return None
        kind = "max" if greater else "min"
        fn_name = f"{kind}_{'unsigned' if cmp.unsigned else 'signed'}"
        if cmp.operands == "float":
            self.warn(
                e.pos,
                f"std_select({cond.fn}(a, b), a, b) is read as the float {kind} "
                f"({fn_name}, arith.{kind}imumf): equal except when an operand is NaN "
                "(the result is NaN) or both are zeros of opposite sign",
            )
        return ScalarFn(FnKind.BINARY, (xe, ye), fn_name=fn_name), xt

    def cast_target(self, elem: str, call: Call) -> str | None:
        """The type variable a conversion to `elem` produces: that of the tensors declared
        `elem`, else MLIR's fixed type of that name."""
        if any(t.elem_type == elem for t in self.all_tensors()):
            return type_var(elem)
        fixed = elem.upper()
        if fixed in FIXED_TYPES:
            return fixed
        self.error(
            call.pos,
            f"'{call.fn}' converts to {elem}, but no tensor of the op has element type {elem}; "
            f"an op config can only name a conversion target through an operand's type or "
            f"one of {', '.join(t.lower() for t in FIXED_TYPES)}",
        )
        return None


_IsDim = Callable[[Name], bool]
_LeafFn = Callable[[Name | AttrElem], AffineExpr]


@dataclass(frozen=True)
class _DimPos:
    index: int
    pos: Pos


class _Resolver:
    """Turns index expressions into affine expressions once dims and symbols are numbered."""

    def __init__(
        self,
        dims: dict[str, _DimPos],
        shape_symbols: dict[str, int],
        attrs: dict[str, _IndexAttr],
        attr_base: dict[str, int],
    ) -> None:
        self.dims = dims
        self.shape_symbols = shape_symbols
        self.attrs = attrs
        self.attr_base = attr_base

    def is_dim(self, n: Name) -> bool:
        return n.name in self.dims and n.name not in self.attrs and n.name not in self.shape_symbols

    def leaf(self, n: Name | AttrElem) -> AffineExpr:
        if isinstance(n, AttrElem):
            return sym(self.attr_base[n.name] + n.index)
        if n.name in self.attrs:
            return sym(self.attr_base[n.name])
        if n.name in self.shape_symbols:
            return sym(self.shape_symbols[n.name])
        return dim(self.dims[n.name].index)

    def expr(self, e: Affine) -> AffineExpr:
        return _build(e, self.leaf)


def _build(e: Affine, leaf: _LeafFn) -> AffineExpr:
    if isinstance(e, Num):
        return constant(e.value)
    if isinstance(e, (Name, AttrElem)):
        return leaf(e)
    if isinstance(e, Neg):
        return -_build(e.operand, leaf)
    lhs, rhs = _build(e.lhs, leaf), _build(e.rhs, leaf)
    if e.op == "+":
        return lhs + rhs
    if e.op == "-":
        return lhs - rhs
    if e.op == "floordiv":
        return lhs.floordiv(rhs)
    if e.op == "ceildiv":
        return lhs.ceildiv(rhs)
    if e.op == "mod":
        return lhs.mod(rhs)
    return lhs * rhs


def _nodes(e: Affine) -> Iterator[Affine]:
    stack = [e]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, BinOp):
            stack.extend((node.rhs, node.lhs))
        elif isinstance(node, Neg):
            stack.append(node.operand)


def _leaves(e: Affine) -> Iterator[Name | AttrElem]:
    """Names and attribute elements of `e`, left to right."""
    for node in _nodes(e):
        if isinstance(node, (Name, AttrElem)):
            yield node


def _has_dim(e: Affine, is_dim: _IsDim) -> bool:
    return any(isinstance(x, Name) and is_dim(x) for x in _leaves(e))


def _constant(e: Affine) -> int | None:
    """The value of an index expression made of integers only (None if it has a name)."""
    if isinstance(e, Num):
        return e.value
    if isinstance(e, Neg):
        inner = _constant(e.operand)
        return None if inner is None else -inner
    if isinstance(e, BinOp) and e.op in ("+", "-", "*"):
        lhs, rhs = _constant(e.lhs), _constant(e.rhs)
        if lhs is None or rhs is None:
            return None
        return lhs + rhs if e.op == "+" else lhs - rhs if e.op == "-" else lhs * rhs
    return None


def _spell(e: Affine) -> str:
    """An index expression written back as TC text (for messages)."""
    if isinstance(e, Num):
        return str(e.value)
    if isinstance(e, Name):
        return e.name
    if isinstance(e, AttrElem):
        return f"{e.name}[{e.index}]"
    if isinstance(e, Neg):
        return f"-{_spell(e.operand)}"
    return f"({_spell(e.lhs)} {e.op} {_spell(e.rhs)})"


def _affine_pos(e: Affine) -> Pos:
    if isinstance(e, BinOp):
        return _affine_pos(e.lhs)
    return e.pos


def _expr_pos(e: Expr) -> Pos:
    return e.pos


def _calls(e: Expr, top: bool = True) -> Iterator[tuple[Call, bool]]:
    """Every call of `e` in textual order, with whether it is the outermost one."""
    if isinstance(e, Call):
        yield e, top
        for a in e.args:
            yield from _calls(a, False)


def _accesses(e: Expr) -> Iterator[Access]:
    """Every tensor access of `e` in textual order."""
    if isinstance(e, Access):
        yield e
    else:
        for a in e.args:
            yield from _accesses(a)


def _same_expr(a: Expr, b: Expr) -> bool:
    """Whether two expressions are written the same (positions aside)."""
    if isinstance(a, Access) and isinstance(b, Access):
        return a.tensor == b.tensor and _strip(a.indices) == _strip(b.indices)
    if isinstance(a, Call) and isinstance(b, Call):
        return (
            a.fn == b.fn
            and [n.name for n in a.reduction_dims] == [n.name for n in b.reduction_dims]
            and len(a.args) == len(b.args)
            and all(_same_expr(x, y) for x, y in zip(a.args, b.args, strict=True))
        )
    return False


def _same_access(e: Expr, target: Access) -> bool:
    return (
        isinstance(e, Access)
        and e.tensor == target.tensor
        and _strip(e.indices) == _strip(target.indices)
    )


def _strip(indices: tuple[Affine, ...]) -> tuple[object, ...]:
    """Indices without positions, to compare two accesses as written."""

    def go(e: Affine) -> object:
        if isinstance(e, Num):
            return e.value
        if isinstance(e, Name):
            return e.name
        if isinstance(e, AttrElem):
            return (e.name, e.index)
        if isinstance(e, Neg):
            return ("neg", go(e.operand))
        return (e.op, go(e.lhs), go(e.rhs))

    return tuple(go(i) for i in indices)


def _show(a: Access) -> str:
    names = [i.name if isinstance(i, Name) else "..." for i in a.indices]
    return f"{a.tensor}({', '.join(names)})"


def _choices(params: tuple[TensorParam, ...]) -> str:
    return f"; expected one of: {', '.join(p.name for p in params)}" if params else ""


def _attr_choices(attrs: dict[str, _IndexAttr]) -> str:
    return f"; expected one of: {', '.join(attrs)}" if attrs else " (the def has no attr(...))"


def _suggest(intr: Intrinsic, elem: str) -> str:
    if intr.kind is FnKind.TYPE:
        return ""
    alt = {
        "std_addf": "std_addi",
        "std_addi": "std_addf",
        "std_subf": "std_subi",
        "std_subi": "std_subf",
        "std_mulf": "std_muli",
        "std_muli": "std_mulf",
        "std_divf": "std_divis",
        "std_divis": "std_divf",
    }.get(intr.name)
    return f" (use {alt} for {type_class(elem)} arithmetic)" if alt else ""


def _doc(text: str | None) -> str | None:
    """First non-blank line is the summary; the rest (dedented) the description."""
    if text is None:
        return None
    lines = text.expandtabs(8).split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    if not lines:
        return None
    summary = lines[0].strip()
    rest = lines[1:]
    indents = [len(x) - len(x.lstrip()) for x in rest if x.strip()]
    cut = min(indents) if indents else 0
    body = [x[cut:].rstrip() for x in rest]
    while body and not body[0]:
        body.pop(0)
    while body and not body[-1]:
        body.pop()
    return summary + ("\n\n" + "\n".join(body) if body else "")


def lower(d: Def, file: str) -> tuple[OpConfig | None, list[Diagnostic], dict[str, Pos]]:
    """The op config of `d` (None when it has errors), its diagnostics, and the TC
    position of each YAML path (for positioning later validator findings)."""
    lowering = _Lowering(d, file)
    op = lowering.run()
    return op, lowering.diags, lowering.paths
