"""Lowering phase 2: the comprehension's indexing (targets, loop dims, maps, ranges).

Loop dims are numbered (outputs' dims, then `<...>` reduction dims, then dims first
seen on the right), index attributes become symbols after the shape symbols, and
every access becomes an affine map whose loop ranges can be derived.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from linalg_odsgen.affine import AffineExpr, AffineMap, dim, sym
from linalg_odsgen.tc.lexer import Pos
from linalg_odsgen.tc.parser import DIVISIONS
from linalg_odsgen.tc.state import IndexAttr, LoweringState, attr_choices, choices
from linalg_odsgen.tc.syntax import Access, Affine, AttrElem, BinOp, Expr, Name, Num, TensorParam
from linalg_odsgen.tc.walk import (
    accesses_of,
    affine_pos,
    build_affine,
    calls_of,
    constant_value,
    has_dim,
    leaves,
    nodes,
    spell,
)


class Indexing(LoweringState):
    """Numbers the loop dims and builds the indexing maps."""

    def check_targets(
        self, targets: tuple[Access, ...], values: tuple[Expr, ...], tensors: dict[str, TensorParam]
    ) -> None:
        written: dict[str, Access] = {}
        for t in targets:
            param = tensors.get(t.tensor)
            if param is None:
                self.error(t.pos, f"undefined tensor '{t.tensor}'{choices(self.d.outputs)}")
                continue
            if not param.is_output:
                self.error(
                    t.pos,
                    f"'{t.tensor}' is an input; only outputs can be assigned"
                    f"{choices(self.d.outputs)}",
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
                    bound = constant_value(param.shape[k]) if k < len(param.shape) else None
                    if bound is not None and not 0 <= idx.value < bound:
                        self.error(
                            idx.pos,
                            f"index {idx.value} of output '{t.tensor}' is out of range: that "
                            f"dimension has size {bound} (declared at line {param.pos.line})",
                        )
                    continue
                if not isinstance(idx, Name):
                    self.error(
                        affine_pos(idx),
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
        attrs: dict[str, IndexAttr],
        shape_symbols: dict[str, int],
    ) -> tuple[dict[str, DimPos], set[str], list[str]]:
        """Seed rule 5: outputs' dims, then `<...>` dims, then dims first seen on the right."""
        dims: dict[str, DimPos] = {}

        def add(n: Name) -> None:
            if n.name not in dims:
                dims[n.name] = DimPos(len(dims), n.pos)

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
            for call, top in calls_of(v):
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
            for a in accesses_of(v):
                for idx in a.indices:
                    for leaf in leaves(idx):
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
        self, targets: tuple[Access, ...], values: tuple[Expr, ...], attrs: dict[str, IndexAttr]
    ) -> set[str]:
        declared = {a.name: a for a in self.d.attrs}
        used: set[str] = set()
        for v in values:
            for a in accesses_of(v):
                for idx in a.indices:
                    for leaf in leaves(idx):
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
                                        f"undefined attribute '{leaf.name}'" + attr_choices(attrs),
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
        resolver: Resolver,
        red_dims: list[str],
        n_sym: int,
    ) -> dict[str, AffineMap]:
        n_dims = len(resolver.dims)
        first: dict[str, tuple[Access, tuple[AffineExpr, ...]]] = {}
        accesses = list(targets)
        for v in values:
            accesses.extend(accesses_of(v))
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

    def check_affine(self, e: Affine, where: str, is_dim: IsDim) -> bool:
        """Affine: in `a * b` one side is free of dims. Reports and returns False if not."""
        ok = True
        for node in nodes(e):
            if (
                isinstance(node, BinOp)
                and node.op == "*"
                and has_dim(node.lhs, is_dim)
                and has_dim(node.rhs, is_dim)
            ):
                self.error(
                    node.pos,
                    f"product of two loop dims in {where} is not affine; one side of '*' "
                    "must be an integer, an attribute or a size symbol",
                )
                ok = False
            if isinstance(node, BinOp) and node.op in DIVISIONS:
                divisor = constant_value(node.rhs)
                if divisor is None or divisor <= 0:
                    self.error(
                        node.pos,
                        f"'{node.op}' in {where} needs a positive integer on its right "
                        f"(as in m floordiv 2), found {spell(node.rhs)}",
                    )
                    ok = False
        return ok

    def check_loop_ranges(
        self, dims: dict[str, DimPos], maps: dict[str, AffineMap], tensors: dict[str, TensorParam]
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


IsDim = Callable[[Name], bool]
LeafFn = Callable[[Name | AttrElem], AffineExpr]


@dataclass(frozen=True)
class DimPos:
    index: int
    pos: Pos


class Resolver:
    """Turns index expressions into affine expressions once dims and symbols are numbered."""

    def __init__(
        self,
        dims: dict[str, DimPos],
        shape_symbols: dict[str, int],
        attrs: dict[str, IndexAttr],
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
        return build_affine(e, self.leaf)
