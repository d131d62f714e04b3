"""`linalg-ods-gen gen-impl`: op-config YAML -> the generated Python op module."""

from __future__ import annotations

import os

import click

from linalg_odsgen.cli.common import (
    diagnostics_to_exit,
    read_op_file,
    report_if_stale,
    write_output,
    write_outputs,
)
from linalg_odsgen.codegen import generate_module
from linalg_odsgen.codegen.stub import generate_stub


def display_path(path: str) -> str:
    """How the generated header names its input: relative to the cwd when inside it,
    with `/` separators, so the output does not depend on the machine."""
    if path == "-":
        return "-"
    absolute = os.path.abspath(path)
    cwd = os.getcwd()
    if os.path.commonpath([absolute, cwd]) == cwd:
        path = os.path.relpath(absolute, cwd)
    return path.replace(os.sep, "/")


@click.command("gen-impl")
@click.argument("file", metavar="FILE.yaml|FILE.tc", type=click.Path(allow_dash=True))
@click.option(
    "-o",
    "--output",
    "output",
    metavar="OUT.py",
    required=True,
    help="Where to write the module (atomically; '-' is stdout).",
)
@click.option(
    "--stub",
    metavar="OUT.pyi",
    default=None,
    help="Also write the module's typed signatures as a .pyi stub (for type checkers).",
)
@click.option(
    "--check",
    is_flag=True,
    help="Write nothing; exit 0 if OUT.py is up to date, else print a unified diff and exit 1.",
)
@diagnostics_to_exit
def gen_impl_cmd(file: str, output: str, stub: str | None, check: bool) -> None:
    """Generate the Python op module of the op configs in FILE.yaml ('-' for stdin).

    A FILE named `*.tc` is read with the TC front end (as `from-tc` reads it).

    The YAML is validated first; on any error the diagnostics are printed and
    nothing is written. The module has one `FooOp` class and one `foo(...)`
    function per op, plus `OPS`. With --stub, a `.pyi` beside it states each op
    function's typed signature (operands, `outs`, attributes with defaults).
    """
    library = read_op_file(file, file)
    stub_name = display_path(stub) if stub is not None else None
    text = generate_module(library, display_path(file), display_path(output), stub_name)
    targets = [(output, text)]
    if stub is not None:
        if stub == "-" or output == "-":
            raise click.UsageError("--stub writes a file beside OUT.py; give file paths, not '-'")
        assert stub_name is not None
        targets.append(
            (stub, generate_stub(library, display_path(file), display_path(output), stub_name))
        )
    if check:
        if output == "-":
            raise click.UsageError("--check compares against OUT.py; give -o OUT.py")
        stale = [report_if_stale(p, t, "gen-impl", display_path(p)) for p, t in targets]
        if any(stale):
            raise SystemExit(1)
        return
    if len(targets) == 1:
        write_output(output, text)
    else:  # both files or neither
        write_outputs(targets)
