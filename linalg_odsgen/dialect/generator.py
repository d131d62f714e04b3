"""gen-dialect: an op library as a self-contained out-of-tree MLIR dialect (an mlir-opt plugin).

The op declarations and definitions are gen-ods' own output (`.yamlgen.td` and
`.yamlgen.cpp.inc`, byte-identical to upstream's generator); this module adds what
Linalg keeps private and those files call — the region-builder helper, the named
form's parser and printer, builders, memory effects — plus the dialect, the plugin
entry point and a CMake project that builds exactly one shared library.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

import jinja2

from linalg_odsgen.codegen.pyfmt import shell_command, shell_word
from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError, Severity
from linalg_odsgen.model import OpLibrary
from linalg_odsgen.ods import generate as generate_ods
from linalg_odsgen.ods.reading import OP_BIT_FIELDS
from linalg_odsgen.payloads import LinalgFn, cpp_statements, linalg_fns
from linalg_odsgen.safety import names
from linalg_odsgen.safety.checks import (
    OpOrigin,
    dialect_problems,
    inert_library,
    ods_text_problems,
)
from linalg_odsgen.safety.text import comment_safe, tablegen_string

_DIALECT_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
_CPP_NAMESPACE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*\Z")


@dataclass(frozen=True)
class DialectFile:
    """One file of the generated project: its path relative to the output directory."""

    path: str
    text: str


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("linalg_odsgen.dialect", "templates"),
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        autoescape=False,
    )


def _cpp_case(enum: str, fn: LinalgFn) -> str:
    """The `case` of `fn` in the C++ region builder's switch, from its payload record: one
    statement on the case line, a block when it declares a local, else indented lines."""
    head = f"    case {enum}::{fn.name}:"
    body = cpp_statements(fn)
    if len(body) == 1:
        return f"{head} {body[0]}"
    lines = "".join(f"\n      {line}" for line in body)
    if not body[0].startswith(("if ", "return ")):
        return f"{head} {{{lines}\n    }}"
    return f"{head}{lines}"


def check_names(name: str, namespace: str | None) -> list[Diagnostic]:
    """Why `name`/`namespace` cannot name a dialect (empty when they can)."""
    out = []

    def refuse(message: str) -> None:
        out.append(Diagnostic(message, file="<command line>"))

    if not _DIALECT_NAME.match(name):
        refuse(
            f"dialect name {name!r} must be lowercase letters, digits and '_' "
            "(starting with a letter), e.g. my_ops"
        )
        return out
    problem = names.dialect_name_problem(name)
    if problem:
        refuse(f"dialect name {name!r} {problem}")
    prefix = camel(name)
    for derived, what in (
        (f"{prefix}_Dialect", "TableGen def"),
        (f"{prefix}Dialect", "C++ class"),
        (f"{name.upper()}_OPS_H", "header guard"),
    ):
        clash = names.cpp_identifier_problem(derived) or (
            "is already defined" if derived in names.tablegen_records() else None
        )
        if clash:
            refuse(f"dialect name {name!r}: its {what} {derived} {clash}")
    if namespace is None:
        problem = names.namespace_part_problem(name)
        if problem:
            refuse(
                f"dialect name {name!r} {problem}; it is the C++ namespace unless "
                "--cpp-namespace gives another"
            )
    elif not _CPP_NAMESPACE.match(namespace):
        refuse(f"--cpp-namespace {namespace!r} is not a C++ namespace (e.g. my::ops)")
    else:
        for part in namespace.split("::"):
            problem = names.namespace_part_problem(part)
            if problem:
                refuse(f"--cpp-namespace {namespace!r}: {part!r} {problem}")
    return out


def camel(name: str) -> str:
    """`my_ops` -> `MyOps`: the prefix of the dialect's C++ and TableGen names."""
    return "".join(part[:1].upper() + part[1:] for part in name.split("_") if part)


# The one `defines` entry the project implements itself (its canonicalizer registration);
# the others declare C++ (a verifier, a folder, ...) the user would have to write.
_IMPLEMENTED_DEFINES = ("hasCanonicalizer",)


