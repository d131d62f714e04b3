"""Semantic checks of op configs: what a schema cannot say.

Names resolve to operands of the right kind, maps agree with the iterators and
with each other, every loop dim gets a range, every output is written once.
Each check reports every defect it finds (never stops at the first) and
positions it through the document's source positions, so one run lists all
problems of a file.
"""

from __future__ import annotations

import keyword
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from linalg_odsgen.affine import (
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineExprKind,
    AffineMap,
    AffineSymbolExpr,
)
from linalg_odsgen.diagnostics import Diagnostic, Severity, SourcePos
from linalg_odsgen.model import (
    FIXED_TYPES,
    FN_NAMES,
    FnKind,
    IteratorType,
    OpConfig,
    OperandDef,
    OperandKind,
    ScalarArg,
    ScalarConst,
    ScalarExpr,
    ScalarFn,
    ScalarIndex,
)
from linalg_odsgen.validation.casts import check_casts
from linalg_odsgen.validation.interfaces import check_interfaces
from linalg_odsgen.yaml_io.loader import format_path

if TYPE_CHECKING:
    from linalg_odsgen.yaml_io import LoadedDocument

Path = tuple[str | int, ...]

# Every C++ keyword (C++23, plus the TM TS ones compilers reserve) and the
# alternative operator tokens: names become C++ identifiers in generated ODS.
_CPP_KEYWORD_TEXT = """
    alignas alignof and and_eq asm atomic_cancel atomic_commit atomic_noexcept auto
    bitand bitor bool break case catch char char8_t char16_t char32_t class compl
    concept const consteval constexpr constinit const_cast continue co_await co_return
    co_yield decltype default delete do double dynamic_cast else enum explicit export
    extern false float for friend goto if inline int long mutable namespace new
    noexcept not not_eq nullptr operator or or_eq private protected public reflexpr
    register reinterpret_cast requires return short signed sizeof static static_assert
    static_cast struct switch synchronized template this thread_local throw true try
    typedef typeid typename union unsigned using virtual void volatile wchar_t while
    xor xor_eq
    """
CPP_KEYWORDS: frozenset[str] = frozenset(_CPP_KEYWORD_TEXT.split())
# Names become Python identifiers (classes, keyword arguments) in generated modules.
PYTHON_KEYWORDS: frozenset[str] = frozenset(keyword.kwlist)  # soft keywords stay usable

# The generated call form `op(*ins, outs=[...], backend=..., **attrs)` reserves its own
# keyword parameters.
RESERVED_ATTR_NAMES: frozenset[str] = frozenset({"outs", "backend"})

_INT64_MIN, _INT64_MAX = -(2**63), 2**63 - 1
_DIVISIONS = (AffineExprKind.FLOORDIV, AffineExprKind.CEILDIV, AffineExprKind.MOD)
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")

_INT_TYPES = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "index": 64}
_FLOAT_TYPES = ("f16", "bf16", "f32", "f64")
_FLOAT_WIDTHS = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}
_CONST_RE = re.compile(
    r"\s*(?P<lit>0[xX][0-9a-fA-F]+|[-+]?[0-9][0-9.eE+-]*|[-+]?\.[0-9][0-9eE+-]*|true|false)"
    r"\s*:\s*(?P<type>[A-Za-z_][A-Za-z0-9_]*)\s*\Z"
)
_INT_LIT = re.compile(r"[-+]?[0-9]+\Z")
_FLOAT_LIT = re.compile(
    r"[-+]?([0-9]+\.[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?\Z|[-+]?[0-9]+[eE][-+]?[0-9]+\Z"
)


def keyword_clash(name: str) -> str | None:
    """Which language reserves `name` ("Python", "C++", "Python and C++"), or None."""
    langs = [
        lang for lang, kws in (("Python", PYTHON_KEYWORDS), ("C++", CPP_KEYWORDS)) if name in kws
    ]
    return " and ".join(langs) if langs else None


