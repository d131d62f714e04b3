"""`linalg-ods-gen gen-ods`: op-config YAML -> ODS `.td` and C++ `.cpp.inc`, as MLIR's generator."""

from __future__ import annotations

import sys
from collections.abc import Callable

import click

from linalg_odsgen.cli.common import (
    diagnostics_to_exit,
    is_tc,
    read_input,
    read_op_file,
    report,
    report_if_stale,
    write_output,
)
from linalg_odsgen.cli.output_tree import write_files
from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError


@click.command("gen-ods")
@click.argument(
    "file", metavar="FILE", required=False, default="-", type=click.Path(allow_dash=True)
)
@click.option(
    "--o-ods-decl",
    "-o-ods-decl",
    "ods_decl",
    metavar="OUT.td",
    help="Where to write the ODS op declarations ('-' is stdout).",
)
@click.option(
    "--o-impl",
    "-o-impl",
    "impl",
    metavar="OUT.cpp.inc",
    help="Where to write the C++ op definitions ('-' is stdout).",
)
@click.option(
    "--check",
    is_flag=True,
    help="Write nothing; exit 0 if the given outputs are up to date, else print a diff and exit 1.",
)
@diagnostics_to_exit
def gen_ods_cmd(file: str, ods_decl: str | None, impl: str | None, check: bool) -> None:
    """Generate the ODS declarations and C++ definitions of the ops in FILE (default: stdin).

    A drop-in for `mlir-linalg-ods-yaml-gen`: same flags (`--o-ods-decl=`,
    `--o-impl=`, single or double dash) and byte-identical output for every file
    it accepts. Errors are reported as FILE:LINE:COL diagnostics and nothing is
    written; output upstream writes the same way but that will not compile is
    written with a warning. Docs and constants that would escape the TableGen code
    block or C++ string upstream writes them into are refused (see
    docs/generator-safety.md). A FILE named `*.tc` is read with the TC front end.
    """
    from linalg_odsgen.ods import generate
    from linalg_odsgen.ods.reading import read_located_library
    from linalg_odsgen.safety.checks import (
        linalg_build_warnings,
        ods_text_problems,
        origins_of,
    )

    display = "<stdin>" if file == "-" else file
    if ods_decl is None and impl is None:
        raise DiagnosticError(
            Diagnostic(
                file=display,
                message="no output files specified: give --o-ods-decl=OUT.td and/or --o-impl=OUT.cpp.inc",
            )
        )
    if is_tc(file):  # the TC front end's ops; no YAML lines to point at
        library, source = read_op_file(file, display), None
        warnings: list[Diagnostic] = []
        locate: Callable[[Diagnostic], Diagnostic] = lambda d: d  # noqa: E731
    else:  # op-config YAML, read as mlir-linalg-ods-yaml-gen reads it
        source = read_input(file)
        library, warnings, locate = read_located_library(source, display)
    origins = origins_of(library, source, display, llvm_scalars=True)
    unsafe = ods_text_problems(library, origins)
    if unsafe:
        raise DiagnosticError(unsafe)
    output = generate(library, display)
    report(
        [
            *warnings,
            *(locate(w) for w in output.warnings),
            *linalg_build_warnings(library, origins),
        ]
    )
    targets = [
        (path, text) for path, text in ((ods_decl, output.decl), (impl, output.impl)) if path
    ]
    if check:
        if any(path == "-" for path, _ in targets):
            raise click.UsageError("--check compares against files; give file paths, not '-'")
        stale = [report_if_stale(path, text, "gen-ods") for path, text in targets]
        if any(stale):
            sys.exit(1)
        return
    # both files or neither: an error on the second never leaves the first replaced
    write_files([(path, text) for path, text in targets if path != "-"])
    for path, text in targets:
        if path == "-":
            write_output(path, text)
