"""`linalg-ods-gen from-tc`: TC op specs (the seeds' `mlir-linalg-ods-gen` syntax) -> op-config YAML."""

from __future__ import annotations

import click

from linalg_odsgen.cli.common import (
    diagnostics_to_exit,
    read_input,
    report,
    report_if_stale,
    write_output,
)


@click.command("from-tc")
@click.argument("files", nargs=-1, required=True, metavar="FILE.tc...")
@click.option(
    "-o",
    "--output",
    "output",
    default="-",
    show_default=True,
    metavar="OUT.yaml",
    help="Where to write the YAML (atomically; '-' is stdout).",
)
@click.option(
    "--check",
    is_flag=True,
    help="Write nothing; exit 0 if OUT.yaml is up to date, else print a unified diff and exit 1.",
)
@diagnostics_to_exit
def from_tc_cmd(files: tuple[str, ...], output: str, check: bool) -> None:
    """Translate the `def`s of TC FILEs ('-' for stdin) into one op-config YAML stream.

    Every def becomes a canonical `--- !LinalgOpConfig` document, in file
    order. Errors of every file are reported as FILE:LINE:COL diagnostics and
    nothing is written; warnings (e.g. ignored attributes) go to stderr, so
    stdout holds exactly what -o would write. Other commands (validate,
    gen-impl, gen-ods, emit --lib) read `.tc` files directly.
    """
    from linalg_odsgen.tc import tc_to_yaml

    if check and output == "-":
        raise click.UsageError("--check compares against OUT.yaml; give -o OUT.yaml")
    sources = [(read_input(f), "<stdin>" if f == "-" else f) for f in files]
    text, warnings = tc_to_yaml(sources)
    report(warnings)
    if check:
        if report_if_stale(output, text, "from-tc"):
            raise SystemExit(1)
        return
    write_output(output, text)
