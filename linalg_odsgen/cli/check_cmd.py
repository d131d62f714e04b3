"""`linalg-ods-gen check`: fail when a file the project generates from its op specs is stale."""

from __future__ import annotations

import click

from linalg_odsgen.cli.common import diagnostics_to_exit, unified_diff, write_outputs
from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError
from linalg_odsgen.project import find_project, regenerate


@click.command("check")
@click.option(
    "--root",
    metavar="DIR",
    type=click.Path(file_okay=False, exists=True),
    default=None,
    help="The project to check: DIR/pyproject.toml (default: the nearest pyproject.toml at "
    "or above the cwd).",
)
@click.option(
    "--write",
    is_flag=True,
    help="Rewrite the stale and missing files (atomically) instead of failing.",
)
@diagnostics_to_exit
def check_cmd(root: str | None, write: bool) -> None:
    """Regenerate in memory everything the project generates and compare.

    The project is configured in pyproject.toml, one entry per library:

    \b
        [[tool.linalg-ods-gen.library]]
        source = "ops/my_ops.py"      # OpDSL file, or a TC .tc file
        yaml = "ops/my_ops.yaml"      # its op-config YAML
        module = "pkg/my_ops.py"      # optional: gen-impl output
        ods-decl = "my_ops.yamlgen.td"        # optional: gen-ods outputs
        ods-impl = "my_ops.yamlgen.cpp.inc"
        doc = "docs/ops"              # optional: gen-doc's page docs/ops/my_ops.md

    Stale files are shown as unified diffs on stdout and the command exits 1;
    `check --write` regenerates them. Without a configuration it says so and
    exits 1: it never reports on another tree.
    """
    project = find_project(root)
    files = regenerate(project)  # everything first: an error leaves every file untouched
    stale = 0
    to_write: list[tuple[str, str]] = []
    notes: list[str] = []
    for f in files:
        try:
            current = f.current(project.root)
        except OSError as exc:  # e.g. a directory, or a path through a regular file
            raise DiagnosticError(
                Diagnostic(f"cannot read file: {exc.strerror}", file=str(project.root / f.path))
            ) from None
        if current == f.text:
            continue
        stale += 1
        what = "missing" if current is None else "stale"
        if write:
            to_write.append((str(project.root / f.path), f.text))
            notes.append(f"wrote {f.path} (was {what})")
            continue
        click.echo(unified_diff(current or "", f.text, f.path), nl=False)
        click.echo(f"{f.path}: {what}", err=True)
    if to_write:  # one change: every file (and missing directory) or, on an error, none
        write_outputs(to_write)
        for note in notes:
            click.echo(note, err=True)
    if stale and not write:
        click.echo(
            f"{stale} of {len(files)} generated files out of date; "
            "run `linalg-ods-gen check --write`",
            err=True,
        )
        raise SystemExit(1)
    # Say what happened: "wrote 2 of 2 generated files", never "up to date, 2 rewritten".
    if write and stale:
        summary = f"wrote {stale} of {len(files)} generated files; all are up to date now"
    elif write:
        summary = f"{len(files)} generated files up to date, nothing to write"
    else:
        summary = f"{len(files)} generated files up to date"
    click.echo(f"{summary} ({project.root})")
