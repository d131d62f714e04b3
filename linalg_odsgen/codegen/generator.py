"""Model -> generated Python op module (`gen-impl`).

Each op config becomes a `StructuredOp` subclass whose class attributes restate
the config in code (operands, maps, iterator types), whose `build_region` is the
assignment tree as straight-line region-builder calls, and whose `run_loops` is
the op's loop nest; plus a call-form function and the `OPS` table. Layout is
computed here (already in `ruff format` style); the skeleton is the jinja2
template `templates/module.py.j2`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import jinja2

from linalg_odsgen import __version__
from linalg_odsgen.affine import (
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineExprKind,
    AffineMap,
    AffineSymbolExpr,
)
from linalg_odsgen.codegen.pyfmt import (
    INDENT,
    bracketed,
    call,
    fits,
    local_name,
    module_name,
    pystr,
    shell_command,
)
from linalg_odsgen.model import (
    IteratorType,
    OpConfig,
    OperandDef,
    OperandKind,
    OpLibrary,
    ScalarArg,
    ScalarConst,
    ScalarExpr,
    ScalarFn,
    ScalarIndex,
)

# Names the module defines or imports; generated op functions and classes avoid them.
_MODULE_NAMES = {
    "annotations",
    "builtins",
    "Any",
    "AffineMap",
    "IteratorType",
    "OperandDef",
    "OperandKind",
    "RegionHelper",
    "StructuredOp",
    "loop_nest",
    "require_runtime",
    "GENERATED_BY",
    "PARALLEL",
    "REDUCTION",
    "OPS",
    # what the `.pyi` stub imports (codegen/stub.py): its op functions must not shadow them
    "Array",
    "FnAttr",
    "IndexAttr",
    "IndexingMaps",
    "Outputs",
    "Scalar",
    "Tensor",
}

_AMBIGUOUS = {"l", "O", "I"}


@dataclass(frozen=True)
class OpContext:
    """Everything the template prints for one op."""

    class_name: str
    func_name: str
    op_name: str
    summary: str
    attr_lines: tuple[str, ...]
    region_lines: tuple[str, ...]
    loops_lines: tuple[str, ...]
    func_doc: str


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("linalg_odsgen.codegen", "templates"),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        autoescape=False,
    )
    env.filters["pystr"] = pystr
    return env


GEN_IMPL_HINT = "Regenerate it with:"
CHECK_HINT = (
    "`linalg-ods-gen check` fails while it is stale; `check --write` or this regenerates it:"
)


def op_contexts(library: OpLibrary) -> list[OpContext]:
    """What the module states for each op, with the class and function names it picks."""
    taken = set(_MODULE_NAMES)
    return [_op_context(config, taken) for config in library.ops]


def generate_module(
    library: OpLibrary,
    source_name: str,
    output_name: str = "OUT.py",
    stub_name: str | None = None,
) -> str:
    """The generated module's text for `library` (read from `source_name`).

    The header's first two lines are fixed text (so nothing from a path can form a
    PEP 263 coding cookie); the third is the exact gen-impl command for this file,
    each argument a shell word with any unusual character escaped (`stub_name`: the
    command also writes that `.pyi` stub).
    """
    ops = op_contexts(library)
    uses_loop_nest = any("loop_nest(" in line for op in ops for line in op.loops_lines)
    uses_range = any("builtins.range(" in line for op in ops for line in op.loops_lines)
    template = _environment().get_template("module.py.j2")
    return template.render(
        command=shell_command(
            ["linalg-ods-gen", "gen-impl", source_name, "-o", output_name]
            + (["--stub", stub_name] if stub_name is not None else [])
        ),
        source_title=_docstring_safe(source_name),
        ops=ops,
        public_names=_public_names(ops),
        uses_loop_nest=uses_loop_nest,
        uses_range=uses_range,
        version=__version__,
    )


def _public_names(ops: list[OpContext]) -> list[str]:
    """`__all__`: OPS, each op's class and function, in the order ruff's RUF022 keeps
    (SCREAMING_CASE, then CamelCase, then the rest, each sorted)."""
    names = ["OPS", *(op.class_name for op in ops), *(op.func_name for op in ops)]

    def kind(name: str) -> int:
        if name.isupper():
            return 0
        return 1 if name[:1].isupper() else 2

    return sorted(names, key=lambda n: (kind(n), n))


# -- one op ---------------------------------------------------------------------------------


def _op_context(config: OpConfig, taken: set[str]) -> OpContext:
    meta = config.metadata
    class_name = module_name(meta.cpp_class_name or _camel(meta.name), taken)
    taken.add(class_name)
    func_name = module_name(meta.name, taken)
    taken.add(func_name)
    s = config.structured_op
    value_args = s.value_args
    rank_polymorphic = all(m.num_dims == 0 for m in s.indexing_maps) and len(s.indexing_maps) > 0
    uses_index = any(_uses_index(a.value) for a in s.assignments)
    ind = INDENT
    attrs: list[str] = []
    attrs.append(f"{ind}OP_NAME = {pystr(meta.name)}")
    attrs.append(f"{ind}CPP_CLASS_NAME = {pystr(meta.cpp_class_name)}")
    if meta.doc is not None:
        attrs.extend(_doc_lines(meta.doc))
    if meta.implements:
        attrs.extend(_tuple_lines(ind, "IMPLEMENTS = ", [pystr(x) for x in meta.implements]))
    if meta.defines:
        attrs.extend(_tuple_lines(ind, "DEFINES = ", [pystr(x) for x in meta.defines]))
    attrs.extend(_tuple_of_blocks(ind, "OPERANDS = ", [_operand_def(a) for a in s.args]))
    attrs.extend(
        _tuple_of_blocks(
            ind,
            "STATIC_INDEXING_MAPS = ",
            [_call_block(ind * 2, "AffineMap.parse", [pystr(str(m))]) for m in s.indexing_maps],
        )
    )
    attrs.extend(
        _tuple_lines(ind, "ITERATOR_TYPES = ", [_iterator_name(t) for t in s.iterator_types])
    )
    if rank_polymorphic:
        attrs.append(f"{ind}RANK_POLYMORPHIC = True")
    if uses_index:
        attrs.append(f"{ind}USES_INDEX = True")
    region = _region_lines(config)
    loops = _poly_loops_lines(value_args) if rank_polymorphic else _loops_lines(config, uses_index)
    ins = [a.name for a in value_args if a.kind.is_input]
    outs = [a.name for a in value_args if not a.kind.is_input]
    extra = [f"{a.name}=..." for a in s.args if not a.kind.is_value]
    example = ", ".join([*ins, f"outs=[{', '.join(outs)}]", *extra])
    return OpContext(
        class_name=class_name,
        func_name=func_name,
        op_name=meta.name,
        summary=_summary(meta.doc, meta.name),
        attr_lines=tuple(attrs),
        region_lines=tuple(region),
        loops_lines=tuple(loops),
        func_doc=_docstring_safe(f"Run `{meta.name}` on arrays: `{func_name}({example})`."),
    )


def _camel(name: str) -> str:
    return "".join(p[:1].upper() + p[1:] for p in name.split("_")) + "Op"


def _summary(doc: str | None, name: str) -> str:
    """A one-line class docstring: the doc's first line, or a fallback that is always safe."""
    first = (doc or "").strip().splitlines()[0].strip() if (doc or "").strip() else ""
    return _docstring_safe(first) if first else _docstring_safe(f"The `{name}` op.")