def _supported_defines(
    library: OpLibrary, origins: list[OpOrigin]
) -> tuple[OpLibrary, list[Diagnostic]]:
    """`library` with only the `defines` entries a generated dialect builds with.

    An entry that is no field of TableGen's Op class is an error (mlir-tblgen rejects
    it); a real field other than hasCanonicalizer is dropped with a warning, since the
    C++ it declares is not generated.
    """
    errors: list[Diagnostic] = []
    warnings: list[Diagnostic] = []
    ops = []
    for op, origin in zip(library.ops, origins, strict=True):
        kept = []
        for i, entry in enumerate(op.metadata.defines):
            path = ("metadata", "defines", i)
            if entry not in OP_BIT_FIELDS:
                known = ", ".join(sorted(OP_BIT_FIELDS))
                message = f"'defines' entry {entry!r} is not a field of TableGen's Op class (known: {known})"
                errors.append(origin.diagnostic(op, path, message))
            elif entry in _IMPLEMENTED_DEFINES:
                kept.append(entry)
            else:
                message = (
                    f"'defines' entry {entry!r} is left out of the generated dialect: it "
                    "declares C++ the project does not write (only hasCanonicalizer is "
                    "implemented)"
                )
                warnings.append(origin.diagnostic(op, path, message, Severity.WARNING))
        ops.append(replace(op, metadata=replace(op.metadata, defines=tuple(kept))))
    if errors:
        raise DiagnosticError(errors)
    return replace(library, ops=tuple(ops)), warnings


def generate_dialect(
    library: OpLibrary,
    name: str,
    namespace: str | None,
    sources: list[str],
    output: str,
    origins: list[OpOrigin] | None = None,
) -> tuple[list[DialectFile], list[Diagnostic]]:
    """Every file of the project for `library` as dialect `name`, and the warnings.

    Raises `DiagnosticError` for anything the project could not be built with: names
    that clash with MLIR's or with the project's own, unknown interfaces, output the
    C++ compiler would refuse. Docs and constants are written in an inert form (see
    `safety.text`); `origins` (one per op) position the diagnostics.
    """
    first = sources[0] if sources else "<input>"
    if origins is None:
        origins = [OpOrigin(first) for _ in library.ops]
    problems = check_names(name, namespace)
    if problems:
        raise DiagnosticError(problems)
    if not library.ops:
        raise DiagnosticError(Diagnostic("no ops to put in the dialect", file=first))
    prefix = camel(name)
    problems = dialect_problems(library, origins, prefix, (namespace or name).split("::"))
    if problems:
        raise DiagnosticError(problems)
    library, warnings = _supported_defines(library, origins)
    library = inert_library(library)
    assert not ods_text_problems(library, origins)  # what inert_library guarantees
    ods = generate_ods(library, first)
    by_op = {op.name: origin for op, origin in zip(library.ops, origins, strict=True)}
    uncompilable = [
        replace(
            w,
            severity=Severity.ERROR,
            file=by_op[w.op].file if w.op in by_op else w.file,
            message=f"{w.message} (a generated dialect must build: rename it)",
        )
        for w in ods.warnings
    ]
    if uncompilable:
        raise DiagnosticError(uncompilable)
    args = ["linalg-ods-gen", "gen-dialect", *sources, "--name", name]
    if namespace is not None:
        args += ["--cpp-namespace", namespace]
    args += ["-o", output]
    context = {
        "name": name,
        "prefix": prefix,
        "upper": name.upper(),
        "namespace": namespace or name,
        "sources": tablegen_string(", ".join(shell_word(s) for s in sources)),
        "command": comment_safe(shell_command(args)),
        "canonicalized": [
            op.metadata.cpp_class_name
            for op in library.ops
            if "hasCanonicalizer" in op.metadata.defines
        ],
        "unary_cases": [_cpp_case("UnaryFn", f) for f in linalg_fns("unary")],
        "binary_cases": [_cpp_case("BinaryFn", f) for f in linalg_fns("binary")],
    }
    env = _environment()
    files = [
        DialectFile("CMakeLists.txt", env.get_template("CMakeLists.txt.j2").render(context)),
        DialectFile(
            f"include/{name}/{prefix}Ops.td", env.get_template("Ops.td.j2").render(context)
        ),
        DialectFile(f"include/{name}/{prefix}Ops.yamlgen.td", ods.decl),
        DialectFile(f"include/{name}/{prefix}Ops.h", env.get_template("Ops.h.j2").render(context)),
        DialectFile(f"lib/{prefix}Dialect.cpp", env.get_template("Dialect.cpp.j2").render(context)),
        DialectFile(f"lib/{prefix}Ops.cpp", env.get_template("Ops.cpp.j2").render(context)),
        DialectFile(f"lib/{prefix}Ops.yamlgen.cpp.inc", ods.impl),
    ]
    return files, warnings
