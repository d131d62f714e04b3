"""Access to README sections for the tests that run its examples."""

from __future__ import annotations

from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def readme_section(title_start: str) -> str:
    """The text of the `## ` section whose title starts with `title_start`."""
    for part in README.read_text(encoding="utf-8").split("\n## ")[1:]:
        if part.startswith(title_start):
            return part
    raise LookupError(f"README has no section starting with {title_start!r}")
