"""`linalg-ods-gen conform`: every op of a library through a pipeline, against our semantics."""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from linalg_odsgen.cli.campaign_options import campaign_options, make_campaign, print_summary
from linalg_odsgen.cli.common import diagnostics_to_exit
from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError


@click.command("conform")
@click.argument("libs", nargs=-1, metavar="[LIB...]")
@click.option(
    "--op", "op_names", multiple=True, metavar="NAME", help="Only these ops (repeatable)."
)
@click.option("--instances", type=click.IntRange(min=1), default=None, help="At most N instances per op (default: all).")  # fmt: skip
@click.option("--kind", type=click.Choice(["tensor", "memref"]), default="tensor", show_default=True, help="Operand kind the pipeline sees.")  # fmt: skip
@click.option("--dialect", default=None, metavar="NAME", help="The --plugin's dialect (default: from its file name, NAME-plugin.so).")  # fmt: skip
@campaign_options
@diagnostics_to_exit
def conform_cmd(
    libs: tuple[str, ...],
    op_names: tuple[str, ...],
    instances: int | None,
    kind: str,
    dialect: str | None,
    **opts: Any,
) -> None:
    """Run every op of LIB (op-config YAML, TC or DSL .py files; the core library by default) through
    the pipeline, lowered and JIT-run by MLIR 22, and compare with the loops backend.

    Exit status 1 when any case is a miscompile, a crash or invalid IR."""
    from linalg_odsgen.conformance.campaign import spec_batches
    from linalg_odsgen.conformance.conform import conform_specs
    from linalg_odsgen.conformance.spec import library_classes

    plugin = opts["plugin"]
    if plugin and dialect is None:
        base = os.path.basename(str(plugin))
        dialect = base[: -len("-plugin.so")] if base.endswith("-plugin.so") else None
    specs = []
    sources: list[str | None] = list(libs) or [None]
    wanted = set(op_names)
    seen: set[str] = set()
    for lib in sources:
        if lib is not None and not os.path.exists(lib):
            raise DiagnosticError(Diagnostic(f"no such file: {lib}", file=lib))
        classes = library_classes(lib)
        chosen = {n: c for n, c in classes.items() if not wanted or n in wanted}
        seen |= set(chosen)
        specs += conform_specs(
            chosen, lib, instances=instances, seed=int(opts["seed"]), kind=kind, dialect=dialect
        )
    missing = sorted(wanted - seen)
    if missing:
        raise DiagnosticError(
            Diagnostic(f"unknown op(s): {', '.join(missing)}", file="<command line>")
        )
    campaign, out_fmt = make_campaign("conform", opts, extra={"libs": list(libs), "ops": sorted(wanted), "instances": instances, "kind": kind, "dialect": dialect})  # fmt: skip
    summary = campaign.run(spec_batches(specs, int(opts["batch_size"])), total=len(specs))
    print_summary(summary, out_fmt, campaign, per_op=True)
    if summary.findings:
        sys.exit(1)


__all__ = ["conform_cmd"]
