"""`linalg-ods-gen validate FILE... [--format text|json]`.

Text diagnostics go to stderr (GNU style, one per defect). `--format json`
prints one JSON list of every finding of every file to stdout, so tools can
parse it, and leaves stderr empty. Exit 1 when any file has an error;
warnings alone exit 0.
"""

from __future__ import annotations

import json
import sys

import click

from linalg_odsgen.cli.common import is_tc, read_input, report
from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError, has_errors

STDIN_NAME = "<stdin>"


def _validate_file(path: str) -> list[Diagnostic]:
    # Imported here so `validate --help` stays fast.
    from linalg_odsgen.validation import validate_source

    name = STDIN_NAME if path == "-" else path
    try:
        source = read_input(path)
        if is_tc(path):
            from linalg_odsgen.tc import read_tc_diagnostics

            return read_tc_diagnostics(source, name)[1]
        return validate_source(source, name)
    except DiagnosticError as err:
        return list(err.diagnostics)
    except Exception as exc:  # a bug of ours must still not print a traceback
        return [Diagnostic(f"internal error while validating: {type(exc).__name__}: {exc}", name)]


@click.command("validate")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: GNU-style diagnostics on stderr; json: a JSON list on stdout.",
)
def validate_cmd(files: tuple[str, ...], fmt: str) -> None:
    """Validate op-config YAML FILEs (`-` reads stdin); `*.tc` files are read as TC.

    Checks the YAML itself, the JSON Schema of each document, its tags, and the
    semantic rules (names resolve, maps agree with the iterators, every output
    is written once, ...). Exits 0 when every file is valid, 1 otherwise.
    """
    diags: list[Diagnostic] = []
    for path in files:
        diags.extend(_validate_file(path))
    if fmt == "json":
        sys.stdout.write(json.dumps([d.to_json() for d in diags], indent=2) + "\n")
        sys.stdout.flush()
    else:
        report(diags)
    sys.exit(1 if has_errors(diags) else 0)
