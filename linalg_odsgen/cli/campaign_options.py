"""Options and output shared by `conform` and `fuzz` (pipeline, parallelism, output)."""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from linalg_odsgen.diagnostics import Diagnostic, DiagnosticError

if TYPE_CHECKING:
    from linalg_odsgen.conformance.campaign import Campaign, Summary

_OPTIONS: list[Callable[[Any], Any]] = [
    click.option(
        "--pipeline",
        "pipeline_flags",
        default="",
        metavar="FLAGS",
        help='mlir-opt flags of the pipeline under test, e.g. "--linalg-specialize-generic-ops".',
    ),
    click.option(
        "--transform",
        type=click.Path(dir_okay=False),
        default=None,
        metavar="SCRIPT.mlir",
        help="A transform-dialect script applied with --transform-interpreter (before the flags).",
    ),
    click.option(
        "--plugin",
        type=click.Path(dir_okay=False),
        default=None,
        metavar="PLUGIN.so",
        help="A dialect plugin mlir-opt-22 loads (gen-dialect output).",
    ),
    click.option(
        "--mlir-opt",
        "opt_tool",
        default=None,
        metavar="TOOL",
        help="Executable running the pipeline instead of mlir-opt-22 (same arguments); may be "
        "another MLIR version's, e.g. iree-opt (its output crosses in generic form).",
    ),
    click.option(
        "--target",
        type=click.Choice(["mlir", "iree"]),
        default="mlir",
        show_default=True,
        help="mlir: lowered and JIT-run by MLIR 22; iree: each kernel compiled by iree-compile "
        "for the host CPU and run by iree.runtime (needs the `iree` extra).",
    ),
    click.option(
        "--iree-flags",
        default="",
        metavar="FLAGS",
        help='With --target iree: iree-compile flags added, e.g. "--iree-opt-data-tiling".',
    ),
    click.option("--seed", type=int, default=0, show_default=True, help="Seed of cases and data."),
    click.option(
        "--jobs",
        "-j",
        type=click.IntRange(min=1),
        default=None,
        help="Parallel worker processes (default: all cores).",
    ),
    click.option(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="Run on a Dask cluster (needs the `campaign` extra).",
    ),
    click.option(
        "--batch-size",
        type=click.IntRange(min=1),
        default=40,
        show_default=True,
        help="Cases per mlir-opt/mlir-runner invocation.",
    ),
    click.option(
        "--minimize-budget",
        type=click.IntRange(min=0),
        default=40,
        show_default=True,
        help="Runs spent shrinking each finding (0: keep findings as found).",
    ),
    click.option(
        "--out",
        "out_dir",
        default="conformance-out",
        show_default=True,
        metavar="DIR",
        help="Where findings.json and reproducer directories go.",
    ),
    click.option("--resume", is_flag=True, help="Continue the campaign stopped in --out."),
    click.option(
        "--format",
        "out_format",
        type=click.Choice(["text", "json"]),
        default="text",
        show_default=True,
    ),
]


def campaign_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    for option in reversed(_OPTIONS):
        fn = option(fn)
    return fn


def _fail(message: str) -> DiagnosticError:
    return DiagnosticError(Diagnostic(message, file="<command line>"))


def _runs_interpreter(flags: str) -> bool:
    """Whether pipeline flags include the transform interpreter (alone or in a pass list)."""
    return "transform-interpreter" in flags


def _iree_version() -> str:
    from linalg_odsgen.conformance.targets.iree import iree_version

    return iree_version()


