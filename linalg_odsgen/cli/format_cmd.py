"""`linalg-ods-gen format`: re-emit op-config YAML in canonical (upstream) layout."""

from __future__ import annotations

import click

from linalg_odsgen.cli.common import (
    diagnostics_to_exit,
    is_tc,
    read_input,
    unified_diff,
    write_output,
)
from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError
from linalg_odsgen.yaml_io import dump_library, load_library


@click.command("format")
@click.argument("file", metavar="FILE", type=click.Path(allow_dash=True))
@click.option(
    "-o",
    "--output",
    "output",
    metavar="OUT",
    default="-",
    show_default=True,
    help="Write the canonical YAML to OUT (atomically; '-' is stdout). OUT may be FILE itself.",
)
@click.option(
    "--check",
    is_flag=True,
    help="Write nothing; exit 0 if FILE is already canonical, else print a unified diff "
    "to stdout and exit 1.",
)
@diagnostics_to_exit
def format_cmd(file: str, output: str, check: bool) -> None:
    """Re-emit the op configs of FILE ('-' for stdin) in canonical form.

    Canonical is the exact layout of MLIR's own op-config dumper: same key
    order, indentation, line folding and quoting, so a canonical file diffs
    cleanly against upstream dumps. Comments are not kept. Input that is not
    a loadable op-config stream is reported on stderr and nothing is written.
    """
    if check and output != "-":
        raise click.UsageError("--check writes nothing; it cannot be combined with -o/--output")
    if is_tc(file):
        raise DiagnosticError(
            Diagnostic(
                "is a TC file; `format` re-emits op-config YAML: translate it with "
                f"`linalg-ods-gen from-tc {file}`",
                file=file,
            )
        )
    source = read_input(file)
    canonical = dump_library(load_library(source, file).ops)
    if check:
        if source == canonical.encode("utf-8"):
            return
        old = source.decode("utf-8", errors="replace")
        diff = unified_diff(old, canonical, file)
        if not diff:  # differs only in bytes a line diff cannot show (BOM, CRLF)
            diff = f"{file}: differs from canonical form in encoding or line endings\n"
        click.echo(diff, nl=False)
        click.echo(f"{file}: not in canonical form (run `linalg-ods-gen format`)", err=True)
        raise SystemExit(1)
    write_output(output, canonical)
