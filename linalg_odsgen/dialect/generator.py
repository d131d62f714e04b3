"""gen-dialect: an op library as a self-contained out-of-tree MLIR dialect (an mlir-opt plugin).

The op declarations and definitions are gen-ods' own output (`.yamlgen.td` and
`.yamlgen.cpp.inc`, byte-identical to upstream's generator); this module adds what
Linalg keeps private and those files call — the region-builder helper, the named
form's parser and printer, builders, memory effects — plus the dialect, the plugin
entry point and a CMake project that builds exactly one shared library.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import jinja2

from linalg_odsgen.codegen.pyfmt import shell_command
from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError
from linalg_odsgen.model import OpLibrary
from linalg_odsgen.ods import generate as generate_ods

_DIALECT_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
_CPP_NAMESPACE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*\Z")
# Names MLIR's own dialects take; a plugin registering one of them would clash.
_TAKEN = frozenset(
    [
        "arith",
        "builtin",
        "func",
        "linalg",
        "math",
        "memref",
        "scf",
        "tensor",
        "vector",
        "affine",
        "llvm",
        "gpu",
        "cf",
        "bufferization",
    ]
)


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


def check_names(name: str, namespace: str | None) -> list[Diagnostic]:
    """Why `name`/`namespace` cannot name a dialect (empty when they can)."""
    out = []
    if not _DIALECT_NAME.match(name):
        out.append(
            Diagnostic(
                f"dialect name {name!r} must be lowercase letters, digits and '_' "
                "(starting with a letter), e.g. my_ops",
                file="<command line>",
            )
        )
    elif name in _TAKEN:
        out.append(
            Diagnostic(f"dialect name {name!r} is an MLIR dialect's own", file="<command line>")
        )
    if namespace is not None and not _CPP_NAMESPACE.match(namespace):
        out.append(
            Diagnostic(
                f"--cpp-namespace {namespace!r} is not a C++ namespace (e.g. my::ops)",
                file="<command line>",
            )
        )
    return out


def camel(name: str) -> str:
    """`my_ops` -> `MyOps`: the prefix of the dialect's C++ and TableGen names."""
    return "".join(part[:1].upper() + part[1:] for part in name.split("_") if part)


def generate_dialect(
    library: OpLibrary,
    name: str,
    namespace: str | None,
    sources: list[str],
    output: str,
) -> tuple[list[DialectFile], list[Diagnostic]]:
    """Every file of the project for `library` as dialect `name`, and the warnings."""
    problems = check_names(name, namespace)
    if problems:
        raise DiagnosticError(problems)
    if not library.ops:
        raise DiagnosticError(
            Diagnostic("no ops to put in the dialect", file=sources[0] if sources else "<input>")
        )
    ods = generate_ods(library, sources[0] if sources else "<input>")
    prefix = camel(name)
    args = ["linalg-ods-gen", "gen-dialect", *sources, "--name", name]
    if namespace is not None:
        args += ["--cpp-namespace", namespace]
    args += ["-o", output]
    context = {
        "name": name,
        "prefix": prefix,
        "upper": name.upper(),
        "namespace": namespace or name,
        "sources": ", ".join(sources),
        "command": shell_command(args),
        "canonicalized": [
            op.metadata.cpp_class_name
            for op in library.ops
            if "hasCanonicalizer" in op.metadata.defines
        ],
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
    return files, list(ods.warnings)
