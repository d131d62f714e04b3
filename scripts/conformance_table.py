#!/usr/bin/env python3
"""Print the MLIR 22 conformance table of the core op library (or of FILE.yaml).

The core table also has MLIR 22's `linalg.contract` and `linalg.elementwise` (a row per
kind), and the matmul family's rows cover its per-instance `indexing_maps`.

For each op: does our named form verify with mlir-opt-22, does our linalg.generic
equal MLIR's generalization of the named form (after --canonicalize --cse), and
do both forms, lowered by MLIR and JIT-run with mlir-runner-22, give the bits our
`loops` backend gives; and does mlir-opt-22 reprint our text byte for byte. Exit status 1 when any check fails or MLIR 22 is missing.

    python scripts/conformance_table.py [--lib FILE.yaml] [--no-exec] [-v] [OP ...]
"""

from __future__ import annotations

import argparse
import sys
import time


def _classes(lib: str | None, names: list[str]) -> list[type]:
    if lib is None:
        from linalg_odsgen.conformance.library import _name, core_classes

        # the core library, then MLIR 22's contract and elementwise (one row per kind)
        table = {_name(cls): cls for cls in core_classes()}
    else:
        from linalg_odsgen.runtime.opclass import op_classes
        from linalg_odsgen.sources import read_file

        table = dict(op_classes(read_file(lib, run_python=True)[0].ops))
    unknown = [n for n in names if n not in table]
    if unknown:
        sys.exit(f"unknown ops: {', '.join(unknown)}")
    return [table[n] for n in names] if names else list(table.values())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ops", nargs="*", metavar="OP", help="ops to check (default: all)")
    parser.add_argument("--lib", metavar="FILE.yaml", help="op library (default: core library)")
    parser.add_argument("--no-exec", action="store_true", help="skip differential execution")
    parser.add_argument(
        "--backend",
        default="loops",
        help="backend whose output bits are compared with MLIR 22's (default: loops)",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="print progress and details")
    args = parser.parse_args(argv)
    from linalg_odsgen.diagnostics import DiagnosticError
    from linalg_odsgen.runtime.backends import get_backend

    try:
        get_backend(args.backend)  # a bad name (or missing numba) before any MLIR work
    except DiagnosticError as exc:
        print(exc, file=sys.stderr)
        return 1

    from linalg_odsgen.conformance import library as conformance
    from linalg_odsgen.mlir.tools import have_runner, have_tool

    if not have_tool() or (not args.no_exec and not have_runner()):
        print(
            "MLIR 22 (mlir-opt-22, mlir-runner-22 and runner libraries) not found", file=sys.stderr
        )
        return 1
    start = time.monotonic()

    def progress(msg: str) -> None:
        if args.verbose:
            print(f"[{time.monotonic() - start:5.1f}s] {msg}", file=sys.stderr)

    reports = conformance.check_library(
        _classes(args.lib, args.ops),
        execute=not args.no_exec,
        progress=progress,
        backend=args.backend,
    )
    print(conformance.format_table(reports))
    failed = [r for r in reports if not r.ok]
    for r in failed:
        print(f"\n{r.name}:", file=sys.stderr)
        for f in r.failures[: None if args.verbose else 3]:
            print(f"  {f}", file=sys.stderr)
    total = sum(r.cases for r in reports)
    print(
        f"\n{len(reports) - len(failed)}/{len(reports)} ops conform "
        f"({total} instances, {time.monotonic() - start:.0f} s)"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
