"""Printing a structured-op instance as an MLIR module: the named form or `linalg.generic`.

Reads only the instance API of docs/RUNTIME.md (operand types, resolved
attributes, substituted indexing maps, iterator types, the payload region),
so every op of every library prints the same way and the region printed is
the one the backends execute.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError
from linalg_odsgen.mlir.region_printer import NameScope, print_region
from linalg_odsgen.mlir.type_syntax import SHAPED_KINDS, spell_type
from linalg_odsgen.model import OperandKind
from linalg_odsgen.runtime.protocol import OpInstance
from linalg_odsgen.types import ElementType


class Form(enum.Enum):
    """Which spelling of the op to print."""

    NAMED = "named"
    GENERIC = "generic"


# Attribute mnemonic of each function-attribute kind (`#linalg.binary_fn<mul>`).
_FN_ATTR_MNEMONIC = {
    OperandKind.UNARY_FN_ATTR: "unary_fn",
    OperandKind.BINARY_FN_ATTR: "binary_fn",
    OperandKind.TERNARY_FN_ATTR: "ternary_fn",
    OperandKind.TYPE_FN_ATTR: "type_fn",
}


@dataclass(frozen=True)
class OperandSig:
    """The MLIR type of one value operand: `kind` is memref/tensor, or None for a scalar."""

    kind: str | None
    shape: tuple[int | None, ...]
    element: ElementType

    def __str__(self) -> str:
        return spell_type(self.kind, self.shape, self.element)


def _error(op: OpInstance, message: str) -> DiagnosticError:
    return DiagnosticError(Diagnostic(message, op=getattr(op, "OP_NAME", None)))


def operand_signature(op: OpInstance, kind: str | None = None) -> tuple[OperandSig, ...]:
    """The value operands' MLIR types.

    Shaped operands take `kind` when given, else the kind the instance was built
    with (`from_types`), else memref. Tensors and memrefs cannot be mixed: a
    Linalg op has either tensor or buffer semantics.
    """
    if kind is not None and kind not in SHAPED_KINDS:
        raise ValueError(f"kind must be one of {SHAPED_KINDS}, got {kind!r}")
    declared = getattr(op, "operand_types", None)
    sigs: list[OperandSig] = []
    for i, (odef, elem, shape) in enumerate(
        zip(op.value_operands, op.element_types, op.shapes, strict=True)
    ):
        if odef.kind is OperandKind.SCALAR:
            sigs.append(OperandSig(None, (), elem))
            continue
        k = kind
        if k is None and declared is not None:
            k = getattr(declared[i], "kind", None)
        sigs.append(OperandSig(k or "memref", tuple(shape), elem))
    kinds = {s.kind for s in sigs if s.kind is not None}
    if len(kinds) > 1:
        raise _error(
            op,
            "operands mix memref and tensor types; a Linalg op takes either all tensors "
            "or all memrefs",
        )
    return tuple(sigs)


def _attr_text(op: OpInstance, odef: Any, value: Any) -> str:
    mnemonic = _FN_ATTR_MNEMONIC.get(odef.kind)
    if mnemonic is not None:
        name = getattr(value, "name", value) if not isinstance(value, str) else value
        return f"#linalg.{mnemonic}<{name}>"
    if odef.kind is OperandKind.INDEX_ATTR:
        values = tuple(int(v) for v in value)
        # MLIR prints a splat (all elements equal) as the single value.
        splat = len(set(values)) == 1
        body = str(values[0]) if splat else f"[{', '.join(str(v) for v in values)}]"
        return f"dense<{body}> : tensor<{len(values)}xi64>"
    raise _error(op, f"attribute {odef.name!r} of kind {odef.kind.value} has no MLIR spelling")


def named_attributes(op: OpInstance) -> list[tuple[str, str]]:
    """The op's attributes as (name, MLIR attribute text), sorted by name as MLIR prints them."""
    out: list[tuple[str, str]] = []
    attrs = op.attributes
    for odef in op.OPERANDS:
        if odef.kind.is_value:
            continue
        if odef.name in attrs:
            out.append((odef.name, _attr_text(op, odef, attrs[odef.name])))
    return sorted(out)


def _operand_lists(names: Sequence[str], sigs: Sequence[OperandSig], num_inputs: int) -> str:
    ins_n, outs_n = names[:num_inputs], names[num_inputs:]
    ins_t, outs_t = sigs[:num_inputs], sigs[num_inputs:]
    text = ""
    if ins_n:
        text += f"ins({', '.join(ins_n)} : {', '.join(str(t) for t in ins_t)}) "
    text += f"outs({', '.join(outs_n)} : {', '.join(str(t) for t in outs_t)})"
    return text


def _ordered_value_operands(op: OpInstance) -> list[int]:
    """Positions of value operands in MLIR order: inputs (tensors and scalars) then outputs."""
    ops = op.value_operands
    ins = [i for i, d in enumerate(ops) if d.kind is not OperandKind.OUTPUT_TENSOR]
    outs = [i for i, d in enumerate(ops) if d.kind is OperandKind.OUTPUT_TENSOR]
    return ins + outs