def check_scalar_const(text: str) -> str | None:
    """Why `text` is not an MLIR literal `<int or float> : <type>` (None when it is)."""
    m = _CONST_RE.match(text)
    if m is None:
        return (
            f"scalar_const '{text}' is not a literal of the form '<number> : <type>' "
            "(e.g. '42 : i64', '1.0 : f32')"
        )
    lit, ty = m.group("lit"), m.group("type")
    if ty not in _INT_TYPES and ty not in _FLOAT_TYPES:
        return (
            f"scalar_const type '{ty}' is not supported; expected one of: "
            f"{', '.join([*_INT_TYPES, *_FLOAT_TYPES])}"
        )
    if lit in ("true", "false"):
        return None if ty == "i1" else f"boolean literal '{lit}' needs type i1, not {ty}"
    if lit[:2] in ("0x", "0X"):  # MLIR's hex literal: an integer, or a float's bit pattern
        width = _INT_TYPES.get(ty) or _FLOAT_WIDTHS[ty]
        if int(lit, 16) >= 2**width:
            return f"hexadecimal literal {lit} has more than the {width} bits of {ty}"
        return None
    if _INT_LIT.match(lit):
        if ty in _FLOAT_TYPES:
            return f"integer literal '{lit}' cannot have float type {ty}; write '{lit}.0 : {ty}'"
        width = _INT_TYPES[ty]
        value = int(lit)
        if not -(2 ** (width - 1)) <= value < 2**width:
            return f"integer literal {lit} does not fit in {ty}"
        return None
    if _FLOAT_LIT.match(lit):
        if ty in _INT_TYPES:
            return f"float literal '{lit}' cannot have integer type {ty}"
        return None
    return f"'{lit}' in scalar_const '{text}' is not a valid number"


# YAML paths of model parts.
ARGS: Path = ("structured_op", "args")
MAPS: Path = ("structured_op", "indexing_maps", "static_indexing_maps")
ITERATORS: Path = ("structured_op", "iterator_types")
ASSIGNMENTS: Path = ("structured_op", "assignments")


# What a finding upstream accepts breaks (said in gen-ods's warning).
_BREAKS_RUNTIME = "gen-impl and the runtime refuse the op"
_BREAKS_MLIR = "MLIR will refuse or misbuild instances of the op"
_BREAKS_CPP = "the generated C++ will not compile"


def arg_path(i: int, *rest: str | int) -> Path:
    return (*ARGS, i, *rest)


#: Appended to a runtime rule's error in `validate`: the rule is ours, not the format's.
UPSTREAM_ACCEPTS = "mlir-linalg-ods-yaml-gen accepts this"


@dataclass
class _Checker:
    """Collects the diagnostics of one op; knows how to position a YAML path.

    `as_upstream` is how `gen-ods` reads: a rule that protects our runtime but that
    `mlir-linalg-ods-yaml-gen` does not enforce (`runtime_rule=...`) gives a
    warning there, naming what the finding breaks, instead of an error.
    """

    op: OpConfig
    doc: LoadedDocument | None
    diags: list[Diagnostic] = field(default_factory=list)
    as_upstream: bool = False

    def pos(self, path: Path, *, key: bool = False) -> SourcePos | None:
        if self.doc is None:
            return None
        return self.doc.key_pos(path) if key else self.doc.pos(path)

    def report(
        self,
        path: Path,
        message: str,
        *,
        key: bool = False,
        severity: Severity = Severity.ERROR,
        runtime_rule: str | None = None,
    ) -> None:
        """One finding; `runtime_rule` (what the finding breaks) marks a rule upstream lacks."""
        if runtime_rule is not None and severity is Severity.ERROR:
            if self.as_upstream:
                severity = Severity.WARNING
                message = (
                    f"{message} ({UPSTREAM_ACCEPTS}: written as upstream writes it; {runtime_rule})"
                )
            else:
                message = f"{message} ({UPSTREAM_ACCEPTS})"
        self.diags.append(
            Diagnostic.at(
                self.pos(path, key=key),
                message,
                severity=severity,
                op=self.op.name,
                path=format_path(path),
                file=self.doc.file if self.doc is not None else "<input>",
            )
        )

    def warn(self, path: Path, message: str) -> None:
        self.report(path, message, severity=Severity.WARNING)

    def line_of(self, path: Path) -> str:
        """` (first at line N)` when positions are known, for 'duplicate' messages."""
        if self.doc is None:
            return ""
        return f" (first at line {self.doc.pos(path).line})"


