#!/usr/bin/env python3
"""Time `linalg-ods-gen format` and `validate` on the upstream reference corpus.

The issue promises both commands finish "in well under a second" on the
59-op reference; this script measures that claim instead of a unit test
asserting it (timings depend on the machine). It prints, per command, the
best and median wall time of whole CLI processes (interpreter start-up and
imports included, as a user sees them), and the in-process split of the
work: imports, YAML load, model conversion + dump, validation.

Usage: `python scripts/bench_cli.py [--repeat N] [FILE]` (default FILE: the checked-in
core library, linalg_odsgen/opspecs/core_named_ops.yaml).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

# The checked-in core library: 90 ops in upstream's canonical layout.
DEFAULT_FILE = (
    Path(__file__).resolve().parents[1] / "linalg_odsgen" / "opspecs" / "core_named_ops.yaml"
)

# In-process phases, run in a fresh interpreter so imports are measured cold.
_PHASES = r"""
import sys, time
t0 = time.perf_counter()
from linalg_odsgen.yaml_io import dump_library, load_library
t1 = time.perf_counter()
source = open(sys.argv[1], "rb").read()
lib = load_library(source, sys.argv[1])
t2 = time.perf_counter()
text = dump_library(lib.ops)
t3 = time.perf_counter()
from linalg_odsgen.validation import validate_source
t4 = time.perf_counter()
validate_source(source, sys.argv[1])
t5 = time.perf_counter()
assert text.encode("utf-8") == source, "format is not byte-identical"
print(t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4)
"""
_PHASE_NAMES = ("import yaml_io", "load_library", "dump_library", "import validation", "validate")


def _wall(argv: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} exited {done.returncode}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, default=DEFAULT_FILE)
    parser.add_argument("--repeat", type=int, default=7, help="runs per measurement (default 7)")
    args = parser.parse_args()
    file = str(args.file)

    cli = [sys.executable, "-m", "linalg_odsgen"]
    print(f"{args.file.name}, {args.repeat} runs each (seconds)")
    print(f"{'command':<22}{'best':>8}{'median':>8}")
    for name, argv in (
        ("format", [*cli, "format", file]),
        ("format --check", [*cli, "format", "--check", file]),
        ("validate", [*cli, "validate", file]),
    ):
        times = [_wall(argv) for _ in range(args.repeat)]
        print(f"{name:<22}{min(times):>8.3f}{statistics.median(times):>8.3f}")

    runs = []
    for _ in range(args.repeat):
        out = subprocess.run(
            [sys.executable, "-c", _PHASES, file], capture_output=True, text=True, check=True
        )
        runs.append([float(x) for x in out.stdout.split()])
    print(f"\nin-process phases{'':<5}{'best':>8}{'median':>8}")
    for i, phase in enumerate(_PHASE_NAMES):
        column = [r[i] for r in runs]
        print(f"{phase:<22}{min(column):>8.3f}{statistics.median(column):>8.3f}")


if __name__ == "__main__":
    main()
