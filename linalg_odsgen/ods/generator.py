"""Model -> ODS declarations (`.td`) and C++ definitions (`.cpp.inc`), as MLIR's generator writes them.

`mlir-linalg-ods-yaml-gen` is the format's reference back end and LLVM builds
include its output byte for byte, so every variable fragment below reproduces
what that tool prints (learnt by running it as a black box, including its
quirks: untouched doc text, getter spelling of underscored attribute names).
The fixed skeleton of each op lives in the two jinja2 templates beside this
module; this module computes the fragments that vary per op.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import jinja2

from linalg_odsgen.affine import AffineMap, AffineSymbolExpr
from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError, Severity
from linalg_odsgen.model import (
    FnKind,
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
from linalg_odsgen.safety.checks import OpOrigin, ods_text_problems

# Type variables that name a fixed type, and the region helper call building it.
_FIXED_TYPE_BUILDERS: dict[str, str] = {
    "I32": "helper.getIntegerType(32)",
    "I64": "helper.getIntegerType(64)",
    "F32": "helper.getFloat32Type()",
    "F64": "helper.getFloat64Type()",
}

# C++ enum / attribute class prefix of each function kind.
_FN_CPP: dict[FnKind, str] = {
    FnKind.UNARY: "Unary",
    FnKind.BINARY: "Binary",
    FnKind.TERNARY: "Ternary",
    FnKind.TYPE: "Type",
}

# LLVM's StringRef::trim() set: what the upstream tool strips from doc halves.
_LLVM_WHITESPACE = " \t\n\v\f\r"


@dataclass(frozen=True)
class MapText:
    """One indexing map as the `.cpp.inc` embeds it."""

    text: str
    num_dims: int


@dataclass(frozen=True)
class OpFragments:
    """The per-op strings the templates splice in (empty strings where a part is absent)."""

    cls: str
    name: str
    interfaces: str
    doc_block: str
    attr_args: str
    attr_builder: str
    defines: str
    dynamic_decl: str
    rank_polymorphic: bool
    iterators: str
    symbol_bindings: str
    maps: tuple[MapText, ...]
    num_args: int
    dynamic_impl: str
    fn_attr_reads: str
    region_body: str


@dataclass(frozen=True)
class OdsOutput:
    """Both generated files, plus warnings about output that will not compile."""

    decl: str
    impl: str
    warnings: tuple[Diagnostic, ...] = ()


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("linalg_odsgen.ods", "templates"),
        autoescape=False,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )


def getter_name(attr: str) -> str:
    """The accessor the generated C++ calls for attribute `attr`: `get` + first letter upper-cased.

    Upstream spells it this way even for underscored names (`getMy_strides`),
    while ODS generates camel-cased accessors (`getMyStrides`): such output does
    not compile, and `generate` warns about it.
    """
    return "get" + attr[:1].upper() + attr[1:]


def ods_getter_name(attr: str) -> str:
    """The accessor ODS actually generates for `attr` (snake_case -> CamelCase)."""
    return "get" + "".join(part[:1].upper() + part[1:] for part in attr.split("_"))


def split_doc(doc: str) -> tuple[str, str]:
    """Summary (text before the first blank line) and description, as upstream splits them.

    Upstream trims the whole doc first, so leading blank lines or indentation do
    not make an empty summary; then it trims each half.
    """
    summary, _, description = doc.strip(_LLVM_WHITESPACE).partition("\n\n")
    return summary.strip(_LLVM_WHITESPACE), description.strip(_LLVM_WHITESPACE)


def _doc_block(op: OpConfig) -> str:
    doc = op.metadata.doc
    if doc is None:
        return ""
    summary, description = split_doc(doc)
    return f"  let summary = [{{{summary}}}];\n  let description = [{{{description}}}];\n\n"


def _attr_def(arg: OperandDef) -> str:
    if arg.kind is OperandKind.INDEX_ATTR:
        assert arg.index_attr_map is not None
        size = arg.index_attr_map.num_results
        values = ", ".join(f"static_cast<int64_t>({v})" for v in arg.default_indices or ())
        return (
            f'DefaultValuedOptionalAttr<RankedI64ElementsAttr<[{size}]>, "{{ {values} }}">'
            f":${arg.name}"
        )
    fn_kind = arg.kind.fn_kind
    assert fn_kind is not None
    prefix = _FN_CPP[fn_kind]
    default = arg.default_fn or "None"
    return f'DefaultValuedOptionalAttr<{prefix}FnAttr, "{prefix}Fn::{default}">:${arg.name}'


def _attrs(op: OpConfig) -> list[OperandDef]:
    return [a for a in op.structured_op.args if not a.kind.is_value]


def _attr_builder(op: OpConfig, attrs: list[OperandDef]) -> str:
    if not attrs:
        return ""
    params = ", ".join(f'"Attribute":${a.name}' for a in attrs)
    adds = "\n".join(f'$_state.addAttribute("{a.name}", {a.name});' for a in attrs)
    return (
        "  , OpBuilder<\n"
        '  (ins "TypeRange":$resultTensorTypes, "ValueRange":$inputs,\n'
        f'       "ValueRange":$outputs, {params},\n'
        '       CArg<"ArrayRef<NamedAttribute>", "{}">:$attributes),\n'
        "  [{\n"
        f"    {adds}\n"
        "    buildStructuredOp($_builder, $_state, resultTensorTypes, inputs, outputs,\n"
        f"      attributes, {op.metadata.cpp_class_name}::getRegionBuilder());\n"
        "  }]>\n"
        "\n"
    )


def _symbol_bindings(index_attrs: list[OperandDef], num_symbols: int) -> str:
    bound: dict[int, tuple[str, int]] = {}
    for attr in index_attrs:
        assert attr.index_attr_map is not None
        for position, result in enumerate(attr.index_attr_map.results):
            if isinstance(result, AffineSymbolExpr):
                bound[result.position] = (attr.name, position)  # the last binding wins, as upstream
    items = []
    for s in range(num_symbols):
        if s in bound:
            name, position = bound[s]
            items.append(
                f"\nint64_t cst{s} = self.{getter_name(name)}().getValues<int64_t>()[{position}];\n"
                f"exprs.push_back(getAffineConstantExpr(cst{s}, context));\n"
            )
        else:
            items.append(f"  exprs.push_back(getAffineSymbolExpr({s}, context));")
    return "\n".join(items)


def _dynamic_impl(op: OpConfig, index_attrs: list[OperandDef]) -> str:
    if not index_attrs:
        return ""
    cls = op.metadata.cpp_class_name
    checks = []
    for attr in index_attrs:
        assert attr.index_attr_map is not None
        checks.append(
            f'\nif (auto attr = op->getAttrOfType<DenseElementsAttr>("{attr.name}")) {{\n'
            "  if (!attr.getType().getElementType().isInteger(64))\n"
            f"    return op->emitError(\"incorrect element type for index attribute '{attr.name}'\");\n"
            f"  if (attr.getType().getShape() != ArrayRef<int64_t>{{ {attr.index_attr_map.num_results} }})\n"
            f"    return op->emitError(\"incorrect shape for index attribute '{attr.name}'\");\n"
            "}\n"
        )
    return (
        f"bool {cls}::hasDynamicIndexingMaps() {{ return true; }}\n"
        f"LogicalResult {cls}::verifyIndexingMapRequiredAttributes() {{\n"
        "  Operation *op = getOperation();\n"
        f"  {chr(10).join(checks)}\n"
        "  return success();\n"
        "}\n"
        "\n"
    )


def _fn_attr_reads(fn_attrs: list[OperandDef]) -> str:
    blocks = []
    for attr in fn_attrs:
        fn_kind = attr.kind.fn_kind
        assert fn_kind is not None
        prefix = _FN_CPP[fn_kind]
        n = attr.name
        blocks.append(
            f"\n  {prefix}Fn {n}Val = {prefix}Fn::{attr.default_fn or 'None'};\n"
            f"  auto {n}Iter = llvm::find_if(attrs, [&](const NamedAttribute &attr) {{\n"
            f'                                return attr.getName() == "{n}"; }});\n'
            f"  if ({n}Iter != attrs.end()) {{\n"
            f"    if (auto attr = llvm::dyn_cast<{prefix}FnAttr>({n}Iter->getValue()))\n"
            f"      {n}Val = attr.getValue();\n"
            "  }\n"
        )
    return "\n  ".join(blocks)


class _RegionWriter:
    """Straight-line region-builder statements for the assignment trees, values numbered in post-order."""

    def __init__(self, op: OpConfig, diags: list[Diagnostic]) -> None:
        self.op = op
        self.diags = diags
        self.counter = 0
        self.lines: list[str] = []
        # Upstream numbers block arguments by position in the whole argument list,
        # attributes included; that equals the operand's block argument only while
        # every attribute comes after the operands (`block_arg_warnings` says when not).
        args = op.structured_op.args
        self.block_arg: dict[str, int] = {}
        self.type_source: dict[str, int] = {}
        for i, a in enumerate(args):
            self.block_arg.setdefault(a.name, i)
            if a.kind.is_value:  # an absent type_var reads as "", as upstream reads it
                self.type_source.setdefault(a.type_var or "", i)
        self.fn_attrs = {a.name: a for a in args if a.kind.is_fn_attr}

    def _error(self, message: str) -> None:
        self.diags.append(Diagnostic(message, op=self.op.name))

    def _new_value(self) -> str:
        self.counter += 1
        return f"value{self.counter}"

    def _type(self, type_var: str | None) -> str:
        if type_var in _FIXED_TYPE_BUILDERS:
            return _FIXED_TYPE_BUILDERS[type_var]
        if (type_var or "") in self.type_source:
            return f"block.getArgument({self.type_source[type_var or '']}).getType()"
        self._error(
            f"type variable {type_var or '(none)'} of a type conversion is neither a fixed type "
            f"({', '.join(_FIXED_TYPE_BUILDERS)}) nor the type variable of an operand"
        )
        return "Type()"

    def expr(self, e: ScalarExpr) -> str:
        if isinstance(e, ScalarArg):
            if e.arg not in self.block_arg:
                self._error(f"scalar_arg {e.arg!r} is not an argument of the op")
                return "Value()"
            return f"block.getArgument({self.block_arg[e.arg]})"
        if isinstance(e, ScalarConst):
            name = self._new_value()
            self.lines.append(f'  Value {name} = helper.constant("{e.value}");\n')
            return name
        if isinstance(e, ScalarIndex):
            name = self._new_value()
            self.lines.append(f"  Value {name} = helper.index({e.dim});\n")
            return name
        return self._fn(e)

    def _fn(self, e: ScalarFn) -> str:
        operands = [self.expr(o) for o in e.operands]
        prefix = _FN_CPP[e.kind]
        if e.attr_name is not None:
            attr = self.fn_attrs.get(e.attr_name)
            if attr is None:  # a function attribute of another kind is upstream's to accept
                self._error(
                    f"function attribute {e.attr_name!r} is not a function attribute of the op"
                )
            fn = f"{e.attr_name}Val"
        elif e.fn_name is not None:
            fn = f"{prefix}Fn::{e.fn_name}"
        else:
            fn = ""  # no name at all: upstream leaves the argument empty
        args = [fn]
        if e.kind is FnKind.TYPE:
            args.append(self._type(e.type_var))
        args.extend(operands)
        name = self._new_value()
        self.lines.append(
            "  \n"
            f"              Value {name} = helper.build{prefix}Fn({', '.join(args)}, emitError);\n"
            f"              if (!{name})\n"
            "                return;\n"
            "              \n"
        )
        return name

    def body(self) -> str:
        assigned = {a.arg: a for a in self.op.structured_op.assignments}
        for out in self.op.structured_op.args:
            if out.kind is not OperandKind.OUTPUT_TENSOR:
                continue
            assignment = assigned.get(out.name)
            if assignment is None:
                self._error(f"no assignment found for output {out.name!r}")
                continue
            value = self.expr(assignment.value)
            self.lines.append(f"  yields.push_back({value});\n")
        return "".join(self.lines)


def op_fragments(op: OpConfig, diags: list[Diagnostic]) -> OpFragments:
    """The varying parts of one op's `.td` and `.cpp.inc` text."""
    config = op.structured_op
    attrs = _attrs(op)
    index_attrs = [a for a in attrs if a.kind is OperandKind.INDEX_ATTR]
    fn_attrs = [a for a in attrs if a.kind.is_fn_attr]
    maps: tuple[AffineMap, ...] = config.indexing_maps
    num_symbols = maps[0].num_symbols if maps else 0
    return OpFragments(
        cls=op.metadata.cpp_class_name,
        name=op.metadata.name,
        interfaces=", ".join(op.metadata.implements),
        doc_block=_doc_block(op),
        attr_args="".join(",\n" + _attr_def(a) for a in attrs),
        attr_builder=_attr_builder(op, attrs),
        defines="".join(f"let {d} = 1;\n" for d in op.metadata.defines),
        dynamic_decl=(
            "\n        bool hasDynamicIndexingMaps();\n"
            "        LogicalResult verifyIndexingMapRequiredAttributes();\n      "
            if index_attrs
            else ""
        ),
        rank_polymorphic=not config.iterator_types,
        iterators=", ".join(f"utils::IteratorType::{t.value}" for t in config.iterator_types),
        symbol_bindings=_symbol_bindings(index_attrs, num_symbols),
        # upstream gives every map the dim count of the first
        maps=tuple(MapText(m.to_mlir(), maps[0].num_dims) for m in maps),
        num_args=len(config.value_args),
        dynamic_impl=_dynamic_impl(op, index_attrs),
        fn_attr_reads=_fn_attr_reads(fn_attrs),
        region_body=_RegionWriter(op, diags).body(),
    )