# ---------------------------------------------------------------------------
# Names


def _check_name(c: _Checker, path: Path, name: str, what: str) -> None:
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
            runtime_rule=_BREAKS_RUNTIME,
        )


def cpp_or_python(clash: str) -> str:
    """What a name reserved in `clash` breaks."""
    return _BREAKS_CPP if "C++" in clash else _BREAKS_RUNTIME


def is_dunder(name: str) -> bool:
    """`__x__`: Python's special names, never safe as names of generated code."""
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


def _check_names(c: _Checker) -> None:
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
                runtime_rule=_BREAKS_CPP,
            )
        else:
            first[a.name] = i
        if not a.kind.is_value and a.name in RESERVED_ATTR_NAMES:
            c.report(
                arg_path(i, "name"),
                f"attribute name '{a.name}' is reserved (the generated call form "
                f"`op(*ins, outs=[...], backend=..., **attrs)` has its own '{a.name}=')",
                runtime_rule=_BREAKS_RUNTIME,
            )


# ---------------------------------------------------------------------------
# Operands


def _check_operands(c: _Checker) -> None:
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
                    runtime_rule=_BREAKS_MLIR,
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
                    runtime_rule=_BREAKS_CPP,
                )


# ---------------------------------------------------------------------------
# Maps


def _map_sources(c: _Checker) -> Iterator[tuple[Path, AffineMap, str]]:
    """Every affine map of the op with its path and a description."""
    so = c.op.structured_op
    for i, a in enumerate(so.args):
        if a.shape_map is not None:
            yield arg_path(i, "shape_map"), a.shape_map, f"shape_map of '{a.name}'"
        if a.index_attr_map is not None:
            yield arg_path(i, "index_attr_map"), a.index_attr_map, f"index_attr_map of '{a.name}'"
    values = so.value_args
    for i, m in enumerate(so.indexing_maps):
        owner = f" of '{values[i].name}'" if i < len(values) else ""
        yield (*MAPS, i), m, f"indexing map {i}{owner}"