def _docstring_safe(text: str) -> str:
    """Text that sits inside `\"\"\"...\"\"\"` unchanged by Python and by the formatter."""
    if not text.isprintable() or "\\" in text or '"' in text or text != text.strip():
        text = "".join(ch if ch.isprintable() and ch not in '\\"' else "'" for ch in text.strip())
    return text or "Op."


def _doc_lines(doc: str) -> list[str]:
    ind = INDENT
    one = f"{ind}DOC = {pystr(doc)}"
    if fits(one):
        return [one]
    parts = doc.splitlines(keepends=True)
    lines = [f"{ind}DOC = ("]
    lines += [f"{ind}{ind}{pystr(p)}" for p in parts]
    lines.append(f"{ind})")
    return lines


def _tuple_lines(indent: str, head: str, items: Sequence[str]) -> list[str]:
    if not items:
        return [f"{indent}{head}()"]
    return bracketed(indent, head + "(", items, ")", one_tuple=True)


def _call_block(indent: str, func: str, args: Sequence[str]) -> list[str]:
    return call(indent, func, args)


def _tuple_of_blocks(indent: str, head: str, blocks: Sequence[list[str]]) -> list[str]:
    """A tuple whose items were laid out at `indent + INDENT` (possibly multi-line)."""
    if not blocks:
        return [f"{indent}{head}()"]
    if all(len(b) == 1 for b in blocks):
        items = [b[0].strip() for b in blocks]
        one = _tuple_lines(indent, head, items)
        if len(one) == 1:
            return one
    lines = [f"{indent}{head}("]
    for block in blocks:
        lines.extend(block[:-1])
        lines.append(block[-1] + ",")
    lines.append(f"{indent})")
    return lines


