"""Run the fuzz campaigns of docs/testing-pipelines.md one after another and print a table:
cases, seconds, cases/s and findings per campaign (the throughput figures of the docs).

    python scripts/run_campaigns.py OUT [--only NAME ...] [--budget S] [--jobs N]

Each campaign writes its reproducers under OUT/NAME/ and its JSON summary to OUT/NAME.json.
Campaigns run under `nice -n 10`; clean ones run a fixed number of cases, the others a time
budget (the machine these were written on had 2 shared cores: keep budgets to minutes).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from dataclasses import dataclass


@dataclass(frozen=True)
class Run:
    """One campaign: its name and fuzz arguments (a time budget unless --cases is given)."""

    name: str
    args: tuple[str, ...]


def _iree_opt() -> str:
    """The iree-opt binary itself: the pip console script in front of it costs seconds per
    run (a Python start-up), the binary a tenth of a second."""
    try:
        from iree.compiler.tools.binaries import find_tool

        return str(find_tool("iree-opt"))
    except Exception:
        return "iree-opt"


IREE_OPT = ("--mlir-opt", _iree_opt())
IREE = ("--target", "iree", "--batch-size", "8")
CAMPAIGNS = (
    Run("mlir22-empty", ("--pipeline", "", "--cases", "600")),
    Run("llvm24-empty", (*IREE_OPT, "--pipeline", "", "--cases", "1000")),
    Run(
        "llvm24-generalize",
        (*IREE_OPT, "--pipeline", "--linalg-generalize-named-ops", "--cases", "1000"),
    ),
    Run(
        "llvm24-canonicalize-cse",
        (*IREE_OPT, "--pipeline", "--canonicalize --cse", "--cases", "1000"),
    ),
    Run("llvm24-specialize", (*IREE_OPT, "--pipeline", "--linalg-specialize-generic-ops")),
    Run(
        "llvm24-specialize-ops3",
        (*IREE_OPT, "--pipeline", "--linalg-specialize-generic-ops", "--ops", "3"),
    ),
    Run(
        "llvm24-fuse-ops3", (*IREE_OPT, "--pipeline", "--linalg-fuse-elementwise-ops", "--ops", "3")
    ),
    Run("llvm24-fuse", (*IREE_OPT, "--pipeline", "--linalg-fuse-elementwise-ops")),
    Run("iree-default", IREE),
    Run("iree-default-ops3", (*IREE, "--ops", "3")),
    Run("iree-data-tiling", (*IREE, "--iree-flags", "--iree-opt-data-tiling")),
    Run("iree-ukernels", (*IREE, "--iree-flags", "--iree-llvmcpu-enable-ukernels=all")),
    Run(
        "iree-aggressive-fusion",
        (*IREE, "--iree-flags", "--iree-dispatch-creation-enable-aggressive-fusion"),
    ),
    Run(
        "iree-aggressive-fusion-ops3",
        (*IREE, "--ops", "3", "--iree-flags", "--iree-dispatch-creation-enable-aggressive-fusion"),
    ),
)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--only", nargs="*", default=None, help="campaign names to run")
    ap.add_argument("--budget", type=float, default=150.0, help="seconds per budgeted campaign")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=7)
    opts = ap.parse_args()
    os.makedirs(opts.out, exist_ok=True)
    rows = []
    for run in CAMPAIGNS:
        if opts.only is not None and run.name not in opts.only:
            continue
        budget = [] if "--cases" in run.args else ["--time-budget", str(opts.budget)]
        cmd = ["nice", "-n", "10", sys.executable, "-m", "linalg_odsgen", "fuzz", *run.args, *budget, "--seed", str(opts.seed), "--jobs", str(opts.jobs), "--minimize-budget", "20", "--format", "json", "--out", os.path.join(opts.out, run.name)]  # fmt: skip
        res = subprocess.run(cmd, capture_output=True, text=True)
        try:
            data = json.loads(res.stdout)
        except json.JSONDecodeError:
            print(f"{run.name}: failed\n{res.stderr[-2000:]}", file=sys.stderr)
            continue
        with open(os.path.join(opts.out, run.name + ".json"), "w") as fh:
            fh.write(res.stdout)
        kinds = ", ".join(f"{v} {k}" for k, v in sorted(data["kinds"].items()))
        row = f"| {run.name} | {data['cases']} | {data['seconds']:.0f} | {data['cases'] / max(data['seconds'], 1e-9):.1f} | {len(data['findings'])} | {kinds} |"  # fmt: skip
        print(row, flush=True)
        rows.append(row)
    print("| campaign | cases | s | cases/s | findings | outcomes |")
    print("|---|---|---|---|---|---|")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
