"""`linalg-ods-gen gen-doc`: op libraries -> reference pages people read instead of the YAML."""

from __future__ import annotations

import os

import click

from linalg_odsgen.cli.common import (
    diagnostics_to_exit,
    report,
    report_if_stale,
    write_output,
)
from linalg_odsgen.cli.gen_impl_cmd import display_path
from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError
from linalg_odsgen.docgen.page import page_title


def _obsolete_pictures(output: str, title: str, keep: set[str]) -> list[str]:
    """Pictures in OUT/TITLE/ of ops the page no longer draws (gen-doc wrote them before)."""
    folder = os.path.join(output, title)
    if not os.path.isdir(folder):
        return []
    return sorted(
        os.path.join(folder, name)
        for name in os.listdir(folder)
        if name.endswith(".svg") and f"{title}/{name}" not in keep
    )


@click.command("gen-doc")
@click.argument(
    "files", nargs=-1, required=True, metavar="FILE...", type=click.Path(allow_dash=True)
)
@click.option(
    "-o",
    "--output",
    "output",
    default=".",
    show_default=True,
    metavar="DIR",
    help="Directory of the pages (created; files written atomically).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["md", "html"]),
    default="md",
    show_default=True,
    help="md: NAME.md plus NAME/OP.svg pictures; html: one self-contained NAME.html.",
)
@click.option(
    "--check",
    is_flag=True,
    help="Write nothing; exit 0 if the pages in DIR are current, else print diffs and exit 1.",
)
@diagnostics_to_exit
def gen_doc_cmd(files: tuple[str, ...], output: str, fmt: str, check: bool) -> None:
    """Write a reference page for the op library of each FILE (op-config YAML, TC, or an
    OpDSL .py file, which is run): the ops grouped into contractions, convolutions,
    pooling and elementwise ops, each with its summary and description, the payload as
    a formula (`C[m, n] += A[m, k] * B[k, n]` in the DSL's or TC's names; `d0`, `s0` for
    YAML), loops, operands with kinds, element types, shapes and indexing maps,
    attributes with defaults, interfaces, an instance in its named and linalg.generic
    forms, and for ops that read windows or other slices of their inputs a picture of
    the elements one output element reads, with a legend.

    The page of FILE is named after it: `ops.yaml` gives DIR/ops.md. Every page is
    generated before any file is written: on an error nothing is.
    """
    from linalg_odsgen.docgen import render_library
    from linalg_odsgen.docgen.names import read_with_names

    pages = []
    seen: dict[str, str] = {}
    for f in files:
        display = "<stdin>" if f == "-" else f
        title = page_title(f)
        if title in seen:
            raise DiagnosticError(
                Diagnostic(
                    f"page '{title}' would also be written for {seen[title]}; "
                    "give the files different names",
                    file=display,
                )
            )
        seen[title] = display
        library, names, warnings = read_with_names(f, display)
        report(warnings)
        source = display if f == "-" else display_path(f)
        pages.append((title, render_library(library, title, source, fmt, names=names)))
    if os.path.exists(output) and not os.path.isdir(output):
        raise DiagnosticError(Diagnostic("cannot write the pages: not a directory", file=output))
    stale = False
    for title, docs in pages:
        obsolete = _obsolete_pictures(output, title, {d.path for d in docs})
        if check:
            for doc in docs:
                path = os.path.join(output, doc.path)
                stale |= report_if_stale(path, doc.text, "gen-doc", display_path(path))
            for path in obsolete:
                click.echo(f"{path}: obsolete (regenerate with `linalg-ods-gen gen-doc`)", err=True)
                stale = True
            continue
        for doc in docs:
            path = os.path.join(output, doc.path)
            try:
                os.makedirs(os.path.dirname(path), exist_ok=True)
            except OSError as exc:
                raise DiagnosticError(
                    Diagnostic(f"cannot create directory: {exc.strerror}", file=path)
                ) from None
            write_output(path, doc.text)
        for path in obsolete:
            os.unlink(path)
    if stale:
        raise SystemExit(1)