def _check_maps(c: _Checker) -> None:
    so = c.op.structured_op
    n_loops = len(so.iterator_types)
    values = so.value_args
    maps = so.indexing_maps

    # One indexing map per tensor and scalar operand, in declaration order.
    if len(maps) < len(values):
        missing = ", ".join(f"'{a.name}'" for a in values[len(maps) :])
        c.report(
            MAPS,
            f"{len(values)} tensor/scalar operands need {len(values)} indexing maps, "
            f"found {len(maps)} (no map for {missing})",
            runtime_rule=_BREAKS_MLIR,
        )
    for i in range(len(values), len(maps)):
        c.report(
            (*MAPS, i),
            f"indexing map {i} has no operand: the op has only {len(values)} tensor/scalar operands",
            runtime_rule=_BREAKS_MLIR,
        )

    # Dims of every indexing map = number of iterators.
    for i, m in enumerate(maps):
        if m.num_dims != n_loops:
            owner = f" of '{values[i].name}'" if i < len(values) else ""
            c.report(
                (*MAPS, i),
                f"indexing map {i}{owner} has {m.num_dims} dims but the op has {n_loops} "
                "iterator types; every indexing map must have one dim per loop",
                runtime_rule=_BREAKS_MLIR,
            )

    # A consistent symbol count over all maps.
    sources = list(_map_sources(c))
    if sources:
        counts = Counter(m.num_symbols for _, m, _ in sources)
        top = max(counts.values())
        expected = next(m.num_symbols for _, m, _ in sources if counts[m.num_symbols] == top)
        for path, m, what in sources:
            if m.num_symbols != expected:
                c.report(
                    path,
                    f"{what} has {m.num_symbols} symbols but the op's other maps have "
                    f"{expected}; all maps of an op share one symbol list",
                    runtime_rule=_BREAKS_MLIR,
                )

    _check_shape_and_attr_maps(c)

    # Indexing maps: symbols must be bound by a shape_map or an index_attr_map.
    defined: set[int] = set()
    for a in so.args:
        for binder in (a.shape_map, a.index_attr_map):
            if binder is not None:
                defined |= binder.used_symbols()
    attr_bound: set[int] = set()
    for a in so.args:
        if a.index_attr_map is not None:
            attr_bound |= a.index_attr_map.used_symbols()
    for i, m in enumerate(maps):
        for s in sorted(m.used_symbols() - defined):
            c.report(
                (*MAPS, i),
                f"symbol s{s} of indexing map {i} is not defined by any shape_map or "
                "index_attr_map",
                runtime_rule=_BREAKS_MLIR,
            )
        for s in sorted((m.used_symbols() & defined) - attr_bound):
            c.report(
                (*MAPS, i),
                f"symbol s{s} of indexing map {i} is a size symbol (bound only by a "
                "shape_map); an op instance knows only index attributes, so indexing maps "
                "may use only symbols of an index_attr_map",
                runtime_rule=_BREAKS_RUNTIME,
            )

    # Integers: every constant of every map and every default index fits in int64 (MLIR's
    # affine constants and index attributes are 64-bit).
    for path, m, what in _map_sources(c):
        for r in m.results:
            for e in r.walk():
                if isinstance(e, AffineConstantExpr) and not _INT64_MIN <= e.value <= _INT64_MAX:
                    c.report(
                        path,
                        f"constant {e.value} in {what} does not fit in 64 bits",
                        runtime_rule=_BREAKS_MLIR,
                    )
                if (
                    isinstance(e, AffineBinaryExpr)
                    and e.kind in _DIVISIONS
                    and isinstance(e.rhs, AffineConstantExpr)
                    and e.rhs.value <= 0
                ):
                    c.report(
                        path,
                        f"'{e}' in {what} divides by {e.rhs.value}; affine floordiv, ceildiv "
                        "and mod need a positive divisor",
                        runtime_rule=_BREAKS_MLIR,
                    )
    for i, a in enumerate(so.args):
        for v in a.default_indices or ():
            if not _INT64_MIN <= v <= _INT64_MAX:
                c.report(
                    arg_path(i, "default_indices"),
                    f"default index {v} of '{a.name}' does not fit in 64 bits",
                )

    # Loop ranges: each dim must be a bare result of some tensor operand's map.
    derivable: set[int] = set()
    for i, m in enumerate(maps):
        if i < len(values) and values[i].kind.is_tensor:
            derivable |= {p for p in m.dim_positions() if p is not None}
    for d in range(n_loops):
        if d not in derivable:
            c.report(
                (*ITERATORS, d),
                f"the range of loop dim d{d} cannot be derived: no tensor operand's indexing "
                f"map has d{d} as a plain result",
                runtime_rule=_BREAKS_MLIR,
            )

    # Reduction dims never index an output.
    reductions = {d for d, it in enumerate(so.iterator_types) if it is IteratorType.REDUCTION}
    for i, m in enumerate(maps):
        if i < len(values) and values[i].kind is OperandKind.OUTPUT_TENSOR:
            for d in sorted(m.used_dims() & reductions):
                c.report(
                    (*MAPS, i),
                    f"reduction dim d{d} appears in the indexing map of output "
                    f"'{values[i].name}'; outputs may only be indexed by parallel dims",
                    runtime_rule=_BREAKS_RUNTIME,
                )


