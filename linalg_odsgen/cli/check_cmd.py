"""`linalg-ods-gen check`: fail when a checked-in generated file is stale."""

from __future__ import annotations

import click

from linalg_odsgen.cli.common import diagnostics_to_exit, unified_diff
from linalg_odsgen.codegen.pipeline import find_repo_root, regenerate


@click.command("check")
@click.option(
    "--root",
    metavar="DIR",
    type=click.Path(file_okay=False, exists=True),
    default=None,
    help="The repository checkout to check (default: the one containing the cwd).",
)
@diagnostics_to_exit
def check_cmd(root: str | None) -> None:
    """Regenerate in memory everything the repository generates and compare.

    Each OpDSL library opspecs/NAME.py is dumped to YAML (opspecs/NAME.yaml)
    and that YAML generates generated/NAME.py. Stale files are shown as unified
    diffs on stdout and the command exits 1; regenerate them with
    `python scripts/regenerate.py`.
    """
    repo = find_repo_root(root)
    files = regenerate(repo)
    stale = 0
    for f in files:
        current = f.current(repo)
        if current == f.text:
            continue
        stale += 1
        click.echo(unified_diff(current or "", f.text, f.path), nl=False)
        what = "missing" if current is None else "stale"
        click.echo(f"{f.path}: {what}", err=True)
    if stale:
        click.echo(
            f"{stale} of {len(files)} generated files out of date; "
            "run `python scripts/regenerate.py`",
            err=True,
        )
        raise SystemExit(1)
    click.echo(f"{len(files)} generated files up to date")
