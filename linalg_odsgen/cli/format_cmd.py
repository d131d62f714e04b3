"""`linalg-ods-gen format`: re-emit op-config YAML in canonical (upstream) layout."""

from __future__ import annotations

import click

from linalg_odsgen.cli.common import (
    is_tc,
    read_input,
    report,
    unified_diff,
    write_output,
)
from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError


def _canonical(path: str) -> tuple[bytes, str]:
    """The bytes of `path` and their canonical form (raises DiagnosticError)."""
    from linalg_odsgen.validation import load_valid_library
    from linalg_odsgen.yaml_io import dump_library

    if is_tc(path):
        raise DiagnosticError(
            Diagnostic(
                "is a TC file; `format` re-emits op-config YAML: translate it with "
                f"`linalg-ods-gen from-tc {path}`",
                file=path,
            )
        )
    source = read_input(path)
    # Validated first: an invalid document is reported, never "repaired" into a canonical
    # one (and an empty stream is an error, as in `validate`).
    return source, dump_library(load_valid_library(source, path).ops)


def _diff(path: str, source: bytes, canonical: str) -> str:
    diff = unified_diff(source.decode("utf-8", errors="replace"), canonical, path)
    if not diff:  # differs only in bytes a line diff cannot show (BOM, CRLF)
        diff = f"{path}: differs from canonical form in encoding or line endings\n"
    return diff


@click.command("format")
@click.argument(
    "files", nargs=-1, required=True, metavar="FILE...", type=click.Path(allow_dash=True)
)
@click.option(
    "-o",
    "--output",
    "output",
    metavar="OUT",
    default=None,
    help="Write the canonical YAML of the single FILE to OUT (atomically; '-' is stdout, "
    "the default). OUT may be FILE itself.",
)
@click.option(
    "-i",
    "--in-place",
    is_flag=True,
    help="Rewrite every FILE that is not canonical (atomically); canonical files are untouched.",
)
@click.option(
    "--check",
    is_flag=True,
    help="Write nothing; exit 0 if every FILE is canonical, else print a unified diff per "
    "file to stdout, name each one on stderr and exit 1.",
)
def format_cmd(files: tuple[str, ...], output: str | None, in_place: bool, check: bool) -> None:
    """Re-emit the op configs of FILE(s) ('-' for stdin) in canonical form.

    Canonical is the exact layout of MLIR's own op-config dumper: same key
    order, indentation, line folding and quoting, so a canonical file diffs
    cleanly against upstream dumps. Comments are not kept. Only valid op configs are
    formatted (the checks of `validate`; warnings are not shown). One FILE is printed
    to stdout (or -o OUT); several need --in-place or --check (as pre-commit
    passes them). A file that is not a loadable op-config stream is reported on
    stderr, nothing is written for it, and the exit code is 1; the other files
    are still processed.
    """
    if check and (output is not None or in_place):
        raise click.UsageError("--check writes nothing; it cannot be combined with -o or -i")
    if in_place and output is not None:
        raise click.UsageError("-i rewrites each FILE; it cannot be combined with -o")
    if len(files) > 1 and not (check or in_place):
        raise click.UsageError(
            "several FILEs need --in-place (rewrite them) or --check (report them)"
        )
    if in_place and "-" in files:
        raise click.UsageError("-i cannot rewrite stdin ('-')")
    failed = False
    stale: list[str] = []
    for path in files:
        try:
            source, canonical = _canonical(path)
        except DiagnosticError as err:
            report(err.diagnostics)
            failed = True
            continue
        if check:
            if source != canonical.encode("utf-8"):
                click.echo(_diff(path, source, canonical), nl=False)
                stale.append(path)
        elif in_place:
            if source != canonical.encode("utf-8"):
                try:
                    write_output(path, canonical)
                except DiagnosticError as err:
                    report(err.diagnostics)
                    failed = True
                    continue
                click.echo(f"reformatted {path}", err=True)
        else:
            try:
                write_output(output or "-", canonical)
            except DiagnosticError as err:
                report(err.diagnostics)
                failed = True
    for path in stale:
        click.echo(
            f"{path}: not in canonical form (run `linalg-ods-gen format -i {path}`)", err=True
        )
    if failed or stale:
        raise SystemExit(1)
