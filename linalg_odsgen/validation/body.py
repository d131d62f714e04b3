"""Semantic checks of an op's body: its assignments and scalar expressions.

Every output is assigned once; every name, function, type variable and literal
the expressions use exists; attributes the body never reads are warned about.
"""

from __future__ import annotations

from collections.abc import Sequence

from linalg_odsgen.model import (
    FIXED_TYPES,
    FN_NAMES,
    FnKind,
    OperandDef,
    OperandKind,
    ScalarArg,
    ScalarConst,
    ScalarExpr,
    ScalarFn,
    ScalarIndex,
)
from linalg_odsgen.validation.checker import (
    ASSIGNMENTS,
    BREAKS_CPP,
    BREAKS_MLIR,
    BREAKS_RUNTIME,
    Checker,
    NodePath,
    arg_path,
)
from linalg_odsgen.validation.literals import check_scalar_const


def check_assignments(c: Checker) -> None:
    so = c.op.structured_op
    assigned: dict[str, int] = {}
    for i, asg in enumerate(so.assignments):
        path = (*ASSIGNMENTS, i, "arg")
        target = so.arg(asg.arg)
        if target is None:
            c.report(path, f"assignment to unknown operand '{asg.arg}'{_expected_outputs(so.args)}")
        elif target.kind is not OperandKind.OUTPUT_TENSOR:
            c.report(
                path,
                f"assignment to {target.kind.value} '{asg.arg}'; only output tensors can be "
                "assigned",
            )
        elif asg.arg in assigned:
            first = (*ASSIGNMENTS, assigned[asg.arg], "arg")
            c.report(path, f"output '{asg.arg}' is assigned more than once{c.line_of(first)}")
        else:
            assigned[asg.arg] = i
        _check_expr(c, asg.value, (*ASSIGNMENTS, i, "value"))
    for i, a in enumerate(so.args):
        if a.kind is OperandKind.OUTPUT_TENSOR and a.name not in assigned:
            c.report(arg_path(i, "name"), f"output '{a.name}' is never assigned")


def _expected_outputs(args: Sequence[OperandDef]) -> str:
    outs = [a.name for a in args if a.kind is OperandKind.OUTPUT_TENSOR]
    return f"; expected an output: {', '.join(outs)}" if outs else ""


def _type_vars(c: Checker) -> list[str]:
    """Type variables of the tensor and scalar operands (attributes name no type)."""
    seen: list[str] = []
    for a in c.op.structured_op.args:
        if a.kind.is_value and a.type_var is not None and a.type_var not in seen:
            seen.append(a.type_var)
    return seen


def _check_expr(c: Checker, root: ScalarExpr, root_path: NodePath) -> None:
    so = c.op.structured_op
    stack: list[tuple[ScalarExpr, NodePath]] = [(root, root_path)]
    while stack:
        expr, path = stack.pop()
        if isinstance(expr, ScalarArg):
            _check_scalar_arg(c, expr.arg, (*path, "scalar_arg"))
        elif isinstance(expr, ScalarConst):
            problem = check_scalar_const(expr.value)
            if problem:
                c.report((*path, "scalar_const"), problem, runtime_rule=BREAKS_RUNTIME)
        elif isinstance(expr, ScalarIndex):
            n = len(so.iterator_types)
            if not 0 <= expr.dim < n:
                c.report(
                    (*path, "scalar_index"),
                    f"scalar_index {expr.dim} is out of range: the op has {n} loop dims "
                    f"(valid: {'0..' + str(n - 1) if n else 'none'})",
                    runtime_rule=BREAKS_MLIR,
                )
        elif isinstance(expr, ScalarFn):
            fn_path = (*path, "scalar_fn")
            _check_fn(c, expr, fn_path)
            for j in range(len(expr.operands) - 1, -1, -1):
                stack.append((expr.operands[j], (*fn_path, "operands", j)))


def _check_scalar_arg(c: Checker, name: str, path: NodePath) -> None:
    so = c.op.structured_op
    a = so.arg(name)
    if a is None:
        choices = ", ".join(x.name for x in so.value_args)
        c.report(path, f"unknown operand '{name}' in scalar_arg; expected one of: {choices}")
    elif not a.kind.is_value:
        c.report(
            path,
            f"scalar_arg '{name}' names an attribute (kind {a.kind.value}); only tensor and "
            "scalar operands have values",
            runtime_rule=BREAKS_CPP,
        )