def make_campaign(mode: str, opts: dict[str, Any], extra: dict[str, Any]) -> tuple[Campaign, str]:
    """The campaign the options describe (tools checked first: precise errors, no traceback)."""
    from linalg_odsgen.conformance.campaign import Campaign, have_dask
    from linalg_odsgen.conformance.pipeline import Pipeline
    from linalg_odsgen.mlir.tools import have_runner, have_tool

    if not have_tool() or not have_runner():
        raise _fail("MLIR 22 (mlir-opt-22, mlir-runner-22 and its runner libraries) not found")
    transform = opts["transform"]
    if transform is not None and not os.path.isfile(transform):
        raise _fail(f"--transform: no such file: {transform}")
    plugin = opts["plugin"]
    if plugin is not None and not os.path.isfile(plugin):
        raise _fail(f"--plugin: no such file: {plugin}")
    opt = opts["opt_tool"]
    if opt is not None and shutil.which(opt) is None:
        raise _fail(f"--mlir-opt: {opt} is not an executable")
    if opts["scheduler"] and not have_dask():
        raise _fail("--scheduler needs dask.distributed: pip install 'linalg-ods-gen[campaign]'")
    target = opts.get("target") or "mlir"
    if target == "iree":
        from linalg_odsgen.conformance.targets.iree import have_iree

        if not have_iree():
            raise _fail("--target iree needs iree-compile and iree.runtime: pip install 'linalg-ods-gen[iree]'")  # fmt: skip
        if opts["pipeline_flags"] or transform is not None or opt is not None:
            raise _fail("--target iree compiles with iree-compile: use --iree-flags, not --pipeline/--transform/--mlir-opt")  # fmt: skip
    elif opts.get("iree_flags"):
        raise _fail("--iree-flags goes with --target iree")
    elif not opts["pipeline_flags"] and transform is None:
        click.echo("note: no --pipeline or --transform: testing the lowering alone", err=True)
    if transform is not None and _runs_interpreter(opts["pipeline_flags"]):
        click.echo(
            "warning: --pipeline runs --transform-interpreter and --transform adds another: "
            "the script is applied twice (drop one of them)",
            err=True,
        )
    pipe = Pipeline.parse(
        opts["pipeline_flags"],
        os.path.abspath(transform) if transform else None,
        os.path.abspath(plugin) if plugin else None,
        os.path.abspath(opt) if opt and os.path.exists(opt) else opt,
        target=target,
        iree_flags=opts.get("iree_flags") or "",
    )
    settings = {
        "mode": mode,
        "pipeline": list(pipe.flags),
        "transform": pipe.transform,
        "plugin": pipe.plugin,
        "mlir_opt": pipe.opt,
        "mlir_opt_version": pipe.version,
        "target": pipe.target,
        "iree_flags": list(pipe.iree_flags),
        **({"iree_version": _iree_version()} if pipe.target == "iree" else {}),
        "seed": opts["seed"],
        "batch_size": opts["batch_size"],
        **extra,
    }
    jobs = opts["jobs"] or os.cpu_count() or 1
    try:
        campaign = Campaign(
            pipe,
            opts["out_dir"],
            settings=settings,
            jobs=jobs,
            scheduler=opts["scheduler"],
            minimize_budget=opts["minimize_budget"],
            resume=opts["resume"],
            progress=sys.stderr.isatty() and opts["out_format"] == "text",
        )
    except ValueError as exc:
        raise _fail(f"--resume: {exc}") from None
    return campaign, str(opts["out_format"])


def print_summary(summary: Summary, fmt: str, campaign: Campaign, *, per_op: bool) -> None:
    if fmt == "json":
        state = {"stopped": campaign.stopped, "out_of_time": campaign.out_of_time}
        click.echo(json.dumps({"out": campaign.out, **state, **summary.to_json()}, indent=2))
        return
    kinds = ", ".join(f"{v} {k}" for k, v in sorted(summary.kinds.items()))
    click.echo(
        f"{summary.cases} cases in {summary.seconds:.1f} s ({summary.rate:.1f} cases/s): {kinds}"
    )
    if per_op:
        for name, counts in summary.per_op.items():
            bad = {k: v for k, v in counts.items() if k in ("miscompile", "crash", "invalid-ir")}
            if bad:
                shown = ", ".join(f"{v} {k}" for k, v in sorted(bad.items()))
                click.echo(f"  {name}: {shown} (of {sum(counts.values())})")
    for kind in ("skipped", "not-applicable"):
        if kind in summary.examples:
            click.echo(f"  e.g. {kind}: {summary.examples[kind][:200]}")
    for err in summary.errors[:5]:
        click.echo(f"  error: {err}", err=True)
    if campaign.stopped:
        click.echo(f"stopped; continue with --resume --out {campaign.out}", err=True)
    findings = sorted(summary.findings, key=lambda f: f.index)
    click.echo(f"{len(findings)} finding(s), {summary.duplicates} duplicate(s) -> {campaign.out}/findings.json")  # fmt: skip
    for f in findings:
        click.echo(f"  {f.kind}: {f.case}\n    {f.detail[:160]}\n    {os.path.join(campaign.out, f.path)}")  # fmt: skip


__all__ = ["campaign_options", "make_campaign", "print_summary"]