def _check_shape_and_attr_maps(c: _Checker) -> None:
    so = c.op.structured_op
    values = so.value_args
    value_index = {a.name: i for i, a in enumerate(values)}
    attr_symbols: dict[int, int] = {}  # symbol -> arg index of the index attr binding it
    for i, a in enumerate(so.args):
        if a.index_attr_map is None:
            continue
        m = a.index_attr_map
        path = arg_path(i, "index_attr_map")
        if m.num_dims:
            c.report(
                path,
                f"index_attr_map of '{a.name}' must not have dims, found {m.num_dims}",
                runtime_rule=_BREAKS_MLIR,
            )
        for r in m.results:
            if not isinstance(r, AffineSymbolExpr):
                c.report(
                    path,
                    f"index_attr_map of '{a.name}' must have plain symbols as results, found '{r}'",
                    runtime_rule=_BREAKS_MLIR,
                )
                continue
            if r.position in attr_symbols:
                other = so.args[attr_symbols[r.position]].name
                c.report(
                    path,
                    f"symbol s{r.position} is bound by both '{other}' and '{a.name}'",
                    runtime_rule=_BREAKS_MLIR,
                )
            else:
                attr_symbols[r.position] = i
        if a.default_indices is not None and len(a.default_indices) != m.num_results:
            c.report(
                arg_path(i, "default_indices"),
                f"'{a.name}' has {len(a.default_indices)} default indices but its "
                f"index_attr_map has {m.num_results} results",
                runtime_rule=_BREAKS_MLIR,
            )

    for i, a in enumerate(so.args):
        if a.shape_map is None:
            continue
        m = a.shape_map
        path = arg_path(i, "shape_map")
        if m.num_dims:
            c.report(
                path,
                f"shape_map of '{a.name}' must not have dims (shapes depend on symbols only), "
                f"found {m.num_dims}",
                runtime_rule=_BREAKS_RUNTIME,
            )
        for r in m.results:
            if isinstance(r, AffineSymbolExpr) and r.position in attr_symbols:
                attr = so.args[attr_symbols[r.position]].name
                c.report(
                    path,
                    f"symbol s{r.position} is a dimension of '{a.name}' in its shape_map but "
                    f"is bound by index attribute '{attr}'; a symbol is either a shape "
                    "size or an attribute",
                    runtime_rule=_BREAKS_RUNTIME,
                )
        j = value_index.get(a.name)
        if j is not None and j < len(so.indexing_maps):
            rank = so.indexing_maps[j].num_results
            if m.num_results != rank:
                c.warn(
                    path,
                    f"shape_map of '{a.name}' has {m.num_results} results but its indexing "
                    f"map has {rank}; the operand's rank is ambiguous",
                )


# ---------------------------------------------------------------------------
# Assignments and scalar expressions


def _check_assignments(c: _Checker) -> None:
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


def _type_vars(c: _Checker) -> list[str]:
    """Type variables of the tensor and scalar operands (attributes name no type)."""
    seen: list[str] = []
    for a in c.op.structured_op.args:
        if a.kind.is_value and a.type_var is not None and a.type_var not in seen:
            seen.append(a.type_var)
    return seen


def _check_expr(c: _Checker, root: ScalarExpr, root_path: Path) -> None:
    so = c.op.structured_op
    stack: list[tuple[ScalarExpr, Path]] = [(root, root_path)]
    while stack:
        expr, path = stack.pop()
        if isinstance(expr, ScalarArg):
            _check_scalar_arg(c, expr.arg, (*path, "scalar_arg"))
        elif isinstance(expr, ScalarConst):
            problem = check_scalar_const(expr.value)
            if problem:
                c.report((*path, "scalar_const"), problem, runtime_rule=_BREAKS_RUNTIME)
        elif isinstance(expr, ScalarIndex):
            n = len(so.iterator_types)
            if not 0 <= expr.dim < n:
                c.report(
                    (*path, "scalar_index"),
                    f"scalar_index {expr.dim} is out of range: the op has {n} loop dims "
                    f"(valid: {'0..' + str(n - 1) if n else 'none'})",
                    runtime_rule=_BREAKS_MLIR,
                )
        elif isinstance(expr, ScalarFn):
            fn_path = (*path, "scalar_fn")
            _check_fn(c, expr, fn_path)
            for j in range(len(expr.operands) - 1, -1, -1):
                stack.append((expr.operands[j], (*fn_path, "operands", j)))


def _check_scalar_arg(c: _Checker, name: str, path: Path) -> None:
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
            runtime_rule=_BREAKS_CPP,
        )