def _operand_def(a: OperandDef) -> list[str]:
    args = [f"name={pystr(a.name)}", f"kind=OperandKind.{_kind_member(a.kind)}"]
    if a.type_var is not None:
        args.append(f"type_var={pystr(a.type_var)}")
    indent = INDENT * 2
    map_args: list[tuple[str, AffineMap]] = []
    if a.shape_map is not None:
        map_args.append(("shape_map", a.shape_map))
    if a.index_attr_map is not None:
        map_args.append(("index_attr_map", a.index_attr_map))
    for key, m in map_args:
        args.append(f"{key}=AffineMap.parse({pystr(str(m))})")
    if a.default_indices is not None:
        vals = [str(v) for v in a.default_indices]
        inner = ", ".join(vals) + ("," if len(vals) == 1 else "")
        args.append(f"default_indices=({inner})")
    if a.default_fn is not None:
        args.append(f"default_fn={pystr(a.default_fn)}")
    one = call(indent, "OperandDef", args)
    if len(one) == 1:
        return one
    # Exploded: one keyword per line; an argument too long itself splits its own call.
    lines = [f"{indent}OperandDef("]
    inner = indent + INDENT
    for arg in args:
        line = f"{inner}{arg},"
        if fits(line) or "=AffineMap.parse(" not in arg:
            lines.append(line)
            continue
        key, _, rest = arg.partition("=AffineMap.parse(")
        lines.append(f"{inner}{key}=AffineMap.parse(")
        lines.append(f"{inner}{INDENT}{rest[:-1]},")
        lines.append(f"{inner}),")
    lines.append(f"{indent})")
    return lines


def _kind_member(kind: OperandKind) -> str:
    return kind.name


def _iterator_name(t: IteratorType) -> str:
    return "PARALLEL" if t is IteratorType.PARALLEL else "REDUCTION"


# -- region ---------------------------------------------------------------------------------


def _uses_index(e: ScalarExpr) -> bool:
    if isinstance(e, ScalarIndex):
        return True
    if isinstance(e, ScalarFn):
        return any(_uses_index(o) for o in e.operands)
    return False


