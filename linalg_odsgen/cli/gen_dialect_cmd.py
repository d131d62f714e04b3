"""`linalg-ods-gen gen-dialect`: op libraries -> an out-of-tree MLIR dialect (mlir-opt plugin)."""

from __future__ import annotations

import os

import click

from linalg_odsgen.cli.common import diagnostics_to_exit, is_tc, read_input, report
from linalg_odsgen.cli.output_tree import write_files
from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError


@click.command("gen-dialect")
@click.argument(
    "files", nargs=-1, required=True, metavar="FILE...", type=click.Path(allow_dash=True)
)
@click.option(
    "--name", required=True, metavar="NAME", help="The dialect's name (ops print as NAME.op)."
)
@click.option(
    "--cpp-namespace",
    "namespace",
    metavar="NS",
    default=None,
    help="C++ namespace of the dialect and its ops (default: NAME).",
)
@click.option(
    "-o",
    "--output",
    "output",
    required=True,
    metavar="DIR",
    help="The CMake project's directory (created; files written atomically).",
)
@diagnostics_to_exit
def gen_dialect_cmd(files: tuple[str, ...], name: str, namespace: str | None, output: str) -> None:
    """Write a CMake project for dialect NAME holding the ops of FILE(s) (op-config YAML or
    TC), built into one shared library for `mlir-opt-22 --load-dialect-plugin=PATH`:

    \b
        cmake -G Ninja -S DIR -B DIR/build -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir
        cmake --build DIR/build        # -> DIR/build/NAME-plugin.so

    The ops parse and print as `NAME.op ins(...) outs(...)`, verify their operands,
    and implement Linalg's structured-op interface (generalization, tiling, lowering
    to loops). Every file is generated before any is written: on an error nothing is.
    """
    from linalg_odsgen.dialect import generate_dialect
    from linalg_odsgen.model import OpLibrary
    from linalg_odsgen.safety.checks import origins_of
    from linalg_odsgen.sources import read

    ops = []
    origins = []
    seen: dict[str, str] = {}
    diags = []
    for f in files:
        display = "<stdin>" if f == "-" else f
        source = read_input(f)
        library, warnings = read(source, display)
        report(warnings)
        # a TC file's lines are not YAML: origins are looked up in YAML sources only
        origins += origins_of(library, None if is_tc(f) else source, display)
        for op in library.ops:
            if op.name in seen:
                diags.append(
                    Diagnostic(
                        f"op '{op.name}' is also defined in {seen[op.name]}", display, op=op.name
                    )
                )
            seen.setdefault(op.name, display)
            ops.append(op)
    if diags:
        raise DiagnosticError(diags)
    if not output:
        raise DiagnosticError(Diagnostic("-o needs a directory name", file="<command line>"))
    if os.path.exists(output) and not os.path.isdir(output):
        raise DiagnosticError(Diagnostic("cannot write the project: not a directory", file=output))
    generated, warnings = generate_dialect(
        OpLibrary(tuple(ops)), name, namespace, list(files), output, origins
    )
    report(warnings)
    write_files([(gen.path, gen.text) for gen in generated], root=output)
    click.echo(f"wrote {len(generated)} files to {output}", err=True)
