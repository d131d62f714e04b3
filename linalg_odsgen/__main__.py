"""`python -m linalg_odsgen` runs the CLI."""

from __future__ import annotations

from linalg_odsgen.cli import main

if __name__ == "__main__":
    main()
