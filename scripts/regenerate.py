#!/usr/bin/env python3
"""Regenerate every checked-in generated file (what `linalg-ods-gen check` verifies).

    python scripts/regenerate.py [--root DIR]

What [tool.linalg-ods-gen] in pyproject.toml lists (the same as `linalg-ods-gen check --write`):
linalg_odsgen/opspecs/NAME.py (or NAME.tc) -> linalg_odsgen/opspecs/NAME.yaml -> linalg_odsgen/generated/NAME.py, written atomically;
on any error nothing is written and the diagnostics are printed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from linalg_odsgen.cli.common import write_output
from linalg_odsgen.diagnostics import DiagnosticError, format_diagnostics
from linalg_odsgen.project import find_repo_root, regenerate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=None, help="the repository checkout")
    args = parser.parse_args(argv)
    try:
        root = find_repo_root(
            args.root if args.root is not None else Path(__file__).resolve().parent.parent
        )
        files = regenerate(root)  # everything first: an error leaves every file untouched
        changed = 0
        for f in files:
            if f.current(root) != f.text:
                write_output(str(root / f.path), f.text)
                print(f"wrote {f.path}")
                changed += 1
    except DiagnosticError as err:
        print(format_diagnostics(err.diagnostics), file=sys.stderr)
        return 1
    print(f"{len(files)} generated files, {changed} rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main())