def _region_lines(config: OpConfig) -> list[str]:
    """Post-order, left to right (the order MLIR's generated region builders create ops)."""
    s = config.structured_op
    ind = INDENT * 2
    lines: list[str] = []
    counter = [0]

    def emit(e: ScalarExpr) -> str:
        if isinstance(e, ScalarArg):
            return f"b.arg({pystr(e.arg)})"
        if isinstance(e, ScalarConst):
            rhs = f"b.constant({pystr(e.value)})"
        elif isinstance(e, ScalarIndex):
            rhs = f"b.index({e.dim})"
        else:
            operands = [emit(o) for o in e.operands]
            fn = (
                pystr(e.fn_name)
                if e.fn_name is not None
                else f"b.fn_attr({pystr(e.attr_name or '')})"
            )
            method = {
                "unary": "unary",
                "binary": "binary",
                "ternary": "ternary",
                "type": "type_fn",
            }[e.kind.value]
            args = [fn]
            if method == "type_fn":
                args.append(pystr(e.type_var or ""))
            args.extend(operands)
            name = f"v{counter[0]}"
            counter[0] += 1
            lines.extend(call(ind, f"{name} = b.{method}", args))
            return name
        name = f"v{counter[0]}"
        counter[0] += 1
        lines.append(f"{ind}{name} = {rhs}")
        return name

    outputs = [a.name for a in s.value_args if not a.kind.is_input]
    by_output = {a.arg: a for a in s.assignments}
    results = []
    for out in outputs:
        assign = by_output.get(out)
        results.append(emit(assign.value) if assign is not None else f"b.arg({pystr(out)})")
    lines.extend(call(ind, "b.yield_", results))
    return lines


# -- loops ----------------------------------------------------------------------------------


def _py_expr(e: AffineExpr) -> str:
    """An affine expression as Python over locals `dN` and `sN`."""
    if isinstance(e, AffineDimExpr):
        return f"d{e.position}"
    if isinstance(e, AffineSymbolExpr):
        return f"s{e.position}"
    if isinstance(e, AffineConstantExpr):
        return str(e.value)
    assert isinstance(e, AffineBinaryExpr)
    if e.kind is AffineExprKind.ADD:
        rhs = e.rhs
        if isinstance(rhs, AffineConstantExpr) and rhs.value < 0:
            return f"{_py_expr(e.lhs)} - {-rhs.value}"
        if (
            isinstance(rhs, AffineBinaryExpr)
            and rhs.kind is AffineExprKind.MUL
            and isinstance(rhs.rhs, AffineConstantExpr)
            and rhs.rhs.value < 0
        ):
            scale = -rhs.rhs.value
            term = _operand(rhs.lhs, strong=True) + ("" if scale == 1 else f" * {scale}")
            return f"{_py_expr(e.lhs)} - {term}"
        return f"{_py_expr(e.lhs)} + {_py_expr(rhs)}"
    if e.kind is AffineExprKind.MUL:
        return f"{_operand(e.lhs, strong=False)} * {_operand(e.rhs, strong=True)}"
    if e.kind is AffineExprKind.FLOORDIV:
        return f"{_operand(e.lhs, strong=False)} // {_operand(e.rhs, strong=True)}"
    if e.kind is AffineExprKind.MOD:
        return f"{_operand(e.lhs, strong=False)} % {_operand(e.rhs, strong=True)}"
    # ceildiv(a, b) == -((-a) // b)
    return f"-(-{_operand(e.lhs, strong=True)} // {_operand(e.rhs, strong=True)})"


def _operand(e: AffineExpr, strong: bool) -> str:
    """Parenthesise sums (and, on the right of `*`/`//`/`%`, any binary expression)."""
    text = _py_expr(e)
    if isinstance(e, AffineBinaryExpr) and (strong or e.kind is AffineExprKind.ADD):
        return f"({text})"
    if isinstance(e, AffineConstantExpr) and e.value < 0 and strong:
        return f"({text})"
    return text


def _symbol_lines(config: OpConfig, used: set[int]) -> list[str]:
    """`s2, s6 = self.attributes["strides"]` for index attributes whose symbols are used."""
    ind = INDENT * 2
    lines = []
    for a in config.structured_op.args:
        if a.kind is not OperandKind.INDEX_ATTR or a.index_attr_map is None:
            continue
        names = []
        for r in a.index_attr_map.results:
            if isinstance(r, AffineSymbolExpr) and r.position in used:
                names.append(f"s{r.position}")
            else:
                names.append("_")
        if all(n == "_" for n in names):
            continue
        target = f"({names[0]},)" if len(names) == 1 else ", ".join(names)
        lines.append(f"{ind}{target} = self.attributes[{pystr(a.name)}]")
    return lines


