#!/usr/bin/env python3
"""Rewrite linalg_odsgen/safety/reserved/*.txt from the installed MLIR 22 tools.

Run after moving to another MLIR version: `python scripts/harvest_reserved_names.py`.
"""

from __future__ import annotations

from linalg_odsgen.safety.harvest import harvest, write

if __name__ == "__main__":
    lists = harvest()
    write(lists)
    for file, names in lists.items():
        print(f"{file}: {len(names)} names")