def _compile_warnings(op: OpConfig) -> list[Diagnostic]:
    """Output upstream writes the same way but a C++ compiler will reject."""
    warnings = []
    positions = {id(arg): i for i, arg in enumerate(op.structured_op.args)}
    for arg in _attrs(op):
        at = f"structured_op.args[{positions[id(arg)]}]"
        fn_kind = arg.kind.fn_kind
        if arg.kind is OperandKind.INDEX_ATTR and getter_name(arg.name) != ods_getter_name(
            arg.name
        ):
            warnings.append(
                Diagnostic(
                    f"index attribute {arg.name!r}: the generated C++ calls "
                    f"{getter_name(arg.name)}() as upstream does, but ODS names the accessor "
                    f"{ods_getter_name(arg.name)}(); the .cpp.inc will not compile",
                    severity=Severity.WARNING,
                    op=op.name,
                    path=at,
                )
            )
        if fn_kind is not None and arg.default_fn is None:
            warnings.append(
                Diagnostic(
                    f"function attribute {arg.name!r} has no default: the output names "
                    f"{_FN_CPP[fn_kind]}Fn::None, which does not exist",
                    severity=Severity.WARNING,
                    op=op.name,
                    path=at,
                )
            )
    doc = op.metadata.doc or ""
    if "}]" in doc:
        warnings.append(
            Diagnostic(
                "the doc contains `}]`, which ends a TableGen code block early: "
                "the .td will not parse",
                severity=Severity.WARNING,
                op=op.name,
                path="metadata.doc",
            )
        )
    return warnings


def generate(library: OpLibrary, file: str = "<input>") -> OdsOutput:
    """The `.td` and `.cpp.inc` text of a library; DiagnosticError where upstream refuses it."""
    env = _environment()
    decl_template = env.get_template("op_decl.td.j2")
    impl_template = env.get_template("op_impl.cpp.inc.j2")
    decl: list[str] = []
    impl: list[str] = []
    errors: list[Diagnostic] = []
    warnings: list[Diagnostic] = []
    for op in library.ops:
        # text that would escape its TableGen/C++ context is refused, never written
        errors.extend(ods_text_problems(OpLibrary((op,)), [OpOrigin(file)]))
        fragments = op_fragments(op, errors)
        decl.append(decl_template.render(op=fragments))
        impl.append(impl_template.render(op=fragments))
        warnings.extend(_compile_warnings(op))
    if errors:
        raise DiagnosticError([d.with_file(file) for d in errors])
    return OdsOutput("".join(decl), "".join(impl), tuple(d.with_file(file) for d in warnings))
