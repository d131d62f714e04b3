"""Semantic checks of an op's declarations: its names and its operand list.

Names must be identifiers no generated language reserves; operands come inputs
first, and their default functions must exist.
"""

from __future__ import annotations

import re

from linalg_odsgen.model import FN_NAMES, OperandKind
from linalg_odsgen.validation.checker import (
    ARGS,
    BREAKS_CPP,
    BREAKS_MLIR,
    BREAKS_RUNTIME,
    Checker,
    NodePath,
    arg_path,
)
from linalg_odsgen.validation.reserved import RESERVED_ATTR_NAMES, is_dunder, keyword_clash

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def _check_name(c: Checker, path: NodePath, name: str, what: str) -> None:
    if not _IDENTIFIER.match(name):
        c.report(path, f"{what} '{name}' is not a valid identifier")
        return
    clash = keyword_clash(name)
    if clash:
        c.report(
            path,
            f"{what} '{name}' is a reserved word in {clash}; choose another name",
            runtime_rule=cpp_or_python(clash),
        )
    elif is_dunder(name):
        c.report(
            path,
            f"{what} '{name}' has the form __name__, which Python reserves (a generated "
            "module would replace its own __builtins__, __getattr__, ...); choose another name",
            runtime_rule=BREAKS_RUNTIME,
        )


def cpp_or_python(clash: str) -> str:
    """What a name reserved in `clash` breaks."""
    return BREAKS_CPP if "C++" in clash else BREAKS_RUNTIME


def check_names(c: Checker) -> None:
    meta = c.op.metadata
    _check_name(c, ("metadata", "name"), meta.name, "op name")
    _check_name(c, ("metadata", "cpp_class_name"), meta.cpp_class_name, "C++ class name")
    first: dict[str, int] = {}
    for i, a in enumerate(c.op.structured_op.args):
        _check_name(c, arg_path(i, "name"), a.name, "operand name")
        if a.name in first:
            c.report(
                arg_path(i, "name"),
                f"duplicate operand name '{a.name}'{c.line_of(arg_path(first[a.name], 'name'))}",
                runtime_rule=BREAKS_CPP,
            )
        else:
            first[a.name] = i
        if not a.kind.is_value and a.name in RESERVED_ATTR_NAMES:
            c.report(
                arg_path(i, "name"),
                f"attribute name '{a.name}' is reserved (the generated call form "
                f"`op(*ins, outs=[...], backend=..., **attrs)` has its own '{a.name}=')",
                runtime_rule=BREAKS_RUNTIME,
            )


def check_operands(c: Checker) -> None:
    args = c.op.structured_op.args
    outputs = [i for i, a in enumerate(args) if a.kind is OperandKind.OUTPUT_TENSOR]
    if not outputs:
        c.report(ARGS, "op has no output_tensor operand; a structured op needs at least one output")
    else:
        first_out = outputs[0]
        for i, a in enumerate(args):
            if i > first_out and a.kind.is_input:
                c.report(
                    arg_path(i, "kind"),
                    f"{a.kind.value} '{a.name}' is declared after output '{args[first_out].name}'; "
                    "inputs (tensors and scalars) must come before outputs",
                    runtime_rule=BREAKS_MLIR,
                )
    for i, a in enumerate(args):
        fn_kind = a.kind.fn_kind
        if fn_kind is not None and a.default_fn is not None:
            names = FN_NAMES[fn_kind]
            if a.default_fn not in names:
                c.report(
                    arg_path(i, "default_fn"),
                    f"unknown {fn_kind.value} function '{a.default_fn}' as default of "
                    f"'{a.name}'; expected one of: {', '.join(names)}",
                    runtime_rule=BREAKS_CPP,
                )