def _check_fn(c: Checker, fn: ScalarFn, path: NodePath) -> None:
    so = c.op.structured_op
    kind = fn.kind
    label = f"{kind.value} function"
    if fn.fn_name is not None:
        label = f"{kind.value} function '{fn.fn_name}'"
        names = FN_NAMES[kind]
        if fn.fn_name not in names:
            c.report(
                (*path, "fn_name"),
                f"unknown {kind.value} function '{fn.fn_name}'; expected one of: {', '.join(names)}",
                runtime_rule=BREAKS_CPP,
            )
    if fn.attr_name is not None:
        label = f"{kind.value} function attribute '{fn.attr_name}'"
        fn_attr = (x for x in so.args if x.name == fn.attr_name and x.kind.is_fn_attr)
        a = next(fn_attr, so.arg(fn.attr_name))
        attrs = [x.name for x in so.args if x.kind is kind.attr_kind]
        if a is None:
            hint = f"; expected one of: {', '.join(attrs)}" if attrs else ""
            c.report((*path, "attr_name"), f"unknown function attribute '{fn.attr_name}'{hint}")
        elif a.kind is not kind.attr_kind:
            c.report(
                (*path, "attr_name"),
                f"attr_name '{fn.attr_name}' has kind {a.kind.value}; a {kind.value} function "
                f"needs an attribute of kind {kind.attr_kind.value}",
                runtime_rule=BREAKS_CPP if a.kind.is_fn_attr else None,
            )
    if len(fn.operands) != kind.arity:
        c.report(
            (*path, "operands"),
            f"{label} takes {kind.arity} operand{'s' if kind.arity != 1 else ''}, "
            f"got {len(fn.operands)}",
            runtime_rule=BREAKS_CPP,
        )
    if kind is FnKind.TYPE and fn.type_var is None:
        # upstream converts to the type of the first operand that has no type_var
        untyped = any(a.kind.is_value and a.type_var is None for a in so.args)
        c.report(
            path,
            f"{label} needs a type_var: the type it converts to",
            runtime_rule=BREAKS_RUNTIME if untyped else None,
        )
    if kind is not FnKind.TYPE and fn.type_var is not None:
        c.report(
            (*path, "type_var"),
            f"{label} takes no type_var; only type functions do",
            runtime_rule=BREAKS_RUNTIME,
        )
    if fn.type_var is not None and fn.type_var not in FIXED_TYPES:
        known = _type_vars(c)
        if fn.type_var not in known:
            c.report(
                (*path, "type_var"),
                f"unknown type variable '{fn.type_var}'; expected a fixed type "
                f"({', '.join(FIXED_TYPES)}) or the type_var of an operand"
                + (f" ({', '.join(known)})" if known else ""),
            )


def _used_attr_names(root: ScalarExpr) -> set[str]:
    used: set[str] = set()
    stack = [root]
    while stack:
        expr = stack.pop()
        if isinstance(expr, ScalarFn):
            if expr.attr_name is not None:
                used.add(expr.attr_name)
            stack.extend(expr.operands)
    return used


def check_unused_attributes(c: Checker) -> None:
    """Warn about attributes that cannot change what the op computes."""
    so = c.op.structured_op
    used_fns: set[str] = set()
    for asg in so.assignments:
        used_fns |= _used_attr_names(asg.value)
    map_symbols: set[int] = set()
    for m in so.indexing_maps:
        map_symbols |= m.used_symbols()
    for i, a in enumerate(so.args):
        if a.kind.is_fn_attr and a.name not in used_fns:
            c.warn(
                arg_path(i, "name"),
                f"function attribute '{a.name}' is never used by an attr_name in the body",
            )
        if a.index_attr_map is not None and not (a.index_attr_map.used_symbols() & map_symbols):
            c.warn(
                arg_path(i, "name"),
                f"index attribute '{a.name}' binds no symbol used by an indexing map",
            )
