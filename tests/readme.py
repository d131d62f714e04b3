"""Access to the documentation's sections for the tests that run its examples.

The documentation is README.md plus the pages of the docs site (docs/*.md); a section
is a README or page `## ` section, or a whole page by its `# ` title."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"


def doc_pages() -> list[Path]:
    """README.md, then the site's pages in name order."""
    return [README, *sorted((REPO / "docs").rglob("*.md"))]


def readme_section(title_start: str) -> str:
    """The text of the README section, docs page or page section whose title starts
    with `title_start`."""
    for page in doc_pages():
        text = page.read_text(encoding="utf-8")
        if text.startswith("# ") and text[2:].startswith(title_start):
            return text.split("\n", 1)[1]
        for part in text.split("\n## ")[1:]:
            if part.startswith(title_start):
                return part
    raise LookupError(f"the documentation has no section starting with {title_start!r}")
