"""`linalg-ods-gen fuzz`: random structured ops through a pipeline, against our semantics."""

from __future__ import annotations

import sys
import time
from typing import Any

import click

from linalg_odsgen.cli.campaign_options import campaign_options, make_campaign, print_summary
from linalg_odsgen.cli.common import diagnostics_to_exit

# Programs per case: chosen by findings per minute in the campaigns of docs/testing-pipelines.md
DEFAULT_OPS = 1


@click.command("fuzz")
@click.option("--time-budget", type=click.FloatRange(min=0), default=None, metavar="S", help="Stop after S seconds.")  # fmt: skip
@click.option("--cases", type=click.IntRange(min=1), default=None, metavar="N", help="Run N cases (default: 1000 without --time-budget).")  # fmt: skip
@click.option("--ops", type=click.IntRange(min=1), default=DEFAULT_OPS, show_default=True, metavar="N", help="Every other case is a program of up to N ops joined producer to consumer (1: single ops only).")  # fmt: skip
@campaign_options
@diagnostics_to_exit
def fuzz_cmd(time_budget: float | None, cases: int | None, ops: int, **opts: Any) -> None:
    """Draw random structured ops (from scratch and as mutations of the core library's ops),
    run them through the pipeline, lower and JIT-run them with MLIR 22 and compare with the
    loops backend. Findings are minimised into reproducer directories under --out.

    Exit status 1 when anything was found."""
    from linalg_odsgen.conformance.campaign import fuzz_batches

    if cases is None and time_budget is None:
        cases = 1000
    campaign, out_fmt = make_campaign("fuzz", opts, extra={"ops": ops} if ops > 1 else {})
    deadline = time.monotonic() + time_budget if time_budget is not None else None
    batches = fuzz_batches(int(opts["seed"]), int(opts["batch_size"]), cases, ops)
    summary = campaign.run(batches, deadline=deadline, total=cases)
    print_summary(summary, out_fmt, campaign, per_op=False)
    if summary.findings:
        sys.exit(1)


__all__ = ["fuzz_cmd"]