def _check_fn(c: _Checker, fn: ScalarFn, path: Path) -> None:
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
                runtime_rule=_BREAKS_CPP,
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
                runtime_rule=_BREAKS_CPP if a.kind.is_fn_attr else None,
            )
    if len(fn.operands) != kind.arity:
        c.report(
            (*path, "operands"),
            f"{label} takes {kind.arity} operand{'s' if kind.arity != 1 else ''}, "
            f"got {len(fn.operands)}",
            runtime_rule=_BREAKS_CPP,
        )
    if kind is FnKind.TYPE and fn.type_var is None:
        # upstream converts to the type of the first operand that has no type_var
        untyped = any(a.kind.is_value and a.type_var is None for a in so.args)
        c.report(
            path,
            f"{label} needs a type_var: the type it converts to",
            runtime_rule=_BREAKS_RUNTIME if untyped else None,
        )
    if kind is not FnKind.TYPE and fn.type_var is not None:
        c.report(
            (*path, "type_var"),
            f"{label} takes no type_var; only type functions do",
            runtime_rule=_BREAKS_RUNTIME,
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


def _check_unused_attributes(c: _Checker) -> None:
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


# ---------------------------------------------------------------------------
# Entry points


def validate_op(
    op: OpConfig, doc: LoadedDocument | None = None, *, as_upstream: bool = False
) -> list[Diagnostic]:
    """Every semantic defect of one op (errors and warnings), positioned via `doc` if given.

    With `as_upstream`, the rules `mlir-linalg-ods-yaml-gen` does not enforce are
    warnings (how `gen-ods` reads); otherwise they are errors that say upstream
    would accept them.
    """
    c = _Checker(op, doc, as_upstream=as_upstream)
    _check_names(c)
    _check_operands(c)
    _check_maps(c)
    _check_assignments(c)
    _check_unused_attributes(c)
    if not any(d.is_error for d in c.diags):  # what MLIR refuses on every instance
        # rules of MLIR's verifiers, not of the format: upstream's generator writes such ops
        for d in (*check_interfaces(op, doc), *check_casts(op, doc)):
            if as_upstream:
                note = f"{UPSTREAM_ACCEPTS}: written as upstream writes it; {_BREAKS_MLIR}"
                d = replace(d, severity=Severity.WARNING, message=f"{d.message} ({note})")
            else:
                d = replace(d, message=f"{d.message} ({UPSTREAM_ACCEPTS})")
            c.diags.append(d)
    return c.diags


def check_unique_names(
    ops: Sequence[OpConfig],
    docs: Sequence[LoadedDocument | None] | None = None,
    *,
    as_upstream: bool = False,
) -> list[Diagnostic]:
    """Across a file: op names and C++ class names are unique (later ones point at the first)."""
    if docs is None:
        docs = [None] * len(ops)
    diags: list[Diagnostic] = []
    first_name: dict[str, int] = {}
    first_class: dict[str, int] = {}
    for i, (op, doc) in enumerate(zip(ops, docs, strict=True)):
        c = _Checker(op, doc, as_upstream=as_upstream)
        for key, table, path, what in (
            (op.name, first_name, ("metadata", "name"), "op name"),
            (
                op.metadata.cpp_class_name,
                first_class,
                ("metadata", "cpp_class_name"),
                "C++ class name",
            ),
        ):
            if key in table:
                prev_doc = docs[table[key]]
                where = ""
                if prev_doc is not None:
                    where = f" (first defined at line {prev_doc.pos(path).line})"
                c.report(path, f"duplicate {what} '{key}'{where}", runtime_rule=_BREAKS_CPP)
            else:
                table[key] = i
        diags.extend(c.diags)
    return diags


def validate_ops(
    ops: Sequence[OpConfig], docs: Sequence[LoadedDocument | None] | None = None
) -> list[Diagnostic]:
    """Per-op checks of every op plus the checks across the file."""
    if docs is None:
        docs = [None] * len(ops)
    diags: list[Diagnostic] = []
    for op, doc in zip(ops, docs, strict=True):
        diags.extend(validate_op(op, doc))
    diags.extend(check_unique_names(ops, docs))
    return diags