def _unpack_operands(value_args: Sequence[OperandDef]) -> tuple[list[str], dict[str, str]]:
    ind = INDENT * 2
    names = {a.name: local_name(a.name) for a in value_args}
    targets = [names[a.name] for a in value_args]
    noqa = "  # noqa: E741" if any(t in _AMBIGUOUS for t in targets) else ""
    if len(targets) == 1:
        line = f"{ind}({targets[0]},) = operands{noqa}"
        return [line], names
    line = f"{ind}{', '.join(targets)} = operands{noqa}"
    if fits(line):
        return [line], names
    lines = [f"{ind}("]
    lines += [f"{ind}{INDENT}{t}," for t in targets]
    lines.append(f"{ind}) = operands{noqa}")
    return lines, names


def _loops_lines(config: OpConfig, uses_index: bool) -> list[str]:
    s = config.structured_op
    value_args = s.value_args
    num_dims = s.indexing_maps[0].num_dims if s.indexing_maps else 0
    used_syms: set[int] = set()
    used_dims: set[int] = set(range(num_dims)) if uses_index else set()
    for m in s.indexing_maps:
        used_syms |= m.used_symbols()
        used_dims |= m.used_dims()
    lines, names = _unpack_operands(value_args)
    lines += _symbol_lines(config, used_syms)
    ind = INDENT * 2
    lines.append(f"{ind}body = self.compiled_body")
    dims = [f"d{i}" if i in used_dims else f"_d{i}" for i in range(num_dims)]
    body_indent = ind
    if num_dims == 1:
        lines.append(f"{ind}(n0,) = self.loop_ranges()")
        lines.append(f"{ind}for {dims[0]} in builtins.range(n0):")  # an op may be `range`
        body_indent = ind + INDENT
    elif num_dims > 1:
        lines.extend(call(ind, f"for {', '.join(dims)} in loop_nest", ["*self.loop_ranges()"], ":"))
        body_indent = ind + INDENT
    # Reads: tensors at their access, scalars as they are; writes: each output at its access.
    reads = []
    for a, m in zip(value_args, s.indexing_maps, strict=True):
        var = names[a.name]
        if a.kind is OperandKind.SCALAR:
            reads.append(var)
        else:
            reads.append(f"{var}[{_index_text(m)}]")
    if uses_index:
        reads.extend(f"d{i}" for i in range(num_dims))
    writes = [
        f"{names[a.name]}[{_index_text(m)}]"
        for a, m in zip(value_args, s.indexing_maps, strict=True)
        if not a.kind.is_input
    ]
    target = ", ".join(writes)
    lines.extend(call(body_indent, f"{target} = body", reads))
    return lines


def _index_text(m: AffineMap) -> str:
    if m.num_results == 0:
        return "()"
    return ", ".join(_py_expr(r) for r in m.results)


def _poly_loops_lines(value_args: Sequence[OperandDef]) -> list[str]:
    """Rank-polymorphic ops: one loop per output dim; scalars and 0-d operands read whole."""
    lines, names = _unpack_operands(value_args)
    ind = INDENT * 2
    lines.append(f"{ind}body = self.compiled_body")
    lines.append(f"{ind}for point in loop_nest(*self.loop_ranges()):")
    reads = []
    for a in value_args:
        var = names[a.name]
        if a.kind is OperandKind.SCALAR:
            reads.append(var)
        elif a.kind is OperandKind.OUTPUT_TENSOR:
            reads.append(f"{var}[point]")
        else:
            reads.append(f"{var}[point if {var}.ndim else ()]")
    writes = [f"{names[a.name]}[point]" for a in value_args if not a.kind.is_input]
    lines.extend(call(ind + INDENT, f"{', '.join(writes)} = body", reads))
    return lines
