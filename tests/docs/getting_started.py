"""The Getting started page as the one shell script a reader pastes, block by block."""

from __future__ import annotations

import re

from readme import REPO

PAGE = REPO / "docs" / "getting-started.md"
# The one placeholder of the page: the URL the reader clones from. The test clones this
# checkout (its committed files) in its place.
CLONE_URL = "<your clone URL of this repository>"


def command_blocks() -> list[str]:
    """The page's `sh` blocks, in page order."""
    return re.findall(r"```sh\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def script(clone_from: str) -> str:
    """Every command block in order, as one bash script that stops at the first failure."""
    blocks = command_blocks()
    assert sum(CLONE_URL in b for b in blocks) == 1, "the clone step is stated once"
    body = "\n".join(blocks).replace(CLONE_URL, clone_from)
    return "set -euo pipefail\n" + body