def print_op(
    op: OpInstance,
    form: Form | str,
    arg_names: Sequence[str],
    sigs: Sequence[OperandSig],
    scope: NameScope,
    indent: str = "",
    *,
    dialect: str = "linalg",
) -> tuple[list[str], list[str]]:
    """Lines of the op inside a function, and the SSA names of its results (tensor outputs).

    `arg_names`/`sigs` are per value operand in declaration order. `dialect` prefixes the
    named form (`my_ops.matmul` for a gen-dialect plugin); function attributes keep their
    `#linalg.*` spelling, which the plugin's ops take too.
    """
    form = Form(form)
    order = _ordered_value_operands(op)
    num_inputs = sum(1 for i in order if op.value_operands[i].kind is not OperandKind.OUTPUT_TENSOR)
    names = [arg_names[i] for i in order]
    osigs = [sigs[i] for i in order]
    out_sigs = osigs[num_inputs:]
    tensor_results = [s for s in out_sigs if s.kind == "tensor"]
    results: list[str] = []
    prefix = ""
    if tensor_results:
        base = scope.numbered()
        if len(tensor_results) == 1:
            results = [base]
            prefix = f"{base} = "
        else:
            results = [f"{base}#{i}" for i in range(len(tensor_results))]
            prefix = f"{base}:{len(tensor_results)} = "
    suffix = ""
    if tensor_results:
        types = ", ".join(str(s) for s in tensor_results)
        # MLIR's arrow type list: parenthesized when there is more than one result.
        suffix = f" -> ({types})" if len(tensor_results) > 1 else f" -> {types}"
    operands = _operand_lists(names, osigs, num_inputs)
    if form is Form.NAMED:
        attrs = named_attributes(op)
        prefix_of = getattr(op, "named_prefix", None)
        attr_text = prefix_of() if prefix_of is not None else ""
        user_maps = getattr(op, "user_indexing_maps", None)
        if user_maps:  # MLIR 22's matmul family: `indexing_maps = [...]` before the attributes
            attr_text += " indexing_maps = [" + ", ".join(m.to_mlir() for m in user_maps) + "]"
        if attrs:
            attr_text += " {" + ", ".join(f"{k} = {v}" for k, v in attrs) + "}"
        return [f"{indent}{prefix}{dialect}.{op.OP_NAME}{attr_text} {operands}{suffix}"], results
    maps = [op.indexing_maps[i] for i in order]
    map_text = ", ".join(m.to_mlir() for m in maps)
    iters = ", ".join(f'"{getattr(t, "value", t)}"' for t in op.iterator_types)
    head = (
        f"{indent}{prefix}linalg.generic {{indexing_maps = [{map_text}], "
        f"iterator_types = [{iters}]}} {operands} {{"
    )
    region = _region_in_mlir_order(op.region, order)
    body = print_region(region, num_inputs, scope, indent)
    return [head, *body, f"{indent}}}{suffix}"], results


def _region_in_mlir_order(region: Any, order: Sequence[int]) -> Any:
    """The region with block arguments permuted to MLIR's operand order (inputs, then outputs)."""
    if list(order) == list(range(len(order))):
        return region
    from linalg_odsgen.payload import Region

    return Region(tuple(region.args[i] for i in order), region.ops, region.yields)


def print_func(
    op: OpInstance,
    form: Form | str = Form.NAMED,
    *,
    name: str | None = None,
    kind: str | None = None,
    indent: str = "  ",
    dialect: str = "linalg",
) -> str:
    """`func.func @name(%arg0: T0, ...) [-> results] { <op> return ... }` for one instance."""
    sigs = operand_signature(op, kind)
    fname = name or op.OP_NAME
    arg_names = [f"%arg{i}" for i in range(len(sigs))]
    scope = NameScope(used={n[1:] for n in arg_names})
    body, results = print_op(op, form, arg_names, sigs, scope, indent + "  ", dialect=dialect)
    order = _ordered_value_operands(op)
    out_sigs = [sigs[i] for i in order if op.value_operands[i].kind is OperandKind.OUTPUT_TENSOR]
    result_types = [str(s) for s in out_sigs if s.kind == "tensor"]
    params = ", ".join(f"{n}: {s}" for n, s in zip(arg_names, sigs, strict=True))
    ret = ""
    if result_types:
        rt = ", ".join(result_types)
        ret = f" -> ({rt})" if len(result_types) > 1 else f" -> {rt}"
    lines = [f"{indent}func.func @{fname}({params}){ret} {{", *body]
    if results:
        lines.append(f"{indent}  return {', '.join(results)} : {', '.join(result_types)}")
    else:
        lines.append(f"{indent}  return")
    lines.append(f"{indent}}}")
    return "\n".join(lines) + "\n"


def wrap_module(funcs: Sequence[str]) -> str:
    """`module { ... }` around already printed functions."""
    return "module {\n" + "".join(funcs) + "}\n"


# An affine map's text: `->` is the only `>` inside it (no nested `<...>`).
_AFFINE_MAP = re.compile(r"affine_map<(?:->|[^>])*>")


def with_map_aliases(module: str) -> str:
    """`module` as `mlir-opt` prints it: each distinct affine map defined once on top as
    `#map`, `#map1`, ... (first use first) and referred to by that alias, so that long
    generic forms stay readable."""
    aliases: dict[str, str] = {}
    for m in _AFFINE_MAP.finditer(module):
        aliases.setdefault(m.group(0), f"#map{len(aliases) or ''}")
    if not aliases:
        return module
    head = "".join(f"{alias} = {text}\n" for text, alias in aliases.items())
    return head + _AFFINE_MAP.sub(lambda m: aliases[m.group(0)], module)


def print_module(
    op: OpInstance,
    form: Form | str = Form.NAMED,
    *,
    kind: str | None = None,
    name: str | None = None,
    dialect: str = "linalg",
) -> str:
    """A module with one function named after the op whose body is the op in `form`
    (the named form under `dialect`, `linalg` unless the op lives in a gen-dialect plugin)."""
    return wrap_module([print_func(op, form, name=name, kind=kind, dialect=dialect)])


__all__ = [
    "Form",
    "OperandSig",
    "named_attributes",
    "operand_signature",
    "print_func",
    "print_module",
    "print_op",
    "with_map_aliases",
    "wrap_module",
]
