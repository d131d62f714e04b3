"""Positioned diagnostics for user text and names the ODS/C++ generators cannot use safely.

`ods_text_problems` is what gen-ods refuses (its output must be upstream's bytes,
so text that would escape its context is an error there); `dialect_problems` is
what gen-dialect refuses on top (names that would clash in the generated
project); `inert_library` is the copy of a library gen-dialect generates from,
its docs and constants made inert.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from linalg_odsgen.diagnostics import Diagnostic, Severity
from linalg_odsgen.model import OpConfig, OpLibrary, ScalarConst, ScalarExpr, ScalarFn
from linalg_odsgen.safety import names, text
from linalg_odsgen.yaml_io import LoadedDocument, NodePath, format_path, load_documents


@dataclass(frozen=True)
class OpOrigin:
    """Where an op came from: its file, and its YAML document when positions are known."""

    file: str
    doc: LoadedDocument | None = None

    def diagnostic(
        self, op: OpConfig, path: NodePath, message: str, severity: Severity = Severity.ERROR
    ) -> Diagnostic:
        pos = self.doc.pos(path) if self.doc is not None else None
        return Diagnostic.at(
            pos,
            message,
            severity=severity,
            op=op.name,
            path=format_path(path) if path else None,
            file=self.file,
        )


def origins_of(
    library: OpLibrary, source: bytes | str | None, file: str, *, llvm_scalars: bool = False
) -> list[OpOrigin]:
    """The origin of each op of `library` read from `source` (None: no positions, e.g. TC)."""
    by_name: dict[str, LoadedDocument] = {}
    if source is not None:
        try:
            docs = load_documents(source, file, llvm_scalars=llvm_scalars)
        except Exception:  # the library was read from it already; positions are a courtesy
            docs = []
        for doc in docs:
            name = doc.op_name()
            if name is not None:
                by_name.setdefault(name, doc)
    return [OpOrigin(file, by_name.get(op.name)) for op in library.ops]


def _consts(expr: ScalarExpr, path: NodePath) -> Iterator[tuple[NodePath, ScalarConst]]:
    if isinstance(expr, ScalarConst):
        yield (*path, "scalar_const"), expr
    elif isinstance(expr, ScalarFn):
        for j, operand in enumerate(expr.operands):
            yield from _consts(operand, (*path, "scalar_fn", "operands", j))


def op_consts(op: OpConfig) -> Iterator[tuple[NodePath, ScalarConst]]:
    """Every `scalar_const` of the op with its YAML path."""
    for i, assignment in enumerate(op.structured_op.assignments):
        yield from _consts(assignment.value, ("structured_op", "assignments", i, "value"))


def _doc_problems(op: OpConfig, origin: OpOrigin) -> list[Diagnostic]:
    doc = op.metadata.doc
    if doc is None:
        return []
    first: dict[str, text.Hazard] = {}
    for h in text.doc_hazards(doc):
        first.setdefault(h.reason, h)  # one error per kind of hazard, at its first place
    return [
        origin.diagnostic(
            op,
            ("metadata", "doc"),
            f"unsafe doc (line {h.line_in(doc)} of the doc): {h.reason}",
        )
        for h in first.values()
    ]


def ods_text_problems(library: OpLibrary, origins: Sequence[OpOrigin]) -> list[Diagnostic]:
    """Docs and constants gen-ods cannot write as upstream does without them escaping
    their TableGen or C++ context."""
    out: list[Diagnostic] = []
    for op, origin in zip(library.ops, origins, strict=True):
        out.extend(_doc_problems(op, origin))
        for path, const in op_consts(op):
            hazard = text.const_hazard(const.value)
            if hazard is not None:
                out.append(origin.diagnostic(op, path, hazard.reason))
    return out


def dialect_problems(
    library: OpLibrary,
    origins: Sequence[OpOrigin],
    prefix: str | None,
    namespace_parts: Sequence[str] = (),
) -> list[Diagnostic]:
    """Class, interface and attribute names that cannot live in dialect `prefix`'s project
    (None: in MLIR's Linalg dialect, where gen-ods output is built) and C++ namespace."""
    out: list[Diagnostic] = []
    classes: dict[str, tuple[OpConfig, OpOrigin]] = {}
    for op, origin in zip(library.ops, origins, strict=True):
        cls = op.metadata.cpp_class_name
        cls_path: NodePath = ("metadata", "cpp_class_name")
        problem = names.class_name_problem(cls, prefix)
        if problem is None and cls in namespace_parts:
            problem = "is also a part of the C++ namespace (the class would hide it inside)"
        if problem:
            out.append(origin.diagnostic(op, cls_path, f"C++ class name '{cls}' {problem}"))
        if cls in classes:
            first_op, first = classes[cls]
            out.append(
                origin.diagnostic(
                    op,
                    cls_path,
                    f"C++ class name '{cls}' is also the class of op '{first_op.name}' "
                    f"in {first.file}",
                )
            )
        classes.setdefault(cls, (op, origin))
        for i, interface in enumerate(op.metadata.implements):
            if interface not in names.LINALG_INTERFACES:
                out.append(
                    origin.diagnostic(
                        op,
                        ("metadata", "implements", i),
                        f"unknown interface '{interface}': the op interfaces of Linalg's ops "
                        f"are {', '.join(sorted(names.LINALG_INTERFACES))}",
                    )
                )
        out.extend(_attribute_problems(op, origin))
    for cls, (op, origin) in classes.items():
        for suffix in names.ADAPTOR_SUFFIXES:
            base = cls.removesuffix(suffix)
            if base != cls and base in classes:
                out.append(
                    origin.diagnostic(
                        op,
                        ("metadata", "cpp_class_name"),
                        f"C++ class name '{cls}' is the {suffix} class mlir-tblgen generates "
                        f"for op '{classes[base][0].name}' ({base})",
                    )
                )
    return out


def _attribute_problems(op: OpConfig, origin: OpOrigin) -> list[Diagnostic]:
    out = []
    taken: dict[str, str] = {}
    for i, arg in enumerate(op.structured_op.args):
        if arg.kind.is_value:
            continue
        path: NodePath = ("structured_op", "args", i, "name")
        problem = names.attribute_name_problem(arg.name)
        if problem:
            out.append(origin.diagnostic(op, path, f"attribute name '{arg.name}' {problem}"))
        for accessor in names.accessors(arg.name)[:6]:
            if accessor in taken:
                out.append(
                    origin.diagnostic(
                        op,
                        path,
                        f"attribute '{arg.name}' and attribute '{taken[accessor]}' would both "
                        f"have the accessor {accessor}()",
                    )
                )
                break
        for accessor in names.accessors(arg.name)[:6]:
            taken.setdefault(accessor, arg.name)
    return out


def _inert_expr(expr: ScalarExpr) -> ScalarExpr:
    if isinstance(expr, ScalarConst):
        return ScalarConst(text.inert_const(expr.value))
    if isinstance(expr, ScalarFn):
        return replace(expr, operands=tuple(_inert_expr(o) for o in expr.operands))
    return expr


def inert_library(library: OpLibrary) -> OpLibrary:
    """The library with every doc and constant rewritten so it cannot leave its context."""
    ops = []
    for op in library.ops:
        meta = op.metadata
        if meta.doc is not None:
            meta = replace(meta, doc=text.inert_doc(meta.doc))
        so = op.structured_op
        so = replace(
            so,
            assignments=tuple(replace(a, value=_inert_expr(a.value)) for a in so.assignments),
        )
        ops.append(replace(op, metadata=meta, structured_op=so))
    return OpLibrary(tuple(ops))


def linalg_build_warnings(library: OpLibrary, origins: Sequence[OpOrigin]) -> list[Diagnostic]:
    """The name clashes of `dialect_problems` that also break MLIR's Linalg build, as warnings:
    gen-ods writes upstream's bytes for them (they are safe, they just do not build)."""
    return [
        replace(
            d,
            severity=Severity.WARNING,
            message=f"{d.message}: written as mlir-linalg-ods-yaml-gen writes it, but "
            "MLIR's Linalg build will not take it",
        )
        for d in dialect_problems(library, origins, None)
    ]
