"""TC syntax -> op configs: name resolution, dim and symbol numbering, type checks.

The rules (seed 000, "Named Payload Ops Specification"): shape symbols are
numbered in textual order over the header; loop dims are the outputs' dims,
then the `<...>` reduction dims, then dims first seen on the right-hand side;
attribute elements used in index expressions become index-attribute symbols
after the shape symbols. Element type names become type variables, one per
distinct name, because the historical tool recorded but never enforced them.
"""

from __future__ import annotations

from linalg_odsgen.affine import AffineMap, sym
from linalg_odsgen.comprehension import iterator_types
from linalg_odsgen.diagnostics import Diagnostic
from linalg_odsgen.model import (
    OpConfig,
    OperandDef,
    OperandKind,
    OpMetadata,
    ScalarAssign,
    StructuredOpConfig,
)
from linalg_odsgen.tc.declarations import Declarations
from linalg_odsgen.tc.indexing import Indexing, Resolver
from linalg_odsgen.tc.lexer import Pos
from linalg_odsgen.tc.state import Failed, choices, type_var
from linalg_odsgen.tc.syntax import Def
from linalg_odsgen.tc.values import Values
from linalg_odsgen.tc.walk import accesses_of


class _Lowering(Declarations, Indexing, Values):
    """Lowers one `Def` through its phases; collects its diagnostics."""

    def run(self) -> OpConfig | None:
        try:
            op: OpConfig | None = self._run()
        except Failed:
            op = None
        self.diags.extend(self.declaration_errors)
        return None if self.declaration_errors else op

    def _run(self) -> OpConfig:
        d = self.d
        if d.incomplete:  # its syntax errors are reported; more findings would be guesses
            raise Failed
        tensors = self.declare_tensors()
        attrs = self.declare_attrs(tensors)
        shape_symbols = self.shape_symbols(tensors)
        self.checkpoint()

        if not d.comprehensions:
            self.error(d.pos, f"def '{d.name}' has no comprehension: its body must assign outputs")
            raise Failed
        for extra in d.comprehensions[1:]:
            self.error(
                extra.pos,
                "a def holds a single comprehension; update several outputs in one "
                "(`Q(i), R(i) = e1, e2;`)",
            )
        comp = d.comprehensions[0]
        self.check_targets(comp.targets, comp.values, tensors)
        for v in comp.values:
            for use in accesses_of(v):
                if use.tensor not in tensors:
                    self.error(
                        use.pos,
                        f"'{use.tensor}' is neither a tensor of '{d.name}' nor an intrinsic"
                        f"{choices(self.all_tensors())}",
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
        resolver = Resolver(dims, shape_symbols, attrs, attr_base)

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
        iterators = iterator_types(dims, reduced=dims.keys() - out_dims)
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
