"""The code blocks of README.md and the docs site's pages, as the doc tests run them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from readme import REPO, doc_pages

# A fenced block, optionally right after an `<!-- file: NAME -->` comment.
_BLOCK = re.compile(r"(?:<!-- file: (?P<file>\S+) -->\n)?```(?P<lang>\w*)\n(?P<body>.*?)```", re.S)
# Install steps: the packaging tests run them (with a built wheel), not the doc tests.
INSTALL = "pip install"


@dataclass(frozen=True)
class Block:
    page: Path
    line: int  # of the opening fence
    lang: str
    body: str
    file: str | None  # written to the scratch directory under this name instead of run

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(REPO)}:{self.line}"


def blocks(page: Path) -> list[Block]:
    text = page.read_text(encoding="utf-8")
    out = []
    for m in _BLOCK.finditer(text):
        start = m.start("lang") - 3
        line = text[:start].count("\n") + 1
        out.append(Block(page, line, m.group("lang"), m.group("body"), m.group("file")))
    return out


def all_blocks() -> list[Block]:
    return [b for page in doc_pages() for b in blocks(page)]


def shell_commands(block: Block) -> list[tuple[int, str]]:
    """(line, command) of each logical line of an `sh` block, comments dropped."""
    out = []
    logical = ""
    for i, raw in enumerate(block.body.splitlines()):
        logical += raw[:-1] + " " if raw.endswith("\\") else raw
        if raw.endswith("\\"):
            continue
        command = re.split(r"\s{2,}#|\s#\s", logical)[0].strip()
        logical = ""
        if command:
            out.append((block.line + 1 + i, command))
    return out


def runnable(block: Block) -> bool:
    return block.file is None and block.lang in ("sh", "python")
